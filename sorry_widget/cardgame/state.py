"""The SORRY! card game's states (a different game from the board game with the same name), in
the ``sorry-cardgame/1`` format (docs/cardgame.md, rules K1–K19).

A state is everything a decision depends on — hands, pawn cards HOME, the play pile and its
total, the draw pile in full, the discard, an out-of-turn question waiting for an answer — so
the same state always has the same legal actions and results. This module reads, checks and
writes states; every refusal names the field that is wrong and nothing is guessed.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import (
    CardGameError,
    MAX_DECK_CARDS,
    PAWN_CARDS,
    TARGET,
    is_card,
    pile_total,
    sorted_cards,
)
from ..core.colours import COLOURS
from ..core.safeio import check_value, key_shown, read_json, shown

STATE_FORMAT = "sorry-cardgame/1"
#: A state lists each card once; even a deck of thousands of cards is well under this.
MAX_STATE_BYTES = 1_000_000
HAND_LIMIT = 7
_KEYS = {"format", "options", "players", "to_play", "direction", "play_pile", "total",
         "draw_pile", "discard", "pending", "winners"}
_PLAYER_KEYS = {"colour", "hand", "home", "returning"}
_OPTIONS = {"longer_game": False}


@dataclass
class Player:
    colour: str
    hand: list[str]
    home: int = 0
    returning: bool = False

    def to_dict(self, longer_game: bool) -> dict:
        data = {"colour": self.colour, "hand": sorted_cards(self.hand), "home": self.home}
        if longer_game and self.returning:
            data["returning"] = True
        return data


@dataclass
class CardState:
    """One state of the card game (``sorry-cardgame/1``)."""

    players: list[Player]
    to_play: str
    direction: int = 1
    play_pile: list[str] = field(default_factory=list)
    draw_pile: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    pending: dict | None = None
    winners: list[str] = field(default_factory=list)
    longer_game: bool = False
    #: A game's own generator for refilling the draw pile (K16); None: the command's fixed
    #: order (the discard in card order). Not part of the format.
    refill_rng: Any = field(default=None, repr=False, compare=False)
    #: Every refilled draw pile of the game so far, in order (for its record; not part of the
    #: format).
    refills: tuple = field(default=(), repr=False, compare=False)
    #: A record's refills, replayed instead of shuffling (not part of the format).
    recorded_refills: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def total(self) -> int:
        return pile_total(self.play_pile)

    @property
    def colours(self) -> list[str]:
        return [p.colour for p in self.players]

    def player(self, colour: str) -> Player:
        return self.players[self.colours.index(colour)]

    @property
    def to_act(self) -> str | None:
        """Who decides next: the player asked to steal, else the victim of a SORRY!, else the
        player whose turn it is; nobody once the game has a winner."""
        if self.winners:
            return None
        if self.pending:
            return self.pending.get("asked") or self.pending.get("victim")
        return self.to_play

    # --- the format ------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Any) -> CardState:
        """Read and check a ``sorry-cardgame/1`` object; :class:`CardGameError` names the
        field that is wrong."""
        if not isinstance(data, Mapping):
            raise CardGameError(f"state: expected a JSON object, got {type(data).__name__}")
        # A dict from Python never passed the JSON reader: the same limits, checked here.
        check_value(data, what="state", error=CardGameError, max_items=MAX_STATE_BYTES // 2)
        if data.get("format") != STATE_FORMAT:
            raise CardGameError(f"format: expected {STATE_FORMAT!r}, got "
                                f"{shown(data.get('format'))}")
        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise CardGameError(f"{key_shown(unknown[0])}: not a key of {STATE_FORMAT}")
        missing = [k for k in ("players", "to_play", "direction", "play_pile", "total",
                               "draw_pile", "discard", "pending", "winners") if k not in data]
        if missing:
            raise CardGameError(f"{missing[0]}: missing")
        longer_game = _read_options(data.get("options", {}))
        players = _read_players(data["players"], longer_game)
        colours = [p.colour for p in players]
        to_play = data["to_play"]
        if to_play not in colours:
            raise CardGameError(f"to_play: {shown(to_play)} is not one of the players "
                                f"({', '.join(colours)})")
        # 1.0 == 1 in Python, but a float is not a direction (and breaks seat arithmetic).
        if type(data["direction"]) is not int or data["direction"] not in (1, -1):
            raise CardGameError(f"direction: must be 1 (seat order) or -1, not "
                                f"{shown(data['direction'])}")
        piles = {key: _read_cards(data[key], key) for key in ("play_pile", "draw_pile",
                                                                "discard")}
        held = sum(map(len, piles.values())) + sum(len(p.hand) for p in players)
        if held > MAX_DECK_CARDS:
            raise CardGameError(f"state: holds {held:,} cards; a game has at most "
                                f"{MAX_DECK_CARDS:,}")
        total = data["total"]
        if isinstance(total, bool) or not isinstance(total, int):
            raise CardGameError(f"total: must be a whole number, not {shown(total)}")
        if total != pile_total(piles["play_pile"]):
            raise CardGameError(f"total: {total} is not the play pile's total, "
                                f"{pile_total(piles['play_pile'])} (K4)")
        state = cls(players, to_play, data["direction"], piles["play_pile"],
                    piles["draw_pile"], piles["discard"], None, [], longer_game)
        state.winners = _read_winners(data["winners"], colours)
        state.pending = _read_pending(data["pending"], state)
        _check_consistent(state)
        return state

    @classmethod
    def from_json(cls, text: str | bytes) -> CardState:
        return cls.from_dict(read_json(text, what="state", error=CardGameError,
                                       max_bytes=MAX_STATE_BYTES, walk=False))

    def to_dict(self) -> dict:
        """The canonical object: keys sorted, hands and the discard in card order, options and
        ``returning`` left out at their defaults."""
        data = {
            "format": STATE_FORMAT,
            "players": [p.to_dict(self.longer_game) for p in self.players],
            "to_play": self.to_play, "direction": self.direction,
            "play_pile": list(self.play_pile), "total": self.total,
            "draw_pile": list(self.draw_pile), "discard": sorted_cards(self.discard),
            "pending": dict(sorted(self.pending.items())) if self.pending else None,
            "winners": list(self.winners),
        }
        if self.longer_game:
            data["options"] = {"longer_game": True}
        return dict(sorted(data.items()))

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    def key(self) -> tuple:
        """Equal exactly when the canonical JSON is (a hand or the discard is a multiset, so
        any fixed sort will do): what makes two results one."""
        return (tuple((p.colour, tuple(sorted(p.hand)), p.home, p.returning)
                      for p in self.players),
                self.to_play, self.direction, tuple(self.play_pile), tuple(self.draw_pile),
                tuple(sorted(self.discard)),
                tuple(sorted(self.pending.items())) if self.pending else None,
                tuple(self.winners), self.longer_game)


def _clone(state: CardState) -> CardState:
    """A copy to change: fresh lists, the refill generator shared (``_draw`` copies it before
    it shuffles, so trying one action never disturbs another's)."""
    return CardState([Player(p.colour, list(p.hand), p.home, p.returning)
                      for p in state.players],
                     state.to_play, state.direction, list(state.play_pile),
                     list(state.draw_pile), list(state.discard),
                     dict(state.pending) if state.pending else None, list(state.winners),
                     state.longer_game, state.refill_rng, state.refills,
                     state.recorded_refills)


def _read_options(options: Any) -> bool:
    if not isinstance(options, Mapping):
        raise CardGameError("options: expected an object")
    for key, value in options.items():
        if key not in _OPTIONS:
            raise CardGameError(f"options.{key_shown(key)}: not an option; options are "
                                f"{', '.join(_OPTIONS)}")
        if not isinstance(value, bool):
            raise CardGameError(f"options.{key}: must be true or false, not {shown(value)}")
    return bool(options.get("longer_game", False))


def _read_cards(cards: Any, where: str, limit: int = MAX_DECK_CARDS) -> list[str]:
    if not isinstance(cards, list):
        raise CardGameError(f"{where}: expected a list of card names")
    if len(cards) > limit:
        raise CardGameError(f"{where}: {len(cards):,} cards; at most {limit:,}")
    for i, card in enumerate(cards):
        if not is_card(card):
            raise CardGameError(f"{where}[{i}]: {shown(card)} is not a card of the SORRY! card "
                                "game")
    return list(cards)


def _read_players(players: Any, longer_game: bool) -> list[Player]:
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise CardGameError("players: expected a list of 2 to 4 players")
    out, seen = [], set()
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, Mapping):
            raise CardGameError(f"{where}: expected an object with colour, hand and home")
        unknown = sorted(set(p) - _PLAYER_KEYS)
        if unknown:
            raise CardGameError(f"{where}.{key_shown(unknown[0])}: not a key of a player")
        for key in ("colour", "hand", "home"):
            if key not in p:
                raise CardGameError(f"{where}.{key}: missing")
        colour = p["colour"]
        if colour not in COLOURS:
            raise CardGameError(f"{where}.colour: {shown(colour)} is not one of "
                                f"{', '.join(COLOURS)}")
        if colour in seen:
            raise CardGameError(f"{where}.colour: {colour} is named twice")
        seen.add(colour)
        if isinstance(p["hand"], list) and len(p["hand"]) > HAND_LIMIT:
            raise CardGameError(f"{where}.hand: {len(p['hand']):,} cards; a hand holds at most "
                                f"{HAND_LIMIT}")
        hand = _read_cards(p["hand"], f"{where}.hand")
        home = p["home"]
        if isinstance(home, bool) or not isinstance(home, int) or not 0 <= home <= PAWN_CARDS:
            raise CardGameError(f"{where}.home: must be 0 to {PAWN_CARDS} pawn cards, not "
                                f"{shown(home)}")
        returning = p.get("returning", False)
        if not isinstance(returning, bool):
            raise CardGameError(f"{where}.returning: must be true or false")
        if returning and not longer_game:
            raise CardGameError(f"{where}.returning: only in the longer game (K19)")
        out.append(Player(colour, hand, home, returning))
    return out


def _read_winners(winners: Any, colours: list[str]) -> list[str]:
    if not isinstance(winners, list) or any(w not in colours for w in winners) or \
            len(set(winners)) != len(winners):
        raise CardGameError("winners: expected a list of players' colours, each once")
    if winners != [c for c in colours if c in winners]:
        raise CardGameError("winners: list the winners in seat order")
    return list(winners)


def _read_pending(pending: Any, state: CardState) -> dict | None:
    """``null``, or the out-of-turn question the state waits on (K13 steal, K14 block)."""
    if pending is None:
        return None
    if state.winners:
        raise CardGameError("pending: a finished game asks nobody anything")
    if not isinstance(pending, Mapping):
        raise CardGameError("pending: expected null or an object")
    kind = pending.get("kind")
    colours = state.colours
    if kind == "steal":
        if set(pending) != {"kind", "winner", "asked"}:
            raise CardGameError("pending: a steal has keys kind, winner and asked")
        if pending["winner"] != state.to_play:
            raise CardGameError("pending.winner: the player who made 21 is the one whose turn "
                                "it is (to_play)")
        if state.total != TARGET:
            raise CardGameError(f"pending: a steal is asked only at a total of {TARGET} (K13)")
        asked = pending["asked"]
        if asked not in colours or asked == pending["winner"]:
            raise CardGameError("pending.asked: another player, who holds a sorry-steal")
        if "sorry-steal" not in state.player(asked).hand:
            raise CardGameError(f"pending.asked: {asked} holds no sorry-steal (K13)")
    elif kind == "block":
        if set(pending) != {"kind", "sorry", "by", "victim"}:
            raise CardGameError("pending: a block has keys kind, sorry, by and victim")
        sorry = pending["sorry"]
        if sorry not in ("sorry-steal", "sorry-back"):
            raise CardGameError("pending.sorry: sorry-steal or sorry-back")
        by, victim = pending["by"], pending["victim"]
        if by not in colours or victim not in colours or by == victim:
            raise CardGameError("pending.by, pending.victim: two different players")
        if "dont-be-sorry" not in state.player(victim).hand:
            raise CardGameError(f"pending.victim: {victim} holds no dont-be-sorry (K14)")
        if not state.play_pile or state.play_pile[-1] != sorry:
            raise CardGameError(f"pending: the {sorry} lies on top of the play pile (K14)")
        if sorry == "sorry-back" and by != state.to_play:
            raise CardGameError("pending.by: a sorry-back is played on its player's turn (K12)")
        if sorry == "sorry-back" and not sorry_target(state.player(victim)):
            raise CardGameError(f"pending.victim: a sorry-back cannot hurt {victim}, who has no "
                                "pawn card it could turn (K12, K19)")
        if sorry == "sorry-steal" and (victim != state.to_play or state.total != TARGET):
            raise CardGameError("pending.victim: a steal hurts the player who made 21 (K13)")
    else:
        raise CardGameError(f"pending.kind: 'steal' or 'block', not {shown(kind)}")
    return dict(pending)


def _check_consistent(state: CardState) -> None:
    steal_open = state.pending is not None and (
        state.pending["kind"] == "steal" or state.pending.get("sorry") == "sorry-steal")
    if state.total > TARGET or (state.total == TARGET and not steal_open):
        raise CardGameError(f"total: {state.total} would have ended the round (K5, K6); a "
                            f"total of {TARGET} stands only while a steal is asked")
    if not state.winners:
        for i, p in enumerate(state.players):
            if p.home == PAWN_CARDS and not p.returning:
                raise CardGameError(f"players[{i}].home: {p.colour} has 4 pawn cards HOME "
                                    "and would have won (K17)")
            if p.returning and p.home == 0:
                raise CardGameError(f"players[{i}].home: {p.colour} is returning with none "
                                    "HOME and would have won (K19)")


def cards_in_play(state: CardState) -> Counter:
    """Every card the state holds: hands, piles and the discard (a game never makes or loses
    one)."""
    count = Counter(state.play_pile) + Counter(state.draw_pile) + Counter(state.discard)
    for p in state.players:
        count += Counter(p.hand)
    return count


def sorry_target(victim: Player) -> bool:
    """Whether a SORRY! (``sorry-back``) can hurt this player: one of its HOME cards turns back
    to START (K12), or for a returning player one of its START cards turns back to HOME (K19).
    Who plays it does not matter: a SORRY! always sets back the player it names."""
    return victim.home < PAWN_CARDS if victim.returning else victim.home >= 1


