"""Many games at once: win rates per seat, game lengths, speed.

Game ``i`` of a run with seed ``s`` uses the seed ``f"{s}:{i}"``, so any single game of an
experiment can be replayed on its own with :class:`~.game.Game`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .board import COLOURS
from .fastsim import play_random_game, supports
from .game import Game, high_card_draw
from .position import Position
from .rules import RuleSet, get_rules
from .strategies import RandomStrategy


def wilson_interval(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, 0.0)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, math.sqrt(var))


@dataclass
class GameResult:
    seed: str
    winner_seat: int  # 0 = the player who moved first (in a team game: whose move won)
    winner: str | tuple[str, str]  # a colour, or a team's two colours
    cards: int
    turns: int
    #: Points per colour at the end, for a rule set that keeps a score.
    scores: dict[str, int] | None = None
    #: The colour that moved first (seat 1).
    first: str = ""


@dataclass
class Summary:
    games: int
    players: list[str]  # colours in seat order: seat 1 moves first
    strategies: list[str]
    rules: str
    seed: Any
    wins_per_seat: list[int]
    win_rate_per_seat: list[float]
    win_rate_ci95_per_seat: list[list[float]]
    cards_per_game_mean: float
    cards_per_game_sd: float
    turns_per_game_mean: float
    turns_per_game_sd: float
    seconds: float
    games_per_second: float
    #: Team rule sets: wins per team ("red+yellow", "blue+green") with 95% intervals.
    wins_per_team: dict[str, int] | None = None
    win_rate_ci95_per_team: dict[str, list[float]] | None = None
    #: Scored rule sets: mean points per seat.
    points_per_seat_mean: list[float] | None = None

    def to_dict(self) -> dict:
        data = asdict(self)
        if self.wins_per_team is None:
            del data["wins_per_team"], data["win_rate_ci95_per_team"]
        if self.points_per_seat_mean is None:
            del data["points_per_seat_mean"]
        return data

    def report(self) -> str:
        lines = [
            f"{self.games} games, {self.rules} rules, seed {self.seed}",
            "seat  colour  strategy   wins    win rate   95% interval",
        ]
        for i, colour in enumerate(self.players):
            lo, hi = self.win_rate_ci95_per_seat[i]
            lines.append(
                f"{i + 1:>4}  {colour:<6}  {self.strategies[i]:<9} {self.wins_per_seat[i]:>6}"
                f"   {self.win_rate_per_seat[i]:8.2%}   [{lo:.2%}, {hi:.2%}]"
            )
        if self.points_per_seat_mean is not None:
            lines.append("mean points per seat: " + ", ".join(
                f"{i + 1} {c} {p:.1f}" for i, (c, p) in
                enumerate(zip(self.players, self.points_per_seat_mean))))
        for team, wins in (self.wins_per_team or {}).items():
            lo, hi = self.win_rate_ci95_per_team[team]
            lines.append(f"team {team:<12} {wins:>6}   {wins / self.games:8.2%}   "
                         f"[{lo:.2%}, {hi:.2%}]")
        lines.append(f"cards per game: mean {self.cards_per_game_mean:.1f}, "
                     f"sd {self.cards_per_game_sd:.1f}")
        lines.append(f"turns per game: mean {self.turns_per_game_mean:.1f}, "
                     f"sd {self.turns_per_game_sd:.1f}")
        lines.append(f"{self.games_per_second:.0f} games/second ({self.seconds:.2f} s)")
        return "\n".join(lines)


def play_one(start: Position, strategies: dict, seed: Any) -> GameResult:
    """One game from ``start`` without history. All-random games take the fast loop, which
    plays the same games as :class:`Game`."""
    n = len(start.colours)
    if start.rules.leader_by_high_card:
        leader, _ = high_card_draw(start.colour_names, start.rules.deck, seed)
        start = start.with_to_move(leader)  # as Game(seed=seed) chooses it
    rules = start.rules
    if supports(rules) and all(type(s) is RandomStrategy for s in strategies.values()):
        homes: list[int] = []
        winner_seat, cards, turns = play_random_game(start, seed, homes=homes)
        winner = COLOURS[start.colours[winner_seat]]
        scores = rules.scores_from(dict(zip(start.colour_names, homes)), winner,
                                   len(start.pawns[0]))
        # Seats count from the player who moved first.
        return GameResult(str(seed), (winner_seat - start.to_move) % n, winner, cards, turns,
                          scores, start.colour_to_move)
    game = Game(start=start, seed=seed, strategies=strategies, keep_history=False)
    winner = game.run()
    # The winner is still to move when the game ends.
    seat = (game.position.to_move - start.to_move) % n
    return GameResult(str(seed), seat, winner, game.cards_played, game.turn,
                      rules.scores(game.position), start.colour_to_move)


def simulate(
    players: int | Sequence[str] = 4,
    games: int = 1000,
    strategy: str | Sequence[Any] = "random",
    seed: Any = 0,
    rules: str | RuleSet = "classic",
    first: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    results: list[GameResult] | None = None,
) -> Summary:
    """Play ``games`` games and summarise them. ``strategy`` is one for everyone or one per
    seat; ``progress(done, total)`` is called now and then; ``results``, if given, receives
    every game's result (for plots of the length distribution, say)."""
    if games < 1:
        raise ValueError(f"games: must be at least 1, not {games}")
    start = Position.initial(players, get_rules(rules), to_move=first)
    colours = list(start.colour_names)
    seat_colours = colours[start.to_move:] + colours[:start.to_move]
    if isinstance(strategy, str) and "," in strategy:
        strategy = strategy.split(",")
    if isinstance(strategy, (list, tuple)):
        if len(strategy) != len(colours):
            raise ValueError(f"strategy: {len(strategy)} strategies for {len(colours)} players")
        per_colour = dict(zip(seat_colours, strategy))
    else:
        per_colour = {c: strategy for c in colours}
    # Resolved once: strategy objects are shared by all the games of a run.
    strategies = Game(start=start, seed=0, strategies=per_colour, keep_history=False).strategies
    names = [strategies[c].name for c in seat_colours]
    wins = [0] * len(colours)
    cards: list[int] = []
    turns: list[int] = []
    step = max(1, games // 100)
    finished: list[GameResult] = []
    started = time.perf_counter()
    for i in range(games):
        result = play_one(start, strategies, f"{seed}:{i}")
        finished.append(result)
        wins[result.winner_seat] += 1
        cards.append(result.cards)
        turns.append(result.turns)
        if results is not None:
            results.append(result)
        if progress is not None and (i + 1) % step == 0:
            progress(i + 1, games)
    seconds = time.perf_counter() - started
    points = None
    if start.rules.scoring:
        # Seats count from the player who moved first, which a high-card draw changes per game.
        points = [0.0] * len(colours)
        for result in finished:
            order = list(result.scores)
            first = order.index(result.first) if result.first in order else 0
            for k in range(len(order)):
                points[k] += result.scores[order[(first + k) % len(order)]] / games
    team_wins = None
    if start.rules.teams:
        team_wins = {"+".join(t): 0 for t in start.rules.teams}
        for result in finished:
            team_wins["+".join(start.rules.team_of(result.winner[0]))] += 1
    cards_mean, cards_sd = mean_sd(cards)
    turns_mean, turns_sd = mean_sd(turns)
    return Summary(
        games=games, players=seat_colours, strategies=names, rules=start.rules.name, seed=seed,
        wins_per_seat=wins, win_rate_per_seat=[w / games for w in wins],
        win_rate_ci95_per_seat=[list(wilson_interval(w, games)) for w in wins],
        cards_per_game_mean=cards_mean, cards_per_game_sd=cards_sd,
        turns_per_game_mean=turns_mean, turns_per_game_sd=turns_sd,
        seconds=seconds, games_per_second=games / seconds if seconds > 0 else math.inf,
        wins_per_team=team_wins, points_per_seat_mean=points,
        win_rate_ci95_per_team=None if team_wins is None else {
            t: list(wilson_interval(w, games)) for t, w in team_wins.items()},
    )
