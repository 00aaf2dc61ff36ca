"""The SORRY! card game's records: ``sorry-cardrecord/1`` (docs/cardgame.md *Records*), read
with limits, written, replayed."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import (ACTIONS, MAX_DECK_CARDS, TARGET, CardGameError, deck_cards, is_card,
                    read_deck, sorted_cards)
from .game import CardGame, record_with
from .messages import say
from ..core.colours import COLOURS
from ..core.records import MAX_NOTE_CHARS, MAX_NOTES, MAX_RECORD_BYTES, MAX_STRATEGY_CHARS
from ..core.safeio import (check_value, key_shown, read_json, read_json_file, shown,
                           write_text_atomic)
from ..core.seeds import seed_problem, written_seed

RECORD_FORMAT = "sorry-cardrecord/1"
MAX_RECORD_ACTIONS = 20_000
#: An action's notation: ``"red play-2 10 10"`` is 16 characters.
MAX_NOTATION_CHARS = 40
#: The kinds of card a deck may name: numbers and Slides 0–21, and the actions.
_CARD_KINDS = 2 * (TARGET + 1) + len(ACTIONS)
_RECORD_KEYS = {"format", "players", "options", "deck", "deck_order", "refills", "actions",
                "seed", "strategies", "notes", "winners"}


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

    @classmethod
    def from_game(cls, game: CardGame, notes: Mapping[int, str] | None = None) -> CardRecord:
        """The record of ``game`` so far, with ``notes`` on its actions (by index)."""
        if not game.deck_order:
            raise CardGameError(say("no_record_from_state"))
        return cls(players=len(game.colours), deck=dict(game.deck),
                   deck_order=game.deck_order, refills=tuple(game.state.refills),
                   actions=tuple(a.notation for a in game.history),
                   longer_game=game.state.longer_game, seed=game.seed,
                   strategies={c: getattr(s, "name", "person") if s else "person"
                               for c, s in game.strategies.items()},
                   notes=dict(notes or {}))

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
                                            max_bytes=MAX_RECORD_BYTES, walk=False))

    @classmethod
    def from_json(cls, text: str | bytes) -> CardRecord:
        return cls.from_dict(read_json(text, what="record", error=CardGameError,
                                       max_bytes=MAX_RECORD_BYTES, walk=False))

    @classmethod
    def from_dict(cls, data: Any) -> CardRecord:
        """Read and check a record; replays it to be sure every action fits."""
        if not isinstance(data, Mapping):
            raise CardGameError("record: expected a JSON object")
        unknown = [k for k in data if not isinstance(k, str) or k not in _RECORD_KEYS]
        if unknown:
            raise CardGameError(f"{key_shown(unknown[0])}: not a key of {RECORD_FORMAT}")
        _count_first(data)
        # A dict from Python never passed the JSON reader's walk (nor does the JSON reader's
        # own output: from_json and load leave it to here, after the counts): the same limits.
        check_value(data, what="record", error=CardGameError, max_items=MAX_RECORD_BYTES // 2)
        if data.get("format") != RECORD_FORMAT:
            raise CardGameError(f"format: expected {RECORD_FORMAT!r}, got "
                                f"{shown(data.get('format'))}")
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
        for i, notation in enumerate(notations):
            if not isinstance(notation, str) or len(notation) > MAX_NOTATION_CHARS:
                raise CardGameError(f"actions[{i}]: each action is its notation, a text of at "
                                    f"most {MAX_NOTATION_CHARS} characters, not "
                                    f"{shown(notation)}")
        refills = tuple(tuple(_card_list(r, f"refills[{i}]", size))
                        for i, r in enumerate(_list(data["refills"], "refills")))
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


def _count_first(data: Mapping) -> None:
    """The length of every list and object of a record against its limit, before any item is
    looked at: a 4.5 MB record with a 900,000-card refill is refused by its length at once,
    not after each card has been read. (Lists of the wrong type are left to the checks after.)"""
    def count(value: Any) -> int | None:
        return len(value) if isinstance(value, (list, Mapping)) else None

    actions = count(data.get("actions"))
    if actions is not None and actions > MAX_RECORD_ACTIONS:
        raise CardGameError(f"actions: {actions:,} actions; a record holds at most "
                            f"{MAX_RECORD_ACTIONS:,}")
    refills = data.get("refills")
    if isinstance(refills, list):
        # A refill happens only when an action draws from an empty pile (at most twice in
        # one action: two players' top-ups), and holds only cards of the deck.
        if len(refills) > 2 * (actions or 0):
            raise CardGameError(f"refills: {len(refills):,} refills for {actions or 0:,} "
                                "actions; an action makes at most two")
        lists = [(f"refills[{i}]", r) for i, r in enumerate(refills)]
    else:
        lists = []
    for where, cards in [("deck_order", data.get("deck_order")), *lists]:
        if (n := count(cards)) is not None and n > MAX_DECK_CARDS:
            raise CardGameError(f"{where}: {n:,} cards; a deck holds at most "
                                f"{MAX_DECK_CARDS:,}")
    for key, limit, what in [("notes", MAX_NOTES, "notes"), ("players", 4, "players"),
                             ("strategies", 4, "strategies"), ("deck", _CARD_KINDS,
                                                              "kinds of card")]:
        if (n := count(data.get(key))) is not None and n > limit:
            raise CardGameError(f"{key}: {n:,} {what}; a record holds at most {limit:,}")


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
    for i, note in enumerate(_list(notes, "notes")):  # counted by _count_first
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


# CardGame.record() answers with this type (see game.py).
record_with(CardRecord)
