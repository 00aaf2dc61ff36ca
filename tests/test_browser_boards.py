"""Boards drawn by the lessons, measured in a real browser (issue 31, point 11): a heatmap's
title, as long as the lessons write them in English and French, keeps clear of the START and
HOME circles round the middle of the board."""

from __future__ import annotations

import pytest

from sorry_widget import board_svg
from sorry_widget.render import PLACES

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py

TITLES = [
    "where one card takes a red pawn from square 4",  # lesson 8
    "expected cards to HOME for a red pawn alone",
    "cartes attendues jusqu'à la Maison, pion rouge seul",  # lesson 8, French
    "où une carte mène un pion rouge depuis la case 4",
    "squares landed on in 20,000 games",  # lesson 5
    "squares bumped from in 20,000 games",
]

LEGEND = [("#ffffcc", "0 cards to HOME"), ("#fd8d3c", "12 cards to HOME"),
          ("#800026", "23 cards to HOME"), ("#fd8d3c", "17 cards to HOME"),
          ("#800026", "6 cards to HOME")]


def boxes(page, svg: str) -> dict[str, dict]:
    """The drawn boxes, in the drawing's units, of the title and the legend."""
    page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
    return page.evaluate("""() => {
        const box = (el) => { const b = el.getBBox(); return {x: b.x, y: b.y, w: b.width, h: b.height}; };
        return {title: box(document.getElementById('status')),
                legend: box(document.getElementById('legend'))};
    }""")


def clear_of(box: dict, x: float, y: float, r: float) -> bool:
    """Whether a circle (x, y, r) misses a box: the box's nearest point is farther than r."""
    nx = min(max(x, box["x"]), box["x"] + box["w"])
    ny = min(max(y, box["y"]), box["y"] + box["h"])
    return (nx - x) ** 2 + (ny - y) ** 2 > r ** 2


@pytest.mark.parametrize("title", TITLES)
def test_a_heatmap_title_clears_every_start_and_home_circle(page, title):
    svg = board_svg(None, pawns=False, fills={4: "#800026"}, legend=LEGEND, status=title)
    drawn = boxes(page, svg)
    circles = [(key, p) for key, p in PLACES.items() if p.round]
    assert len(circles) == 8
    for box in (drawn["title"], drawn["legend"]):
        touching = [key for key, p in circles if not clear_of(box, p.x, p.y, p.half + 2)]
        assert not touching, (title, box, touching)
    # The legend is under the title, not over it.
    assert drawn["legend"]["y"] >= drawn["title"]["y"] + drawn["title"]["h"]
