"""The ladder: a round robin of the board game's players, rated (docs/ladder.md).

Every pair of players (2-player games) or every group of four (4-player games) plays the same
*deals*: deal ``d`` of a ladder with seed ``s`` is the card sequence of ``Game(seed=f"{s}:{d}")``
(the deck has its own random stream, so the cards come in the same order whoever plays them),
replayed once for every seat order of the group (2 orders for a pair, 24 for four players). So
no player gets better cards or a better seat than another in the same group: what is left of
luck is what the players' choices make of the same cards.

The ratings come from a Bradley–Terry model extended to games of several players as Luce's
choice model (the first place of a Plackett–Luce model): each player has a strength
``gamma``, and the chance that player ``i`` wins a game among the players ``S`` is
``gamma_i / sum(gamma_j for j in S)``; with two players this is Bradley–Terry. Only the winner
of a game is known, which is exactly what the model uses; no ranking of the others is invented.
The strengths are fitted by maximum likelihood with Hunter's MM (minorise–maximise) iteration
(Hunter 2004, "MM algorithms for generalized Bradley–Terry models"), pure Python; one virtual
win and one virtual loss of each player against a player of strength 1 keep a player who never
(or always) wins finite. Ratings are shown on the Elo scale, ``400 * log10(gamma_i /
gamma_anchor)``, the anchor (the first player listed; ``random`` by default) at 0: 200 points
more means winning about 76 % of two-player games against that player.

The 95 % intervals are percentile intervals of a bootstrap over the deals (each resample draws
the deals with replacement and keeps all the games of a drawn deal, every pair and seat order
together, so the correlation of the games on one deal is respected); the deals that the slow
players (the coach) also played are resampled apart from the others.

Pairwise win rates: for two players ``a`` and ``b``, of the games both played that one of
them won, the share ``a`` won (in 2-player games, ``a``'s win rate against ``b``), with its
bootstrap interval.
"""

from __future__ import annotations

import importlib
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations, permutations
from typing import Any

from ..board.game import Game
from ..board.state import Position
from ..board.strategies import STRATEGIES, as_strategy
from ..core.safeio import shown
from ..core.seeds import seed_or_fresh

#: The players a ladder may rate (2- or 4-player games).
PLAYER_COUNTS = (2, 4)
#: The most games one pair (2 players) or one group of four plays.
MAX_GAMES = 1_000_000
#: The most games of a whole ladder: at about 2 ms a game (pure Python), 10 hours.
MAX_TOTAL_GAMES = 20_000_000
#: The most players in one ladder (4-player groups grow as its fourth power).
MAX_STRATEGIES = 16
#: The most bootstrap resamples.
MAX_RESAMPLES = 10_000
#: Games per pair or group for a group with a slow player, by default.
SLOW_GAMES = {2: 40, 4: 24}
#: The coach in the ladder: 1,000 games after each move played by greedy players, which makes
#: a 2-player game take one or two seconds with the batch engine.
COACH_ROLLOUTS = 1000
COACH_PLAYERS = "greedy"
#: Registered names the ladder takes when their modules exist (other parts of the project add
#: them); ``perfect`` only where its table covers the games' start.
OPTIONAL_MODULES = ("learned", "twopawn")
#: The MM iteration stops when no strength changes by more than this (relative).
TOLERANCE = 1e-10
MAX_ITERATIONS = 20_000
PRIOR_GAMES = 1.0  # virtual wins (and as many losses) of each player against strength 1



def _load_optional() -> None:
    """Import the modules that register ``learned`` and ``perfect``, where they exist."""
    for name in OPTIONAL_MODULES:
        try:
            importlib.import_module(f"{__package__}.{name}")
        except ImportError:
            pass


def coach_player():
    """The coach as the ladder plays it (:data:`COACH_ROLLOUTS` games after each move)."""
    from .coach import CoachStrategy

    return CoachStrategy(COACH_ROLLOUTS, COACH_PLAYERS)


def is_slow(strategy) -> bool:
    """Whether a player takes seconds a game (the coach): its groups play ``slow_games``."""
    return getattr(strategy, "name", "").startswith("coach")


def _start(players: int) -> Position:
    return Position.initial(players, "classic")


#: Why a registered player is left out of a ladder: a code (the JSON's ``excluded`` values)
#: and its English (the command translates it).
LEFT_OUT = {
    "no-module": "its module (simulation/twopawn.py) is not installed",
    "no-table": "the two-pawn table is not built (sorry-widget exact game --pawns 2)",
    "not-covered": "it plays from the solved two-pawn table, which does not cover the start of a "
                   "full game (four pawns in START)",
    "too-slow": "a 4-player ladder plays every group in 24 seat orders: with the coach it would "
                "take hours (name it to include it)",
    "no-batch": "without the batch engine (NumPy + numba: pip install 'sorry-widget[fast]') "
                "its games take about half a minute each, an hour or more "
                "for a short ladder (name it to include it)",
}


def applies(name: str, players: int) -> str | None:
    """Why the registered player ``name`` cannot play this ladder's games (a code of
    :data:`LEFT_OUT`), or None if it can. ``perfect`` plays from the solved two-pawn table,
    which covers positions with two pawns of each of two players HOME, never the start of a
    full game."""
    if name != "perfect":
        return None
    try:
        from . import twopawn  # type: ignore[attr-defined]
    except ImportError:
        return "no-module"
    table = twopawn.cached_table()
    if table is None:
        return "no-table"
    if players != 2 or not table.covers(_start(players)):
        return "not-covered"
    return None


def coach_left_out(players: int) -> str | None:
    """Why a default ladder of ``players``-player games leaves the coach out (a code of
    :data:`LEFT_OUT`), or None if it plays: 4-player groups take hours with it, and without the
    batch engine (its absence detected as :func:`experiments.fast_engine_available` does) each
    of its games takes about half a minute."""
    from .experiments import fast_engine_available

    if players != 2:
        return "too-slow"
    if not fast_engine_available():
        return "no-batch"
    return None


def default_strategies(players: int = 2) -> tuple[list, dict[str, str]]:
    """The players of a default ladder, and those left out with why (codes of
    :data:`LEFT_OUT`): random, greedy, the coach (2-player games only: a 4-player group of 24
    seat orders takes minutes a deal; and only with the batch engine, without which each of
    its games takes about half a minute), every other registered player (``learned``, the other
    programs' players) and ``perfect`` where it applies."""
    _load_optional()
    chosen: list = []
    excluded: dict[str, str] = {}
    for name in STRATEGIES:
        if name == "coach":
            why = coach_left_out(players)
            if why is None:
                chosen.append(coach_player())
            else:
                excluded[coach_player().name] = why
            continue
        why = applies(name, players)
        if why is None:
            chosen.append(name)
        else:
            excluded[name] = why
    return chosen, excluded


def _count(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name}: must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{name}: must be from {low:,} to {high:,}, not {value:,}")
    return value


def _players(strategies, players: int) -> tuple[list, dict[str, str]]:
    """The strategy objects of a ladder, checked: known, distinct names, enough of them."""
    if strategies is None:
        chosen, excluded = default_strategies(players)
    else:
        if isinstance(strategies, str) or not isinstance(strategies, Sequence):
            raise ValueError("strategies: must be a list of strategy names or strategies, not "
                             f"{strategies!r}")
        _load_optional()
        chosen, excluded = [], {}
        for item in strategies:
            if isinstance(item, str):
                if item == "coach":
                    item = coach_player()
                else:
                    why = applies(item, players) if item in STRATEGIES else None
                    if why is not None:
                        raise ValueError(f"strategies: {shown(item)} cannot play this ladder: "
                                         f"{LEFT_OUT[why]}")
            chosen.append(item)
    objects = [as_strategy(item) for item in chosen]
    names = [getattr(s, "name", None) or type(s).__name__ for s in objects]
    if len(set(names)) != len(names):
        raise ValueError(f"strategies: each player once, not {shown(names, 200)}")
    if not players <= len(objects) <= MAX_STRATEGIES:
        raise ValueError(f"strategies: a {players}-player ladder needs from {players} to "
                         f"{MAX_STRATEGIES} players, not {len(objects)}")
    return objects, excluded


# --- the model ------------------------------------------------------------------------------


def fit_strengths(groups: Sequence[Sequence[int]], wins: Sequence[Sequence[float]],
                  n: int, prior: float = PRIOR_GAMES) -> list[float]:
    """Maximum-likelihood strengths of Luce's choice model (Bradley–Terry for pairs) by MM.

    ``groups[g]`` are the players (0 … n-1) of the games of kind ``g``, ``wins[g][k]`` how many
    of those games ``groups[g][k]`` won. Each player also has ``prior`` virtual wins and as
    many losses against a player of strength 1, so every strength is finite and positive; with
    ``prior=0`` the strengths' geometric mean is 1 (and a player who never wins gets 0).

    The results fix the strengths' ratios only, so after each MM step the common scale is set
    where the virtual games' likelihood is highest (a one-dimensional Newton solve): without
    it MM would creep along that direction at a rate of the prior over the games."""
    won = [float(prior)] * n
    for members, counts in zip(groups, wins):
        for player, count in zip(members, counts):
            won[player] += count
    totals = [sum(counts) for counts in wins]
    live = [(members, total) for members, total in zip(groups, totals) if total > 0]
    gamma = [1.0] * n
    for _ in range(MAX_ITERATIONS):
        denominator = [2 * prior / (g + 1.0) for g in gamma]
        for members, total in live:
            share = total / sum(gamma[p] for p in members)
            for p in members:
                denominator[p] += share
        new = [w / d if d > 0 else 0.0 for w, d in zip(won, denominator)]
        new = _rescaled(new, prior)
        change = max(abs(a - b) / b for a, b in zip(new, gamma) if b > 0)
        gamma = new
        if change < TOLERANCE:
            break
    return gamma


def _rescaled(gamma: list[float], prior: float) -> list[float]:
    """``gamma`` times the factor ``c`` that maximises the virtual games' likelihood, where
    ``sum(c g / (c g + 1)) = n / 2``; the geometric mean set to 1 without a prior."""
    positive = [g for g in gamma if g > 0]
    if not positive:
        return gamma
    if prior == 0:
        mean = math.exp(sum(math.log(g) for g in positive) / len(positive))
        return [g / mean for g in gamma]
    u = 0.0
    for _ in range(100):
        c = math.exp(u)
        shares = [c * g / (c * g + 1) for g in gamma]
        slope = sum(s * (1 - s) for s in shares)
        step = (sum(shares) - len(gamma) / 2) / slope
        u -= step
        if abs(step) < 1e-14:
            break
    c = math.exp(u)
    return [c * g for g in gamma]


def elo(gamma: Sequence[float], anchor: int = 0) -> list[float]:
    """Strengths on the Elo scale, the anchor at 0."""
    return [400.0 * math.log10(g / gamma[anchor]) for g in gamma]


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


class Tally:
    """The games' results by deal: for each deal, how often each member of each group won."""

    def __init__(self, groups: list[tuple[int, ...]]) -> None:
        self.groups = groups
        self.slots = [(g, k) for g, members in enumerate(groups) for k in range(len(members))]
        self.slot_of = {key: i for i, key in enumerate(self.slots)}
        self.deals: list[list[int]] = []

    def new_deal(self) -> list[int]:
        counts = [0] * len(self.slots)
        self.deals.append(counts)
        return counts

    def wins(self, weights: Sequence[int] | None = None) -> list[list[float]]:
        """The wins per group and member, over the deals (each counted ``weights[d]`` times)."""
        total = [0] * len(self.slots)
        for d, counts in enumerate(self.deals):
            weight = 1 if weights is None else weights[d]
            if weight:
                for i, c in enumerate(counts):
                    if c:
                        total[i] += weight * c
        out: list[list[float]] = [[0] * len(m) for m in self.groups]
        for (g, k), c in zip(self.slots, total):
            out[g][k] = c
        return out


def _pairwise(groups, wins, n: int) -> dict[tuple[int, int], tuple[float, float]]:
    """For each pair a < b: (a's wins, b's wins) over the games both played."""
    found: dict[tuple[int, int], list[float]] = {}
    for members, counts in zip(groups, wins):
        for (ka, a), (kb, b) in combinations(enumerate(members), 2):
            if a > b:
                (ka, a), (kb, b) = (kb, b), (ka, a)
            pair = found.setdefault((a, b), [0.0, 0.0])
            pair[0] += counts[ka]
            pair[1] += counts[kb]
    return {pair: (w[0], w[1]) for pair, w in found.items()}


@dataclass
class Rating:
    """One player's line of the table."""
    name: str
    rating: float  # Elo scale, the anchor at 0
    low: float     # 95 % interval
    high: float
    games: int
    wins: int

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else math.nan


@dataclass
class Pairing:
    """Two players' record against each other (``a`` before ``b`` in the table's order)."""
    a: str
    b: str
    a_wins: int
    b_wins: int
    rate: float  # a's share of the games one of them won
    low: float
    high: float

    @property
    def games(self) -> int:
        return self.a_wins + self.b_wins


@dataclass
class LadderResult:
    """A ladder's answer: :attr:`rows` by rating, best first, and the pairs' records."""
    players: int
    seed: Any
    games: int           # games per pair or group asked for
    deals: int           # deals played by every pair or group
    slow_deals: int      # deals played by the groups with a slow player
    seat_orders: int
    rows: list[Rating]
    pairs: list[Pairing]
    excluded: dict[str, str]
    total_games: int
    resamples: int
    seconds: float
    anchor: str
    rules: str = "classic"
    model: str = ""
    interval: str = ""
    strategies: list[str] = field(default_factory=list)
    #: The players whose groups play ``slow_deals`` deals (the coach).
    slow: tuple[str, ...] = ()

    def table(self) -> list[Rating]:
        return list(self.rows)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["format"] = "sorry-ladder/1"
        data["slow"] = list(self.slow)
        for row, source in zip(data["rows"], self.rows):
            row["win_share"] = source.win_share
        for pair, source in zip(data["pairs"], self.pairs):
            pair["games"] = source.games
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict())


def _method(players: int) -> tuple[str, str]:
    model = ("Bradley-Terry (MM fit), Elo scale" if players == 2 else
             "Luce's choice model, Bradley-Terry for the winner of several (MM fit), Elo scale")
    return model, "bootstrap over paired deals, 95% percentile interval"


def rate(tally: Tally, n: int, *, anchor: int = 0, resamples: int = 200,
         strata: Sequence[range] | None = None, seed: Any = 0):
    """The fitted ratings (Elo scale) with bootstrap intervals, and the pairwise records.

    Returns ``(ratings, intervals, wins, pairs, pair_intervals)``: ``wins`` as
    ``Tally.wins()`` gives them, ``pairs`` as ``_pairwise()``, ``pair_intervals`` the 95 %
    intervals of each pair's first player's share."""
    groups = tally.groups
    wins = tally.wins()
    ratings = elo(fit_strengths(groups, wins, n), anchor)
    pairs = _pairwise(groups, wins, n)
    strata = strata or [range(len(tally.deals))]
    rng = random.Random(f"ladder-bootstrap:{seed}")
    samples: list[list[float]] = [[] for _ in range(n)]
    pair_samples: dict[tuple[int, int], list[float]] = {p: [] for p in pairs}
    for _ in range(resamples):
        weights = [0] * len(tally.deals)
        for stratum in strata:
            if len(stratum):
                for d in rng.choices(stratum, k=len(stratum)):
                    weights[d] += 1
        resampled = tally.wins(weights)
        for i, r in enumerate(elo(fit_strengths(groups, resampled, n), anchor)):
            samples[i].append(r)
        for pair, (a, b) in _pairwise(groups, resampled, n).items():
            if a + b:
                pair_samples[pair].append(a / (a + b))
    intervals = [(_quantile(s, 0.025), _quantile(s, 0.975)) if s else (math.nan, math.nan)
                 for s in samples]
    pair_intervals = {p: (_quantile(s, 0.025), _quantile(s, 0.975)) if s else (0.0, 1.0)
                      for p, s in pair_samples.items()}
    return ratings, intervals, wins, pairs, pair_intervals


def ladder(players: int = 2, games: int = 200, strategies: Sequence | None = None,
           seed: Any = None, progress: Callable[[int, int], None] | None = None, *,
           slow_games: int | None = None, resamples: int = 200) -> LadderResult:
    """Play the round robin and rate the players (see the module's notes).

    ``games``: games per pair (2 players) or per group of four, rounded up to whole deals
    (every seat order of a deal: 2 or 24 games); ``slow_games`` the same for a group with a
    slow player (the coach; default :data:`SLOW_GAMES`). ``strategies``: names or strategy
    objects (default :func:`default_strategies`); ``"coach"`` means the ladder's coach
    (:func:`coach_player`). ``progress(done, total)`` is called as games finish. One process
    plays every game."""
    players = _count("players", players, 2, 4)
    if players not in PLAYER_COUNTS:
        raise ValueError(f"players: a ladder plays 2- or 4-player games, not {players}")
    games = _count("games", games, 1, MAX_GAMES)
    slow_games = _count("slow_games", SLOW_GAMES[players] if slow_games is None else slow_games,
                        1, MAX_GAMES)
    resamples = _count("resamples", resamples, 0, MAX_RESAMPLES)
    if progress is not None and not callable(progress):
        raise ValueError(f"progress: must be a function progress(done, total), not {progress!r}")
    seed = seed_or_fresh(seed)
    objects, excluded = _players(strategies, players)
    names = [s.name for s in objects]
    n = len(objects)
    orders = math.factorial(players)
    deals = -(-games // orders)
    groups = list(combinations(range(n), players))
    slow = [any(is_slow(objects[i]) for i in group) for group in groups]
    slow_deals = min(deals, -(-slow_games // orders))
    total = sum((slow_deals if s else deals) * orders for s in slow)
    if total > MAX_TOTAL_GAMES:
        raise ValueError(f"games: this ladder would play {total:,} games; at most "
                         f"{MAX_TOTAL_GAMES:,} (fewer games or fewer players)")
    tally = Tally(groups)
    began = time.perf_counter()
    done = 0
    for d in range(deals):
        counts = tally.new_deal()
        deal_seed = f"{seed}:{d}"
        for g, group in enumerate(groups):
            if slow[g] and d >= slow_deals:
                continue
            for order in permutations(range(players)):
                seated = [group[k] for k in order]
                winner = play_deal(deal_seed, [objects[i] for i in seated])
                counts[tally.slot_of[(g, order[winner])]] += 1
                done += 1
                if progress is not None:
                    progress(done, total)
    strata = [range(0, slow_deals), range(slow_deals, deals)]
    ratings, intervals, wins, pairs, pair_intervals = rate(
        tally, n, resamples=resamples, strata=strata, seed=seed)
    played = [0] * n
    won = [0] * n
    for g, members in enumerate(groups):
        games_here = sum(wins[g])
        for k, p in enumerate(members):
            played[p] += games_here
            won[p] += wins[g][k]
    rows = [Rating(names[i], ratings[i], *intervals[i], played[i], won[i]) for i in range(n)]
    order_of = sorted(range(n), key=lambda i: -ratings[i])
    rows = [rows[i] for i in order_of]
    rank = {p: r for r, p in enumerate(order_of)}
    pairings = []
    for (a, b), (wa, wb) in pairs.items():
        low, high = pair_intervals[(a, b)]
        rate_a = wa / (wa + wb) if wa + wb else math.nan
        if rank[a] > rank[b]:
            a, b, wa, wb, rate_a, low, high = b, a, wb, wa, 1 - rate_a, 1 - high, 1 - low
        pairings.append(Pairing(names[a], names[b], int(wa), int(wb), rate_a, low, high))
    pairings.sort(key=lambda p: (rank[names.index(p.a)], rank[names.index(p.b)]))
    model, interval = _method(players)
    return LadderResult(players=players, seed=seed, games=games, deals=deals,
                        slow_deals=slow_deals, seat_orders=orders, rows=rows, pairs=pairings,
                        excluded=excluded, total_games=done, resamples=resamples,
                        seconds=time.perf_counter() - began, anchor=names[0], model=model,
                        interval=interval, strategies=names,
                        slow=tuple(n for n, o in zip(names, objects) if is_slow(o)))


def play_deal(deal_seed: str, seated: Sequence) -> int:
    """Play one classic game of the deal ``deal_seed`` with ``seated[k]`` in seat ``k`` (seat 0
    moves first); the winner's seat. The deck's stream depends on the seed alone, so every
    seating of a deal draws the same cards in the same order."""
    game = Game(players=len(seated), rules="classic", seed=deal_seed, strategies=list(seated),
                keep_history=False)
    winner = game.run()
    if winner is None:
        raise RuntimeError(f"the game of deal {deal_seed!r} did not finish")
    return game.colours.index(winner)
