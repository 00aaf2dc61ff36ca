"""SorryCardWidget: the SORRY! card game's table in a notebook.

The same replay machinery as the board (:class:`ReplayWidget`): frame 0 is the deal, frame n
the table after the n-th action; the page steps, scrubs, autoplays, lists the actions with
their explanations and rule badges (K ids, docs/cardgame.md), and keeps a note per action.

What differs is the picture. A table changes everywhere at once (hands, piles, pawn cards), so
Python draws every frame and the page shows them. Each card's face is sent once and the frames
refer to it, and a frame is a list of pieces (:func:`cardtable_pieces`: the centre, each seat)
of which each distinct one is sent once; so a 45-action game is about 200 kB, small enough to
travel in an exported page that replays with no kernel. The frames are drawn in one theme: the
widget's, or with "auto" the one the page reports (light until it does).

In a game, a person clicks a card of their hand to play it; Play 2 then takes two number cards
(clicked one after the other, or chosen from a list), a SORRY! an opponent; when a steal or a
block is theirs to decide, a prompt asks them with two buttons.

What a person at the table (a ``viewer`` colour, or None) is shown depends only on what they may
see. Another player asked whether to steal a 21 or block a SORRY! is asked because they hold the
card, so a refusal is not listed: it joins the action before it, which is told as if they had
not held the card (the table after it is the same) and shown at the table after the window.
An open window of another player says nothing of whose it is. A steal or block played is on the
table, so it is listed; the game and its record keep every action.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

import traitlets

from ..cardgame.cards import DEFAULT_DECK, CardGameError
from ..cardgame.rules import Action, choices, perform_action, preview_messages
from ..cardgame.state import CardState, _clone
from ..cardgame.game import CardGame
from ..cardgame.record import CardRecord
from ..cardgame.rulebook import CARD_RULE_SUMMARIES, CARD_RULE_TEXTS, rule_link
from ..render.cardtable import (
    cardface_defs,
    cardtable_pieces,
    cardtable_svg,
    total_callout,
    window_hidden,
)
from ..render.svg import THEMES
from ..core.messages import Message
from .messages import say
from .replay import RECENT_PLAYS, ReplayWidget, WidgetError, brief, check_note_text, \
    check_keywords, check_theme_name, colour_list, load_record, refusal, rule_badges

_RULE_ID = re.compile(r"\b(K\d+)\b")

#: The card an action's notation plays (its second word), by action word.
_CARD_OF = {"steal": "sorry-steal", "block": "dont-be-sorry"}


def action_card(notation: str) -> str:
    """The card an action plays or discards, or "" (a pass, a refusal)."""
    words = notation.split(" ")
    word = words[1] if len(words) > 1 else ""
    if word == "discard":
        return words[2]
    if word in ("pass", "accept"):
        return ""
    return _CARD_OF.get(word, word)


def action_kind(notation: str) -> str:
    """``play``, ``discard``, ``pass``, or a window's answer: ``steal``, ``block``, ``accept``
    (a steal window's refusal is ``pass`` too)."""
    words = notation.split(" ")
    word = words[1] if len(words) > 1 else ""
    return word if word in ("discard", "pass", "steal", "block", "accept") else "play"


def _play_data(before: CardState, notation: str, explanation: str, after: CardState,
               turn: int, language: str = "en") -> dict:
    return {
        "turn": turn,
        "colour": before.to_act,
        "notation": notation,
        "explanation": explanation,
        "rules": list(dict.fromkeys(_RULE_ID.findall(explanation))),
        "card": action_card(notation),
        "total": after.total,
        "callout": total_callout(after, language),
    }


#: The card a window's refusal shows its player holds: a pass in a steal window, an accept in
#: a block window.
_DECLINED = {"steal": "sorry-steal", "block": "dont-be-sorry"}


def declined_window(before: CardState, action: Action, viewer: str | None) -> bool:
    """Whether ``action`` is another player's answer to a window that ends with nothing on the
    table (a steal not taken, a SORRY! not blocked), which ``viewer`` may not be shown: that
    they were asked at all tells that they hold a SORRY! steal card or Don't Be SORRY!."""
    return (viewer != "all" and before.pending is not None and before.to_act != viewer
            and action_kind(action.notation) in ("pass", "accept"))


def told_without(before: CardState, notation: str, refused: list[tuple[str, str]]) -> Message:
    """The explanation (a message) of the action ``notation`` taken in ``before``, as if the
    players in ``refused`` (colour, card) had not held the card they declined to play: what
    happened, with no word of who was asked. The flips, the round's end and the next player are the
    same either way (a refusal changes nothing on the table)."""
    state = _clone(before)
    for colour, card in refused:
        hand = state.player(colour).hand
        hand[:] = [c for c in hand if c != card]
    for choice in choices(state):
        action = perform_action(state, choice)
        if action.notation == notation:
            return action.message
    raise CardGameError(f"{notation!r}: not an action of the state it was taken in")


def _load_record(record: Any) -> CardRecord:
    return load_record(record, CardRecord, CardGameError, "a card game record")


class SorryCardWidget(ReplayWidget):
    """The SORRY! card game's table, to replay or to play.

    - ``SorryCardWidget(record=…)`` replays a recorded card game (a :class:`CardRecord`, its
      dict, or a path to a ``sorry-cardrecord/1`` file), every hand face up; its notes are
      copied: notes made here go into ``widget.record``, not into the record given.
    - ``SorryCardWidget(game=…)`` follows a live :class:`CardGame`: colours in ``humans`` (or
      with no strategy in the game) are played by clicking, the others by their strategies.
      ``SorryCardWidget()`` is a new 4-player game, red played by a person against three
      greedy computer players.

    - ``SorryCardWidget(state=…)`` is a rule demo: the table stays on that state after Run
      All; whoever is to act is the student, who may try any action and *Reset*.

    ``size`` is the table's largest height in pixels: it fills the width the notebook gives
    it beside the side panel, up to that (the default, 760, is about 1000 px wide) and no
    taller than the window less 200 px (so the whole table and what to do are on screen
    together), and no narrower than 760 px wide where the page allows, so every text on it
    stays 11 px or more.

    ``viewer`` is whose hand is face up: the person playing (the default when one colour is
    played by a person), ``"all"`` (the default for a replay) or None. Whatever is shown
    depends only on what the viewer may see: for a colour or None, another player's refusal of
    a steal or block window is not an action of the list (it is part of the action before it,
    whose explanation and frame are those after the window closed), and an open window of
    another player does not say whose it is. The record keeps every action.
    """

    MODES = ("replay", "game", "demo")
    RULE_BADGES = rule_badges(CARD_RULE_SUMMARIES, CARD_RULE_TEXTS, rule_link)
    view = traitlets.Unicode("cardtable").tag(sync=True)
    #: The table at each frame 0 .. len(plays): ``theme``, ``faces`` (the card faces' SVG
    #: definitions), ``pieces`` (distinct SVG pieces) and ``frames`` (each frame's piece
    #: indices), and ``start``, the total at frame 0 as a number and as called out. The recent
    #: plays' frames and new pieces are in ``recent_tables``.
    tables = traitlets.Dict().tag(sync=True)
    recent_tables = traitlets.Dict().tag(sync=True)
    viewer = traitlets.Unicode("all", allow_none=True).tag(sync=True)

    def __init__(self, game: CardGame | None = None, record: Any = None, *,
                 state: CardState | None = None,
                 humans: list[str] | tuple[str, ...] | None = None, viewer: Any = "",
                 theme: str = "auto", size: int = 760, speed: float = 1.0,
                 language: str | None = None, **kwargs: Any) -> None:
        check_keywords(SorryCardWidget, kwargs)
        humans = colour_list(humans, "humans")
        given = [name for name, value in (("game", game), ("record", record), ("state", state))
                 if value is not None]
        if len(given) > 1:
            raise WidgetError(say("give_one_of", given=given, allowed=["game", "record",
                                                                       "state"]))
        check_theme_name(theme)
        self._notes: dict[int, str] = {}
        # The card faces' ids are this widget's own: a page (a notebook, JupyterLab's tabs
        # side by side) shows other tables, whose faces with the same ids would be drawn in
        # place of these (another language, another theme).
        self._ids = f"sw{secrets.token_hex(4)}"
        self._page_theme = "light"
        self._pool: dict[str, int] = {}
        #: What the list shows, kept in Python only (its length would tell how many actions
        #: are not shown): frame k is ``game.states[self._at[k]]``; entry k (frame k, k >= 1)
        #: is the action ``game.history[self._acts[k - 1]]`` and the refusals after it.
        self._at: list[int] = [0]
        self._acts: list[int] = []
        self._turn_of: list[int] = []
        self._synced = 0
        if record is not None:
            if humans:
                raise WidgetError(say("humans_in_replay"))
            loaded = _load_record(record)
            self.game = loaded.replay()
            self._notes = dict(loaded.notes)
            self._record_source = loaded
            mode = "replay"
        elif state is not None:
            if humans:
                raise WidgetError(say("card_humans_in_demo"))
            try:
                self.game = CardGame.from_state(state)
            except CardGameError as exc:
                raise WidgetError(refusal(exc)) from None
            self._demo_state = state
            self._record_source = None
            mode = "demo"
        else:
            if game is None:
                game = CardGame(4, strategies={"red": None, "blue": "greedy",
                                               "yellow": "greedy", "green": "greedy"})
            if not isinstance(game, CardGame):
                raise WidgetError(f"game: expected a sorry_widget CardGame, not "
                                  f"{type(game).__name__}")
            for colour in humans or ():
                if colour not in game.colours:
                    raise WidgetError(say("not_playing", field="humans", colour=repr(colour),
                                          players=list(game.colours)))
            self.game = game
            self._record_source = None
            mode = "game"
        people = [c for c in self.game.colours
                  if c in (humans or ()) or (mode != "replay" and self.game.strategies[c] is None)]
        if viewer == "":
            viewer = people[0] if len(people) == 1 and mode == "game" else "all"
        if viewer not in (None, "all", *self.game.colours):
            raise WidgetError(say("card_bad_viewer", viewer=repr(viewer),
                                  players=list(self.game.colours)))
        super().__init__(theme=theme, size=size, speed=speed, mode=mode, viewer=viewer,
                         animate=False, language=self._choose_language(language), **kwargs)
        for colour in people:
            self.game.strategies[colour] = None
        self.humans = people if mode != "replay" else []
        with self.hold_sync():
            self._all_from_scratch()
            self._advance_computers()
            self._sync_annotations()
            self.play = self.last_play if mode != "replay" else 0
        self._said = True
        self.on_msg(self._on_message)

    # --- the synced state -------------------------------------------------------------------

    @property
    def table_theme(self) -> str:
        """The theme the frames are drawn in."""
        return self._page_theme if self.theme == "auto" else self.theme

    def _frame(self, state: CardState, new_pieces: list[str]) -> list[int]:
        """The frame of ``state`` as piece indices; pieces not seen yet go to ``new_pieces``."""
        indices = []
        for piece in cardtable_pieces(state, viewer=self.viewer, theme=self.table_theme,
                                      language=self.language, ids=self._ids):
            if piece not in self._pool:
                self._pool[piece] = len(self._pool)
                new_pieces.append(piece)
            indices.append(self._pool[piece])
        return indices

    def _waiting_in_a_window(self) -> bool:
        """A computer player's window the viewer may not see is open: its answer decides
        whether the actions so far end as shown, so nothing is synced until it is given."""
        state = self.game.state
        return (window_hidden(state, self.viewer) and not state.winners
                and self.game.strategies[state.to_act] is not None)

    def _entry(self, k: int) -> dict:
        """Entry k (1-based) of the list: its action with the refusals after it told as if
        they had not happened (:func:`told_without`), shown at the table after them."""
        game = self.game
        first, last = self._acts[k - 1], self._at[k] - 1
        action, before = game.history[first], game.states[first]
        refused = [(game.states[i].to_act, _DECLINED[game.states[i].pending["kind"]])
                   for i in range(first + 1, last + 1)]
        said = told_without(before, action.notation, refused) if refused else action.message
        text = action.explanation if said is None else self._words(said)
        return _play_data(before, action.notation, text, game.states[last + 1],
                          self._turn_of[first], language=self.language)

    def _relanguage(self) -> None:
        """The list's entries and the person's choices said again in the new language."""
        if getattr(self, "_said", False):
            with self.hold_sync():
                play = self.play
                self._all_from_scratch()
                self.play = min(play, self.last_play)

    def _all_from_scratch(self) -> None:
        self._pool = {}
        self._at, self._acts, self._turn_of, self._synced = [0], [], [], 0
        self.plays, self.recent_plays = [], []
        start, pieces = self.game.start, []
        self.tables = {"theme": self.table_theme,
                       # Every face of the default deck, not only the game's: a game
                       # started from a state holds just the cards in play, and its faces
                       # would tell which are in hidden hands.
                       "faces": cardface_defs({*DEFAULT_DECK, *self.game.deck},
                                              self.table_theme, self.language, self._ids),
                       "pieces": pieces, "frames": [self._frame(start, pieces)],
                       "start": {"total": start.total,
                                 "callout": total_callout(start, self.language)}}
        self.recent_tables = {"pieces": [], "frames": []}
        self._catch_up(everything=True)
        self._set_final()
        self._refresh_pending()

    def _append_play(self) -> None:
        """Sync the actions taken since the last sync."""
        self._catch_up()

    def _catch_up(self, everything: bool = False) -> None:
        """Group the new actions into the list's entries (a refusal the viewer may not see
        joins the entry before it, or the deal), then sync the entries that changed: recent
        ones travel apart, so an action re-sends little; ``everything`` sends all in one."""
        game = self.game
        if self._waiting_in_a_window():
            return
        changed = len(self._acts) + 1  # the first frame whose entry or picture changes
        for i in range(self._synced, len(game.history)):
            before = game.states[i]
            self._turn_of.append((self._turn_of[-1] if self._turn_of else 0)
                                 + (before.pending is None))
            if declined_window(before, game.history[i], self.viewer):
                self._at[-1] = i + 1
                changed = min(changed, len(self._acts))
            else:
                self._acts.append(i)
                self._at.append(i + 1)
        self._synced = len(game.history)
        if changed > len(self._acts):
            self._set_final()
            return
        new_pieces: list[str] = []
        frames = [self._frame(game.states[self._at[k]], new_pieces)
                  for k in range(changed, len(self._at))]
        entries = [self._entry(k) for k in range(max(changed, 1), len(self._at))]
        kept = len(self.plays)
        if everything or changed <= kept:
            # An entry already among ``plays`` (or the deal) changed: send everything again.
            plays = (self.plays + self.recent_plays)[:max(changed, 1) - 1] + entries
            self.tables = {
                **self.tables,
                "pieces": self.tables["pieces"] + self.recent_tables["pieces"] + new_pieces,
                "frames": (self.tables["frames"] + self.recent_tables["frames"])[:changed]
                + frames,
                "start": {"total": game.states[self._at[0]].total,
                          "callout": total_callout(game.states[self._at[0]], self.language)}}
            self.plays, self.recent_plays = plays, []
            self.recent_tables = {"pieces": [], "frames": []}
        else:
            start = changed - kept - 1  # where the change starts among the recent entries
            recent = self.recent_plays[:start] + entries
            pieces = self.recent_tables["pieces"] + new_pieces
            recent_frames = self.recent_tables["frames"][:start] + frames
            if len(recent) > RECENT_PLAYS:
                self.plays = self.plays + recent
                self.tables = {**self.tables, "pieces": self.tables["pieces"] + pieces,
                               "frames": self.tables["frames"] + recent_frames}
                recent, pieces, recent_frames = [], [], []
            self.recent_plays = recent
            self.recent_tables = {"pieces": pieces, "frames": recent_frames}
        self._set_final()

    def _set_final(self) -> None:
        state = self.game.state
        self.final = {"winners": list(state.winners), "to_act": state.to_act}

    def _refresh_pending(self) -> None:
        """Offer the person to act every legal action, each with the card it plays."""
        game = self.game
        if self.mode == "replay" or game.finished or game.strategies[game.to_act] is not None:
            self.pending = {}
            return
        state = game.state
        # Before acting, a person is told only what they may see: not whether an opponent
        # holds a SORRY! steal card or Don't Be SORRY! (the actions' own explanations know).
        # Every choice is offered, not one per result: which choices share a result can hang
        # on those hands too (Play 2's numbers in either order at a 21 nobody can steal).
        options = []
        for notation, said in preview_messages(state).items():
            text = self._words(said)
            options.append({"notation": notation, "explanation": text,
                            "rules": list(dict.fromkeys(_RULE_ID.findall(text))),
                            "card": action_card(notation), "kind": action_kind(notation)})
        window = state.pending or {}
        self.pending = {"play": self.last_play, "colour": state.to_act,
                        "window": window.get("kind", ""), "prompt": self._words(prompt_message(state) or ""),
                        "hand": list(state.player(state.to_act).hand), "actions": options}

    def _is_live(self) -> bool:
        return self.mode != "replay"

    def _person_to_play(self) -> bool:
        return self.game.strategies[self.game.to_act] is None

    PERSON_HINT = say("card_hint")

    def _to_play(self) -> str:
        return self.game.to_act

    def _winner_names(self) -> list[str]:
        return list(self.game.winners)

    def _action_number(self, play: int) -> int:
        """The record's number of the action shown as entry ``play`` (0: the deal)."""
        return self._acts[play - 1] + 1 if play else 0

    def _sync_annotations(self) -> None:
        # Notes are kept by the record's action numbers; a note on an action this view does
        # not list (another player's refusal) stays in the record unseen.
        shown = {self._action_number(k): k for k in range(len(self._at))}
        self.annotations = {str(shown[n]): {"text": t, "arrows": [], "squares": []}
                            for n, t in sorted(self._notes.items()) if n in shown}

    @traitlets.observe("theme")
    def _theme_changed(self, change):
        if change["old"] != change["new"] and self.tables:
            self._redraw()

    @traitlets.validate("viewer")
    def _check_viewer(self, proposal):
        value = proposal["value"]
        if value not in (None, "all", *self.game.colours):
            raise traitlets.TraitError(f"viewer: {value!r} is not 'all', None or a player "
                                       f"({', '.join(self.game.colours)})")
        return value

    @traitlets.observe("viewer")
    def _viewer_changed(self, change):
        # Who is looking decides the faces, the windows and which actions are listed.
        if change["old"] != change["new"] and self.tables:
            self._redraw()
            self._sync_annotations()

    def _redraw(self) -> None:
        with self.hold_sync():
            self._all_from_scratch()
            self.play = min(self.play, self.last_play)

    def _on_hello(self, fields: dict) -> None:
        """The page says which theme it shows; with "auto", the frames follow it."""
        theme = fields["theme"]
        if theme in THEMES and theme != self._page_theme:
            self._page_theme = theme
            if self.theme == "auto":
                self._redraw()

    # --- Python API -------------------------------------------------------------------------

    @property
    def state(self) -> CardState:
        """The table shown now."""
        return self.game.states[self._at[self.play]]

    @property
    def record(self) -> CardRecord:
        """The game as a ``sorry-cardrecord/1`` record with its notes, ready to :meth:`save`."""
        try:
            return self.game.record(notes=self._notes)
        except CardGameError as exc:
            raise WidgetError(refusal(exc)) from None

    def save(self, path) -> None:
        """Write the record with its notes, whole or not at all: a failed save leaves the old
        file as it was, and one WidgetError names the path and the reason."""
        try:
            self.record.save(path)
        except CardGameError as exc:
            raise WidgetError(refusal(exc)) from None

    def actions(self) -> list[Action]:
        """The legal actions of the person to act (empty when it is not a person's turn)."""
        return self.game.actions() if self.pending else []

    def act(self, notation: str) -> Action:
        """Take the person's action written ``notation`` (``"red 7"``, ``"red play-2 3 8"``,
        ``"red steal"``); then the computer players act until a person is to decide."""
        game = self.game
        if self.mode == "replay":
            raise WidgetError(say("card_replay_no_act"))
        if not self.pending:
            if game.finished:
                raise WidgetError(say("game_over", winners=game.winners))
            raise WidgetError(say("card_computer_decision", player=game.to_act))
        undo = game._checkpoint()
        try:
            action = game.play(notation)
        except CardGameError as exc:  # refused: nothing changed
            raise WidgetError(refusal(exc)) from None
        with self._all_or_nothing(undo):
            with self.hold_sync():
                self.autoplay = False  # an action ends a replay in progress
                self._append_play()
                self._advance_computers()
                self.play = self.last_play
        return action

    def _from_game(self) -> None:
        # The table's pieces and frames are pooled apart from the synced values.
        self._all_from_scratch()

    def _computer_step(self) -> None:
        """The next computer action and, where the viewer may not see it, every computer
        answer to the window it opens, so that what is shown does not hang on whether they
        hold the card."""
        self.game.step()
        while self._waiting_in_a_window():
            self.game.step()

    def reset(self) -> None:
        """A demo: back to its state, for the student to try again."""
        if self.mode != "demo":
            raise WidgetError(say("card_reset_not_demo"))
        self.game = CardGame.from_state(self._demo_state)
        with self.hold_sync():
            self._all_from_scratch()
            self.play = 0

    def annotate(self, play: int, text: str) -> str:
        """Write (or with "" remove) the note on action ``play`` (0 = the deal); it is kept in
        the record."""
        if isinstance(play, bool) or not isinstance(play, int) or \
                not 0 <= play <= self.last_play:
            raise WidgetError(say("note_play_out_of_range", play=brief(play),
                                  last=self.last_play))
        check_note_text(text, 2000)
        number = self._action_number(play)
        if text.strip():
            self._notes[number] = text
        else:
            self._notes.pop(number, None)
        self._sync_annotations()
        return text

    def svg(self, **options) -> str:
        """The table at the play shown as SVG text (see :func:`cardtable_svg`)."""
        options.setdefault("theme", self.table_theme)
        options.setdefault("viewer", self.viewer)
        options.setdefault("language", self.language)
        return cardtable_svg(self.state, **options)

    def summary(self) -> str:
        return self.summary_message().text(self.language)

    def summary_message(self) -> Message:
        """:meth:`summary` as a message."""
        state = self.state
        where = say("card_at_deal") if self.play == 0 else \
            say("card_play_of", play=self.play, last=self.last_play)
        if state.winners:
            now = say("card_won", winners=list(state.winners))
        elif window_hidden(state, self.viewer):
            now = say("card_window", total=state.total)
        else:
            now = say("card_to_act", total=state.total, player=state.to_act)
        return say("card_summary", mode=self.mode, where=where, now=now,
                   homes=[say("card_home", player=p.colour, home=p.home)
                          for p in state.players])

    # --- events from the page ---------------------------------------------------------------

    def _on_event(self, kind: str, fields: dict) -> bool:
        # Its fields were checked against page_messages.json before they got here.
        if kind == "act":
            action = self.act(fields["notation"])
            if action.result.winners:
                self._notify(say("card_won_the_game", winners=list(action.result.winners)),
                             "info")
        elif kind == "reset":
            self.reset()
        elif kind == "annotate":
            play = fields["play"]
            self.annotate(play, fields["text"] or "")
            self._notify(say("note_saved", play=play), "ok")
        else:
            return False
        return True


def prompt_message(state: CardState) -> Message | None:
    """The question a steal or block window puts to the person (None: no window)."""
    p = state.pending
    if not p:
        return None
    if p["kind"] == "steal":
        return say("card_prompt_steal", winner=p["winner"], rules="K13")
    if p["sorry"] == "sorry-steal":
        return say("card_prompt_block_steal", by=p["by"], rules="K14")
    return say("card_prompt_block_back", by=p["by"], rules="K14")


__all__ = ["SorryCardWidget", "action_card", "action_kind"]
