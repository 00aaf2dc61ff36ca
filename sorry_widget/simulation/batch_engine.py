"""The batch engine: many games at once, compiled with numba (the ``fast`` extra).

It plays by the general engine's rules (docs/rules.md, C1–C13 and the options of the rule sets
without teams or hands) with the built-in strategies: ``random``, uniform over the distinct
*results* of the legal moves, and ``greedy``, the best immediate balance with ties broken at
random (:mod:`sorry_widget.board.strategies`). A card's moves are generated as their resulting positions, each
sorted into canonical order, so "distinct results" means exactly what it means to
:class:`~.strategies.RandomStrategy`.

Why numba rather than NumPy arrays over games: a Sorry! turn branches on the card and on every
pawn (bumps, slides, the split 7), so array-at-a-time code would compute every branch for every
game; a compiled loop per game does only the work the card needs and needs no per-card Python
call. The compiled functions release the GIL, so threads play chunks on every core.

Games here are *not* the games :class:`~.game.Game` deals for the same seed: each game has its
own SplitMix64 stream derived from the run's seed and the game's number, so a run is
reproducible for a seed whatever the number of workers, and :func:`trace_game` replays any game
of a run card for card (the record then loads into the widget).

This module imports NumPy and numba at once; nothing else in the engine imports it except on
request (``simulate(engine="batch")``), so the pure-Python engine runs without them.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
from numba import njit

from ..board.track import BACKWARD, FORWARD, HOME, SLIDES, START, start_exit
from ..board.cards import DECKS, SORRY
from ..board.strategies import pawn_score

RANDOM = 0
GREEDY = 1

_FWD = np.array(FORWARD, dtype=np.int64)  # [colour, location, steps] -> location or -1
_BWD = np.array(BACKWARD, dtype=np.int64)
# [colour, square]: the end of the slide whose triangle is ``square`` when that slide belongs to
# another colour (C4), else -1.
_SLIDE_END = np.full((4, 60), -1, dtype=np.int64)
for _slide in SLIDES:
    for _c in range(4):
        if _slide.owner != _c:
            _SLIDE_END[_c, _slide.triangle] = _slide.end
del _slide, _c
_EXIT = np.array([start_exit(c) for c in range(4)], dtype=np.int64)
_SCORE = np.array([[pawn_score(c, loc) for loc in range(67)] for c in range(4)],
                  dtype=np.float64)

#: Room for every move of one card: a 7 has at most 4 forward moves and 6 x 4 x 3 splits.
MAX_MOVES = 128
# What a move did, per candidate: bumps, slides, the two parts' landings on the track, the two
# slides' ends, the two bumped squares (-1: none).
_BUMPS, _SLIDES, _LAND, _END, _BUMPED = 0, 1, 2, 4, 6
_META = 8

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
_UNIT = 1.0 / 9007199254740992.0  # 2**-53


def seed_number(seed: Any) -> int:
    """A run's seed (any value; its ``str`` counts) as the 64-bit number the streams start from."""
    digest = hashlib.blake2b(str(seed).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


@njit(cache=True, nogil=True)
def _mix(z):
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True, nogil=True)
def _below(rng, n):
    """A uniform integer in [0, n) from the SplitMix64 stream in ``rng[0]``."""
    rng[0] += _GOLDEN
    return int(float(_mix(rng[0]) >> _S11) * _UNIT * n)


@njit(cache=True, nogil=True)
def _shuffle(cards, count, rng):
    for i in range(count - 1, 0, -1):
        j = _below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


@njit(cache=True, nogil=True)
def _step(q, i, seat, k, landing, colour, n_seats, n_pawns, meta, part):
    """Pawn ``k`` of ``seat`` in candidate ``q[i]`` moves to ``landing``: own pawn there (C2)
    -> False; else bump (C3) and slide (C4), recording what happened in ``meta[i]``.
    (Candidates are addressed by index, not by a view: views cost more than the move.)"""
    if landing < 60:
        for j in range(n_pawns):
            if j != k and q[i, seat, j] == landing:
                return False
        for s in range(n_seats):
            if s != seat:
                for j in range(n_pawns):
                    if q[i, s, j] == landing:
                        q[i, s, j] = START
                        meta[i, _BUMPS] += 1
                        meta[i, _BUMPED + part] = landing
        meta[i, _LAND + part] = landing
        q[i, seat, k] = landing
        end = _SLIDE_END[colour, landing]
        if end >= 0:
            _sweep(q, i, seat, k, landing, end, n_seats, n_pawns)
            q[i, seat, k] = end
            meta[i, _SLIDES] += 1
            meta[i, _END + part] = end
        return True
    if landing != HOME:
        for j in range(n_pawns):
            if j != k and q[i, seat, j] == landing:
                return False
    q[i, seat, k] = landing
    return True


@njit(cache=True, nogil=True)
def _sweep(q, i, seat, k, triangle, end, n_seats, n_pawns):
    """Every pawn on the slide after its triangle, but the sliding one, goes to START (C4)."""
    for s in range(n_seats):
        for j in range(n_pawns):
            if s == seat and j == k:
                continue
            if triangle < q[i, s, j] <= end:
                q[i, s, j] = START


@njit(cache=True, nogil=True)
def _fresh(p, cand, meta, n):
    # Plain loops: numba compiles them tighter than slice assignments.
    for s in range(p.shape[0]):
        for j in range(p.shape[1]):
            cand[n, s, j] = p[s, j]
    meta[n, 0] = 0
    meta[n, 1] = 0
    for i in range(_LAND, _META):
        meta[n, i] = -1


@njit(cache=True, nogil=True)
def _copy(cand, meta, source, n):
    for s in range(cand.shape[1]):
        for j in range(cand.shape[2]):
            cand[n, s, j] = cand[source, s, j]
    for i in range(_META):
        meta[n, i] = meta[source, i]


@njit(cache=True, nogil=True)
def _simple(p, seat, colour, table, steps, n_seats, n_pawns, cand, meta, n):
    """One pawn moves ``steps`` by ``table`` (FORWARD or BACKWARD); START and HOME never move."""
    for k in range(n_pawns):
        origin = p[seat, k]
        if origin >= START:
            continue
        landing = table[colour, origin, steps]
        if landing < 0:
            continue
        _fresh(p, cand, meta, n)
        if _step(cand, n, seat, k, landing, colour, n_seats, n_pawns, meta, 0):
            n += 1
    return n


@njit(cache=True, nogil=True)
def _first_in_start(p, seat, n_pawns):
    for k in range(n_pawns):
        if p[seat, k] == START:
            return k
    return -1


@njit(cache=True, nogil=True)
def card_results(p, seat, card, colours, n_seats, n_pawns, sorry4, cand, meta):
    """The results of every legal move of ``card`` for ``seat`` into ``cand[:n]``; returns n.
    A forfeit (or declining an 11, C10) is the unchanged position."""
    colour = colours[seat]
    n = 0
    if card == SORRY:
        k = _first_in_start(p, seat, n_pawns)
        if k >= 0:
            for s in range(n_seats):
                if s == seat:
                    continue
                for j in range(n_pawns):
                    target = p[s, j]
                    if target < 60:
                        _fresh(p, cand, meta, n)
                        _step(cand, n, seat, k, target, colour, n_seats, n_pawns, meta, 0)
                        n += 1
        if sorry4:
            n = _simple(p, seat, colour, _FWD, 4, n_seats, n_pawns, cand, meta, n)
    elif card == 11:
        n = _simple(p, seat, colour, _FWD, 11, n_seats, n_pawns, cand, meta, n)
        forward = n
        for k in range(n_pawns):
            origin = p[seat, k]
            if origin >= 60:
                continue
            for s in range(n_seats):
                if s == seat:
                    continue
                for j in range(n_pawns):
                    target = p[s, j]
                    if target >= 60:
                        continue
                    _fresh(p, cand, meta, n)
                    cand[n, s, j] = origin  # the opponent never slides (C10)
                    cand[n, seat, k] = target
                    meta[n, _LAND] = target
                    end = _SLIDE_END[colour, target]
                    if end >= 0:
                        _sweep(cand, n, seat, k, target, end, n_seats, n_pawns)
                        cand[n, seat, k] = end
                        meta[n, _SLIDES] += 1
                        meta[n, _END] = end
                    n += 1
        if forward == 0 and n > 0:
            _fresh(p, cand, meta, n)  # declining the switch (C10)
            n += 1
    elif card == 7:
        n = _simple(p, seat, colour, _FWD, 7, n_seats, n_pawns, cand, meta, n)
        on_board = 0
        for k in range(n_pawns):
            if p[seat, k] < START:
                on_board += 1
        if on_board >= 2:
            n = _splits(p, seat, colour, n_seats, n_pawns, cand, meta, n)
    else:
        if card <= 2:
            k = _first_in_start(p, seat, n_pawns)
            if k >= 0:
                _fresh(p, cand, meta, n)
                if _step(cand, n, seat, k, _EXIT[colour], colour, n_seats, n_pawns, meta, 0):
                    n += 1
        if card == 4:
            n = _simple(p, seat, colour, _BWD, 4, n_seats, n_pawns, cand, meta, n)
        else:
            n = _simple(p, seat, colour, _FWD, card, n_seats, n_pawns, cand, meta, n)
        if card == 10:
            n = _simple(p, seat, colour, _BWD, 1, n_seats, n_pawns, cand, meta, n)
    if n == 0:
        _fresh(p, cand, meta, 0)
        n = 1
    return n


@njit(cache=True, nogil=True)
def _own_at(p, seat, k, square, n_pawns):
    for j in range(n_pawns):
        if j != k and p[seat, j] == square:
            return True
    return False


@njit(cache=True, nogil=True)
def _add_simple(p, seat, colour, table, steps, n_pawns, ks, lands, n):
    for k in range(n_pawns):
        origin = p[seat, k]
        if origin >= START:
            continue
        landing = table[colour, origin, steps]
        if landing >= 0 and (landing == HOME or not _own_at(p, seat, k, landing, n_pawns)):
            ks[n] = k
            lands[n] = landing
            n += 1
    return n


@njit(cache=True, nogil=True)
def one_pawn_moves(p, seat, card, colour, n_seats, n_pawns, sorry4, ks, lands):
    """For the cards whose every move moves one pawn once (all but the 4, 7 and 11): the moves
    as (pawn, landing) pairs, without building their results. Different moves of these cards
    end differently (a property test checks it against the general engine), so a uniform pick
    among them is the random strategy's pick among results."""
    n = 0
    if card == SORRY:
        k = _first_in_start(p, seat, n_pawns)
        if k >= 0:
            for s in range(n_seats):
                if s != seat:
                    for j in range(n_pawns):
                        if p[s, j] < 60:
                            ks[n] = k
                            lands[n] = p[s, j]
                            n += 1
        if sorry4:
            n = _add_simple(p, seat, colour, _FWD, 4, n_pawns, ks, lands, n)
        return n
    if card <= 2:
        k = _first_in_start(p, seat, n_pawns)
        if k >= 0 and not _own_at(p, seat, k, _EXIT[colour], n_pawns):
            ks[n] = k
            lands[n] = _EXIT[colour]
            n += 1
    n = _add_simple(p, seat, colour, _FWD, card, n_pawns, ks, lands, n)
    if card == 10:
        n = _add_simple(p, seat, colour, _BWD, 1, n_pawns, ks, lands, n)
    return n


@njit(cache=True, nogil=True)
def _splits(p, seat, colour, n_seats, n_pawns, cand, meta, n):
    """Split 7 (C8): two different pawns, ``a + b = 7``, the first part carried out completely
    before the second is judged (its pawn may have been swept to START meanwhile)."""
    for first in range(1, 7):
        for x in range(n_pawns):
            origin = p[seat, x]
            if origin >= START:
                continue
            l1 = _FWD[colour, origin, first]
            if l1 < 0:
                continue
            mid = MAX_MOVES - 1  # the first part's result, in a slot no move reaches
            _fresh(p, cand, meta, mid)
            if not _step(cand, mid, seat, x, l1, colour, n_seats, n_pawns, meta, 0):
                continue
            for y in range(n_pawns):
                if y == x or cand[mid, seat, y] >= START:
                    continue
                l2 = _FWD[colour, cand[mid, seat, y], 7 - first]
                if l2 < 0:
                    continue
                _copy(cand, meta, mid, n)
                if _step(cand, n, seat, y, l2, colour, n_seats, n_pawns, meta, 1):
                    n += 1
    return n


@njit(cache=True, nogil=True)
def _canonical(q, n_seats, n_pawns):
    """Each seat's pawns in ascending order, as Position keeps them."""
    for s in range(n_seats):
        for i in range(1, n_pawns):
            v = q[s, i]
            j = i - 1
            while j >= 0 and q[s, j] > v:
                q[s, j + 1] = q[s, j]
                j -= 1
            q[s, j + 1] = v


@njit(cache=True, nogil=True)
def distinct_results(cand, n, n_seats, n_pawns, keep):
    """Canonicalise ``cand[:n]`` and write the index of the first candidate of each distinct
    result into ``keep``; returns how many there are."""
    kept = 0
    for i in range(n):
        _canonical(cand[i], n_seats, n_pawns)
        fresh = True
        for d in range(kept):
            other = cand[keep[d]]
            same = True
            for s in range(n_seats):
                for j in range(n_pawns):
                    if other[s, j] != cand[i, s, j]:
                        same = False
                        break
                if not same:
                    break
            if same:
                fresh = False
                break
        if fresh:
            keep[kept] = i
            kept += 1
    return kept


@njit(cache=True, nogil=True)
def _evaluate(q, seat, colours, n_seats, n_pawns, aggression):
    total = 0.0
    for s in range(n_seats):
        value = 0.0
        for j in range(n_pawns):
            value += _SCORE[colours[s], q[s, j]]
        total += value if s == seat else -aggression * value
    return total


@njit(cache=True, nogil=True)
def choose(cand, keep, kept, seat, colours, n_seats, n_pawns, strategy, aggression, rng, ties):
    """The candidate a strategy plays among the ``kept`` distinct results."""
    if kept == 1:
        return keep[0]
    if strategy == RANDOM:
        return keep[_below(rng, kept)]
    best = -1e300
    tied = 0
    for d in range(kept):
        score = _evaluate(cand[keep[d]], seat, colours, n_seats, n_pawns, aggression)
        if score > best:
            best = score
            tied = 0
        if score == best:
            ties[tied] = keep[d]
            tied += 1
    return ties[0] if tied == 1 else ties[_below(rng, tied)]


@njit(cache=True, nogil=True)
def _high_card(deck, n_seats, rng, pack):
    """The 1934 leader: each player draws from a shuffled pack, the highest leads (Sorry!
    highest of all), players who tie draw again from a full pack."""
    drawing = np.ones(n_seats, dtype=np.bool_)
    while True:
        pack[:] = deck
        _shuffle(pack, pack.shape[0], rng)
        top = pack.shape[0]
        best = -1
        count = 0
        draws = np.full(n_seats, -1, dtype=np.int64)
        for s in range(n_seats):
            if drawing[s]:
                top -= 1
                draws[s] = pack[top]
                if draws[s] > best:
                    best = draws[s]
        for s in range(n_seats):
            drawing[s] = draws[s] == best
            if drawing[s]:
                count += 1
        if count == 1:
            for s in range(n_seats):
                if drawing[s]:
                    return s
    return 0


@njit(cache=True, nogil=True)
def play_chunk(start, to_move, first_card, colours, deck, two_draws_again, sorry4, high_card,
               strategies, aggression, seed, first_game, max_cards,
               winners, leaders, cards_out, turns_out, bumps_out, slides_out, homes_out,
               landed, bumped, trace):
    """Play games ``first_game`` ... ``first_game + len(winners) - 1`` of a run, writing one row
    per game into the output arrays and adding each landing and bump to the per-square counts.
    ``first_card`` >= 0 is the card the first player holds (taken out of the shuffled deck).
    Returns the index of a game that reached ``max_cards`` without a winner, else -1. If
    ``trace`` has rows, the first game records per card: seat, card, distinct results and the
    chosen result's pawns."""
    n_seats, n_pawns = start.shape
    n_cards = deck.shape[0]
    pile = np.empty(n_cards, dtype=np.int64)
    discards = np.empty(n_cards, dtype=np.int64)
    pack = np.empty(n_cards, dtype=np.int64)
    cand = np.empty((MAX_MOVES, n_seats, n_pawns), dtype=np.int64)
    meta = np.empty((MAX_MOVES, _META), dtype=np.int64)
    keep = np.empty(MAX_MOVES, dtype=np.int64)
    ties = np.empty(MAX_MOVES, dtype=np.int64)
    ks = np.empty(MAX_MOVES, dtype=np.int64)
    lands = np.empty(MAX_MOVES, dtype=np.int64)
    p = np.empty((n_seats, n_pawns), dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    tracing = trace.shape[0] > 0
    for g in range(winners.shape[0]):
        rng[0] = _mix(np.uint64(seed) + np.uint64(first_game + g) * _GOLDEN)
        p[:, :] = start
        seat = _high_card(deck, n_seats, rng, pack) if high_card else to_move
        leaders[g] = seat
        pile[:] = deck
        top = n_cards
        held = first_card
        if held >= 0:
            for i in range(n_cards):
                if pile[i] == held:
                    pile[i] = pile[top - 1]
                    top -= 1
                    break
        _shuffle(pile, top, rng)
        n_discards = 0
        if held >= 0:
            discards[0] = held
            n_discards = 1
        turn = 1
        cards = 0
        bumps = 0
        slides = 0
        winner = -1
        while cards < max_cards:
            if held >= 0:
                card = held
                held = -1
            else:
                if top == 0:
                    pile[:n_discards] = discards[:n_discards]
                    top = n_discards
                    n_discards = 0
                    _shuffle(pile, top, rng)
                top -= 1
                card = pile[top]
                discards[n_discards] = card
                n_discards += 1
            cards += 1
            if strategies[seat] == RANDOM and card != 4 and card != 7 and card != 11:
                n = one_pawn_moves(p, seat, card, colours[seat], n_seats, n_pawns, sorry4, ks,
                                   lands)
                pick = MAX_MOVES - 1  # the move is made in place, in a slot of its own
                _fresh(p, cand, meta, pick)
                if n > 0:
                    i = 0 if n == 1 else _below(rng, n)
                    _step(cand, pick, seat, ks[i], lands[i], colours[seat], n_seats, n_pawns,
                          meta, 0)
                kept = n if n > 0 else 1
            else:
                n = card_results(p, seat, card, colours, n_seats, n_pawns, sorry4, cand, meta)
                kept = distinct_results(cand, n, n_seats, n_pawns, keep)
                pick = choose(cand, keep, kept, seat, colours, n_seats, n_pawns,
                              strategies[seat], aggression, rng, ties)
            for s in range(n_seats):
                for j in range(n_pawns):
                    p[s, j] = cand[pick, s, j]
            m = meta[pick]
            bumps += m[_BUMPS]
            slides += m[_SLIDES]
            for part in range(2):
                if m[_LAND + part] >= 0:
                    landed[m[_LAND + part]] += 1
                if m[_END + part] >= 0:
                    landed[m[_END + part]] += 1
                if m[_BUMPED + part] >= 0:
                    bumped[m[_BUMPED + part]] += 1
            if tracing and g == 0 and cards <= trace.shape[0]:
                row = trace[cards - 1]
                row[0] = seat
                row[1] = card
                row[2] = kept
                shown = p.copy()  # canonical for the record; p's order steers the choices
                _canonical(shown, n_seats, n_pawns)
                row[3:] = shown.ravel()
            home = 0
            for j in range(n_pawns):
                if p[seat, j] == HOME:
                    home += 1
            if home == n_pawns:
                winner = seat
                break
            if not (card == 2 and two_draws_again):
                seat = (seat + 1) % n_seats
                turn += 1
        if winner < 0:
            return first_game + g
        winners[g] = winner
        cards_out[g] = cards
        turns_out[g] = turn
        bumps_out[g] = bumps
        slides_out[g] = slides
        for s in range(n_seats):
            count = 0
            for j in range(n_pawns):
                if p[s, j] == HOME:
                    count += 1
            homes_out[g, s] = count
    return -1


def deck_array(deck: str) -> np.ndarray:
    return np.array([card for card, count in DECKS[deck].items() for _ in range(count)],
                    dtype=np.int64)


def position_arrays(position) -> tuple[np.ndarray, np.ndarray]:
    """A position's pawns as a (seats, pawns) array and its colours as an array."""
    return (np.array(position.pawns, dtype=np.int64),
            np.array(position.colours, dtype=np.int64))


def strategy_codes(names) -> tuple[np.ndarray, float]:
    """Per-seat strategy codes and the greedy aggression, from strategy objects (or names)
    that the batch engine plays: random, and greedy with one aggression for all its seats."""
    from ..board.strategies import GreedyStrategy, RandomStrategy, as_strategy

    codes, aggression = [], None
    for value in names:
        strategy = as_strategy(value)
        if type(strategy) is RandomStrategy:
            codes.append(RANDOM)
        elif type(strategy) is GreedyStrategy and aggression in (None, strategy.aggression):
            codes.append(GREEDY)
            aggression = strategy.aggression
        else:
            raise ValueError(f"strategy: the batch engine plays random and greedy (one "
                             f"aggression), not {strategy.name!r}")
    return np.array(codes, dtype=np.int64), 0.5 if aggression is None else aggression


def play_games(start, games: int, strategies, seed: Any = 0, *, first_game: int = 0,
               first_card: int = -1, draw_leader: bool | None = None,
               max_cards: int = 100_000) -> dict[str, np.ndarray]:
    """Games ``first_game`` … ``first_game + games - 1`` of a run from ``start`` (a Position of
    a rule set without teams or hands), ``strategies`` one per seat of ``start.colours``.
    Returns per-game arrays (``winner`` and ``leader`` as seats of ``start.colours``,
    ``cards``, ``turns``, ``bumps``, ``slides``, ``homes`` per seat) and per-square totals
    ``landed`` and ``bumped``. ``draw_leader``: begin each game with the rule set's high-card
    draw (default: if it has one)."""
    n_seats = len(start.colours)
    out = {
        "winner": np.empty(games, np.int64), "leader": np.empty(games, np.int64),
        "cards": np.empty(games, np.int64), "turns": np.empty(games, np.int64),
        "bumps": np.empty(games, np.int64), "slides": np.empty(games, np.int64),
        "homes": np.empty((games, n_seats), np.int64),
    }
    out["landed"] = np.zeros(60, np.int64)
    out["bumped"] = np.zeros(60, np.int64)
    _play(start, strategies, seed, first_game, first_card, draw_leader, max_cards, out,
          np.empty((0, 3 + n_seats * len(start.pawns[0])), np.int64))
    return out


def _play(start, strategies, seed, first_game, first_card, draw_leader, max_cards, out, trace):
    """:func:`play_chunk` for ``start``'s rules and ``strategies``, into the arrays of ``out``."""
    rules = start.rules
    pawns, colours = position_arrays(start)
    codes, aggression = strategy_codes(strategies)
    # Every argument in one fixed type, so that one compiled signature (and one cache entry)
    # serves every rule set and strategy: a new signature would compile for seconds again.
    stuck = play_chunk(pawns, int(start.to_move), int(first_card), colours,
                       deck_array(rules.deck), bool(rules.two_draws_again),
                       bool(rules.sorry_forward_4),
                       bool(rules.leader_by_high_card if draw_leader is None else draw_leader),
                       codes, float(aggression), np.uint64(seed_number(seed)), int(first_game),
                       int(max_cards),
                       out["winner"], out["leader"], out["cards"], out["turns"], out["bumps"],
                       out["slides"], out["homes"], out["landed"], out["bumped"], trace)
    if stuck >= 0:
        raise RuntimeError(f"game {stuck} of seed {seed!r}: no winner after {max_cards} cards")


def join_chunks(chunks: list[dict]) -> dict[str, np.ndarray]:
    """The per-game columns of a run's chunks (in game order) as one array each, and the wins
    per seat counted from the first mover."""
    keys = ("winner", "leader", "cards", "turns", "bumps", "slides", "homes")
    out = {key: np.concatenate([c[key] for c in chunks]) for key in keys}
    seats = out["homes"].shape[1]
    out["wins_per_seat"] = np.bincount((out["winner"] - out["leader"]) % seats, minlength=seats)
    return out


def trace_game(start, strategies, seed: Any, game: int, *, first_card: int = -1,
               draw_leader: bool | None = None,
               max_cards: int = 100_000) -> list[tuple[int, int, int, tuple]]:
    """Game ``game`` of a run, card by card: ``(seat, card, distinct results, pawns after)``,
    the pawns as a tuple of sorted tuples per seat, as Position keeps them."""
    n_seats, n_pawns = len(start.colours), len(start.pawns[0])
    out = {key: np.empty(1, np.int64)
           for key in ("winner", "leader", "cards", "turns", "bumps", "slides")}
    out.update(homes=np.empty((1, n_seats), np.int64), landed=np.zeros(60, np.int64),
               bumped=np.zeros(60, np.int64))
    trace = np.full((max_cards, 3 + n_seats * n_pawns), -1, np.int64)
    _play(start, strategies, seed, game, first_card, draw_leader, max_cards, out, trace)
    rows = trace[:out["cards"][0]]
    return [(int(r[0]), int(r[1]), int(r[2]),
             tuple(tuple(int(x) for x in r[3 + s * n_pawns:3 + (s + 1) * n_pawns])
                   for s in range(n_seats)))
            for r in rows]


def results_of(position, card: int) -> list[tuple]:
    """The distinct results of ``card``'s legal moves in ``position`` as the batch engine
    generates them (for tests against :func:`~.moves.legal_moves`)."""
    pawns, colours = position_arrays(position)
    n_seats, n_pawns = pawns.shape
    cand = np.empty((MAX_MOVES, n_seats, n_pawns), np.int64)
    meta = np.empty((MAX_MOVES, _META), np.int64)
    keep = np.empty(MAX_MOVES, np.int64)
    n = card_results(pawns, position.to_move, card, colours, n_seats, n_pawns,
                     position.rules.sorry_forward_4, cand, meta)
    kept = distinct_results(cand, n, n_seats, n_pawns, keep)
    return [tuple(tuple(int(x) for x in row) for row in cand[keep[d]]) for d in range(kept)]


def ready() -> tuple[float, str]:
    """Make the compiled game loop ready in this process before games are timed: returns the
    seconds it took and how — ``"compiled"`` (nothing usable in numba's cache: the first run
    on a machine, or after this file changed), ``"cache"`` (loaded from numba's cache, written
    beside this file by an earlier process) or ``"memory"`` (already loaded here)."""
    import time

    from ..board.state import Position

    if play_chunk.signatures:
        return 0.0, "memory"
    misses = sum(play_chunk.stats.cache_misses.values())
    started = time.perf_counter()
    # No games: the call only needs the argument types, which _play fixes for every run.
    _play(Position.initial(2), ["random", "random"], 0, 0, -1, None, 1,
          {key: np.empty(0, np.int64) for key in
           ("winner", "leader", "cards", "turns", "bumps", "slides")}
          | {"homes": np.empty((0, 2), np.int64), "landed": np.zeros(60, np.int64),
             "bumped": np.zeros(60, np.int64)},
          np.empty((0, 3 + 2 * 4), np.int64))
    seconds = time.perf_counter() - started
    return seconds, "compiled" if sum(play_chunk.stats.cache_misses.values()) > misses \
        else "cache"


def warm_cache() -> None:
    """scripts/setup-env.sh calls this once, so that a lesson's first simulation loads the
    compiled loop from numba's cache instead of compiling it for tens of seconds."""
    seconds, how = ready()
    print(f"setup: batch engine {'compiled' if how == 'compiled' else 'loaded from cache'} in "
          f"{seconds:.1f} s" + (" (kept in numba's cache for the lessons' first run)"
                                if how == "compiled" else ""))
