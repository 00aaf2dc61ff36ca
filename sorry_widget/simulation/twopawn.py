"""The two-pawn game, solved: red against yellow under the classic rules, each with two pawns
HOME and two to bring there, every position of that family valued exactly (to 1e-9) for best
play by both (docs/exact.md, *The two-pawn game*).

The *family*: classic rules, two colours facing each other (red and yellow; blue and green are
the same game turned a quarter round), each with at least two pawns HOME and its other pawns
anywhere a pawn may stand (START, the track, its safety zone, HOME), reachable from the start or
not. Positions where a player has three pawns HOME are in it (the one-pawn race,
:func:`sorry_widget.simulation.exact.race`, is its corner). The card model is
:mod:`sorry_widget.simulation.exact`'s: each draw is a card with its share of the deck (a 1
5/45, every other card 4/45), a 2 draws again, and each player maximises their own chance to
win.

The table is built once by :mod:`.twopawn_solver` (NumPy and numba, the ``fast`` extra; about
4.6 million states) and kept in the user's cache folder (``$XDG_CACHE_HOME/sorry-widget`` or
``~/.cache/sorry-widget``), written whole or not at all, and checked when read: its size, its
header (each field's type and range) and a SHA-256 of the header and the values together, so
no byte of it is taken on trust. Its name carries a digest of the rules' code and the
solver's, so a change to either makes a new table. Reading it needs only the standard library:
:func:`cached_table` never builds (what the widget and the coach use), :func:`solve` builds
when there is nothing current to read.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import struct
import sys
import time
import warnings
from array import array
from pathlib import Path

from ..board.game import next_seat
from ..board.rules import get_rules
from ..board.state import Position
from ..board.strategies import STRATEGIES, GreedyStrategy
from ..board.track import HOME, SIDE, START, TRACK_SQUARES
from ..core.errors import SorryError
from ..core.safeio import (check_output_path, read_bytes, read_json, remove_stale_temporaries,
                           shown, write_bytes_atomic)

#: The table file's format, written in its header.
FORMAT = "sorry-twopawn-table/2"
#: Every stored value is within this of the true chance (the solver's stopping rule).
TOLERANCE = 1e-9
#: The pawns in play each player may have: two (the two-pawn game).
CAPS = (2, 2)
#: Every pair of places two pawns of one colour may hold, first <= second; the same place twice
#: only for START and HOME. A state is (the mover's pair, the opponent's pair).
PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(HOME + 1) for b in range(a, HOME + 1) if a != b or a in (START, HOME))
PAIR_NUMBER: dict[tuple[int, int], int] = {pair: i for i, pair in enumerate(PAIRS)}
#: The header line's longest length: a few hundred bytes, with room to spare.
MAX_HEADER_BYTES = 4096
#: The source files whose code the values depend on: the rules (board geometry, cards, moves,
#: rule sets) and the solver with its move generator.
_CODE = ("board/track.py", "board/cards.py", "board/moves.py", "board/rules.py",
         "simulation/batch_engine.py", "simulation/twopawn_solver.py")


class FamilyError(SorryError):
    """A position outside the two-pawn family; the message says why."""


@functools.lru_cache(maxsize=1)
def code_key() -> str:
    """A digest of the rules' code and the solver's (and the table format): the table's name."""
    digest = hashlib.sha256(FORMAT.encode())
    package = Path(__file__).resolve().parent.parent
    for name in _CODE:
        digest.update(name.encode() + b"\0" + (package / name).read_bytes())
    return digest.hexdigest()


def cache_dir() -> Path:
    """The user's cache folder for sorry-widget: ``$XDG_CACHE_HOME/sorry-widget`` (an absolute
    ``XDG_CACHE_HOME`` only, as the XDG specification says), else ``~/.cache/sorry-widget``."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "sorry-widget"


def cache_path() -> Path:
    return cache_dir() / f"twopawn-{code_key()[:16]}.table"


def _classic_rules(position: Position) -> bool:
    # Who leads (the 1934 high-card draw) changes no position's value.
    return (position.rules.with_options(leader_by_high_card=False).identity
            == get_rules("classic").identity)


def family_problem(position: Position, caps: tuple[int, int] = CAPS) -> str | None:
    """Why ``position`` is outside the family (at most ``caps`` pawns in play), or None."""
    if not _classic_rules(position):
        return (f"rules: the two-pawn table is for the classic rules, not "
                f"{position.rules.name}" + (" with other options"
                                            if position.rules.name == "classic" else ""))
    names = position.colour_names
    if len(names) != 2:
        return (f"pawns: the two-pawn table is for two players (red and yellow), not "
                f"{len(names)} ({', '.join(names)})")
    if (position.colours[1] - position.colours[0]) % 4 != 2:
        return (f"pawns: {names[0]} and {names[1]} do not face each other; the two-pawn table "
                "is for red and yellow (or blue and green)")
    playing = sorted(sum(loc != HOME for loc in locs) for locs in position.pawns)
    for name, locs in zip(names, position.pawns):
        home = sum(loc == HOME for loc in locs)
        needed = max(2, len(locs) - max(caps))
        if home < needed:
            return (f"pawns.{name}: {home} pawn{'s' if home != 1 else ''} HOME; the two-pawn "
                    f"table needs at least {needed} HOME for each colour")
    if playing[0] > min(caps):
        return (f"pawns: both colours have {playing[0]} pawns in play; this table has at most "
                f"{min(caps)} for one of them")
    return None


def _turned(location: int, quarters: int) -> int:
    """A place seen from the colour ``quarters`` quarter turns round: track squares turn,
    the safety zone, START and HOME are each colour's own."""
    return (location - SIDE * quarters) % TRACK_SQUARES if location < TRACK_SQUARES else location


def _pair(locations, quarters: int) -> int:
    playing = sorted(_turned(loc, quarters) for loc in locations if loc != HOME)
    return PAIR_NUMBER[tuple(playing + [HOME] * (2 - len(playing)))]


class TwoPawnTable:
    """The solved family: each state's value, the chance that the player to move, about to
    draw, wins with best play by both. ``header`` says how it was solved."""

    def __init__(self, values: array, header: dict) -> None:
        self.values = values
        self.header = header
        self.caps = tuple(header["caps"])

    @property
    def first_player_wins(self) -> float:
        """Red's chance, to move first with both pawns in START (and two HOME) each."""
        return self.header["first_player_wins"]

    @property
    def states(self) -> int:
        return self.header["states"]

    @property
    def tolerance(self) -> float:
        return self.header["tolerance"]

    def problem(self, position: Position) -> str | None:
        """Why the table does not answer ``position``, or None."""
        return family_problem(position, self.caps)

    def covers(self, position: Position) -> bool:
        """Whether ``position`` is in the family (a finished one included: its result)."""
        return family_problem(position, self.caps) is None

    def win_chance(self, position: Position) -> float:
        """The chance that ``position.to_move``, about to draw, wins with best play by both;
        1 or 0 where the game is over. :class:`FamilyError` outside the family."""
        if not isinstance(position, Position):
            raise FamilyError(f"position: expected a Position, not {type(position).__name__}")
        why = family_problem(position, self.caps)
        if why:
            raise FamilyError(why)
        winner = position.winner()
        if winner is not None:
            return 1.0 if winner == position.colour_to_move else 0.0
        quarters = position.colours[position.to_move]
        mover = _pair(position.pawns[position.to_move], quarters)
        other = _pair(position.pawns[1 - position.to_move], quarters)
        value = self.values[mover * len(PAIRS) + other]
        if math.isnan(value):  # pragma: no cover - every position of the family is solved
            raise FamilyError(f"position: {position!r} has no value in the table")
        return value

    def chance_after(self, move) -> float:
        """The mover's chance of winning once ``move`` (a legal move in the family) is made."""
        if move.wins:
            return 1.0
        position = move.position
        seat = next_seat(move, False)
        after = Position._make(position.rules, position.colours, move.result_pawns, seat)
        chance = self.win_chance(after)
        return chance if seat == position.to_move else 1.0 - chance

    def to_json(self) -> dict:
        """The answer of ``sorry-widget exact game``: the rules, the pawns each player brings
        HOME, red's chance moving first, the states solved, the bound on every value's error
        (``tolerance``) and the bound reached (``error_bound``), and how the solve went."""
        h = self.header
        return {"rules": "classic", "pawns": max(self.caps),
                "first_player_wins": h["first_player_wins"], "states": h["states"],
                "tolerance": h["tolerance"], "error_bound": h["error_bound"],
                "sweeps": h["sweeps"], "transitions": h["transitions"],
                "solve_seconds": h["seconds"], "cpu_seconds": h["cpu_seconds"]}


# --- the cache --------------------------------------------------------------------------------

_loaded: dict[str, TwoPawnTable] = {}


def _payload_bytes() -> int:
    return len(PAIRS) ** 2 * 8


def _digest(header: dict, payload: bytes) -> str:
    """The SHA-256 of the whole file but the digest itself: the header's other fields (as
    written, keys sorted) and the values."""
    fields = {key: value for key, value in header.items() if key != "sha256"}
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode() + b"\n"
                          + payload).hexdigest()


def _number(value, low: float, high: float, whole: bool = False) -> bool:
    kinds = int if whole else (int, float)
    return (isinstance(value, kinds) and not isinstance(value, bool)
            and low <= value <= high)


#: Each header field a table's reader uses, with the values it may have: a chance or a bound
#: on an error from 0 to 1, counts and times not negative (and not beyond any build's).
_HEADER_FIELDS = {
    "first_player_wins": lambda v: _number(v, 0, 1),
    "tolerance": lambda v: _number(v, 0, 1) and v > 0,
    "error_bound": lambda v: _number(v, 0, 1),
    "states": lambda v: _number(v, 0, len(PAIRS) ** 2, whole=True),
    "sweeps": lambda v: _number(v, 0, 10 ** 9, whole=True),
    "transitions": lambda v: _number(v, 0, 10 ** 15, whole=True),
    "seconds": lambda v: _number(v, 0, 10 ** 9),
    "cpu_seconds": lambda v: _number(v, 0, 10 ** 9),
}


def header_problem(header, payload: bytes, caps: tuple[int, int] = CAPS) -> str | None:
    """Why a table file's header and values (``payload``) are not a whole, current table of
    ``caps``, or None: the format, the code it was solved by, its shape, the SHA-256 of header
    and values together, each field's type and range, and red's chance as the values give
    it."""
    if not isinstance(header, dict):
        return "the header is not an object"
    for key, want in (("format", FORMAT), ("key", code_key()), ("pairs", len(PAIRS)),
                      ("caps", list(caps))):
        if header.get(key) != want:
            return f"{key}: {shown(header.get(key))}, not {shown(want)}"
    if len(payload) != _payload_bytes():
        return f"{len(payload):,} bytes of values, not {_payload_bytes():,}"
    if header.get("sha256") != _digest(header, payload):
        return "the SHA-256 of its header and values does not match (changed or damaged)"
    for key, valid in _HEADER_FIELDS.items():
        if not valid(header.get(key)):
            return f"{key}: {shown(header.get(key))} is out of range"
    # What the header says of red's chance is what the values say.
    red, yellow = _start_pairs(caps)
    (start,) = struct.unpack_from("<d", payload, (red * len(PAIRS) + yellow) * 8)
    if header["first_player_wins"] != start:
        return (f"first_player_wins: {shown(header['first_player_wins'])}, but the values say "
                f"{start!r}")
    return None


def _read(path: Path, caps: tuple[int, int] = CAPS) -> TwoPawnTable | None:
    """The table at ``path`` if it is whole and current (:func:`header_problem`); else None.
    Only a regular file is read (a FIFO or a device there is refused unread)."""
    try:
        data = read_bytes(path, what="two-pawn table", error=ValueError,
                          max_bytes=MAX_HEADER_BYTES + _payload_bytes())
        line, newline, payload = data.partition(b"\n")
        if not newline:
            return None
        header = read_json(line, what="two-pawn table", error=ValueError,
                           max_bytes=MAX_HEADER_BYTES)
    except ValueError:
        return None
    if header_problem(header, payload, caps) is not None:
        return None
    values = array("d")
    values.frombytes(payload)
    if sys.byteorder != "little":  # pragma: no cover - the file is little-endian
        values.byteswap()
    return TwoPawnTable(values, header)


def _start_pairs(caps: tuple[int, int]) -> tuple[int, int]:
    """Red's and yellow's pairs with every pawn in play in START."""
    red, yellow = (PAIR_NUMBER[tuple([START] * cap + [HOME] * (2 - cap))] for cap in caps)
    return red, yellow


def cached_table() -> TwoPawnTable | None:
    """The two-pawn table if the cache holds a current one (loaded once per process); None
    otherwise. Never builds it: :func:`solve` does."""
    path = str(cache_path())
    if path not in _loaded:
        remove_stale_temporaries(path)
        if not os.path.lexists(path):
            return None
        table = _read(Path(path))
        if table is None:
            return None
        _loaded[path] = table
    return _loaded[path]


def _write(table: TwoPawnTable, path: Path) -> None:
    values = array("d", table.values)
    if sys.byteorder != "little":  # pragma: no cover
        values.byteswap()
    payload = values.tobytes()
    # The table written knows its checksum, as the one read back does.
    header = dict(table.header)
    header["sha256"] = _digest(header, payload)
    table.header = header
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(path, json.dumps(header, sort_keys=True).encode() + b"\n" + payload,
                       what="two-pawn table", error=OSError)
    # Tables solved by older code are of no more use.
    for old in path.parent.glob("twopawn-*.table"):
        if old != path:
            old.unlink(missing_ok=True)


def _peak_memory_mb() -> float | None:
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return None
    scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, kilobytes elsewhere
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 2 ** 20


def build(caps: tuple[int, int] = CAPS, progress=None,
          tolerance: float = TOLERANCE) -> TwoPawnTable:
    """Solve the family with at most ``caps`` pawns in play (``(1, 1)``: the one-pawn corner,
    in a second; ``(2, 1)``: one player with two, the other one) without the cache. Needs the
    ``fast`` extra."""
    try:
        from . import twopawn_solver
    except ImportError as exc:
        raise ImportError(f"the two-pawn game is solved with NumPy and numba, the fast extra "
                          f"(pip install 'sorry-widget[fast]'): {exc}") from None
    _check_build(caps, progress, tolerance)
    cpu = time.process_time()
    solution = twopawn_solver.solve(PAIRS, tolerance, caps, progress)
    values = array("d")
    values.frombytes(solution.dense().astype("<f8").tobytes())
    # Both players' pawns in play all in START, red to move.
    red, yellow = _start_pairs(caps)
    header = {"format": FORMAT, "key": code_key(), "rules": "classic", "pairs": len(PAIRS),
              "caps": list(caps), "states": solution.states, "tolerance": tolerance,
              "error_bound": solution.error_bound, "sweeps": solution.sweeps,
              "transitions": solution.transitions,
              "first_player_wins": values[red * len(PAIRS) + yellow],
              "seconds": round(solution.seconds, 1),
              "build_seconds": round(solution.build_seconds, 1),
              "cpu_seconds": round(time.process_time() - cpu, 1),
              "peak_memory_mb": _peak_memory_mb()}
    return TwoPawnTable(values, header)


#: The finest and the coarsest tolerance a build takes: finer is never reached (the values stop
#: changing by less than their rounding); 0 or NaN never stops, or stops at once unsolved.
MIN_TOLERANCE, MAX_TOLERANCE = 1e-12, 0.01


def _check_build(caps, progress, tolerance) -> None:
    """One ValueError naming the argument, before any work: ``caps`` a pair of 1s and 2s,
    ``progress`` None or callable, ``tolerance`` a number from MIN_TOLERANCE to
    MAX_TOLERANCE."""
    if (not isinstance(caps, (tuple, list)) or len(caps) != 2
            or not all(type(cap) is int and cap in (1, 2) for cap in caps)):
        raise ValueError(f"caps: must be a pair of pawn counts, 1 or 2 each, not {shown(caps)}")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress: must be a function of (done, total) or None, not "
                         f"{shown(progress)}")
    if not _number(tolerance, MIN_TOLERANCE, MAX_TOLERANCE):
        raise ValueError(f"tolerance: must be a number from {MIN_TOLERANCE:g} to "
                         f"{MAX_TOLERANCE:g}, not {shown(tolerance)}")


def solve(progress=None) -> TwoPawnTable:
    """The two-pawn table: read from the cache if a current one is there, else built (about
    five minutes of one core, under 2 GB) and written to the cache. ``progress(done, total)``
    follows the build."""
    table = cached_table()
    if table is not None:
        return table
    path = cache_path()
    try:
        # Said before minutes of solving, not after: a folder or a FIFO in the table's place.
        path.parent.mkdir(parents=True, exist_ok=True)
        check_output_path(path, what="two-pawn table", error=OSError)
        keep = True
    except OSError as exc:
        warnings.warn(f"the two-pawn table will be solved but not kept: {exc}", stacklevel=2)
        keep = False
    table = build(CAPS, progress)
    try:
        if keep:
            _write(table, path)
    except OSError as exc:
        warnings.warn(f"the two-pawn table is solved but not kept: {exc}", stacklevel=2)
    _loaded[str(path)] = table
    return table


# --- the perfect player -------------------------------------------------------------------------


class PerfectStrategy:
    """Plays the two-pawn table's best move (the highest chance to win with best play after;
    the first of equals) wherever the position is in the family and the table is cached
    (``sorry-widget exact game --pawns 2`` builds it); everywhere else it plays as
    ``greedy``. It never starts the build itself."""

    name = "perfect"

    def __init__(self) -> None:
        self.fallback = GreedyStrategy()

    def choose(self, position, card, moves, rng):
        table = cached_table() if len(moves) > 1 else None
        if table is None or not table.covers(position):
            return self.fallback.choose(position, card, moves, rng)
        return max(moves, key=table.chance_after)


# The games' strategies cannot import the simulations, so the perfect player adds itself to
# them by name when this module loads (the coach imports it): as_strategy("perfect").
STRATEGIES["perfect"] = PerfectStrategy
