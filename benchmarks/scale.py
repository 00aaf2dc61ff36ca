"""Simulations at scale: the batch engine, workers and the coach against today's loop.

Prints figures and ratios measured in this one run (never fails on them):

* today's ``simulate``: the pure-Python fast loop on one core (``engine="python"``,
  ``workers=1``), and the ``apologies`` package's engine as the outside baseline;
* the pure-Python fast loop against itself as it was before this work (git 9e57823, loaded
  from the repository's history into this process), the same games side by side;
* the python engine on every core;
* the batch engine (numba) on one core and on every core, 100,000 random 4-player games;
* greedy players: the python engine against the batch engine;
* memory: a million games without per-card history (peak resident memory of the process);
* the coach: a position and card with 11 distinct moves, 1,000 rollouts each;
* the first ``simulate(engine="batch")`` of a fresh process (a subprocess): on a machine that
  ran it before (numba's cache filled) and, unless ``--no-cold``, the very first one (an empty
  cache: the compilation, tens of seconds).

    python benchmarks/scale.py                  # the issue's targets
    python benchmarks/scale.py --games 20000 --million 0    # a quick look
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from engine_speed import apologies_baseline  # noqa: E402

from sorry_widget import Game, Position  # noqa: E402
from sorry_widget.simulation.fast_loop import play_random_game  # noqa: E402
from sorry_widget.simulation.coach import coach, distinct_moves  # noqa: E402
from sorry_widget.simulation.experiments import default_workers, simulate  # noqa: E402


def rate(**kwargs) -> tuple[float, object]:
    started = time.perf_counter()
    summary = simulate(**kwargs)
    return kwargs["games"] / (time.perf_counter() - started), summary


#: The last commit whose fast loop (engine/fastsim.py) predates the work on simulations at scale.
LOOP_BEFORE = "9e57823"


def loop_before(rev: str = LOOP_BEFORE):
    """``play_random_game`` as it was at ``rev``, from git, run against today's package; None
    where the repository's history is missing (an installed copy, a shallow clone)."""
    try:
        source = subprocess.run(["git", "show", f"{rev}:sorry_widget/engine/fastsim.py"],
                                cwd=Path(__file__).parent, capture_output=True, text=True,
                                check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    # The loop then lived in sorry_widget/engine/ beside the modules it imports, which are in
    # sorry_widget/board/ today under these names.
    for then, now in (("board", "track"), ("position", "state"), ("cards", "cards"),
                      ("moves", "moves"), ("strategies", "strategies"), ("game", "game")):
        source = source.replace(f"from .{then} import", f"from sorry_widget.board.{now} import")
    source = source.replace("import _seed_streams", "import seed_streams as _seed_streams")
    module = types.ModuleType(f"sorry_widget.simulation._fastsim_{rev}")
    module.__package__ = "sorry_widget.simulation"
    exec(compile(source, f"{rev}:sorry_widget/engine/fastsim.py", "exec"), module.__dict__)
    return module.play_random_game


def side_by_side(games: int, rounds: int = 3) -> tuple[float, float] | None:
    """Games/s of today's fast loop and of the loop before, each the best of ``rounds``
    alternating runs of the same ``games`` seeds (so both see the same machine load)."""
    before = loop_before()
    if before is None:
        return None
    start = Position.initial(4)
    best = {play_random_game: 0.0, before: 0.0}
    today_results = None  # played first: the dict lists today's loop before the old one
    for _ in range(rounds):
        for play in best:
            started = time.perf_counter()
            results = [play(start, seed) for seed in range(games)]
            best[play] = max(best[play], games / (time.perf_counter() - started))
            if play is before:
                assert results == today_results, "the two loops played different games"
            else:
                today_results = results
    return best[play_random_game], best[before]


FIRST_RUN = """
import time
started = time.perf_counter()
from sorry_widget import simulate
s = simulate(4, games=1000, seed="first", engine="batch")
print(time.perf_counter() - started, s.compile_seconds, s.compiled, s.games_per_second)
"""


def first_run(cache_dir: str) -> tuple[float, float, float, str, float]:
    """A fresh Python process's first 1,000-game batch simulation with numba's cache in
    ``cache_dir``: the process's wall time, the time to its result after start-up (import and
    simulate), the compile time simulate reports, how it got the code, and games/s."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", FIRST_RUN], env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    wall = time.perf_counter() - started
    return wall, float(out[0]), float(out[1]), out[2], float(out[3])


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def position_with_moves(wanted: int):
    """A position of a random game and a card with ``wanted`` distinct moves (or the most
    found)."""
    best = None
    for seed in range(200):
        game = Game(4, seed=f"coach-{seed}")
        while not game.finished:
            card = game.draw()
            n = len(distinct_moves(game.legal_moves()))
            if best is None or abs(n - wanted) < abs(best[2] - wanted):
                best = (game.position, card, n)
                if n == wanted:
                    return best
            game.step()
    return best


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="batch engine games")
    parser.add_argument("--python-games", type=int, default=3000)
    parser.add_argument("--million", type=int, default=1_000_000,
                        help="games of the memory run (0: skip it)")
    parser.add_argument("--baseline-games", type=int, default=200)
    parser.add_argument("--no-cold", dest="cold", action="store_false",
                        help="skip the very first run's compilation (tens of seconds)")
    args = parser.parse_args(argv)
    cores = default_workers()
    print(f"Python {platform.python_version()} on {platform.machine()}, {cores} cores "
          f"(os.cpu_count {os.cpu_count()}); 4-player classic games")

    simulate(4, games=100, engine="batch", workers=1, seed="warm")  # load the compiled code
    today, _ = rate(games=args.python_games, engine="python", workers=1, seed="b")
    baseline = apologies_baseline(args.baseline_games, 4)
    python_all, _ = rate(games=args.python_games * cores, engine="python", workers=cores,
                         seed="b")
    batch_one, _ = rate(games=args.games // 4, engine="batch", workers=1, seed="b")
    batch_all, summary = rate(games=args.games, engine="batch", workers=cores, seed="b")

    rows = [("today: simulate, python fast loop, 1 core", today)]
    if baseline:
        rows.append(("apologies 0.4 engine, 1 core", baseline[1]))
    rows += [(f"python engine, {cores} workers", python_all),
             ("batch engine, 1 core", batch_one),
             (f"batch engine, {cores} threads, {args.games:,} games", batch_all)]
    print(f"\n{'random players':<52} {'games/s':>10} {'x today':>8} {'x apologies':>12}")
    for label, value in rows:
        versus = f"{value / baseline[1]:12.1f}" if baseline else f"{'-':>12}"
        print(f"{label:<52} {value:10,.0f} {value / today:8.1f} {versus}")
    pure = side_by_side(args.python_games)
    if pure:
        print(f"pure-Python fast loop, 1 core: {pure[0]:,.0f} games/s; as before this work "
              f"(git {LOOP_BEFORE}) {pure[1]:,.0f} games/s, the same games: "
              f"x{pure[0] / pure[1]:.2f} (target: >= 1.3x)")
    else:
        print(f"pure-Python fast loop: no git history here to load the loop of {LOOP_BEFORE}")
    print(f"batch engine per core (wall rate / {cores}): {batch_all / cores:,.0f} games/s; "
          f"{args.games:,} games in {args.games / batch_all:.1f} s "
          f"(target: >= 10,000 games/s wall)")
    print(f"  cards per game {summary.cards_per_game_mean:.1f}, bumps "
          f"{summary.bumps_per_game_mean:.1f}, slides {summary.slides_per_game_mean:.1f}")

    greedy_python, _ = rate(games=max(100, args.python_games // 10), strategy="greedy",
                            engine="python", workers=1, seed="g")
    greedy_batch, _ = rate(games=args.games // 5, strategy="greedy", engine="batch",
                           workers=cores, seed="g")
    print(f"\ngreedy players: python engine (1 core) {greedy_python:,.0f} games/s, batch "
          f"engine ({cores} threads) {greedy_batch:,.0f} games/s: x{greedy_batch / greedy_python:.0f}"
          f" (target: >= 5x)")

    if args.million:
        before = peak_mib()
        started = time.perf_counter()
        big = simulate(4, games=args.million, engine="batch", workers=cores, seed="m")
        seconds = time.perf_counter() - started
        print(f"\n{args.million:,} games without per-card history: {seconds:.1f} s "
              f"({args.million / seconds:,.0f} games/s), peak memory of the process "
              f"{peak_mib():,.0f} MiB (before the run {before:,.0f} MiB; target < 2 GiB); "
              f"seat 1 won {big.win_rate_per_seat[0]:.2%}")

    position, card, n = position_with_moves(11)
    coach(position, card, rollouts=10)  # warm
    started = time.perf_counter()
    advice = coach(position, card, rollouts=1000, method="full")
    seconds = time.perf_counter() - started
    print(f"\ncoach: {n} distinct moves x 1,000 rollouts in {seconds:.2f} s "
          f"({advice.engine} engine; target <= 2 s)")
    print(advice.report())

    import tempfile

    with tempfile.TemporaryDirectory() as cache:
        print('\nthe first simulate(engine="batch") of a fresh process, 1,000 games:')
        cold = first_run(cache) if args.cold else None
        if cold is None:
            first_run(cache)  # fills the empty cache; not reported
        warm = [first_run(cache) for _ in range(2)]
        for label, run in ([("very first run (empty numba cache)", cold)] if cold else []) + \
                [(f"a machine that ran it before, run {i + 1}", w) for i, w in enumerate(warm)]:
            wall, result, compile_seconds, how, speed = run
            print(f"  {label:<38} process {wall:5.1f} s, import + simulate {result:5.1f} s, "
                  f"{'compiled' if how == 'compiled' else 'loaded from cache'} in "
                  f"{compile_seconds:4.1f} s, then {speed:,.0f} games/s")
        best = min(w[0] for w in warm)
        print(f"  fresh process on a machine that ran it before: {best:.1f} s (target < 5 s)"
              + (f"; the very first run {cold[0]:.1f} s, x{cold[0] / best:.0f}" if cold else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
