"""Rule sets beyond classic (docs/rules.md, *Rule options* and *Editions*): found by name and
alias, their options part of a position's identity and JSON, the 1934 rules (44 cards, leader by
high card, Point Sorry) and the 2013 edition (Sorry! 4 forward, no second draw after a 2)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import pos
from sorry_widget.board import Position, PositionError
from sorry_widget.board.cards import DECKS, SORRY
from sorry_widget.board.game import Game, next_seat
from sorry_widget.board.record import Record, RecordError
from sorry_widget.board.rules import RULE_SETS, RuleError, get_rules
from sorry_widget.simulation.experiments import simulate


def test_rule_sets_are_found_by_name_and_alias_and_unknown_ones_refused():
    assert get_rules("1934") is get_rules("original-1934") is RULE_SETS["original-1934"]
    assert get_rules("2013").name == "edition-2013"
    assert get_rules("teams") is RULE_SETS["teams-1992"]
    with pytest.raises(RuleError, match="unknown rule set 'doubles'; known rule sets are classic"):
        get_rules("doubles")
    with pytest.raises(RuleError, match="colour: not a rule option"):
        get_rules("classic").with_options(colour="red")
    with pytest.raises(RuleError, match="two_draws_again: expected bool, not 'no'"):
        get_rules("classic").with_options(two_draws_again="no")


# --- options in a position --------------------------------------------------------------------

def test_options_are_part_of_a_positions_json_and_identity():
    plain = pos(red=[10])
    forward = Position(plain.to_dict()["pawns"], rules="classic",
                       options={"sorry_forward_4": True})
    assert forward != plain and hash(forward) != hash(plain)
    data = forward.to_dict()
    assert data["options"] == {"sorry_forward_4": True}
    assert Position.from_dict(data) == forward
    assert "options" not in plain.to_dict()  # defaults are omitted
    # a rule set's own defaults are not written either
    edition = Position(plain.to_dict()["pawns"], rules="edition-2013")
    assert "options" not in edition.to_dict()
    assert Position.from_dict({**data, "options": {"sorry_forward_4": False}}) == plain


@pytest.mark.parametrize("options, message", [
    ({"jump": True}, "options.jump: not a rule option"),
    ({"sorry_forward_4": 1}, "options.sorry_forward_4: must be true or false, not 1"),
    ({"deck": "tarot"}, "options.deck: 'tarot' is not a deck"),
    ({"pawns_per_player": 3}, "options.pawns_per_player: 3, but the pawn lists have 4"),
    ([], "options: expected an object"),
])
def test_bad_options_are_refused_naming_the_field(options, message):
    data = {**pos(red=[10]).to_dict(), "options": options}
    with pytest.raises(PositionError, match=message):
        Position.from_dict(data)


def test_a_position_names_its_rule_set_not_an_alias():
    with pytest.raises(PositionError, match="not the alias '1934'"):
        Position.from_dict({**pos(red=[10]).to_dict(), "rules": "1934"})


# --- the 2013 edition -------------------------------------------------------------------------

def test_2013_a_sorry_may_move_a_pawn_four_forward_and_a_two_does_not_draw_again():
    position = Position({"red": [10, "start", "start", "start"], "blue": [30] + ["start"] * 3},
                        rules="edition-2013")
    notations = {m.notation for m in position.legal_moves("sorry")}
    assert {"R!B30", "R10-14"} <= notations
    [two] = [m for m in position.legal_moves("2") if m.notation == "R10-12"]
    assert next_seat(two) != position.to_move
    assert "draws again" not in two.explanation


# --- the 1934 rules ---------------------------------------------------------------------------

def test_1934_uses_the_44_card_pack():
    rules = get_rules("original-1934")
    assert rules.deck == "original44" and sum(DECKS["original44"].values()) == 44
    assert DECKS["original44"][1] == 4
    game = Game(2, rules=rules, seed=3)
    assert len(game.pile.cards) == 44


def test_1934_the_highest_card_leads_sorry_highest_and_ties_draw_again():
    seen_tie = False
    for seed in range(60):
        game = Game(4, rules="original-1934", seed=seed)
        last = game.leader_draws[-1]
        top = max(card for _, card in last)
        assert [c for c, card in last if card == top] == [game.start.colour_to_move]
        for earlier in game.leader_draws[:-1]:
            best = max(card for _, card in earlier)
            assert sum(1 for _, card in earlier if card == best) > 1  # a tie drew again
            seen_tie = True
        assert game.position.colour_to_move == game.start.colour_to_move
    assert seen_tie
    assert SORRY > 12  # Sorry! ranks above every number
    assert Game(4, seed=1).leader_draws == []  # classic: red starts
    assert Game(4, rules="original-1934", seed=1, first="green").leader_draws == []


@pytest.mark.parametrize("pawns, winner, scores", [
    # nobody has won: 1 point per man HOME only
    ({"red": ["home", "home", 10, "start"], "blue": ["home", "start", "start", "start"]},
     None, {"red": 2, "blue": 1}),
    # red wins, blue has no man HOME: 4 + 4 not home + 24
    ({"red": ["home"] * 4, "blue": ["start"] * 4}, "red", {"red": 32, "blue": 0}),
    # the largest bonus only: no opponent has more than one HOME -> 16
    ({"red": ["home"] * 4, "blue": ["home", 3, "start", "start"],
      "yellow": ["start"] * 4}, "red", {"red": 4 + 7 + 16, "blue": 1, "yellow": 0}),
    # none has more than two -> 8
    ({"red": ["home"] * 4, "blue": ["home", "home", 3, "start"]}, "red",
     {"red": 4 + 2 + 8, "blue": 2}),
    # an opponent with three HOME: no bonus
    ({"red": ["home"] * 4, "blue": ["home", "home", "home", "start"]}, "red",
     {"red": 4 + 1, "blue": 3}),
])
def test_point_sorry_scoring(pawns, winner, scores):
    position = Position(pawns, rules="original-1934")
    assert position.rules.winner(position) == winner
    assert position.rules.scores(position) == scores


def test_the_score_command_prints_winner_and_scores(tmp_path):
    def score(data):
        path = tmp_path / "p.json"
        path.write_text(json.dumps(data))
        done = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "score", str(path)],
                              capture_output=True, text=True)
        return done.returncode, json.loads(done.stdout)

    won = Position({"red": ["home"] * 4, "blue": ["start"] * 4}, rules="original-1934")
    assert score(won.to_dict()) == (0, {"rules": "original-1934", "winner": "red",
                                        "scores": {"red": 32, "blue": 0}})
    assert score(pos(red=[10]).to_dict()) == (0, {"rules": "classic", "winner": None})
    code, answer = score({**pos(red=[10]).to_dict(), "pawns": {"red": [99]}})
    assert code == 1 and "error" in answer


def test_games_of_every_rule_set_replay_from_their_records():
    for name in RULE_SETS:
        for seed in range(3):
            game = Game(4, rules=name, seed=seed)
            game.run()
            record = Record.from_game(game)
            again = Record.from_json(record.to_json())
            assert again.replay() == game.positions()
            assert again.to_json() == record.to_json()
            assert again.rule_set.identity == game.rules.identity


def test_simulating_1934_draws_the_leader_for_each_game_as_a_game_would():
    results = []
    simulate(4, games=12, rules="original-1934", seed="s", results=results, engine="python")
    leaders = set()
    for i, result in enumerate(results):
        game = Game(4, rules="original-1934", seed=f"s:{i}", keep_history=False)
        leaders.add(game.start.colour_to_move)
        assert game.run() == result.winner and game.cards_played == result.cards
    assert len(leaders) > 1


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_random_games_of_every_rule_set_keep_their_invariants_and_end(name):
    from sorry_widget.board.track import HOME, START, is_safety, is_track

    for seed in range(3):
        game = Game(4, rules=name, seed=f"inv-{seed}")
        game.run(max_cards=5000)
        assert game.finished, f"{name} seed {seed} did not end"
        for position in game.positions():
            track = [loc for locs in position.pawns for loc in locs if is_track(loc)]
            assert len(track) == len(set(track))  # never two pawns on one square
            assert all(len(locs) == 4 for locs in position.pawns)
            for locs in position.pawns:
                safety = [loc for loc in locs if is_safety(loc)]
                assert len(safety) == len(set(safety))
                assert all(loc == HOME or loc == START or is_track(loc) or is_safety(loc)
                           for loc in locs)
        if game.rules.hand_size:  # no card created or lost: hands + pile + discards = deck
            held = sum(len(h) for h in game.hands.values())
            assert held + len(game.pile.cards) + len(game.pile.discards) == \
                sum(DECKS[game.rules.deck].values())


def test_a_1934_record_keeps_the_high_card_draw_and_checks_it():
    import json as _json

    game = Game(4, rules="original-1934", seed=11)
    game.run()
    text = Record.from_game(game).to_json()
    data = _json.loads(text)
    assert data["format"] == "sorry-record/2" and data["deal"] is None
    assert data["leader_draws"][-1] and Record.from_json(text).to_json() == text
    leader = game.start.colour_to_move
    lie = _json.loads(text)
    lie["leader_draws"] = [[[c, "sorry" if c != leader else "1"]
                            for c, _ in lie["leader_draws"][0]]]
    with pytest.raises(RecordError, match="the start position has"):
        Record.from_dict(lie)
    classic = Record.from_game(Game(2, seed=1))
    assert classic.to_dict()["format"] == "sorry-record/1"  # nothing drawn: version 1
