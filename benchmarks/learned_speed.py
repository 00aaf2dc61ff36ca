"""The learned player's cost per move, natively, beside greedy's in the same games.

Prints figures measured in this one run (never fails on them): for 2- and 4-player classic
games of ``learned`` against ``greedy`` on the pure-Python engine (the engine the Lite site
runs), the milliseconds of CPU time each strategy's ``choose`` takes per card with more than
one move (mean, median, 99th percentile, largest; CPU time, as the machine may be shared), and
the ratio learned / greedy; then the compiled
paired match's speed (games per second) when NumPy and numba are here.

    python benchmarks/learned_speed.py              # about a minute on 2 cores
    python benchmarks/learned_speed.py --games 5    # a quick look
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from sorry_widget import Game
from sorry_widget.board.strategies import GreedyStrategy
from sorry_widget.simulation.experiments import fast_engine_available
from sorry_widget.simulation.learned import LearnedStrategy, shipped_weights


class Timed:
    """A strategy whose choices are timed (only where there is a choice to make)."""

    def __init__(self, strategy) -> None:
        self.strategy = strategy
        self.name = strategy.name
        self.seconds: list[float] = []
        self.results: list[int] = []

    def choose(self, position, card, moves, rng):
        if len(moves) == 1:
            return moves[0]
        # CPU time of this process: on a shared machine, wall time counts other processes' turns.
        started = time.process_time()
        move = self.strategy.choose(position, card, moves, rng)
        self.seconds.append(time.process_time() - started)
        self.results.append(len({m.result_pawns for m in moves}))
        return move


def figures(seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return (f"mean {statistics.fmean(ms):.3f} ms, median {statistics.median(ms):.3f} ms, "
            f"p99 {p99:.3f} ms, max {ms[-1]:.3f} ms over {len(ms)} choices")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--match-deals", type=int, default=2000,
                        help="deals of the compiled paired match (0: none)")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}")
    shipped_weights()  # read once, before any timing
    for players in (2, 4):
        learned, greedy = Timed(LearnedStrategy()), Timed(GreedyStrategy())
        started = time.perf_counter()
        for g in range(args.games):
            seats = [greedy] * players
            seats[g % players] = learned
            Game(players, seed=f"learned-speed-{g}", strategies=seats, keep_history=False).run()
        seconds = time.perf_counter() - started
        mean_ratio = statistics.fmean(learned.seconds) / statistics.fmean(greedy.seconds)
        print(f"\n{players} players, {args.games} games ({args.games / seconds:.1f} games/s, "
              "pure Python)")
        print(f"  learned: {figures(learned.seconds)}")
        print(f"  greedy:  {figures(greedy.seconds)}")
        print(f"  learned / greedy (mean per choice): {mean_ratio:.1f}x")
        most = max(range(len(learned.results)), key=learned.results.__getitem__)
        print(f"  learned, the choice with the most distinct results ({learned.results[most]}): "
              f"{learned.seconds[most] * 1000:.3f} ms")
    if args.match_deals and fast_engine_available():
        from sorry_widget.simulation.training import paired_match

        paired_match(2, 1)  # compiled (or loaded from numba's cache) before timing
        for players in (2, 4):
            result = paired_match(players, args.match_deals, seed="bench")
            print(f"\ncompiled paired match, {players} players: {result['games']} games in "
                  f"{result['seconds']:.1f} s ({result['games_per_second']:.0f} games/s), "
                  f"learned won {result['rate']:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
