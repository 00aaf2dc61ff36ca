"""SorryWidget: the board in a notebook, as an anywidget.

State lives in traits (synced with the browser); the browser's ES module (``widget.js``) only
draws what the traits say and reports clicks. Everything a replay needs — the static board, the
pawn pictures, every position, card, explanation and move trail — is in the synced state, so an
exported page replays without a kernel. Custom messages carry only events from the browser: a
move tried on the board, an annotation made in the UI.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine.cards import CARD_NAMES, card_label
from ..engine.game import Game, GameError
from ..engine.moves import FORFEIT, SWITCH, Move, why_illegal
from ..engine.position import Position
from ..engine.record import Record, RecordError
from ..engine.record import annotate as annotate_in
from ..engine.board import COLOURS, SLIDE_AT_TRIANGLE, is_track, location_name
from ..render.geometry import PLACES, location_of_key, pawn_motions, place_key, widget_geometry
from ..render.svg import (
    board_svg, card_face_markup, get_theme, overlay_markup, pawn_markup, resolve_place,
)

_HERE = Path(__file__).parent


class WidgetError(ValueError):
    """A request the widget refused; the game and the widget are unchanged."""


def _pawn_keys(position: Position) -> dict[str, list[str]]:
    return {colour: [place_key(colour, loc) for loc in locs]
            for colour, locs in zip(position.colour_names, position.pawns)}


def _clicks(move: Move) -> list[list[str]]:
    """The places a person clicks, in order, to make ``move`` on the board; each entry lists
    the keys accepted for that click (a slide's triangle or its end)."""
    colours = move.position.colours

    def target(seat: int, landing: int) -> list[str]:
        keys = [place_key(COLOURS[colours[seat]], landing)]
        slide = SLIDE_AT_TRIANGLE[landing] if is_track(landing) else None
        if slide is not None and slide.owner != colours[seat]:
            keys.append(str(slide.end))
        return keys

    if move.kind == FORFEIT:
        return []
    if move.kind == SWITCH:
        seat, origin, _other, opponent = move.parts[0]
        return [[str(origin)], target(seat, opponent)]
    clicks = []
    for seat, origin, landing in move.parts:
        colour = COLOURS[colours[seat]]
        clicks.append([place_key(colour, origin)])
        clicks.append(target(seat, landing))
    return clicks


def _load_record(record: Any) -> Record:
    if isinstance(record, Record):
        return record
    if isinstance(record, Mapping):
        return Record.from_dict(dict(record))
    if isinstance(record, (str, os.PathLike)):
        path = Path(record)
        if not path.exists():
            raise WidgetError(f"record: no such file {str(path)!r}")
        return Record.load(path)
    raise WidgetError(f"record: expected a Record, a dict or a path to a record file, not "
                      f"{type(record).__name__}")


class SorryWidget(anywidget.AnyWidget):
    """A Sorry! board to replay, play and annotate games.

    ``SorryWidget(record=…)`` replays a recorded game (a :class:`Record`, its dict, or a path to
    a record file). ``SorryWidget(game=…)`` follows a live :class:`Game`; colours listed in
    ``humans`` (or mapped to ``None`` in the game's strategies) are played by clicking on the
    board, the others by their strategies; ``card`` chooses the card the person to move has
    drawn ("suppose red draws a 7"). ``SorryWidget()`` is a new 4-player game with red played
    by a person.

    A *turn* here is one step of the replay: ``0`` is the start and ``n`` the position after
    the n-th card played (a 2's extra draw is a step of its own, though the rules count it in
    the same turn, C7).
    """

    _esm = _HERE / "widget.js"
    _css = _HERE / "widget.css"

    # What the browser draws (written by Python only).
    board = traitlets.Unicode("").tag(sync=True)
    geometry = traitlets.Dict().tag(sync=True)
    frames = traitlets.List().tag(sync=True)
    annotations = traitlets.Dict().tag(sync=True)
    legal = traitlets.List().tag(sync=True)
    drawn = traitlets.Unicode("").tag(sync=True)
    humans = traitlets.List(traitlets.Unicode()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    # What either side may set.
    turn = traitlets.Int(0).tag(sync=True)
    playing = traitlets.Bool(False).tag(sync=True)
    speed = traitlets.Float(1.5).tag(sync=True)
    animate = traitlets.Bool(True).tag(sync=True)
    theme = traitlets.Unicode("light").tag(sync=True)
    size = traitlets.Int(560).tag(sync=True)
    selection = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, game: Game | None = None, record: Any = None, *,
                 humans: list[str] | tuple[str, ...] | None = None, theme: str = "light",
                 size: int = 560, animate: bool = True, speed: float = 1.5,
                 card: int | str | None = None, **kwargs: Any) -> None:
        if game is not None and record is not None:
            raise WidgetError("give a game or a record, not both")
        get_theme(theme)
        if record is not None:
            if card is not None:
                raise WidgetError("card: a recorded game's cards are in the record")
            self._record = _load_record(record)
            try:
                self._record.replay()
            except RecordError as exc:
                raise WidgetError(f"record: {exc}") from None
            self.game = None
            if humans:
                raise WidgetError("humans: a recorded game is replayed, not played; pass a game")
        else:
            if game is None:
                game = Game(4, strategies={"red": None})
            if not isinstance(game, Game):
                raise WidgetError(f"game: expected a sorry_widget Game, not {type(game).__name__}")
            for colour in humans or ():
                if colour not in game.colours:
                    raise WidgetError(f"humans: {colour!r} is not playing (players: "
                                      f"{', '.join(game.colours)})")
            if not game.keep_history:
                raise WidgetError("game: a game with keep_history=False cannot be replayed")
            if card is not None and (game.finished or (
                    game.strategies.get(game.colour_to_move) is not None
                    and game.colour_to_move not in (humans or ()))):
                raise WidgetError("card: the card is chosen for a person to play; "
                                  f"{game.colour_to_move} is played by the computer")
            self.game = game
            self._record = None
            self._annotations_by_play: dict[int, Any] = {}
        # The traits are checked before the game is touched, so a refusal changes nothing.
        super().__init__(theme=theme, size=size, animate=animate, speed=speed, **kwargs)
        if self.game is not None:
            if card is not None:
                try:
                    self.game.draw(card)
                except GameError as exc:
                    raise WidgetError(str(exc)) from None
            for colour in humans or ():
                self.game.strategies[colour] = None
        self.humans = [c for c, s in self.game.strategies.items() if s is None] \
            if self.game is not None else []
        self._draw_static()
        self._frames_from_scratch()
        self._sync_annotations()
        self._advance_computers()
        self.turn = len(self.frames) - 1 if self.game is not None else 0
        self.on_msg(self._on_message)

    # --- building the synced state ------------------------------------------------------

    def _position_and_moves(self) -> tuple[list[Position], list[Move]]:
        if self.game is not None:
            return self.game.positions(), [p.move for p in self.game.history]
        return self._record.replay(), self._record.moves

    def _draw_static(self) -> None:
        positions, _ = self._position_and_moves()
        self.board = board_svg(positions[0], size=None, theme=self.theme, pawns=False,
                               card=None, status=None, last_move=None)
        geometry = widget_geometry()
        geometry["pawns"] = {c: pawn_markup(c, self.theme) for c in COLOURS}
        rules = positions[0].rules
        geometry["cards"] = {name: card_face_markup(card, self.theme, rules.sorry_forward_4,
                                                    rules.two_draws_again)
                             for card, name in CARD_NAMES.items()}
        geometry["cards"][""] = card_face_markup(None, self.theme)
        self.geometry = geometry

    def _frame(self, position: Position, move: Move | None, turn_number: int) -> dict:
        frame: dict[str, Any] = {
            "pawns": _pawn_keys(position),
            "to_move": position.colour_to_move,
            "winner": position.winner(),
            "game_turn": turn_number,
        }
        if move is not None:
            frame.update({
                "card": CARD_NAMES[move.card],
                "card_label": card_label(move.card),
                "colour": move.colour,
                "notation": move.notation,
                "explanation": move.explanation,
                "rules": list(move.rule_ids),
                "motions": pawn_motions(move),
                "trail": overlay_markup(last_move=move, theme=self.theme)
                if move.kind != FORFEIT else "",
            })
        return frame

    def _frames_from_scratch(self) -> None:
        positions, moves = self._position_and_moves()
        turns = self._turn_numbers(len(moves))
        frames = [self._frame(positions[0], None, 1)]
        for i, move in enumerate(moves):
            frames.append(self._frame(positions[i + 1], move, turns[i]))
        self.frames = frames

    def _turn_numbers(self, count: int) -> list[int]:
        if self.game is not None:
            return [p.turn for p in self.game.history]
        return [p.turn for p in self._record.plays][:count]

    def _append_frame(self) -> None:
        play = self.game.history[-1]
        self.frames = self.frames + [self._frame(self.game.position, play.move, play.turn)]

    def _sync_annotations(self) -> None:
        source = self._record.annotations if self._record is not None \
            else self._annotations_by_play
        out = {}
        for n, a in sorted(source.items()):
            out[str(n)] = {"text": a.text, "arrows": [list(x) for x in a.arrows],
                           "squares": list(a.squares),
                           "svg": overlay_markup(highlights=[_key(s) for s in a.squares],
                                                 arrows=[(_key(x), _key(y)) for x, y in a.arrows],
                                                 theme=self.theme)}
        self.annotations = out

    def _refresh_legal(self) -> None:
        """Offer the person to move their legal moves for the card they drew."""
        game = self.game
        if game is None or game.finished or game.strategies[game.colour_to_move] is not None:
            self.legal, self.drawn = [], ""
            return
        card = game.draw()
        self.drawn = CARD_NAMES[card]
        legal = []
        for m in game.legal_moves():
            entry = {"notation": m.notation, "explanation": m.explanation,
                     "rules": list(m.rule_ids), "clicks": _clicks(m), "kind": m.kind,
                     "result": json.dumps(m.result.to_dict()["pawns"], sort_keys=True)}
            if len(m.parts) == 2:
                # The engine lists a split once when both orders end alike; a person may
                # click the pawns in either order.
                entry["alt_clicks"] = entry["clicks"][2:] + entry["clicks"][:2]
            legal.append(entry)
        self.legal = legal

    def _advance_computers(self, limit: int = 10_000) -> None:
        """Let the strategies play until a person is to move or the game ends. A game with no
        person in it advances only by :meth:`step`."""
        game = self.game
        if game is None or not self.humans:
            return
        with self.hold_sync():
            for _ in range(limit):
                if game.finished or game.strategies[game.colour_to_move] is None:
                    break
                game.step()
                self._append_frame()
            self._refresh_legal()

    # --- validation of values set from Python or the browser -------------------------------

    @traitlets.validate("turn")
    def _check_turn(self, proposal):
        value = proposal["value"]
        last = len(self.frames) - 1
        if not 0 <= value <= max(last, 0):
            raise traitlets.TraitError(
                f"turn {value} is out of range: this game has turns 0 (the start) to {last}")
        return value

    @traitlets.validate("theme")
    def _check_theme(self, proposal):
        try:
            get_theme(proposal["value"])
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None
        return proposal["value"]

    @traitlets.validate("speed")
    def _check_speed(self, proposal):
        if not 0.1 <= proposal["value"] <= 20:
            raise traitlets.TraitError(f"speed {proposal['value']} must be 0.1 to 20 plays a second")
        return proposal["value"]

    @traitlets.validate("size")
    def _check_size(self, proposal):
        if not 200 <= proposal["value"] <= 2000:
            raise traitlets.TraitError(f"size {proposal['value']} must be 200 to 2000 pixels")
        return proposal["value"]

    @traitlets.validate("selection")
    def _check_selection(self, proposal):
        for key in proposal["value"]:
            if key not in PLACES:
                raise traitlets.TraitError(f"selection: {key!r} is not a place on the board")
        return proposal["value"]

    @traitlets.observe("theme")
    def _theme_changed(self, change):
        if change["old"] != change["new"] and self.frames:
            with self.hold_sync():
                self._draw_static()
                self._frames_from_scratch()
                self._sync_annotations()

    def set_state(self, sync_data):
        """State sent by the browser. A bad value is refused with a message, and the browser is
        sent the current value back, so both sides agree and nothing changes."""
        try:
            super().set_state(sync_data)
        except traitlets.TraitError as exc:
            self.message = str(exc)
            self.send_state(list(sync_data))

    # --- Python API -------------------------------------------------------------------------

    @property
    def record(self) -> Record:
        """The game as a record (with its annotations), ready to :meth:`save`."""
        if self._record is not None:
            return self._record
        record = Record.from_game(self.game)
        for n, a in self._annotations_by_play.items():
            record.annotate(n, a.text, [list(x) for x in a.arrows], list(a.squares))
        return record

    @property
    def last_turn(self) -> int:
        return len(self.frames) - 1

    @property
    def position(self) -> Position:
        """The position shown now."""
        positions, _ = self._position_and_moves()
        return positions[self.turn]

    def goto(self, turn: int) -> int:
        """Show ``turn`` (0 = start; negative counts from the end, -1 = the last)."""
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise WidgetError(f"turn must be an integer, not {turn!r}")
        if turn < 0:
            turn += len(self.frames)
        try:
            self.turn = turn
        except traitlets.TraitError as exc:
            raise WidgetError(str(exc)) from None
        return self.turn

    def step(self, n: int = 1) -> int:
        """Show the next turn; at the end of a live game, let the next computer player play."""
        for _ in range(n):
            if self.turn < self.last_turn:
                self.turn += 1
                continue
            game = self.game
            if game is None:
                raise WidgetError(f"already at the last turn ({self.last_turn})")
            if game.finished:
                raise WidgetError(f"the game is over: {game.winner} won")
            if game.strategies[game.colour_to_move] is None:
                raise WidgetError(f"{game.colour_to_move} is played by a person: make their "
                                  "move on the board or with widget.move(...)")
            with self.hold_sync():
                game.step()
                self._append_frame()
                self._refresh_legal()
                self.turn = self.last_turn
        return self.turn

    def back(self, n: int = 1) -> int:
        return self.goto(max(self.turn - n, 0))

    def play(self, speed: float | None = None) -> None:
        """Start the browser's replay from the current turn (needs the board on screen)."""
        if speed is not None:
            self.speed = speed
        self.playing = True

    def pause(self) -> None:
        self.playing = False

    def move(self, notation: str) -> Move:
        """Play the person's drawn card with the move written ``notation`` (e.g. ``"R12-17"``)."""
        game = self.game
        if game is None:
            raise WidgetError("this widget replays a record; there is no game to move in")
        if game.finished:
            raise WidgetError(f"the game is over: {game.winner} won")
        if game.strategies[game.colour_to_move] is not None:
            raise WidgetError(f"it is {game.colour_to_move}'s turn, played by the computer")
        try:
            play = game.play(notation)
        except GameError as exc:
            raise WidgetError(str(exc)) from None
        with self.hold_sync():
            self.message = ""
            self.selection = []
            self._append_frame()
            self._advance_computers()
            self.turn = self.last_turn
        return play.move

    def annotate(self, turn: int, text: str | None = None, arrows=None, squares=None):
        """Add or change the note on ``turn``: text, arrows ``[(from, to), …]`` and highlighted
        ``squares`` (places: ``12`` or ``"red:safety-2"``). It is kept in the record."""
        if isinstance(turn, bool) or not isinstance(turn, int) or \
                not 0 <= turn <= self.last_turn:
            raise WidgetError(f"turn {turn!r} is out of range: 0 to {self.last_turn}")
        try:
            arrows = None if arrows is None else [[_place_value(a), _place_value(b)]
                                                  for a, b in arrows]
            squares = None if squares is None else [_place_value(s) for s in squares]
            store = self._record.annotations if self._record is not None \
                else self._annotations_by_play
            annotation = annotate_in(store, self.last_turn, turn, text, arrows, squares)
        except (RecordError, ValueError, TypeError) as exc:
            raise WidgetError(str(exc)) from None
        self._sync_annotations()
        return annotation

    def save(self, path) -> None:
        """Write the game, with its annotations, as a ``sorry-record/1`` file."""
        self.record.save(path)

    def to_html(self, path, title: str = "Sorry! replay") -> None:
        """A standalone page that replays the game without Python."""
        from ipywidgets.embed import embed_minimal_html

        # drop_defaults=False: the ES module is a default value and must be in the page.
        embed_minimal_html(path, views=[self], title=title, drop_defaults=False)

    def svg(self, **options) -> str:
        """The board at the current turn as SVG text (see :func:`board_svg`)."""
        positions, moves = self._position_and_moves()
        options.setdefault("theme", self.theme)
        move = moves[self.turn - 1] if self.turn > 0 else None
        return board_svg(positions[self.turn], last_move=move,
                         card=move.card if move else None, **options)

    # --- events from the browser ----------------------------------------------------------

    def _on_message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            self.message = "ignored a message from the browser that was not an object"
            return
        kind = content.get("type")
        try:
            if kind == "move":
                self.move(str(content.get("notation", "")))
            elif kind == "try":
                self.message = self.explain_try(content.get("clicks") or [])
                self.selection = []
            elif kind == "annotate":
                self.annotate(int(content.get("turn", -1)), content.get("text"),
                              content.get("arrows"), content.get("squares"))
                self.message = f"Note saved on turn {content.get('turn')}."
            else:
                self.message = f"ignored an unknown message {kind!r} from the browser"
        except (WidgetError, ValueError) as exc:
            self.message = str(exc)

    def explain_try(self, clicks: list) -> str:
        """Why the clicks ``[origin, target]`` are not a legal move for the person to move."""
        game = self.game
        if game is None or game.finished or game.strategies[game.colour_to_move] is not None:
            return "It is not your turn to move."
        colour = game.colour_to_move
        card = game.draw()
        label = card_label(card)
        if not clicks:
            return "Click one of your pawns, then where it should go."
        keys = [str(k) for k in clicks]
        for k in keys:
            if k not in PLACES:
                return f"{k!r} is not a place on the board."
        legal = ", ".join(m["notation"] for m in self.legal)
        if len(keys) == 1:
            where = keys[0].split(":")[-1]
            owner = game.position.occupant(int(keys[0])) if keys[0].isdigit() else \
                keys[0].split(":")[0]
            if owner != colour:
                return f"Not allowed: {colour.capitalize()} has no pawn on {where}. Legal: {legal}."
            return (f"Not allowed: with a {label}, {colour.capitalize()}'s pawn on {where} has no "
                    f"legal move. Legal: {legal}.")
        try:
            origin = location_of_key(keys[0], colour)
        except ValueError:
            owner = keys[0].split(":")[0]
            return f"{keys[0]} is {owner.capitalize()}'s; {colour.capitalize()} moves only " \
                   f"{colour.capitalize()}'s pawns."
        target_key = keys[1]
        try:
            target = location_of_key(target_key, colour)
        except ValueError:
            owner = target_key.split(":")[0]
            return (f"{target_key} is {owner.capitalize()}'s own zone: only {owner.capitalize()}'s "
                    "pawns go there (C6).")
        reason = why_illegal(game.position, card, location_name(origin), location_name(target))
        if reason is None:
            return (f"That part is legal with a {label}, but it is not a whole move here: "
                    "finish it on the board (a split 7 needs both pawns).")
        return f"Not allowed: {reason}."


def _place_value(ref):
    """A place as the record format writes it: an int for a track square, else the key."""
    key = resolve_place(ref)
    return int(key) if key.isdigit() else key


def _key(value) -> str:
    return resolve_place(value)


__all__ = ["SorryWidget", "WidgetError"]
