"""The Sorry! board as SVG, drawn with svgwrite.

One function, :func:`board_svg`, in the spirit of ``chess.svg.board``: give it a position or a
game and keyword options (highlights, arrows, the last move, the card, a theme) and it returns
SVG text. Every place carries a semantic id, class and ``data-place`` key, every pawn its colour
as a class, so tests, stylesheets and the widget's frontend can find them. The smaller pieces
(:func:`pawn_markup`, :func:`card_face_markup`, :func:`overlay_markup`) are what the widget sends
to the browser, so a pawn or an arrow is drawn by this module only.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import svgwrite
from svgwrite.container import Group

from ..board.track import COLOUR_LETTERS, COLOURS
from ..core.messages import word
from ..board.cards import CARD_NAMES, SORRY, card_from_name, card_label, card_text
from ..board.game import Game, Play
from ..board.moves import Move
from ..board.state import Position
from .geometry import (
    BOARD_SIZE, CELL, JUMP, PLACES, SENT, SLIDE_SHAPES, pawn_motions, pawn_spots, place_key,
)

#: Element factory. With debug off svgwrite does not check attribute names, so the drawing can
#: carry data-* and aria-* attributes.
_E = svgwrite.Drawing(debug=False)


@dataclass(frozen=True)
class Theme:
    name: str
    background: str
    track: str
    line: str
    text: str
    muted: str
    colours: dict[str, str]
    tints: dict[str, str]
    #: Letter colour on a pawn of each colour: the second cue besides colour.
    letters: dict[str, str]
    pawn_outline: str
    card: str
    card_back: str
    highlight: str
    arrow: str
    #: Text in each colour on the board (START and HOME): at least 4.5:1 on its background.
    inks: dict[str, str]


THEMES: dict[str, Theme] = {
    "light": Theme(
        "light", background="#efe6cf", track="#fffdf6", line="#3a3a3a", text="#2b2b2b",
        muted="#6b6558",  # the square numbers: 5.7:1 on the track
        colours={"red": "#d1262b", "blue": "#1d64c8", "yellow": "#f0bc1c", "green": "#1e8544"},
        tints={"red": "#f6c9c6", "blue": "#c6dbf6", "yellow": "#fbeab0", "green": "#c5e8cf"},
        letters={"red": "#ffffff", "blue": "#ffffff", "yellow": "#1c1c1c", "green": "#ffffff"},
        pawn_outline="#1c1c1c", card="#ffffff", card_back="#1d64c8", highlight="#17a2b8",
        arrow="#6a1b9a",
        inks={"red": "#b01f24", "blue": "#1d5bb5", "yellow": "#7a5c00", "green": "#1b6e37"},
    ),
    "dark": Theme(
        "dark", background="#1b1f24", track="#2b3139", line="#8d96a0", text="#e8e8e8",
        muted="#9aa3ad",
        colours={"red": "#ff5c5c", "blue": "#4d9dff", "yellow": "#ffd23f", "green": "#3ccf6e"},
        tints={"red": "#5a2a2c", "blue": "#22385a", "yellow": "#57491d", "green": "#1f4a2e"},
        letters={"red": "#1c1c1c", "blue": "#1c1c1c", "yellow": "#1c1c1c", "green": "#1c1c1c"},
        pawn_outline="#0b0b0b", card="#f5f1e6", card_back="#2b5fa8", highlight="#2dd4e8",
        arrow="#d59cff",
        inks={"red": "#ff5c5c", "blue": "#4d9dff", "yellow": "#ffd23f", "green": "#3ccf6e"},
    ),
}


_SCALAR_FIELDS = ("background", "track", "line", "text", "muted", "pawn_outline", "card",
                  "card_back", "highlight", "arrow")
#: A theme whose colours are tokens (``@track@``, ``@colour-red@``): a drawing made with it is
#: turned by :func:`themed` into one that a stylesheet can repaint, so a single drawing serves
#: both themes.
TOKENS = Theme(
    "tokens", **{f: f"@{f.replace('_', '-')}@" for f in _SCALAR_FIELDS},
    colours={c: f"@colour-{c}@" for c in COLOURS}, tints={c: f"@tint-{c}@" for c in COLOURS},
    letters={c: f"@letter-{c}@" for c in COLOURS}, inks={c: f"@ink-{c}@" for c in COLOURS},
)


def _palette(theme: Theme) -> dict[str, str]:
    """A theme's colour of every token name."""
    palette = {f.replace("_", "-"): getattr(theme, f) for f in _SCALAR_FIELDS}
    for c in COLOURS:
        palette.update({f"colour-{c}": theme.colours[c], f"tint-{c}": theme.tints[c],
                        f"letter-{c}": theme.letters[c], f"ink-{c}": theme.inks[c]})
    return palette


_TAG = re.compile(r"<[^<>]+>")
_TOKEN = re.compile(r'(?<=\s)(fill|stroke)="@([a-z-]+)@"')


def themed(markup: str) -> str:
    """Markup drawn with :data:`TOKENS` made concrete: the light colours as attributes, so it
    shows as it is anywhere (an ``<img>``, a viewer with no CSS), and on each element a class
    per themed colour (``sbf-track`` for its fill, ``sbs-line`` for its stroke), which :func:`dark_css` repaints."""
    light = _palette(THEMES["light"])

    def tag(match: re.Match) -> str:
        classes: list[str] = []

        def concrete(attr: re.Match) -> str:
            classes.append(f"sb{attr[1][0]}-{attr[2]}")
            return f'{attr[1]}="{light[attr[2]]}"'

        text = _TOKEN.sub(concrete, match[0])
        if not classes:
            return text
        if ' class="' in text:
            return text.replace(' class="', f' class="{" ".join(classes)} ', 1)
        return re.sub(r"^<([\w:-]+)", lambda m: f'{m[0]} class="{" ".join(classes)}"', text)

    return _TAG.sub(tag, markup)


def dark_css(*scopes: str) -> str:
    """CSS that repaints :func:`themed` markup in the dark theme inside any of ``scopes``
    (selectors of an ancestor). Its specificity is zero, so every other rule of the page (a
    target's glow, a selection) still wins over it."""
    light, dark = _palette(THEMES["light"]), _palette(THEMES["dark"])
    return "".join(
        f":where({', '.join(f'{s} .sb{prop[0]}-{token}' for s in scopes)}){{{prop}:{dark[token]}}}"
        for token in dark if dark[token] != light[token] for prop in ("fill", "stroke"))


#: Where a board drawn with ``theme="auto"`` turns dark: in JupyterLab's dark theme, and on a
#: page that is not JupyterLab when the browser prefers dark.
_FOLLOW_CSS = (dark_css('body[data-jp-theme-light="false"] .sb-follow')
               + "@media (prefers-color-scheme: dark){"
               + dark_css("body:not([data-jp-theme-light]) .sb-follow") + "}")


#: Pawn and highlight colours for people who see colours differently, after Okabe and Ito's
#: palette (vermillion, blue, yellow, bluish green; the highlight reddish purple): told apart
#: in simulated deuteranopia, protanopia and tritanopia, in both themes. The pawns keep their
#: letters. "standard" is the themes' own colours.
PALETTES: dict[str, dict[str, dict[str, Any]]] = {
    "standard": {},
    "colour-blind": {
        "light": {
            "colours": {"red": "#bf5300", "blue": "#005a9c", "yellow": "#f0e442",
                        "green": "#3fbf94"},
            "tints": {"red": "#f7d5bf", "blue": "#bcd3e8", "yellow": "#faf6c2",
                      "green": "#cdeee2"},
            "letters": {"red": "#ffffff", "blue": "#ffffff", "yellow": "#1c1c1c",
                        "green": "#1c1c1c"},
            "inks": {"red": "#9a4400", "blue": "#005f94", "yellow": "#655c00",
                     "green": "#00704f"},
            "highlight": "#cc79a7",
        },
        "dark": {
            "colours": {"red": "#f0803c", "blue": "#4a90d9", "yellow": "#f0e442",
                        "green": "#6fe0b8"},
            "tints": {"red": "#5e3217", "blue": "#1c3a5e", "yellow": "#4e4a17",
                      "green": "#1d5445"},
            "letters": {"red": "#1c1c1c", "blue": "#1c1c1c", "yellow": "#1c1c1c",
                        "green": "#1c1c1c"},
            "inks": {"red": "#f0803c", "blue": "#7ab6ff", "yellow": "#f0e442",
                     "green": "#6fe0b8"},
            "highlight": "#e89cc8",
        },
    },
}


def check_palette(palette: Any) -> None:
    if palette not in PALETTES:
        raise ValueError(f"palette: {palette!r} is not a palette; palettes are "
                         f"{', '.join(repr(p) for p in PALETTES)}")


def palette_theme(theme: str | Theme, palette: str = "standard") -> Theme:
    """``theme`` with the pawn and highlight colours of ``palette`` (:data:`PALETTES`)."""
    import dataclasses

    t = get_theme(theme)
    check_palette(palette)
    return dataclasses.replace(t, **PALETTES[palette].get(t.name, {}))


def palette_css(palette: str, scope: str, dark_scope: str) -> str:
    """CSS that repaints :func:`themed` markup in ``palette``: its light colours inside
    ``scope``, its dark ones inside ``dark_scope``. Like :func:`dark_css` its specificity is
    zero: it must come after it."""
    if not PALETTES[palette]:
        return ""
    out = []
    for name, where in (("light", scope), ("dark", dark_scope)):
        colours = _palette(palette_theme(name, palette))
        for token, value in colours.items():
            if token.startswith(("colour-", "tint-", "letter-", "ink-")) or token == "highlight":
                out.append(f":where({where} .sbf-{token}){{fill:{value}}}"
                           f":where({where} .sbs-{token}){{stroke:{value}}}")
    return "".join(out)


def get_theme(theme: str | Theme) -> Theme:
    if isinstance(theme, Theme):
        return theme
    if theme not in THEMES:
        raise ValueError(f"theme: {theme!r} is not a theme; themes are {sorted(THEMES)}")
    return THEMES[theme]


def theme_colours(theme: str | Theme, palette: str = "standard") -> dict:
    """A theme's colours that the widget's page needs to draw trails, arrows and marks."""
    t = palette_theme(theme, palette)
    return {"colours": dict(t.colours), "arrow": t.arrow, "highlight": t.highlight}


def place_id(key: str) -> str:
    """The SVG id of a place: ``sq-12``, ``sq-red-safety-2``, ``sq-red-start``."""
    return "sq-" + key.replace(":", "-")


def resolve_place(ref: Any, colour: str | None = None) -> str:
    """A place key from what a user may write: ``12``, ``"12"``, ``"red:safety-2"``, or with
    ``colour`` given, ``"safety-2"``/``"start"``/``"home"``. ValueError names the bad value."""
    if isinstance(ref, bool):
        raise ValueError(f"{ref!r} is not a place")
    if isinstance(ref, int):
        key = str(ref)
    elif isinstance(ref, str):
        key = ref.strip()
        if colour is not None and ":" not in key and not key.isdigit():
            key = place_key(colour, key.lower())
    else:
        raise ValueError(f"{ref!r} is not a place")
    if key not in PLACES:
        raise ValueError(f"{ref!r} is not a place on the board: use a track square 0-59 or a "
                         'key like "red:safety-2", "blue:start", "green:home"')
    return key


# --- pieces ---------------------------------------------------------------------------------


def _pawn_group(colour: str, theme: Theme) -> Group:
    """A pawn centred on (0, 0): a bell-shaped body, a head, and its colour's letter."""
    g = _E.g(class_=f"pawn {colour}")
    g["data-colour"] = colour
    fill = theme.colours[colour]
    outline = dict(fill=fill, stroke=theme.pawn_outline, stroke_width=1.6)
    g.add(_E.ellipse((0, 13), (13, 4), **outline))
    g.add(_E.path("M -10 13 C -10 5 -5 2 -4.5 -3 L 4.5 -3 C 5 2 10 5 10 13 Z",
                             **outline))
    g.add(_E.circle((0, -8), 7, **outline))
    letter = _E.text(COLOUR_LETTERS[COLOURS.index(colour)], insert=(0, 11),
                                text_anchor="middle", font_size=13, font_weight="bold",
                                font_family=_FONT, fill=theme.letters[colour])
    g.add(letter)
    return g


def pawn_markup(colour: str, theme: str | Theme = "light") -> str:
    """SVG text of one pawn of ``colour`` centred on (0, 0), for the widget to place."""
    return _pawn_group(colour, get_theme(theme)).tostring()


#: The two piles in the middle of the board, in cells: the draw pile's left edge, the discard
#: pile's, their top, width and height. Big enough for a card's rule text at the smallest size
#: a projector allows (MIN_FONT).
_PILES = dict(draw_x=5.0, discard_x=8.1, y=5.6, w=2.9, h=4.4)
#: No text on the board is smaller than this, in SVG units: 11 px when the board is drawn at
#: 560 px, its default.
MIN_FONT = 13
_FONT = "Helvetica, Arial, sans-serif"


def _card_text_key(card: int, sorry_forward_4: bool, two_draws_again: bool) -> str:
    """The ``words`` catalog's context of a card face's text (core/words.py)."""
    if card == SORRY:
        return "card_text.sorry" + (".forward_4" if sorry_forward_4 else "")
    return f"card_text.{card}" + (".no_again" if card == 2 and not two_draws_again else "")


def _card_face(card: int | None, theme: Theme, sorry_forward_4: bool = False,
               two_draws_again: bool = True, language: str = "en") -> Group:
    x, y = _PILES["discard_x"] * CELL, _PILES["y"] * CELL
    w, h = _PILES["w"] * CELL, _PILES["h"] * CELL
    g = _E.g(id="card-face", class_="card-face" + (" empty" if card is None else ""))
    g["data-card"] = "" if card is None else str(card)
    if card is None:
        g.add(_E.rect((x, y), (w, h), rx=8, fill="none", stroke=theme.muted,
                                   stroke_width=1.5, stroke_dasharray="6 4"))
        g.add(_E.text(word("discard", language, "board.discard"),
                      insert=(x + w / 2, y + h / 2 + 4),
                                 text_anchor="middle", font_size=MIN_FONT, fill=theme.muted,
                                 font_family=_FONT))
        return g
    g.add(_E.rect((x, y), (w, h), rx=8, fill=theme.card, stroke=theme.line,
                               stroke_width=1.5))
    label = card_label(card)
    g.add(_E.text(label, insert=(x + w / 2, y + (42 if card != SORRY else 36)),
                             class_="card-value", text_anchor="middle",
                             font_size=34 if card != SORRY else 24, font_weight="bold",
                             font_family="Georgia, serif", fill="#1d64c8"))
    text = word(card_text(card, sorry_forward_4, two_draws_again), language,
                _card_text_key(card, sorry_forward_4, two_draws_again))
    lines = _E.g(class_="card-rule", text_anchor="middle", font_size=MIN_FONT, fill="#2b2b2b",
                 font_family=_FONT)
    for i, line in enumerate(textwrap.wrap(text, 16)):
        lines.add(_E.text(line, insert=(x + w / 2, y + 64 + 15 * i), class_="card-text"))
    g.add(lines)
    return g


def card_face_markup(card: int | str | None, theme: str | Theme = "light",
                     sorry_forward_4: bool = False, two_draws_again: bool = True,
                     language: str = "en") -> str:
    """SVG text of the discard pile showing ``card`` face up (or empty), its words in
    ``language``."""
    if isinstance(card, str):
        card = card_from_name(card)
    return _card_face(card, get_theme(theme), sorry_forward_4, two_draws_again,
                      language).tostring()


def _arrow(g: Group, x1: float, y1: float, x2: float, y2: float, colour: str,
           width: float = 6.0, css: str = "arrow") -> None:
    """A straight arrow whose head ends at (x2, y2), drawn as a line and a triangle (no
    markers, so several boards on one page never share ids)."""
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    head = min(16.0, length * 0.6)
    bx, by = x2 - ux * head, y2 - uy * head
    arrow = _E.g(class_=css, opacity=0.85)
    arrow.add(_E.line((x1, y1), (bx, by), stroke=colour, stroke_width=width,
                                   stroke_linecap="round"))
    arrow.add(_E.polygon(
        [(x2, y2), (bx - uy * head * 0.6, by + ux * head * 0.6),
         (bx + uy * head * 0.6, by - ux * head * 0.6)], fill=colour))
    g.add(arrow)


def _place_outline(key: str, colour: str, css: str, inset: float = 2.5,
                   width: float = 4.0, fill: str = "none", opacity: float = 1.0):
    p = PLACES[key]
    common = dict(fill=fill, stroke=colour, stroke_width=width, class_=css, opacity=opacity)
    if p.round:
        shape = _E.circle((p.x, p.y), p.half - inset, **common)
    else:
        s = p.half - inset
        shape = _E.rect((p.x - s, p.y - s), (2 * s, 2 * s), rx=4, **common)
    shape["data-place"] = key
    return shape


def _overlay(theme: Theme, highlights: Mapping[str, str], arrows: list[tuple[str, str, str]],
             last_move: Move | None, painted: Collection[str] = ()) -> Group:
    """``painted``: places painted by ``fills``; a highlight there is a ring, not a tint, so
    the place's own colour (a heatmap's value) still shows."""
    g = _E.g(id="overlay", class_="overlay", pointer_events="none")
    if last_move is not None:
        trail = _E.g(class_="last-move")
        for motion in pawn_motions(last_move):
            if motion["kind"] == SENT:
                continue
            colour, keys = motion["colour"], [motion["from"], *motion["path"]]
            points = [(PLACES[k].x, PLACES[k].y) for k in keys]
            trail.add(_place_outline(keys[0], theme.colours[colour], "last-move-from",
                                     width=3, opacity=0.9))
            if motion["kind"] == JUMP:
                # A Sorry! or a switch jumps: a line would cross the middle of the board, so
                # the landing square is ringed; a slide after it is traced as usual.
                trail.add(_place_outline(keys[1], theme.colours[colour], "last-move-to",
                                         inset=-3, width=5, opacity=0.9))
                points = points[1:]
            if len(points) >= 2:
                trail.add(_E.polyline(
                    points[:-1], fill="none", stroke=theme.colours[colour], stroke_width=5,
                    stroke_opacity=0.55, stroke_linejoin="round", stroke_linecap="round"))
                _arrow(trail, *points[-2], *points[-1], theme.colours[colour], width=5,
                       css="last-move-arrow")
        g.add(trail)
    for key, colour in highlights.items():
        if key in painted:
            g.add(_place_outline(key, colour, "highlight", inset=-1, width=5))
        else:
            g.add(_place_outline(key, colour, "highlight", fill=colour, opacity=0.45, width=3))
    for start, end, colour in arrows:
        a, b = PLACES[start], PLACES[end]
        _arrow(g, a.x, a.y, b.x, b.y, colour)
    return g


def _normalise_highlights(highlights, theme: Theme) -> dict[str, str]:
    if not highlights:
        return {}
    if isinstance(highlights, Mapping):
        items = highlights.items()
    else:
        items = ((h, None) for h in highlights)
    return {resolve_place(k): (theme.colours.get(c, c) if c else theme.highlight)
            for k, c in items}


def _normalise_arrows(arrows, theme: Theme) -> list[tuple[str, str, str]]:
    out = []
    for i, arrow in enumerate(arrows or ()):
        if not isinstance(arrow, (list, tuple)) or len(arrow) not in (2, 3):
            raise ValueError(f"arrows[{i}]: expected (from, to) or (from, to, colour), "
                             f"not {arrow!r}")
        colour = arrow[2] if len(arrow) == 3 else None
        out.append((resolve_place(arrow[0]), resolve_place(arrow[1]),
                    theme.colours.get(colour, colour) if colour else theme.arrow))
    return out


def overlay_markup(highlights=(), arrows=(), last_move: Move | None = None,
                   theme: str | Theme = "light") -> str:
    """SVG text of the overlay layer alone: highlighted places, arrows and the last move."""
    t = get_theme(theme)
    group = _overlay(t, _normalise_highlights(highlights, t), _normalise_arrows(arrows, t),
                     last_move)
    del group.attribs["id"]  # the widget nests it inside the board's own overlay layer
    return group.tostring()


# --- the board ------------------------------------------------------------------------------


def _label_colour(fill: str | None, theme: Theme) -> str:
    """Square numbers stay readable on any fill: light text on a dark fill."""
    if not fill or not fill.startswith("#") or len(fill) != 7:
        return theme.muted
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return "#ffffff" if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5 else "#1c1c1c"


def _board_layer(theme: Theme, labels: bool, fills: Mapping[str, str] | None = None,
                 language: str = "en") -> Group:
    g = _E.g(id="board", class_="board", font_family=_FONT)
    g.add(_E.rect((0, 0), (BOARD_SIZE, BOARD_SIZE), rx=10, fill=theme.background,
                               class_="background"))
    numbers = _E.g(class_="labels", font_size=MIN_FONT, pointer_events="none")
    slide_triangles = {s.triangle: s for s in SLIDE_SHAPES}
    for key, p in PLACES.items():
        colour = p.colour
        if p.kind == "track":
            n = int(key)
            css = f"square track side-{colour}"
            if n % 15 == 2:
                css += " entry"
            if n % 15 == 4:
                css += " start-exit"
            if key in slide_triangles:
                css += " slide-triangle"
            shape = _E.rect((p.x - p.half, p.y - p.half), (CELL, CELL),
                            fill=(fills or {}).get(key, theme.track), stroke=theme.line,
                            stroke_width=1, class_=css, id=place_id(key))
            shape["aria-label"] = word("square {n}", language, "board.aria.square", n=key)
        elif p.kind == "safety":
            shape = _E.rect((p.x - p.half, p.y - p.half), (CELL, CELL),
                                         fill=(fills or {}).get(key, theme.tints[colour]),
                                         stroke=theme.colours[colour],
                                         stroke_width=2, class_=f"square safety {colour}",
                                         id=place_id(key))
            shape["aria-label"] = word("{colour} safety-{n}", language, "board.aria.safety",
                                       colour=_colour(colour, language),
                                       n=key.split(":")[1][len("safety-"):])
        else:
            shape = _E.circle((p.x, p.y), p.half, fill=(fills or {}).get(key, theme.tints[colour]),
                                           stroke=theme.colours[colour], stroke_width=3,
                                           class_=f"zone {p.kind} {colour}", id=place_id(key))
            shape["aria-label"] = word(f"{{colour}} {p.kind.upper()}", language,
                                       f"board.aria.{p.kind}", colour=_colour(colour, language))
        shape["role"] = "img"  # a named place (an aria-label needs a role)
        shape["data-place"] = key
        g.add(shape)
        if p.kind in ("start", "home"):
            lx, ly = p.label_at
            g.add(_E.text(word(p.kind.upper(), language, f"board.{p.kind}"),
                          insert=(lx, ly + 4), text_anchor="middle",
                                     font_size=14, font_weight="bold",
                                     fill=theme.inks[colour],
                                     pointer_events="none", class_="zone-label"))
        elif p.kind == "track" and int(key) % 15 == 4:
            ring = _E.circle((p.x, p.y), CELL * 0.36, fill="none",
                                          stroke=theme.colours[colour], stroke_width=3,
                                          class_=f"start-exit-ring {colour}",
                                          pointer_events="none")
            g.add(ring)
        if labels and p.kind == "track":
            numbers.add(_E.text(key, insert=(p.x - p.half + 2.5, p.y - p.half + 12.5),
                                fill=_label_colour((fills or {}).get(key), theme),
                                class_="label"))
    if labels:
        g.add(numbers)
    for s in SLIDE_SHAPES:
        # On a heatmap the slides are only a faint reminder, so the squares' colours show.
        g.add(_slide(s, theme, faint=bool(fills)))
    return g


def _slide(s, theme: Theme, faint: bool = False) -> Group:
    """A slide: a triangle on its first square, a channel, a circle on its end square."""
    colour = theme.colours[s.owner]
    (x1, y1), (x2, y2) = s.start_xy, s.end_xy
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    g = _E.g(class_=f"slide {s.owner}", pointer_events="none", opacity=0.3 if faint else 0.9)
    g["data-triangle"] = s.triangle
    g["data-end"] = s.end
    g.add(_E.line((x1, y1), (x2, y2), stroke=colour, stroke_width=9,
                               class_="slide-channel"))
    half = CELL * 0.3
    g.add(_E.polygon(
        [(x1 + ux * half, y1 + uy * half), (x1 - ux * half - uy * half, y1 - uy * half + ux * half),
         (x1 - ux * half + uy * half, y1 - uy * half - ux * half)],
        fill=colour, class_="slide-triangle-mark"))
    g.add(_E.circle((x2, y2), CELL * 0.22, fill=colour, class_="slide-end"))
    return g


#: A heatmap's title (its status) is wrapped to lines of at most this many characters, so it
#: stays clear of the START circles, HOME circles and safety zones round the middle.
_TITLE_CHARS = 34
_TITLE_SIZE = 16
#: The first title line's baseline: below blue's START circle where the line is widest.
_TITLE_TOP = 5.6 * CELL
_TITLE_LEADING = 20


def _legend(theme: Theme, legend, y: float = 6.4 * CELL) -> Group:
    """A colour scale in the middle of the board, for a heatmap: one swatch per step, from
    ``y`` down."""
    g = _E.g(id="legend", class_="legend")
    items = list(legend)
    font = _FONT
    x, w = 5.6 * CELL, 4.8 * CELL
    step = min(0.6 * CELL, 3.4 * CELL / max(len(items), 1))
    for i, (colour, text) in enumerate(items):
        top = y + i * step
        g.add(_E.rect((x, top), (0.9 * CELL, step - 3), fill=colour, stroke=theme.line,
                      stroke_width=1))
        g.add(_E.text(str(text), insert=(x + 1.1 * CELL, top + step / 2 + 3), font_size=13,
                      font_family=font, fill=theme.text))
    g.add(_E.rect((x - 10, y - 10), (w, len(items) * step + 17), fill="none",
                  stroke=theme.muted, stroke_width=1, rx=6))
    return g


def _heatmap_title(theme: Theme, status: str | None) -> tuple[Group | None, float]:
    """A heatmap's status as its title, wrapped in the middle of the board, and where the
    legend below it may begin."""
    lines = textwrap.wrap(status or "", _TITLE_CHARS)
    if not lines:
        return None, 6.4 * CELL
    text = _E.text("", insert=(8 * CELL, _TITLE_TOP), text_anchor="middle",
                   font_size=_TITLE_SIZE, font_weight="bold", font_family=_FONT,
                   fill=theme.text, id="status", class_="status")
    for i, line in enumerate(lines):
        text.add(_E.tspan(line, x=[8 * CELL], dy=[0 if i == 0 else _TITLE_LEADING]))
    last = _TITLE_TOP + _TITLE_LEADING * (len(lines) - 1)
    return text, max(6.4 * CELL, last + 14)


def _centre(theme: Theme, status: str | None, status_colour: str | None,
            piles: bool = True) -> Group:
    g = _E.g(id="centre", class_="centre")
    x, y = _PILES["draw_x"] * CELL, _PILES["y"] * CELL
    w, h = _PILES["w"] * CELL, _PILES["h"] * CELL
    pile = _E.g(id="draw-pile", class_="draw-pile")
    for i in (2, 1, 0):
        pile.add(_E.rect((x + i * 2, y - i * 2), (w, h), rx=8, fill=theme.card_back,
                                      stroke=theme.line, stroke_width=1.2))
    pile.add(_E.text("SORRY!", insert=(x + w / 2, y + h / 2 + 6), text_anchor="middle",
                                font_size=22, font_weight="bold", font_family="Georgia, serif",
                                fill="#ffffff", class_="card-back-title"))
    if piles:
        g.add(pile)
    if status:
        text = _E.text(status, insert=(8 * CELL, (_PILES["y"] - 0.35) * CELL),
                                  text_anchor="middle", font_size=17, font_weight="bold",
                                  font_family=_FONT,
                                  fill=theme.colours.get(status_colour, theme.text),
                                  id="status", class_="status")
        g.add(text)
    return g


def _hand(theme: Theme, colour: str | None, hand: Sequence[int], language: str = "en") -> Group:
    """The hand of the player to move (play for points, P2) as small cards in a row under the
    piles, with whose hand it is."""
    g = _E.g(id="hand", class_="hand")
    font = _FONT
    w, h, gap = 1.05 * CELL, 1.3 * CELL, 0.1 * CELL
    x0 = 8 * CELL - (len(hand) * w + (len(hand) - 1) * gap) / 2
    y = 10.55 * CELL
    title = word("{colour}'s hand", language, "board.hand_of",
                 colour=_colour(colour, language, capital=True)) if colour else \
        word("Hand", language, "board.hand")
    g.add(_E.text(title, insert=(8 * CELL, 10.4 * CELL), text_anchor="middle",
                  font_size=MIN_FONT,
                  font_weight="bold", font_family=font,
                  fill=theme.colours.get(colour, theme.text)))
    for i, card in enumerate(hand):
        x = x0 + i * (w + gap)
        one = _E.g(class_="hand-card")
        one["data-card"] = CARD_NAMES[card]
        one.add(_E.rect((x, y), (w, h), rx=4, fill=theme.card, stroke=theme.line,
                        stroke_width=1.2))
        label = _E.text(card_label(card), insert=(x + w / 2, y + h / 2 + 6),
                        text_anchor="middle", font_size=18 if card != SORRY else MIN_FONT,
                        font_weight="bold", font_family="Georgia, serif", fill="#1d64c8")
        if card == SORRY:
            # "SORRY!" at a readable size is wider than a small card: narrowed, not shrunk.
            label["textLength"] = w - 4
            label["lengthAdjust"] = "spacingAndGlyphs"
        one.add(label)
        g.add(one)
    return g


def _score_table(theme: Theme, scores: Mapping[str, int], language: str = "en") -> Group:
    """Points per colour (Point Sorry, the adults' scoring) under the piles, best first."""
    g = _E.g(id="scores", class_="scores")
    font = _FONT
    rows = sorted(scores.items(), key=lambda item: -item[1])
    step = 0.42 * CELL
    x, y = 6.2 * CELL, 10.45 * CELL
    g.add(_E.text(word("Points", language, "board.points"), insert=(8 * CELL, y),
                  text_anchor="middle", font_size=MIN_FONT,
                  font_weight="bold", font_family=font, fill=theme.text))
    for i, (colour, points) in enumerate(rows):
        top = y + 0.2 * CELL + i * step
        row = _E.g(class_="score-row")
        row["data-colour"] = colour
        row.add(_E.circle((x + 0.15 * CELL, top + step / 2), 0.13 * CELL,
                          fill=theme.colours.get(colour, theme.text)))
        row.add(_E.text(_colour(colour, language, capital=True), insert=(x + 0.4 * CELL, top + step / 2 + 4.5),
                        font_size=MIN_FONT, font_family=font, fill=theme.text))
        row.add(_E.text(str(points), insert=(x + 3.6 * CELL, top + step / 2 + 4.5),
                        text_anchor="end", font_size=MIN_FONT, font_weight="bold",
                        font_family=font, fill=theme.text))
        g.add(row)
    return g


def _board_parts(board: Any, language: str = "en"):
    """(position, card, last move, status) from what the user passed."""
    if board is None:
        position = Position.initial(4)
        return position, None, None, None
    if isinstance(board, Game):
        last = board.history[-1] if board.history else None
        card = board.card if board.card is not None else (last.card if last else None)
        if board.finished:
            status, colour = _won(board.winner, language)
        else:
            status, colour = _to_move(board.colour_to_move, language), board.colour_to_move
        return board.position, card, (last.move if last else None), (status, colour)
    if isinstance(board, Play):
        return board.after, board.card, board.move, None
    if isinstance(board, Move):
        return board.result, board.card, board, None
    if isinstance(board, Position):
        winner = board.winner()
        if winner:
            return board, None, None, _won(winner, language)
        return board, None, None, (_to_move(board.colour_to_move, language),
                                   board.colour_to_move)
    raise TypeError(f"board_svg: expected a Position, Game, Play or Move, not "
                    f"{type(board).__name__}")


def _to_move(colour: str, language: str) -> str:
    return word("{colour} to move", language, "board.status.to_move",
                colour=_colour(colour, language, capital=True))


def _won(winner, language: str = "en") -> tuple[str, str]:
    """The status line and its colour for a winner: a colour, or a team's two colours."""
    if isinstance(winner, tuple):
        both = f" {word('and', language)} ".join(_colour(c, language, capital=True)
                                                  for c in winner)
        return word("{colours} win!", language, "board.status.team_wins", colours=both), \
            winner[0]
    return word("{colour} wins!", language, "board.status.wins",
                colour=_colour(winner, language, capital=True)), winner


_UNSET: Any = object()


def board_svg(
    board: Position | Game | Play | Move | None = None,
    *,
    size: int | None = 560,
    theme: str | Theme = "light",
    highlights: Iterable | Mapping | None = None,
    fills: Mapping | None = None,
    arrows: Iterable | None = None,
    labels: bool = True,
    last_move: Move | Play | None = _UNSET,
    card: int | str | None = _UNSET,
    pawns: bool = True,
    status: str | None = _UNSET,
    legend=None,
    hand: Sequence[int | str] | None = _UNSET,
    scores: Mapping[str, int] | None = _UNSET,
    language: str = "en",
) -> str:
    """The board as SVG text (its words — START, HOME, the card's face — in ``language``).

    ``board`` is a :class:`Position`, a :class:`Game` (its position, last card and last move),
    a :class:`Play` or a :class:`Move` (the position after it), or None for a new 4-player game.
    ``size`` is the width and height in pixels (None: scale to the container). ``theme`` is
    ``"light"``, ``"dark"`` or ``"auto"``: drawn light, and dark where it is shown inline in a
    page that is dark (JupyterLab's dark theme; elsewhere the browser's preference), e.g.
    ``IPython.display.HTML(board_svg(..., theme="auto"))``. As a picture (``SVG(...)``, which
    JupyterLab shows as an ``<img>``) it stays light. ``highlights``
    are places to mark with a see-through overlay (a list, or a mapping of place to colour name
    or CSS colour); ``fills`` maps places to the colour the place itself is painted (a heatmap);
    ``arrows`` are ``(from, to)`` or ``(from, to, colour)``; places are track squares ``0``–``59``
    or keys like ``"red:safety-2"``, ``"blue:start"``, ``"green:home"``. ``last_move`` draws
    the trail of a move; ``card`` shows a card face up on the discard pile; ``labels`` numbers
    the track squares; ``pawns=False`` leaves the pawns out (the widget places its own).
    ``legend`` is a colour scale for ``fills``: ``[(colour, text), …]`` drawn in the middle of
    the board in place of the cards (``status`` is its title).
    ``hand`` is the hand of the player to move, drawn under the piles (play for points; a
    :class:`Game` of that rule set shows its own), and ``scores`` maps colours to points, drawn
    there in its place (a finished game or won position of a rule set that keeps score shows
    its scores).
    """
    follow = theme == "auto"
    t = TOKENS if follow else get_theme(theme)
    position, board_card, board_last, board_status = _board_parts(board, language)
    if card is _UNSET:
        card = board_card
    if isinstance(card, str):
        card = card_from_name(card)
    if last_move is _UNSET:
        last_move = board_last
    if isinstance(last_move, Play):
        last_move = last_move.move
    if status is _UNSET:
        status_text, status_colour = board_status or (None, None)
    else:
        status_text, status_colour = status, None
    rules = position.rules
    if hand is _UNSET:
        hand = board.hand if isinstance(board, Game) and not board.finished else None
    if scores is _UNSET:
        scores = rules.scores(position) if position.winner() else None
    hand = [card_from_name(c) if isinstance(c, str) else c for c in hand or ()]

    dwg = svgwrite.Drawing(size=(size, size) if size else ("100%", "100%"), profile="full",
                           viewBox=f"0 0 {BOARD_SIZE} {BOARD_SIZE}", debug=False)
    dwg["class"] = "sorry-board theme-auto sb-follow" if follow else f"sorry-board theme-{t.name}"
    dwg["role"] = "img"
    dwg["aria-label"] = _aria_summary(position, language)
    painted = {resolve_place(k): v for k, v in (fills or {}).items()}
    dwg.add(_board_layer(t, labels, painted, language))
    if legend is None:
        centre = _centre(t, status_text, status_colour)
        centre.add(_card_face(card, t, rules.sorry_forward_4, rules.two_draws_again, language))
    else:
        centre = _centre(t, None, None, piles=False)
        title, legend_top = _heatmap_title(t, status_text)
        if title is not None:
            centre.add(title)
        centre.add(_legend(t, legend, legend_top))
    if scores:
        centre.add(_score_table(t, scores, language))
    elif hand:
        centre.add(_hand(t, position.colour_to_move, hand, language))
    dwg.add(centre)
    dwg.add(_overlay(t, _normalise_highlights(highlights, t), _normalise_arrows(arrows, t),
                     last_move, painted))
    layer = _E.g(id="pawns", class_="pawns")
    if pawns:
        for colour, key, x, y in pawn_spots(position):
            pawn = _pawn_group(colour, t)
            pawn["transform"] = f"translate({x},{y})"
            pawn["data-place"] = key
            pawn["aria-label"] = word("{colour} pawn on {place}", language, "board.aria.pawn",
                                      colour=_colour(colour, language),
                                      place=_place_words(key, language))
            pawn["role"] = "img"
            layer.add(pawn)
    dwg.add(layer)
    if not follow:
        return dwg.tostring()
    return themed(dwg.tostring()).replace("<defs />", f"<defs><style>{_FOLLOW_CSS}</style></defs>",
                                          1)


def _aria_summary(position: Position, language: str = "en") -> str:
    parts = []
    for colour, locs in zip(position.colour_names, position.pawns):
        places = ", ".join(_place_words(str(place_key(colour, loc)), language) for loc in locs)
        parts.append(word("{colour}: {places}", language, "board.aria.pawns_of",
                          colour=_colour(colour, language), places=places))
    return word("Sorry! board. {pawns}.", language, "board.aria.board", pawns="; ".join(parts))


def _colour(colour: str, language: str, capital: bool = False) -> str:
    name = word(colour, language, f"colour.{colour}")
    return name[:1].upper() + name[1:] if capital else name


def _place_words(key: str, language: str) -> str:
    """A place as a pawn's accessible name says it: ``12``, ``start``, ``safety-3``."""
    part = key.split(":")[-1]
    if part in ("start", "home"):
        return word(part, language, f"board.aria.place.{part}")
    if part.startswith("safety-"):
        return word("safety-{n}", language, "board.aria.place.safety", n=part[len("safety-"):])
    return part
