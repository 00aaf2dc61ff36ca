"""What every view of a game shares: the replay machinery.

A game is shown as frames: frame 0 is the start, frame n the game after its n-th play. The
page's replay shell (``replayShell`` in ``widget.js``) steps, scrubs and autoplays them, lists
the plays, shows each play's explanation with its rule badges and a note, and reports events.
:class:`ReplayWidget` is its Python side: the traits both sides read, moving through the frames,
notes, the "a kernel is listening" answer, notices, and the page that replays with no kernel.
The board (:class:`SorryWidget`) and the card table (:class:`SorryCardWidget`) add their
picture, their plays and their moves.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine.errors import SorryError
from ..render.svg import THEMES, get_theme

_HERE = Path(__file__).parent

#: A live game's newest plays are synced apart from the rest, so a move re-sends only these;
#: when there are more, they join ``plays`` in one update.
RECENT_PLAYS = 40


class WidgetError(SorryError):
    """A request the widget refused; the game and the widget are unchanged."""


def check_theme_name(theme: Any) -> None:
    if theme != "auto":
        try:
            get_theme(theme)
        except ValueError:
            raise WidgetError(f"theme: {theme!r} is not a theme; themes are 'auto' (follow the "
                              f"notebook), {', '.join(repr(t) for t in THEMES)}") from None


def load_record(record: Any, kind: type, error: type, what: str):
    """A record of class ``kind`` given as itself, its dict or a path to its file; a bad one is
    one WidgetError naming ``record`` and what is wrong (``error`` is the engine's)."""
    try:
        if isinstance(record, kind):
            return record
        if isinstance(record, Mapping):
            return kind.from_dict(dict(record))
        if isinstance(record, (str, os.PathLike)):
            if not Path(record).exists():
                raise WidgetError(f"record: no such file {str(record)!r}")
            return kind.load(record)
    except error as exc:
        raise WidgetError(f"record: {exc}") from None
    raise WidgetError(f"record: expected a {kind.__name__}, a dict or a path to {what}, not "
                      f"{type(record).__name__}")


class ReplayWidget(anywidget.AnyWidget):
    """The replay machinery of a game view; see the module's docstring.

    A view provides: ``game`` (its live game, with ``step()`` and ``finished``), ``svg()`` and
    ``summary()`` (the picture and line of text of the play shown), ``_append_play()`` and
    ``_refresh_pending()`` (sync a new play, offer the person their choices), ``_is_live()``
    (a game is played here), ``_person_to_play()`` and ``_check_next()`` (say why no computer
    player can play next)."""

    _esm = _HERE / "widget.js"
    _css = _HERE / "widget.css"
    #: The modes a view has (``mode`` is one of them).
    MODES: tuple[str, ...] = ("replay", "game")

    # Written by Python only: what the page draws.
    view = traitlets.Unicode("board").tag(sync=True)
    mode = traitlets.Unicode("replay").tag(sync=True)
    drawing = traitlets.Dict().tag(sync=True)
    rule_texts = traitlets.Dict().tag(sync=True)
    plays = traitlets.List().tag(sync=True)
    recent_plays = traitlets.List().tag(sync=True)
    final = traitlets.Dict().tag(sync=True)
    annotations = traitlets.Dict().tag(sync=True)
    pending = traitlets.Dict().tag(sync=True)
    humans = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # Either side may set these.
    play = traitlets.Int(0).tag(sync=True)
    autoplay = traitlets.Bool(False).tag(sync=True)
    speed = traitlets.Float(1.5).tag(sync=True)
    animate = traitlets.Bool(True).tag(sync=True)
    theme = traitlets.Unicode("auto").tag(sync=True)
    size = traitlets.Int(560).tag(sync=True)
    # The last notice, for Python code to read; the page is told by a message, never by state.
    message = traitlets.Unicode("")
    message_level = traitlets.Unicode("")

    # --- moving through the frames ----------------------------------------------------------

    @property
    def last_play(self) -> int:
        """The index of the last play (0 before any is made)."""
        return len(self.plays) + len(self.recent_plays)

    def goto(self, play: int) -> int:
        """Show ``play`` (0 = the start; negative counts from the end, -1 = the last)."""
        if isinstance(play, bool) or not isinstance(play, int):
            raise WidgetError(f"play must be a whole number, not {play!r}")
        if play < 0:
            play += self.last_play + 1
        try:
            self.play = play
        except traitlets.TraitError as exc:
            raise WidgetError(str(exc)) from None
        return self.play

    def step(self, n: int = 1) -> int:
        """Show the next play; at the end of a live game, let the next computer player
        play."""
        for _ in range(n):
            if self.play < self.last_play:
                self.play += 1
                continue
            self._check_next()
            with self.hold_sync():
                self._computer_step()
                self._append_play()
                self._refresh_pending()
                self.play = self.last_play
        return self.play

    def _computer_step(self) -> None:
        """What one step of a live game lets the computer do: one play (a view may let it
        do more at once)."""
        self.game.step()

    def _advance_computers(self, limit: int = 10_000) -> None:
        """Let the strategies play until a person is to play or the game ends. A game with no
        person in it advances only by :meth:`step`."""
        if not self._is_live():
            return
        game = self.game
        with self.hold_sync():
            if self.humans:
                for _ in range(limit):
                    if game.finished or self._person_to_play():
                        break
                    game.step()
                    self._append_play()
            self._refresh_pending()

    def back(self, n: int = 1) -> int:
        return self.goto(max(self.play - n, 0))

    def replay(self, speed: float | None = None) -> None:
        """Start replaying from the play shown (needs the widget on screen)."""
        if speed is not None:
            self.speed = speed
        self.autoplay = True

    def pause(self) -> None:
        self.autoplay = False

    # --- pictures and pages -----------------------------------------------------------------

    def to_html(self, path, title: str = "Sorry! replay") -> None:
        """One self-contained page that replays the game with no Python and no internet."""
        from .export import standalone_page

        Path(path).write_text(standalone_page([self], title=title), encoding="utf-8")

    def _repr_mimebundle_(self, **kwargs):
        """Besides the live view, a picture and a line of text, for viewers and exports that
        cannot run widgets (GitHub, nbviewer, a page opened offline)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle  # anywidget gives (data, metadata)
        data = {**data, "image/svg+xml": self.svg(size=560), "text/plain": self.summary()}
        return data, metadata

    # --- events and notices -----------------------------------------------------------------

    def _notify(self, text: str, level: str = "ok") -> None:
        """Tell the page something that belongs to this moment: a success or an error."""
        self.message, self.message_level = text, level
        self.send({"type": "notice", "level": level, "text": text})

    def _on_message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            self._notify("ignored a message from the page that was not an object", "error")
            return
        kind = content.get("type")
        try:
            if kind == "hello":
                self._on_hello(content)
                self.send({"type": "live"})
            elif not self._on_event(kind, content):
                self._notify(f"ignored an unknown message {kind!r} from the page", "error")
        except (WidgetError, ValueError) as exc:
            self._notify(str(exc), "error")

    def _on_hello(self, content: dict) -> None:
        """The page is on screen (and says what it shows, e.g. its theme)."""

    def _on_event(self, kind: str, content: dict) -> bool:
        """Handle one event from the page; False if the view has no such event."""
        return False

    # --- validation of values set from Python or the page -----------------------------------

    @traitlets.validate("play")
    def _check_play(self, proposal):
        value = proposal["value"]
        last = self.last_play
        if not 0 <= value <= last:
            raise traitlets.TraitError(
                f"play {value} is out of range: this game has plays 0 (the start) to {last}")
        return value

    @traitlets.validate("theme")
    def _check_theme(self, proposal):
        try:
            check_theme_name(proposal["value"])
        except WidgetError as exc:
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

    @traitlets.validate("mode")
    def _check_mode(self, proposal):
        if proposal["value"] not in self.MODES:
            raise traitlets.TraitError(f"mode {proposal['value']!r} is not one of {self.MODES}")
        return proposal["value"]

    def set_state(self, sync_data):
        """State sent by the page. A bad value is refused with a notice, and the page is sent
        the current value back, so both sides agree and nothing changes."""
        try:
            super().set_state(sync_data)
        except traitlets.TraitError as exc:
            self._notify(str(exc), "error")
            self.send_state(list(sync_data))
