"""Training the learned player (:mod:`.learned`) by self-play, and measuring it: TD(λ) on
compiled games (NumPy and numba, the ``fast`` extra; docs/learned.md).

Every seat plays :class:`~.learned.LearnedStrategy` with the weights being trained. After each
game, the value of every position reached (after each card, the softmax of the seats' linear
values) moves towards its λ-return: the outcome at the end, and before it a blend of the next
position's value and the λ-return after it (the forward view of TD(λ), with the weights fixed
during a game). The loss is the cross-entropy between the λ-return's win chances and the
softmax, so the step for one position is ``(target - chances) · features`` per seat. The same
seed gives byte-identical weights: one thread, one stream of numbers per game.

The moves come from the batch engine (:mod:`.batch_engine`: ``card_results``,
``distinct_results``); the features are :func:`.learned.seat_features` transcribed line for
line (a test checks both give the same values, so the compiled player plays as the shipped
pure-Python one). :func:`paired_match` plays the same deals in every seat order, for the
measurements in docs/learned.md.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

import numpy as np
from numba import njit

from ..board.cards import SORRY
from ..board.state import Position
from ..board.strategies import pawn_score
from ..board.track import HOME, START, STEPS_TO_HOME, start_exit
from ..core.safeio import write_text_atomic
from ..core.seeds import check_seed
from ..core.statistics import wilson_interval
from . import learned
from .batch_engine import (MAX_MOVES, _GOLDEN, _META, _below, _mix, _shuffle, card_results, deck_array,
                           distinct_results, seed_number)

RANDOM, GREEDY, LEARNED = 0, 1, 2
_CODES = {"random": RANDOM, "greedy": GREEDY, "learned": LEARNED}

F = learned.N_FEATURES
_N_CARDS = len(learned.CARD_ORDER)
_TARGETS_MAX = 11
_TARGETS = np.full((4, 60, _TARGETS_MAX, 2), -1, dtype=np.int64)
_N_TARGETS = np.zeros((4, 60), dtype=np.int64)
for _c in range(4):
    for _q in range(60):
        for _i, (_landing, _bit) in enumerate(learned.TARGETS[_c][_q]):
            _TARGETS[_c, _q, _i] = (_landing, _bit)
        _N_TARGETS[_c, _q] = len(learned.TARGETS[_c][_q])
del _c, _q
_CHANCES = np.array(learned.CHANCES, dtype=np.float64)
_SLIDE_CHANCE = np.array(learned.SLIDE_CHANCE, dtype=np.float64)
_PROGRESS = np.array(learned.PROGRESS, dtype=np.float64)
_STEPS = np.array(STEPS_TO_HOME, dtype=np.int64)
_EXIT = np.array([start_exit(c) for c in range(4)], dtype=np.int64)
_SORRY_BIT = 1 << learned.CARD_ORDER.index(SORRY)
_ELEVEN_BIT = 1 << learned.CARD_ORDER.index(11)
_EXIT_BITS = (1 << learned.CARD_ORDER.index(1)) | (1 << learned.CARD_ORDER.index(2))
_FIRST_BUCKET = 3
_BUCKETS = 10
_SCORE = np.array([[pawn_score(c, loc) for loc in range(67)] for c in range(4)],
                  dtype=np.float64)

#: The caps on a run's arguments: games (2,000,000 per player count is about 44 minutes of CPU
#: time, ten times the shipped run: docs/learned.md), and the wall-clock limit.
MAX_GAMES = 2_000_000
MAX_SECONDS = 24 * 3600
_MAX_CARDS = 4000  # a game longer than this is abandoned (never seen: games take ~100-400 cards)

# Default hyper-parameters (docs/learned.md).
LAMBDA = 0.7
ALPHA = 0.05
#: The shipped run: games per player count.
DEFAULT_GAMES = 200_000


@njit(cache=True, nogil=True)
def _features(q, colours, n, n_pawns, nxt, f, hit, in_start, on_track, anywhere):
    """learned.seat_features for the pawns ``q`` (n seats, sorted), into ``f[:n, :]``."""
    for s in range(n):
        for x in range(60):
            hit[s, x] = 0
        starting = 0
        tracking = 0
        c = colours[s]
        for j in range(n_pawns):
            loc = q[s, j]
            if loc < 60:
                tracking += 1
                for t in range(_N_TARGETS[c, loc]):
                    hit[s, _TARGETS[c, loc, t, 0]] |= _TARGETS[c, loc, t, 1]
            elif loc == START:
                starting += 1
        in_start[s] = starting
        on_track[s] = tracking
    for s in range(n):
        bits = 0
        if in_start[s] > 0:
            bits |= _SORRY_BIT
        if on_track[s] > 0:
            bits |= _ELEVEN_BIT
        anywhere[s] = bits
    for s in range(n):
        colour = colours[s]
        for i in range(F):
            f[s, i] = 0.0
        progress = 0.0
        danger = 0.0
        danger_weighted = 0.0
        slide = 0.0
        for j in range(n_pawns):
            loc = q[s, j]
            share = _PROGRESS[colour, loc]
            progress += share
            if loc == START:
                f[s, 0] += 1.0
            elif loc == HOME:
                f[s, 1] += 1.0
            elif loc >= 60:
                f[s, 2] += 1.0
            else:
                bucket = (_STEPS[colour, loc] - 6) // 6
                f[s, _FIRST_BUCKET + (bucket if bucket < _BUCKETS else _BUCKETS - 1)] += 1.0
                mask = 0
                for o in range(n):
                    if o != s:
                        mask |= hit[o, loc] | anywhere[o]
                        if in_start[o] > 0 and loc == _EXIT[colours[o]]:
                            mask |= _EXIT_BITS
                chance = _CHANCES[mask]
                danger += chance
                danger_weighted += chance * share
                slide += _SLIDE_CHANCE[colour, loc]
        attack = 0.0
        attack_weighted = 0.0
        exit_square = _EXIT[colour]
        for o in range(n):
            if o == s:
                continue
            for j in range(n_pawns):
                loc = q[o, j]
                if loc < 60:
                    mask = hit[s, loc] | anywhere[s]
                    if in_start[s] > 0 and loc == exit_square:
                        mask |= _EXIT_BITS
                    chance = _CHANCES[mask]
                    attack += chance
                    attack_weighted += chance * _PROGRESS[colours[o], loc]
        turn = (s - nxt) % n
        f[s, 13] = progress
        f[s, 14] = progress * progress / n_pawns
        f[s, 15] = danger
        f[s, 16] = danger_weighted
        f[s, 17] = attack
        f[s, 18] = attack_weighted
        f[s, 19] = slide
        f[s, 20 + turn] = 1.0
        if turn == 0:
            f[s, 24] = attack_weighted
            f[s, 25] = danger_weighted


@njit(cache=True, nogil=True)
def _feature_scratch(n):
    """The work arrays of ``_features`` for ``n`` seats: features, hit, in_start, on_track,
    anywhere."""
    return (np.zeros((n, F), dtype=np.float64), np.zeros((n, 60), dtype=np.int64),
            np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64),
            np.zeros(n, dtype=np.int64))


@njit(cache=True, nogil=True)
def _move_scratch(n, n_pawns):
    """The work arrays of ``card_results`` and ``distinct_results``: results, meta, kept."""
    return (np.empty((MAX_MOVES, n, n_pawns), dtype=np.int64),
            np.empty((MAX_MOVES, _META), dtype=np.int64), np.empty(MAX_MOVES, dtype=np.int64))


@njit(cache=True, nogil=True)
def _values(f, n, w, z):
    for s in range(n):
        v = 0.0
        for i in range(F):
            v += w[i] * f[s, i]
        z[s] = v


@njit(cache=True, nogil=True)
def _top_and_total(z, n):
    """The largest of the seats' values and the sum of exp(value - largest): a softmax's parts,
    summed in seat order so every caller gets the same bits."""
    top = z[0]
    for s in range(1, n):
        if z[s] > top:
            top = z[s]
    total = 0.0
    for s in range(n):
        total += math.exp(z[s] - top)
    return top, total


@njit(cache=True, nogil=True)
def _log_share(z, n, seat):
    """The seat's log softmax share, as LearnedStrategy computes it."""
    top, total = _top_and_total(z, n)
    return z[seat] - top - math.log(total)


@njit(cache=True, nogil=True)
def _softmax(z, n, out):
    top, total = _top_and_total(z, n)
    for s in range(n):
        out[s] = math.exp(z[s] - top) / total


@njit(cache=True, nogil=True)
def _wins(q, seat, n_pawns):
    for j in range(n_pawns):
        if q[seat, j] != HOME:
            return False
    return True


@njit(cache=True, nogil=True)
def _greedy_value(q, seat, colours, n, n_pawns):
    total = 0.0
    for s in range(n):
        value = 0.0
        for j in range(n_pawns):
            value += _SCORE[colours[s], q[s, j]]
        total += value if s == seat else -0.5 * value
    return total


@njit(cache=True, nogil=True)
def play_game(start, to_move, colours, deck, two_draws_again, sorry4, codes, w, deck_seed,
              choice_seed, feats, chances, scratch_f, hit, in_start, on_track, anywhere,
              trail, movers):
    """One game from ``start``: seat s plays ``codes[s]`` (RANDOM, GREEDY or LEARNED with the
    weights ``w``). The deck is shuffled from ``deck_seed`` alone and the choices drawn from
    ``choice_seed``, so one deal is the same cards for every seat order until the players'
    different choices change the reshuffles' timing. If ``feats`` has rows, it receives the
    features of the position after every card and ``chances`` its win chances; if ``trail``
    has rows, it receives the position before every card and ``movers`` the seat that draws it.
    Returns (winner seat or -1, cards played)."""
    n, n_pawns = start.shape
    n_cards = deck.shape[0]
    pile = np.empty(n_cards, dtype=np.int64)
    discards = np.empty(n_cards, dtype=np.int64)
    cand, meta, keep = _move_scratch(n, n_pawns)
    ties = np.empty(MAX_MOVES, dtype=np.int64)
    z = np.empty(n, dtype=np.float64)
    p = start.copy()
    deck_rng = np.zeros(1, dtype=np.uint64)
    deck_rng[0] = deck_seed
    rng = np.zeros(1, dtype=np.uint64)
    rng[0] = choice_seed
    pile[:] = deck
    top = n_cards
    from_top = 0
    n_discards = 0
    # A shuffle from the deck's own stream: the same deal whoever plays.
    _shuffle(pile, top, deck_rng)
    seat = to_move
    recording = feats.shape[0] > 0
    tracing = trail.shape[0] > 0
    cards = 0
    while cards < _MAX_CARDS:
        if tracing:
            movers[cards] = seat
            for s in range(n):
                for j in range(n_pawns):
                    trail[cards, s, j] = p[s, j]
        if from_top == top:
            pile[:n_discards] = discards[:n_discards]
            top = n_discards
            from_top = 0
            n_discards = 0
            _shuffle(pile, top, deck_rng)
        card = pile[top - 1 - from_top]
        from_top += 1
        discards[n_discards] = card
        n_discards += 1
        cards += 1
        nxt = seat if (card == 2 and two_draws_again) else (seat + 1) % n
        cnt = card_results(p, seat, card, colours, n, n_pawns, sorry4, cand, meta)
        kept = distinct_results(cand, cnt, n, n_pawns, keep)
        pick = keep[0]
        won = False
        for d in range(kept):
            if _wins(cand[keep[d]], seat, n_pawns):
                pick = keep[d]
                won = True
                break
        if not won and kept > 1:
            code = codes[seat]
            if code == RANDOM:
                pick = keep[_below(rng, kept)]
            else:
                best = -1e300
                tied = 0
                for d in range(kept):
                    if code == GREEDY:
                        score = _greedy_value(cand[keep[d]], seat, colours, n, n_pawns)
                    else:
                        _features(cand[keep[d]], colours, n, n_pawns, nxt, scratch_f, hit,
                                  in_start, on_track, anywhere)
                        _values(scratch_f, n, w, z)
                        score = _log_share(z, n, seat)
                    if score > best:
                        best = score
                        tied = 0
                    if score == best:
                        ties[tied] = keep[d]
                        tied += 1
                pick = ties[0] if tied == 1 else ties[_below(rng, tied)]
        for s in range(n):
            for j in range(n_pawns):
                p[s, j] = cand[pick, s, j]
        if won:
            return seat, cards
        if recording:
            t = cards - 1
            _features(p, colours, n, n_pawns, nxt, scratch_f, hit, in_start, on_track, anywhere)
            _values(scratch_f, n, w, z)
            _softmax(z, n, chances[t])
            for s in range(n):
                for i in range(F):
                    feats[t, s, i] = scratch_f[s, i]
        seat = nxt
    return -1, cards


@njit(cache=True, nogil=True)
def _train(start, to_move, colours, deck, two_draws_again, sorry4, w, seed, first_game, games,
           lam, alpha0, alpha_games):
    """TD(λ) self-play for ``games`` games (numbers ``first_game`` …); updates ``w`` in place.
    Returns the number of games abandoned as too long."""
    n, n_pawns = start.shape
    codes = np.full(n, LEARNED, dtype=np.int64)
    feats = np.zeros((_MAX_CARDS, n, F), dtype=np.float64)
    chances = np.zeros((_MAX_CARDS, n), dtype=np.float64)
    scratch_f, hit, in_start, on_track, anywhere = _feature_scratch(n)
    target = np.zeros(n, dtype=np.float64)
    grad = np.zeros(F, dtype=np.float64)
    no_trail = np.zeros((0, n, n_pawns), dtype=np.int64)
    no_movers = np.zeros(0, dtype=np.int64)
    abandoned = 0
    for g in range(first_game, first_game + games):
        game_seed = _mix(np.uint64(seed) + np.uint64(g) * _GOLDEN)
        winner, cards = play_game(start, to_move, colours, deck, two_draws_again, sorry4, codes,
                                  w, game_seed, _mix(game_seed ^ np.uint64(1)), feats, chances,
                                  scratch_f, hit, in_start, on_track, anywhere, no_trail, no_movers)
        if winner < 0:
            abandoned += 1
            continue
        # The positions t = 0 … cards-2 (the last card won: its position is not valued).
        last = cards - 2
        for s in range(n):
            target[s] = 1.0 if s == winner else 0.0
        for i in range(F):
            grad[i] = 0.0
        for t in range(last, -1, -1):
            for s in range(n):
                error = target[s] - chances[t, s]
                for i in range(F):
                    grad[i] += error * feats[t, s, i]
            for s in range(n):
                target[s] = (1.0 - lam) * chances[t, s] + lam * target[s]
        alpha = alpha0 / (1.0 + g / alpha_games)
        for i in range(F):
            w[i] += alpha * grad[i] / (cards if cards > 0 else 1)
    return abandoned


@njit(cache=True, nogil=True)
def _match(start, to_move, colours, deck, two_draws_again, sorry4, codes, w, number, first_deal,
           per_deal):
    """Deals ``first_deal`` … of a paired match: each deal played once per seat taken by
    ``codes[0]`` against ``codes[1]`` everywhere else; ``per_deal`` receives its wins.
    Returns (the deal of a game with no winner or -1, cards played)."""
    n, n_pawns = start.shape
    empty_f = np.zeros((0, n, F), dtype=np.float64)
    empty_c = np.zeros((0, n), dtype=np.float64)
    scratch_f, hit, in_start, on_track, anywhere = _feature_scratch(n)
    seat_codes = np.empty(n, dtype=np.int64)
    no_trail = np.zeros((0, n, n_pawns), dtype=np.int64)
    no_movers = np.zeros(0, dtype=np.int64)
    cards = 0
    for d in range(per_deal.shape[0]):
        deal_seed = _mix(number + np.uint64(first_deal + d) * _GOLDEN)
        for seat in range(n):
            for s in range(n):
                seat_codes[s] = codes[0] if s == seat else codes[1]
            winner, used = play_game(start, to_move, colours, deck, two_draws_again, sorry4,
                                     seat_codes, w, deal_seed,
                                     _mix(deal_seed ^ np.uint64(seat + 1)), empty_f, empty_c,
                                     scratch_f, hit, in_start, on_track, anywhere, no_trail, no_movers)
            if winner < 0:
                return first_deal + d, cards
            if winner == seat:
                per_deal[d] += 1
            cards += used
    return -1, cards


#: Games per step of the consistency fit.
_FIT_BATCH = 16
#: The consistency fit plays 1/FIT_SHARE as many games as the self-play, with this step.
FIT_SHARE = 10
FIT_ALPHA = 0.2
_CARD_VALUES = np.array(learned.CARD_ORDER, dtype=np.int64)
_CARD_P = np.array(learned.CARD_CHANCE, dtype=np.float64)


@njit(cache=True, nogil=True)
def _race_chance(q, to_draw, n, n_pawns, race):
    """The first seat's exact chance where the evaluator answers ``q`` (seat ``to_draw`` to
    draw) by the solved one-pawn race (two players, each with one pawn not HOME), else -1.
    ``race[a, b, t]`` is that chance with the first seat's pawn on ``a``, the other's on
    ``b``, seat ``t`` to draw; empty where the rule set has no races here."""
    if n != 2 or race.shape[0] == 0:
        return -1.0
    open_at = np.full(2, -1, dtype=np.int64)
    for s in range(2):
        for j in range(n_pawns):
            if q[s, j] != HOME:
                if open_at[s] >= 0:
                    return -1.0
                open_at[s] = q[s, j]
        if open_at[s] < 0:
            return -1.0
    first = race[open_at[0], open_at[1], to_draw]
    return first if first >= 0.0 else -1.0


@njit(cache=True, nogil=True)
def _after_chances(after, seat, nxt, colours, n, n_pawns, w, race, scratch_f, hit, in_start,
                   on_track, anywhere, z, out):
    """Every seat's chance in ``out`` at ``after`` (``nxt`` to draw) as the evaluator gives it
    (the solved race where it applies, else the learned softmax); returns the mover's."""
    first = _race_chance(after, nxt, n, n_pawns, race)
    if first >= 0.0:
        out[0] = first
        out[1] = 1.0 - first
        return out[seat]
    _features(after, colours, n, n_pawns, nxt, scratch_f, hit, in_start, on_track, anywhere)
    _values(scratch_f, n, w, z)
    _softmax(z, n, out)
    return out[seat]


@njit(cache=True, nogil=True)
def _lookahead(q, seat, colours, n, n_pawns, two_draws_again, sorry4, w, race, y, cand, meta,
               keep, scratch_f, hit, in_start, on_track, anywhere, z, out, best_out):
    """The review's value of drawing at ``q`` (docs/review.md) into ``y``, per seat: each card
    with its chance (drawn with replacement), then the mover's best move by the evaluator's
    chances (a win is 1)."""
    for s in range(n):
        y[s] = 0.0
    for c in range(_CARD_VALUES.shape[0]):
        card = _CARD_VALUES[c]
        weight = _CARD_P[c]
        nxt = seat if (card == 2 and two_draws_again) else (seat + 1) % n
        cnt = card_results(q, seat, card, colours, n, n_pawns, sorry4, cand, meta)
        kept = distinct_results(cand, cnt, n, n_pawns, keep)
        best = -1.0
        for d in range(kept):
            after = cand[keep[d]]
            if _wins(after, seat, n_pawns):
                best = 1.0
                for s in range(n):
                    best_out[s] = 1.0 if s == seat else 0.0
                break
            mover = _after_chances(after, seat, nxt, colours, n, n_pawns, w, race, scratch_f,
                                   hit, in_start, on_track, anywhere, z, out)
            if mover > best:
                best = mover
                for s in range(n):
                    best_out[s] = out[s]
        for s in range(n):
            y[s] += weight * best_out[s]


@njit(cache=True, nogil=True)
def _consistency(start, to_move, colours, deck, two_draws_again, sorry4, w, seed, first_game,
                 games, alpha0, alpha_games, race, residuals):
    """Games ``first_game`` … of mixed players (each seat random, greedy or learned, drawn per
    game). At every position before a draw that the learned value answers (not a solved race),
    the residual is the review's value of the draw (``_lookahead``) minus the learned
    chances. With ``alpha0 > 0`` the weights move after each game by the mean of ``residual ·
    features`` over its positions (the cross-entropy step towards the lookahead, the targets
    computed with the weights of the game's start). ``residuals`` receives, per game, the sum of
    the mover's residuals and the number of positions. Returns the games abandoned."""
    n, n_pawns = start.shape
    codes = np.empty(n, dtype=np.int64)
    empty_f = np.zeros((0, n, F), dtype=np.float64)
    empty_c = np.zeros((0, n), dtype=np.float64)
    trail = np.zeros((_MAX_CARDS, n, n_pawns), dtype=np.int64)
    movers = np.zeros(_MAX_CARDS, dtype=np.int64)
    scratch_f, hit, in_start, on_track, anywhere = _feature_scratch(n)
    cand, meta, keep = _move_scratch(n, n_pawns)
    z = np.empty(n, dtype=np.float64)
    out = np.empty(n, dtype=np.float64)
    best_out = np.empty(n, dtype=np.float64)
    y = np.empty(n, dtype=np.float64)
    now = np.empty(n, dtype=np.float64)
    grad = np.zeros(F, dtype=np.float64)
    rng = np.zeros(1, dtype=np.uint64)
    batch_positions = 0
    abandoned = 0
    for g in range(first_game, first_game + games):
        game_seed = _mix(np.uint64(seed) + np.uint64(g) * _GOLDEN)
        rng[0] = _mix(game_seed ^ np.uint64(2))
        for s in range(n):
            codes[s] = _below(rng, 3)
        winner, cards = play_game(start, to_move, colours, deck, two_draws_again, sorry4, codes,
                                  w, game_seed, _mix(game_seed ^ np.uint64(1)), empty_f, empty_c,
                                  scratch_f, hit, in_start, on_track, anywhere, trail, movers)
        if winner < 0:
            abandoned += 1
            continue
        total = 0.0
        counted = 0
        for t in range(cards):
            q = trail[t]
            seat = movers[t]
            if _race_chance(q, seat, n, n_pawns, race) >= 0.0:
                continue
            _lookahead(q, seat, colours, n, n_pawns, two_draws_again, sorry4, w, race, y, cand,
                       meta, keep, scratch_f, hit, in_start, on_track, anywhere, z, out,
                       best_out)
            _features(q, colours, n, n_pawns, seat, scratch_f, hit, in_start, on_track,
                      anywhere)
            _values(scratch_f, n, w, z)
            _softmax(z, n, now)
            total += y[seat] - now[seat]
            counted += 1
            if alpha0 > 0.0:
                for s in range(n):
                    error = y[s] - now[s]
                    for i in range(F):
                        grad[i] += error * scratch_f[s, i]
        residuals[g - first_game, 0] = total
        residuals[g - first_game, 1] = counted
        batch_positions += counted
        if alpha0 > 0.0 and ((g + 1) % _FIT_BATCH == 0 or g == first_game + games - 1) \
                and batch_positions > 0:
            # Every position weighs the same (a long game's too: the luck a review adds up
            # is per position), so the step is the batch's mean.
            alpha = alpha0 / (1.0 + g / alpha_games)
            for i in range(F):
                w[i] += alpha * grad[i] / batch_positions
                grad[i] = 0.0
            batch_positions = 0
    return abandoned


def _rules_arrays(start: Position):
    rules = start.rules
    return (np.array(start.pawns, dtype=np.int64), int(start.to_move),
            np.array(start.colours, dtype=np.int64), deck_array(rules.deck),
            bool(rules.two_draws_again), bool(rules.sorry_forward_4))


def race_table(start: Position) -> np.ndarray:
    """``race[a, b, t]`` for the compiled race lookup: the first seat's chance in every one-pawn
    race of ``start``'s two colours, from the evaluator's own solved races (so the fit's
    targets are the review's); empty for more than two players."""
    if len(start.colours) != 2:
        return np.zeros((0, 0, 0), dtype=np.float64)
    from .evaluate import solved_races

    race = np.full((67, 67, 2), -1.0, dtype=np.float64)
    others = (HOME,) * (len(start.pawns[0]) - 1)
    # Every race a game can reach is reached from both pawns in START: two solves. The
    # places no pawn stops on (inside another colour's slide) stay -1, never looked up.
    solved: dict = {}
    for t in range(2):
        solved.update(solved_races(Position._make(start.rules, start.colours,
                                                   ((START,) + others, (START,) + others), t)))
    for (a, b, t), first in solved.items():
        race[a, b, t] = first
    return race


def check_games(games: Any) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games: a whole number from 1 to {MAX_GAMES:,}, not {games!r}")
    return games


def train(seed: Any = 1, games: int = DEFAULT_GAMES, *, progress=None,
          max_seconds: float | None = None, lam: float = LAMBDA,
          alpha: float = ALPHA) -> dict:
    """Train weights for every player count and return the weights file's object
    (:func:`weights_json` writes it): ``games`` self-play games each by TD(λ), then the
    consistency fit on a tenth as many games of mixed players (docs/learned.md; measured by
    :func:`consistency`), in chunks, so that ``progress(done, total)`` is called as they go.
    Deterministic: the same arguments give the same weights. ``max_seconds`` stops with an error rather than run
    longer."""
    games = check_games(games)
    # The seed is written into the weights file: a record's limit, not 100,000 characters.
    seed = check_seed(seed)
    if max_seconds is not None and not 0 < max_seconds <= MAX_SECONDS:
        raise ValueError(f"max_seconds: more than 0 and at most {MAX_SECONDS}, not {max_seconds!r}")
    started = time.monotonic()
    fit_games = max(1, games // FIT_SHARE)
    total = (games + fit_games) * len(learned.PLAYER_COUNTS)
    done = 0
    weights: dict[str, list[float]] = {}

    def chunks(count: int, step, label: str) -> None:
        nonlocal done
        chunk = max(1, min(2000, count // 50 or 1))
        first = 0
        while first < count:
            size = min(chunk, count - first)
            step(first, size, count)
            first += size
            done += size
            if progress is not None:
                progress(done, total)
            if max_seconds is not None and time.monotonic() - started > max_seconds:
                raise TimeoutError(f"train: stopped after {max_seconds:g} s "
                                   f"({done:,} of {total:,} games, in the {label})")

    for n in learned.PLAYER_COUNTS:
        start = Position.initial(n)
        arrays = _rules_arrays(start)
        w = np.zeros(F, dtype=np.float64)
        number = np.uint64(seed_number(f"train:{seed}:{n}"))

        def self_play(first, size, count, arrays=arrays, w=w, number=number):
            _train(*arrays, w, number, first, size, float(lam), float(alpha),
                   float(max(1, count // 4)))

        chunks(games, self_play, "self-play")
        race = race_table(start)
        fit_number = np.uint64(seed_number(f"fit:{seed}:{n}"))

        def fit(first, size, count, arrays=arrays, w=w, race=race, number=fit_number):
            _consistency(*arrays, w, number, first, size, FIT_ALPHA,
                         float(max(1, count // 4)), race, np.zeros((size, 2)))

        chunks(fit_games, fit, "consistency fit")
        weights[str(n)] = [float(x) for x in w]
    return {"format": learned.WEIGHTS_FORMAT, "features": list(learned.FEATURES),
            "weights": weights,
            "training": {"method": "TD(lambda) self-play, then the consistency fit",
                         "seed": str(seed), "games_per_player_count": games, "lambda": lam,
                         "alpha": alpha, "fit_games_per_player_count": fit_games,
                         "fit_alpha": FIT_ALPHA, "fit_batch": _FIT_BATCH}}


def consistency(players: int, games: int, seed: Any = "consistency",
                weights: list[float] | None = None) -> dict:
    """How far the learned value is from the review's value of the next draw, over ``games``
    games of mixed players (each seat random, greedy or learned): the mean per game of the
    mover's residuals summed over the positions the learned value answers (the review's average
    luck per game, all players together), with its 95% interval from the games' spread, and per
    position. Zero where the value is self-consistent (docs/learned.md)."""
    if players not in learned.PLAYER_COUNTS:
        raise ValueError(f"players: 2, 3 or 4, not {players!r}")
    games = check_games(games)
    start = Position.initial(players)
    w = np.array(weights if weights is not None else learned.weights_for(players),
                 dtype=np.float64)
    residuals = np.zeros((games, 2))
    _consistency(*_rules_arrays(start), w, np.uint64(seed_number(f"consistency:{seed}")), 0,
                 games, 0.0, 1.0, race_table(start), residuals)
    per_game = residuals[:, 0]
    mean = float(per_game.mean())
    half = 1.96 * float(per_game.std(ddof=1)) / math.sqrt(games) if games > 1 else math.inf
    return {"players": players, "games": games, "luck_per_game": mean,
            "interval": (mean - half, mean + half),
            "positions": int(residuals[:, 1].sum()),
            "luck_per_position": float(per_game.sum() / max(1.0, residuals[:, 1].sum()))}


def weights_json(data: dict) -> str:
    """The weights file's text: the same object always gives the same bytes."""
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def save_weights(data: dict, path) -> None:
    learned.check_weights(data)
    write_text_atomic(path, weights_json(data), what="weights", error=learned.LearnedWeightsError)


def paired_match(players: int, games: int, strategy: str = "learned", opponent: str = "greedy",
                 seed: Any = 0, weights: dict | None = None, progress=None) -> dict:
    """``games`` deals of ``players``-player classic games, each dealt once per seat that
    ``strategy`` can take (one ``strategy`` against ``players - 1`` ``opponent``s; so
    ``games * players`` games). Returns wins, games, the win rate and its 95 % interval, and
    the per-deal mean (the paired estimate, with its interval from the deals' spread)."""
    if players not in learned.PLAYER_COUNTS:
        raise ValueError(f"players: 2, 3 or 4, not {players!r}")
    games = check_games(games)
    by_count = weights or learned.shipped_weights()
    w = np.array(by_count[players], dtype=np.float64)
    if strategy not in _CODES or opponent not in _CODES:
        raise ValueError(f"strategy: one of {', '.join(_CODES)}")
    arrays = _rules_arrays(Position.initial(players))
    number = np.uint64(seed_number(f"match:{seed}"))
    per_deal = np.zeros(games, dtype=np.int64)
    codes = np.array([_CODES[strategy], _CODES[opponent]], dtype=np.int64)
    cards = 0
    started = time.perf_counter()
    chunk = 100
    for first in range(0, games, chunk):
        size = min(chunk, games - first)
        stuck, used = _match(*arrays, codes, w, number, first, per_deal[first:first + size])
        if stuck >= 0:
            raise RuntimeError(f"deal {stuck}: no winner after {_MAX_CARDS} cards")
        cards += used
        if progress is not None:
            progress(first + size, games)
    seconds = time.perf_counter() - started
    wins = int(per_deal.sum())
    per_deal = per_deal.astype(np.float64)
    played = games * players
    low, high = wilson_interval(wins, played)
    rates = per_deal / players
    mean = float(rates.mean())
    spread = 1.96 * float(rates.std(ddof=1)) / math.sqrt(games) if games > 1 else float("nan")
    return {"players": players, "strategy": strategy, "opponent": opponent, "deals": games,
            "games": played, "wins": wins, "rate": wins / played, "interval": [low, high],
            "paired_interval": [mean - spread, mean + spread], "seconds": seconds,
            "games_per_second": played / seconds, "cards": cards}
