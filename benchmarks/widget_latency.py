"""Step latency of the widget in a real browser: Python ``widget.step()`` until the board in
Chromium shows the new turn (pawns placed, card, explanation, trail), with animation off.

The browser side is the widget's real ES module, bridged to the Python widget as in the tests
(tests/browser.py), so the figure is Python's work plus the page's, without a Jupyter server's
messaging. Baseline, in the same process and page: an empty Python→page round trip. Also
reports the size of a full board's SVG.

    python benchmarks/widget_latency.py [--steps 200]
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from browser import Bridge, launch  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from sorry_widget import Game, Record, SorryWidget, board_svg  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args(argv)

    game = Game(4, seed=42)
    game.run()
    while len(game.history) < args.steps + 1:  # long enough to step through
        game = Game(4, seed=game.seed + 1)
        game.run()
    record = Record.from_game(game)
    widget = SorryWidget(record=record, animate=False)

    mid = Game(4, seed=42)
    for _ in range(80):
        mid.step()
    svg = board_svg(mid)
    print(f"full board SVG (mid-game, pawns, trail): {len(svg):,} bytes, "
          f"{len(gzip.compress(svg.encode())):,} gzipped")
    print(f"widget state for a {len(record.plays)}-play game: "
          f"{sum(len(str(v)) for v in widget.get_state().values()):,} characters")

    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        bridge = Bridge(page, widget)
        step_ms, baseline_ms = [], []
        for i in range(args.steps):
            t0 = time.perf_counter()
            page.evaluate("() => 0")
            baseline_ms.append((time.perf_counter() - t0) * 1000)

            t0 = time.perf_counter()
            widget.step()
            bridge.flush()
            bridge.wait_shown(widget.turn)
            step_ms.append((time.perf_counter() - t0) * 1000)
        browser.close()

    med, p95 = statistics.median(step_ms), percentile(step_ms, 0.95)
    bmed = statistics.median(baseline_ms)
    print(f"step latency over {args.steps} steps: median {med:.1f} ms, p95 {p95:.1f} ms, "
          f"max {max(step_ms):.1f} ms (target p95 < 50 ms: {'met' if p95 < 50 else 'NOT met'})")
    print(f"baseline empty round trip: median {bmed:.2f} ms; step/baseline {med / bmed:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
