"""Experiments: many games of the board game at once, summarised: win rates per seat, game
lengths, bumps and slides, speed.

Two engines play them (docs/simulation.md):

* ``"python"``, the standard library alone (JupyterLite, machines without the ``fast`` extra):
  game ``i`` of a run with seed ``s`` is ``Game(seed=f"{s}:{i}")``, so any game of an
  experiment can be replayed on its own with :class:`~.game.Game`;
* ``"batch"`` (:mod:`.batch_engine`, NumPy and numba): the same rules, compiled, many games
  per call; its games have their own random streams, and :func:`batch_game` replays any of
  them as a :class:`~.game.Game`.

``workers`` spreads the games over processes (python) or threads (batch) on this machine,
``client`` over a Dask cluster. Game ``i`` is the same game whoever plays it, so a run's result
depends on the seed and the engine, not on the number of workers.
"""

from __future__ import annotations

import math
import os
import pickle
import sys
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..board.track import COLOURS
from ..board.cards import CARD_NAMES, card_from_name
from .fast_loop import play_random_game
from ..board.game import Game
from ..board.state import Position
from ..board.rules import RuleSet, get_rules
from ..core.safeio import shown
from ..core.seeds import seed_or_fresh
from ..core.statistics import mean_sd, wilson_interval
from ..board.strategies import GreedyStrategy, RandomStrategy, as_strategy

ENGINES = ("auto", "batch", "python")
FAST_EXTRA = "pip install 'sorry-widget[fast]'"


class FastEngineMissing(ImportError):
    """The batch engine or Dask was asked for and is not installed: one sentence says what to
    install."""


def batch_engine():
    """The batch engine module, or :class:`FastEngineMissing` naming what to install."""
    try:
        from . import batch_engine as engine
    except ImportError as exc:
        raise FastEngineMissing(
            f"engine='batch' needs NumPy and numba, which are not installed here "
            f"({exc.name or exc}); install them with {FAST_EXTRA}, or use engine='python'"
        ) from None
    return engine


#: The most games one run plays: every game's result is kept until the run is summarised
#: (about 80 bytes a game with the batch engine: 800 MB here), and 10**12 games asked numpy
#: for terabytes. Ten million is the largest run the docs show (on a Dask cluster).
MAX_GAMES = 10_000_000


class CacheWarning(UserWarning):
    """numba's cache of the batch engine could not be read or written; the run went on without
    it."""


def _from_numbas_cache(exc: BaseException) -> bool:
    """Whether ``exc`` was raised while numba read or wrote its cache (a full disk, a truncated
    file, a garbage index), whatever its type."""
    import traceback

    return any(frame.filename.replace("\\", "/").endswith("numba/core/caching.py")
               for frame in traceback.extract_tb(exc.__traceback__))


def _batch_ready() -> tuple[float, str] | None:
    """The batch engine's compiled loop made ready (:func:`batch_engine.ready`), or None with
    one warning if numba's cache of it is damaged, so the caller plays on the Python engine
    rather than stopping."""
    engine = batch_engine()
    try:
        return engine.ready()
    except Exception as exc:  # noqa: BLE001 — only numba's cache trouble is caught
        if not _from_numbas_cache(exc):
            raise
        folder = getattr(getattr(engine.play_chunk, "_cache", None), "_cache_path", None)
        reason = (str(exc).strip().splitlines() or [""])[0][:120]
        warnings.warn(f"numba's cache of the batch engine could not be used "
                      f"({type(exc).__name__}: {reason}); these games are played on the Python "
                      f"engine. If the disk is not full, the cache is damaged: deleting it"
                      f"{f' ({folder})' if folder else ''} lets the next run compile it afresh.",
                      CacheWarning, stacklevel=3)
        return None


def fast_engine_available() -> bool:
    """Whether NumPy and numba are importable (without importing them)."""
    from importlib.util import find_spec

    return find_spec("numba") is not None and find_spec("numpy") is not None


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
    #: Opponent pawns sent to START by landing on them or a Sorry! (C3, C11), and slides
    #: taken (C4), when counted (always by the batch engine; by the python one with counts).
    bumps: int | None = None
    slides: int | None = None
    #: "python": ``Game(seed=seed)`` replays it; "batch": :func:`batch_game` does.
    engine: str = "python"


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
    #: Which engine played ("batch" or "python") and how many workers (1: this process).
    engine: str = "python"
    workers: int = 1
    #: Batch engine: seconds spent making its compiled loop ready before the games (not in
    #: ``seconds``), and how: "compiled" (the first run on a machine: tens of seconds),
    #: "cache" (loaded from numba's cache, under a second) or "memory" (already loaded).
    compile_seconds: float | None = None
    compiled: str | None = None
    #: Bumps and slides per game, when counted (see :class:`GameResult`).
    bumps_per_game_mean: float | None = None
    slides_per_game_mean: float | None = None
    #: Per game, in game order: ``winner_seat``, ``cards``, ``turns`` and, when counted,
    #: ``bumps`` and ``slides`` — NumPy arrays from the batch engine, lists from the python
    #: one. Left out of :meth:`to_dict`.
    per_game: dict[str, Any] = field(default_factory=dict, repr=False)
    #: When counted: how often each track square (0–59) was landed on (a move's, Sorry!'s or
    #: switch's landing, and a slide's end) and how often a pawn was bumped from it.
    landed: list[int] | None = field(default=None, repr=False)
    bumped: list[int] | None = field(default=None, repr=False)

    def to_dict(self) -> dict:
        data = asdict(self)
        del data["per_game"], data["landed"], data["bumped"]
        if self.compiled is None:
            del data["compile_seconds"], data["compiled"]
        if self.wins_per_team is None:
            del data["wins_per_team"], data["win_rate_ci95_per_team"]
        if self.points_per_seat_mean is None:
            del data["points_per_seat_mean"]
        if self.bumps_per_game_mean is None:
            del data["bumps_per_game_mean"], data["slides_per_game_mean"]
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
        if self.bumps_per_game_mean is not None:
            lines.append(f"per game: {self.bumps_per_game_mean:.1f} bumps, "
                         f"{self.slides_per_game_mean:.1f} slides")
        workers = f", {self.workers} workers" if self.workers > 1 else ""
        lines.append(f"{self.games_per_second:,.0f} games/second ({self.seconds:.2f} s, "
                     f"{self.engine} engine{workers})")
        if self.compiled == "compiled":
            lines.append(f"compiled in {self.compile_seconds:.1f} s before the games (once per "
                         "machine: numba's cache keeps it for later runs)")
        elif self.compiled == "cache":
            lines.append(f"compiled code loaded from numba's cache in "
                         f"{self.compile_seconds:.1f} s before the games")
        return "\n".join(lines)


def count_events(events: Sequence[dict], landed: list[int], bumped: list[int]) -> tuple[int, int]:
    """Add one move's landings and bumps (its :attr:`~.moves.Move.events`) to the per-square
    counts; return its ``(bumps, slides)``. The batch engine counts the same things."""
    bumps = slides = 0
    for e in events:
        kind = e["event"]
        if kind in ("move", "start", "sorry") and isinstance(e["to"], int):
            landed[e["to"]] += 1
        elif kind == "switch":
            landed[e["other_from"]] += 1  # the mover lands where the opponent stood
        elif kind == "slide":
            landed[e["to"]] += 1
            slides += 1
        elif kind == "bump":
            bumped[e["from"]] += 1
            bumps += 1
    return bumps, slides


def _leader(start: Position, seed: Any) -> Position:
    leader, _ = start.rules.choose_leader(start.colour_names, seed)
    # As Game(seed=seed) chooses it; None: the start's player to move leads.
    return start if leader is None else start.with_to_move(leader)


def play_one(start: Position, strategies: dict, seed: Any, card: int | None = None,
             counts: tuple[list[int], list[int]] | None = None,
             draw_leader: bool = True) -> GameResult:
    """One game from ``start`` without history (``card``: the card the player to move holds).
    All-random games take the fast loop, which plays the same games as :class:`Game`. With
    ``counts`` (landed, bumped per square) the game keeps its moves to count their events.
    ``draw_leader``: begin with the rule set's high-card draw, if it has one."""
    n = len(start.colours)
    if draw_leader:
        start = _leader(start, seed)
    rules = start.rules
    if (card is None and counts is None and rules.plays_fast("fast_loop")
            and all(type(s) is RandomStrategy for s in strategies.values())):
        homes: list[int] = []
        winner_seat, cards, turns = play_random_game(start, seed, homes=homes)
        winner = COLOURS[start.colours[winner_seat]]
        scores = rules.scores_from(dict(zip(start.colour_names, homes)), winner,
                                   len(start.pawns[0]))
        # Seats count from the player who moved first.
        return GameResult(str(seed), (winner_seat - start.to_move) % n, winner, cards, turns,
                          scores, start.colour_to_move)
    game = Game(start=start, seed=seed, strategies=strategies, keep_history=counts is not None)
    if card is not None:
        game.draw(card)
    winner = game.run()
    if winner is None:
        raise RuntimeError(f"game {seed!r}: no winner after 100000 cards")
    bumps = slides = None
    if counts is not None:
        bumps = slides = 0
        for play in game.history:
            b, s = count_events(play.move.events, *counts)
            bumps += b
            slides += s
    # The winner is still to move when the game ends.
    seat = (game.position.to_move - start.to_move) % n
    return GameResult(str(seed), seat, winner, game.cards_played, game.turn,
                      rules.scores(game.position), start.colour_to_move, bumps, slides)


@dataclass
class _Run:
    """What every chunk of a run needs (picklable, for processes and Dask workers)."""
    start: Position
    strategies: dict  # colour -> strategy object
    seed: Any
    engine: str
    counts: bool
    card: int | None
    #: Whether each game begins with the rule set's high-card draw (from the opening only).
    draw_leader: bool


def _play_range(run: _Run, lo: int, hi: int) -> dict:
    """Games ``lo`` … ``hi - 1`` of a run: per-game columns plus per-square counts."""
    if run.engine == "batch":
        batch = batch_engine()
        start = run.start
        strategies = [run.strategies[c] for c in start.colour_names]
        out = batch.play_games(start, hi - lo, strategies, run.seed, first_game=lo,
                               first_card=-1 if run.card is None else run.card,
                               draw_leader=run.draw_leader and start.rules.leader_by_high_card)
        out["lo"] = lo
        return out
    landed, bumped = [0] * 60, [0] * 60
    games = [play_one(run.start, run.strategies, f"{run.seed}:{i}", run.card,
                      (landed, bumped) if run.counts else None, run.draw_leader)
             for i in range(lo, hi)]
    return {"lo": lo, "games": games, "landed": landed, "bumped": bumped}


#: The most games the batch engine plays in one compiled call. Compiled code does not see
#: Ctrl-C: Python raises KeyboardInterrupt only when the call returns, so a call must end soon
#: (about a second on a slow, busy core) for a long run to stop when asked.
BATCH_CHUNK_GAMES = 2000


def _chunks(games: int, pieces: int, most: int | None = None) -> list[tuple[int, int]]:
    """About ``pieces`` ranges, at most 100 (the progress bar's resolution), each of at most
    ``most`` games."""
    size = max(1, math.ceil(games / max(1, min(pieces, 100, games))))
    if most is not None:
        size = min(size, most)
    return [(lo, min(games, lo + size)) for lo in range(0, games, size)]


def _ignore_interrupts() -> None:
    """A worker process leaves Ctrl-C to the run that started it (which stops it), instead of
    printing a traceback of its own."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool) -> None:
    """Interrupted (or failed): the queued chunks are dropped and worker processes ended, so the
    run stops now rather than after every chunk has been played."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # gone at shutdown
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def default_workers() -> int:
    """All the cores this process may use (one in a browser, where there are no processes)."""
    if sys.platform == "emscripten":
        return 1
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


#: The most workers a run may ask for, per core this process may use: more only queue up for
#: the same cores, and thousands of processes exhaust the memory.
WORKERS_PER_CORE = 4


def max_workers() -> int:
    return WORKERS_PER_CORE * default_workers()


def check_workers(workers, name: str = "workers") -> None:
    """Refuse a number of workers that is not a whole number from 1 to :func:`max_workers`
    (``name``: the argument or option as the caller knows it)."""
    if workers is None:
        return
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"{name}: must be a whole number of at least 1, not {workers!r}")
    if workers > max_workers():
        raise ValueError(f"{name}: at most {max_workers()} ({WORKERS_PER_CORE} per core; "
                         f"{default_workers()} here), not {workers}")


def _run_chunks(run: _Run, games: int, workers: int, client, progress) -> tuple[list, int]:
    """Play every chunk, locally or on a Dask cluster; returns the chunks and the workers."""
    done = 0

    def tick(chunk):
        nonlocal done
        done += _chunk_games(chunk)
        if progress is not None:
            progress(done, games)

    if client is not None:
        try:
            from distributed import as_completed
        except ImportError:
            raise FastEngineMissing(
                "client= needs Dask's distributed package, which is not installed here; "
                "install it with pip install 'sorry-widget[dask]'") from None
        n_workers = max(1, len(client.scheduler_info().get("workers", {})))
        futures = [client.submit(_play_range, run, lo, hi, pure=False)
                   for lo, hi in _chunks(games, 4 * n_workers if progress is None else 100)]
        chunks = []
        for future in as_completed(futures):
            chunk = future.result()
            chunks.append(chunk)
            tick(chunk)
        return chunks, n_workers
    ranges = _chunks(games, 100 if progress is not None else 4 * workers,
                     BATCH_CHUNK_GAMES if run.engine == "batch" else None)
    if workers <= 1:
        chunks = []
        for lo, hi in ranges:
            chunks.append(_play_range(run, lo, hi))
            tick(chunks[-1])
        return chunks, 1
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, ThreadPoolExecutor, wait

    if run.engine == "batch":
        # The compiled loop releases the GIL: threads use every core without copying anything.
        pool = ThreadPoolExecutor(workers)
    else:
        import multiprocessing

        # fork: the workers inherit the loaded engine (and a notebook's own strategies).
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method),
                                   initializer=_ignore_interrupts)
    try:
        pending = {pool.submit(_play_range, run, lo, hi) for lo, hi in ranges}
        chunks = []
        while pending:
            # Waits of a quarter second: Ctrl-C may reach another thread (the pool's), and
            # Python raises KeyboardInterrupt in this one only when it runs again.
            finished, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            for future in finished:
                chunks.append(future.result())
                tick(chunks[-1])
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return chunks, workers


def _chunk_games(chunk: dict) -> int:
    return len(chunk["games"]) if "games" in chunk else len(chunk["cards"])


def _choose_engine(engine: str, rules: RuleSet, strategies: dict) -> str:
    if engine not in ENGINES:
        raise ValueError(f"engine: {engine!r} is not an engine; engines are "
                         + ", ".join(repr(e) for e in ENGINES))
    batchable = rules.plays_fast("batch") and _batch_strategies(strategies.values())
    if engine == "batch":
        batch_engine()  # one clear message when NumPy or numba is missing
        if not rules.plays_fast("batch"):
            raise ValueError(f"engine: the batch engine plays rule sets without teams or "
                             f"hands, not {rules.name}; use engine='python'")
        if not batchable:
            raise ValueError("engine: the batch engine plays the random and greedy strategies "
                             "(one aggression); use engine='python' for others")
        return "batch"
    if engine == "auto" and batchable and fast_engine_available():
        return "batch"
    return "python"


def engine_for(engine: str, rules: RuleSet, strategy: str | Any = "random") -> str:
    """The engine (``"batch"`` or ``"python"``) that :func:`simulate` would play ``rules``
    with, everyone playing ``strategy``, when asked for ``engine``: so that a caller choosing
    a budget of games chooses it for the engine that will play them."""
    strategy = as_strategy(strategy)
    return _choose_engine(engine, rules, {"all": strategy})


def _batch_strategies(strategies) -> bool:
    aggressions = {s.aggression for s in strategies if type(s) is GreedyStrategy}
    return len(aggressions) <= 1 and all(
        type(s) in (RandomStrategy, GreedyStrategy) for s in strategies)


def simulate(
    players: int | Sequence[str] = 4,
    games: int = 1000,
    strategy: str | Sequence[Any] | Mapping[str, Any] = "random",
    seed: Any = None,
    rules: str | RuleSet = "classic",
    first: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    results: list[GameResult] | None = None,
    *,
    engine: str = "auto",
    workers: int | None = None,
    client: Any = None,
    counts: bool = False,
    start: Position | None = None,
    card: int | str | None = None,
) -> Summary:
    """Play ``games`` games and summarise them. ``strategy`` is one for everyone, one per
    seat, or a mapping of colour to strategy (the others play random); ``progress(done,
    total)`` is called now and then; ``results``, if given, receives every game's result (for
    plots of the length distribution, say).

    ``engine``: ``"auto"`` (the batch engine when NumPy and numba are installed and it plays
    these rules and strategies, else python), ``"batch"`` or ``"python"``. ``workers``: how
    many processes (python) or threads (batch) play; default all cores, at most
    ``WORKERS_PER_CORE`` per core. ``client``: a Dask ``distributed.Client`` to play the games
    on its cluster instead. ``counts``: have the
    python engine count bumps, slides and per-square landings too (the batch engine always
    does; the python engine then keeps every game's moves, several times slower).
    ``start``: a position to play from instead of the opening (its player to move goes
    first), ``card``: the card that player holds. ``seed``: without one the run draws a fresh
    seed and keeps it in ``Summary.seed``, so the same games can be played again."""
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games: must be a whole number from 1 to {MAX_GAMES:,}, not "
                         f"{shown(games)}")
    check_workers(workers)
    seed = seed_or_fresh(seed)
    from_opening = start is None
    if start is None:
        start = Position.initial(players, get_rules(rules), to_move=first)
    elif not isinstance(start, Position):
        raise ValueError(f"start: expected a Position, not {type(start).__name__}")
    elif start.winner() is not None:
        raise ValueError(f"start: the game is already over ({start.winner()} won)")
    if card is not None:
        if isinstance(card, bool) or not isinstance(card, (int, str)) or \
                isinstance(card, int) and card not in CARD_NAMES:
            raise ValueError(f"card: {card!r} is not a Sorry! card")
        card = card_from_name(card) if isinstance(card, str) else card
        if start.rules.deals_hands:
            raise ValueError(f"card: in {start.rules.name} a player holds a hand; simulate "
                             "from the position without a card")
    colours = list(start.colour_names)
    seat_colours = colours[start.to_move:] + colours[:start.to_move]
    if isinstance(strategy, str) and "," in strategy:
        strategy = strategy.split(",")
    if isinstance(strategy, (list, tuple)):
        if len(strategy) != len(colours):
            raise ValueError(f"strategy: {len(strategy)} strategies for {len(colours)} players")
        per_colour = dict(zip(seat_colours, strategy))
    elif isinstance(strategy, Mapping):
        per_colour = dict(strategy)  # Game refuses a colour that is not playing
    else:
        per_colour = {c: strategy for c in colours}
    # Resolved once: strategy objects are shared by all the games of a run.
    strategies = Game(start=start, seed=0, strategies=per_colour, keep_history=False).strategies
    names = [strategies[c].name for c in seat_colours]
    chosen = _choose_engine(engine, start.rules, strategies)
    readiness = (None, None)
    if chosen == "batch" and client is None:
        # Compiling (or loading from numba's cache) is timed apart: it is not the games' speed.
        readiness = _batch_ready()
        if readiness is None:  # numba's cache is damaged: warned, and played here instead
            chosen, readiness = "python", (None, None)
    if workers is None:
        workers = default_workers()
        if chosen == "python" and games < 200 * workers:
            workers = 1  # starting processes would cost more than the games
    run = _Run(start, strategies, seed, chosen, counts or chosen == "batch", card,
               from_opening and card is None)
    if workers > 1 and chosen == "python" and client is None:
        try:
            pickle.dumps(run)
        except Exception:  # a strategy defined where a process cannot find it
            workers = 1
    started = time.perf_counter()
    chunks, used = _run_chunks(run, games, workers, client, progress)
    seconds = time.perf_counter() - started
    chunks.sort(key=lambda c: c["lo"])
    summary = _summarise(start, chunks, games, seat_colours, names, seed, seconds, chosen, used,
                         run.counts, results)
    summary.compile_seconds, summary.compiled = readiness
    return summary


def _summarise(start, chunks, games, seat_colours, names, seed, seconds, engine, workers,
               counted, results) -> Summary:
    rules = start.rules
    colours = start.colour_names
    n = len(colours)
    landed = [0] * 60
    bumped = [0] * 60
    for chunk in chunks:
        for sq in range(60):
            landed[sq] += int(chunk["landed"][sq])
            bumped[sq] += int(chunk["bumped"][sq])
    if engine == "batch":
        columns = batch_engine().join_chunks(chunks)
        leader, winner = columns["leader"], columns["winner"]
        per_game = {"winner_seat": (winner - leader) % n, "cards": columns["cards"],
                    "turns": columns["turns"], "bumps": columns["bumps"],
                    "slides": columns["slides"]}
        homes = columns["homes"]
        wins = [int(w) for w in columns["wins_per_seat"]]
        finished = None
        if results is not None or rules.keeps_score():
            finished = []
            for i in range(games):
                w = COLOURS[start.colours[winner[i]]]
                first = colours[leader[i]]
                finished.append(GameResult(
                    f"{seed}:{i}", int(per_game["winner_seat"][i]), w, int(per_game["cards"][i]),
                    int(per_game["turns"][i]),
                    rules.scores_from(dict(zip(colours, (int(h) for h in homes[i]))), w,
                                      len(start.pawns[0])),
                    first, int(per_game["bumps"][i]), int(per_game["slides"][i]), "batch"))
    else:
        finished = [g for c in chunks for g in c["games"]]
        per_game = {"winner_seat": [g.winner_seat for g in finished],
                    "cards": [g.cards for g in finished], "turns": [g.turns for g in finished]}
        if counted:
            per_game["bumps"] = [g.bumps for g in finished]
            per_game["slides"] = [g.slides for g in finished]
        wins = [0] * n
        for g in finished:
            wins[g.winner_seat] += 1
    if results is not None:
        results.extend(finished)
    points = None
    if rules.keeps_score():
        # Seats count from the player who moved first, which a high-card draw changes per game.
        points = [0.0] * n
        for result in finished:
            order = list(result.scores)
            first = order.index(result.first) if result.first in order else 0
            for k in range(len(order)):
                points[k] += result.scores[order[(first + k) % len(order)]] / games
    team_wins = None
    teams = rules.partnerships()
    if teams:
        team_wins = {"+".join(t): 0 for t in teams}
        for result in finished:
            team_wins["+".join(rules.team_of(result.winner[0]))] += 1
    cards_mean, cards_sd = _mean_sd(per_game["cards"])
    turns_mean, turns_sd = _mean_sd(per_game["turns"])
    return Summary(
        games=games, players=seat_colours, strategies=names, rules=rules.name, seed=seed,
        wins_per_seat=wins, win_rate_per_seat=[w / games for w in wins],
        win_rate_ci95_per_seat=[list(wilson_interval(w, games)) for w in wins],
        cards_per_game_mean=cards_mean, cards_per_game_sd=cards_sd,
        turns_per_game_mean=turns_mean, turns_per_game_sd=turns_sd,
        seconds=seconds, games_per_second=games / seconds if seconds > 0 else math.inf,
        wins_per_team=team_wins, points_per_seat_mean=points,
        win_rate_ci95_per_team=None if team_wins is None else {
            t: list(wilson_interval(w, games)) for t, w in team_wins.items()},
        engine=engine, workers=workers,
        bumps_per_game_mean=_mean_sd(per_game["bumps"])[0] if counted else None,
        slides_per_game_mean=_mean_sd(per_game["slides"])[0] if counted else None,
        per_game=per_game, landed=landed if counted else None,
        bumped=bumped if counted else None,
    )


def _mean_sd(values) -> tuple[float, float]:
    if hasattr(values, "std"):  # a NumPy array: a million games in milliseconds
        if len(values) < 2:
            return mean_sd(list(values))
        return float(values.mean()), float(values.std(ddof=1))
    return mean_sd(values)


def batch_game(start: Position, strategies: Sequence[Any], seed: Any, game: int,
               card: int | None = None, draw_leader: bool | None = None) -> Game:
    """Game ``game`` of a batch-engine run (``strategies`` one per colour of ``start``) as a
    :class:`Game` with its full history — replayed card for card through the general engine,
    each move the one whose result the batch engine reached. Raises ``RuntimeError`` if the
    batch engine ever reached a result the general engine does not allow."""
    batch = batch_engine()
    trace = batch.trace_game(start, strategies, seed, game,
                             first_card=-1 if card is None else card, draw_leader=draw_leader)
    start = start.with_to_move(start.colour_names[trace[0][0]])
    replay = Game(start=start, seed=0, strategies=dict(zip(start.colour_names, strategies)))
    for i, (seat, drawn, _distinct, pawns) in enumerate(trace):
        if replay.position.to_move != seat:
            raise RuntimeError(f"card {i + 1}: the batch engine gave the card to seat {seat}, "
                               f"the game to seat {replay.position.to_move}")
        replay.draw(drawn)
        move = next((m for m in replay.legal_moves() if m.result_pawns == pawns), None)
        if move is None:
            raise RuntimeError(f"card {i + 1}: the batch engine's result of a "
                               f"{drawn} is not a legal move's result")
        replay.play(move)
    return replay
