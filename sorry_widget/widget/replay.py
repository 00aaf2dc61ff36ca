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

import copy
import json
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.errors import SorryError, StrategyFailed
from .strings import page_strings
from ..core.messages import DEFAULT_LANGUAGE, LANGUAGES, Message, best_language, render, \
    rule_entry
from ..core.safeio import shown, small_file_text, write_text_atomic
from ..render.svg import THEMES, get_theme
from .messages import say

_HERE = Path(__file__).parent

#: A live game's newest plays are synced apart from the rest, so a move re-sends only these;
#: when there are more, they join ``plays`` in one update.
RECENT_PLAYS = 40


class WidgetError(SorryError):
    """A request the widget refused; the game and the widget are unchanged.

    A refusal of what a person asks is raised with its :class:`Message` (a widget's, or the
    game's refusal it passes on), kept as ``error.message`` (None for the others), so that it
    can be shown in another language; ``str(error)`` is its English text."""

    def __init__(self, message: Message | str) -> None:
        self.message = message if isinstance(message, Message) else None
        super().__init__(str(message))


def trait_error(message: Message) -> traitlets.TraitError:
    """A trait's refusal of a value, carrying its message as a WidgetError does."""
    error = traitlets.TraitError(message.text())
    error.message = message
    return error


def refusal(exc: Exception) -> Message | str:
    """What a game's error says, as its message where it has one (to pass on as a
    :class:`WidgetError`)."""
    message = getattr(exc, "message", None)
    return message if isinstance(message, Message) else str(exc)


def colour_list(value: Any, field: str) -> list | None:
    """Colours a person gives (``humans``, ``people``): a list, or one colour's name alone
    (``humans="red"`` means red, not the letters r, e and d); None stays None."""
    if value is None or isinstance(value, list):
        return value
    if isinstance(value, str):
        return [value]
    if isinstance(value, tuple):
        return list(value)
    raise WidgetError(f"{field}: a colour or a list of colours, not {shown(value)}")


def check_theme_name(theme: Any) -> None:
    if theme != "auto":
        try:
            get_theme(theme)
        except ValueError:
            raise WidgetError(f"theme: {theme!r} is not a theme; themes are 'auto' (follow the "
                              f"notebook), {', '.join(repr(t) for t in THEMES)}") from None


#: Keywords every view takes besides the parameters its ``__init__`` names: ipywidgets' own.
PASSED_ON_KEYWORDS: tuple[str, ...] = ("layout",)


def check_keywords(cls: type, given: Mapping[str, Any]) -> None:
    """Refuse a keyword ``cls`` does not take (a misspelt or unsupported option would otherwise
    be silently ignored), naming it and every keyword accepted: the parameters of
    ``cls.__init__`` and :data:`PASSED_ON_KEYWORDS`. A new option is one new parameter."""
    import inspect

    named = [p.name for p in inspect.signature(cls.__init__).parameters.values()
             if p.name != "self" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    accepted = named + [k for k in PASSED_ON_KEYWORDS if k not in named]
    unknown = [k for k in given if k not in accepted]
    if unknown:
        which = ", ".join(repr(k) for k in unknown)
        raise WidgetError(f"{cls.__name__}: unknown keyword{'s' if len(unknown) > 1 else ''} "
                          f"{which}; it accepts {', '.join(accepted)}")


def load_record(record: Any, kind: type, error: type, what: str):
    """A record of class ``kind`` given as itself, its dict or a path to its file; a bad one is
    one WidgetError naming ``record`` and what is wrong (``error`` is the engine's)."""
    try:
        if isinstance(record, kind):
            return record
        if isinstance(record, Mapping):
            return kind.from_dict(dict(record))
        if isinstance(record, (str, os.PathLike)):
            # The reader names the path and the reason (a folder, missing, unreadable).
            return kind.load(record)
    except error as exc:
        text = str(exc)
        raise WidgetError(text if text.startswith("record") else f"record: {text}") from None
    raise WidgetError(f"record: expected a {kind.__name__}, a dict or a path to {what}, not "
                      f"{type(record).__name__}")


def rule_badges(summaries: Mapping[str, str], texts: Mapping[str, Mapping[str, str]],
                link) -> dict[str, dict[str, str]]:
    """What each rule badge shows (the ``rule_texts`` trait): the rule's one line, its title and
    full text, which travel in the package and so in every exported page, and its place on its
    rules page (on the docs site once it is published, until then in the repository), for more."""
    return {rule: {"summary": line, "title": texts[rule]["title"], "text": texts[rule]["text"],
                   "link": link(rule)} for rule, line in summaries.items()}


def badges_in(badges: Mapping[str, Mapping[str, str]], language: str) -> dict[str, dict]:
    """The rule badges with their summary, title and text in a language (the ``rules``
    catalog; the link stays the English page's, whose anchors the translations share)."""
    return {rule: {**badge, **{part: rule_entry(rule, part, badge[part], language)
                               for part in ("summary", "title", "text")}}
            for rule, badge in badges.items()}


#: JupyterLab's language settings are a few hundred bytes; a larger file is not its.
MAX_SETTINGS_BYTES = 100_000


def notebook_language(settings_dir: str | os.PathLike | None = None) -> str:
    """The language JupyterLab is set to show (its *Settings › Language*, stored in the
    user's settings of ``@jupyterlab/translation-extension``), if a widget can be shown in it;
    else English. ``JUPYTERLAB_SETTINGS_DIR`` moves the settings, as in JupyterLab."""
    folder = Path(settings_dir or os.environ.get("JUPYTERLAB_SETTINGS_DIR")
                  or Path.home() / ".jupyter" / "lab" / "user-settings")
    path = folder / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    # Read in passing by every widget: a FIFO, /dev/zero or a huge file there means English.
    raw = small_file_text(path, MAX_SETTINGS_BYTES)
    if raw is None:
        return DEFAULT_LANGUAGE
    # The file is JSON5 as JupyterLab writes it: comments on their own lines.
    raw = re.sub(r"^\s*//.*$", "", raw, flags=re.M)
    found = re.search(r'"locale"\s*:\s*"([^"]*)"', raw)
    return best_language(found.group(1) if found else "")


def check_note_text(text: Any, limit: int) -> None:
    """A note's text is refused when it is made if it could not be saved: not text, too long,
    or holding a lone surrogate (half of an emoji, which a browser can send but no file can
    hold), so "Note saved" is never said of a note that ``save`` would refuse."""
    if not isinstance(text, str):
        raise WidgetError(f"text: a note is text, not {type(text).__name__}")
    if len(text) > limit:
        raise WidgetError(f"text: a note is at most {limit:,} characters, not {len(text):,}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise WidgetError(f"text: the note holds a lone surrogate at character {exc.start} (an "
                          "incomplete character, such as half of an emoji), which no file can "
                          "hold; the note was not saved") from None


def printable(text: str) -> str:
    """``text`` with any lone surrogate written as its escape, so it can be sent and saved."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def brief(value: Any) -> str:
    """``value`` as a short printable text for a message (whatever the page sent)."""
    if isinstance(value, int) and not -10**40 < value < 10**40:
        # (its decimal digits from its bits: str() refuses ints of over 4,300 digits)
        return f"a number of about {round(abs(value).bit_length() * 0.30103)} digits"
    try:
        shown = repr(value)
    except Exception:  # noqa: BLE001 - too deep to show
        return _type_name(value)
    return printable(shown if len(shown) <= 60 else shown[:57] + "...")


#: The messages the page sends, described once (page_messages.json): the page checks each one
#: against it as it sends it (js/messages.js), :func:`page_fields` checks them when they
#: arrive, the fuzz test makes them from it.
PAGE_MESSAGES: dict = json.loads((_HERE / "page_messages.json").read_text(encoding="utf-8"))
#: What no message from the page needs more of: characters in a notation, a name, a place.
MAX_FIELD_CHARS: int = PAGE_MESSAGES["max_chars"]
_MISSING = object()
#: The JSON types page_messages.json names, as Python's.
_JSON_TYPES = {"string": str, "integer": int, "array": list, "null": type(None)}


def page_messages(view: str) -> dict[str, dict[str, dict]]:
    """The messages a view (``board``, ``cardtable``) takes from the page: each type and its
    fields, as page_messages.json describes them."""
    return {**PAGE_MESSAGES["every_view"], **PAGE_MESSAGES["views"][view]}


def page_fields(fields: dict[str, dict], content: dict) -> dict[str, Any]:
    """The fields of a message from the page, each checked against its description (its
    types, its size; a field left out takes its default) in the order they are described,
    before anything uses them; the first bad one is one WidgetError naming it. Fields the
    description does not name are ignored."""
    return {name: message_field(
        content, name, tuple(_JSON_TYPES[kind] for kind in field["types"]),
        default=copy.deepcopy(field["default"]) if "default" in field else _MISSING,
        limit=field.get("max", MAX_FIELD_CHARS)) for name, field in fields.items()}


def message_field(content: dict, name: str, kinds: tuple[type, ...], *, default: Any = _MISSING,
                  limit: int = MAX_FIELD_CHARS) -> Any:
    """Field ``name`` of a message from the page, of one of ``kinds`` (``type(None)`` allows
    null), checked before anything uses it; a bad one is one WidgetError naming the field."""
    value = content.get(name, _MISSING)
    if value is _MISSING:
        if default is _MISSING:
            raise WidgetError(f"{name}: missing from the page's {content.get('type')!r} message")
        return default
    if isinstance(value, bool) and bool not in kinds:
        raise WidgetError(f"{name}: expected {_kind_names(kinds)}, not {brief(value)}")
    if not isinstance(value, kinds):
        raise WidgetError(f"{name}: expected {_kind_names(kinds)}, not "
                          f"{_type_name(value)}")
    if isinstance(value, (str, list)) and len(value) > limit:
        raise WidgetError(f"{name}: longer than {limit:,} (it has {len(value):,})")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise WidgetError(f"{name}: holds a lone surrogate (an incomplete character)") \
                from None
    return value


def _type_name(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", int: "a number", float: "a number",
            bool: "true or false", type(None): "null"}.get(type(value), type(value).__name__)


def _kind_names(kinds: tuple[type, ...]) -> str:
    return " or ".join(_type_name(k()) if k is not type(None) else "null" for k in kinds)


class ReplayWidget(anywidget.AnyWidget):
    """The replay machinery of a game view; see the module's docstring.

    A view provides: ``game`` (its live game, with ``step()`` and ``finished``), ``svg()`` and
    ``summary()`` (the picture and line of text of the play shown), ``_append_play()`` and
    ``_refresh_pending()`` (sync a new play, offer the person their choices), ``_is_live()``
    (a game is played here), ``_person_to_play()``, ``_to_play()`` and ``_winner_names()``
    (who acts next, who won) and ``PERSON_HINT`` (what a person does on their turn instead of
    ``step()``)."""

    _esm = _HERE / "widget.js"
    _css = _HERE / "widget.css"
    #: The modes a view has (``mode`` is one of them).
    MODES: tuple[str, ...] = ("replay", "game")
    #: The only traits the page may set: what a person changes by looking (the play shown,
    #: replaying or not, its speed, animation, theme, size). The page is untrusted: the game,
    #: its plays, the person's choices, the notes and the mode are Python's, and a page that
    #: writes them is answered with a notice and Python's values (:meth:`set_state`).
    PAGE_WRITABLE: frozenset[str] = frozenset({"play", "autoplay", "speed", "animate", "theme",
                                               "size"})
    #: What each rule badge of the game shows (:func:`rule_badges`), by rule id.
    RULE_BADGES: dict[str, dict[str, str]] = {}

    # Written by Python only: what the page draws.
    view = traitlets.Unicode("board").tag(sync=True)
    mode = traitlets.Unicode("replay").tag(sync=True)
    drawing = traitlets.Dict().tag(sync=True)
    # The badges of the rules the plays cite, each added when a play first cites it: a full
    # text is long, and a rule demo cites two or three of the game's rules.
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
    #: The language of every word the widget shows ("en", "fr", …: core.messages.LANGUAGES):
    #: explanations, notices, rule badges, the page's buttons. Given as ``language=``; by
    #: default JupyterLab's language setting (:func:`notebook_language`), which the page may
    #: correct when it says its own, else English.
    language = traitlets.Unicode(DEFAULT_LANGUAGE).tag(sync=True)
    #: The page's words in :attr:`language`, from the catalogs (:func:`.strings.page_strings`):
    #: the page has no translations of its own, and a saved or exported page keeps its words.
    strings = traitlets.Dict().tag(sync=True)
    # The last notice, for Python code to read; the page is told by a message, never by state.
    message = traitlets.Unicode("")
    message_level = traitlets.Unicode("")

    @traitlets.observe("plays", "recent_plays")
    def _badge_the_cited_rules(self, change) -> None:
        cited = {rule for play in change["new"] for rule in play.get("rules", ())}
        if cited - set(self.rule_texts):
            wanted = cited | set(self.rule_texts)
            self.rule_texts = badges_in({rule: badge for rule, badge in self.RULE_BADGES.items()
                                         if rule in wanted}, self.language)

    @traitlets.validate("language")
    def _check_language(self, proposal):
        if proposal["value"] not in LANGUAGES:
            raise traitlets.TraitError(f"language: {proposal['value']!r} is not one of "
                                       f"{', '.join(LANGUAGES)}")
        return proposal["value"]

    @traitlets.default("strings")
    def _page_strings(self) -> dict:
        return page_strings(self.language)

    @traitlets.observe("language")
    def _words_in_the_new_language(self, change) -> None:
        self.strings = page_strings(change["new"])
        self.rule_texts = badges_in({rule: self.RULE_BADGES[rule] for rule in self.rule_texts
                                     if rule in self.RULE_BADGES}, change["new"])
        self._relanguage()

    def _relanguage(self) -> None:
        """Say the plays again in :attr:`language` (a view that words its plays does it)."""

    def _choose_language(self, language: str | None) -> str:
        """``language`` checked, or by default the notebook's (:func:`notebook_language`);
        remembered as chosen by default, so the page may correct it (:meth:`_on_hello`)."""
        self._language_by_default = language is None
        if language is None:
            return notebook_language()
        if language not in LANGUAGES:
            raise WidgetError(f"language: {language!r} is not one of {', '.join(LANGUAGES)}")
        return language

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
            raise WidgetError(refusal(exc)) from None
        return self.play

    def step(self, n: int = 1) -> int:
        """Show the next play; at the end of a live game, let the next computer player
        play."""
        for _ in range(n):
            if self.play < self.last_play:
                self.play += 1
                continue
            self._check_next()
            with self._all_or_nothing(), self.hold_sync():
                self._computer_step()
                self._append_play()
                self._refresh_pending()
                self.play = self.last_play
        return self.play

    @contextmanager
    def _all_or_nothing(self, undo: Callable[[], None] | None = None) -> Iterator[None]:
        """A person's move (or a computer's step) with the computers' answers to it, made
        whole or not at all: when a strategy fails — or anything else does — the game and
        everything the page is shown are as they were before, and a strategy's failure is one
        :class:`WidgetError` saying which strategy and why. (Half made, the widget would offer
        the person the moves of a turn the game had left, and play them for the next colour.)
        ``undo``: the game's checkpoint, if taken before a move already made."""
        undo = undo or self.game._checkpoint()
        # Synced values are replaced, never changed in place: keeping them keeps the page.
        kept = {name: getattr(self, name) for name in self.keys if name != "play"}
        play = self.play
        try:
            yield
        except BaseException as exc:
            undo()
            with self.hold_sync():
                for name, value in kept.items():
                    setattr(self, name, value)
                self._from_game()
                self.play = play
            if isinstance(exc, StrategyFailed):
                raise WidgetError(refusal(exc)) from exc
            raise

    def _from_game(self) -> None:
        """After a move undone: what a view keeps besides its synced values, made again from
        the game (nothing, unless the view keeps something)."""

    #: What ``step()`` says a person does on their turn instead (the view's own words).
    PERSON_HINT: Message | str = ""
    #: What ``step()`` says after a demo's one move (None: the view's demo plays on).
    DEMO_END: Message | str | None = None

    def _check_next(self) -> None:
        """Say why no computer player can play next, before ``step()`` tries."""
        if self.mode == "demo" and self.DEMO_END is not None:
            raise WidgetError(self.DEMO_END)
        if not self._is_live():
            raise WidgetError(say("at_last_play", last=self.last_play))
        if self.game.finished:
            raise WidgetError(say("game_over", winners=self._winner_names()))
        if self._person_to_play():
            raise WidgetError(say("person_plays", player=self._to_play(),
                                  hint=self.PERSON_HINT))

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

        write_text_atomic(path, standalone_page([self], title=title), what="page",
                          error=WidgetError)

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

    #: The last notice as a message (None: it was words only), beside its words in
    #: :attr:`message`.
    notice: Message | None = None

    def _words(self, said: Message | str) -> str:
        """What the page is shown of a message (an explanation, a prompt): its words. The one
        place a view turns the messages it syncs into text."""
        return render(said, self.language)

    def _notify(self, said: Message | str, level: str = "ok") -> None:
        """Tell the page something that belongs to this moment: a success or an error. The one
        place a notice becomes words."""
        self.notice = said if isinstance(said, Message) else None
        # A refusal may quote what the page sent; a lone surrogate in it could not be sent.
        text = printable(self._words(said))
        self.message, self.message_level = text, level
        self.send({"type": "notice", "level": level, "text": text})

    def _on_message(self, _widget, content, _buffers) -> None:
        """One event from the page, checked field by field before it is acted on; whatever is
        wrong with it is one error notice and changes nothing."""
        if not isinstance(content, dict):
            self._notify(say("page_not_object"), "error")
            return
        kind = content.get("type")
        if not isinstance(kind, str) or len(kind) > 40:
            self._notify(say("page_type_too_long") if isinstance(kind, str) else
                         say("page_type_not_name", type=type(kind).__name__), "error")
            return
        described = page_messages(self.view)
        if kind not in described:
            self._notify(say("page_unknown_message", kind=repr(kind)), "error")
            return
        try:
            fields = page_fields(described[kind], content)
            if kind == "hello":
                # The page may say which theme it shows (the card table follows it), and its
                # language (<html lang>, which JupyterLab sets to its own): followed when the
                # widget was given none.
                page_language = fields["language"]
                if page_language and getattr(self, "_language_by_default", False):
                    wanted = best_language(page_language)
                    if wanted != DEFAULT_LANGUAGE and wanted != self.language:
                        self.language = wanted
                self._on_hello(fields)
                self.send({"type": "live"})
            elif not self._on_event(kind, fields):
                raise AssertionError(f"page_messages.json lists {kind!r} for view {self.view!r}, "
                                     "which has no handler for it")
        except (WidgetError, ValueError) as exc:
            self._notify(refusal(exc), "error")
        except Exception as exc:  # noqa: BLE001 - the page's event must not kill the comm
            # A bug, not bad input (every field is checked above): said, and logged in full.
            self.log.exception("the page's %r message failed", kind)
            self._notify(say("page_internal_error", kind=repr(kind),
                             error_type=type(exc).__name__, error=str(exc)), "error")

    def _on_hello(self, fields: dict) -> None:
        """The page is on screen (and says what it shows, e.g. its theme); ``fields`` are the
        hello's, checked (:func:`page_fields`)."""

    def _on_event(self, kind: str, fields: dict) -> bool:
        """Handle one event from the page, of a type page_messages.json lists for the view,
        with its ``fields`` checked (:func:`page_fields`); False if the view has no such
        event."""
        return False

    # --- validation of values set from Python or the page -----------------------------------

    @traitlets.validate("play")
    def _check_play(self, proposal):
        value = proposal["value"]
        last = self.last_play
        if not 0 <= value <= last:
            raise trait_error(say("play_out_of_range", play=brief(value), last=last))
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
            raise trait_error(say("speed_out_of_range", speed=proposal["value"]))
        return proposal["value"]

    @traitlets.validate("size")
    def _check_size(self, proposal):
        if not 200 <= proposal["value"] <= 2000:
            raise trait_error(say("size_out_of_range", size=proposal["value"]))
        return proposal["value"]

    @traitlets.validate("mode")
    def _check_mode(self, proposal):
        if proposal["value"] not in self.MODES:
            raise traitlets.TraitError(f"mode {proposal['value']!r} is not one of {self.MODES}")
        return proposal["value"]

    def set_state(self, sync_data):
        """State sent by the page (ipywidgets calls this with every update from the front
        end). Only :attr:`PAGE_WRITABLE` traits are taken, and only with values of their type
        that pass their checks; an update with anything else is refused whole, with one notice
        naming what is wrong, and the page is sent Python's values back, so both sides agree
        and nothing changes."""
        if not isinstance(sync_data, dict):
            self._notify(say("page_state_not_object"), "error")
            return
        # All or nothing: one key the page may not write, or one bad value, refuses the
        # whole update (a page that forges one key is not trusted with the others).
        refused = [name for name in sync_data if name not in self.PAGE_WRITABLE]
        problem = None
        if refused:
            problem = say("page_may_not_set",
                          names=[repr(printable(str(n)))[:60] for n in refused[:5]],
                          more=say("and_more", count=len(refused) - 5) if len(refused) > 5
                          else "", writable=sorted(self.PAGE_WRITABLE))
        else:
            problem = next((p for p in (self._page_value_problem(n, v)
                                        for n, v in sync_data.items()) if p), None)
        refused, allowed = (list(sync_data), {}) if problem else ([], dict(sync_data))
        if allowed:
            try:
                super().set_state(allowed)
            except traitlets.TraitError as exc:
                problem = refusal(exc)
                refused += list(allowed)
        if problem:
            self._notify(problem, "error")
            known = [name for name in refused if name in self.keys]
            if known:
                self.send_state(known)

    def _page_value_problem(self, name: str, value: Any) -> Message | None:
        """Why ``value`` cannot be trait ``name`` (one the page may write), or None. Checked
        before any trait is set: a value of the wrong type would leave earlier ones set."""
        trait = self.traits()[name]
        if isinstance(trait, traitlets.Bool):
            ok = isinstance(value, bool)
        elif isinstance(trait, (traitlets.Int, traitlets.Float)):
            # (a comparison, not float(): an int of 400 digits does not fit a float; NaN fails it)
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and \
                -1e9 < value < 1e9 and \
                (isinstance(trait, traitlets.Float) or isinstance(value, int))
        elif isinstance(trait, traitlets.Unicode):
            ok = isinstance(value, str) and len(value) <= MAX_FIELD_CHARS
        elif isinstance(trait, traitlets.List):
            ok = isinstance(value, list) and len(value) <= MAX_FIELD_CHARS and all(
                isinstance(v, str) and len(v) <= MAX_FIELD_CHARS for v in value)
        else:
            ok = False
        if ok:
            try:  # a lone surrogate could not even be echoed back to the page
                for text in value if isinstance(value, list) else [value]:
                    if isinstance(text, str):
                        text.encode("utf-8")
            except UnicodeEncodeError:
                ok = False
        if not ok:
            return say("page_bad_value", name=name, value=brief(value))
        return None
