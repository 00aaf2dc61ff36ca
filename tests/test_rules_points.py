"""Play for points, P1–P5 (docs/rules.md, *Play for points*): the set-up, hands of five, the
discard when no card can move, the 2 from the hand, the adults' scoring; records of such games
(sorry-record/2) replay from the record alone; the moves command answers for a hand."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sorry_widget.cli.board import score_answer
from sorry_widget.board import Position
from sorry_widget.board.cards import CARDS_BY_NAME
from sorry_widget.board.game import Game, GameError, next_seat
from sorry_widget.board.moves import hand_moves
from sorry_widget.board.record import Record, RecordError

RULES = "play-for-points-1992"


def points(to_move="red", **pawns):
    """A play-for-points position from the pawns that matter; the rest wait in START."""
    full = {c: list(v) + ["start"] * (4 - len(v)) for c, v in pawns.items()}
    return Position(full, to_move=to_move, rules=RULES)


def test_p1_one_pawn_starts_on_its_start_exit():
    start = Position.initial(4, RULES)
    assert [start.pawns_of(c) for c in ("red", "blue")] == [
        (4, "start", "start", "start"), (19, "start", "start", "start")]


def test_p2_the_player_chooses_a_card_of_five_and_must_play_one_that_moves():
    game = Game(4, rules=RULES, seed=3)
    assert all(len(hand) == 5 for hand in game.hands.values())
    hand = game.hand
    moves = game.legal_moves()
    assert {m.card for m in moves} <= set(hand) and all(m.kind != "discard" for m in moves)
    play = game.play(moves[-1])
    assert len(game.hands[play.colour]) == 5 and len(play.drawn) == 1
    with pytest.raises(GameError, match="plays from a hand"):
        game.draw()


def test_p3_no_card_can_move_so_one_is_discarded_and_the_turn_ends():
    p = points(red=[], blue=[])
    moves = hand_moves(p, ["7", "3", "3", "11"])
    assert [m.notation for m in moves] == ["R discard 7", "R discard 3", "R discard 11"]
    assert all(m.result == p and m.rule_ids == ("P3",) for m in moves)
    assert "discards the 7, draws a card, and the turn ends" in moves[0].explanation


def test_p3_only_eleven_switches_may_be_declined_with_a_discard():
    p = points(red=[59], blue=[30])  # red's 11 cannot move forward from 59 (entry at 2)
    moves = hand_moves(p, ["11", "4"])
    kinds = [(m.card, m.kind) for m in moves]
    assert (11, "switch") in kinds and (4, "backward") in kinds  # a 4 can move: no discard
    only = hand_moves(points(red=[59, "safety-5"], blue=[30]), ["11", "11"])
    assert [m.kind for m in only] == ["switch", "discard"]


def test_p4_a_two_from_the_hand_plays_again_a_discarded_two_does_not():
    p = points(red=[10], blue=[])
    [two] = [m for m in hand_moves(p, ["2"]) if m.notation == "R10-12"]
    assert next_seat(two) == p.to_move
    stuck = points(red=["safety-5", "home", "home", "home"], blue=[])
    [discard] = hand_moves(stuck, ["2"])
    assert discard.kind == "discard" and next_seat(discard) != stuck.to_move


@pytest.mark.parametrize("pawns, winner, scores", [
    ({"red": ["home", "home", 10, "start"], "blue": ["home", "start", "start", "start"]},
     None, {"red": 10, "blue": 5}),
    ({"red": ["home"] * 4, "blue": ["start"] * 4}, "red", {"red": 20 + 20 + 100, "blue": 0}),
    ({"red": ["home"] * 4, "blue": ["home", 3, "start", "start"]}, "red",
     {"red": 20 + 15 + 50, "blue": 5}),
    ({"red": ["home"] * 4, "blue": ["home", "home", 3, "start"]}, "red",
     {"red": 20 + 10 + 25, "blue": 10}),
    ({"red": ["home"] * 4, "blue": ["home", "home", "home", "start"]}, "red",
     {"red": 20 + 5, "blue": 15}),
])
def test_p5_the_adults_scoring(pawns, winner, scores):
    p = Position(pawns, rules=RULES)
    assert score_answer(p.to_dict()) == {"rules": RULES, "winner": winner, "scores": scores}


def test_games_from_hands_replay_from_their_records_and_bad_ones_are_refused():
    game = Game(4, rules=RULES, seed=2)
    game.run()
    record = Record.from_game(game)
    text = record.to_json()
    data = json.loads(text)
    assert data["format"] == "sorry-record/2" and set(data["deal"]) == set(game.colours)
    again = Record.from_json(text)
    assert again.replay() == game.positions() and again.to_json() == text
    # a card the player does not hold, drawn cards that do not refill the hand, a v1 label
    wrong = json.loads(text)
    play = wrong["plays"][0]
    held = data["deal"][play["colour"]]
    play["card"] = next(n for n in CARDS_BY_NAME if n not in held)
    with pytest.raises(RecordError, match="play 1 .*holds no"):
        Record.from_dict(wrong)
    wrong = json.loads(text)
    wrong["plays"][0]["drawn"] = []
    with pytest.raises(RecordError, match="back to 5 cards"):
        Record.from_dict(wrong)
    wrong = json.loads(text)
    wrong["format"] = "sorry-record/1"
    with pytest.raises(RecordError):
        Record.from_dict(wrong)


def test_the_moves_command_answers_for_a_hand(tmp_path):
    position = Position.initial(2, RULES).to_dict()
    lines = [{"position": position, "hand": ["7", "7", "sorry"]},
             {"position": position, "hand": ["7"] * 6},
             {"position": position, "hand": ["7", "nine"]}]
    done = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "moves", "--jsonl"],
                          input="\n".join(json.dumps(x) for x in lines), capture_output=True,
                          text=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1
    assert answers[0]["hand"] == ["7", "7", "sorry"]
    assert {m["card"] for m in answers[0]["moves"]} == {"7", "sorry"}
    assert "1 to 5 card names" in answers[1]["error"]
    assert "hand[1]: 'nine' is not a card name" in answers[2]["error"]
