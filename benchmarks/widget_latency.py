"""Step latency of the widget in a real browser: Python ``widget.step()`` until the board in
Chromium shows the new play (pawns placed, card, explanation, trail), with animation off; and
the size of what the widget syncs, per play, beside the game's record.

The browser side is the widget's real ES module, bridged to the Python widget as in the tests
(tests/support/browser.py), so the figure is Python's work plus the page's, without a Jupyter server's
messaging. Baseline, in the same process and page: an empty Python→page round trip. Also
reports the size of a full board's SVG.

    python benchmarks/widget_latency.py [--steps 200]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from support.browser import Bridge, launch  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from sorry_widget import Game, Record, SorryWidget, board_svg  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


#: Measured before the classroom issue (0.1.0: a frame per play with its pawns and trail markup,
#: the whole list re-sent on every move): 526,111 characters for a 389-play game.
BEFORE_PER_PLAY = 526_111 / 389


def size(value) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def report_state_size(widget, record) -> None:
    state = widget.get_state()
    static = sum(size(state[k]) for k in ("drawing", "_esm", "_css"))
    synced = sum(size(v) for k, v in state.items() if k not in ("drawing", "_esm", "_css"))
    compact = size(record.to_dict())
    plays = len(record.plays)
    print(f"replay of {plays} plays: synced state {synced:,} bytes ({synced / plays:,.0f} per play; "
          f"before: {BEFORE_PER_PLAY:,.0f} per play) = {synced / compact:.2f}x the record's compact "
          f"JSON ({compact:,} bytes; target <= 2x: {'met' if synced <= 2 * compact else 'NOT met'})")
    print(f"static drawing, module and styles, sent once: {static:,} bytes")
    # A live game: what one person's move sends (the recent plays), against re-sending all.
    game = Game(4, seed=9, strategies={"red": None})
    live = SorryWidget(game, animate=False)
    sent: list[int] = []
    live.observe(lambda c: sent.append(size(c["new"])), names=["plays", "recent_plays"])
    moves = 0
    while not game.finished and moves < 150:
        live.move(live.pending["moves"][0]["notation"])
        moves += 1
    whole = size(live.plays + live.recent_plays)
    print(f"live game, {moves} person moves to {live.last_play} plays: play data sent "
          f"{sum(sent):,} bytes in all ({sum(sent) / moves:,.0f} per move); re-sending the "
          f"whole list each move would send about {whole * moves // 2:,}")


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
    report_state_size(widget, record)

    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        bridge = Bridge(page, widget)
        step_ms, baseline_ms = [], []
        for _ in range(args.steps):
            t0 = time.perf_counter()
            page.evaluate("() => 0")
            baseline_ms.append((time.perf_counter() - t0) * 1000)

            t0 = time.perf_counter()
            widget.step()
            bridge.flush()
            bridge.wait_shown(widget.play)
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
