"""The lessons' charts as SVG: a histogram, a line with its interval band, bars with intervals,
a heatmap.

Pure Python and svgwrite (no NumPy, no matplotlib), so a lesson draws the same picture in
JupyterLab, Notebook 7, Voilà, the offline JupyterLite site (Pyodide), the docs site and an
exported page: each chart is one self-contained SVG document with no script, no font and no
address to fetch (docs/plots.md says why this, not Vega-Lite or matplotlib).

Every chart has a title, labelled axes (the caller says the units in the label), a caption
saying what was computed (the caller's words), a ``viewBox`` so it scales, text of at least
14 px at its 640 px width, and a text alternative (``<title>``/``<desc>``, ``role="img"`` and
``aria-label``; :attr:`Chart.alt` is the notebook's ``text/plain``). It paints its own
background, light or dark: dark when the system asks for it (``prefers-color-scheme``), and,
when the SVG sits inline in a page, as JupyterLab's (``data-jp-theme-light``) or the docs
site's (``data-theme``) theme says. Its marks carry their values (``data-value``…) and the
classes below, so a test can check what is drawn where.

    chart = histogram([3, 4, 4, 5], title="…", x_label="…", y_label="…", caption="…")
    chart            # in a notebook: the picture (image/svg+xml), and chart.alt as text/plain
    chart.save("lengths.svg")

Bad input (mismatched lengths, NaN, nothing to draw, more than a chart can show) raises one
:class:`ChartError` naming what is wrong.
"""

from __future__ import annotations

import hashlib
import math
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

import svgwrite

from ..core.errors import SorryError
from ..core.safeio import write_text_atomic

try:  # the French way of writing numbers (core/numbers.py), once it is in the package
    from ..core.numbers import format_number
except ImportError:  # pragma: no cover - until core/numbers.py lands
    def format_number(value: float, lang: str = "en", digits: int | None = None) -> str:
        text = f"{value:,.{digits}f}" if digits is not None else f"{value:,}"
        if lang == "fr":
            text = text.replace(",", "\u202f").replace(".", ",")
        return text

__all__ = ["Chart", "ChartError", "MARKER_CLASS", "bars", "heatmap", "histogram", "line"]

#: The class on every chart's root ``<svg>``: how a test (or a page) finds the charts.
MARKER_CLASS = "sw-chart"

#: What a chart can show before it stops being readable (and before its SVG gets heavy).
MAX_VALUES = 1_000_000     # raw values given to a histogram
MAX_BINS = 200             # bars of a histogram
MAX_POINTS = 20_000        # points of one line
MAX_SERIES = 6             # lines of one chart, groups of one bar chart
MAX_BARS = 200             # categories of a bar chart
MAX_CELLS = 160            # rows, and columns, of a heatmap
MAX_TEXT = 2_000           # characters of a title, label or caption

WIDTH = 640
FONT = {"title": 20, "label": 17, "tick": 15, "caption": 15, "legend": 15}
_CHAR = 0.56               # an average character's width, in ems, for layout
_PAD = 16

#: The two palettes: ink, muted ink, grid, background, and the series' colours (the first four
#: are Okabe-Ito's colour-blind-safe hues, made darker on white and lighter on dark).
PALETTES = {
    "light": {"bg": "#ffffff", "ink": "#1f2328", "muted": "#4b535d", "grid": "#d5dae0",
              "series": ("#0a62b0", "#c2410c", "#127a4f", "#a3307a", "#6b5b00", "#4a4a9c")},
    "dark": {"bg": "#1b1f24", "ink": "#e8eaed", "muted": "#b4bcc6", "grid": "#3d444d",
             "series": ("#6cb6ff", "#ffa657", "#56d364", "#f778ba", "#e3c54a", "#b5a8ff")},
}
_DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "1 2")
#: Reference lines: each its own dash, so two exact answers and a half stay apart.
_REF_DASHES = ("6 4", "2 4", "12 4 2 4", "1 3", "8 2", "4 2 1 2")
#: Viridis, from low to high: readable on both backgrounds and in grey.
_VIRIDIS = ("#440154", "#414487", "#2a788e", "#22a884", "#7ad151", "#fde725")


class ChartError(SorryError):
    """A chart was asked for with data it cannot draw; the message names what is wrong."""


@dataclass(frozen=True)
class Chart:
    """A drawn chart: ``svg`` (a whole SVG document) and ``alt`` (its text alternative)."""

    svg: str
    alt: str

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict[str, str]:
        return {"image/svg+xml": self.svg, "text/plain": self.alt}

    def save(self, path: Any) -> None:
        """Write the SVG to ``path``, whole or not at all."""
        write_text_atomic(path, self.svg, what="chart", error=ChartError)


# --- checking what is given ------------------------------------------------------------------

def _text(value: Any, what: str, *, required: bool = True) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise ChartError(f"{what}: expected a non-empty text, got {value!r:.60}")
    if len(value) > MAX_TEXT:
        raise ChartError(f"{what}: {len(value):,} characters, more than the {MAX_TEXT:,} a "
                         "chart shows")
    return value


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ChartError(f"{what}: expected a number, got {value!r:.60}")
    number = float(value)
    if not math.isfinite(number):
        raise ChartError(f"{what}: {value!r} is not a finite number")
    return number


def _numbers(values: Any, what: str, cap: int, *, allow_empty: bool = False) -> list[float]:
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__iter__"):
        raise ChartError(f"{what}: expected a sequence of numbers, got {type(values).__name__}")
    out = []
    for i, value in enumerate(values):
        if i >= cap:
            raise ChartError(f"{what}: more than {cap:,} values, more than a chart shows; "
                             "summarise them first")
        out.append(_number(value, f"{what}[{i}]"))
    if not out and not allow_empty:
        raise ChartError(f"{what}: nothing to draw (no values)")
    return out


def _same_length(values: list, expected: int, what: str, other: str) -> None:
    if len(values) != expected:
        raise ChartError(f"{what}: {len(values):,} values for {expected:,} {other}; give one "
                         "for each")


def _labels(values: Any, what: str, cap: int, lang: str) -> list[str]:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise ChartError(f"{what}: expected a sequence of labels, got {type(values).__name__}")
    out = []
    for i, value in enumerate(values):
        if i >= cap:
            raise ChartError(f"{what}: more than {cap:,} labels, more than a chart shows")
        if isinstance(value, str):
            out.append(_text(value, f"{what}[{i}]", required=False))
        elif isinstance(value, Real) and not isinstance(value, bool):
            out.append(_fmt(_number(value, f"{what}[{i}]"), lang))
        else:
            raise ChartError(f"{what}[{i}]: expected a text or a number, got {value!r:.60}")
    if not out:
        raise ChartError(f"{what}: nothing to draw (no labels)")
    return out


def _lang(lang: Any) -> str:
    if lang not in ("en", "fr"):
        raise ChartError(f"lang: {lang!r} is not one of en, fr")
    return lang


def _series(ys: Any, what: str, cap: int) -> dict[str | None, list[float]]:
    """One unnamed series, or a mapping of named ones."""
    if isinstance(ys, Mapping):
        if not ys:
            raise ChartError(f"{what}: nothing to draw (no series)")
        if len(ys) > MAX_SERIES:
            raise ChartError(f"{what}: {len(ys)} series, more than the {MAX_SERIES} a chart "
                             "tells apart")
        return {_text(name, f"{what}: a series' name"): _numbers(v, f"{what}[{name!r}]", cap)
                for name, v in ys.items()}
    return {None: _numbers(ys, what, cap)}


# --- numbers on the axes ---------------------------------------------------------------------

def _fmt(value: float, lang: str, digits: int | None = None) -> str:
    if digits is None:
        if float(value).is_integer() and abs(value) < 1e15:
            return format_number(int(value), lang)
        digits = min(6, max(1, 3 - int(math.floor(math.log10(abs(value))))))
        text = format_number(round(value, digits), lang, digits=digits)
        decimal = "," if lang == "fr" else "."
        return text.rstrip("0").rstrip(decimal) if decimal in text else text
    return format_number(value, lang, digits=digits)


def _nice_step(span: float, target: int) -> float:
    raw = span / max(1, target)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * power * (1 + 1e-9):
            return factor * power
    return 10 * power


def _ticks(low: float, high: float, target: int = 6) -> tuple[list[float], int]:
    """Round values from ``low`` to ``high`` (which the caller has made round), and the
    decimals they need."""
    step = _nice_step(high - low, target)
    first = math.ceil(low / step - 1e-9)
    ticks = []
    k = first
    while k * step <= high + step * 1e-9:
        ticks.append(round(k * step, 12))
        k += 1
    decimals = 0
    while decimals < 8 and any(abs(t * 10 ** decimals - round(t * 10 ** decimals)) > 1e-6
                               for t in ticks):
        decimals += 1
    return ticks, decimals


def _nice_range(low: float, high: float, *, zero: bool = False, target: int = 6):
    if zero:
        low, high = min(0.0, low), max(0.0, high)
    if high == low:
        pad = abs(high) * 0.1 or 1.0
        low, high = (low if zero and low == 0 else low - pad), high + pad
    step = _nice_step(high - low, target)
    return math.floor(low / step + 1e-9) * step, math.ceil(high / step - 1e-9) * step


# --- drawing ---------------------------------------------------------------------------------

_E = svgwrite.Drawing(debug=False)


def _css() -> str:
    def rules(p: dict, scope: str) -> str:
        out = [f"{scope} .sw-bg{{fill:{p['bg']}}}", f"{scope} .sw-ink{{fill:{p['ink']}}}",
               f"{scope} .sw-muted{{fill:{p['muted']}}}",
               f"{scope} .sw-grid{{stroke:{p['grid']}}}",
               f"{scope} .sw-axis,{scope} .sw-ref,{scope} .sw-interval{{stroke:{p['ink']}}}"]
        for i, colour in enumerate(p["series"]):
            out.append(f"{scope} .sw-s{i}{{fill:{colour};stroke:{colour}}}")
            out.append(f"{scope} .sw-s{i}.sw-line{{fill:none}}")
        return "".join(out)

    light, dark = PALETTES["light"], PALETTES["dark"]
    svg = f"svg.{MARKER_CLASS}"
    return (f"{svg}{{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',"
            "Arial,sans-serif}"
            + rules(light, svg)
            + "@media (prefers-color-scheme:dark){" + rules(dark, svg) + "}"
            # Inline in a page whose theme is known, the page's theme wins over the system's.
            + rules(dark, f"body[data-jp-theme-light='false'] {svg}")
            + rules(dark, f"body[data-theme='dark'] {svg}")
            + rules(light, f"body[data-jp-theme-light='true'] {svg}")
            + rules(light, f"body[data-theme='light'] {svg}"))


_STYLE = _css()
_LIGHT = PALETTES["light"]


def _width_of(text: str, size: int) -> float:
    return len(text) * size * _CHAR


def _wrap(text: str, size: int, width: float) -> list[str]:
    return textwrap.wrap(text, max(10, int(width / (size * _CHAR)))) or [""]


def _fill(cls: str) -> dict:
    """A fill given both as a class (themed) and as an attribute (for viewers without CSS)."""
    colour = _LIGHT["ink"] if cls == "sw-ink" else _LIGHT["muted"]
    return {"class_": cls, "fill": colour}


def _series_colour(i: int) -> str:
    return _LIGHT["series"][i % len(_LIGHT["series"])]


class _Canvas:
    """The frame every chart shares: background, title, legend, plot area, axes' labels and the
    caption, laid out for the given texts."""

    def __init__(self, kind: str, *, title: str, x_label: str, y_label: str, caption: str,
                 alt: str, legend: list[tuple[str, str, str]], y_tick_texts: list[str],
                 height: int = 420, x_ticks_rotated: bool = False, x_tick_chars: int = 0,
                 right: int = 0):
        self.kind = kind
        inner = WIDTH - 2 * _PAD
        self.title_lines = _wrap(title, FONT["title"], inner)
        self.caption_lines = _wrap(caption, FONT["caption"], inner)
        self.legend_rows = self._legend_rows(legend, inner)
        top = _PAD + len(self.title_lines) * FONT["title"] * 1.25 + 8
        self.legend_y = top + FONT["legend"]
        top += len(self.legend_rows) * FONT["legend"] * 1.6 + (12 if legend else 0)
        tick_width = max((_width_of(t, FONT["tick"]) for t in y_tick_texts), default=0)
        left = _PAD + FONT["label"] * 1.3 + tick_width + 10
        x_tick_height = (x_tick_chars * FONT["tick"] * _CHAR * 0.72 + FONT["tick"]
                         if x_ticks_rotated else FONT["tick"] * 1.4)
        bottom_text = 8 + x_tick_height + FONT["label"] * 1.5 + 6 + \
            len(self.caption_lines) * FONT["caption"] * 1.3 + _PAD
        self.height = int(math.ceil(top + height * 0.62 + bottom_text))
        self.x0, self.x1 = left, WIDTH - _PAD - 8 - right
        self.y0, self.y1 = top + 6, self.height - bottom_text
        self.x_tick_y = self.y1 + 8 + FONT["tick"]
        self.x_label_y = self.y1 + 8 + x_tick_height + FONT["label"] * 1.1
        self.caption_y = self.x_label_y + 6 + FONT["caption"] * 1.3
        self.title, self.x_label, self.y_label, self.caption = title, x_label, y_label, caption
        self.alt = alt
        self.legend = legend
        self.ids = hashlib.sha1(f"{kind}{title}{caption}".encode()).hexdigest()[:10]
        self.dwg = svgwrite.Drawing(size=(WIDTH, self.height), profile="full", debug=False)
        self.plot = _E.g(class_="sw-plot")

    @staticmethod
    def _legend_rows(legend, inner):
        rows, row, used = [], [], 0.0
        for entry in legend:
            width = 34 + _width_of(entry[0], FONT["legend"]) + 18
            if row and used + width > inner:
                rows.append(row)
                row, used = [], 0.0
            row.append((entry, used))
            used += width
        if row:
            rows.append(row)
        return rows

    def sx(self, fraction: float) -> float:
        return self.x0 + fraction * (self.x1 - self.x0)

    def sy(self, fraction: float) -> float:
        return self.y1 - fraction * (self.y1 - self.y0)

    def text(self, parent, text: str, x: float, y: float, size: str, cls: str = "sw-ink",
             **extra):
        """Text in the ink (``sw-ink`` or ``sw-muted``) named last among ``extra``'s classes."""
        classes = extra.pop("class_", cls)
        ink = "sw-muted" if "sw-muted" in classes.split() else "sw-ink"
        parent.add(_E.text(text, insert=(round(x, 2), round(y, 2)), font_size=FONT[size],
                           **{**_fill(ink), "class_": classes}, **extra))

    def y_axis(self, ticks: list[float], texts: list[str], to_y):
        axis = _E.g(class_="sw-y-axis")
        for value, label in zip(ticks, texts):
            y = round(to_y(value), 2)
            axis.add(_E.line((self.x0, y), (self.x1, y), class_="sw-grid", stroke=_LIGHT["grid"],
                             stroke_width=1, **{"data-value": value}))
            self.text(axis, label, self.x0 - 8, y + FONT["tick"] * 0.35, "tick",
                      text_anchor="end", class_="sw-tick sw-ink", **{"data-value": value})
        self.dwg.add(axis)

    def x_ticks(self, positions: list[tuple[float, str]], rotated: bool = False):
        axis = _E.g(class_="sw-x-axis")
        for x, label in positions:
            x = round(x, 2)
            axis.add(_E.line((x, self.y1), (x, self.y1 + 5), class_="sw-axis",
                             stroke=_LIGHT["ink"], stroke_width=1))
            if rotated:
                self.text(axis, label, x + 4, self.x_tick_y - 4, "tick", text_anchor="end",
                          transform=f"rotate(-45 {x + 4} {self.x_tick_y - 4})",
                          class_="sw-tick sw-ink")
            else:
                self.text(axis, label, x, self.x_tick_y, "tick", text_anchor="middle",
                          class_="sw-tick sw-ink")
        self.dwg.add(axis)

    def finish(self, lang: str) -> Chart:
        dwg = self.dwg
        dwg.attribs.update({
            "viewBox": f"0 0 {WIDTH} {self.height}", "class": f"{MARKER_CLASS} sw-{self.kind}",
            "role": "img", "aria-label": self.alt, "lang": lang,
            "style": "max-width:100%;height:auto", "data-chart": self.kind})
        dwg.set_desc(title=self.title, desc=self.alt)  # <title> and <desc>, first
        dwg.defs.add(_E.style(_STYLE))
        clip = dwg.defs.add(_E.clipPath(id=f"swc-{self.ids}"))
        clip.add(_E.rect((self.x0, self.y0), (self.x1 - self.x0, self.y1 - self.y0)))
        dwg.elements.insert(3, _E.rect((0, 0), (WIDTH, self.height), class_="sw-bg",
                                       fill=_LIGHT["bg"]))
        y = _PAD + FONT["title"]
        for part in self.title_lines:
            self.text(dwg, part, WIDTH / 2, y, "title", text_anchor="middle",
                      font_weight="bold", class_="sw-title sw-ink")
            y += FONT["title"] * 1.25
        y = self.legend_y
        for row in self.legend_rows:
            width = sum(34 + _width_of(e[0], FONT["legend"]) + 18 for e, _ in row) - 18
            start = (WIDTH - width) / 2
            for (label, cls, shape), offset in row:
                group = _E.g(class_="sw-legend-item")
                x = start + offset
                if shape == "line":
                    dash = _DASHES[int(cls.split("sw-s")[1]) % len(_DASHES)] \
                        if cls.startswith("sw-s") else ""
                    group.add(_E.line((x, y - 5), (x + 28, y - 5), class_=f"{cls} sw-line",
                                      stroke=_stroke_of(cls), stroke_width=3,
                                      **({"stroke_dasharray": dash} if dash else {})))
                elif shape.startswith("ref"):
                    group.add(_E.line((x, y - 5), (x + 28, y - 5), class_="sw-ref",
                                      stroke=_LIGHT["ink"], stroke_width=2,
                                      stroke_dasharray=_REF_DASHES[int(shape[3:] or 0)]))
                elif shape == "band":
                    group.add(_E.rect((x, y - 12), (28, 14), class_=cls, fill=_stroke_of(cls),
                                      opacity=0.25))
                else:
                    group.add(_E.rect((x + 6, y - 13), (16, 16), class_=cls,
                                      fill=_stroke_of(cls)))
                self.text(group, label, x + 34, y, "legend")
                dwg.add(group)
            y += FONT["legend"] * 1.6
        self.plot.attribs["clip-path"] = f"url(#swc-{self.ids})"
        dwg.add(self.plot)
        dwg.add(_E.line((self.x0, self.y1), (self.x1, self.y1), class_="sw-axis",
                        stroke=_LIGHT["ink"], stroke_width=1.5))
        dwg.add(_E.line((self.x0, self.y0), (self.x0, self.y1), class_="sw-axis",
                        stroke=_LIGHT["ink"], stroke_width=1.5))
        self.text(dwg, self.x_label, (self.x0 + self.x1) / 2, self.x_label_y, "label",
                  text_anchor="middle", class_="sw-x-label sw-ink")
        ly = (self.y0 + self.y1) / 2
        lx = _PAD + FONT["label"] * 0.9
        self.text(dwg, self.y_label, lx, ly, "label", text_anchor="middle",
                  transform=f"rotate(-90 {lx} {round(ly, 2)})", class_="sw-y-label sw-ink")
        caption = _E.g(class_="sw-caption")
        y = self.caption_y
        for part in self.caption_lines:
            self.text(caption, part, _PAD, y, "caption", class_="sw-muted")
            y += FONT["caption"] * 1.3
        dwg.add(caption)
        return Chart(dwg.tostring(), self.alt)


def _stroke_of(cls: str) -> str:
    return _series_colour(int(cls[4:])) if cls.startswith("sw-s") else _LIGHT["ink"]


def _alt(alt: Any, lang: str, title: str, parts: list[str], caption: str) -> str:
    if alt is not None:
        return _text(alt, "alt")
    return " ".join(p.rstrip(".") + "." for p in (title, *parts, caption) if p)


def _range_text(label: str, low: float, high: float, lang: str) -> str:
    return f"{label}: {_fmt(low, lang)} – {_fmt(high, lang)}"


# --- the four charts -------------------------------------------------------------------------

def histogram(values: Sequence[float] | None = None, *, counts: Any = None, bins: Any = None,
              title: str, x_label: str, y_label: str, caption: str, alt: str | None = None,
              reference: float | None = None, reference_label: str | None = None,
              lang: str = "en") -> Chart:
    """A histogram of ``values``, or of ``counts`` already made.

    - ``values`` with ``bins``: an int (that many equal bins over the values' range) or the bin
      edges (ascending; a value equal to the last edge falls in the last bin). Without ``bins``,
      whole-number values get one bar per number (up to 200), others ``√n`` equal bins.
    - ``counts``: a mapping {value: count or share} (one bar centred on each whole value, as for
      a discrete distribution) or a sequence, then with ``bins`` its edges (one more than the
      counts).
    - ``reference``: an x value marked by a vertical dashed line (a mean, say), named in the
      legend by ``reference_label``.
    """
    lang = _lang(lang)
    title, x_label, y_label = (_text(title, "title"), _text(x_label, "x_label"),
                               _text(y_label, "y_label"))
    caption = _text(caption, "caption")
    if (values is None) == (counts is None):
        raise ChartError("histogram: give either values or counts, not "
                         + ("both" if values is not None else "neither"))
    discrete = False
    if values is not None:
        data = _numbers(values, "values", MAX_VALUES)
        if bins is None and all(v.is_integer() for v in data) and \
                max(data) - min(data) < MAX_BINS:
            discrete = True
            low, high = int(min(data)), int(max(data))
            heights = [0.0] * (high - low + 1)
            for v in data:
                heights[int(v) - low] += 1
            edges = [low - 0.5 + i for i in range(high - low + 2)]
        else:
            if bins is None:
                bins = max(1, min(MAX_BINS, math.ceil(math.sqrt(len(data)))))
            edges = _edges(bins, min(data), max(data))
            heights = [0.0] * (len(edges) - 1)
            for v in data:
                if edges[0] <= v <= edges[-1]:
                    i = min(len(heights) - 1, _bin_of(edges, v))
                    heights[i] += 1
        total = f"{len(data):,}" if lang == "en" else format_number(len(data), lang)
        summary = [f"{total} values", ] if lang == "en" else [f"{total} valeurs"]
    else:
        if isinstance(counts, Mapping):
            if bins is not None:
                raise ChartError("histogram: counts given as a mapping are centred on their "
                                 "values; give bins only with a sequence of counts")
            keys = _numbers(list(counts.keys()), "counts' values", MAX_BINS)
            heights_by = dict(zip(keys, _numbers(list(counts.values()), "counts", MAX_BINS)))
            if not all(k.is_integer() for k in keys):
                raise ChartError("counts: a mapping's values must be whole numbers (one bar "
                                 "each); give a sequence of counts with bin edges otherwise")
            low, high = int(min(keys)), int(max(keys))
            if high - low >= MAX_BINS:
                raise ChartError(f"counts: values from {low} to {high}, more than "
                                 f"{MAX_BINS} bars")
            heights = [heights_by.get(float(k), 0.0) for k in range(low, high + 1)]
            edges = [low - 0.5 + i for i in range(high - low + 2)]
            discrete = True
        else:
            heights = _numbers(counts, "counts", MAX_BINS)
            if bins is None:
                edges = [float(i) for i in range(len(heights) + 1)]
            else:
                edges = _edges(bins, None, None)
                _same_length(edges, len(heights) + 1, "bins", "counts and one (the edges)")
        if any(h < 0 for h in heights):
            raise ChartError("counts: a count cannot be negative")
        summary = []
    ref = None if reference is None else _number(reference, "reference")
    ref_label = _text(reference_label, "reference_label", required=False)
    x_low, x_high = edges[0], edges[-1]
    y_low, y_high = _nice_range(0, max(heights), zero=True)
    y_ticks, y_dec = _ticks(y_low, y_high)
    if all(h.is_integer() for h in heights) and y_dec:  # counts: whole-number ticks only
        y_high = max(y_high, 5.0)
        y_ticks, y_dec = [t for t in _ticks(y_low, y_high)[0] if t.is_integer()], 0
    y_texts = [_fmt(t, lang, y_dec) for t in y_ticks]
    tallest = max(range(len(heights)), key=heights.__getitem__)
    parts = summary + [
        _range_text(x_label, edges[0] + (0.5 if discrete else 0),
                    edges[-1] - (0.5 if discrete else 0), lang),
        _range_text(y_label, 0, max(heights), lang),
        (f"la plus haute barre : {_fmt(_mid(edges, tallest, discrete), lang)}"
         if lang == "fr" else f"tallest bar at {_fmt(_mid(edges, tallest, discrete), lang)}")]
    legend = [(ref_label, "sw-ref", "ref")] if ref is not None and ref_label else []
    canvas = _Canvas("histogram", title=title, x_label=x_label, y_label=y_label,
                     caption=caption, alt=_alt(alt, lang, title, parts, caption),
                     legend=legend, y_tick_texts=y_texts)

    def to_x(v):
        return canvas.sx((v - x_low) / (x_high - x_low))

    def to_y(v):
        return canvas.sy((v - y_low) / (y_high - y_low))

    canvas.y_axis(y_ticks, y_texts, to_y)
    gap = 1 if len(heights) > 60 else 2
    for i, h in enumerate(heights):
        left, right = to_x(edges[i]), to_x(edges[i + 1])
        top = to_y(h)
        canvas.plot.add(_E.rect((round(left + gap / 2, 2), round(top, 2)),
                                (round(max(0.5, right - left - gap), 2),
                                 round(to_y(0) - top, 2)),
                                class_="sw-bar sw-s0", fill=_series_colour(0),
                                **{"data-value": h, "data-low": edges[i],
                                   "data-high": edges[i + 1]}))
    if ref is not None:
        x = round(to_x(ref), 2)
        canvas.plot.add(_E.line((x, canvas.y0), (x, canvas.y1), class_="sw-ref",
                                stroke=_LIGHT["ink"], stroke_width=2, stroke_dasharray="6 4",
                                **{"data-value": ref}))
    if discrete:
        x_ticks, _ = _ticks(edges[0] + 0.5, edges[-1] - 0.5, 8)
        x_ticks = [t for t in x_ticks if float(t).is_integer()] or [edges[0] + 0.5]
        positions = [(to_x(t), _fmt(t, lang)) for t in x_ticks]
    else:
        lo, hi = _nice_range(x_low, x_high)
        x_ticks, x_dec = _ticks(lo, hi, 7)
        positions = [(to_x(t), _fmt(t, lang, x_dec)) for t in x_ticks if x_low <= t <= x_high]
    canvas.x_ticks(positions)
    return canvas.finish(lang)


def _mid(edges, i, discrete):
    return edges[i] + 0.5 if discrete else (edges[i] + edges[i + 1]) / 2


def _edges(bins: Any, low: float | None, high: float | None) -> list[float]:
    if isinstance(bins, int) and not isinstance(bins, bool):
        if not 1 <= bins <= MAX_BINS:
            raise ChartError(f"bins: {bins} bins; give 1 to {MAX_BINS}")
        if low is None:
            raise ChartError("bins: with counts, give the bins' edges, not a number of bins")
        if high == low:
            low, high = low - 0.5, high + 0.5
        return [low + (high - low) * i / bins for i in range(bins + 1)]
    edges = _numbers(bins, "bins", MAX_BINS + 1)
    if len(edges) < 2 or any(b <= a for a, b in zip(edges, edges[1:])):
        raise ChartError("bins: the edges must be at least two numbers, each larger than the "
                         "one before")
    return edges


def _bin_of(edges: list[float], v: float) -> int:
    lo, hi = 0, len(edges) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if v >= edges[mid]:
            lo = mid
        else:
            hi = mid
    return lo


def line(xs: Sequence[float], ys: Any, *, band: Any = None, reference: Any = None,
         title: str, x_label: str, y_label: str, caption: str, alt: str | None = None,
         series_label: str | None = None, band_label: str | None = None,
         reference_label: str | None = None, y_range: tuple[float, float] | None = None,
         log_x: bool = False, points: bool = False, lang: str = "en") -> Chart:
    """Lines through (``xs``, ``ys``): ``ys`` one sequence (named ``series_label`` in the
    legend, if given) or a mapping {label: ys} of up to six, each told apart by colour and dash.

    - ``band``: (lows, highs), one of each per x, drawn as a shaded interval (named
      ``band_label``), e.g. a 95 % interval around an estimate;
    - ``reference``: a horizontal value (an exact answer), or a mapping {label: value} of a few;
      one value is named ``reference_label``;
    - ``y_range``: (low, high) to show (what falls outside is cut at the frame), else all;
    - ``log_x``: a logarithmic x axis (xs must be positive); ``points``: a dot at each point.
    """
    lang = _lang(lang)
    title, x_label, y_label = (_text(title, "title"), _text(x_label, "x_label"),
                               _text(y_label, "y_label"))
    caption = _text(caption, "caption")
    x = _numbers(xs, "xs", MAX_POINTS)
    series = _series(ys, "ys", MAX_POINTS)
    if len(series) == 1 and None not in series and series_label is not None:
        raise ChartError("series_label: the series are already named by ys' keys")
    if None in series:
        series = {_text(series_label, "series_label", required=False) or None: series[None]}
    for name, values in series.items():
        _same_length(values, len(x), "ys" if name is None else f"ys[{name!r}]", "xs")
    lows = highs = None
    if band is not None:
        if not (isinstance(band, (tuple, list)) and len(band) == 2):
            raise ChartError("band: expected (lows, highs), two sequences")
        lows, highs = (_numbers(band[0], "band lows", MAX_POINTS),
                       _numbers(band[1], "band highs", MAX_POINTS))
        _same_length(lows, len(x), "band lows", "xs")
        _same_length(highs, len(x), "band highs", "xs")
        if any(lo > hi for lo, hi in zip(lows, highs)):
            raise ChartError("band: a low is above its high")
    if isinstance(reference, Mapping):
        if len(reference) > MAX_SERIES:
            raise ChartError(f"reference: more than {MAX_SERIES} reference lines")
        refs = [(_text(k, "reference's name"), _number(v, f"reference[{k!r}]"))
                for k, v in reference.items()]
    elif reference is not None:
        refs = [(_text(reference_label, "reference_label", required=False),
                 _number(reference, "reference"))]
    else:
        refs = []
    if log_x and min(x) <= 0:
        raise ChartError("xs: a logarithmic axis needs every x above 0")
    if y_range is not None:
        if not (isinstance(y_range, (tuple, list)) and len(y_range) == 2):
            raise ChartError("y_range: expected (low, high)")
        y_low, y_high = _number(y_range[0], "y_range low"), _number(y_range[1], "y_range high")
        if y_high <= y_low:
            raise ChartError("y_range: high must be above low")
    else:
        seen = [v for values in series.values() for v in values] + [v for _, v in refs]
        if lows:
            seen += lows + highs
        y_low, y_high = _nice_range(min(seen), max(seen))
    y_ticks, y_dec = _ticks(y_low, y_high)
    y_ticks = [t for t in y_ticks if y_low - 1e-9 <= t <= y_high + 1e-9]
    y_texts = [_fmt(t, lang, y_dec) for t in y_ticks]
    x_low, x_high = min(x), max(x)
    if x_high == x_low:
        x_low, x_high = x_low - 1, x_high + 1
    legend = []
    if band is not None and band_label:
        legend.append((_text(band_label, "band_label"), "sw-s0", "band"))
    for i, name in enumerate(series):
        if name:
            legend.append((name, f"sw-s{i}", "line"))
    for i, (name, _) in enumerate(refs):
        if name:
            legend.append((name, "sw-ref", f"ref{i}"))
    parts = [_range_text(x_label, min(x), max(x), lang)]
    for name, values in series.items():
        parts.append((f"{name}: " if name else "") + _range_text(y_label, min(values),
                                                               max(values), lang)
                     + (f" ({'fin' if lang == 'fr' else 'last'} {_fmt(values[-1], lang)})"))
    for name, value in refs:
        parts.append(f"{name or ('référence' if lang == 'fr' else 'reference')}: "
                     f"{_fmt(value, lang)}")
    canvas = _Canvas("line", title=title, x_label=x_label, y_label=y_label, caption=caption,
                     alt=_alt(alt, lang, title, parts, caption), legend=legend,
                     y_tick_texts=y_texts)
    if log_x:
        lx0, lx1 = math.log10(x_low), math.log10(x_high)

        def to_x(v):
            return canvas.sx((math.log10(v) - lx0) / ((lx1 - lx0) or 1))
    else:
        def to_x(v):
            return canvas.sx((v - x_low) / (x_high - x_low))

    def to_y(v):
        return canvas.sy((v - y_low) / (y_high - y_low))

    canvas.y_axis(y_ticks, y_texts, to_y)
    if lows is not None:
        outline = [(to_x(a), to_y(h)) for a, h in zip(x, highs)] + \
            [(to_x(a), to_y(lo)) for a, lo in reversed(list(zip(x, lows)))]
        canvas.plot.add(_E.polygon(_points(outline), class_="sw-band sw-s0",
                                   fill=_series_colour(0), opacity=0.22))
    for i, (_name, value) in enumerate(refs):
        y = round(to_y(value), 2)
        canvas.plot.add(_E.line((canvas.x0, y), (canvas.x1, y), class_="sw-ref",
                                stroke=_LIGHT["ink"], stroke_width=2,
                                stroke_dasharray=_REF_DASHES[i], **{"data-value": value}))
    for i, (name, values) in enumerate(series.items()):
        dash = _DASHES[i % len(_DASHES)]
        canvas.plot.add(_E.polyline(
            _points([(to_x(a), to_y(b)) for a, b in zip(x, values)]),
            class_=f"sw-line sw-s{i}", fill="none", stroke=_series_colour(i), stroke_width=2.5,
            stroke_linejoin="round", **({"stroke_dasharray": dash} if dash else {}),
            **({"data-series": name} if name else {})))
        if points:
            dots = _E.g(class_=f"sw-points sw-s{i}", fill=_series_colour(i))
            for a, b in zip(x, values):
                dots.add(_E.circle((round(to_x(a), 2), round(to_y(b), 2)), 3.5))
            canvas.plot.add(dots)
    if log_x:
        ticks = [10.0 ** k for k in range(math.ceil(lx0 - 1e-9), math.floor(lx1 + 1e-9) + 1)]
        positions = [(to_x(t), _fmt(t, lang)) for t in ticks]
    else:
        lo, hi = _nice_range(x_low, x_high)
        ticks, dec = _ticks(lo, hi, 7)
        positions = [(to_x(t), _fmt(t, lang, dec)) for t in ticks
                     if x_low - 1e-9 <= t <= x_high + 1e-9]
    canvas.x_ticks(positions)
    return canvas.finish(lang)


def _points(pairs) -> list[tuple[float, float]]:
    """Screen points, rounded; a long run is thinned to its first, lowest, highest and last
    point in each half pixel of x, which draws the same picture with far fewer points."""
    pairs = [(round(a, 2), round(b, 2)) for a, b in pairs]
    if len(pairs) <= 1500:
        return pairs
    kept, bucket, key = [], [], None
    for point in pairs:
        here = round(point[0] * 2)
        if bucket and here != key:
            kept.extend(_extremes(bucket))
            bucket = []
        key = here
        bucket.append(point)
    kept.extend(_extremes(bucket))
    return kept


def _extremes(bucket):
    chosen = {0, len(bucket) - 1,
              min(range(len(bucket)), key=lambda i: bucket[i][1]),
              max(range(len(bucket)), key=lambda i: bucket[i][1])}
    return [bucket[i] for i in sorted(chosen)]


def bars(labels: Sequence[Any], values: Any, *, intervals: Any = None,
         title: str, x_label: str, y_label: str, caption: str, alt: str | None = None,
         reference: float | None = None, reference_label: str | None = None,
         lang: str = "en") -> Chart:
    """One bar per label, from 0 to its value; ``values`` one sequence, or a mapping
    {series: values} of up to six drawn side by side (with a legend).

    - ``intervals``: one (low, high) per bar (for a mapping: {series: [(low, high), …]}), drawn
      as a whisker, e.g. a 95 % interval;
    - ``reference``: a horizontal value (the share each would have by chance, say), named in the
      legend by ``reference_label``.
    """
    lang = _lang(lang)
    title, x_label, y_label = (_text(title, "title"), _text(x_label, "x_label"),
                               _text(y_label, "y_label"))
    caption = _text(caption, "caption")
    names = _labels(labels, "labels", MAX_BARS, lang)
    series = _series(values, "values", MAX_BARS)
    for name, vals in series.items():
        _same_length(vals, len(names), "values" if name is None else f"values[{name!r}]",
                     "labels")
    whiskers: dict[Any, list[tuple[float, float]]] = {}
    if intervals is not None:
        given = intervals if isinstance(intervals, Mapping) else {None: intervals}
        if set(given) != set(series):
            raise ChartError("intervals: give them for the same series as values")
        for name, pairs in given.items():
            where = "intervals" if name is None else f"intervals[{name!r}]"
            if isinstance(pairs, (str, bytes)) or not hasattr(pairs, "__iter__"):
                raise ChartError(f"{where}: expected a sequence of (low, high)")
            checked = []
            for i, pair in enumerate(pairs):
                if i >= MAX_BARS or not (isinstance(pair, (tuple, list)) and len(pair) == 2):
                    raise ChartError(f"{where}[{i}]: expected (low, high)")
                lo, hi = _number(pair[0], f"{where}[{i}] low"), _number(pair[1],
                                                                       f"{where}[{i}] high")
                if lo > hi:
                    raise ChartError(f"{where}[{i}]: low {lo} is above high {hi}")
                checked.append((lo, hi))
            _same_length(checked, len(names), where, "labels")
            whiskers[name] = checked
    ref = None if reference is None else _number(reference, "reference")
    ref_label = _text(reference_label, "reference_label", required=False)
    seen = [v for vals in series.values() for v in vals]
    seen += [v for pairs in whiskers.values() for pair in pairs for v in pair]
    if ref is not None:
        seen.append(ref)
    y_low, y_high = _nice_range(min(seen), max(seen), zero=True)
    y_ticks, y_dec = _ticks(y_low, y_high)
    y_texts = [_fmt(t, lang, y_dec) for t in y_ticks]
    legend = [(name, f"sw-s{i}", "box") for i, name in enumerate(series) if name]
    if ref is not None and ref_label:
        legend.append((ref_label, "sw-ref", "ref"))
    longest = max(len(n) for n in names)
    slot_guess = (WIDTH - 140) / len(names)
    rotated = longest * FONT["tick"] * _CHAR > slot_guess * 0.95 and len(names) <= 40
    parts = [f"{x_label}: " + ", ".join(names[:30]) + (" …" if len(names) > 30 else "")]
    for name, vals in series.items():
        shown = ", ".join(
            f"{label} {_fmt(v, lang)}"
            + (f" ({_fmt(whiskers[name][i][0], lang)} – {_fmt(whiskers[name][i][1], lang)})"
               if name in whiskers else "")
            for i, (label, v) in enumerate(zip(names, vals)) if i < 30)
        parts.append((f"{name}: " if name else f"{y_label}: ") + shown
                     + (" …" if len(vals) > 30 else ""))
    if ref is not None:
        parts.append(f"{ref_label or ('référence' if lang == 'fr' else 'reference')}: "
                     f"{_fmt(ref, lang)}")
    canvas = _Canvas("bars", title=title, x_label=x_label, y_label=y_label, caption=caption,
                     alt=_alt(alt, lang, title, parts, caption), legend=legend,
                     y_tick_texts=y_texts, x_ticks_rotated=rotated,
                     x_tick_chars=min(longest, 24))

    def to_y(v):
        return canvas.sy((v - y_low) / (y_high - y_low))

    canvas.y_axis(y_ticks, y_texts, to_y)
    slot = (canvas.x1 - canvas.x0) / len(names)
    group_width = slot * (0.8 if len(names) > 1 or len(series) > 1 else 0.5)
    width = group_width / len(series)
    for s, (name, vals) in enumerate(series.items()):
        for i, v in enumerate(vals):
            left = canvas.x0 + slot * i + (slot - group_width) / 2 + width * s
            top, base = to_y(max(v, 0)), to_y(min(v, 0))
            attrs = {"data-value": v, "data-label": names[i]}
            if name:
                attrs["data-series"] = name
            canvas.plot.add(_E.rect((round(left + 1, 2), round(top, 2)),
                                    (round(max(0.5, width - 2), 2), round(base - top, 2)),
                                    class_=f"sw-bar sw-s{s}", fill=_series_colour(s), **attrs))
            if name in whiskers:
                lo, hi = whiskers[name][i]
                cx = round(left + width / 2, 2)
                cap = min(8.0, width / 4)
                whisker = _E.g(class_="sw-interval", stroke=_LIGHT["ink"], stroke_width=2,
                               **{"data-low": lo, "data-high": hi})
                whisker.add(_E.line((cx, round(to_y(lo), 2)), (cx, round(to_y(hi), 2))))
                for end in (lo, hi):
                    whisker.add(_E.line((round(cx - cap, 2), round(to_y(end), 2)),
                                        (round(cx + cap, 2), round(to_y(end), 2))))
                canvas.plot.add(whisker)
    if ref is not None:
        y = round(to_y(ref), 2)
        canvas.plot.add(_E.line((canvas.x0, y), (canvas.x1, y), class_="sw-ref",
                                stroke=_LIGHT["ink"], stroke_width=2, stroke_dasharray="6 4",
                                **{"data-value": ref}))
    every = max(1, math.ceil(len(names) / (40 if rotated else max(1, int(
        (canvas.x1 - canvas.x0) / (longest * FONT["tick"] * _CHAR + 12))))))
    canvas.x_ticks([(canvas.x0 + slot * (i + 0.5), label) for i, label in enumerate(names)
                    if i % every == 0], rotated=rotated)
    return canvas.finish(lang)


def heatmap(row_labels: Sequence[Any], column_labels: Sequence[Any], values: Any, *,
            title: str, x_label: str, y_label: str, caption: str, alt: str | None = None,
            lang: str = "en") -> Chart:
    """A grid of coloured cells, ``values[row][column]``, first row at the top; the colour
    scale (viridis: dark for low, bright for high, readable in grey) is shown with its low and
    high values. Long label lists are shown every few labels."""
    lang = _lang(lang)
    title, x_label, y_label = (_text(title, "title"), _text(x_label, "x_label"),
                               _text(y_label, "y_label"))
    caption = _text(caption, "caption")
    rows = _labels(row_labels, "row_labels", MAX_CELLS, lang)
    columns = _labels(column_labels, "column_labels", MAX_CELLS, lang)
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__iter__"):
        raise ChartError("values: expected a sequence of rows")
    grid = []
    for r, row in enumerate(values):
        if r >= MAX_CELLS:
            raise ChartError(f"values: more than {MAX_CELLS} rows")
        grid.append(_numbers(row, f"values[{r}]", MAX_CELLS))
        _same_length(grid[-1], len(columns), f"values[{r}]", "column_labels")
    _same_length(grid, len(rows), "values (rows)", "row_labels")
    flat = [v for row in grid for v in row]
    low, high = min(flat), max(flat)
    top_cell = max(((r, c) for r in range(len(rows)) for c in range(len(columns))),
                   key=lambda rc: grid[rc[0]][rc[1]])
    parts = [f"{y_label} × {x_label}: {len(rows)} × {len(columns)}, "
             f"{_fmt(low, lang)} – {_fmt(high, lang)}",
             f"max {_fmt(high, lang)} ({rows[top_cell[0]]} → {columns[top_cell[1]]})"]
    row_texts = rows
    canvas = _Canvas("heatmap", title=title, x_label=x_label, y_label=y_label,
                     caption=caption, alt=_alt(alt, lang, title, parts, caption), legend=[],
                     y_tick_texts=[t[:16] for t in row_texts], height=620, right=70)
    size_x = (canvas.x1 - canvas.x0) / len(columns)
    size_y = (canvas.y1 - canvas.y0) / len(rows)
    # The lowest value is the grid's background; only the other cells are drawn (a transition
    # matrix is mostly zeros: this keeps its SVG small).
    canvas.plot.add(_E.rect((round(canvas.x0, 2), round(canvas.y0, 2)),
                            (round(canvas.x1 - canvas.x0, 2), round(canvas.y1 - canvas.y0, 2)),
                            fill=_viridis(0.0), class_="sw-cells-low", **{"data-value": low}))
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            if v == low:
                continue
            share = (v - low) / (high - low)
            canvas.plot.add(_E.rect(
                (round(canvas.x0 + c * size_x, 2), round(canvas.y0 + r * size_y, 2)),
                (round(size_x + 0.3, 2), round(size_y + 0.3, 2)), fill=_viridis(share),
                class_="sw-cell", **{"data-value": f"{v:.6g}", "data-at": f"{r},{c}"}))
    every_row = max(1, math.ceil(len(rows) / 24))
    axis = _E.g(class_="sw-y-axis")
    for r in range(0, len(rows), every_row):
        canvas.text(axis, rows[r][:16], canvas.x0 - 6,
                    canvas.y0 + (r + 0.5) * size_y + FONT["tick"] * 0.35, "tick",
                    text_anchor="end", class_="sw-tick sw-ink")
    canvas.dwg.add(axis)
    longest = max(len(c) for c in columns)
    every_column = max(1, math.ceil(len(columns) / max(1, int(
        (canvas.x1 - canvas.x0) / (min(longest, 8) * FONT["tick"] * _CHAR + 10)))))
    canvas.x_ticks([(canvas.x0 + (c + 0.5) * size_x, columns[c][:8])
                    for c in range(0, len(columns), every_column)])
    # The colour scale, right of the grid.
    scale = _E.g(class_="sw-scale")
    sx = canvas.x1 + 16
    gradient = canvas.dwg.defs.add(_E.linearGradient(id=f"swg-{canvas.ids}", start=(0, 1),
                                                     end=(0, 0)))
    for i, colour in enumerate(_VIRIDIS):
        gradient.add_stop_color(i / (len(_VIRIDIS) - 1), colour)
    scale.add(_E.rect((sx, canvas.y0), (16, canvas.y1 - canvas.y0),
                      fill=f"url(#swg-{canvas.ids})"))
    canvas.text(scale, _fmt(high, lang), sx + 20, canvas.y0 + FONT["tick"] * 0.8, "tick",
                class_="sw-tick sw-ink sw-scale-high")
    canvas.text(scale, _fmt(low, lang), sx + 20, canvas.y1, "tick",
                class_="sw-tick sw-ink sw-scale-low")
    canvas.dwg.add(scale)
    return canvas.finish(lang)


def _viridis(share: float) -> str:
    position = max(0.0, min(1.0, share)) * (len(_VIRIDIS) - 1)
    i = min(len(_VIRIDIS) - 2, int(position))
    t = position - i
    a, b = _VIRIDIS[i], _VIRIDIS[i + 1]
    channels = [round(int(a[k:k + 2], 16) * (1 - t) + int(b[k:k + 2], 16) * t)
                for k in (1, 3, 5)]
    return "#" + "".join(f"{v:02x}" for v in channels)
