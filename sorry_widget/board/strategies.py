"""Strategies: who chooses among the legal moves.

A strategy is anything with ``choose(position, card, moves, rng) -> Move`` — a class like the
ones here, or a plain function with that signature (wrap it with :func:`as_strategy`), so a
student can write one in a notebook cell::

    def furthest_back_first(position, card, moves, rng):
        return min(moves, key=lambda m: progress(m.position, m.position.to_move))

``moves`` is never empty (a forfeit is a move) and every element is legal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from .track import (HOME, NULL_FOURS, SAFETY_1, SLIDE_COVERING, START, STEPS_TO_HOME,
                    TRACK_SQUARES)
from ..core.safeio import shown
from .cards import SORRY
from .moves import DISCARD, Move
from .state import Position


class Strategy(Protocol):
    name: str

    def choose(self, position: Position, card: int, moves: Sequence[Move],
               rng: random.Random) -> Move: ...


# Cards whose moves all reach different positions (a property test checks it): every card but
# the 4, the 7 and the 11, whose exceptions may_end_alike() names.
_DISTINCT_CARDS = frozenset((1, 2, 3, 5, 8, 10, 12, SORRY))


def may_end_alike(position: Position, card: int) -> bool:
    """Whether two legal moves of ``card`` may reach the same position, so that telling them
    apart takes their results: a 7's splits (C8); a 4 when two pawns could each play it backward
    from the end of another colour's long slide onto its triangle and slide back where they
    began (C4); an 11 when two pawns of one colour stand on one slide of another colour, where
    switching either onto its triangle sweeps the other (C10, C4)."""
    if card in _DISTINCT_CARDS:
        return False
    if card == 7:
        return True
    pawns, colours = position.pawns, position.colours
    seats = position.rules.mover_seats(position)
    if card == 4:
        return sum(q in NULL_FOURS[colours[s]] for s in seats for q in pawns[s]) > 1
    for s in seats:
        slides = [SLIDE_COVERING[q] for q in pawns[s] if q < TRACK_SQUARES]
        slides = [slide for slide in slides if slide is not None and slide.owner != colours[s]]
        if len(set(slides)) < len(slides):
            return True
    return False


class RandomStrategy:
    """Uniform over the distinct *results*: two moves that reach the same position count once,
    so a split 7 that can be played in either order is not twice as likely."""

    name = "random"

    def choose(self, position, card, moves, rng):
        if len(moves) == 1:
            return moves[0]
        distinct: dict = {}
        # From a hand of cards, what is left in the hand is part of the result too (P2).
        hands = position.rules.deals_hands
        for move in moves:
            distinct.setdefault((move.result_pawns, move.card) if hands else move.result_pawns,
                                move)
        return _pick(list(distinct.values()), rng)

    def choose_legal(self, position, card, moves, rng):
        """The pick :meth:`choose` makes, for moves exactly as the move generator lists them
        (each once, a card's moves together), as :class:`~.game.Game` passes them: results are
        compared only for a card whose moves may end alike (:func:`may_end_alike`), since the
        others' moves all end apart."""
        if len(moves) == 1:
            return moves[0]
        if position.rules.deals_hands:
            # Moves of different cards never end alike: the rest of the hand differs.
            options = []
            first: dict = {}
            card = alike = None
            for move in moves:
                if move.card != card:
                    card = move.card
                    alike = card not in _DISTINCT_CARDS and may_end_alike(position, card)
                if move.kind != DISCARD and not alike:
                    options.append(move)
                elif first.setdefault((move.result_pawns, card), move) is move:
                    options.append(move)
            return _pick(options, rng)
        if may_end_alike(position, card):
            return self.choose(position, card, moves, rng)
        return _pick(moves, rng)


def _pick(options, rng):
    # random() is a single C call; randrange() costs ten times more in the hot loop, and the
    # bias of int(random() * n) for n <= 100 is below 2**-46.
    return options[int(rng.random() * len(options))]


def pawn_score(colour: int, location: int) -> float:
    """How far along a pawn is: the forward steps it has made towards HOME, plus a bonus for
    being out of reach in the safety zone or HOME."""
    score = STEPS_TO_HOME[colour][START] - STEPS_TO_HOME[colour][location]
    if location >= SAFETY_1 and location != START:
        score += 10 if location == HOME else 6
    return score


def progress(pawns: tuple[tuple[int, ...], ...], colours: tuple[int, ...], seat: int) -> float:
    return sum(pawn_score(colours[seat], loc) for loc in pawns[seat])


def best_moves(moves: Sequence[Move], score: Callable[[Move], float]) -> list[Move]:
    """The moves with the highest ``score(move)``, in the order given, moves that end in the
    same position counted once (the first of them): the ties a strategy then breaks its own
    way."""
    best: list[Move] = []
    best_score = None
    seen = set()
    for move in moves:
        if move.result_pawns in seen:
            continue
        seen.add(move.result_pawns)
        value = score(move)
        if best_score is None or value > best_score:
            best, best_score = [move], value
        elif value == best_score:
            best.append(move)
    return best


class GreedyStrategy:
    """Takes the move with the best immediate balance: its own progress (steps towards HOME,
    with a bonus for pawns safe in the safety zone or HOME) minus ``aggression`` times the
    opponents' progress — so it likes bumps and slides that send opponents back. Ties are
    broken at random."""

    def __init__(self, aggression: float = 0.5) -> None:
        self.aggression = aggression
        self.name = "greedy" if aggression == 0.5 else f"greedy({aggression:g})"

    def evaluate(self, pawns, colours, seat) -> float:
        total = 0.0
        for s, locs in enumerate(pawns):
            value = sum(pawn_score(colours[s], loc) for loc in locs)
            total += value if s == seat else -self.aggression * value
        return total

    def choose(self, position, card, moves, rng):
        if len(moves) == 1:
            return moves[0]
        best = best_moves(moves, lambda m: self.evaluate(m.result_pawns, position.colours,
                                                         position.to_move))
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


class FunctionStrategy:
    """Adapts a plain function ``f(position, card, moves, rng) -> Move``."""

    def __init__(self, function: Callable, name: str | None = None) -> None:
        self.function = function
        self.name = name or getattr(function, "__name__", "custom")

    def choose(self, position, card, moves, rng):
        return self.function(position, card, moves, rng)


#: The strategies by name. The coach runs simulations, a layer above the games, so it adds itself
#: here ("coach") when sorry_widget.simulation.coach loads, which importing sorry_widget does.
STRATEGIES: dict[str, Callable[[], Strategy]] = {
    "random": RandomStrategy,
    "greedy": GreedyStrategy,
}


def as_strategy(value) -> Strategy:
    """A strategy from a name (``"random"``, ``"greedy"``), a strategy object or a function."""
    if isinstance(value, str):
        if value not in STRATEGIES:
            raise ValueError(
                f"strategy: unknown strategy {shown(value)}; known strategies are {', '.join(STRATEGIES)}"
            )
        return STRATEGIES[value]()
    if hasattr(value, "choose"):
        return value
    if callable(value):
        return FunctionStrategy(value)
    raise ValueError(f"strategy: {shown(value)} is neither a strategy name, a strategy nor a function")
