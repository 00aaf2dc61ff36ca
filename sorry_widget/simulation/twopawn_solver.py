"""The two-pawn game's solver: every state indexed, each card's outcomes listed once by the batch
engine's compiled move generator, then Gauss–Seidel value iteration on a lower and an upper
bound of every value until they meet within the tolerance (docs/exact.md, *The two-pawn game*).

NumPy and numba (the ``fast`` extra); :mod:`.twopawn` imports this module only to build a table.

A *state* is a position with red to move: red's two pawns not counted HOME (a pair of locations,
either of them HOME too) and yellow's, on the real board. Yellow to move is the same as red to
move on the board turned by half a turn (30 squares: every colour's squares, slides and zone
turn with it), so only red-to-move states are stored: after red's move, yellow's pawns turned by
30 become the mover's and red's the opponent's, and the mover's chance there is one minus red's.

Values are the mover's chance of winning, before the draw. Each card is drawn with its share of
the deck (a 1 5/45, every other card 4/45); a card's outcomes are the distinct results of its
legal moves (declining an 11's switch where C10 allows it is one of them, and a card with no
move leaves the position as it was); the mover takes the outcome with the best chance: a win
(1), after a 2 the same player's next draw (its value), else one minus the opponent's value.

The stopping rule bounds every value. ``low`` starts at 0 and ``high`` at 1; a sweep sets, in
place, ``low`` of a state to the best-move average of its outcomes' lower bounds (one minus the
opponent's *upper* bound) and ``high`` likewise from the upper bounds. The update is monotone,
so by induction ``low <= value <= high`` holds for every state at every moment (the true values
are a fixed point that lies between 0 and 1); the sweeps stop when ``high - low`` is below the
tolerance everywhere, and the table keeps the midpoint, within half the tolerance of the value.
Rounding adds at most about 1e-15 per update, which the game's finite expected length keeps far
below the tolerance.
"""

from __future__ import annotations

import math
import time

import numpy as np
from numba import njit

from ..board.cards import SORRY
from ..board.track import HOME, STEPS_TO_HOME
from .batch_engine import MAX_MOVES, _META, card_results, distinct_results

#: The cards of the classic deck, in the engine's order, and each one's chance per draw.
CARDS = np.array([1, 2, 3, 4, 5, 7, 8, 10, 11, 12, SORRY], dtype=np.int64)
CHANCES = np.array([5 / 45] + [4 / 45] * 10, dtype=np.float64)
#: The outcome "the mover has won" in the lists of targets.
WIN = -1
#: The number of locations (track 0–59, safety-1…5, START, HOME).
PLACES = 67
#: The most sweeps before the solver gives up with an error rather than a guess.
MAX_SWEEPS = 20_000


def pair_tables(pairs) -> tuple[np.ndarray, np.ndarray]:
    """``pairs`` (every pair of places two pawns of one colour may hold, as
    :data:`.twopawn.PAIRS` lists them) as an (n, 2) array, and the (67, 67) table of each
    pair's number (-1 where two pawns cannot stand)."""
    array = np.array(pairs, dtype=np.int64)
    code = np.full((PLACES, PLACES), -1, dtype=np.int64)
    code[array[:, 0], array[:, 1]] = np.arange(len(array))
    code[array[:, 1], array[:, 0]] = np.arange(len(array))
    return array, code


def in_play(pairs: np.ndarray) -> np.ndarray:
    """How many of each pair's pawns are not HOME."""
    return (pairs != HOME).sum(axis=1)


def _progress(pairs: np.ndarray, colour: int) -> np.ndarray:
    steps = np.array(STEPS_TO_HOME[colour], dtype=np.int64)
    return -(steps[pairs[:, 0]] + steps[pairs[:, 1]])


def family(pairs: np.ndarray, caps: tuple[int, int] = (2, 2)) -> tuple[np.ndarray, np.ndarray]:
    """The states of the family, ordered for the sweeps, as (mover pair, opponent pair) numbers:
    neither player has won, no two pawns share a track square, and the numbers of pawns in play
    are at most ``caps`` for one player and the other (either way round: after a move the roles
    change). Farther along first (both players' steps to HOME), so that a forward move's
    outcome is swept before the state it leaves."""
    n = len(pairs)
    playing = in_play(pairs)
    mover = np.repeat(np.arange(n), n)
    other = np.tile(np.arange(n), n)
    a, b = playing[mover], playing[other]
    big, small = max(caps), min(caps)
    keep = (a > 0) & (b > 0) & (((a <= big) & (b <= small)) | ((a <= small) & (b <= big)))
    mover, other = mover[keep], other[keep]
    on_track = pairs < 60
    clash = np.zeros(len(mover), dtype=bool)
    for i in range(2):
        for j in range(2):
            clash |= (on_track[mover, i] & on_track[other, j]
                      & (pairs[mover, i] == pairs[other, j]))
    mover, other = mover[~clash], other[~clash]
    closeness = _progress(pairs, 0)[mover] + _progress(pairs, 2)[other]
    order = np.argsort(-closeness, kind="stable")
    return mover[order], other[order]


@njit(cache=True)
def _turn(location):
    """A place seen from the opposite colour: a track square half a turn round (30 squares);
    the safety zone, START and HOME are each colour's own."""
    return (location + 30) % 60 if location < 60 else location


@njit(cache=True)
def _outcomes(mover, other, pairs, code, index, out_counts, out_targets, fill):
    """Each state's outcomes per card. Counts only, or (``fill``) the targets too."""
    colours = np.array([0, 2], dtype=np.int64)
    p = np.empty((2, 4), dtype=np.int64)
    cand = np.empty((MAX_MOVES, 2, 4), dtype=np.int64)
    meta = np.empty((MAX_MOVES, _META), dtype=np.int64)
    keep = np.empty(MAX_MOVES, dtype=np.int64)
    at = 0
    for i in range(mover.shape[0]):
        p[0, 0], p[0, 1] = pairs[mover[i], 0], pairs[mover[i], 1]
        p[1, 0], p[1, 1] = pairs[other[i], 0], pairs[other[i], 1]
        p[0, 2] = p[0, 3] = p[1, 2] = p[1, 3] = HOME
        for c in range(CARDS.shape[0]):
            card = CARDS[c]
            n = card_results(p, 0, card, colours, 2, 4, False, cand, meta)
            kept = distinct_results(cand, n, 2, 4, keep)
            count = 0
            won = False
            for d in range(kept):
                q = cand[keep[d]]  # canonical: each seat's pawns ascending, HOME last
                if q[0, 0] == HOME and q[0, 1] == HOME:
                    if won:
                        continue  # every win is the same outcome
                    won = True
                    target = WIN
                elif card == 2:  # C7: the same player draws again
                    target = index[code[q[0, 0], q[0, 1]] * pairs.shape[0]
                                   + code[q[1, 0], q[1, 1]]]
                else:  # the opponent moves next: the board turned half a turn
                    target = index[code[_turn(q[1, 0]), _turn(q[1, 1])] * pairs.shape[0]
                                   + code[_turn(q[0, 0]), _turn(q[0, 1])]]
                if target < 0 and not (q[0, 0] == HOME and q[0, 1] == HOME):
                    raise ValueError("an outcome outside the family")
                if fill:
                    out_targets[at] = target
                at += 1
                count += 1
            out_counts[i, c] = count
    return at


def transitions(mover: np.ndarray, other: np.ndarray, pairs: np.ndarray, code: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every state (in the order given) and card: how many distinct outcomes, and their
    targets (a state's position in the order, or :data:`WIN`), listed once; with each state's
    first target's offset."""
    n_pairs = len(pairs)
    index = np.full(n_pairs * n_pairs, -1, dtype=np.int32)
    index[mover * n_pairs + other] = np.arange(len(mover), dtype=np.int32)
    counts = np.zeros((len(mover), len(CARDS)), dtype=np.uint8)
    total = _outcomes(mover, other, pairs, code, index, counts, np.empty(0, np.int32), False)
    targets = np.empty(total, dtype=np.int32)
    _outcomes(mover, other, pairs, code, index, counts, targets, True)
    offsets = np.zeros(len(mover) + 1, dtype=np.int64)
    np.cumsum(counts.sum(axis=1, dtype=np.int64), out=offsets[1:])
    return counts, targets, offsets


@njit(cache=True)
def _sweep(bounds, counts, targets, offsets):
    """One Gauss–Seidel sweep of both bounds, in place; returns the largest gap high - low."""
    gap = 0.0
    for i in range(bounds.shape[0]):
        at = offsets[i]
        low = 0.0
        high = 0.0
        for c in range(CARDS.shape[0]):
            best_low = -1.0
            best_high = -1.0
            same_player = CARDS[c] == 2
            for _ in range(counts[i, c]):
                t = targets[at]
                at += 1
                if t < 0:
                    lo = 1.0
                    hi = 1.0
                elif same_player:
                    lo = bounds[t, 0]
                    hi = bounds[t, 1]
                else:
                    lo = 1.0 - bounds[t, 1]
                    hi = 1.0 - bounds[t, 0]
                if lo > best_low:
                    best_low = lo
                if hi > best_high:
                    best_high = hi
            low += CHANCES[c] * best_low
            high += CHANCES[c] * best_high
        # Both stay bounds whatever the rounding: never looser than before.
        if low > bounds[i, 0]:
            bounds[i, 0] = low
        if high < bounds[i, 1]:
            bounds[i, 1] = high
        if bounds[i, 1] - bounds[i, 0] > gap:
            gap = bounds[i, 1] - bounds[i, 0]
    return gap


class Solution:
    """The solved family: the states (mover and opponent pair numbers, in sweep order), each
    one's lower and upper bound, and how the solve went."""

    def __init__(self, pairs, mover, other, bounds, sweeps, seconds, build_seconds,
                 transitions_count):
        self.pairs = pairs
        self.mover = mover
        self.other = other
        self.bounds = bounds
        self.sweeps = sweeps
        self.seconds = seconds
        self.build_seconds = build_seconds
        self.transitions = transitions_count

    @property
    def states(self) -> int:
        return len(self.mover)

    @property
    def values(self) -> np.ndarray:
        return self.bounds.mean(axis=1)

    @property
    def error_bound(self) -> float:
        """The most any stored value (a midpoint) can be off."""
        return float((self.bounds[:, 1] - self.bounds[:, 0]).max() / 2)

    def dense(self) -> np.ndarray:
        """The values as a (pairs x pairs) table by (mover pair, opponent pair); NaN outside
        the family."""
        n = len(self.pairs)
        table = np.full(n * n, np.nan, dtype=np.float64)
        table[self.mover * n + self.other] = self.values
        return table


def solve(pairs, tolerance: float, caps: tuple[int, int] = (2, 2), progress=None) -> Solution:
    """Solve the family with at most ``caps`` pawns in play (``(2, 2)``: the two-pawn game;
    ``(1, 1)``: the one-pawn race) until every value's bounds are within ``tolerance``.
    ``pairs``: the pairs of places, numbered as the table keeps them (:func:`pair_tables`).
    ``progress(done, 100)`` is told after each phase and sweep: listing the outcomes is the
    first tenth, and the sweeps fill the rest as the gap's digits approach the tolerance's."""
    began = time.perf_counter()
    pairs, code = pair_tables(pairs)
    mover, other = family(pairs, caps)
    if progress:
        progress(0, 100)
    counts, targets, offsets = transitions(mover, other, pairs, code)
    if progress:
        progress(10, 100)
    digits = -math.log10(tolerance)
    built = time.perf_counter() - began
    bounds = np.empty((len(mover), 2), dtype=np.float64)
    bounds[:, 0] = 0.0
    bounds[:, 1] = 1.0
    sweeps = 0
    gap = 1.0
    while gap >= tolerance:
        if sweeps == MAX_SWEEPS:  # pragma: no cover - the game ends with probability one
            raise RuntimeError(f"the two-pawn game's bounds are still {gap:.1e} apart after "
                               f"{MAX_SWEEPS:,} sweeps")
        gap = _sweep(bounds, counts, targets, offsets)
        sweeps += 1
        if progress and gap > 0:
            progress(10 + min(89, max(0, int(90 * -math.log10(gap) / digits))), 100)
    if progress:
        progress(100, 100)
    return Solution(pairs, mover, other, bounds, sweeps, time.perf_counter() - began, built,
                    len(targets))
