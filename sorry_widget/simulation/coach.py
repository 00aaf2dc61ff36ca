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
* Moves that are clearly worse stop being played (racing): the moves are played in rounds on
  the same deals, and after each round a move the leader beats game by game (the 99% interval
  of the difference above 0) is dropped. The answer says how many games each move got and
  whether the best is sure.
* Where the game is small enough to solve (two players, each with one pawn left to bring HOME,
  rules that draw one card per play), the coach answers exactly instead: each move's chance of
  winning when both then play their best, cards drawn with replacement (docs/exact.md). So
  does it in the two-pawn game (classic rules, red and yellow with at most two pawns each left
  to bring HOME) when that game's table is in the cache (:mod:`.twopawn`); the coach never
  starts its solve.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..board.cards import card_from_name, card_label
from ..board.game import next_seat
from ..board.moves import Move, legal_moves
from ..board.state import Position
from .experiments import check_workers, engine_for, simulate, wilson_interval
from ..core.safeio import shown
from ..core.seeds import MAX_SEED_CHARS, check_seed
from . import exact as exact_solver
from . import twopawn
from ..board.strategies import STRATEGIES, as_strategy
from ..core.messages import DEFAULT_LANGUAGE, Message, register
from ..core.numbers import format_as
from ..core.words import register_kinds

#: The coach's verdicts (domain ``"coach"``), translated in the catalogs like every message.
register("coach", "en", {
    "exact": "Exact: {best} is best, with a chance of {rate:percent} when both players then "
             "play their best (docs/exact.md).",
    "sure": "Sure: {best} is best; on the same deals it won more often than every other move "
            "(95% intervals of the differences above 0).",
    "not_sure_one": "Not sure: {best} leads, but {others} is not clearly worse after "
                    "{games:grouped} games on the same deals: more games would tell them apart, "
                    "or they are about as good.",
    "not_sure": "Not sure: {best} leads, but {others} are not clearly worse after "
                "{games:grouped} games on the same deals: more games would tell them apart, or "
                "they are about as good.",
    "other_moves": "{count} other moves",
}, kinds={"percent": lambda value, language: format_as(value, ".1%", language),
          "grouped": lambda value, language: format_as(value, ",", language)})
register_kinds("coach")


@dataclass
class MoveEstimate:
    """One move's estimated win probability for the mover."""
    move: Move
    wins: int
    games: int
    win_rate: float
    ci95: tuple[float, float]
    #: Whether ``win_rate`` is exact (solved, or a move that wins at once), not an estimate.
    exact: bool = False
    #: Whether the racing coach stopped playing this move because it was clearly worse.
    dropped: bool = False
    #: How much less often this move won than the best, game by game on the same deals, with
    #: its 95% interval: (mean, low, high); None for the best and for exact figures.
    gap_to_best: tuple[float, float, float] | None = None

    @property
    def notation(self) -> str:
        return self.move.notation

    def to_dict(self) -> dict:
        return {"move": self.move.notation, "explanation": self.move.explanation,
                "wins": self.wins, "games": self.games, "win_rate": self.win_rate,
                "ci95": list(self.ci95), "exact": self.exact, "dropped": self.dropped,
                "gap_to_best": list(self.gap_to_best) if self.gap_to_best else None}


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
    #: "exact" (solved), "racing" (clearly worse moves dropped) or "full" (every move played
    #: ``rollouts`` times).
    method: str = "full"

    @property
    def best(self) -> MoveEstimate:
        """The move with the highest estimated win rate (the first listed on a tie)."""
        return max(self.estimates, key=lambda e: e.win_rate)

    @property
    def exact(self) -> bool:
        """Whether every figure is exact."""
        return all(e.exact for e in self.estimates)

    @property
    def games(self) -> int:
        """Games played in all, over every move."""
        return sum(e.games for e in self.estimates if not e.exact)

    @property
    def sure(self) -> bool:
        """Whether the best move is known to be best: exact, or it beat every other move on
        the same deals (the 95% interval of each game-by-game difference above 0)."""
        best = self.best
        if self.exact or best.exact:  # every figure solved, or the best wins at once
            return True
        return all(e is best or (e.gap_to_best is not None and e.gap_to_best[1] > 0)
                   for e in self.estimates)

    @property
    def contenders(self) -> list[MoveEstimate]:
        """The best move, then every move not clearly worse than it (in legal-move order):
        the one best if :attr:`sure`, else the leading moves too close to call. What the
        coach says (its verdict, the widget's notice) names these, so no message claims more."""
        best = self.best
        if self.sure:
            return [best]
        return [best] + [e for e in self.estimates
                         if e is not best and not (e.gap_to_best and e.gap_to_best[1] > 0)]

    def verdict(self, language: str = DEFAULT_LANGUAGE) -> str:
        """How sure the coach is, in one sentence, in ``language``."""
        return self.verdict_message().text(language)

    def verdict_message(self) -> Message:
        """:meth:`verdict` as a message."""
        best = self.best
        if self.exact:
            return Message("coach.exact", best=best.notation, rate=best.win_rate)
        if self.sure:
            return Message("coach.sure", best=best.notation)
        close = [e.notation for e in self.contenders if e is not best]
        others = ", ".join(close) if len(close) <= 3 else \
            Message("coach.other_moves", count=len(close))
        return Message("coach.not_sure_one" if len(close) == 1 else "coach.not_sure",
                       best=best.notation, others=others, games=best.games)

    def to_dict(self) -> dict:
        return {"card": card_label(self.card), "rollouts": self.rollouts,
                "strategy": self.strategy, "engine": self.engine, "seconds": self.seconds,
                "best": self.best.notation, "method": self.method, "exact": self.exact,
                "sure": self.sure, "games": self.games, "verdict": self.verdict(),
                "moves": [e.to_dict() for e in self.estimates]}

    def report(self) -> str:
        mover = self.position.colour_to_move
        if self.method == "exact":
            how = "solved exactly, both playing their best afterwards"
        elif self.method == "racing":
            how = (f"{self.games:,} {self.strategy} games in all, at most {self.rollouts:,} after "
                   f"each, clearly worse moves dropped ({self.engine} engine, "
                   f"{self.seconds:.1f} s)")
        else:
            how = (f"{self.rollouts} {self.strategy} games after each ({self.engine} engine, "
                   f"{self.seconds:.1f} s)")
        lines = [f"{mover.capitalize()} holds {_a(card_label(self.card))}: "
                 f"{len(self.estimates)} distinct moves, {how}",
                 "move             win rate   95% interval      games"]
        best = self.best
        for e in self.estimates:
            mark = "  <- best" if e is best else ""
            interval = "exact" if e.exact else f"[{e.ci95[0]:.1%}, {e.ci95[1]:.1%}]"
            games = "" if e.exact else f"{e.games:>6,}" + (" dropped" if e.dropped else "")
            lines.append(f"{e.notation:<16} {e.win_rate:8.1%}   {interval:<17} {games}{mark}")
        lines.append(self.verdict())
        return "\n".join(lines)


def _a(label: str) -> str:
    return ("an " if label in ("8", "11") else "a ") + label


def distinct_moves(moves: Sequence[Move]) -> list[Move]:
    """The first move of each distinct result, in order."""
    seen: dict = {}
    for move in moves:
        seen.setdefault(move.result_pawns, move)
    return list(seen.values())


#: Games after each move between two looks of the racing coach.
RACING_ROUND = 100
#: The racing coach drops a move whose interval at this confidence lies below the leader's:
#: 99% (z = 2.576) at each look, wider than the reported 95%, since it looks several times.
RACING_Z = 2.5758293035489
#: Games in all for one answer when the games are played by the pure-Python engine (as in
#: JupyterLite, or in a team game, which the batch engine does not play): about two seconds
#: of games there, whatever the number of moves.
PYTHON_ENGINE_BUDGET = 1_200
#: The most games after one move (``rollouts``): 100,000 games tell two moves apart by under
#: half a percentage point, and the batch engine plays them in about 15 s. More asked for
#: memory no machine has (10**12 games: 931 GiB) or ran for ever.
MAX_ROLLOUTS = 100_000
#: The most games in all (``budget``): a few minutes of the batch engine.
MAX_BUDGET = 2_000_000


def _count(name: str, value: Any, most: int) -> int:
    """``value`` checked as a whole number from 1 to ``most``: one ValueError naming it."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise ValueError(f"{name}: must be a whole number from 1 to {most:,}, not "
                         f"{shown(value)}")
    return value


def coach(position: Position, card: int | str, *, rollouts: int = 1000,
          strategy: str | Any = "random", seed: Any = 0, engine: str = "auto",
          workers: int | None = None, method: str = "auto",
          budget: int | None = None) -> CoachAdvice:
    """Estimate, for each distinct legal move of ``card`` in ``position``, the probability
    that the player to move goes on to win, from up to ``rollouts`` games played after it by
    ``strategy`` players (every seat). See the module's notes for the choices made.

    ``method``: ``"auto"`` (exact where the game is small enough, else racing), ``"racing"``
    (clearly worse moves stop being played), ``"full"`` (every move gets ``rollouts`` games) or
    ``"exact"`` (an error where the game is too big). ``budget``: the most games in all, for
    racing and full (at least one game per move that does not win at once); by default no
    limit when the batch engine plays the games and :data:`PYTHON_ENGINE_BUDGET` when the
    pure-Python one does (as for team games, which the batch engine does not play, numba or
    not). At most :data:`MAX_ROLLOUTS` rollouts and a budget of :data:`MAX_BUDGET`."""
    _count("rollouts", rollouts, MAX_ROLLOUTS)
    check_seed(seed)
    if method not in ("auto", "racing", "full", "exact"):
        raise ValueError(f"method: {shown(method)} is not one of auto, racing, full, exact")
    if budget is not None:
        _count("budget", budget, MAX_BUDGET)
    check_workers(workers)
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
    name = as_strategy(strategy).name
    started = time.perf_counter()
    if method in ("auto", "exact"):
        solved = exact_solver.solvable_position(position)
        # The two-pawn table answers only if it is already cached: the coach never starts
        # its solve of minutes (sorry-widget exact game --pawns 2 does).
        table = twopawn.cached_table() if solved is None else None
        if table is not None and not table.covers(position):
            table = None
        if solved is None and table is None and method == "exact":
            raise ValueError("method: exact needs a small game: two players with one pawn "
                             "each left to bring HOME, under classic, original-1934 or "
                             "edition-2013 rules")
        if solved is not None or table is not None:
            if solved is not None:
                values = solved()

                def chance(move):
                    return exact_solver.chance_after(values, move)
            else:
                chance = table.chance_after
            estimates = []
            for move in moves:
                rate = 1.0 if move.wins else chance(move)
                estimates.append(MoveEstimate(move, 0, 0, rate, (rate, rate), exact=True))
            return CoachAdvice(position, card, rollouts, "best play", estimates, "exact",
                               time.perf_counter() - started, "exact")
    # The budget is chosen for the engine that will play the games: the batch engine plays
    # no team game, so a team game is played by the Python engine even with numba installed.
    playing = engine_for(engine, position.rules, strategy)
    if budget is None and playing == "python":
        budget = PYTHON_ENGINE_BUDGET
    open_moves = [m for m in moves if not m.wins]
    if budget is not None and budget < len(open_moves):
        raise ValueError(f"budget: {budget:,} cannot give each of the {len(open_moves)} "
                         f"moves one game; give at least {len(open_moves)}")
    runner = _Rollouts(position, strategy, seed, playing, workers)
    if method == "full":
        if budget is not None and open_moves:
            rollouts = min(rollouts, budget // len(open_moves))
        for move in open_moves:
            runner.play(move, rollouts, 0)
    else:
        _race(runner, open_moves, rollouts, budget)
    estimates = []
    for move in moves:
        if move.wins:
            estimates.append(MoveEstimate(move, 0, 0, 1.0, (1.0, 1.0), exact=True))
            continue
        wins, games = runner.wins[move], runner.games[move]
        estimates.append(MoveEstimate(move, wins, games, wins / games if games else 0.0,
                                      wilson_interval(wins, games),
                                      dropped=move in runner.dropped))
    played = [e for e in estimates if not e.exact]
    if played:
        leader = max(played, key=lambda e: e.win_rate)
        for e in played:
            if e is not leader:
                e.gap_to_best = paired_gap(runner.outcomes[leader.move], runner.outcomes[e.move])
    return CoachAdvice(position, card, rollouts, name, estimates, runner.engine,
                       time.perf_counter() - started, "full" if method == "full" else "racing")


class _Rollouts:
    """Games played after each move, in rounds; round ``r`` of every move uses the same seed,
    so the moves are compared on the same deals."""

    def __init__(self, position, strategy, seed, engine, workers) -> None:
        self.position, self.strategy, self.seed = position, strategy, seed
        self.engine, self.workers = engine, workers
        self.wins: dict[Move, int] = {}
        self.games: dict[Move, int] = {}
        self.dropped: set[Move] = set()

        #: Per move, 1 or 0 for each game in the order played: game i of every move is dealt
        #: alike, so two moves can be compared game by game.
        self.outcomes: dict[Move, list[int]] = {}

    def play(self, move: Move, games: int, round_: int) -> None:
        after = move.result.with_to_move(self.position.colour_names[next_seat(move)])
        seed = self.seed if round_ == 0 else _round_seed(self.seed, round_)
        results: list = []
        summary = simulate(start=after, games=games, strategy=self.strategy, seed=seed,
                           engine=self.engine, workers=self.workers, results=results)
        self.engine = summary.engine
        mover = self.position.colour_to_move
        outcomes = [int(_won(self.position, r.winner, mover)) for r in results]
        self.outcomes.setdefault(move, []).extend(outcomes)
        self.wins[move] = self.wins.get(move, 0) + sum(outcomes)
        self.games[move] = self.games.get(move, 0) + games


def _round_seed(seed: Any, round_: int) -> str:
    """Round ``round_``'s seed, ``"seed/round"``; where that would pass the seed limit (a seed
    near it), its digest, which is as much the same for the same seed."""
    text = f"{seed}/{round_}"
    if len(text) <= MAX_SEED_CHARS:
        return text
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _race(runner: _Rollouts, moves: list[Move], rollouts: int, budget: int | None) -> None:
    """Play ``moves`` in rounds, dropping after each the moves the leader beats on the same
    deals (the 99% interval of the game-by-game difference above 0), until one is left, every
    one left has ``rollouts`` games, or the budget of games is spent."""
    alive = list(moves)
    spent = 0
    round_ = 0
    while alive:
        played = runner.games.get(alive[0], 0)
        size = min(RACING_ROUND, rollouts - played)
        if budget is not None:
            size = min(size, (budget - spent) // len(alive))
        if size <= 0 or (round_ > 0 and len(alive) == 1):
            break
        for move in alive:
            runner.play(move, size, round_)
        spent += size * len(alive)
        round_ += 1
        leader = max(alive, key=lambda m: runner.wins[m] / runner.games[m])
        for move in alive:
            if move is not leader and paired_gap(runner.outcomes[leader],
                                                 runner.outcomes[move], RACING_Z)[1] > 0:
                runner.dropped.add(move)
        alive = [m for m in alive if m not in runner.dropped]


def _won(position: Position, winner, mover: str) -> bool:
    """Whether a game's winner (a colour, or a team's two) is the mover or the mover's team."""
    if isinstance(winner, tuple):
        return mover in winner
    return _wins_for(position, winner, mover)


def paired_gap(first: Sequence[int], second: Sequence[int],
               z: float = 1.959963984540054) -> tuple[float, float, float]:
    """How much more often ``first`` won than ``second`` over the same deals, game by game:
    the mean difference and its normal interval (95% by default) over the games both played
    (a move dropped early has fewer). Sharper than comparing two separate intervals, because
    the luck of the deal is shared."""
    n = min(len(first), len(second))
    if n < 2:
        return (0.0, -1.0, 1.0)
    diffs = [a - b for a, b in zip(first[:n], second[:n])]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = z * (var / n) ** 0.5
    return (mean, mean - half, mean + half)


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
