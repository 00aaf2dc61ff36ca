"""Players of other Sorry! programs, written from their published descriptions (not their code),
so that the ladder (docs/ladder.md) can say how this project's players compare.

Each class's docstring cites the description it follows and says where the description left a
choice open and what was chosen. They play every rule set the move generator serves, but the
descriptions were written for one card per play: from a hand (play for points) they judge each
card's moves the same way.

* ``apologies-reward``: the ``apologies`` package's reward-based computer player
  (``RewardV1InputSource``).
* ``sorrygame-greedy``, ``sorrygame-notsorry``, ``sorrygame-survivor``,
  ``sorrygame-teleporter``: four of the strategies the sorry-game project (Dante Barbieri's
  Sorry! simulator) describes.

Importing :mod:`sorry_widget.board` registers them in :data:`~.strategies.STRATEGIES`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .moves import SORRY_MOVE, START_PAWN, SWITCH, Move
from .strategies import STRATEGIES, best_moves
from .track import HOME, SAFETY_1, START, STEPS_TO_HOME

_WIN_BONUS = 1000.0


def _best(moves: Sequence[Move], score, rng) -> Move:
    """The move with the highest ``score(move)``, moves that end alike counted once, ties
    broken at random with ``rng``."""
    if len(moves) == 1:
        return moves[0]
    best = best_moves(moves, score)
    return best[int(rng.random() * len(best))] if len(best) > 1 else best[0]


def _distance(colour: int, locations) -> int:
    """Forward steps the pawns at ``locations`` still need to reach HOME (START counts as the
    farthest, one step before the start exit)."""
    steps = STEPS_TO_HOME[colour]
    return sum(steps[loc] for loc in locations)


def _safe(location: int) -> bool:
    """In the safety zone or HOME, where no opponent can reach the pawn."""
    return location >= SAFETY_1 and location != START


class ApologiesRewardStrategy:
    """The ``apologies`` package's reward-based player, ``RewardV1InputSource``, as its
    documentation describes it (https://apologies.readthedocs.io/en/stable/ , "Playing a Game",
    and the ``apologies.reward`` module page): it "chooses the move with the highest calculated
    reward value", where "a pawn is worth more the closer it is to home. It's worth
    incrementally more in the safe zone (where it can't be hurt). There's an additional bonus
    for winning", and the score compares "the player's position relative to the positions of
    all its opponents", so that the move "both maximizes the player's position and also
    minimizes the positions of its opponents".

    Choices the description leaves open, made here: a pawn's worth is the forward steps it has
    made (START is worth 0, HOME the most), plus 5 in the safety zone and HOME; a win adds
    1000; the reward is the player's worth minus the sum of the opponents' (every opponent
    counts fully: greedy weighs them by half). Ties are broken at random."""

    name = "apologies-reward"
    safe_bonus = 5.0

    def worth(self, colour: int, locations) -> float:
        start = STEPS_TO_HOME[colour][START]
        total = 0.0
        for loc in locations:
            total += start - STEPS_TO_HOME[colour][loc]
            if _safe(loc):
                total += self.safe_bonus
        if all(loc == HOME for loc in locations):
            total += _WIN_BONUS
        return total

    def reward(self, pawns, colours, seat: int) -> float:
        own = self.worth(colours[seat], pawns[seat])
        others = sum(self.worth(colours[s], locs) for s, locs in enumerate(pawns) if s != seat)
        return own - others

    def choose(self, position, card, moves, rng):
        seat, colours = position.to_move, position.colours
        return _best(moves, lambda m: self.reward(m.result_pawns, colours, seat), rng)


class SorryGameGreedyStrategy:
    """sorry-game's "Greedy", as the project's strategy notes describe it
    (github.com/dantebarbieri/sorry-game, frontend/src/lib/docs/strategies.md, "Planned
    strategies"): it "always tries to minimize the distance from each pawn to Home", picking
    the move that brings the average pawn closest to home, "ties broken by preferring moves
    that stay on safe spaces".

    Choices made here: the average (the description offers "average (or best)"); safe spaces
    are the safety zone and HOME; a tie left after that is broken at random. Opponents' pawns
    play no part (unlike this project's greedy, which likes bumps)."""

    name = "sorrygame-greedy"

    @staticmethod
    def key(move: Move) -> tuple:
        seat = move.position.to_move
        mine = move.result_pawns[seat]
        return (-_distance(move.position.colours[seat], mine), sum(map(_safe, mine)))

    def choose(self, position, card, moves, rng):
        return _best(moves, self.key, rng)


class SorryGameNotSorryStrategy(SorryGameGreedyStrategy):
    """sorry-game's "Not Sorry" (the same notes): it "prioritizes getting pawns out of Start —
    any card that can play a pawn out (1, 2, Sorry!) is always used for that purpose when
    possible. Otherwise falls back to Greedy behavior."

    Here: a move that takes a pawn out of START (a 1's or 2's start, a Sorry!) is always
    preferred; among several such moves, and otherwise, sorry-game's Greedy chooses."""

    name = "sorrygame-notsorry"

    def choose(self, position, card, moves, rng):
        out = [m for m in moves if m.kind in (START_PAWN, SORRY_MOVE)]
        return _best(out or moves, self.key, rng)


def _leader(position) -> int | None:
    """The opponent seat "closest to winning": the smallest average distance to HOME (the first
    such seat in turn order on a tie); None with no opponent."""
    colours, pawns = position.colours, position.pawns
    # In a team game (T1) the partner is no opponent.
    friends = position.rules.mover_seats(position)
    opponents = [s for s in range(len(colours)) if s not in friends]
    if not opponents:
        return None
    return min(opponents, key=lambda s: _distance(colours[s], pawns[s]) / len(pawns[s]))


class SorryGameSurvivorStrategy(SorryGameGreedyStrategy):
    """sorry-game's "Survivor" (the same notes): it "plays defensively, targeting whichever
    opponent is closest to winning", with this priority each turn:

    1. "Attack the leader": a move that bumps the leading opponent (the smallest average
       distance to Home), or an 11-swap that sends a leader's pawn backwards;
    2. "Rush to safety": move a pawn into a Safety zone;
    3. "Go home": a pawn reaches Home this turn;
    4. otherwise play as Greedy.

    Here: the first level that has a move decides, and sorry-game's Greedy chooses among its
    moves; an attack is any move after which the leader's pawns are farther from HOME in all
    (a bump, a Sorry!, a switch, a slide that sweeps them). The notes' "strategic reversal"
    (with a 4 or 10s) is that same attack when such a move exists."""

    name = "sorrygame-survivor"

    def levels(self, position, moves: Sequence[Move]) -> list[list[Move]]:
        seat, colours, before = position.to_move, position.colours, position.pawns
        leader = _leader(position)
        attack, safety, home = [], [], []
        mine_before = sorted(before[seat])
        for move in moves:
            after = move.result_pawns
            if leader is not None and _distance(colours[leader], after[leader]) > \
                    _distance(colours[leader], before[leader]):
                attack.append(move)
            mine_after = sorted(after[seat])
            if sum(SAFETY_1 <= q < START for q in mine_after) > \
                    sum(SAFETY_1 <= q < START for q in mine_before) or \
                    any(SAFETY_1 <= q < START for q in set(mine_after) - set(mine_before)):
                safety.append(move)
            if mine_after.count(HOME) > mine_before.count(HOME):
                home.append(move)
        return [attack, safety, home]

    def choose(self, position, card, moves, rng):
        for level in self.levels(position, moves):
            if level:
                return _best(level, self.key, rng)
        return _best(moves, self.key, rng)


class SorryGameTeleporterStrategy(SorryGameGreedyStrategy):
    """sorry-game's "Teleporter" (the same notes): it "always takes an 11-swap when it is legal,
    regardless of whether the trade benefits the player. When choosing a swap target, picks the
    opponent whose pawn is furthest around the track relative to this player's start exit —
    maximizing own board progress".

    Here: among the switches, the one that leaves the player's own pawns nearest HOME (the
    farthest-around target, a slide from the triangle included); without a switch, sorry-game's
    Greedy chooses."""

    name = "sorrygame-teleporter"

    def choose(self, position, card, moves, rng):
        switches = [m for m in moves if m.kind == SWITCH]
        return _best(switches or moves, self.key, rng)


#: The other programs' players by name, registered with the board game's strategies.
OTHERS = {
    "apologies-reward": ApologiesRewardStrategy,
    "sorrygame-greedy": SorryGameGreedyStrategy,
    "sorrygame-notsorry": SorryGameNotSorryStrategy,
    "sorrygame-survivor": SorryGameSurvivorStrategy,
    "sorrygame-teleporter": SorryGameTeleporterStrategy,
}
STRATEGIES.update(OTHERS)
