"""Positions: where every pawn stands and whose turn it is — the ``sorry-position/1`` format.

A :class:`Position` is immutable and hashable. Internally each colour's pawns are a sorted
tuple of location codes (see :mod:`sorry_widget.board.track`), so two positions that differ
only in the order of a colour's pawns are equal, as the format requires (docs/position-format.md).
"""

from __future__ import annotations

from ..core.errors import SorryError

import json
from collections.abc import Mapping, Sequence
from typing import Any

from .track import (COLOUR_INDEX, COLOURS, HOME, SAFETY_SQUARES, START, is_safety, is_track,
                    location_name, safety)
from .rules import RuleSet, get_rules, option_problem
from ..core.safeio import check_value, key_shown, read_json, read_json_file, shown

POSITION_FORMAT = "sorry-position/1"

_SPECIAL_NAMES = {"start": START, "home": HOME}
_SAFETY_NAMES = {f"safety-{n}": safety(n) for n in range(1, SAFETY_SQUARES + 1)}
_POSITION_KEYS = {"format", "rules", "to_move", "pawns", "options"}


#: The module that knows the moves (.moves), which answers ``position.legal_moves(card)`` and
#: ``position.why_illegal(...)``. It builds on Position, so this module cannot import it: it
#: hands itself over with :func:`answer_moves_with` when it loads (importing sorry_widget or
#: sorry_widget.board loads it).
_move_rules: Any = None


def answer_moves_with(module: Any) -> None:
    global _move_rules
    _move_rules = module


class PositionError(SorryError):
    """A position that is not valid ``sorry-position/1``; the message names the field."""


#: A position is a few hundred bytes; a file far larger than that is not one.
MAX_POSITION_BYTES = 100_000


def parse_location(value: Any, field: str) -> int:
    """The location code of a position-format place (``12``, ``"safety-3"``, ``"start"``)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise PositionError(
            f"{field}: {shown(value)} is not a place; use a track square 0-59, "
            '"start", "home" or "safety-1" … "safety-5"'
        )
    if isinstance(value, int):
        if not is_track(value):
            raise PositionError(f"{field}: track square {value} is out of range 0-59")
        return value
    if value in _SPECIAL_NAMES:
        return _SPECIAL_NAMES[value]
    if value in _SAFETY_NAMES:
        return _SAFETY_NAMES[value]
    raise PositionError(
        f"{field}: {shown(value)} is not a place; use a track square 0-59 (an integer), "
        '"start", "home" or "safety-1" … "safety-5"'
    )


def parse_colour(value: Any, field: str) -> int:
    if not isinstance(value, str) or value not in COLOUR_INDEX:
        raise PositionError(f"{field}: unknown colour {shown(value)}; colours are "
                            f"{', '.join(COLOURS)}")
    return COLOUR_INDEX[value]


class Position:
    """A board position under a rule set.

    ``colours`` are the colours in the game as indices (red 0, blue 1, yellow 2, green 3) in turn
    order, which follows the direction of movement (docs/rules.md). ``pawns[seat]`` is the sorted
    tuple of locations of ``colours[seat]``'s pawns; ``to_move`` is a seat index.
    """

    __slots__ = ("rules", "colours", "pawns", "to_move", "_hash")

    def __init__(
        self,
        pawns: Mapping[str, Sequence[int | str]],
        to_move: str = "red",
        rules: str | RuleSet = "classic",
        options: Mapping[str, Any] | None = None,
    ) -> None:
        rule_set = get_rules(rules)
        other = Position.from_dict(
            {"format": POSITION_FORMAT, "rules": rule_set.name, "to_move": to_move,
             "options": {**rule_set.options(), **(options or {})},
             "pawns": {k: list(v) for k, v in pawns.items()}},
        )
        self._copy_from(other, other.rules)

    def _copy_from(self, other: Position, rules: RuleSet) -> None:
        self.rules = rules
        self.colours = other.colours
        self.pawns = other.pawns
        self.to_move = other.to_move
        self._hash = None

    @classmethod
    def _make(cls, rules: RuleSet, colours: tuple[int, ...], pawns: tuple[tuple[int, ...], ...],
              to_move: int) -> Position:
        """Trusted constructor for the engine: no validation, ``pawns`` already sorted."""
        self = object.__new__(cls)
        self.rules = rules
        self.colours = colours
        self.pawns = pawns
        self.to_move = to_move
        self._hash = None
        return self

    @classmethod
    def initial(
        cls,
        colours: Sequence[str] | int = 4,
        rules: str | RuleSet = "classic",
        to_move: str | None = None,
        pawns_per_player: int | None = None,
    ) -> Position:
        """All pawns in START. ``colours`` is a list of colour names or a player count (2 players
        default to red and yellow, 3 to red, blue, yellow: docs/rules.md)."""
        rule_set = get_rules(rules)
        if isinstance(colours, bool) or not isinstance(colours, (int, list, tuple)):
            raise PositionError(f"players: a count (2 to 4) or a list of colours, not "
                                f"{shown(colours)}")
        names = _default_colours(colours) if isinstance(colours, int) else list(colours)
        seat_colours = _check_colours(names, "colours")
        why = rule_set.check_colours(tuple(COLOURS[c] for c in seat_colours))
        if why:
            raise PositionError(f"players: {why}")
        count = pawns_per_player or rule_set.pawns_per_player
        if count not in (3, 4):
            raise PositionError(f"pawns_per_player: must be 3 or 4, not {count!r}")
        first = seat_colours[0] if to_move is None else parse_colour(to_move, "to_move")
        if first not in seat_colours:
            raise PositionError(f"to_move: {to_move!r} is not one of the colours in the game")
        pawns = tuple(tuple(sorted(rule_set.initial_pawns(c, count))) for c in seat_colours)
        return cls._make(rule_set, seat_colours, pawns, seat_colours.index(first))

    # --- the format -------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Any) -> Position:
        """Read and validate a ``sorry-position/1`` object. Raises :class:`PositionError`."""
        if not isinstance(data, Mapping):
            raise PositionError(f"position: expected a JSON object, got {type(data).__name__}")
        # A dict from Python never passed the JSON reader: the same limits, checked here.
        check_value(data, what="position", error=PositionError,
                    max_items=MAX_POSITION_BYTES // 2)
        fmt = data.get("format")
        if fmt != POSITION_FORMAT:
            raise PositionError(
                f"format: expected {POSITION_FORMAT!r}, got {shown(fmt)}"
                + (" (a newer or other format; this reader knows only sorry-position/1)"
                   if isinstance(fmt, str) and fmt.startswith("sorry-position/") else "")
            )
        for key in ("rules", "to_move", "pawns"):
            if key not in data:
                raise PositionError(f"{key}: missing")
        try:
            rule_set = get_rules(data["rules"])
        except ValueError as exc:
            raise PositionError(str(exc)) from None
        if rule_set.name != data["rules"]:
            raise PositionError(f"rules: write the rule set's name {rule_set.name!r}, not the "
                                f"alias {shown(data['rules'])}")
        rule_set = _with_position_options(rule_set, data.get("options", {}))
        pawns_in = data["pawns"]
        if not isinstance(pawns_in, Mapping):
            raise PositionError("pawns: expected an object mapping colours to lists of places")
        seat_colours = _check_colours(list(pawns_in), "pawns")
        why = rule_set.check_colours(tuple(COLOURS[c] for c in seat_colours))
        if why:
            raise PositionError(f"pawns: {why}")
        counts = set()
        seats: dict[int, tuple[int, ...]] = {}
        track: dict[int, str] = {}
        for name, places in pawns_in.items():
            field = f"pawns.{name}"
            if not isinstance(places, list):
                raise PositionError(f"{field}: expected a list of places")
            if len(places) not in (3, 4):
                raise PositionError(
                    f"{field}: has {len(places)} pawns; every colour has 4, or 3 for the faster game"
                )
            counts.add(len(places))
            locations = []
            for i, place in enumerate(places):
                loc = parse_location(place, f"{field}[{i}]")
                if is_track(loc):
                    if loc in track:
                        raise PositionError(
                            f"{field}[{i}]: track square {loc} already holds a {track[loc]} pawn"
                        )
                    track[loc] = name
                elif is_safety(loc) and loc in locations:
                    raise PositionError(
                        f"{field}[{i}]: two {name} pawns on {location_name(loc)}"
                    )
                locations.append(loc)
            seats[COLOUR_INDEX[name]] = tuple(sorted(locations))
        if len(counts) > 1:
            raise PositionError(
                "pawns: every colour must have the same number of pawns, got "
                + ", ".join(f"{n} {len(p)}" for n, p in pawns_in.items())
            )
        declared = data.get("options", {}).get("pawns_per_player")
        if declared is not None and declared not in counts:
            raise PositionError(f"options.pawns_per_player: {declared!r}, but the pawn lists "
                                f"have {counts.pop()} pawns each")
        to_move = parse_colour(data["to_move"], "to_move")
        if to_move not in seats:
            raise PositionError(
                f"to_move: {data['to_move']!r} has no pawns in this position "
                f"(colours in the game: {', '.join(COLOURS[c] for c in seat_colours)})"
            )
        extra = set(data) - _POSITION_KEYS
        if extra:
            # The format lets later needs add optional keys; this version defines none.
            raise PositionError(f"{key_shown(sorted(extra)[0])}: not a key of {POSITION_FORMAT}")
        return cls._make(rule_set, seat_colours, tuple(seats[c] for c in seat_colours),
                         seat_colours.index(to_move))

    @classmethod
    def from_json(cls, text: str | bytes) -> Position:
        return cls.from_dict(read_json(text, what="position", error=PositionError,
                                       max_bytes=MAX_POSITION_BYTES, walk=False))

    @classmethod
    def load(cls, path) -> Position:
        return cls.from_dict(read_json_file(path, what="position", error=PositionError,
                                            max_bytes=MAX_POSITION_BYTES, walk=False))

    def to_dict(self) -> dict[str, Any]:
        """The canonical ``sorry-position/1`` object: sorted pawn lists and sorted keys; the
        rule options that differ from the rule set's defaults, if any, under ``options``."""
        data = {
            "format": POSITION_FORMAT,
            "pawns": dict(sorted(
                (COLOURS[c], [location_name(loc) for loc in locs])
                for c, locs in zip(self.colours, self.pawns)
            )),
            "rules": self.rules.name,
            "to_move": COLOURS[self.colours[self.to_move]],
        }
        options = _written_options(self.rules)
        if options:
            data["options"] = dict(sorted(options.items()))
        return dict(sorted(data.items()))

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, indent=indent)

    # --- queries ----------------------------------------------------------------------------

    @property
    def colour_to_move(self) -> str:
        return COLOURS[self.colours[self.to_move]]

    @property
    def colour_names(self) -> tuple[str, ...]:
        return tuple(COLOURS[c] for c in self.colours)

    def pawns_of(self, colour: str) -> tuple[int | str, ...]:
        """The places of one colour's pawns, as the position format names them."""
        seat = self.seat_of(colour)
        return tuple(location_name(loc) for loc in self.pawns[seat])

    def seat_of(self, colour: str | int) -> int:
        c = COLOUR_INDEX[colour] if isinstance(colour, str) else colour
        if c not in self.colours:
            raise ValueError(f"colour: {colour!r} is not in this game ({', '.join(self.colour_names)})")
        return self.colours.index(c)

    def occupant(self, square: int) -> str | None:
        """The colour of the pawn on a track square, or None."""
        for c, locs in zip(self.colours, self.pawns):
            if square in locs:
                return COLOURS[c]
        return None

    def winner(self):
        """Who has won by the rule set: the colour with all pawns HOME (C14), or for the team
        rule sets the pair of colours (T8); None while nobody has."""
        return self.rules.winner(self)

    def with_to_move(self, colour: str) -> Position:
        return Position._make(self.rules, self.colours, self.pawns, self.seat_of(colour))

    def legal_moves(self, card: int | str) -> list:
        """Every legal move for the player to move holding ``card`` (see :mod:`.moves`)."""
        return _move_rules.legal_moves(self, card)

    def why_illegal(self, card: int | str, origin: int | str, target: int | str) -> str | None:
        """Why moving the pawn at ``origin`` to ``target`` with ``card`` is not legal, or None."""
        return _move_rules.why_illegal(self, card, origin, target)

    # --- identity ---------------------------------------------------------------------------

    def _key(self):
        # The rule set with its options: the same pawns under other options are another
        # position (their legal moves differ).
        return (self.rules.identity, self.colours, self.pawns, self.to_move)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __repr__(self) -> str:
        body = ", ".join(
            f"{COLOURS[c]}=[{', '.join(str(location_name(x)) for x in locs)}]"
            for c, locs in zip(self.colours, self.pawns)
        )
        return f"<Position {self.rules.name} to_move={self.colour_to_move} {body}>"


def _written_options(rules: RuleSet) -> dict[str, Any]:
    """The options a position writes: those that differ from the rule set's defaults. The
    number of pawns is not one of them: it is read from the pawn lists."""
    return {k: v for k, v in rules.options().items() if k != "pawns_per_player"}


def _with_position_options(rules: RuleSet, options: Any) -> RuleSet:
    """``rules`` with a position's ``options`` applied, each checked and named if wrong."""
    if not isinstance(options, Mapping):
        raise PositionError("options: expected an object of rule options")
    for key, value in options.items():
        problem = option_problem(key, value)
        if problem:
            raise PositionError(f"options.{problem}")
    try:
        return rules.with_options(**{k: v for k, v in options.items()
                                     if k != "pawns_per_player"})
    except ValueError as exc:
        raise PositionError(f"options.{exc}") from None


def _default_colours(players: int) -> list[str]:
    defaults = {2: ["red", "yellow"], 3: ["red", "blue", "yellow"], 4: list(COLOURS)}
    if players not in defaults:
        raise PositionError(f"players: a game has 2 to 4 players, not {players!r}")
    return defaults[players]


def _check_colours(names: list, field: str) -> tuple[int, ...]:
    indices = [parse_colour(n, f"{field}.{key_shown(n)}"
                            if field == "pawns" else field) for n in names]
    if len(set(indices)) != len(indices):
        raise PositionError(f"{field}: a colour is named twice")
    if not 2 <= len(indices) <= 4:
        raise PositionError(f"{field}: a game has 2 to 4 colours, got {len(indices)}")
    # Turn order follows the direction of movement: red -> blue -> yellow -> green.
    return tuple(sorted(indices))
