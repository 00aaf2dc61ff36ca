"""Rule sets carry their behaviour (issue 23): every rule set answers the hooks consistently, a
new edition defined here, in one class, changes how games are played without any other file
knowing it, and no module outside board/rules.py asks a rule set which edition it is."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from sorry_widget.board.game import Game, GameError
from sorry_widget.board.rules import RULE_SETS, Classic, Result, RuleError
from sorry_widget.board.track import COLOURS, HOME
from sorry_widget.simulation.experiments import simulate

PACKAGE = Path(__file__).parent.parent / "sorry_widget"


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_rule_set_answers_the_hooks_consistently(name):
    rules = RULE_SETS[name]
    described = rules.describe()
    assert set(described) == {"name", "title", "scoring", "teams", "hand_size"}
    assert described["name"] == name
    assert rules.deals_hands == (described["hand_size"] > 0)
    assert rules.keeps_score() == (described["scoring"] is not None)
    teams = rules.partnerships()
    assert described["teams"] == (None if teams is None else [list(t) for t in teams])
    for colour in COLOURS:
        if teams is None:
            assert rules.team_of(colour) == (colour,) and rules.partner(colour) is None
        else:
            partner = rules.partner(colour)
            assert set(rules.team_of(colour)) == {colour, partner}
            assert rules.team_of(partner) == rules.team_of(colour)
    # The fast loops draw one card per play and move a player's own pawns only.
    for engine in ("fast_loop", "batch"):
        assert rules.plays_fast(engine) == (teams is None and not rules.deals_hands)
    with pytest.raises(RuleError, match="'warp' is not a fast loop"):
        rules.plays_fast("warp")

    game = Game(4, rules=rules, seed=f"hooks-{name}")
    assert (game.leader_draws != []) == rules.leader_by_high_card
    assert all(len(hand) == described["hand_size"] for hand in game.hands.values())
    game.run()
    result = rules.result(game.position)
    assert result.winner == game.winner is not None
    assert result.scores == rules.scores(game.position)
    assert (result.scores is not None) == rules.keeps_score()
    assert (result.double_game is not None) == (name == "partnership-1934")
    assert rules.result(game.start) == Result(None, rules.scores(game.start))


def test_a_result_writes_what_its_rule_set_has():
    assert Result("red").to_dict() == {"winner": "red"}
    assert Result(("red", "yellow"), None, True).to_dict() == {
        "winner": ["red", "yellow"], "double_game": True}
    assert Result(None, {"red": 5}).to_dict() == {"winner": None, "scores": {"red": 5}}


@pytest.mark.parametrize("name", ["original-1934", "partnership-1934", "play-for-points-1992",
                                  "classic"])
def test_the_widget_shows_the_rule_sets_own_result_and_description(name):
    from sorry_widget.board.record import Record
    from sorry_widget.widget import SorryWidget

    rules = RULE_SETS[name]
    game = Game(4, rules=rules, seed=f"widget-{name}")
    game.run()
    w = SorryWidget(record=Record.from_game(game))
    result = rules.result(game.position)
    assert w.final == {"to_move": None, **result.to_dict()}
    assert ("scores" in w.final) == rules.keeps_score()
    assert ("double_game" in w.final) == (name == "partnership-1934")
    assert {k: w.rule_set[k] for k in rules.describe()} == rules.describe()
    assert {r["name"]: r["teams"] for r in w.rule_set["available"]} == {
        n: r.partnerships() is not None for n, r in RULE_SETS.items()}


# --- a seventh edition, in one class -------------------------------------------------------


@dataclass(frozen=True)
class HandsOfThree(Classic):
    """Classic rules played from hands of three cards."""

    name: ClassVar[str] = "hands-of-three"
    hand_size: ClassVar[int] = 3


@dataclass(frozen=True)
class TenPerPawn(Classic):
    """Classic rules scored 10 per pawn HOME, and the winner 7 more."""

    name: ClassVar[str] = "ten-per-pawn"
    scoring: ClassVar[str | None] = "ten-per-pawn"

    def scores_from(self, home, winner, pawns):
        return {c: 10 * n + (7 if c == winner else 0) for c, n in home.items()}


@dataclass(frozen=True)
class LastColourLeads(Classic):
    """Classic rules where the last colour in turn order leads."""

    name: ClassVar[str] = "last-leads"

    def choose_leader(self, colours, seed):
        return colours[-1], []


@dataclass(frozen=True)
class NoSecondDraw(Classic):
    """Classic rules where no card draws again, whatever the options say."""

    name: ClassVar[str] = "no-second-draw"

    def draws_again(self, card, discarded):
        return False


def test_a_new_edition_with_hands_of_three_deals_and_refills_three():
    rules = HandsOfThree()
    assert not rules.plays_fast("fast_loop") and not rules.plays_fast("batch")
    game = Game(2, rules=rules, seed="seventh")
    assert [len(h) for h in game.deal.values()] == [3, 3]
    with pytest.raises(GameError, match="plays from a hand of 3"):
        game.draw()
    while not game.finished:
        held = game.hand
        play = game.step()
        assert play.card in held and len(play.drawn) == 1
        assert all(len(hand) == 3 for hand in game.hands.values())
    assert game.cards_played > 20
    # A simulation plays it through the game, not a fast loop that knows no hands.
    results: list = []
    simulate(2, games=3, rules=rules, seed="seventh", engine="python", workers=1,
             results=results)
    replayed = Game(2, rules=rules, seed="seventh:0")
    replayed.run()
    assert (results[0].winner, results[0].cards) == (replayed.winner, replayed.cards_played)


def test_a_new_edition_with_its_own_scoring_scores_games_and_experiments():
    rules = TenPerPawn()
    game = Game(3, rules=rules, seed="seventh")
    game.run()
    result = rules.result(game.position)
    home = {c: sum(loc == HOME for loc in locs)
            for c, locs in zip(game.position.colour_names, game.position.pawns)}
    assert result.scores == {c: 10 * n + (7 if c == game.winner else 0) for c, n in home.items()}
    assert result.scores[game.winner] == 47
    # The fast loop plays it (scoring is one of the hooks it asks) and scores every game.
    assert rules.plays_fast("fast_loop")
    results: list = []
    summary = simulate(3, games=20, rules=rules, seed="seventh", engine="python", workers=1,
                       results=results)
    assert all(r.scores[r.winner] >= 47 for r in results)
    assert summary.points_per_seat_mean is not None
    assert sum(summary.points_per_seat_mean) == pytest.approx(
        sum(sum(r.scores.values()) for r in results) / 20)


def test_a_new_edition_with_its_own_leader_leads_games_and_experiments():
    rules = LastColourLeads()
    game = Game(["red", "blue", "yellow"], rules=rules, seed=4)
    assert game.colour_to_move == "yellow" and game.leader_draws == []
    results: list = []
    simulate(["red", "blue", "yellow"], games=5, rules=rules, seed=4, engine="python",
             workers=1, results=results)
    assert {r.first for r in results} == {"yellow"}


def test_a_new_edition_without_the_second_draw_passes_the_turn_after_a_2():
    # The fast loops have the 2's second draw built in: they do not play this edition.
    assert not NoSecondDraw().plays_fast("fast_loop") and not NoSecondDraw().plays_fast("batch")
    assert not LastColourLeads().plays_fast("batch")
    for rules, again in ((NoSecondDraw(), False), (Classic(), True)):
        game = Game(2, rules=rules, seed="twos")
        twos = 0
        while not game.finished and twos < 5:
            mover = game.colour_to_move
            play = game.step()
            if play.card == 2 and not game.finished:
                twos += 1
                assert (game.colour_to_move == mover) == again
                # The explanation says what the game does.
                assert ("draws again (C7)" in play.move.explanation) == again
        assert twos == 5


# --- nobody else asks which edition it is ----------------------------------------------------

#: What a rule set is, which only board/rules.py reads: its scoring's name, its teams, and
#: whether it has a double game.
_EDITION_FLAGS = {"scoring", "teams"}
_CONDITION_NODES = (ast.If, ast.IfExp, ast.While, ast.Assert)


def _flag_reads(tree: ast.AST) -> list[str]:
    found = []
    conditions = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in _EDITION_FLAGS:
            found.append(f"line {node.lineno}: .{node.attr}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ("getattr", "hasattr") and len(node.args) >= 2 and \
                isinstance(node.args[1], ast.Constant) and \
                node.args[1].value in _EDITION_FLAGS | {"double_game", "hand_size"}:
            found.append(f"line {node.lineno}: {node.func.id}(…, {node.args[1].value!r})")
        if isinstance(node, _CONDITION_NODES):
            conditions.append(node.test)
        elif isinstance(node, ast.BoolOp):
            conditions.extend(node.values)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            conditions.append(node.operand)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "bool" and node.args:
            conditions.append(node.args[0])
        elif isinstance(node, ast.comprehension):
            conditions.extend(node.ifs)
    # The hand size is a number a file's hands are checked against; asked as a condition it
    # is the question deals_hands answers.
    for test in conditions:
        if isinstance(test, ast.Attribute) and test.attr == "hand_size":
            found.append(f"line {test.lineno}: .hand_size as a condition")
    return found


def test_no_module_but_the_rule_sets_asks_which_edition_it_is():
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == PACKAGE / "board" / "rules.py":
            continue
        found = _flag_reads(ast.parse(path.read_text(), filename=str(path)))
        if found:
            offenders[str(path.relative_to(PACKAGE))] = found
    assert offenders == {}


def test_the_check_finds_what_it_forbids():
    source = ("if rules.hand_size:\n    pass\n"
              "x = rules.teams\n"
              "y = getattr(rules, 'double_game', None)\n"
              "z = rules.scoring and 1\n"
              "n = rules.hand_size\n")
    assert _flag_reads(ast.parse(source)) == [
        "line 3: .teams", "line 4: getattr(…, 'double_game')", "line 5: .scoring",
        "line 1: .hand_size as a condition"]
