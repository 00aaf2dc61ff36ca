"""The board game's explanations are messages: an id with language-neutral parameters, put into
English by board/messages.py alone (issue 23, point 5)."""

from __future__ import annotations

import re

import pytest

from sorry_widget.board.game import Game, GameError
from sorry_widget.board.moves import (
    hand_moves,
    legal_moves,
    why_illegal_message,
    why_not_forfeit_message,
    why_pawn_cannot_move_message,
)
from sorry_widget.board.rules import get_rules
from sorry_widget.board.state import Position
from sorry_widget.board.track import location_name
from sorry_widget.core.messages import message_ids

PLACES = list(range(60)) + [f"safety-{i}" for i in range(1, 6)] + ["start", "home"]
CARDS = (1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13)
RULE_SETS = [("classic", {}), ("original-1934", {}), ("edition-2013", {}), ("teams-1992", {}),
             ("partnership-1934", {}), ("play-for-points-1992", {}),
             ("classic", {"pawns_per_player": 3})]
_RULE_ID = re.compile(r"\b[CTP]\d{1,2}\b")


def _moves_of_seeded_games(games: int = 2):
    for name, options in RULE_SETS:
        rules = get_rules(name).with_options(**options) if options else get_rules(name)
        for seed in range(games):
            players = 4 if rules.teams else 2 + seed % 3
            game = Game(players, rules=rules, seed=f"messages{seed}")
            game.run(3000)
            for position in game.positions()[::2]:
                for card in CARDS:
                    yield from legal_moves(position, card)
                if rules.hand_size:
                    yield from hand_moves(position, [2, 7, 11, 1, 8])
                    yield from hand_moves(position, [4, 4, 10, 12, 13])


def _position(rules: str, pawns: dict) -> Position:
    return Position.from_dict({"format": "sorry-position/1", "rules": rules, "to_move": "red",
                               "pawns": pawns})


def _refusals(games: int = 1):
    """Why each pawn of the mover (and some places holding none) cannot go to each place."""
    for name, _ in RULE_SETS:
        game = Game(4, rules=name, seed="refusals")
        game.run(3000)
        for position in game.positions()[::9]:
            seats = position.rules.mover_seats(position)
            origins = {location_name(x) for s in seats for x in position.pawns[s]}
            for card in CARDS:
                yield why_not_forfeit_message(position, card)
                for origin in sorted(origins | {7, 35, "safety-2"}, key=str):
                    yield why_pawn_cannot_move_message(position, card, origin)
                    for target in PLACES[::3] if origin in origins else PLACES[:1]:
                        yield why_illegal_message(position, card, origin, target)


@pytest.fixture(scope="module")
def refused():
    # Asking for the slide's end while an own pawn stands on its triangle: rare in play.
    on_triangle = _position("classic", {"red": [11, 16, "start", "start"],
                                        "blue": ["start"] * 4})
    return [m for m in _refusals() if m is not None] + [
        why_illegal_message(on_triangle, 5, 11, 19)]


@pytest.fixture(scope="module")
def walked():
    # Only 11 switches in a hand (may be declined, C10, P3) is too rare to meet in a few games.
    only_switches = _position("play-for-points-1992", {"red": [59, "start", "start", "start"],
                                                       "blue": [30, "start", "start", "start"]})
    return list(_moves_of_seeded_games()) + hand_moves(only_switches, [11, 11])


#: Reasons the forfeit code can give but no position reaches: a start exit holding an own pawn
#: when no pawn is on the board (the exit is on the board), and every move of a pawn landing on
#: an own pawn (the last pawn of such a chain can always move or overshoots).
UNREACHED = {"board.start_exit_blocked", "board.all_own"}


def _game_refusals() -> list[GameError]:
    """Each refusal of a Game, asked for what it cannot do."""
    refusals = []

    def refused(ask) -> None:
        with pytest.raises(GameError) as caught:
            ask()
        refusals.append(caught.value)

    game = Game(2, seed=3, strategies={"red": None, "yellow": "random"})
    game.draw("7")
    refused(lambda: game.draw("8"))
    refused(lambda: game.play("R1-2"))
    refused(game.rematch)
    points = Game(2, rules="play-for-points-1992", seed=3, strategies=None)
    refused(points.draw)
    refused(lambda: points.play("R99-98"))
    refused(points.step)
    over = Game(2, seed=4)
    over.run()
    refused(over.draw)
    return refusals


def test_a_game_refuses_with_a_message_whose_words_are_the_error(walked):
    refusals = _game_refusals()
    for error in refusals:
        assert str(error) == error.message_data.text()
    by_id = {e.message_data.id: str(e) for e in refusals}
    assert by_id["board.already_drawn"] == "red has already drawn a 7"
    illegal = [str(e) for e in refusals if e.message_data.id == "board.illegal_move"]
    assert illegal[0].startswith("'R1-2' is not a legal move for red with a 7; legal moves: ")
    assert illegal[1].startswith("'R99-98' is not a legal move for red with the hand ")
    assert by_id["board.plays_from_hand"] == ("in play-for-points-1992 a player plays from a "
                                              "hand of 5: see game.hand and game.legal_moves()")
    assert by_id["board.game_over"] == "the game is over: red won" or \
        by_id["board.game_over"] == "the game is over: yellow won"


def test_every_board_template_is_used_by_play_and_every_id_used_is_registered(walked, refused):
    used = {i for message in refused for i in message.ids()}
    used.update(i for error in _game_refusals() for i in error.message_data.ids())
    from sorry_widget.cli.board import closing, opening

    # Seed 15 ties in the high-card draw, so it is drawn again.
    for rules, seed in (("partnership-1934", 15), ("play-for-points-1992", 2), ("classic", 1)):
        game = Game(4, rules=rules, seed=seed)
        game.run()
        used.update(i for m in opening(game) + closing(game) for i in m.ids())
    for move in walked:
        used.update(move.message.ids())
        for e in move._replay():
            if e[0] in ("forfeit", "discard"):
                used.update(e[-1].ids())
    registered = set(message_ids("board"))
    assert used - registered == set()
    assert registered - used == UNREACHED, "templates no game of any rule set uses"


def test_explanations_cite_exactly_the_rules_of_their_messages(walked):
    for move in walked[::7]:
        cited = set(_RULE_ID.findall(move.explanation))
        assert set(move.message.rule_ids()) == cited, move.explanation
        assert cited <= set(move.rule_ids)


def test_a_forward_move_is_its_id_with_language_neutral_parameters():
    position = _position("classic", {"red": [10, "start", "start", "start"],
                                     "blue": ["start"] * 4})
    move, = [m for m in legal_moves(position, 5)]
    assert move.message.id == "board.forward"
    assert move.message.params["card"] == 5 and move.message.params["to"] == 15
    assert move.message.rule_ids() == ("C13",)
    assert move.explanation == "Red's 5 moves the pawn on 10 forward 5 squares to 15 (C13)."


def test_a_split_nests_its_two_parts_and_what_follows_each():
    position = _position("classic", {"red": [10, 20, "start", "start"],
                                     "blue": [23, "start", "start", "start"]})
    move = next(m for m in legal_moves(position, 7)
                if m.kind == "split" and m.parts[0][1:] == (20, 23))
    assert move.message.ids() == ("board.split", "board.split_part", "board.the_pawn_on",
                                  "board.bump", "board.split_part", "board.the_pawn_on")
    assert move.explanation == ("Red splits the 7 (C8): the pawn on 20 moves 3 to 23, bumping "
                                "Blue's pawn on 23 back to its START (C3); then the pawn on 10 "
                                "moves 4 to 14.")
    assert move.rule_ids == ("C8", "C3")


def test_a_team_forfeit_names_the_team_and_its_reason_is_a_message():
    position = _position("teams-1992", {c: ["start"] * 4
                                        for c in ("red", "blue", "yellow", "green")})
    move, = legal_moves(position, 5)
    assert move.message.id == "board.forfeit"
    assert move.reason.id == "board.team_in_start"
    assert move.explanation == ("Neither Red nor Yellow has a pawn out of START and a 5 cannot "
                                "start one (C1): the turn is forfeited (C12).")
    assert move.events == [{"event": "forfeit", "colour": "red",
                            "reason": move.reason.text()}]
    assert move.rule_ids == ("C13", "C1", "C12")


def test_refusals_are_messages_whose_words_are_the_old_sentences(refused):
    position = _position("classic", {"red": [10, "start", "start", "start"],
                                     "blue": ["start"] * 4})
    why = why_illegal_message(position, 7, "start", 4)
    assert why.id == "board.seven_cannot_start" and why.rule_ids() == ("C8",)
    assert why.text() == "a 7 cannot start a pawn (C8)"
    far = why_illegal_message(position, 10, 10, 25)
    assert far.ids() == ("board.not_that_far", "board.forward_to", "board.backward_to")
    assert far.text() == ("a 10 moves a pawn exactly 10 forward (to 20) or 1 backward (to 9) "
                          "(C9); 25 is not one of those")
    assert why_not_forfeit_message(position, 5).text() == \
        "1 legal move(s) exist with this card, and a player who can move must (C12)"


def test_the_play_command_names_a_winning_team(capsys):
    from sorry_widget.cli import main

    assert main(["play", "--rules", "partnership-1934", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("high-card draw: red ")
    assert out[-1] == "Red and Yellow win after 473 cards and 430 turns."


#: One move of each kind and of each thing that can follow it, with its explanation as the
#: code before messages wrote it (rules, mover, pawns, card, notation, explanation).
PINNED = [
    ('classic', 'red', {'red': ['start', 'start', 'start', 'start'], 'yellow': ['start', 'start', 'start', 'start']}, 1, 'RS-4',
     "Red's 1 starts a pawn from START onto its start exit, 4 (C1)."),
    ('classic', 'red', {'red': ['start', 'start', 'start', 'start'], 'yellow': ['start', 'start', 'start', 'start']}, 2, 'RS-4',
     "Red's 2 starts a pawn from START onto its start exit, 4 (C1). Red draws again (C7)."),
    ('classic', 'yellow', {'red': ['start', 'start', 'start', 'start'], 'yellow': [34, 'start', 'start', 'start']}, 4, 'Y34-30',
     "Yellow's 4 moves the pawn on 34 backward 4 squares to 30 (C13)."),
    ('classic', 'yellow', {'red': ['start', 'start', 'start', 'start'], 'yellow': [34, 'start', 'start', 'start']}, 5, 'Y34-39',
     "Yellow's 5 moves the pawn on 34 forward 5 squares to 39 (C13), staying on the triangle at 39: a pawn does not slide on its own colour's slide (C4)."),
    ('classic', 'red', {'red': [4, 'start', 'start', 'start'], 'yellow': [35, 'start', 'start', 'start']}, 11, 'R4<>Y35',
     "Red's 11 switches its pawn on 4 with Yellow's pawn on 35 (C10)."),
    ('classic', 'red', {'red': [4, 'start', 'start', 'start'], 'yellow': [35, 'start', 'start', 'start']}, 13, 'R!Y35',
     "Red's Sorry! takes a pawn from START and puts it on 35, sending Yellow's pawn there back to its START (C11)."),
    ('classic', 'yellow', {'red': [58, 'start', 'start', 'start'], 'yellow': [34, 'safety-4', 'start', 'start']}, 2, 'Ys4-H',
     "Yellow's 2 moves the pawn on safety-4 forward 2 squares to HOME (C7), reaching HOME by exact count (C6). Yellow draws again (C7)."),
    ('classic', 'yellow', {'red': [4, 'start', 'start', 'start'], 'yellow': [34, 58, 'safety-4', 'start']}, 3, 'Y58-1>4',
     "Yellow's 3 moves the pawn on 58 forward 3 squares to 1 (C13), landing on Red's slide at 1 and sliding to 4 (C4), which sweeps Red's pawn on 4 back to START."),
    ('classic', 'yellow', {'red': [4, 'start', 'start', 'start'], 'yellow': [34, 58, 'safety-4', 'start']}, 3, 'Y58-1>4',
     "Yellow's 3 moves the pawn on 58 forward 3 squares to 1 (C13), landing on Red's slide at 1 and sliding to 4 (C4), which sweeps Red's pawn on 4 back to START."),
    ('classic', 'yellow', {'red': [4, 43, 47, 'start'], 'yellow': ['safety-4', 'start', 'start', 'home']}, 3, 'Y pass',
     'Yellow cannot move with a 3: every move would overshoot HOME, which needs an exact count (C6): the turn is forfeited (C12).'),
    ('classic', 'red', {'red': [5, 55, 'start', 'start'], 'yellow': [2, 13, 'safety-5', 'home']}, 8, 'R55-s1',
     "Red's 8 moves the pawn on 55 forward 8 squares to safety-1 (C13), turning at its safety entry, 2, into its safety zone (C5)."),
    ('classic', 'yellow', {'red': ['safety-3', 'home', 'home', 'home'], 'yellow': ['home', 'home', 'home', 'home']}, 1, 'Y pass',
     'Yellow has no pawn out of START and a 1 cannot start one (C1): the turn is forfeited (C12). Yellow has every pawn HOME and wins (C14).'),
    ('classic', 'yellow', {'red': ['safety-3', 'home', 'home', 'home'], 'yellow': ['home', 'home', 'home', 'home']}, 2, 'Y pass',
     'Yellow has no pawn out of START and a 2 cannot start one (C1): the 2 is forfeited (C12). Yellow has every pawn HOME and wins (C14).'),
    ('edition-2013', 'red', {'red': [4, 'start', 'start', 'start'], 'yellow': [44, 'start', 'start', 'start']}, 13, 'R4-8',
     "Red's Sorry! moves the pawn on 4 forward 4 squares to 8 (the 2013 option of a Sorry! as 4 forward)."),
    ('teams-1992', 'yellow', {'blue': ['home', 'home', 'home', 'home'], 'green': [34, 'home', 'home', 'home'], 'red': ['safety-5', 'home', 'home', 'home'], 'yellow': ['home', 'home', 'home', 'home']}, 1, 'Rs5-H',
     "Yellow's 1 moves Red's pawn on safety-5 forward 1 square to HOME (C1, T1), reaching HOME by exact count (C6). Yellow and Red have every pawn HOME and win as a team (T8)."),
    ('play-for-points-1992', 'yellow', {'red': ['safety-3', 'home', 'home', 'home'], 'yellow': ['home', 'home', 'home', 'home']}, 2, 'Y discard 2',
     "No card in Yellow's hand can move (P3): Yellow discards the 2, draws a card, and the turn ends."),
]


@pytest.mark.parametrize(("rules", "to_move", "pawns", "card", "notation", "explanation"),
                         PINNED)
def test_explanations_keep_their_english_words(rules, to_move, pawns, card, notation,
                                               explanation):
    position = Position.from_dict({"format": "sorry-position/1", "rules": rules,
                                   "to_move": to_move, "pawns": pawns})
    moves = hand_moves(position, [card]) if position.rules.hand_size else \
        legal_moves(position, card)
    move, = [m for m in moves if m.notation == notation]
    assert move.explanation == explanation
