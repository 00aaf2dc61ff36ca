"""Every chart's words in place (issue 39, 10): "100 %" of the review's chart was cut at its left
edge in French, and lesson 9's French chart ran its turned label through the axis's title. For
every chart drawn — the charts Python draws (sorry_widget/render/charts.py) and the review's chart
on the page — in English and French, as they are shown: no text reaches outside the picture
(its viewBox) and no two texts overlap, measured by Chromium (getBBox, turned as drawn)."""

from __future__ import annotations

import pytest

from support.browser import Bridge
from sorry_widget import Game, Record, SorryWidget
from sorry_widget.render.charts import MARKER_CLASS, bars, heatmap, histogram, line

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

#: Each text of an SVG as a box in the SVG's own units, turned as it is drawn, and the viewBox.
TEXT_BOXES = """(svg) => {
  const vb = svg.viewBox.baseVal;
  const toSvg = svg.getScreenCTM().inverse();
  const boxes = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() &&
    getComputedStyle(t).display !== 'none').map((t) => {
    const b = t.getBBox();
    const m = toSvg.multiply(t.getScreenCTM());
    const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
      [b.x + b.width, b.y + b.height]].map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
    const xs = corners.map((p) => p.x), ys = corners.map((p) => p.y);
    return { text: t.textContent, x0: Math.min(...xs), x1: Math.max(...xs),
      y0: Math.min(...ys), y1: Math.max(...ys) };
  });
  return { view: [vb.x, vb.y, vb.width, vb.height], boxes };
}"""


def misplaced(found: dict) -> list:
    """The texts reaching outside the viewBox at all and the pairs of texts that overlap (by
    more than half a unit each way: glyph boxes touching is not overlapping)."""
    x, y, w, h = found["view"]
    wrong = [("outside", b["text"], b) for b in found["boxes"]
             if b["x0"] < x or b["y0"] < y or b["x1"] > x + w or b["y1"] > y + h]
    boxes = found["boxes"]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if min(a["x1"], b["x1"]) - max(a["x0"], b["x0"]) > 0.5 and \
                    min(a["y1"], b["y1"]) - max(a["y0"], b["y0"]) > 0.5:
                wrong.append(("overlap", a["text"], b["text"]))
    return wrong


def python_charts(lang: str):
    """One chart of each kind with a lesson's kind of words, and lesson 9's two charts."""
    fr = lang == "fr"
    words = dict(x_label="parties jouées" if fr else "games played",
                 y_label="part des victoires" if fr else "share of wins",
                 caption=("4 000 parties simulées de 4 joueurs random (graine 7) ; moustaches : "
                          "intervalles à 95 %.") if fr else
                 "4,000 simulated games of 4 random computer players (seed 7); whiskers: "
                 "95% intervals.", lang=lang)
    xs = list(range(1, 401))
    players = ["random", "greedy", "coach", "learned", "lookahead"]
    return [
        bars(["red", "blue", "yellow", "green"], [0.27, 0.25, 0.245, 0.235],
             intervals=[(0.256, 0.284), (0.236, 0.264), (0.23, 0.26), (0.22, 0.25)],
             reference=0.25, reference_label="un quart chacun" if fr else "a quarter each",
             title="Victoires par place" if fr else "Wins by seat", **words),
        line(xs, [0.5 + 0.2 / n ** 0.5 for n in xs],
             band=([0.5 - 0.3 / n ** 0.5 for n in xs], [0.5 + 0.3 / n ** 0.5 for n in xs]),
             reference=0.5, reference_label="exact", series_label="part courante" if fr
             else "running share", band_label="bande à 95 %" if fr else "95% band",
             title="Une simulation qui converge" if fr else "A simulation converging", **words),
        histogram([n % 17 + n % 5 for n in range(300)],
                  title="Longueur des parties" if fr else "Game lengths", **words),
        heatmap(list(range(12)), list(range(12)),
                [[(i * j) % 7 / 7 for j in range(12)] for i in range(12)],
                title="Une matrice" if fr else "A matrix", **words),
        # Lesson 9: the ladder's ratings and the learned player's
        # chances, with the lesson's own words.
        # (ratings of four digits: "1 400" in French is wider than "1,400")
        bars(players, [0.0, 212.5, 1388.0, 901.2, 1420.9],
             intervals=[(-120.0, 120.0), (80.1, 340.7), (1250.3, 1520.2), (770.0, 1030.5),
                        (1280.2, 1560.3)],
             title="La petite échelle : classements et intervalles à 95 %" if fr else
             "The small ladder: ratings and 95% intervals",
             x_label="joueur" if fr else "player",
             y_label="classement (échelle Elo, random = 0)" if fr else
             "rating (Elo scale, random = 0)",
             caption=("1 200 parties à deux joueurs sur des donnes appariées ; les moustaches "
                      "sont des intervalles à 95 % par bootstrap sur les donnes.") if fr else
             "1,200 two-player games on paired deals; whiskers: 95% bootstrap intervals over "
             "the deals.", lang=lang),
        bars(["R12 Y40", "R3 Y55", "R30 Y31", "R58 Y2"], [0.62, 0.41, 0.55, 0.8],
             reference=0.5,
             reference_label="avant l'entraînement (tous les poids à 0)" if fr else
             "before training (every weight 0)",
             title="La probabilité de gagner du rouge selon le joueur appris" if fr else
             "Red's chance to win by the learned player",
             x_label="position (le rouge doit tirer)" if fr else "position (red to draw)",
             y_label="probabilité de gagner du rouge" if fr else "red's chance to win",
             caption="Après l'entraînement ; la ligne est la valeur de chaque position avant."
             if fr else "After training; the line is each position's value before.",
             lang=lang),
    ]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_python_charts_keep_their_words_inside_and_apart(page, lang):
    charts = python_charts(lang)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.set_content("<!doctype html><html><body style='margin:16px'>" + "".join(
        f"<figure style='margin:0;width:min(100%,900px)'>{c.svg}</figure>" for c in charts) +
        "</body></html>")
    found = [page.evaluate(TEXT_BOXES, svg)
             for svg in page.query_selector_all(f"svg.{MARKER_CLASS}")]
    assert len(found) == len(charts)
    wrong = {k: w for k, one in enumerate(found) if (w := misplaced(one))}
    assert wrong == {}, wrong


@pytest.fixture(scope="module")
def reviewed_records():
    """Two games' records and reviews: a long one (157 plays) and a short one."""
    out = []
    for seed in (34, 8):
        game = Game(2, seed=seed, strategies=["greedy", "random"])
        game.run()
        record = Record.from_game(game)
        reviewed = SorryWidget(record=record)
        reviewed.show_review()
        out.append((record, reviewed.review))
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size, cell", [((1280, 800), 846), ((1280, 800), 620),
                                        ((1920, 1080), 1400)])
@pytest.mark.parametrize("game", [0, 1], ids=["long game", "short game"])
def test_the_reviews_chart_keeps_its_words_inside_and_apart(page, reviewed_records, lang, size,
                                                            cell, game):
    record, review = reviewed_records[game]
    widget = SorryWidget(record=record, animate=False, language=lang)
    widget.review = review  # (the review is the same in every language: its figures)
    widget.goto(3)
    Bridge(page, widget, width=size[0])
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate(f"document.getElementById('host').style.width = '{cell}px'")
    chart = page.wait_for_selector("svg.sw-review-chart")
    found = page.evaluate(TEXT_BOXES, chart)
    assert misplaced(found) == [], misplaced(found)
    # The scale's three percentages, at least two plays along the bottom, the axis's name.
    assert len(found["boxes"]) >= 6, found
