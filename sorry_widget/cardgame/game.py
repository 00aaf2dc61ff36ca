"""Playing the SORRY! card game: a game that stops at every decision, its strategies and its
records (``sorry-cardrecord/1``, docs/cardgame.md *Records*).

A :class:`CardGame` holds the state; :meth:`CardGame.actions` lists what the player to act may
do; :meth:`CardGame.play` takes one by its notation, :meth:`CardGame.step` lets that player's
strategy choose. A person is a colour with no strategy. Its record keeps the deck's order and
every refill's, so the game replays from the record alone.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .rules import (
    COLOURS,
    DEFAULT_DECK,
    PAWN_CARDS,
    TARGET,
    Action,
    CardGameError,
    CardState,
    actions,
    cards_in_play,
    choices,
    deck_cards,
    dealt_state,
    ends_round,
    is_card,
    perform,
    read_deck,
    shuffled_deck,
    sorted_cards,
)
from ..core.safeio import check_value, key_shown, read_json, read_json_file, shown, write_text_atomic
from ..core.seeds import seed_or_fresh, seed_problem, written_seed

RECORD_FORMAT = "sorry-cardrecord/1"
#: A record file: a 20,000-action game is about 1 MB.
MAX_RECORD_BYTES = 5_000_000
MAX_RECORD_ACTIONS = 20_000
MAX_NOTES = 1000
MAX_NOTE_CHARS = 2000
#: An action's notation: ``"red play-2 10 10"`` is 16 characters.
MAX_NOTATION_CHARS = 40
#: A strategy's name as a record keeps it (``"greedy"``, a function's name).
MAX_STRATEGY_CHARS = 100
_RECORD_KEYS = {"format", "players", "options", "deck", "deck_order", "refills", "actions",
                "seed", "strategies", "notes", "winners"}


# --- strategies ---------------------------------------------------------------------------


class RandomCardStrategy:
    """Uniform over the distinct results (the contract's ``random``: ``actions`` already lists
    each result once)."""

    name = "random"

    def choose(self, state: CardState, options: Sequence[Action], rng: random.Random) -> Action:
        return options[int(rng.random() * len(options))]


def progress(state: CardState, colour: str) -> int:
    """How near ``colour`` is to winning, in flips: its cards HOME, or for a returning player
    (K19) four plus the cards already back at START."""
    p = state.player(colour)
    return 2 * PAWN_CARDS - p.home if p.returning else p.home


class GreedyCardStrategy:
    """Takes the action with the best immediate balance: winning the game above all, then its
    own flips minus half the opponents' (so it steals a 21, blocks a SORRY! that hurts it, and
    plays a SORRY! on the leader), then a pile total that a single card cannot turn into 21 for
    the next player, then keeping its SORRY! cards for later. Ties at random."""

    name = "greedy"

    def value(self, before: CardState, action: Action, me: str) -> float:
        after = action.result
        if after.winners:
            return 1000.0 if me in after.winners else -1000.0
        score = 10.0 * (progress(after, me) - progress(before, me))
        for colour in before.colours:
            if colour != me:
                score -= 5.0 * (progress(after, colour) - progress(before, colour))
        if after.play_pile and not after.pending:
            gap = TARGET - after.total
            if 0 <= gap <= 10:
                score -= 1.0  # a number card of the next player's could make 21
        mine_before = before.player(me).hand
        mine_after = after.player(me).hand
        for keep in ("sorry-steal", "dont-be-sorry"):
            if mine_after.count(keep) < mine_before.count(keep) and score <= 0:
                score -= 0.5  # spent without gain
        return score

    def choose(self, state: CardState, options: Sequence[Action], rng: random.Random) -> Action:
        me = state.to_act
        values = [self.value(state, a, me) for a in options]
        best = max(values)
        top = [a for a, v in zip(options, values) if v == best]
        return top[int(rng.random() * len(top))]


CARD_STRATEGIES = {"random": RandomCardStrategy, "greedy": GreedyCardStrategy}


def card_strategy(spec: Any):
    """A strategy from its name, a class with ``choose``, or None (a person)."""
    if spec is None or hasattr(spec, "choose"):
        return spec
    if isinstance(spec, str) and spec in CARD_STRATEGIES:
        return CARD_STRATEGIES[spec]()
    raise CardGameError(f"strategy: {spec!r} is not one of {', '.join(CARD_STRATEGIES)} "
                        "(or None for a person)")


# --- the game -----------------------------------------------------------------------------


class CardGame:
    """One game of the SORRY! card game, stopping at each decision.

    ``strategies`` maps colours to a strategy name, object or None (a person); colours not
    named are ``random``. ``deck`` is ``{card name: count}`` (the default deck if None).
    Without a ``seed`` the game draws a fresh one and keeps it (``game.seed``, its record)."""

    def __init__(self, players: int = 4, seed: Any = None, *, deck: Mapping | None = None,
                 longer_game: bool = False, strategies: Mapping | None = None,
                 _order: Sequence[str] | None = None) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise CardGameError(f"players: 2 to 4, not {players!r}")
        if _order is None:
            seed = seed_or_fresh(seed)
        self.seed = seed
        self.deck = read_deck(DEFAULT_DECK if deck is None else deck)
        self.colours = list(COLOURS[:players])
        unknown = sorted(set(strategies or {}) - set(self.colours))
        if unknown:
            raise CardGameError(f"strategies.{unknown[0]}: not a player of this game "
                                f"({', '.join(self.colours)})")
        self.strategies = {c: card_strategy((strategies or {}).get(c, "random"))
                           for c in self.colours}
        if _order is None:
            order, refill_rng = shuffled_deck(self.deck, seed)
        else:
            order, refill_rng = list(_order), None
        #: The shuffled deck, top card first (K2): part of the record.
        self.deck_order = tuple(order)
        self.start = dealt_state(players, order, longer_game)
        self.start.refill_rng = refill_rng
        self.state = self.start
        self.rng = random.Random(f"cardgame-players:{seed}")
        #: The actions taken, in order, and the state before each.
        self.history: list[Action] = []
        self.states: list[CardState] = [self.start]
        self.rounds = 0
        self.turns = 0

    @classmethod
    def from_state(cls, state: CardState, strategies: Mapping | None = None) -> CardGame:
        """A game that starts at ``state`` (a lesson's position); every colour not named in
        ``strategies`` is a person. It has no deck order, so it makes no record."""
        if not isinstance(state, CardState):
            raise CardGameError(f"state: expected a CardState, not {type(state).__name__}")
        if state.winners:
            raise CardGameError(f"state: {' and '.join(state.winners)} has already won")
        game = cls.__new__(cls)
        game.seed = None
        game.deck = dict(sorted(cards_in_play(state).items()))
        game.colours = list(state.colours)
        unknown = sorted(set(strategies or {}) - set(game.colours))
        if unknown:
            raise CardGameError(f"strategies.{unknown[0]}: not a player of this game "
                                f"({', '.join(game.colours)})")
        game.strategies = {c: card_strategy((strategies or {}).get(c)) for c in game.colours}
        game.deck_order = ()
        game.start = CardState.from_dict(state.to_dict())
        game.start.refill_rng = random.Random("cardgame-from-state")
        game.state = game.start
        game.rng = random.Random("cardgame-players:from-state")
        game.history, game.states = [], [game.start]
        game.rounds = game.turns = 0
        return game

    @property
    def finished(self) -> bool:
        return bool(self.state.winners)

    @property
    def winners(self) -> list[str]:
        return list(self.state.winners)

    @property
    def to_act(self) -> str | None:
        return self.state.to_act

    def actions(self) -> list[Action]:
        return actions(self.state)

    def play(self, notation: str | Action) -> Action:
        """Take the action with this notation (``"red 7"``, ``"blue steal"``)."""
        options = self.actions()
        if not options:
            raise CardGameError(f"the game is over: {' and '.join(self.winners)} won")
        wanted = notation.notation if isinstance(notation, Action) else str(notation).strip()
        for action in options:
            if action.notation == wanted:
                return self._take(action)
        # A choice whose result another listed action shares (actions() lists each result
        # once) is still the person's choice: a person is offered every choice (previews()),
        # since which ones share a result can hang on hands they cannot see.
        for choice in choices(self.state):
            notation, explanation, result = perform(self.state, choice)
            if notation == wanted:
                return self._take(Action(notation, explanation, result))
        raise CardGameError(f"{shown(wanted)} is not a legal action for {self.to_act}; legal: "
                            + ", ".join(a.notation for a in options))

    def step(self) -> Action:
        """Let the strategy of the player to act choose and take an action."""
        options = self.actions()
        if not options:
            raise CardGameError(f"the game is over: {' and '.join(self.winners)} won")
        strategy = self.strategies[self.to_act]
        if strategy is None:
            raise CardGameError(f"{self.to_act} is played by a person: pass their action to "
                                "play()")
        chosen = strategy.choose(self.state, options, self.rng)
        if chosen not in options:
            raise CardGameError(f"strategy {strategy.name!r} chose {chosen!r}, which is not "
                                "one of the legal actions")
        return self._take(chosen)

    def run(self, max_turns: int = 10_000) -> list[str]:
        """Play until someone wins (or ``max_turns`` turns); the winners. Stops early at a
        person's decision."""
        while not self.finished and self.turns < max_turns and \
                self.strategies[self.to_act] is not None:
            self.step()
        return self.winners

    def _take(self, action: Action) -> Action:
        if self.state.pending is None:
            self.turns += 1
        kind = action.notation.split(" ")[1]
        if ends_round(bool(self.state.play_pile), kind, action.result):
            self.rounds += 1
        self.history.append(action)
        self.state = action.result
        self.states.append(self.state)
        return action

    def record(self, notes: Mapping[int, str] | None = None) -> CardRecord:
        if not self.deck_order:
            raise CardGameError("record: a game started from a state has no deck order, so "
                                "it cannot be recorded; start a CardGame with a seed")
        return CardRecord(players=len(self.colours), deck=dict(self.deck),
                          deck_order=self.deck_order, refills=tuple(self.state.refills),
                          actions=tuple(a.notation for a in self.history),
                          longer_game=self.state.longer_game, seed=self.seed,
                          strategies={c: getattr(s, "name", "person") if s else "person"
                                      for c, s in self.strategies.items()},
                          notes=dict(notes or {}))

    def __repr__(self) -> str:
        now = f"winners={self.winners}" if self.finished else f"to_act={self.to_act}"
        return f"<CardGame players={len(self.colours)} seed={self.seed!r} {now}>"


# --- records ------------------------------------------------------------------------------


@dataclass
class CardRecord:
    """A card game as ``sorry-cardrecord/1``: the deck, its shuffled order, every refill's
    order and each action's notation — enough to replay it — plus notes on actions."""

    players: int
    deck: dict[str, int]
    deck_order: tuple[str, ...]
    refills: tuple[tuple[str, ...], ...]
    actions: tuple[str, ...]
    longer_game: bool = False
    seed: Any = None
    strategies: dict[str, str] = field(default_factory=dict)
    #: Notes by action number (1 = the first action; 0 = the deal).
    notes: dict[int, str] = field(default_factory=dict)

    def replay(self) -> CardGame:
        """The game, action by action; one error naming the first action or refill that
        does not fit."""
        game = CardGame(self.players, self.seed, deck=self.deck, longer_game=self.longer_game,
                        strategies={c: None for c in COLOURS[:self.players]},
                        _order=self.deck_order)
        game.state.recorded_refills = tuple(self.refills)
        for n, notation in enumerate(self.actions, 1):
            try:
                game.play(notation)
            except CardGameError as exc:
                raise CardGameError(f"actions[{n - 1}]: {exc}") from None
            made = game.state.refills
            if made != tuple(self.refills[:len(made)]):
                raise CardGameError(f"refills[{len(made) - 1}]: not the draw pile the game "
                                    f"made from its discard at action {n}")
        if len(game.state.refills) != len(self.refills):
            raise CardGameError(f"refills: the game made {len(game.state.refills)} refills, "
                                f"the record lists {len(self.refills)}")
        return game

    def to_dict(self) -> dict:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT, "players": list(COLOURS[:self.players]),
            "deck": dict(self.deck), "deck_order": list(self.deck_order),
            "refills": [list(r) for r in self.refills], "actions": list(self.actions),
            "notes": [{"action": n, "text": t} for n, t in sorted(self.notes.items())],
        }
        if self.longer_game:
            data["options"] = {"longer_game": True}
        if self.seed is not None:
            data["seed"] = written_seed(self.seed)
        if self.strategies:
            data["strategies"] = dict(self.strategies)
        return data

    def to_json(self) -> str:
        """One key a line (a deck order or an action list stays on its line)."""
        lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
                 for k, v in self.to_dict().items()]
        return "{\n" + ",\n".join(lines) + "\n}\n"

    def save(self, path) -> None:
        """Write the record as ``sorry-cardrecord/1`` JSON, whole or not at all: after any
        failure the old file is as it was, and one CardGameError says why."""
        write_text_atomic(path, self.to_json(), what="record", error=CardGameError)

    @classmethod
    def load(cls, path) -> CardRecord:
        """Read and check a record file (one error naming the field that is wrong)."""
        return cls.from_dict(read_json_file(path, what="record", error=CardGameError,
                                            max_bytes=MAX_RECORD_BYTES))

    @classmethod
    def from_json(cls, text: str | bytes) -> CardRecord:
        return cls.from_dict(read_json(text, what="record", error=CardGameError,
                                       max_bytes=MAX_RECORD_BYTES))

    @classmethod
    def from_dict(cls, data: Any) -> CardRecord:
        """Read and check a record; replays it to be sure every action fits."""
        if not isinstance(data, Mapping):
            raise CardGameError("record: expected a JSON object")
        # A dict from Python never passed the JSON reader: the same limits, checked here.
        check_value(data, what="record", error=CardGameError, max_items=MAX_RECORD_BYTES // 2)
        if data.get("format") != RECORD_FORMAT:
            raise CardGameError(f"format: expected {RECORD_FORMAT!r}, got "
                                f"{shown(data.get('format'))}")
        unknown = sorted(set(data) - _RECORD_KEYS)
        if unknown:
            raise CardGameError(f"{key_shown(unknown[0])}: not a key of {RECORD_FORMAT}")
        for key in ("players", "deck", "deck_order", "refills", "actions"):
            if key not in data:
                raise CardGameError(f"{key}: missing")
        players = data["players"]
        if not isinstance(players, list) or not 2 <= len(players) <= 4 or \
                players != list(COLOURS[:len(players)]):
            raise CardGameError("players: the first 2 to 4 of red, blue, yellow, green")
        deck = read_deck(data["deck"])
        size = sum(deck.values())
        order = _card_list(data["deck_order"], "deck_order", size)
        if sorted_cards(order) != deck_cards(deck):
            raise CardGameError("deck_order: is not the deck's cards, each once")
        notations = _list(data["actions"], "actions")
        if len(notations) > MAX_RECORD_ACTIONS:
            raise CardGameError(f"actions: {len(notations):,} actions; a record holds at most "
                                f"{MAX_RECORD_ACTIONS:,}")
        for i, notation in enumerate(notations):
            if not isinstance(notation, str) or len(notation) > MAX_NOTATION_CHARS:
                raise CardGameError(f"actions[{i}]: each action is its notation, a text of at "
                                    f"most {MAX_NOTATION_CHARS} characters, not "
                                    f"{shown(notation)}")
        # A refill happens only when an action draws from an empty pile (at most twice in one
        # action: two players' top-ups), and holds only cards of the deck: both counted
        # before any is read.
        refills = _list(data["refills"], "refills")
        if len(refills) > 2 * len(notations):
            raise CardGameError(f"refills: {len(refills):,} refills for {len(notations):,} "
                                "actions; an action makes at most two")
        refills = tuple(tuple(_card_list(r, f"refills[{i}]", size))
                        for i, r in enumerate(refills))
        options = data.get("options", {})
        if not isinstance(options, Mapping) or set(options) - {"longer_game"} or \
                not isinstance(options.get("longer_game", False), bool):
            raise CardGameError("options: only longer_game, true or false")
        notes = _read_notes(data.get("notes", []), len(notations))
        strategies = data.get("strategies", {})
        if not isinstance(strategies, Mapping) or not set(strategies) <= set(players) or \
                not all(isinstance(v, str) and 1 <= len(v) <= MAX_STRATEGY_CHARS
                        for v in strategies.values()):
            raise CardGameError("strategies: colour: strategy name, for players of the game "
                                f"(a name of 1 to {MAX_STRATEGY_CHARS} characters)")
        problem = seed_problem(data.get("seed"))
        if problem:
            raise CardGameError(f"seed: {problem}")
        record = cls(len(players), deck, tuple(order), refills, tuple(notations),
                     options.get("longer_game", False), data.get("seed"), dict(strategies),
                     notes)
        record.replay()
        return record


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise CardGameError(f"{where}: expected a list")
    return value


def _card_list(value: Any, where: str, limit: int) -> list[str]:
    if len(_list(value, where)) > limit:
        raise CardGameError(f"{where}: {len(value):,} cards, more than the deck's {limit:,}")
    for i, card in enumerate(value):
        if not is_card(card):
            raise CardGameError(f"{where}[{i}]: {shown(card)} is not a card of the SORRY! card "
                                "game")
    return list(value)


def _read_notes(notes: Any, actions: int) -> dict[int, str]:
    out: dict[int, str] = {}
    if len(_list(notes, "notes")) > MAX_NOTES:
        raise CardGameError(f"notes: {len(notes):,} notes; a record holds at most {MAX_NOTES:,}")
    for i, note in enumerate(notes):
        where = f"notes[{i}]"
        if not isinstance(note, Mapping) or set(note) != {"action", "text"}:
            raise CardGameError(f"{where}: expected {{action, text}}")
        n, text = note["action"], note["text"]
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= actions:
            raise CardGameError(f"{where}.action: 0 to {actions}, not {shown(n)}")
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_NOTE_CHARS:
            raise CardGameError(f"{where}.text: 1 to {MAX_NOTE_CHARS} characters")
        if n in out:
            raise CardGameError(f"{where}.action: action {n} has a note already")
        out[n] = text
    return out

