"""The move coach: for the card drawn, how often does each legal move win? (docs/coach.md)

Every distinct result of the card's legal moves is played on ``rollouts`` times to the end by
the chosen players (random or greedy), and the mover's share of wins, with a 95% Wilson
interval, estimates the move's win probability. Choices the coach makes, as a careful player
would:

* The position does not say which cards are gone, so each rollout deals from a freshly shuffled
  full deck.
* Every move's rollouts use the same seeds: the moves are compared on the same deals (common
  random numbers), so a difference between two moves is less often luck of the deal.
* Moves that end in the same position are one option (the random strategy's view, C8); the
  coach lists the first of them.
* A move that wins at once is certain: no rollouts.
* In a team game the mover wins when the mover's team wins (T8).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..board.cards import card_from_name, card_label
from ..board.game import next_seat
from ..board.moves import Move, legal_moves
from ..board.state import Position
from .experiments import simulate, wilson_interval
from ..board.strategies import STRATEGIES, as_strategy


@dataclass
class MoveEstimate:
    """One move's estimated win probability for the mover."""
    move: Move
    wins: int
    games: int
    win_rate: float
    ci95: tuple[float, float]

    @property
    def notation(self) -> str:
        return self.move.notation

    def to_dict(self) -> dict:
        return {"move": self.move.notation, "explanation": self.move.explanation,
                "wins": self.wins, "games": self.games, "win_rate": self.win_rate,
                "ci95": list(self.ci95)}


@dataclass
class CoachAdvice:
    """The coach's answer: one estimate per distinct move, in legal-move order."""
    position: Position
    card: int
    rollouts: int
    strategy: str
    estimates: list[MoveEstimate]
    engine: str
    seconds: float

    @property
    def best(self) -> MoveEstimate:
        """The move with the highest estimated win rate (the first listed on a tie)."""
        return max(self.estimates, key=lambda e: e.win_rate)

    def to_dict(self) -> dict:
        return {"card": card_label(self.card), "rollouts": self.rollouts,
                "strategy": self.strategy, "engine": self.engine, "seconds": self.seconds,
                "best": self.best.notation, "moves": [e.to_dict() for e in self.estimates]}

    def report(self) -> str:
        mover = self.position.colour_to_move
        lines = [f"{mover.capitalize()} holds {_a(card_label(self.card))}: "
                 f"{len(self.estimates)} distinct moves, {self.rollouts} {self.strategy} "
                 f"games after each ({self.engine} engine, {self.seconds:.1f} s)",
                 "move             win rate   95% interval"]
        best = self.best
        for e in self.estimates:
            mark = "  <- best" if e is best else ""
            lines.append(f"{e.notation:<16} {e.win_rate:8.1%}   "
                         f"[{e.ci95[0]:.1%}, {e.ci95[1]:.1%}]{mark}")
        return "\n".join(lines)


def _a(label: str) -> str:
    return ("an " if label in ("8", "11") else "a ") + label


def distinct_moves(moves: Sequence[Move]) -> list[Move]:
    """The first move of each distinct result, in order."""
    seen: dict = {}
    for move in moves:
        seen.setdefault(move.result_pawns, move)
    return list(seen.values())


def coach(position: Position, card: int | str, *, rollouts: int = 1000,
          strategy: str | Any = "random", seed: Any = 0, engine: str = "auto",
          workers: int | None = None) -> CoachAdvice:
    """Estimate, for each distinct legal move of ``card`` in ``position``, the probability
    that the player to move goes on to win, from ``rollouts`` games played after it by
    ``strategy`` players (every seat). See the module's notes for the choices made."""
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
        raise ValueError(f"rollouts: must be a whole number of at least 1, not {rollouts!r}")
    if not isinstance(position, Position):
        raise ValueError(f"position: expected a Position, not {type(position).__name__}")
    if position.rules.deals_hands:
        raise ValueError(f"position: in {position.rules.name} a player holds a hand of "
                         f"cards; the coach advises on one drawn card")
    if position.winner() is not None:
        raise ValueError(f"position: the game is over ({position.winner()} won)")
    card = card_from_name(card) if not isinstance(card, int) or isinstance(card, bool) \
        else card
    moves = distinct_moves(legal_moves(position, card))
    mover = position.colour_to_move
    name = as_strategy(strategy).name
    started = time.perf_counter()
    estimates = []
    used = "python"
    for move in moves:
        after = move.result
        if move.wins:
            estimates.append(MoveEstimate(move, rollouts, rollouts, 1.0, (1.0, 1.0)))
            continue
        after = after.with_to_move(position.colour_names[next_seat(move)])
        summary = simulate(start=after, games=rollouts, strategy=strategy, seed=seed,
                           engine=engine, workers=workers)
        used = summary.engine
        wins = sum(w for colour, w in zip(summary.players, summary.wins_per_seat)
                   if _wins_for(position, colour, mover))
        estimates.append(MoveEstimate(move, wins, rollouts, wins / rollouts,
                                      wilson_interval(wins, rollouts)))
    return CoachAdvice(position, card, rollouts, name, estimates, used,
                       time.perf_counter() - started)


def _wins_for(position: Position, winner_colour: str, mover: str) -> bool:
    return position.rules.team_of(winner_colour) == position.rules.team_of(mover)


class CoachStrategy:
    """Plays the move the coach estimates best, from ``rollouts`` games per distinct move by
    ``players`` (random or greedy). Slow by design: every choice is a small experiment."""

    def __init__(self, rollouts: int = 100, players: str = "random") -> None:
        self.rollouts = rollouts
        self.players = players
        self.name = "coach" if (rollouts, players) == (100, "random") else \
            f"coach({rollouts}, {players})"

    def choose(self, position, card, moves, rng):
        options = distinct_moves(moves)
        if len(options) == 1:
            return options[0]
        advice = coach(position, card, rollouts=self.rollouts, strategy=self.players,
                       seed=rng.random(), workers=1)
        best = advice.best.move
        return next(m for m in moves if m.result_pawns == best.result_pawns)


# The games' strategies cannot import the coach (it runs simulations, a layer above the games),
# so the coach adds itself to them by name: as_strategy("coach"), --strategy coach.
STRATEGIES["coach"] = CoachStrategy
