"""The coach's bars readable at every width the board allows (issue 31, 2): at 1280×800 with
JupyterLab's file browser open the side panel was 260 px and each bar about 12 px, its "0%" and
"50%" on top of each other."""

from __future__ import annotations

import pytest

from support.browser import Bridge
from conftest import pos
from sorry_widget import SorryWidget

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

#: The smallest bar that still shows its interval apart from its neighbours' (px).
READABLE_BAR = 120


@pytest.mark.parametrize("cell", [560, 700, 846, 1000, None])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_coachs_bars_are_readable_at_every_width(page, cell, theme):
    position = pos(red=[3, 20], blue=[8, 22, "start", "home"], yellow=[40], green=[50, 52])
    w = SorryWidget(position=position, card="7", animate=False, theme=theme)
    w.coach(rollouts=40)
    Bridge(page, w, width=1280)
    page.set_viewport_size({"width": 1280, "height": 800})
    if cell:
        # The notebook's cell: 846 px is JupyterLab's at 1280 px with its file browser open.
        page.evaluate(f"document.getElementById('host').style.width = '{cell}px'")
    page.wait_for_selector(".sw-coach-row")
    bars = page.locator(".sw-coach-row .sw-coach-bar")
    assert bars.count() >= 3
    widths = bars.evaluate_all("ns => ns.map((n) => n.getBoundingClientRect().width)")
    assert min(widths) >= READABLE_BAR, widths
    # The scale's two ends apart, each at its end of the bars.
    low, high = [page.locator(".sw-coach-axis > span").nth(k).bounding_box() for k in (0, 1)]
    bar = bars.first.bounding_box()
    assert low["x"] + low["width"] + 8 <= high["x"], (low, high)
    assert abs(low["x"] - bar["x"]) <= 2 and abs(high["x"] + high["width"] - bar["x"] -
                                                bar["width"]) <= 2
    # Each row's move, bar and rate apart and inside the widget.
    widget = page.locator(".sorry-widget").bounding_box()
    for row in page.locator(".sw-coach-row").all():
        move, rate = (row.locator(f".sw-coach-{part}").bounding_box() for part in ("move", "rate"))
        row_bar = row.locator(".sw-coach-bar").bounding_box()
        for box in (move, rate, row_bar):
            assert widget["x"] <= box["x"] and box["x"] + box["width"] <= widget["x"] + \
                widget["width"]
        assert move["x"] + move["width"] <= rate["x"]
        assert "R" in row.locator(".sw-coach-move").text_content()
