"""Team play, T1–T8 (docs/rules.md, *Team play*), each rule tested from its text, for both team
rule sets (teams-1992 and partnership-1934), plus the partnership's double game."""

from __future__ import annotations

import pytest

from sorry_widget.cli.board import score_answer
from sorry_widget.board import Position, PositionError
from sorry_widget.board.game import Game, next_seat
from sorry_widget.board.record import Record

TEAM_RULES = ["teams-1992", "partnership-1934"]


def team(rules="teams-1992", to_move="red", **pawns):
    full = {c: list(pawns.get(c, [])) + ["start"] * (4 - len(pawns.get(c, [])))
            for c in ("red", "blue", "yellow", "green")}
    return Position(full, to_move=to_move, rules=rules)


def notations(position, card):
    return {m.notation for m in position.legal_moves(card)}


@pytest.mark.parametrize("rules", TEAM_RULES)
def test_t1_the_card_may_move_the_partners_pawn(rules):
    p = team(rules, yellow=[40])
    assert notations(p, "5") == {"Y40-45"}
    [move] = p.legal_moves("5")
    assert "Yellow's pawn on 40" in move.explanation and "T1" in move.rule_ids
    # only when no pawn of the team can move is the turn lost
    stuck = team(rules, red=["home"] * 4, yellow=["safety-5", "home", "home", "home"])
    [forfeit] = stuck.legal_moves("5")
    assert forfeit.kind == "forfeit" and "T1" in forfeit.explanation


def test_t2_a_one_or_two_starts_a_partners_pawn_onto_its_own_start_exit():
    p = team(red=[4, "home", "home", "home"])  # red's own exit is blocked (C2)
    assert "YS-34" in notations(p, "1")
    [start] = [m for m in p.legal_moves("1") if m.notation == "YS-34"]
    assert "starts Yellow's pawn" in start.explanation and "T2" in start.rule_ids


def test_t3_partner_and_own_pawns_of_another_colour_are_bumped_but_not_the_same_colour():
    p = team(red=[15], yellow=[10])
    [bump] = [m for m in p.legal_moves("5") if m.notation == "Y10x15"]
    assert bump.result.pawns_of("red").count("start") == 4
    assert "T3" in bump.rule_ids
    same = team(yellow=[10, 15])
    assert "Y10-15" not in notations(same, "5") and "Y10x15" not in notations(same, "5")


def test_t4_the_seven_splits_between_the_partners():
    p = team(red=[10], yellow=[40])
    assert "R10-13 Y40-44" in notations(p, "7")
    [split] = [m for m in p.legal_moves("7") if m.notation == "R10-13 Y40-44"]
    assert "T4" in split.rule_ids


def test_t5_the_eleven_switches_with_opponents_never_between_partners():
    p = team(red=[10], yellow=[40], blue=[20])
    switches = {n for n in notations(p, "11") if "<>" in n}
    assert switches == {"R10<>B20", "Y40<>B20"}


def test_t6_sorry_takes_an_opponent_or_else_a_team_pawn_of_the_other_colour():
    p = team(yellow=[30], blue=[20])
    assert notations(p, "sorry") == {"R!B20", "Y!B20"}
    alone = team(red=[10], yellow=[30])  # no opponent pawn on the track
    assert notations(alone, "sorry") == {"R!Y30", "Y!R10"}
    [move] = [m for m in alone.legal_moves("sorry") if m.notation == "R!Y30"]
    assert "T6" in move.rule_ids


def test_t7_after_a_two_the_same_player_draws_again():
    p = team(yellow=[40])
    [two] = [m for m in p.legal_moves("2") if m.notation == "Y40-42"]
    assert next_seat(two) == p.to_move and "Red draws again (C7)" in two.explanation


@pytest.mark.parametrize("rules", TEAM_RULES)
def test_t8_a_player_home_plays_on_and_the_team_wins_together(rules):
    p = team(rules, red=["home"] * 4, yellow=["safety-4", "home", "home", "home"])
    assert p.winner() is None  # red alone HOME is no win
    [move] = p.legal_moves("1")
    assert move.notation == "Ys4-s5" and not move.wins
    [win] = team(rules, red=["home"] * 4, yellow=["safety-4", "home", "home", "home"]) \
        .legal_moves("2")
    assert win.wins and win.result.winner() == ("red", "yellow")
    assert "win as a team (T8)" in win.explanation


def test_the_double_game_of_the_partnership():
    won = team("partnership-1934", red=["home"] * 4, yellow=["home"] * 4)
    assert score_answer(won.to_dict()) == {"rules": "partnership-1934",
                                           "winner": ["red", "yellow"], "double_game": True}
    single = team("partnership-1934", red=["home"] * 4, yellow=["home"] * 4,
                  blue=["home"] * 4)
    assert score_answer(single.to_dict())["double_game"] is False
    assert score_answer(team("partnership-1934").to_dict()) == {
        "rules": "partnership-1934", "winner": None}
    assert score_answer(team("teams-1992", red=["home"] * 4, yellow=["home"] * 4).to_dict()) \
        == {"rules": "teams-1992", "winner": ["red", "yellow"]}


@pytest.mark.parametrize("rules", TEAM_RULES)
def test_a_team_game_needs_all_four_colours(rules):
    with pytest.raises(PositionError, match="needs all four colours"):
        Position({"red": ["start"] * 4, "yellow": ["start"] * 4}, rules=rules)
    with pytest.raises(PositionError, match="needs all four colours"):
        Game(2, rules=rules)


@pytest.mark.parametrize("rules", TEAM_RULES)
def test_team_games_end_with_a_team_and_replay_from_their_records(rules):
    for seed in range(4):
        game = Game(4, rules=rules, seed=seed)
        game.run()
        assert isinstance(game.winner, tuple) and game.winner in (("red", "yellow"),
                                                                  ("yellow", "red"),
                                                                  ("blue", "green"),
                                                                  ("green", "blue"))
        assert set(game.winner) == set(game.position.winner())
        record = Record.from_game(game)
        assert sorted(record.to_dict()["result"]["winner"]) == sorted(game.winner)
        again = Record.from_json(record.to_json())
        assert again.replay() == game.positions() and again.to_json() == record.to_json()
