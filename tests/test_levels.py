"""The computer players a new game offers (issue 33, point 4): weakest to strongest as the
ladder measured them, each described in English and French, and only those from the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import pos
from sorry_widget import Position, SorryWidget
from sorry_widget.board.strategies import STRATEGIES, GreedyStrategy
from sorry_widget.core.numbers import format_number
from sorry_widget.board.rules import RULE_SETS
from sorry_widget.simulation import experiments, levels, twopawn
from sorry_widget.simulation.coach import CoachStrategy
from sorry_widget.simulation.ladder import COACH_PLAYERS, COACH_ROLLOUTS
from sorry_widget.simulation.learned import LearnedStrategy
from sorry_widget.widget.widget import computer_choices
from support.widget_cases import errors, listen, make, snapshot

LADDER_PAGE = Path(__file__).resolve().parent.parent / "docs" / "ladder.md"
#: A two-pawn endgame: both players with two pawns HOME (the solved game's family).
TWO_PAWN = pos(red=["start", "start", "home", "home"], yellow=["start", "start", "home", "home"])


def ladder_ratings(text: str) -> list[dict[str, float]]:
    """The 2-player tables of docs/ladder.md (before its four-player section): each player's
    rating, per table whose header names a player and a rating."""
    found = []
    two_players = text.split("### Four players")[0]
    tables = re.findall(r"((?:^\|.*\|\n)+)", two_players, flags=re.M)
    for table in tables:
        lines = table.strip().splitlines()
        header = [c.strip().lower() for c in lines[0].strip("|").split("|")]
        name_col = next((i for i, c in enumerate(header) if "player" in c), None)
        rating_col = next((i for i, c in enumerate(header) if "rating" in c), None)
        if name_col is None or rating_col is None:
            continue
        out = {}
        for line in lines[2:]:
            cells = [c.strip().strip("`*") for c in line.strip("|").split("|")]
            number = re.search(r"[−-]?\d[\d,]*(?:\.\d+)?", cells[rating_col])
            if number:  # (the ladder names its coach by its budget: "coach(1000, greedy)")
                name = cells[name_col].split("(")[0].strip()
                out[name] = float(number.group().replace("−", "-").replace(",", ""))
        if out:
            found.append(out)
    return found


def test_the_levels_go_weakest_to_strongest_as_the_ladder_rated_them():
    if not LADDER_PAGE.exists():
        pytest.skip("docs/ladder.md (the ladder's table) is not in this tree yet")
    tables = ladder_ratings(LADDER_PAGE.read_text(encoding="utf-8"))
    assert tables
    for ratings in tables:  # each table on its own (each has random at 0)
        rated = [name for name in levels.LEVELS if name in ratings]
        assert len(rated) >= 4, (rated, ratings)
        values = [ratings[name] for name in rated]
        assert values == sorted(values), dict(zip(rated, values))


def test_the_form_offers_every_level_but_perfect_for_a_whole_game():
    w = SorryWidget(animate=False)
    names = [c["name"] for c in w.rule_set["computers"]]
    assert names == ["random", "apologies-reward", "greedy", "coach", "learned"]
    for players in (2, 3, 4):
        assert "perfect" not in levels.computer_players(Position.initial(players))


def test_perfect_is_offered_last_only_where_its_table_covers_the_game(monkeypatch):
    class Covering:  # the cached table's answer to covers(), without solving the game
        def covers(self, position):
            return twopawn.family_problem(position) is None

    monkeypatch.setattr(twopawn, "cached_table", lambda: None)
    assert "perfect" not in levels.computer_players(TWO_PAWN)
    monkeypatch.setattr(twopawn, "cached_table", Covering)
    assert levels.computer_players(TWO_PAWN)[-1] == "perfect"
    assert "perfect" not in levels.computer_players(Position.initial(2))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_computer_player_has_a_title_and_a_sentence_in_the_widgets_language(language):
    english = {c["name"]: c for c in computer_choices(Position.initial(), "en")}
    shown = computer_choices(Position.initial(), language)
    for choice in shown:
        assert choice["title"] and len(choice["about"]) > 30
        if language == "fr":  # translated, not the English fallen back to
            assert choice["title"] != english[choice["name"]]["title"] or choice["name"] == "coach"
            assert choice["about"] != english[choice["name"]]["about"]
    coach = next(c for c in shown if c["name"] == "coach")
    assert format_number(COACH_ROLLOUTS, language) in coach["about"]


def test_the_descriptions_follow_the_widgets_language():
    w = SorryWidget(animate=False)
    w.language = "fr"
    assert w.rule_set["computers"] == computer_choices(Position.initial(), "fr")


@pytest.mark.parametrize("name, strategy", [("learned", LearnedStrategy),
                                            ("greedy", GreedyStrategy),
                                            ("coach", CoachStrategy)])
def test_the_page_starts_a_game_against_the_computer_player_chosen(name, strategy):
    w = make("game")
    w._handle_custom_msg({"type": "new_game", "players": 2, "people": ["red"],
                          "computer": name}, [])
    assert errors(w) == []
    assert w.game.strategies["red"] is None and w.humans == ["red"]
    assert isinstance(w.game.strategies["yellow"], strategy)
    if name == "coach":  # the coach the ladder rated
        coach = w.game.strategies["yellow"]
        assert (coach.rollouts, coach.players) == (COACH_ROLLOUTS, COACH_PLAYERS)


def test_a_new_game_from_the_page_without_a_computer_is_against_random_players():
    w = make("game")
    w._handle_custom_msg({"type": "new_game", "players": 3}, [])
    assert [s.name for s in w.game.strategies.values() if s is not None] == ["random"] * 2


@pytest.mark.parametrize("computer", ["perfect", "coach(5, random)", "mine", "nobody", "",
                                      "Learned"])
def test_a_computer_player_the_form_does_not_offer_is_refused_and_changes_nothing(
        computer, monkeypatch):
    # A student's own strategy, registered by name, is still not the page's to choose.
    monkeypatch.setitem(STRATEGIES, "mine", GreedyStrategy)
    w = make("game")
    before = snapshot(w)
    w._handle_custom_msg({"type": "new_game", "players": 2, "computer": computer}, [])
    assert snapshot(w) == before
    (text,) = errors(w)
    assert f"computer: {computer!r} is not a computer player" in text
    assert "learned" in text and "internal error" not in text


def test_a_computer_name_longer_than_the_page_may_send_is_refused():
    w = make("game")
    listen(w)
    w._handle_custom_msg({"type": "new_game", "computer": "x" * 41}, [])
    (text,) = errors(w)
    assert "computer" in text and "longer than 40" in text


# --- issue 39, point 3: only the players that can play a rule set are offered for it --------

@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_the_coach_is_offered_only_where_its_games_run_in_the_batch_engine(rules):
    rule_set = RULE_SETS[rules]
    offered = levels.computer_players(Position.initial(4, rules))
    fast = rule_set.plays_fast("batch") and not rule_set.deals_hands
    assert ("coach" in offered) == fast
    assert [n for n in offered if n != "coach"] == ["random", "apologies-reward", "greedy",
                                                    "learned"]
    assert levels.why_not("coach", rule_set) == (
        None if fast else "hands" if rule_set.deals_hands else "no-batch-engine")


def test_without_numba_the_coach_is_offered_for_no_rule_set(monkeypatch):
    monkeypatch.setattr(experiments, "fast_engine_available", lambda: False)
    for rules in RULE_SETS:
        assert "coach" not in levels.computer_players(Position.initial(4, rules))
    assert levels.why_not("coach", RULE_SETS["classic"]) == "no-numba"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_form_is_offered_each_rule_sets_own_players_and_counts(language):
    w = SorryWidget(animate=False, language=language)
    for offer in w.rule_set["available"]:
        rules = RULE_SETS[offer["name"]]
        assert offer["computers"] == computer_choices(Position.initial(4, rules), language)
        assert offer["players"] == ([4] if rules.partnerships() else [2, 3, 4])
    current = next(o for o in w.rule_set["available"] if o["name"] == w.rule_set["name"])
    assert w.rule_set["computers"] == current["computers"]


@pytest.mark.parametrize("rules, why", [("play-for-points-1992", "one drawn card"),
                                        ("teams-1992", "tens of seconds"),
                                        ("partnership-1934", "tens of seconds")])
def test_a_page_asking_for_the_coach_where_it_is_not_offered_is_told_why(rules, why):
    w = make("game")
    before = snapshot(w)
    w._handle_custom_msg({"type": "new_game", "rules": rules, "players": 4, "people": ["red"],
                          "computer": "coach"}, [])
    assert snapshot(w) == before
    (text,) = errors(w)
    assert text.startswith("computer: 'coach' does not play") and why in text, text
    assert "learned" in text and "internal error" not in text
    w.language = "fr"
    w.sent.clear()
    w._handle_custom_msg({"type": "new_game", "rules": rules, "computer": "coach"}, [])
    (text,) = errors(w)
    assert text.startswith("computer : 'coach' ne joue pas"), text


@pytest.mark.parametrize("people", [[], None])
def test_a_new_game_from_the_page_with_no_person_is_refused(people):
    """The page moves a game only by a person's moves: a game of computers alone would stay
    at its start there."""
    w = make("game")
    before = snapshot(w)
    w._handle_custom_msg({"type": "new_game", "players": 2, "people": people}, [])
    assert snapshot(w) == before
    (text,) = errors(w)
    assert text.startswith("people: tick at least one colour"), text
