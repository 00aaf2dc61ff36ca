"""The engine says why a tempting move is not legal, naming the rule."""

from __future__ import annotations

import pytest
from conftest import pos

from sorry_widget.engine import Position, why_not_forfeit
from sorry_widget.engine.moves import moves_between


@pytest.mark.parametrize("p,card,origin,target,expected", [
    (pos(red=[10, "start"]), "7", "start", 4, "a 7 cannot start a pawn (C8)"),
    (pos(red=[10, "start"]), "5", "start", 4, "only a 1 or a 2 starts a pawn (C1)"),
    (pos(red=[10, "start"]), "8", "start", 4, "an 8 cannot"),
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
