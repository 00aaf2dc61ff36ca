"""SorryWidget: the board in a notebook, as an anywidget.

State lives in traits, synced with the page; the page's ES module (``widget.js``) draws what the
traits say and reports what the person does. The synced state is compact: the static drawing
once, the start, and per play its card, notation, explanation, rule ids and pawn motions; the
page works out every position, trail and arrow from that. So an exported page replays with no
kernel, and a saved notebook stays small.

Words (docs/rules.md, *Plays and turns*): a *play* is one card played; ``play`` is the index of
the play shown (0 is the start). A *turn* is a turn as the rules count it: a 2's extra card
(C7) is a second play in the same turn.

Custom messages carry only events: from the page a move, a try, a note, a demo's reset; from
Python a notice (a success or an error, which belongs to the moment and is never saved) and the
answer that a kernel is listening (controls that need Python are shown only then).
"""

from __future__ import annotations

import copy
import json
import re
import time
from typing import Any

import traitlets

from ..board.track import COLOURS, SLIDE_AT_TRIANGLE, is_track, location_name
from ..board.cards import CARD_NAMES, card_from_name
from ..board.game import Game, GameError
from ..board.moves import FORFEIT, SWITCH, Move, why_illegal, why_pawn_cannot_move
from ..board.state import Position
from ..core.messages import explanation_in, word
from ..board.record import MAX_NOTE_CHARS, Record, RecordError
from ..board.record import annotate as annotate_in
from ..board.rulebook import RULE_SUMMARIES, RULE_TEXTS, rule_link
from ..board.rules import RULE_SETS, RuleSet, get_rules
from ..render.geometry import PLACES, location_of_key, pawn_motions, place_key, widget_geometry
from ..render.svg import check_palette, palette_css, palette_theme
from ..render.svg import THEMES, TOKENS, board_svg, card_face_markup, dark_css, pawn_markup, \
    resolve_place, theme_colours, themed
from ..core.messages import Message, render
from ..simulation.ladder import COACH_ROLLOUTS
from ..simulation.levels import LEVELS, computer_player, computer_players, why_not
from .messages import ruleset_ref, say
from .replay import RECENT_PLAYS, ReplayWidget, WidgetError, check_note_text, \
    brief, check_keywords, colour_list, check_theme_name, load_record, refusal, \
    rule_badges

MODES = ("replay", "game", "demo")
#: ``size`` of a board that fills the width it is given (the page sizes it).
FILL = 0


_ID = re.compile(r'\sid="[^"]*"')


def _page_markup(markup: str) -> str:
    """A drawing as the page is sent it: themed (:func:`themed`), and with no ids. A page
    holds other widgets (a notebook's, JupyterLab's other tabs), whose drawings have the same
    ids, and a page finds an element by id among all of its elements; the page finds the
    board's parts by class (``.overlay``, ``.pawns``, ``.card-face``) and places by
    ``data-place``, and the drawing refers to nothing by id."""
    return _ID.sub("", themed(markup))


def computer_choices(start: Position, language: str = "en") -> list[dict[str, str]]:
    """The computer players a game from ``start`` may be played against, weakest to strongest
    (simulation/levels.py): each one's ``name`` (the strategy's), ``title`` and ``about`` (what
    it does, in a sentence) in ``language``."""
    out = []
    for name in computer_players(start):
        title, about = computer_messages(name)
        out.append({"name": name, "title": render(title, language),
                    "about": render(about, language)})
    return out


def new_game_counts(rules: RuleSet) -> tuple[int, ...]:
    """The player counts a new game under ``rules`` may have: four for a team game."""
    return (4,) if rules.partnerships() else (2, 3, 4)


def computer_messages(name: str) -> tuple[Message, Message]:
    """A computer player's title and its sentence on what it does, as messages."""
    key = "computer_" + name.replace("-", "_")
    return say(key), say(key + "_about", **({"games": COACH_ROLLOUTS} if name == "coach" else {}))


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


def _play_data(move: Move, turn: int, language: str = "en") -> dict:
    """What the page needs of one play: the card, the words (in ``language``), and how the
    pawns moved."""
    return {
        "turn": turn,
        "colour": move.colour,
        "card": CARD_NAMES[move.card],
        "notation": move.notation,
        "explanation": explanation_in(move, language),
        "rules": list(move.rule_ids),
        # [colour, from, path, kind]: the one list the page sends most of, so no key names.
        "motions": [[m["colour"], m["from"], m["path"], m["kind"]] for m in pawn_motions(move)],
    }


def _compact_places() -> dict:
    """Where every place is, for the page: centre, half width, round or not, and the pawn
    slots of a START or HOME (a square's one slot is its centre)."""
    out = {}
    for key, p in widget_geometry()["places"].items():
        place = {"x": round(p["x"], 1), "y": round(p["y"], 1), "half": round(p["half"], 1)}
        if p["round"]:
            place["round"] = True
        if len(p["slots"]) > 1:
            place["slots"] = [[round(x, 1), round(y, 1)] for x, y in p["slots"]]
        out[key] = place
    return out


def _load_record(record: Any) -> Record:
    loaded = load_record(record, Record, RecordError, "a record file")
    if loaded is record:
        # The widget's notes go into its own copy: two widgets on one record object (or the
        # caller's own record) do not change each other's notes behind their backs.
        loaded = copy.copy(record)
        loaded.annotations = dict(record.annotations)
    return loaded


#: A reviewed play whose move gave away at least this much of the mover's chance to win gets the
#: best move drawn as arrows (1 percentage point: smaller gaps are within the estimates' noise).
REVIEW_ARROW = 0.01


class SorryWidget(ReplayWidget):
    """A Sorry! board to replay, play and annotate games, or to try one rule.

    - ``SorryWidget(record=…)`` replays a recorded game (a :class:`Record`, its dict, or a path
      to a record file). A :class:`Record` given is copied: the widget's notes go into its own
      record (``widget.record``), not into the one given, nor another widget's.
    - ``SorryWidget(game=…)`` follows a live :class:`Game`; colours in ``humans`` (or mapped to
      ``None`` in the game's strategies) are played by clicking on the board, the others by
      their strategies; ``card`` chooses the card the person to move has drawn.
      ``SorryWidget()`` is a new 4-player game with red played by a person.
    - ``SorryWidget(position=…, card="7", example="R10-17")`` is a rule demo: the board stays on
      that position and card. *Show the move* plays the example (``example``, or the first legal
      move), the student may make any legal move by clicking (*Try it*), and *Reset* goes back.

    ``play`` is the play shown: 0 is the start, ``n`` the position after the n-th card.
    ``palette="colour-blind"`` draws the pawns and highlights in colours told apart with any
    colour vision (Okabe–Ito's); the pawns carry their letters in every palette.
    ``size`` is the board's width in pixels; by default (None, the trait's 0) the board fills
    the width the notebook gives it, from 560 px (where the cell is that wide) to 900 px or
    85% of the window's height, whichever is less, so its text stays readable on a projector.
    """

    MODES = MODES
    #: The page may also set the places clicked towards a move (checked to be places).
    PAGE_WRITABLE = ReplayWidget.PAGE_WRITABLE | {"selection"}
    RULE_BADGES = rule_badges(RULE_SUMMARIES, RULE_TEXTS, rule_link)
    #: Every pawn's place at the start; the page follows each play's motions from there.
    start = traitlets.Dict().tag(sync=True)
    #: The rule set: name, title, teams, scoring, the 1934 high-card draw, and the rule sets a
    #: new game may be started with.
    rule_set = traitlets.Dict().tag(sync=True)
    #: The places clicked towards a move (either side may set it).
    selection = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The move coach's answer for the person's card (docs/coach.md): the play it is for, the
    #: card, and per distinct move its win rate, 95% interval and target places; {} for none.
    coach_advice = traitlets.Dict().tag(sync=True)
    #: Games played after each move when the page's *Which move is best?* is pressed.
    coach_rollouts = traitlets.Int(1000)
    #: The review of the game (docs/review.md), once :meth:`show_review` has run: the colours,
    #: every colour's chance at each frame, and per play its luck, error, best move and, where
    #: the move played gave something away, arrows for the best move; {} for none.
    review = traitlets.Dict().tag(sync=True)
    #: The pawns' and highlights' colours: "standard", or "colour-blind" (Okabe–Ito's, for
    #: people who see colours differently; render.svg.PALETTES).
    palette = traitlets.Unicode("standard").tag(sync=True)

    def __init__(self, game: Game | None = None, record: Any = None, *,
                 position: Position | None = None, example: str | None = None,
                 humans: list[str] | tuple[str, ...] | None = None, theme: str = "auto",
                 size: int | None = None, animate: bool = True, speed: float = 1.5,
                 card: int | str | None = None, palette: str = "standard",
                 language: str | None = None, **kwargs: Any) -> None:
        check_keywords(SorryWidget, kwargs)
        humans = colour_list(humans, "humans")
        given = [name for name, value in (("game", game), ("record", record),
                                          ("position", position)) if value is not None]
        if len(given) > 1:
            raise WidgetError(say("give_one_of", given=given, allowed=["game", "record",
                                                                       "position"]))
        check_theme_name(theme)
        try:
            check_palette(palette)
        except ValueError as exc:
            raise WidgetError(str(exc)) from None
        self._record: Record | None = None
        self.game: Game | None = None
        self._annotations_by_play: dict[int, Any] = {}
        self._example: Move | None = None
        if record is not None:
            if card is not None:
                raise WidgetError(say("board_card_in_record"))
            if humans:
                raise WidgetError(say("humans_in_replay"))
            self._record = _load_record(record)
            try:
                self._record.replay()
            except RecordError as exc:
                raise WidgetError(f"record: {exc}") from None
            mode = "replay"
        elif position is not None:
            mode = "demo"
            self._demo = _demo_parts(position, card, example, humans)
        else:
            if example is not None:
                raise WidgetError(say("board_example_without_demo"))
            game = _checked_game(game, humans, card)
            self.game = game
            mode = "game"
        # The traits are checked before the game is touched, so a refusal changes nothing.
        super().__init__(theme=theme, size=FILL if size is None else size, animate=animate,
                         speed=speed, mode=mode, palette=palette,
                         language=self._choose_language(language),
                         **kwargs)
        if mode == "game":
            if card is not None:
                try:
                    self.game.draw(card)
                except GameError as exc:
                    raise WidgetError(refusal(exc)) from None
            for colour in humans or ():
                self.game.strategies[colour] = None
            self.humans = [c for c, s in self.game.strategies.items() if s is None]
        with self.hold_sync():
            if mode == "demo":
                self._demo_reset()
                self._draw_static()
            else:
                self._draw_static()
                self._all_plays_from_scratch()
                self._advance_computers()
                self.play = self.last_play if mode == "game" else 0
            self._sync_annotations()
        self._said = True
        self.on_msg(self._on_message)

    # --- building the synced state ------------------------------------------------------

    def _history(self) -> tuple[list[Position], list[Move]]:
        """Every position (with the next player to move) and every move of what is shown."""
        if self._record is not None:
            return self._record.replay(), self._record.moves
        if self.mode == "demo" and not self.game.history:
            move = self._example
            return [self.game.start, move.result], [move]
        return self.game.positions(), [p.move for p in self.game.history]

    def _draw_static(self) -> None:
        """The drawing every play is shown on, sent once: one drawing whose themed colours
        carry classes, the CSS that turns it dark, and the few colours the page draws trails
        and notes in per theme (a second drawing per theme would double the state)."""
        start = self._history()[0][0]
        rules = start.rules
        self.drawing = {
            "places": _compact_places(),
            "board": _page_markup(board_svg(start, size=None, theme=TOKENS, pawns=False,
                                            card=None, status=None, last_move=None,
                                            language=self.language)),
            "pawns": {c: _page_markup(pawn_markup(c, TOKENS)) for c in COLOURS},
            "cards": {**{name: _page_markup(card_face_markup(card, TOKENS, rules.sorry_forward_4,
                                                             rules.two_draws_again,
                                                             self.language))
                         for card, name in CARD_NAMES.items()},
                      "": _page_markup(card_face_markup(None, TOKENS, language=self.language))},
            "dark_css": dark_css(".sw-dark") + palette_css(self.palette, "svg", ".sw-dark svg"),
            "themes": {name: theme_colours(name, self.palette) for name in THEMES},
        }

    def _turns(self) -> list[int]:
        """The rules' turn of every play shown."""
        if self._record is not None:
            return [p.turn for p in self._record.plays]
        if self.mode == "demo" and not self.game.history:
            return [1]  # the example move, a demo's one play
        return [p.turn for p in self.game.history]

    def _all_plays_from_scratch(self) -> None:
        positions, moves = self._history()
        turns = self._turns()
        self.start = _pawn_keys(positions[0])
        self.plays = [_play_data(m, t, self.language) for m, t in zip(moves, turns)]
        self.recent_plays = []
        self._set_final(positions[-1])
        self._describe_rules()

    def _relanguage(self) -> None:
        """The plays and the person's choices said again in the new language."""
        if not getattr(self, "_said", False):
            return  # (still being made: the plays are said once it is)
        with self.hold_sync():
            self._draw_static()
            recent = len(self.recent_plays)
            self._all_plays_from_scratch()
            if recent and self.game is not None and self.mode == "game":
                self.recent_plays, self.plays = self.plays[-recent:], self.plays[:-recent]
            self._refresh_pending()

    def _set_final(self, position: Position) -> None:
        result = position.rules.result(position)
        to_move = None if result.winner or self.mode == "demo" else position.colour_to_move
        # The page shows points and the double game once the game is won.
        self.final = {"to_move": to_move,
                      **(result.to_dict() if result.winner else {"winner": None})}

    def _describe_rules(self) -> None:
        rules = self._history()[0][0].rules
        draws = self.game.leader_draws if self.game is not None else [
            [(c, card_from_name(card)) for c, card in r] for r in self._record.leader_draws]
        self.rule_set = {
            **rules.describe(),
            "title": word(rules.title, self.language, f"ruleset.{rules.name}"),
            "leader_draws": [[[c, CARD_NAMES[card]] for c, card in r] for r in draws],
            "available": [{"name": r.name, "title": word(r.title, self.language,
                                                         f"ruleset.{r.name}"),
                           "teams": r.partnerships() is not None,
                           "players": list(new_game_counts(r)),
                           "computers": computer_choices(Position.initial(4, r),
                                                         self.language)}
                          for r in RULE_SETS.values()],
            # A new game starts with every pawn in START, whatever the players: the same
            # computer players for each count (those of this rule set: a new game's form
            # lists each rule set's own, "available").
            "computers": computer_choices(Position.initial(4, rules), self.language),
        }

    def _append_play(self) -> None:
        """Sync the live game's newest play: it joins the recent ones, which join ``plays``
        only when there are many, so a move does not re-send the whole game."""
        latest = self.game.history[-1]
        recent = self.recent_plays + [_play_data(latest.move, latest.turn, self.language)]
        if len(recent) > RECENT_PLAYS:
            self.plays = self.plays + recent
            recent = []
        self.recent_plays = recent
        self._set_final(self.game.position)

    def _sync_annotations(self) -> None:
        source = self._record.annotations if self._record is not None \
            else self._annotations_by_play
        self.annotations = {str(n): {"text": a.text, "arrows": [[_key(x), _key(y)]
                                                                for x, y in a.arrows],
                                     "squares": [_key(s) for s in a.squares]}
                            for n, a in sorted(source.items())}

    def _refresh_pending(self) -> None:
        """Offer the person to move their legal moves for the card they drew."""
        game = self.game
        if game is None or game.finished or game.strategies[game.colour_to_move] is not None \
                or (self.mode == "demo" and game.history):
            self.pending = {}
            self.coach_advice = {}
            return
        hand = [CARD_NAMES[c] for c in game.hand]
        card = None if hand else game.draw()
        moves = []
        for m in game.legal_moves():
            entry = {"notation": m.notation, "explanation": explanation_in(m, self.language),
                     "rules": list(m.rule_ids), "clicks": _clicks(m), "kind": m.kind,
                     "card": CARD_NAMES[m.card],
                     "result": json.dumps(m.result.to_dict()["pawns"], sort_keys=True)}
            if len(m.parts) == 2:
                # The engine lists a split once when both orders end alike; a person may
                # click the pawns in either order.
                entry["alt_clicks"] = entry["clicks"][2:] + entry["clicks"][:2]
            moves.append(entry)
        self.pending = {"play": len(game.history), "colour": game.colour_to_move,
                        "card": CARD_NAMES[card] if card is not None else "", "moves": moves,
                        "coach": not hand}
        if hand:
            self.pending = {**self.pending, "hand": hand}
        if self.coach_advice.get("play") != self.pending["play"]:
            self.coach_advice = {}

    def _is_live(self) -> bool:
        return self.game is not None

    def _person_to_play(self) -> bool:
        return self.game.strategies[self.game.colour_to_move] is None

    PERSON_HINT = say("board_hint")
    DEMO_END = say("board_demo_end")

    def _to_play(self) -> str:
        return self.game.colour_to_move

    def _winner_names(self) -> str:
        return self.game.winner

    # --- the rule demo ------------------------------------------------------------------

    def _demo_reset(self) -> None:
        position, card, example = self._demo
        game = Game(start=position, strategies={c: None for c in position.colour_names})
        game.draw(card)
        legal = game.legal_moves()
        self.game = game
        self._example = legal[0] if example is None else \
            next(m for m in legal if m.notation == example)
        with self.hold_sync():
            self.humans = list(position.colour_names)
            self._all_plays_from_scratch()
            self._refresh_pending()
            self.play = 0

    def new_game(self, rules: str = "classic", players: int | list = 4,
                 people=("red",), seed=None, computer: str = "random") -> None:
        """Start a new game on this board: a rule set (name or alias), the players (a count or
        colours) and the colours played by people; the others are played by the computer
        player ``computer``, one of the levels a new game under that rule set offers
        (:func:`computer_choices`: random, apologies-reward, greedy, learned, and the coach
        where the batch engine plays its games: not in team games nor play for points,
        :func:`~sorry_widget.simulation.levels.why_not`)."""
        people = colour_list(people, "people")
        try:
            rule_set = get_rules(rules)
            if rule_set.partnerships():
                players = 4
            if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
                raise WidgetError(f"players: expected 2, 3 or 4 or a list of colours, not "
                                  f"{players!r}")
            game = Game(players, rules=rule_set, seed=seed,
                        strategies={c: None for c in people} if people else "random")
            offered = computer_players(game.start)
            if computer not in offered:
                why = why_not(computer, rule_set) if computer in LEVELS else None
                raise WidgetError(
                    say("computer_not_for_rules", name=repr(computer), title=ruleset_ref(rule_set),
                        why=say("computer_why_" + why.replace("-", "_")), known=offered)
                    if why else say("computer_unknown", name=repr(computer), known=offered))
            for colour in game.colours:
                if game.strategies[colour] is not None:
                    game.strategies[colour] = computer_player(computer)
        except (GameError, ValueError) as exc:
            if isinstance(exc, WidgetError):
                raise
            raise WidgetError(refusal(exc)) from None
        unknown = [c for c in people or () if c not in game.colours]
        if unknown:
            raise WidgetError(say("not_playing", field="people", colour=repr(unknown[0]),
                                  players=list(game.colours)))
        with self.hold_sync():
            self._record, self.game, self._annotations_by_play = None, game, {}
            self.review = {}
            self.mode = "game"
            self.humans = [c for c, s in game.strategies.items() if s is None]
            self._draw_static()
            self._all_plays_from_scratch()
            self._advance_computers()
            self._sync_annotations()
            self.play = self.last_play
        # A new moment: the last game's notice (a forced split, a refusal) no longer applies.
        self._notify(say("board_new_game", title=ruleset_ref(rule_set),
                         players=list(game.colours), seed=game.seed), "info")

    def reset(self) -> None:
        """A demo: back to its position and card, the example move ready to show again."""
        if self.mode != "demo":
            raise WidgetError(say("board_reset_not_demo"))
        self._demo_reset()

    # --- validation of values set from Python or the page --------------------------------

    @traitlets.validate("size")
    def _check_size(self, proposal):
        if proposal["value"] == FILL:
            return FILL
        return super()._check_size(proposal)

    @traitlets.validate("selection")
    def _check_selection(self, proposal):
        for key in proposal["value"]:
            if key not in PLACES:
                raise traitlets.TraitError(f"selection: {key!r} is not a place on the board")
        return proposal["value"]

    # --- Python API -------------------------------------------------------------------------

    @property
    def record(self) -> Record:
        """The game as a record (with its annotations), ready to :meth:`save`. A record given
        to the widget is copied: notes made here are in this record, not the one given."""
        if self._record is not None:
            return self._record
        record = Record.from_game(self.game)
        for n, a in self._annotations_by_play.items():
            if n <= len(record.plays):
                record.annotate(n, a.text, [list(x) for x in a.arrows], list(a.squares))
        return record

    @property
    def position(self) -> Position:
        """The position shown now."""
        return self._history()[0][self.play]

    def move(self, notation: str, card: str | None = None) -> Move:
        """Play the person's drawn card with the move written ``notation`` (e.g. ``"R12-17"``);
        from a hand, ``card`` says which card where two would make the same move."""
        game = self.game
        if game is None:
            raise WidgetError(say("board_replay_no_move"))
        if not self.pending:
            if self.mode == "demo":
                raise WidgetError(say("board_demo_done"))
            if game.finished:
                raise WidgetError(say("game_over", winners=game.winner))
            raise WidgetError(say("board_computer_turn", player=game.colour_to_move))
        undo = game._checkpoint()
        try:
            play = game.play(notation, card=card)
        except GameError as exc:  # refused: nothing changed
            raise WidgetError(refusal(exc)) from None
        with self._all_or_nothing(undo):
            with self.hold_sync():
                # A move ends a replay in progress: the board jumps to the newest play.
                self.autoplay = False
                self.selection = []
                if self.mode == "demo":
                    self._all_plays_from_scratch()
                else:
                    self._append_play()
                self._advance_computers()
                self.play = self.last_play
        return play.move

    def show_review(self, progress=None):
        """Review the game shown (docs/review.md) and show it: a graph of each player's chance
        to win over the game, each play's luck and error in the move list, a sentence for the
        play shown and, where the move played gave away at least :data:`REVIEW_ARROW` of the
        mover's chance, the best move drawn as arrows. Returns the
        :class:`~sorry_widget.simulation.review.Review`."""
        from ..simulation.review import review

        record = self.record
        try:
            result = review(record, progress=progress)
        except ValueError as exc:
            raise WidgetError(refusal(exc)) from None
        positions = record.replay()
        plays = []
        for n, play in enumerate(result.plays, 1):
            arrows = []
            if play.error >= REVIEW_ARROW:
                position = positions[n - 1]
                best = next(m for m in position.legal_moves(play.card)
                            if m.notation == play.best)
                # Each pawn's whole way, square by square, so its arrow follows the track as
                # the pawn walks it instead of cutting across the board.
                arrows = [[m["from"], *m["path"]] for m in pawn_motions(best)
                          if m["colour"] == play.colour and m["kind"] != "sent" and m["path"]]
            plays.append({"luck": play.luck, "error": play.error, "best": play.best,
                          "after": play.after, "exact": play.exact, "arrows": arrows})
        self.review = {"colours": list(result.colours),
                       "chances": [[f[c] for c in result.colours] for f in result.frames],
                       "plays": plays, "card_model": "with-replacement"}
        return result

    def _review_from_page(self) -> None:
        """The page's *Review* button: a game's review, computed once. Only a replay or a
        finished game is reviewed (a game in play would give its players the best moves), and
        a review already shown is not computed again, so a page that sends the request over
        and over costs one review."""
        if self.mode == "replay" or (self.mode == "game" and self.game.finished):
            if self.review:
                self._notify(say("board_review_already"), "info")
                return
            started = time.perf_counter()
            result = self.show_review()
            seconds = time.perf_counter() - started
            # Tenths of a second, or "under 0.1 s" for a review that took less: never "0.0 s".
            self._notify(say("board_review_done", plays=len(result.plays), seconds=seconds)
                         if seconds >= 0.05 else
                         say("board_review_done_quick", plays=len(result.plays)), "ok")
        else:
            raise WidgetError(say("board_review_not_finished"))

    def coach(self, rollouts: int | None = None, strategy: str = "random", seed: Any = 0,
              engine: str = "auto"):
        """*Which move is best?* for the person to move: every distinct legal move of the card
        drawn gets its win probability — exact in a small endgame, else estimated from up to
        ``rollouts`` games played after it (default :attr:`coach_rollouts`), clearly worse
        moves dropped early (docs/coach.md) — shown as bars beside the moves with the coach's
        verdict, and as colours on their target places. Returns the
        :class:`~sorry_widget.simulation.coach.CoachAdvice`."""
        from ..simulation.coach import coach

        game = self.game
        if game is None or not self.pending:
            raise WidgetError(say("board_coach_no_move"))
        if self.pending.get("hand"):
            raise WidgetError(say("board_coach_hand"))
        try:
            advice = coach(game.position, game.card, rollouts=rollouts or self.coach_rollouts,
                           strategy=strategy, seed=seed, engine=engine)
        except ValueError as exc:
            raise WidgetError(refusal(exc)) from None
        best = advice.best
        rows = []
        for e in advice.estimates:
            clicks = _clicks(e.move)
            rows.append({"notation": e.notation,
                         "explanation": explanation_in(e.move, self.language),
                         "wins": e.wins, "games": e.games, "win_rate": e.win_rate,
                         "ci95": list(e.ci95), "best": e is best, "exact": e.exact,
                         "dropped": e.dropped, "targets": [keys[0] for keys in clicks[1::2]]})
        self.coach_advice = {"play": self.pending["play"], "card": CARD_NAMES[advice.card],
                             "colour": game.colour_to_move, "rollouts": advice.rollouts,
                             "strategy": advice.strategy, "engine": advice.engine,
                             "seconds": round(advice.seconds, 2), "method": advice.method,
                             "games": advice.games, "verdict": advice.verdict(self.language),
                             "moves": rows}
        return advice

    def annotate(self, play: int, text: str | None = None, arrows=None, squares=None):
        """Add to or change the note on ``play``: text, arrows ``[(from, to), …]`` and marked
        ``squares`` (places: ``12`` or ``"red:safety-2"``). A play has one note: the parts given
        replace that note's parts and the others stay. It is kept in the record."""
        if isinstance(play, bool) or not isinstance(play, int) or \
                not 0 <= play <= self.last_play:
            raise WidgetError(say("note_play_out_of_range", play=brief(play),
                                  last=self.last_play))
        if text is not None:
            check_note_text(text, MAX_NOTE_CHARS)
        _check_marks(arrows, squares)
        try:
            arrows = None if arrows is None else [[_place_value(a), _place_value(b)]
                                                  for a, b in arrows]
            squares = None if squares is None else [_place_value(s) for s in squares]
            store = self._record.annotations if self._record is not None \
                else self._annotations_by_play
            annotation = annotate_in(store, self.last_play, play, text, arrows, squares)
        except (RecordError, ValueError, TypeError) as exc:
            raise WidgetError(refusal(exc)) from None
        self._sync_annotations()
        return annotation

    def save(self, path) -> None:
        """Write the game, with its annotations, as a ``sorry-record/1`` file: whole or not at
        all (a temporary file beside it replaces it), so a failed save leaves the old file as
        it was and one WidgetError names the path and the reason."""
        try:
            self.record.save(path)
        except RecordError as exc:
            raise WidgetError(refusal(exc)) from None

    def svg(self, **options) -> str:
        """The board at the play shown as SVG text (see :func:`board_svg`)."""
        positions, moves = self._history()
        options.setdefault("theme", palette_theme("light" if self.theme == "auto" else self.theme,
                                                  self.palette))
        options.setdefault("language", self.language)
        move = moves[self.play - 1] if self.play > 0 else None
        card = move.card if move else None
        if self.pending and self.pending["play"] == self.play and self.pending["card"]:
            card = self.pending["card"]
        if self.pending and self.pending["play"] == self.play and self.pending.get("hand"):
            options.setdefault("hand", self.pending["hand"])
        return board_svg(positions[self.play], last_move=move, card=card, **options)

    def summary(self) -> str:
        """One line on what the board shows, for viewers that show text only."""
        return self.summary_message().text(self.language)

    def summary_message(self) -> Message:
        """:meth:`summary` as a message."""
        position = self.position
        where = say("board_at_start") if self.play == 0 else \
            say("board_play_of", play=self.play, last=self.last_play,
                turn=self._turns()[self.play - 1])
        winner = position.winner()
        if winner:
            now = say("board_has_won",
                      winners=list(winner) if isinstance(winner, tuple) else winner)
        elif self.pending and self.pending["play"] == self.play and self.pending["card"]:
            now = say("board_to_move_with", player=position.colour_to_move,
                      card=self.game.card)
        else:
            now = say("board_to_move", player=position.colour_to_move)
        return say("board_summary", mode=self.mode, title=ruleset_ref(position.rules),
                   colours=list(position.colour_names), where=where, now=now)

    # --- events from the page -------------------------------------------------------------

    def _on_event(self, kind: str, fields: dict) -> bool:
        # Every field was checked for its type and size before it got here (page_messages.json;
        # the page is untrusted); the values themselves are checked by the methods a Python
        # user calls.
        if kind == "move":
            completed = fields["completed"]
            move = self.move(fields["notation"], card=fields["card"] or None)
            if completed and completed in move.notation.split(" "):
                self._notify(say("board_forced_rest", card=move.card, completed=completed),
                             "info")
        elif kind == "try":
            clicks = fields["clicks"] or []
            for click in clicks:
                if not _is_place_ref(click):
                    raise WidgetError("clicks: each click is a place on the board")
            self._notify(self.explain_try_message(clicks), "error")
            self.selection = []
        elif kind == "annotate":
            play = fields["play"]
            self.annotate(play, fields["text"], fields["arrows"], fields["squares"])
            self._notify(say("note_saved", play=play), "ok")
        elif kind == "reset":
            self.reset()
        elif kind == "new_game":
            rules, players, people = fields["rules"], fields["players"], fields["people"]
            for name in (players if isinstance(players, list) else []) + (people or []):
                if not isinstance(name, str) or len(name) > 40:
                    raise WidgetError("players and people: each is a colour's name")
            if not people:  # (the page has no control that moves a game nobody plays in)
                raise WidgetError(say("board_new_game_no_person"))
            # Only a computer player the form offers: new_game checks the name against them.
            self.new_game(rules, players, people, computer=fields["computer"])
        elif kind == "show":
            self.reset()
            self.play = 1
        elif kind == "review":
            self._review_from_page()
        elif kind == "coach":
            advice = self.coach()
            if advice.exact:
                self._notify(say("board_coach_exact", best=advice.best.notation,
                                 rate=advice.best.win_rate), "ok")
            elif advice.sure:
                self._notify(say("board_coach_done", games=advice.games,
                                 moves=len(advice.estimates), seconds=advice.seconds,
                                 best=advice.best.notation, rate=advice.best.win_rate), "ok")
            else:  # as the verdict says: no move named best when the coach is not sure
                leaders = [e.notation for e in advice.contenders]
                said = dict(games=advice.games, moves=len(advice.estimates),
                            seconds=advice.seconds)
                self._notify(say("board_coach_close", leaders=leaders, **said)
                             if len(leaders) <= 3 else
                             say("board_coach_close_many", count=len(leaders), **said), "ok")
        else:
            return False
        return True

    def explain_try(self, clicks: list) -> str:
        """Why the clicks ``[origin, target]`` are not a legal move for the person to move."""
        return self.explain_try_message(clicks).text(self.language)

    def explain_try_message(self, clicks: list) -> Message:
        """:meth:`explain_try` as a message."""
        game = self.game
        if not self.pending:
            return say("try_not_your_turn")
        colour = game.colour_to_move
        card = game.draw()
        if not clicks:
            return say("try_click_a_pawn")
        keys = [str(k) for k in clicks]
        for k in keys:
            if k not in PLACES:
                return say("try_not_a_place", key=repr(k))
        legal = [m["notation"] for m in self.pending["moves"]]
        if len(keys) == 1:
            where = keys[0].split(":")[-1]
            owner = game.position.occupant(int(keys[0])) if keys[0].isdigit() else \
                keys[0].split(":")[0]
            if owner != colour:
                return say("try_no_pawn", player=colour, where=where, legal=legal)
            reason = why_pawn_cannot_move(game.position, card,
                                          location_name(location_of_key(keys[0], colour)))
            if reason:
                return say("try_reason", reason=reason, legal=legal)
            return say("try_no_move", card=card, player=colour, where=where, legal=legal)
        try:
            origin = location_of_key(keys[0], colour)
        except ValueError:
            return say("try_not_yours", key=keys[0], owner=keys[0].split(":")[0], player=colour)
        target_key = keys[1]
        try:
            target = location_of_key(target_key, colour)
        except ValueError:
            return say("try_own_zone", key=target_key, owner=target_key.split(":")[0],
                       rules="C6")
        reason = why_illegal(game.position, card, location_name(origin), location_name(target))
        if reason is None:
            return say("try_part_legal", card=card)
        return say("try_not_allowed", reason=reason)


def _checked_game(game: Any, humans, card) -> Game:
    if game is None:
        game = Game(4, strategies={"red": None})
    if not isinstance(game, Game):
        raise WidgetError(f"game: expected a sorry_widget Game, not {type(game).__name__}")
    for colour in humans or ():
        if colour not in game.colours:
            raise WidgetError(say("not_playing", field="humans", colour=repr(colour),
                                  players=list(game.colours)))
    if not game.keep_history:
        raise WidgetError(say("board_no_history"))

    if card is not None and (game.finished or (
            game.strategies.get(game.colour_to_move) is not None
            and game.colour_to_move not in (humans or ()))):
        raise WidgetError(say("board_card_for_person", player=game.colour_to_move))
    return game


def _demo_parts(position: Any, card: Any, example: Any, humans: Any):
    """(position, card, example notation) of a rule demo, each checked before anything is
    built: the example must be a legal move of that card."""
    if not isinstance(position, Position):
        raise WidgetError(f"position: expected a sorry_widget Position, not "
                          f"{type(position).__name__}")
    if humans:
        raise WidgetError(say("board_humans_in_demo"))
    if card is None:
        raise WidgetError(say("board_demo_needs_card"))
    if position.winner():
        winner = position.winner()
        raise WidgetError(say("board_demo_already_won",
                              winners=winner if isinstance(winner, str) else str(winner)))
    probe = Game(start=position, strategies={c: None for c in position.colour_names})
    try:
        probe.draw(card)
    except GameError as exc:
        raise WidgetError(refusal(exc)) from None
    legal = probe.legal_moves()
    if example is not None and example not in [m.notation for m in legal]:
        raise WidgetError(say("board_example_not_legal", example=repr(example),
                              card=probe.card, legal=[m.notation for m in legal]))
    return position, probe.card, example


def _place_value(ref):
    """A place as the record format writes it: an int for a track square, else the key."""
    key = resolve_place(ref)
    return int(key) if key.isdigit() else key


def _check_marks(arrows: Any, squares: Any) -> None:
    """The shape of a note's arrows and squares, from Python or the page, before any place is
    read: one sentence naming the part that is wrong."""
    if arrows is not None:
        if isinstance(arrows, (str, bytes)) or not isinstance(arrows, (list, tuple)):
            raise WidgetError(f"arrows: a list of pairs of places [(from, to), ...], not "
                              f"{brief(arrows)}")
        for i, arrow in enumerate(arrows):
            if isinstance(arrow, (str, bytes)) or not isinstance(arrow, (list, tuple)) or \
                    len(arrow) != 2:
                raise WidgetError(f"arrows[{i}]: an arrow is a pair of places (from, to), not "
                                  f"{brief(arrow)}")
    if squares is not None and (isinstance(squares, (str, bytes))
                                or not isinstance(squares, (list, tuple))):
        raise WidgetError(f"squares: a list of places, not {brief(squares)}")
    for place in [p for a in arrows or () for p in a] + list(squares or ()):
        if not _is_place_ref(place):
            raise WidgetError(f"arrows and squares: {brief(place)} is not a place; a place is a "
                              'track square 0-59 or a key like "red:safety-2"')


def _is_place_ref(value: Any) -> bool:
    """Whether a value from the page could name a place (a short text or a small number);
    which place, if any, is for :func:`resolve_place` to say."""
    if isinstance(value, str):
        return len(value) <= 40
    return isinstance(value, int) and not isinstance(value, bool) and -1000 < value < 1000


def _key(value) -> str:
    return resolve_place(value)


__all__ = ["SorryWidget", "WidgetError"]
