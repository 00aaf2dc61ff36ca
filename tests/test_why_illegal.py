"""The engine says why a tempting move is not legal, naming the rule."""

from __future__ import annotations

import pytest
from conftest import pos

from sorry_widget.board import Position, why_not_forfeit
from sorry_widget.board.moves import moves_between


@pytest.mark.parametrize("p,card,origin,target,expected", [
    (pos(red=[10, "start"]), "7", "start", 4, "a 7 cannot start a pawn (C8)"),
    (pos(red=[10, "start"]), "5", "start", 4, "only a 1 or a 2 starts one (C1)"),
    (pos(red=[10, "start"]), "8", "start", 4, "an 8 cannot start a pawn"),
    (pos(red=[10, "start"]), "10", "start", 4, "or a Sorry! onto an opponent's pawn (C11)"),
    (pos(red=[10, "start"]), "1", "start", 5, "start exit, 4, and no further (C1)"),
    (pos(red=[10, 15]), "5", 10, 15, "own pawn on 15 (C2)"),
    (pos(red=[11, 16]), "5", 11, 19, "own pawn on the triangle at 16 (C2)"),
    (pos(red=["safety-3", 20]), "5", "safety-3", "home", "overshoot HOME"),
    (pos(red=["home", 20]), "3", "home", 23, "a pawn at HOME never moves again (C6)"),
    (pos(red=[20]), "5", 20, 26, "exactly 5 forward (to 25)"),
    (pos(red=[20]), "10", 20, 18, "10 forward (to 30) or 1 backward (to 19)"),
    (pos(red=[58]), "5", 58, 3, "safety entry, 2, turns into the safety zone"),
    (pos(red=[5]), "4", 5, "safety-1", "a backward move never enters a safety zone (C5)"),
    (pos(red=[20], blue=[30]), "5", 30, 35, "Blue's"),
    (pos(red=[20]), "5", 33, 38, "Red has no pawn on 33"),
    (pos(red=["start"], blue=[30]), "sorry", "start", 31, "opponent's pawn (C11)"),
    (pos(red=["start"], blue=["safety-2"]), "sorry", "start", "safety-2", "never in a safety zone"),
    (pos(red=[20], blue=[30]), "sorry", 20, 24, "a Sorry! takes a pawn from START (C11)"),
    (pos(red=["safety-1", 20], blue=[30]), "11", "safety-1", 30, "only pawns on the track"),
    (pos(red=["safety-4"]), "7", "safety-4", "home", "another of Red's pawns to move the other 5"),
])
def test_reasons_name_the_rule(p, card, origin, target, expected):
    reason = p.why_illegal(card, origin, target)
    assert reason is not None and expected in reason, reason


@pytest.mark.parametrize("card,origin,target", [
    ("5", 10, 15), ("1", "start", 4), ("7", 10, 13), ("11", 10, 30), ("sorry", "start", 30),
    ("12", 10, 22), ("3", 13, 16), ("3", 13, 19),
])
def test_legal_tries_have_no_reason(card, origin, target):
    p = pos(red=[10, 13, "start", "safety-1"], blue=[30])
    assert p.why_illegal(card, origin, target) is None
    assert moves_between(p, card, origin, target)


def test_why_not_forfeit():
    p = pos(red=[10])
    assert "C12" in why_not_forfeit(p, "5")
    assert why_not_forfeit(Position.initial(2), "5") is None


def test_bad_places_are_named():
    with pytest.raises(ValueError, match="origin"):
        pos(red=[10]).why_illegal("5", 75, 80)
    with pytest.raises(ValueError, match="card"):
        pos(red=[10]).why_illegal("6", 10, 16)


@pytest.mark.parametrize("p,card,origin,expected", [
    # Issue 21, point 19: a pawn with no move at all is refused with the rule, not "no legal move".
    (pos(red=["start", 30]), "10", "start",
     "a 10 cannot start a pawn: only a 1 or a 2 starts one (C1), or a Sorry! onto an opponent's "
     "pawn (C11)"),
    (pos(red=["start", 30]), "12", "start", "a 12 cannot start a pawn"),
    (pos(red=["start", 30]), "7", "start", "a 7 cannot start a pawn (C8)"),
    (pos(red=["start", 4]), "1", "start", "start exit, 4, holds Red's own pawn (C2)"),
    (pos(red=["start", 30]), "sorry", "start", "a Sorry! needs an opponent's pawn on the track"),
    (pos(red=["start", 30], blue=[20]), "sorry", 30, "a Sorry! takes a pawn from START (C11)"),
    (pos(red=["safety-4", 4]), "5", "safety-4",
     "would overshoot HOME, which needs an exact count (C6)"),
    (pos(red=[20, 25]), "5", 20, "it would land on one of Red's own pawns (C2)"),
    (pos(red=["safety-4", 4], blue=[20]), "11", "safety-4",
     "switch only from the track with an opponent's pawn there (C10)"),
    (pos(red=["home", 4]), "3", "home", "a pawn at HOME never moves again (C6)"),
])
def test_a_pawn_without_a_move_is_refused_with_its_rule(p, card, origin, expected):
    from sorry_widget.board.moves import why_pawn_cannot_move

    reason = why_pawn_cannot_move(p, card, origin)
    assert reason is not None and expected in reason, reason


def test_a_pawn_with_a_move_has_no_reason():
    from sorry_widget.board.moves import why_pawn_cannot_move

    assert why_pawn_cannot_move(pos(red=["start", 30]), "1", "start") is None
    assert why_pawn_cannot_move(pos(red=["start", 30]), "10", 30) is None


def test_no_sentence_puts_a_full_stop_after_a_sorry_cards_exclamation_mark():
    """Issue 21, point 19: the card's name ends in "!", so a sentence ending on it needs no "."
    (the widget adds one after each reason). Every explanation, forfeit and refusal of the
    positions of a few games, for every card and every own pawn and target."""
    from sorry_widget import Game
    from sorry_widget.board.track import location_name
    from sorry_widget.board.cards import CARD_NAMES
    from sorry_widget.board.moves import legal_moves, why_pawn_cannot_move

    texts = set()
    targets = ["start", "home", *range(0, 60, 3), "safety-1", "safety-5"]
    for seed in range(3):
        game = Game(4, seed=seed)
        game.run()
        for play in game.history[::25]:
            p = play.before
            for card in CARD_NAMES:
                texts.update(m.explanation for m in legal_moves(p, card))
                for origin in {location_name(x) for x in p.pawns[p.to_move]}:
                    texts.add(why_pawn_cannot_move(p, card, origin) or "")
                    for target in targets:
                        texts.add(p.why_illegal(card, origin, target) or "")
    assert len(texts) > 50
    doubled = [t for t in texts if "!." in t or t.endswith("!")]
    assert not doubled, doubled[:5]
