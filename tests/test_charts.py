"""The lessons' charts (sorry_widget/render/charts.py): what each draws is where its data says,
every chart carries its words (title, axes, caption, text alternative), bad input gives one clear
error, and French ticks write numbers the French way. The SVG is read as XML, not as text."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from sorry_widget.render.charts import (
    MARKER_CLASS, MAX_BINS, MAX_POINTS, Chart, ChartError, bars, heatmap, histogram, line,
)

SVG = "{http://www.w3.org/2000/svg}"
WORDS = dict(title="Game lengths", x_label="plays per game", y_label="games",
             caption="1,000 simulated games, 4 random players, seed 7.")


def tree(chart: Chart) -> ET.Element:
    return ET.fromstring(chart.svg)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def texts(root: ET.Element, name: str) -> list[str]:
    return ["".join(e.itertext()) for e in by_class(root, name)]


def all_charts():
    return {
        "histogram": histogram([3, 4, 4, 5, 5, 5], **WORDS),
        "line": line([1, 2, 3], [0.5, 0.4, 0.45], band=([0.3, 0.35, 0.4], [0.7, 0.45, 0.5]),
                     reference=0.42, **WORDS),
        "bars": bars(["red", "blue"], [0.6, 0.4], intervals=[(0.5, 0.7), (0.3, 0.5)], **WORDS),
        "heatmap": heatmap(["a", "b"], ["c", "d"], [[0, 1], [0.5, 0.25]], **WORDS),
    }


@pytest.mark.parametrize("kind", ["histogram", "line", "bars", "heatmap"])
def test_every_chart_has_its_words_a_text_alternative_and_scales(kind):
    chart = all_charts()[kind]
    root = tree(chart)
    assert MARKER_CLASS in root.get("class").split()
    assert root.get("role") == "img" and root.get("aria-label") == chart.alt
    assert root.find(f"{SVG}title").text == WORDS["title"]
    assert WORDS["caption"] in root.find(f"{SVG}desc").text
    assert WORDS["title"] in chart.alt and WORDS["caption"] in chart.alt
    assert WORDS["x_label"] in chart.alt and WORDS["y_label"] in chart.alt
    assert texts(root, "sw-title") == [WORDS["title"]]
    assert texts(root, "sw-x-label") == [WORDS["x_label"]]
    assert texts(root, "sw-y-label") == [WORDS["y_label"]]
    assert " ".join(texts(root, "sw-muted")) == WORDS["caption"]
    # A viewBox, so it scales to the page; text readable on a projector at 640 px wide.
    width = float(root.get("viewBox").split()[2])
    assert width == 640 and root.get("width") == "640"
    sizes = [float(e.get("font-size")) for e in root.iter(f"{SVG}text")]
    assert sizes and min(sizes) >= 14
    bundle = chart._repr_mimebundle_()
    assert bundle == {"image/svg+xml": chart.svg, "text/plain": chart.alt}


def test_a_chart_is_one_document_with_nothing_to_fetch_and_both_themes():
    for chart in all_charts().values():
        assert "<script" not in chart.svg and "http" not in chart.svg.replace(
            "http://www.w3.org/", "")
        assert "prefers-color-scheme:dark" in chart.svg
        # The page's own theme wins when the SVG is inline: JupyterLab's and the docs site's.
        assert "data-jp-theme-light='false'" in chart.svg and "data-theme='dark'" in chart.svg
        root = tree(chart)
        backgrounds = by_class(root, "sw-bg")
        assert len(backgrounds) == 1 and backgrounds[0].get("width") == "640"


def y_of_value(root: ET.Element):
    """The plot's y scale, read back from two of its labelled grid lines."""
    ticks = [(float(e.get("data-value")), float(e.get("y1"))) for e in by_class(root, "sw-grid")]
    (v0, y0), (v1, y1) = ticks[0], ticks[-1]
    return lambda v: y0 + (v - v0) * (y1 - y0) / (v1 - v0), ticks


def test_a_histogram_counts_each_whole_number_and_its_tallest_bar_is_its_count():
    values = [2, 3, 3, 3, 5, 5, 7]
    root = tree(histogram(values, **WORDS))
    bars_ = by_class(root, "sw-bar")
    assert [float(b.get("data-value")) for b in bars_] == [1, 3, 0, 2, 0, 1]
    assert [float(b.get("data-low")) + 0.5 for b in bars_] == [2, 3, 4, 5, 6, 7]
    to_y, ticks = y_of_value(root)
    base = to_y(0)
    for bar in bars_:
        height = float(bar.get("height"))
        assert height == pytest.approx(base - to_y(float(bar.get("data-value"))), abs=0.05)
    tallest = max(bars_, key=lambda b: float(b.get("height")))
    assert float(tallest.get("data-value")) == 3
    assert [v for v, _ in ticks] == sorted(v for v, _ in ticks) and ticks[0][0] == 0
    assert all(float(v).is_integer() for v, _ in ticks)  # counts get whole-number ticks


def test_a_histogram_with_edges_puts_each_value_in_its_bin():
    root = tree(histogram([0.1, 0.2, 0.55, 0.9, 1.0], bins=[0, 0.5, 1], **WORDS))
    assert [float(b.get("data-value")) for b in by_class(root, "sw-bar")] == [2, 3]
    root = tree(histogram(counts={1: 0.25, 3: 0.75}, reference=2.5, **WORDS))
    assert [float(b.get("data-value")) for b in by_class(root, "sw-bar")] == [0.25, 0, 0.75]
    assert float(by_class(root, "sw-ref")[0].get("data-value")) == 2.5


def test_a_line_with_its_band_and_reference_is_drawn_where_the_numbers_are():
    xs = list(range(1, 11))
    ys = [0.5 + 0.3 / n for n in xs]
    lows, highs = [y - 0.1 for y in ys], [y + 0.1 for y in ys]
    root = tree(line(xs, ys, band=(lows, highs), reference=0.5, reference_label="exact",
                     series_label="simulated", band_label="95% interval", **WORDS))
    to_y, _ = y_of_value(root)
    polyline = by_class(root, "sw-line")
    drawn = [tuple(map(float, p.split(","))) for p in polyline[-1].get("points").split()]
    assert [round(y, 1) for _, y in drawn] == [round(to_y(y), 1) for y in ys]
    assert [x for x, _ in drawn] == sorted(x for x, _ in drawn)
    band = [tuple(map(float, p.split(","))) for p in
            by_class(root, "sw-band")[0].get("points").split()]
    top, bottom = band[:len(xs)], band[len(xs):][::-1]
    for (x, y), (bx, upper), (_, lower) in zip(drawn, top, bottom):
        assert bx == x and upper < y < lower  # SVG's y grows downwards: the high is above
    ref = [e for e in by_class(root, "sw-ref") if e.get("data-value")]  # not the legend's
    assert len(ref) == 1 and float(ref[0].get("y1")) == pytest.approx(to_y(0.5), abs=0.01)
    legend = " ".join(texts(root, "sw-legend-item"))
    assert "simulated" in legend and "95% interval" in legend and "exact" in legend


def test_several_lines_are_told_apart_by_dash_as_well_as_colour():
    root = tree(line([0, 1], {"best play": [0.5, 0.6], "random play": [0.5, 0.55]},
                     reference={"one half": 0.5}, **WORDS))
    lines = [e for e in by_class(root, "sw-line") if e.tag == f"{SVG}polyline"]
    assert [e.get("data-series") for e in lines] == ["best play", "random play"]
    assert lines[0].get("stroke-dasharray") != lines[1].get("stroke-dasharray")
    assert lines[0].get("class") != lines[1].get("class")


def test_bars_reach_their_values_and_intervals_span_low_to_high():
    root = tree(bars(["red", "blue", "yellow"], [0.3, 0.25, 0.45],
                     intervals=[(0.28, 0.32), (0.2, 0.3), (0.4, 0.5)], reference=0.25,
                     **WORDS))
    to_y, _ = y_of_value(root)
    drawn = by_class(root, "sw-bar")
    tallest = max(drawn, key=lambda b: float(b.get("height")))
    assert tallest.get("data-label") == "yellow"
    assert float(tallest.get("height")) == pytest.approx(to_y(0) - to_y(0.45), abs=0.05)
    for whisker, (low, high) in zip(by_class(root, "sw-interval"),
                                    [(0.28, 0.32), (0.2, 0.3), (0.4, 0.5)]):
        stem = whisker.find(f"{SVG}line")
        assert sorted([float(stem.get("y1")), float(stem.get("y2"))]) == pytest.approx(
            sorted([to_y(low), to_y(high)]), abs=0.01)


def test_grouped_bars_have_one_bar_per_label_and_series_with_a_legend():
    root = tree(bars(["a 21", "a bust"], {"exact": [0.3, 0.7], "played": [0.25, 0.75]},
                     **WORDS))
    drawn = by_class(root, "sw-bar")
    assert [(b.get("data-series"), b.get("data-label")) for b in drawn] == [
        ("exact", "a 21"), ("exact", "a bust"), ("played", "a 21"), ("played", "a bust")]
    assert texts(root, "sw-legend-item") == ["exact", "played"]


def test_a_heatmap_paints_each_cell_by_its_value():
    values = [[0, 0.5, 0], [0.25, 0, 1]]
    root = tree(heatmap(["START", "1", "2"][:2], ["x", "y", "z"], values, **WORDS))
    cells = {e.get("data-at"): float(e.get("data-value")) for e in by_class(root, "sw-cell")}
    assert cells == {"0,1": 0.5, "1,0": 0.25, "1,2": 1.0}  # the lowest is the background
    fills = {e.get("data-at"): e.get("fill") for e in by_class(root, "sw-cell")}
    assert fills["1,2"] == "#fde725" and fills["0,1"] != fills["1,0"]
    assert texts(root, "sw-scale-high") == ["1"] and texts(root, "sw-scale-low") == ["0"]


def test_french_ticks_and_alt_write_a_decimal_comma():
    chart = bars(["rouge", "bleu"], [0.3, 0.25], **WORDS, lang="fr")
    ticks = texts(tree(chart), "sw-tick")
    assert "0,10" in ticks and not any("." in t for t in ticks)
    assert "0,3" in chart.alt and "0.3" not in chart.alt
    english = texts(tree(bars(["red", "blue"], [0.3, 0.25], **WORDS)), "sw-tick")
    assert "0.10" in english
    long = texts(tree(line([1, 5000], [0, 1], **WORDS, lang="fr")), "sw-tick")
    assert "5\u202f000" in long


@pytest.mark.parametrize("call, named", [
    (lambda: line([1, 2, 3], [1, 2], **WORDS), "ys: 2 values for 3 xs"),
    (lambda: line([1, 2], [1, math.nan], **WORDS), "ys[1]: nan is not a finite number"),
    (lambda: line([1, 2], [1, 2], band=([0, 0], [1]), **WORDS), "band highs: 1 values"),
    (lambda: line([], [], **WORDS), "xs: nothing to draw"),
    (lambda: line(range(MAX_POINTS + 1), range(MAX_POINTS + 1), **WORDS),
     f"xs: more than {MAX_POINTS:,} values"),
    (lambda: bars(["a", "b"], [1], **WORDS), "values: 1 values for 2 labels"),
    (lambda: bars(["a"], [1], intervals=[(2, 1)], **WORDS), "low 2.0 is above high 1.0"),
    (lambda: bars(["a"], ["1"], **WORDS), "values[0]: expected a number"),
    (lambda: histogram([], **WORDS), "values: nothing to draw"),
    (lambda: histogram([1.5, 2.5], bins=MAX_BINS + 1, **WORDS), f"give 1 to {MAX_BINS}"),
    (lambda: histogram([1], counts=[1], **WORDS), "either values or counts, not both"),
    (lambda: histogram([float("inf")], **WORDS), "values[0]: inf is not a finite number"),
    (lambda: heatmap(["a"], ["b", "c"], [[1]], **WORDS), "values[0]: 1 values for 2"),
    (lambda: heatmap(["a"], ["b"], [[1]], title="", x_label="x", y_label="y", caption="c"),
     "title: expected a non-empty text"),
    (lambda: bars(["a"], [1], lang="de", **WORDS), "lang: 'de' is not one of en, fr"),
])
def test_bad_input_gives_one_error_naming_what_is_wrong(call, named):
    with pytest.raises(ChartError) as caught:
        call()
    assert named in str(caught.value)
    assert caught.value._render_traceback_() == [f"ChartError: {caught.value}"]


def test_a_long_run_is_thinned_to_the_same_picture(tmp_path):
    xs = list(range(1, MAX_POINTS + 1))
    ys = [math.sin(x / 500) + (1 if x == 7_777 else 0) for x in xs]
    chart = line(xs, ys, **WORDS)
    points = by_class(tree(chart), "sw-line")[-1].get("points").split()
    assert len(points) < 4_000
    # The one spike survives the thinning.
    assert max(-float(p.split(",")[1]) for p in points) == pytest.approx(
        -min(float(p.split(",")[1]) for p in points))
    top = min(float(p.split(",")[1]) for p in points)
    _, ticks = y_of_value(tree(chart))
    assert top < min(y for _, y in ticks) + 40
    assert len(chart.svg) < 150_000
    chart.save(tmp_path / "line.svg")
    assert (tmp_path / "line.svg").read_text() == chart.svg
    with pytest.raises(ChartError, match=r"^chart: not saved to "):
        chart.save(tmp_path)


def test_user_text_is_escaped_not_markup():
    chart = bars(["<b>&"], [1], title="a < b & c", x_label="x", y_label="y",
                 caption='"quoted" <script>')
    root = tree(chart)  # parses: nothing leaked into the markup
    assert root.find(f"{SVG}title").text == "a < b & c"
    assert not root.findall(f".//{SVG}script") and "<script>" not in chart.svg
    assert re.search(r"&lt;script&gt;", chart.svg)
