"""A player that learned: the position after each possible move valued by a function trained
by self-play (:mod:`sorry_widget.simulation.training`, TD(λ); docs/learned.md).

The value is a linear function of a few features per player (:func:`seat_features`), one number
per seat, turned into win chances by a softmax over the seats: ``win_chances(position)`` is the
chance each colour wins, before the draw of the player to move. :class:`LearnedStrategy` plays
the move whose result gives the mover the best chance.

Pure Python, standard library only: the Lite site plays it in Pyodide. The weights ship in the
package (``learned_weights.json``, one weight list per player count) and are checked when read.
The training's compiled loop (:mod:`sorry_widget.simulation.training`) computes the same features in the same order of
operations; a test checks that both give the same values.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources

from ..board.cards import DECKS, SORRY
from ..board.game import next_seat
from ..board.strategies import STRATEGIES
from ..board.track import BACKWARD, FORWARD, HOME, SLIDES, START, STEPS_TO_HOME, start_exit
from ..core.errors import SorryError

WEIGHTS_FORMAT = "sorry-learned-weights/1"
WEIGHTS_FILE = "learned_weights.json"
#: The weights file is a few kB; anything much larger is not one.
MAX_WEIGHTS_BYTES = 100_000
#: Player counts the board supports, each with its own weights.
PLAYER_COUNTS = (2, 3, 4)

FEATURES = (
    "start", "home", "safety",
    # Pawns on the track by steps still to go: 6-11, 12-17, ... 60-64.
    "track_6", "track_12", "track_18", "track_24", "track_30", "track_36", "track_42",
    "track_48", "track_54", "track_60",
    "progress", "progress_squared",
    "danger", "danger_weighted", "attack", "attack_weighted", "slide_chance",
    "turn_0", "turn_1", "turn_2", "turn_3",
    "attack_next", "danger_next",
)
N_FEATURES = len(FEATURES)
_BUCKETS = 10
_FIRST_BUCKET = 3
_FULL_STEPS = STEPS_TO_HOME[0][START]  # 65: a pawn in START

#: The cards in a fixed order, with their chances in the classic deck: the threat features
#: are the chance of the next card, the same whatever rule set the game is played by.
_DECK = DECKS["classic45"]
CARD_ORDER = (1, 2, 3, 4, 5, 7, 8, 10, 11, 12, SORRY)
CARD_CHANCE = tuple(_DECK[c] / sum(_DECK.values()) for c in CARD_ORDER)
_BIT = {card: 1 << i for i, card in enumerate(CARD_ORDER)}
# A pawn moving forward by these cards' numbers (the 7 whole, the 11 forward).
_FORWARD_CARDS = (1, 2, 3, 5, 7, 8, 10, 11, 12)
# Backward: the 4, and the 10 one step back.
_BACKWARD_CARDS = ((4, 4), (10, 1))
_EXIT_BITS = _BIT[1] | _BIT[2]


def _targets(colour: int, square: int) -> tuple[tuple[int, int], ...]:
    """The track squares a ``colour`` pawn on ``square`` lands on by one card, with that card's
    bit (several cards reaching one square are separate entries)."""
    out = []
    for card in _FORWARD_CARDS:
        landing = FORWARD[colour][square][card]
        if 0 <= landing < 60:
            out.append((landing, _BIT[card]))
    for card, steps in _BACKWARD_CARDS:
        landing = BACKWARD[colour][square][steps]
        if 0 <= landing < 60:
            out.append((landing, _BIT[card]))
    return tuple(out)


#: TARGETS[colour][square]: (landing square, card bit) for each card moving a pawn there.
TARGETS = tuple(tuple(_targets(c, q) for q in range(60)) for c in range(4))
_TRIANGLES = tuple(frozenset(s.triangle for s in SLIDES if s.owner != c) for c in range(4))


def chance_of(mask: int) -> float:
    """The chance that the next card is one of the cards in ``mask`` (bits in CARD_ORDER)."""
    total = 0.0
    for i in range(len(CARD_ORDER)):
        if mask >> i & 1:
            total += CARD_CHANCE[i]
    return total


#: CHANCES[mask]: chance_of(mask) for every mask, so the hot loop looks it up.
CHANCES = tuple(chance_of(m) for m in range(1 << len(CARD_ORDER)))
#: SLIDE_CHANCE[colour][square]: the chance that the next card lands a pawn there on another
#: colour's triangle, so that it slides.
def _slide_chance(colour: int, square: int) -> float:
    mask = 0
    for landing, bit in TARGETS[colour][square]:
        if landing in _TRIANGLES[colour]:
            mask |= bit
    return CHANCES[mask]


SLIDE_CHANCE = tuple(tuple(_slide_chance(c, q) for q in range(60)) for c in range(4))
#: PROGRESS[colour][location]: the share of the way from START to HOME.
PROGRESS = tuple(tuple((_FULL_STEPS - STEPS_TO_HOME[c][loc]) / _FULL_STEPS for loc in range(67))
                 for c in range(4))


class LearnedWeightsError(SorryError):
    """A weights file that is not valid ``sorry-learned-weights/1``; the message names why."""


def seat_features(pawns: tuple, colours: tuple, next_to_move: int) -> list[list[float]]:
    """Each seat's features (FEATURES, in order) in the position ``pawns`` (sorted tuples per
    seat, as Position keeps them) when ``next_to_move`` is the seat that draws next.
    The training's compiled loop (training._features) is this function line for line."""
    n = len(colours)
    n_pawns = len(pawns[0])
    # hit[s][q]: the cards by which seat s's pawns land on track square q (bits).
    hit = []
    in_start = []
    on_track = []
    for s in range(n):
        marks = [0] * 60
        targets = TARGETS[colours[s]]
        starting = 0
        tracking = 0
        for loc in pawns[s]:
            if loc < 60:
                tracking += 1
                for landing, bit in targets[loc]:
                    marks[landing] |= bit
            elif loc == START:
                starting += 1
        hit.append(marks)
        in_start.append(starting)
        on_track.append(tracking)
    # What can reach any pawn on the track, whatever the square: a Sorry! (a pawn in START) and
    # an 11's switch (a pawn on the track).
    anywhere = []
    for s in range(n):
        bits = 0
        if in_start[s] > 0:
            bits |= _BIT[SORRY]
        if on_track[s] > 0:
            bits |= _BIT[11]
        anywhere.append(bits)
    out = []
    for s in range(n):
        colour = colours[s]
        f = [0.0] * N_FEATURES
        progress = 0.0
        danger = 0.0
        danger_weighted = 0.0
        slide = 0.0
        for loc in pawns[s]:
            share = PROGRESS[colour][loc]
            progress += share
            if loc == START:
                f[0] += 1.0
            elif loc == HOME:
                f[1] += 1.0
            elif loc >= 60:
                f[2] += 1.0
            else:
                bucket = (STEPS_TO_HOME[colour][loc] - 6) // 6
                f[_FIRST_BUCKET + (bucket if bucket < _BUCKETS else _BUCKETS - 1)] += 1.0
                mask = 0
                for o in range(n):
                    if o != s:
                        mask |= hit[o][loc] | anywhere[o]
                        if in_start[o] > 0 and loc == start_exit(colours[o]):
                            mask |= _EXIT_BITS
                chance = CHANCES[mask]
                danger += chance
                danger_weighted += chance * share
                slide += SLIDE_CHANCE[colour][loc]
        attack = 0.0
        attack_weighted = 0.0
        exit_square = start_exit(colour)
        for o in range(n):
            if o == s:
                continue
            for loc in pawns[o]:
                if loc < 60:
                    mask = hit[s][loc] | anywhere[s]
                    if in_start[s] > 0 and loc == exit_square:
                        mask |= _EXIT_BITS
                    chance = CHANCES[mask]
                    attack += chance
                    attack_weighted += chance * PROGRESS[colours[o]][loc]
        turn = (s - next_to_move) % n
        f[13] = progress
        f[14] = progress * progress / n_pawns
        f[15] = danger
        f[16] = danger_weighted
        f[17] = attack
        f[18] = attack_weighted
        f[19] = slide
        f[20 + turn] = 1.0
        if turn == 0:
            f[24] = attack_weighted
            f[25] = danger_weighted
        out.append(f)
    return out


def seat_values(pawns: tuple, colours: tuple, next_to_move: int, weights) -> list[float]:
    """Each seat's value: its features times the weights, summed in FEATURES' order."""
    values = []
    for f in seat_features(pawns, colours, next_to_move):
        z = 0.0
        for i in range(N_FEATURES):
            z += weights[i] * f[i]
        values.append(z)
    return values


def softmax(values: list[float]) -> list[float]:
    top = max(values)
    exps = [math.exp(v - top) for v in values]
    total = sum(exps)
    return [e / total for e in exps]


def chances_of(pawns: tuple, colours: tuple, next_to_move: int, n_pawns_home_wins: int,
               weights) -> list[float]:
    """Win chances per seat: 1 for a seat with every pawn HOME, else the softmax of the values."""
    for s, locs in enumerate(pawns):
        if sum(1 for loc in locs if loc == HOME) == n_pawns_home_wins:
            return [1.0 if t == s else 0.0 for t in range(len(colours))]
    return softmax(seat_values(pawns, colours, next_to_move, weights))


def win_chances(position) -> dict[int, float]:
    """The chance each colour in the game wins (colour index -> chance), before the player to
    move draws; they sum to 1. Trained on games where each colour plays for itself: in a team
    game they are still each colour's own."""
    weights = weights_for(len(position.colours))
    chances = chances_of(position.pawns, position.colours, position.to_move,
                         len(position.pawns[0]), weights)
    return dict(zip(position.colours, chances))


class LearnedStrategy:
    """Plays the move whose result gives the mover (in a team game, the mover's team) the best
    win chance by the learned values (docs/learned.md); a winning move at once; ties at random
    among the best."""

    name = "learned"

    def __init__(self, weights: dict[int, list[float]] | None = None) -> None:
        #: Weights per player count; the shipped ones unless given (training, tests).
        self.weights = weights

    def _weights(self, n: int):
        if self.weights is not None:
            return self.weights[n]
        return weights_for(n)

    def choose(self, position, card, moves, rng):
        if len(moves) == 1:
            return moves[0]
        colours = position.colours
        weights = self._weights(len(colours))
        seat = position.to_move
        # In a team game (T1-T8) a move is as good as the team's chance: the partner sits
        # opposite (the rule set's own wins() says the same).
        partner = (seat + 2) % 4 if position.rules.partnerships() else None
        best: list = []
        best_value = None
        seen = set()
        for move in moves:
            result = move.result_pawns
            if result in seen:
                continue
            seen.add(result)
            if move.wins:
                return move
            values = seat_values(result, colours, next_seat(move, False), weights)
            # The mover's softmax share, compared as its log: v_seat - log(sum exp(v)).
            top = max(values)
            total = math.log(sum(math.exp(v - top) for v in values))
            if partner is None:
                value = values[seat] - top - total
            else:
                value = math.log(math.exp(values[seat] - top)
                                 + math.exp(values[partner] - top)) - total
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def check_weights(data) -> dict[int, list[float]]:
    """The weights per player count from a parsed weights file; LearnedWeightsError naming what
    is wrong otherwise."""
    if not isinstance(data, dict):
        raise LearnedWeightsError("learned weights: expected a JSON object")
    if data.get("format") != WEIGHTS_FORMAT:
        raise LearnedWeightsError(f"learned weights: format must be {WEIGHTS_FORMAT!r}, not "
                                  f"{data.get('format')!r}")
    if data.get("features") != list(FEATURES):
        raise LearnedWeightsError("learned weights: features differ from this version's "
                                  f"({N_FEATURES} features: {', '.join(FEATURES)})")
    by_count = data.get("weights")
    if not isinstance(by_count, dict) or set(by_count) != {str(n) for n in PLAYER_COUNTS}:
        raise LearnedWeightsError("learned weights: weights must map each player count "
                                  f"{', '.join(map(str, PLAYER_COUNTS))} to a list")
    out = {}
    for n in PLAYER_COUNTS:
        row = by_count[str(n)]
        if not isinstance(row, list) or len(row) != N_FEATURES:
            raise LearnedWeightsError(f"learned weights: weights.{n} must be a list of "
                                      f"{N_FEATURES} numbers")
        for i, w in enumerate(row):
            if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) \
                    or abs(w) > 1e6:
                raise LearnedWeightsError(f"learned weights: weights.{n}[{i}] is {w!r}, not a "
                                          "finite number of at most 1e6")
        out[n] = [float(w) for w in row]
    return out


def read_weights(text: bytes | str) -> dict[int, list[float]]:
    """Parse and check a weights file's text (size-capped)."""
    if len(text) > MAX_WEIGHTS_BYTES:
        raise LearnedWeightsError(f"learned weights: {len(text)} bytes, more than the "
                                  f"{MAX_WEIGHTS_BYTES} a weights file may have")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise LearnedWeightsError(f"learned weights: not JSON ({exc})") from None
    return check_weights(data)


@lru_cache(maxsize=1)
def shipped_weights() -> dict[int, list[float]]:
    """The weights shipped in the package, read and checked once."""
    text = resources.files(__package__).joinpath(WEIGHTS_FILE).read_bytes()
    return read_weights(text)


def weights_for(n_players: int) -> list[float]:
    if n_players not in PLAYER_COUNTS:
        raise ValueError(f"learned: no weights for {n_players} players; the board has "
                         f"{PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]}")
    return shipped_weights()[n_players]


STRATEGIES["learned"] = LearnedStrategy
