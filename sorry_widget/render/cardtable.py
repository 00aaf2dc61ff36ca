"""The SORRY! card game's table as SVG: each player's pawn cards, hands, the play pile fanned
with its total called out, the draw pile, the discard and the direction of play.

Every element carries a semantic class (``player red``, ``pawn-card home``, ``hand-card``,
``play-pile``, ``total``) and data attributes, so a page can style or find them as on the board.
"""

from __future__ import annotations

import re
import unicodedata

import svgwrite
from svgwrite.container import Group

from ..core.messages import word
from ..core.words import counted
from ..cardgame.cards import ACTIONS, PAWN_CARDS, face_label, slide_value
from ..cardgame.state import CardState
from ..core.colours import COLOURS
from .svg import THEMES, Theme, get_theme

_E = svgwrite.Drawing(profile="full", debug=False)
WIDTH, HEIGHT = 820, 620
#: A card: wide enough for every face's words in every language at MIN_FONT or more, each
#: word whole or broken once with a hyphen (:func:`face_lines`; the browser test measures them).
CARD_W, CARD_H = 60, 70
#: The room a face's words have: the card less a margin each side.
FACE_TEXT_W = CARD_W - 6
FONT = "Helvetica, Arial, sans-serif"
#: The smallest font size of any text on the table, in the table's own units. The widget draws
#: the 820-unit-wide table at least 760 px wide where the page allows, so this is 11 px or more
#: on screen, readable from the back of a room (the widget's browser test measures it).
MIN_FONT = 12

#: Where each seat sits, by the number of players: (centre x, centre y) of its area; seat 0 is
#: at the bottom, nearest the person looking at the table.
_SEATS = {
    2: [(410, 540), (410, 80)],
    3: [(410, 540), (130, 300), (690, 300)],
    4: [(410, 540), (130, 300), (410, 80), (690, 300)],
}

#: The centre row, left to right, between the side seats' hands: the draw pile, the play pile
#: fanned (its top PILE_SHOWN cards), the discard.
DRAW_X, PILE_X, PILE_STEP, PILE_SHOWN = 240, 310, 28, 6
DISCARD_X = PILE_X + (PILE_SHOWN - 1) * PILE_STEP + CARD_W + 10
#: How wide a hand may spread: a side seat's between the table's edge and the piles (its
#: cards overlap, each showing its corner index), the top and bottom seats' side by side.
SIDE_HAND_W, END_HAND_W = 190, 460

_CORNER = {"take-2": "T2", "switch": "Sw", "play-2": "P2", "sorry-back": "S!",
           "sorry-steal": "S!21", "dont-be-sorry": "DB"}


def _w(context: str, english: str, language: str, **values) -> str:
    """One of the table's words (core/words.py, ``table.*``) in ``language``, filled in."""
    return word(english, language, context, **values)


def _who(colour: str, language: str) -> str:
    name = word(colour, language, f"colour.{colour}")
    return name[:1].upper() + name[1:]


def total_callout(state: CardState, language: str = "en") -> str:
    """The total called out: ``10`` after a number or any other card, ``Slide to 15`` after a
    Slide; empty before the first card. (The sheet writes "10!", which a maths lesson would
    read as a factorial.)"""
    if not state.play_pile:
        return ""
    top = state.play_pile[-1]
    if slide_value(top) is not None:
        return _w("table.slide_to", "Slide to {total}", language, total=state.total)
    return str(state.total)


#: What every id of the card faces' definitions starts with, unless told otherwise.
ID_PREFIX = "sw"


def face_id(name: str | None, theme: Theme, corner: bool = False, prefix: str = ID_PREFIX) -> str:
    """The id of a card face in :func:`cardface_defs` (a back when ``name`` is None).

    A page finds a ``<use>``'s face by its id among every element of the page, so two tables
    whose faces differ (another language, another theme) must not share ids: each widget
    gives its own ``prefix``."""
    return f"{prefix}-card-{theme.name}-{name or 'back'}" + ("-c" if corner else "")


def pawncard_id(colour: str, home: bool, theme: Theme, prefix: str = ID_PREFIX) -> str:
    """The id of a pawn card in :func:`cardface_defs` (see :func:`face_id`)."""
    return f"{prefix}-pawncard-{theme.name}-{colour}-{'home' if home else 'start'}"


def _face_label(name: str, language: str) -> str:
    """What a card face says, in ``language`` (the card game's sheet's words in French)."""
    if language == "en":
        return face_label(name)
    from ..core.words import cardgame_card

    if name == "sorry-steal":
        return word(face_label(name), language, "cardgame.face.sorry-steal")
    return cardgame_card(name, language)


#: Advance widths of Helvetica Bold (and its metric twins Arial Bold and Liberation Sans Bold,
#: which browsers draw it with where it is missing), in thousandths of an em; an accented letter
#: is as wide as its letter; anything else is counted as a whole em, more than any glyph here.
_BOLD_WIDTHS = {
    **dict(zip("abcdefghijklmnopqrstuvwxyz", (556, 611, 556, 611, 556, 333, 611, 611, 278, 278,
                                              556, 278, 889, 611, 611, 611, 611, 389, 556, 333,
                                              611, 556, 778, 556, 556, 500))),
    **dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", (722, 722, 722, 722, 667, 611, 778, 722, 278, 556,
                                              722, 611, 833, 722, 778, 667, 778, 722, 667, 611,
                                              722, 667, 944, 667, 667, 611))),
    **dict.fromkeys("0123456789", 556),
    " ": 278, "!": 333, "'": 238, "\u2019": 278, "-": 333, ".": 278, ",": 278, "?": 611,
    ":": 333, "\u2026": 1000,
}
_VOWELS = set("aeiouyAEIOUY")
#: A face's font sizes, largest first: the largest at which its words fit is used.
FACE_SIZES = (16, 14, MIN_FONT)


def bold_width(text: str, size: float) -> float:
    """The width of ``text`` in bold at font size ``size`` (``_BOLD_WIDTHS``)."""
    return size / 1000 * sum(
        _BOLD_WIDTHS.get(unicodedata.normalize("NFD", c)[:1], 1000) for c in text)


def _break_word(text: str, size: float, room: float) -> list[str]:
    """A word too wide for ``room``, in pieces that fit, each but the last ending in a hyphen:
    after a hyphen it has, else before the last consonant between vowels that fits
    ("Change-ment"), else after the last letter that fits."""
    pieces = []
    while bold_width(text, size) > room and len(text) > 1:
        fits = [k for k in range(1, len(text)) if bold_width(text[:k] + ("" if text[k - 1] == "-"
                                                                          else "-"), size) <= room]
        if not fits:
            break
        hyphens = [k for k in fits if text[k - 1] == "-"]
        syllables = [k for k in fits if k >= 2 and k + 1 < len(text) and text[k - 1] in _VOWELS
                     and text[k].isalpha() and text[k] not in _VOWELS and text[k + 1] in _VOWELS]
        k = (hyphens or syllables or fits)[-1]
        pieces.append(text[:k] + ("" if text[k - 1] == "-" else "-"))
        text = text[k:]
    return pieces + [text]


def _wrap(label: str, size: float, room: float, breaking: bool = True) -> list[str]:
    """``label``'s lines, filled greedily: a line ends between words or after a hyphen of a
    word ("Jouez-" "en 2"); with ``breaking``, a word too wide for a line is broken too."""
    lines: list[str] = []
    for whole in label.split(" "):
        parts = _break_word(whole, size, room) if breaking else \
            re.findall(r"[^-]+-?|-", whole)
        for k, piece in enumerate(parts):
            # (pieces of one word join with no space; a broken word's pieces never join)
            glue = "" if k else " "
            joined = lines[-1] + glue + piece if lines else piece
            if lines and bold_width(joined, size) <= room and not (breaking and k):
                lines[-1] = joined
            else:
                lines.append(piece)
    return lines


def face_lines(label: str, room: float = FACE_TEXT_W) -> tuple[int, list[str]]:
    """(font size, lines) of a face's words: the largest of :data:`FACE_SIZES` at which they
    fit the card, broken between words, and a word too long for a line once with a hyphen.
    A smaller size with whole words is chosen before a larger one with a broken word. The
    words are never squeezed (a squeezed word is hard to read from the back of a room)."""
    for breaking in (False, True):
        for size in FACE_SIZES:
            lines = _wrap(label, size, room, breaking)
            if all(bold_width(line, size) <= room for line in lines) and \
                    len(lines) * size * 1.15 <= CARD_H - 18:
                return size, lines
    return MIN_FONT, _wrap(label, MIN_FONT, room)


def _face(name: str | None, theme: Theme, corner: bool = False, language: str = "en") -> list:
    """The elements of one card face (or back, for None) with its top-left corner at 0, 0."""
    if name is None:
        return [_E.rect((0, 0), (CARD_W, CARD_H), rx=5, fill=theme.card_back, stroke=theme.line,
                        stroke_width=1),
                _E.text("S!", insert=(CARD_W / 2, CARD_H / 2 + 6), text_anchor="middle",
                        font_size=16, font_weight="bold", font_family="Georgia, serif",
                        fill="#ffffff")]
    action = name in ACTIONS
    sorry = name.startswith("sorry") or name == "dont-be-sorry"
    parts = [_E.rect((0, 0), (CARD_W, CARD_H), rx=5, fill=theme.card, stroke=theme.line,
                     stroke_width=1)]
    label = _face_label(name, language)
    colour = "#c8102e" if sorry else ("#1d64c8" if not action else "#2b2b2b")
    size, lines = (26, [label]) if len(label) <= 2 else face_lines(label)
    step = round(size * 1.15, 1)
    # (the lines centred on the card, below the corner index)
    top = CARD_H / 2 + 4 - (len(lines) - 1) * step / 2 + size / 3
    for i, line in enumerate(lines):
        parts.append(_E.text(line, insert=(CARD_W / 2, round(top + step * i, 1)),
                             text_anchor="middle", font_size=size, font_weight="bold",
                             fill=colour, class_="face-line"))
    if corner:
        # A corner index, as on real cards, so a fanned pile or hand still shows every card.
        parts.append(_E.text(_CORNER.get(name, name.replace("slide-", "S")), insert=(3, 13),
                             font_size=MIN_FONT, font_weight="bold", fill=colour,
                             class_="corner"))
    return parts


def _pawn_card(colour: str, home: bool, theme: Theme) -> list:
    """A pawn card at 0, 0: HOME side up in the colour, START side up as an outline."""
    paint = theme.colours[colour]
    return [_E.rect((0, 0), (20, 28), rx=3, fill=paint if home else theme.card, stroke=paint,
                    stroke_width=2),
            _E.text("H" if home else "S", insert=(10, 19), text_anchor="middle", font_size=12,
                    # Text on the colour, or on the (always light) card: 4.5:1 either way.
                    font_weight="bold", fill=theme.letters[colour] if home else
                    THEMES["light"].inks[colour])]


def _card(x: float, y: float, name: str | None, theme: Theme, css: str,
          rotate: float = 0.0, corner: bool = False, linked: bool = False,
          language: str = "en", ids: str = ID_PREFIX) -> Group:
    """One card with its top-left corner at (x, y); ``name`` None draws its back. ``linked``
    refers to the face in :func:`cardface_defs` instead of drawing it, so a page that shows
    many tables sends each face once."""
    g = _E.g(class_=css + (" back" if name is None else ""))
    if name is not None:
        g["data-card"] = name
    where = f"translate({x:.1f} {y:.1f})"
    if rotate:
        where = f"rotate({rotate:.1f} {x + CARD_W / 2:.1f} {y + CARD_H / 2:.1f}) " + where
    g["transform"] = where
    if linked:
        use = _E.use(f"#{face_id(name, theme, corner and name is not None, ids)}")
        g.add(use)
    else:
        for part in _face(name, theme, corner, language):
            g.add(part)
    return g


def cardface_defs(cards, theme: str | Theme = "light", language: str = "en",
                  ids: str = ID_PREFIX) -> str:
    """An invisible SVG defining every face ``cards`` can show (plain and with its corner
    index) and the back, for tables drawn with ``linked_faces=True`` and the same ``ids``
    (the ids' prefix: :func:`face_id`)."""
    t = get_theme(theme)
    dwg = svgwrite.Drawing(size=(0, 0), profile="full", debug=False)
    dwg["class"] = "sorry-cardfaces"
    dwg["font-family"] = FONT
    dwg["aria-hidden"] = "true"
    dwg["style"] = "position:absolute;width:0;height:0;overflow:hidden"
    for name in [None, *sorted(set(cards), key=str)]:
        for corner in ((False, True) if name is not None else (False,)):
            g = _E.g(id=face_id(name, t, corner, ids))
            for part in _face(name, t, corner, language):
                g.add(part)
            dwg.defs.add(g)
    for colour in COLOURS:
        for home in (True, False):
            g = _E.g(id=pawncard_id(colour, home, t, ids))
            for part in _pawn_card(colour, home, t):
                g.add(part)
            dwg.defs.add(g)
    return dwg.tostring()


def window_hidden(state: CardState, viewer: str | None) -> bool:
    """Whether ``state`` waits on another player's steal or block window that ``viewer`` (a
    person at the table, or None) may not be told about: who is asked can only be known from
    their hidden hand (they hold a SORRY! steal card or Don't Be SORRY!). ``"all"`` sees it."""
    return bool(state.pending) and viewer != "all" and state.to_act != viewer


def _player(state: CardState, seat: int, theme: Theme, face_up: bool,
            linked: bool = False, viewer: str | None = "all", language: str = "en",
            ids: str = ID_PREFIX) -> Group:
    p = state.players[seat]
    cx, cy = _SEATS[len(state.players)][seat]
    colour = theme.inks[p.colour]  # its name is text: 4.5:1 on the table
    # In another player's window nobody's seat says "to act": it would name who holds the card.
    acting = state.to_act == p.colour and not window_hidden(state, viewer)
    g = _E.g(class_=f"player {p.colour}" + (" to-act" if acting else "")
             + (" winner" if p.colour in state.winners else ""))
    g["data-colour"] = p.colour
    g["data-home"] = str(p.home)
    g["data-hand"] = str(len(p.hand))
    title = _who(p.colour, language) + (
        _w("table.returning", " (returning)", language) if p.returning else "")
    if p.colour in state.winners:
        title += _w("table.wins", " wins!", language)
    elif acting:
        title += _w("table.to_act", " to act", language)
    g.add(_E.text(title, insert=(cx, cy - 52), text_anchor="middle", font_size=15,
                  font_weight="bold", fill=colour, class_="player-name"))
    # The four pawn cards: HOME side up in the colour, START side up as an outline.
    for i in range(PAWN_CARDS):
        home = i < p.home
        side = "home" if home else "start"
        pawn = _E.g(class_="pawn-card " + side,
                    transform=f"translate({cx - 2 * 24 + i * 24} {cy - 44})")
        if linked:
            pawn.add(_E.use(f"#{pawncard_id(p.colour, home, theme, ids)}"))
        else:
            for part in _pawn_card(p.colour, home, theme):
                pawn.add(part)
        g.add(pawn)
    # The hand: face up for the person it belongs to, else backs with a count.
    n = len(p.hand)
    # A side seat's hand leaves room for the piles between them: its cards overlap, each
    # showing its corner index, as in a hand held fanned.
    room = END_HAND_W if cx == WIDTH / 2 else SIDE_HAND_W
    step = min(CARD_W + 4, (room - CARD_W) / max(n - 1, 1))
    x0 = cx - (step * (n - 1) + CARD_W) / 2
    for i, card in enumerate(p.hand):
        g.add(_card(x0 + i * step, cy - 10, card if face_up else None, theme, "hand-card",
                    corner=step < CARD_W and i < n - 1, linked=linked, language=language,
                    ids=ids))
    if not face_up or n == 0:
        g.add(_E.text(counted("card", n, language),
                      insert=(cx, cy + 76),
                      text_anchor="middle", font_size=13, fill=theme.text,
                      class_="hand-count"))
    return g


def _direction(state: CardState, theme: Theme, language: str = "en") -> Group:
    """The order of play from the player whose turn it is: seat order, or reversed after a
    Switch (K10)."""
    g = _E.g(class_="direction " + ("seat-order" if state.direction == 1 else "reversed"))
    g["data-direction"] = str(state.direction)
    seat = state.colours.index(state.to_play)
    n = len(state.players)
    order = [state.colours[(seat + k * state.direction) % n] for k in range(n)]
    text = _w("table.play_goes", "Play goes ", language) + " \u2192 ".join(
        _who(c, language) for c in order) + (
        "" if state.direction == 1 else _w("table.reversed", " (reversed by a Switch)", language))
    g.add(_E.text(text, insert=(410, 425), text_anchor="middle", font_size=14,
                  fill=theme.muted))
    return g


def _centre(state: CardState, theme: Theme, linked: bool = False,
            viewer: str | None = "all", language: str = "en", ids: str = ID_PREFIX) -> Group:
    g = _E.g(class_="centre")
    # Draw pile, face down, with its count.
    draw = _E.g(class_="draw-pile")
    draw["data-count"] = str(len(state.draw_pile))
    for i in (2, 1, 0):
        if len(state.draw_pile) > i:
            draw.add(_card(DRAW_X + 2 * i, 260 - 2 * i, None, theme, "pile-card",
                           linked=linked, ids=ids))
    if not state.draw_pile:
        draw.add(_E.rect((DRAW_X, 260), (CARD_W, CARD_H), rx=5, fill="none",
                         stroke=theme.muted, stroke_dasharray="5 4"))
    draw.add(_E.text(_w("table.draw", "draw {n}", language, n=len(state.draw_pile)), insert=(DRAW_X + CARD_W / 2, 350),
                     text_anchor="middle", font_size=13, fill=theme.text))
    g.add(draw)
    # The play pile, fanned left to right, bottom card first.
    pile = _E.g(class_="play-pile")
    pile["data-total"] = str(state.total)
    cards = state.play_pile[-PILE_SHOWN:]
    for i, card in enumerate(cards):
        # Each card shows its corner index (MIN_FONT wide "S!21") under the next.
        pile.add(_card(PILE_X + i * PILE_STEP, 260, card, theme, "pile-card",
                       rotate=(i - len(cards) / 2) * 2.5, corner=True, linked=linked,
                       language=language, ids=ids))
    if not state.play_pile:
        pile.add(_E.rect((PILE_X, 260), (CARD_W, CARD_H), rx=5, fill="none",
                         stroke=theme.muted, stroke_dasharray="5 4"))
        pile.add(_E.text(_w("table.play", "play", language), insert=(PILE_X + CARD_W / 2, 291), text_anchor="middle",
                         font_size=MIN_FONT, fill=theme.muted))
        pile.add(_E.text(_w("table.pile", "pile", language), insert=(PILE_X + CARD_W / 2, 305), text_anchor="middle",
                         font_size=MIN_FONT, fill=theme.muted))
    if len(state.play_pile) > PILE_SHOWN:
        pile.add(_E.text(_w("table.below", "+{n} below", language,
                            n=len(state.play_pile) - PILE_SHOWN), insert=(PILE_X, 350),
                         font_size=13, fill=theme.text))
    g.add(pile)
    callout = total_callout(state, language)
    total = _E.text(callout or _w("table.total_0", "total 0", language),
                    insert=(PILE_X + (PILE_SHOWN - 1) / 2 * PILE_STEP + CARD_W / 2, 240),
                    text_anchor="middle", font_size=26 if callout else 15, font_weight="bold",
                    fill=theme.inks["red"] if state.total == 21 else theme.text, class_="total")
    total["data-total"] = str(state.total)
    g.add(total)
    # The discard: how many cards, face down in a tidy heap.
    discard = _E.g(class_="discard")
    discard["data-count"] = str(len(state.discard))
    discard.add(_E.rect((DISCARD_X, 260), (CARD_W, CARD_H), rx=5,
                        fill=theme.card if state.discard else "none", stroke=theme.muted,
                        stroke_dasharray="" if state.discard else "5 4"))
    discard.add(_E.text(_w("table.discard", "discard {n}", language, n=len(state.discard)),
                        insert=(DISCARD_X + CARD_W / 2, 350),
                        text_anchor="middle", font_size=13, fill=theme.text))
    g.add(discard)
    if state.pending:
        hidden = window_hidden(state, viewer)
        g.add(_E.text(_pending_text(state, hidden, language), insert=(410, 385), text_anchor="middle",
                      font_size=14, font_weight="bold",
                      fill=theme.text if hidden else theme.inks[state.to_act],
                      class_="prompt"))
    return g


def _pending_text(state: CardState, hidden: bool = False, language: str = "en") -> str:
    p = state.pending
    names = {k: _who(p[k], language) for k in ("winner", "asked", "victim", "by") if k in p}
    if hidden:
        # Said the same whoever holds the answering card (window_hidden).
        if p["kind"] == "steal":
            return _w("table.anyone_steal",
                      "Can anyone steal {winner}'s 21 with a SORRY! steal card? (K13)",
                      language, **names)
        return _w("table.can_block", "Can {victim} block {by}'s SORRY! with Don't Be SORRY!? "
                  "(K14)", language, **names)
    if p["kind"] == "steal":
        return _w("table.may_steal", "{asked} may steal {winner}'s 21 with a SORRY! (K13)",
                  language, **names)
    return _w("table.may_block", "{victim} may block {by}'s SORRY! (K14)", language, **names)


def _table_drawing(state: CardState, viewer: str | None, size: int | None, theme: str | Theme,
                   linked_faces: bool, language: str = "en",
                   ids: str = ID_PREFIX) -> svgwrite.Drawing:
    t = get_theme(theme)
    width = None if size is None else round(size * WIDTH / HEIGHT)
    dwg = svgwrite.Drawing(size=(width, size) if size else ("100%", "100%"), profile="full",
                           viewBox=f"0 0 {WIDTH} {HEIGHT}", debug=False)
    dwg["class"] = f"sorry-cardtable theme-{t.name}"
    dwg["font-family"] = FONT  # every text inherits it, linked card faces too
    dwg["role"] = "img"
    dwg["aria-label"] = _aria(state, viewer, language)
    dwg.add(_E.rect((0, 0), (WIDTH, HEIGHT), rx=18, fill=t.background, class_="table"))
    dwg.add(_direction(state, t, language))
    # What the row of S and H cards over each seat is (K1, K6).
    dwg.add(_E.text(_w("table.pawn_cards", "Pawn cards: S = START side up, H = HOME side up",
                       language), insert=(14, HEIGHT - 8), font_size=13, fill=t.muted,
                    class_="legend"))
    dwg.add(_centre(state, t, linked_faces, viewer, language, ids))
    for seat, p in enumerate(state.players):
        dwg.add(_player(state, seat, t, viewer == "all" or viewer == p.colour, linked_faces,
                        viewer, language, ids))
    return dwg


def cardtable_svg(state: CardState, *, viewer: str | None = "all", size: int | None = 620,
                  theme: str | Theme = "light", linked_faces: bool = False,
                  language: str = "en", ids: str = ID_PREFIX) -> str:
    """The table of ``state`` as SVG text. ``viewer`` is whose hand is face up: a colour (the
    person playing; the others show backs and counts), ``"all"`` (a replay for the class) or
    None (every hand face down); for a colour or None another player's steal or block window
    does not say whose it is (:func:`window_hidden`). ``size`` is the height in pixels (None:
    fit the container). ``linked_faces`` draws each card as a reference to
    :func:`cardface_defs`, which the page must hold too, made with the same ``ids``."""
    return _table_drawing(state, viewer, size, theme, linked_faces, language, ids).tostring()


def cardtable_pieces(state: CardState, *, viewer: str | None = "all",
                     theme: str | Theme = "light", language: str = "en",
                     ids: str = ID_PREFIX) -> list[str]:
    """The table with linked faces as pieces: the opening tag, the table, the order of play,
    the centre and each seat. Their concatenation and ``</svg>`` is the table's SVG. From one
    action to the next most pieces do not change, so a page that holds every frame of a game
    (the widget, an exported replay) keeps each distinct piece once."""
    dwg = _table_drawing(state, viewer, None, theme, True, language, ids)
    whole = dwg.tostring()
    defs, *parts = dwg.elements
    empty = defs.tostring()
    opening = whole[:whole.index(empty) + len(empty)]
    return [opening, *(part.tostring() for part in parts)]


def _aria(state: CardState, viewer: str | None = "all", language: str = "en") -> str:
    def colour(name: str) -> str:
        return word(name, language, f"colour.{name}")

    homes = ", ".join(_w("table.aria.home", "{colour} {home} HOME", language,
                         colour=colour(p.colour), home=p.home) for p in state.players)
    if state.winners:
        winners = f" {word('and', language)} ".join(colour(c) for c in state.winners)
        return _w("table.aria.over", "SORRY! card game over: {winners} won; {homes}", language,
                  winners=winners, homes=homes)
    if window_hidden(state, viewer):
        return _w("table.aria.window", "SORRY! card game: total {total}, a SORRY! may answer; "
                  "{homes}", language, total=state.total, homes=homes)
    return _w("table.aria.to_act", "SORRY! card game: total {total}, {colour} to act; {homes}",
              language, total=state.total, colour=colour(state.to_act), homes=homes)
