"""The charts in a real browser, as JupyterLab shows an SVG output (an <img> of it) and as an
exported page or the docs show it inline: light and dark, at a classroom projector's sizes,
the text is drawn at least 14 px high and contrasts with the chart's own background. The
screenshots go to $SORRY_SCREENSHOTS (default /tmp) for a person to look at."""

from __future__ import annotations

import base64
import os
from pathlib import Path

import pytest

from support.browser import contrast, luminance
from sorry_widget.render.charts import MARKER_CLASS, bars, heatmap, histogram, line

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

SHOTS = Path(os.environ.get("SORRY_SCREENSHOTS", "/tmp"))
WORDS = dict(x_label="games played", y_label="share of wins",
             caption="4,000 simulated games of 4 random computer players (seed 7); whiskers: "
                     "95% intervals.")


def charts():
    xs = list(range(1, 401))
    return [
        bars(["red", "blue", "yellow", "green"], [0.27, 0.25, 0.245, 0.235],
             intervals=[(0.256, 0.284), (0.236, 0.264), (0.23, 0.26), (0.22, 0.25)],
             reference=0.25, reference_label="a quarter each", title="Wins by seat", **WORDS),
        line(xs, [0.5 + 0.2 / n ** 0.5 for n in xs],
             band=([0.5 - 0.3 / n ** 0.5 for n in xs], [0.5 + 0.3 / n ** 0.5 for n in xs]),
             reference=0.5, reference_label="exact", series_label="running share",
             band_label="95% band", title="A simulation converging", **WORDS),
        histogram([n % 17 + n % 5 for n in range(300)], title="Game lengths", **WORDS),
        heatmap(list(range(12)), list(range(12)),
                [[(i * j) % 7 / 7 for j in range(12)] for i in range(12)],
                title="A matrix", **WORDS),
    ]


def page_html(inline: bool) -> str:
    def one(chart):
        if inline:
            return f"<figure>{chart.svg}</figure>"
        data = base64.b64encode(chart.svg.encode()).decode()
        return f'<figure><img src="data:image/svg+xml;base64,{data}" alt=""></figure>'
    return ("<!doctype html><html><head><style>body{margin:16px;background:#fff}"
            "@media (prefers-color-scheme:dark){body{background:#111}}"
            "figure{margin:0 0 16px;width:min(100%,900px)}img{max-width:100%;height:auto}"
            "</style></head><body>" + "".join(one(c) for c in charts()) + "</body></html>")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_charts_read_in_both_themes_at_projector_sizes(browser, scheme, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  color_scheme=scheme)
    page = context.new_page()
    # Inline: every text's drawn size, and its contrast with the chart's background.
    page.set_content(page_html(inline=True))
    found = page.evaluate(f"""() => [...document.querySelectorAll('svg.{MARKER_CLASS}')]
      .map((svg) => ({{
        background: getComputedStyle(svg.querySelector('.sw-bg')).fill,
        texts: [...svg.querySelectorAll('text')].map((t) => ({{
          fill: getComputedStyle(t).fill,
          height: t.getBoundingClientRect().height,
          scale: svg.getBoundingClientRect().width / 640 }})) }}))""")
    assert len(found) == 4
    for chart in found:
        assert (luminance(chart["background"]) < 0.05) == (scheme == "dark"), chart["background"]
        for text in chart["texts"]:
            assert contrast(text["fill"], chart["background"]) >= 4.5, (text, chart["background"])
            # 14 px at the chart's own width of 640 px: a font box of at least 14 px there.
            assert text["height"] / text["scale"] >= 14, text
    page.screenshot(path=str(SHOTS / f"charts-inline-{scheme}-{size[0]}.png"), full_page=True)
    # As JupyterLab shows it: an <img> of the SVG, which follows the system's scheme.
    page.set_content(page_html(inline=False))
    page.wait_for_function("[...document.images].every((i) => i.complete && i.naturalWidth)")
    widths = page.evaluate("[...document.images].map((i) => i.getBoundingClientRect().width)")
    assert all(w >= 600 for w in widths), widths
    corner = page.evaluate("""() => new Promise((done) => {
      const img = document.images[0];
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0);
      done([...ctx.getImageData(3, 3, 1, 1).data]);
    })""")
    assert (sum(corner[:3]) / 3 < 60) == (scheme == "dark"), corner
    page.screenshot(path=str(SHOTS / f"charts-img-{scheme}-{size[0]}.png"), full_page=True)
    context.close()
