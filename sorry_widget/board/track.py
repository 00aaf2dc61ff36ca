"""Board geometry of the Sorry! board game, as docs/rules.md ("The board") fixes it.

A pawn's place is one small integer (a *location*), so that the move generator can index
precomputed tables instead of branching:

* ``0``–``59``: the track squares, numbered in the direction of movement from red's corner;
* ``60``–``64``: ``safety-1`` … ``safety-5`` of the pawn's *own* colour (only a colour's own
  pawns are ever in its safety zone, C6, so the colour is implied by the pawn);
* ``65``: START, ``66``: HOME.

The codes are ordered the way the position format orders a colour's list (integers ascending,
then ``safety-1…5``, ``start``, ``home``), so sorting codes gives the canonical order.
"""

from __future__ import annotations

from ..core.colours import COLOURS

COLOUR_LETTERS: tuple[str, ...] = ("R", "B", "Y", "G")
COLOUR_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}

TRACK_SQUARES = 60
SIDE = 15
SAFETY_SQUARES = 5

SAFETY_1 = 60
START = 65
HOME = 66
LOCATIONS = range(67)

#: Forward steps from a colour's start exit to its HOME: 58 track + 5 safety + HOME.
STEPS_EXIT_TO_HOME = 64
#: The largest number of squares any card moves a pawn.
MAX_STEPS = 12


def corner(colour: int) -> int:
    return SIDE * colour


def entry_square(colour: int) -> int:
    """The last track square before the colour's safety zone (``c+2``)."""
    return SIDE * colour + 2


def start_exit(colour: int) -> int:
    """The "Start a Pawn Here" circle (``c+4``), where a 1 or 2 puts a started pawn (C1)."""
    return SIDE * colour + 4


def is_track(location: int) -> bool:
    return 0 <= location < TRACK_SQUARES


def is_safety(location: int) -> bool:
    return SAFETY_1 <= location < SAFETY_1 + SAFETY_SQUARES


def safety(n: int) -> int:
    """Location code of ``safety-n`` (1 is nearest the entry square)."""
    if not 1 <= n <= SAFETY_SQUARES:
        raise ValueError(f"safety squares are numbered 1 to {SAFETY_SQUARES}, not {n}")
    return SAFETY_1 + n - 1


def location_name(location: int) -> int | str:
    """The position format's name of a location: an int for a track square, else a string."""
    if is_track(location):
        return location
    if is_safety(location):
        return f"safety-{location - SAFETY_1 + 1}"
    if location == START:
        return "start"
    if location == HOME:
        return "home"
    raise ValueError(f"no location has the code {location!r}")


def short_name(location: int) -> str:
    """Compact name used in move notation: ``12``, ``s3``, ``S`` (START), ``H`` (HOME)."""
    if is_track(location):
        return str(location)
    if is_safety(location):
        return f"s{location - SAFETY_1 + 1}"
    return "S" if location == START else "H"


def describe_location(location: int) -> str:
    """Name of a location for explanation sentences."""
    if is_track(location):
        return str(location)
    if is_safety(location):
        return f"safety-{location - SAFETY_1 + 1}"
    return "START" if location == START else "HOME"


class Slide:
    """A slide: landing exactly on its triangle moves a pawn of another colour to its end (C4)."""

    __slots__ = ("owner", "triangle", "end", "squares")

    def __init__(self, owner: int, triangle: int, end: int) -> None:
        self.owner = owner
        self.triangle = triangle
        self.end = end
        #: Every square the slide covers, triangle first.
        self.squares = tuple(range(triangle, end + 1))

    def __repr__(self) -> str:
        return f"Slide({COLOURS[self.owner]}, {self.triangle}->{self.end})"


SLIDES: tuple[Slide, ...] = tuple(
    Slide(colour, SIDE * colour + tri, SIDE * colour + end)
    for colour in range(4)
    for tri, end in ((1, 4), (9, 13))
)
#: SLIDE_AT_TRIANGLE[square] is the slide whose triangle is that square, else None.
SLIDE_AT_TRIANGLE: tuple[Slide | None, ...] = tuple(
    next((s for s in SLIDES if s.triangle == sq), None) for sq in range(TRACK_SQUARES)
)
#: SLIDE_COVERING[square]: the slide whose squares after the triangle include that square.
SLIDE_COVERING: tuple[Slide | None, ...] = tuple(
    next((s for s in SLIDES if sq in s.squares[1:]), None) for sq in range(TRACK_SQUARES)
)
#: NULL_FOURS[colour]: the squares from which that colour's 4 lands on another colour's long
#: triangle and slides straight back (the ends of the other colours' long slides, C4).
NULL_FOURS: tuple[frozenset, ...] = tuple(
    frozenset(s.end for s in SLIDES if s.owner != c and len(s.squares) == 5) for c in range(4)
)


def _forward_one(colour: int, location: int) -> int:
    """The location one step forward, or -1 past HOME. From the entry square a pawn turns into
    its safety zone (C5)."""
    if is_track(location):
        if location == entry_square(colour):
            return SAFETY_1
        return (location + 1) % TRACK_SQUARES
    if is_safety(location):
        return location + 1 if location < SAFETY_1 + SAFETY_SQUARES - 1 else HOME
    return -1


def _backward_one(colour: int, location: int) -> int:
    """The location one step backward: out of the safety zone onto the entry square, never
    into a safety zone (C5)."""
    if is_track(location):
        return (location - 1) % TRACK_SQUARES
    if is_safety(location):
        return location - 1 if location > SAFETY_1 else entry_square(colour)
    return -1


def _walk(colour: int, location: int, steps: int, step) -> tuple[int, ...]:
    path = []
    for _ in range(steps):
        location = step(colour, location)
        if location < 0:
            return ()
        path.append(location)
    return tuple(path)


def _path_table(step) -> tuple:
    """table[colour][location][n]: the n locations passed moving n steps by ``step`` (empty if
    impossible: past HOME, C6, or from START/HOME)."""
    return tuple(
        tuple(
            tuple(_walk(c, loc, n, step) if loc not in (START, HOME) else ()
                  for n in range(MAX_STEPS + 1))
            for loc in LOCATIONS
        )
        for c in range(4)
    )


PATHS_FORWARD = _path_table(_forward_one)
PATHS_BACKWARD = _path_table(_backward_one)
def _destinations(paths) -> tuple:
    return tuple(tuple(tuple(p[-1] if p else -1 for p in by_n) for by_n in by_loc)
                 for by_loc in paths)


# FORWARD[colour][location][n]: destination of n steps forward, -1 if impossible.
FORWARD = _destinations(PATHS_FORWARD)
BACKWARD = _destinations(PATHS_BACKWARD)


def _steps_to_home(colour: int, location: int) -> int:
    if location == HOME:
        return 0
    if location == START:
        return STEPS_EXIT_TO_HOME + 1
    if is_safety(location):
        return SAFETY_1 + SAFETY_SQUARES - location
    return (entry_square(colour) - location) % TRACK_SQUARES + SAFETY_SQUARES + 1


#: STEPS_TO_HOME[colour][location]: forward steps a pawn still needs (START counts 1 to get out).
STEPS_TO_HOME = tuple(tuple(_steps_to_home(c, loc) for loc in LOCATIONS) for c in range(4))
