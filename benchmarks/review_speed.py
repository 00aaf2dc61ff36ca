"""The review of a game: how long a 4-player classic game of about 400 plays takes.

Prints figures measured in this one run (never fails on them): the game's plays, the seconds
the review took (wall and processor time), how many positions were valued and by what, and, as
the baseline in the same run, the seconds it takes to replay the same record (every play's
legal moves found and checked, which the review also does), with the ratio of the two. The
target (issue 34): at most 60 s natively.

    python benchmarks/review_speed.py                # one game of about 400 plays
    python benchmarks/review_speed.py --games 3      # three games, each figure per game
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from sorry_widget import Record
from sorry_widget.simulation.review import review, timing_record


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--plays", type=int, default=400)
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}; "
          f"{args.games} game(s) of about {args.plays} plays, 4 players, classic rules")
    seed = 0
    for n in range(args.games):
        record = timing_record(args.plays, seed)
        seed += 1000
        text = record.to_json()
        began = time.perf_counter()
        Record.from_json(text).replay()
        baseline = time.perf_counter() - began
        fresh = Record.from_json(text)
        began, cpu = time.perf_counter(), time.process_time()
        result = review(fresh)
        seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
        sources = ", ".join(f"{s} {k}" for s, k in sorted(result.sources.items()))
        print(f"game {n + 1}: {len(record)} plays reviewed in {seconds:.2f} s (processor "
              f"{cpu:.2f} s; target 60 s); positions valued: {sources}")
        print(f"  baseline, replaying the record: {baseline:.2f} s; the review takes "
              f"{seconds / baseline:.1f}x the replay")
    return 0


if __name__ == "__main__":
    sys.exit(main())
