"""Where everything is on the drawn board: the one place that knows square coordinates.

The board is a 16 × 16 grid of cells. The 60 track squares run round its edge clockwise from
red's corner at the top left (docs/rules.md numbers squares in the direction of movement, clockwise).
Every colour's side is the red side turned by a quarter turn per colour, so the features are
laid out once, for red, in cell units, and rotated.

Places are named by *place keys*, the strings the drawing, the widget and annotations share:
``"12"`` for a track square, ``"red:safety-2"``, ``"red:start"`` and ``"red:home"`` for a
colour's own places. The frontend gets every coordinate from :func:`widget_geometry`; it never
works one out itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board.track import (
    COLOURS, HOME, SAFETY_1, SAFETY_SQUARES, SIDE, SLIDES, START, TRACK_SQUARES, location_name,
)

#: Size of one grid cell in SVG user units; the board is 16 cells square.
CELL = 40
CELLS = 16
BOARD_SIZE = CELL * CELLS

# Red's side, in cell units (x to the right, y down). The track is row 0.
_SAFETY_COLUMN = 2.5  # under red's entry square (c+2)
_HOME_CENTRE = (2.5, 7.15)
_START_CENTRE = (4.5, 2.3)  # under red's start exit (c+4)
_ZONE_RADIUS = 1.15
#: Offsets of the four pawn slots in a START or HOME circle, in cells.
_SLOT_OFFSETS = ((-0.47, -0.47), (0.47, -0.47), (-0.47, 0.47), (0.47, 0.47))


def _turn(x: float, y: float, quarter_turns: int) -> tuple[float, float]:
    """A point of red's side moved to the side of the colour ``quarter_turns`` further on:
    each quarter turn is clockwise about the board's centre."""
    for _ in range(quarter_turns % 4):
        x, y = CELLS - y, x
    return x, y


def _units(x: float, y: float) -> tuple[float, float]:
    return round(x * CELL, 2), round(y * CELL, 2)


@dataclass(frozen=True)
class Place:
    """One place on the board: its key, shape and centre in SVG user units."""

    key: str
    kind: str  # "track", "safety", "start" or "home"
    colour: str | None  # the owning colour (the side's colour for a track square)
    x: float
    y: float
    #: Half the side of a square place, or the radius of a round one.
    half: float
    round: bool
    #: Where pawns stand: the centre, or four slots in a START/HOME circle.
    slots: tuple[tuple[float, float], ...]
    #: Where a START or HOME circle's name is written: beside the circle, towards the board's
    #: centre, so pawns standing in the circle never hide it.
    label_at: tuple[float, float] | None = None


def place_key(colour: str, location: int | str) -> str:
    """The place key of a pawn of ``colour`` at an engine location code or position-format
    name (``12``, ``"safety-2"``, ``"start"``, ``"home"``)."""
    if isinstance(location, int) and not isinstance(location, bool):
        if 0 <= location < TRACK_SQUARES:
            return str(location)
        location = location_name(location)
    if isinstance(location, str) and location.isdigit():
        return location
    return f"{colour}:{location}"


def _build_places() -> dict[str, Place]:
    places: dict[str, Place] = {}
    for k, colour in enumerate(COLOURS):
        for j in range(SIDE):
            x, y = _units(*_turn(j + 0.5, 0.5, k))
            key = str(SIDE * k + j)
            places[key] = Place(key, "track", colour, x, y, CELL / 2, False, ((x, y),))
        for n in range(1, SAFETY_SQUARES + 1):
            x, y = _units(*_turn(_SAFETY_COLUMN, n + 0.5, k))
            key = f"{colour}:safety-{n}"
            places[key] = Place(key, "safety", colour, x, y, CELL / 2, False, ((x, y),))
        for kind, centre in (("start", _START_CENTRE), ("home", _HOME_CENTRE)):
            x, y = _units(*_turn(*centre, k))
            slots = tuple(_units(*_turn(centre[0] + dx, centre[1] + dy, k))
                          for dx, dy in _SLOT_OFFSETS)
            key = f"{colour}:{kind}"
            label = _units(*_turn(centre[0], centre[1] + _ZONE_RADIUS + 0.38, k))
            places[key] = Place(key, kind, colour, x, y, _ZONE_RADIUS * CELL, True, slots, label)
    return places


#: Every place on the board by key: 60 track squares, then per colour 5 safety squares,
#: START and HOME.
PLACES: dict[str, Place] = _build_places()


@dataclass(frozen=True)
class SlideShape:
    owner: str
    triangle: str
    end: str
    #: Centres of the triangle square and the end square, in user units.
    start_xy: tuple[float, float]
    end_xy: tuple[float, float]
    squares: tuple[str, ...]


SLIDE_SHAPES: tuple[SlideShape, ...] = tuple(
    SlideShape(COLOURS[s.owner], str(s.triangle), str(s.end),
               (PLACES[str(s.triangle)].x, PLACES[str(s.triangle)].y),
               (PLACES[str(s.end)].x, PLACES[str(s.end)].y),
               tuple(str(q) for q in s.squares))
    for s in SLIDES
)


def pawn_spots(position) -> list[tuple[str, str, float, float]]:
    """Where every pawn of ``position`` is drawn: ``(colour, place key, x, y)``, pawns at
    START or HOME spread over the circle's slots in order."""
    spots = []
    for colour, locs in zip(position.colour_names, position.pawns):
        used: dict[str, int] = {}
        for loc in locs:
            key = place_key(colour, loc)
            place = PLACES[key]
            i = used.get(key, 0)
            used[key] = i + 1
            x, y = place.slots[i % len(place.slots)]
            spots.append((colour, key, x, y))
    return spots


def location_of_key(key: str, colour: str) -> int:
    """The engine location code of a place key for a pawn of ``colour``; ValueError if the
    key is not a place, or is another colour's zone."""
    if key in PLACES and PLACES[key].kind == "track":
        return int(key)
    owner, _, name = key.partition(":")
    if key not in PLACES:
        raise ValueError(f"{key!r} is not a place on the board")
    if owner != colour:
        raise ValueError(f"{key!r} belongs to {owner}, not {colour}")
    if name == "start":
        return START
    if name == "home":
        return HOME
    return SAFETY_1 + int(name.rsplit("-", 1)[1]) - 1


#: How a pawn got where it is, in :func:`pawn_motions`: it walked square by square, it jumped
#: (a Sorry! or an 11 switch: a line would cross the board), or it was sent back to START.
WALK, JUMP, SENT = "walk", "jump", "sent"


def pawn_motions(move) -> list[dict]:
    """The pawn movements of a move, in order: each is ``{"colour", "from", "path", "kind"}``
    in place keys, ``path`` ending where the pawn stops, ``kind`` one of WALK, JUMP, SENT. The
    widget animates them all; the trail traces the walks and marks the jumps."""
    out: list[dict] = []
    mover_index = None
    for e in move.events:
        kind, colour = e["event"], e.get("colour")
        if kind == "move":
            mover_index = len(out)
            out.append({"colour": colour, "from": place_key(colour, e["from"]),
                        "path": [place_key(colour, x) for x in e["path"]], "kind": WALK})
        elif kind in ("start", "sorry"):
            mover_index = len(out)
            out.append({"colour": colour, "from": f"{colour}:start", "path": [str(e["to"])],
                        "kind": WALK if kind == "start" else JUMP})
        elif kind == "switch":
            mover_index = len(out)
            out.append({"colour": colour, "from": str(e["from"]), "path": [str(e["other_from"])],
                        "kind": JUMP})
            out.append({"colour": e["other"], "from": str(e["other_from"]),
                        "path": [str(e["from"])], "kind": JUMP})
        elif kind == "slide":
            if mover_index is not None:
                out[mover_index]["path"].extend(str(q) for q in range(e["from"] + 1, e["to"] + 1))
            for s in e["swept"]:
                out.append({"colour": s["colour"], "from": str(s["from"]),
                            "path": [f"{s['colour']}:start"], "kind": SENT})
        elif kind == "bump":
            out.append({"colour": colour, "from": str(e["from"]),
                        "path": [f"{colour}:start"], "kind": SENT})
    return out


def widget_geometry() -> dict:
    """Everything the frontend needs to place pawns and draw moves, as JSON-ready data."""
    return {
        "size": BOARD_SIZE,
        "cell": CELL,
        "places": {key: {"x": p.x, "y": p.y, "slots": [list(s) for s in p.slots],
                         "kind": p.kind, "colour": p.colour, "half": p.half, "round": p.round}
                   for key, p in PLACES.items()},
    }
