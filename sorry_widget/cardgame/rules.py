"""The SORRY! card game (a different game with the same name): its cards, decks and states in
the ``sorry-cardgame/1`` format (docs/cardgame.md, rules K1–K19).

A state is everything a decision depends on — hands, pawn cards HOME, the play pile and its
total, the draw pile in full, the discard, an out-of-turn question waiting for an answer — so
the same state always has the same legal actions and results. This module reads, checks and
writes states; every refusal names the field that is wrong and nothing is guessed.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import SorryError
from ..core.safeio import check_value, key_shown, read_json, read_json_file, shown
from ..core.seeds import seed_or_fresh

STATE_FORMAT = "sorry-cardgame/1"
#: A state lists each card once; even a deck of thousands of cards is well under this.
MAX_STATE_BYTES = 1_000_000
COLOURS = ("red", "blue", "yellow", "green")
ACTIONS = ("take-2", "switch", "play-2", "sorry-back", "sorry-steal", "dont-be-sorry")
#: The round's target (K5): a pile totalling exactly this wins it; more is a bust (K6).
TARGET = 21
HAND_LIMIT = 7
#: The most cards a deck, and so a state, may hold: a hundred times the default 93. A count is
#: checked against it before a single card is built (``{"1": 10**12}`` is eight bytes).
MAX_DECK_CARDS = 10_000
#: A deck file is a few dozen card names with their counts.
MAX_DECK_BYTES = 100_000
PAWN_CARDS = 4

#: The default deck: 59 number cards, 26 action cards, 8 SORRY! cards (the sheet gives the
#: totals, not the counts per face; these are the project's choice, and a user may replace them).
DEFAULT_DECK: dict[str, int] = {
    "0": 4, **{str(n): 6 for n in range(1, 6)}, **{str(n): 5 for n in range(6, 11)},
    "slide-10": 3, "slide-15": 3, "slide-21": 2,
    "take-2": 6, "switch": 6, "play-2": 6,
    "sorry-back": 3, "sorry-steal": 3, "dont-be-sorry": 2,
}

_NUMBER = re.compile(r"^(0|[1-9]\d?)$")
_SLIDE = re.compile(r"^slide-(0|[1-9]\d?)$")
_KEYS = {"format", "options", "players", "to_play", "direction", "play_pile", "total",
         "draw_pile", "discard", "pending", "winners"}
_PLAYER_KEYS = {"colour", "hand", "home", "returning"}
_OPTIONS = {"longer_game": False}


class CardGameError(SorryError):
    """A card-game state, deck or request that is not valid; the message names the field."""


# --- cards --------------------------------------------------------------------------------


def is_card(name: Any) -> bool:
    """A number card ``"0"``…``"21"``, a Slide ``"slide-N"`` (N 0–21) or an action card."""
    if not isinstance(name, str):
        return False
    if _NUMBER.match(name):
        return int(name) <= TARGET
    m = _SLIDE.match(name)
    if m:
        return int(m.group(1)) <= TARGET
    return name in ACTIONS


@functools.lru_cache(maxsize=4096)
def number_value(name: str) -> int | None:
    """The value a number card adds (K4), or None for any other card."""
    return int(name) if _NUMBER.match(name) else None


@functools.lru_cache(maxsize=4096)
def slide_value(name: str) -> int | None:
    """The total a Slide sets (K8), or None for any other card."""
    m = _SLIDE.match(name)
    return int(m.group(1)) if m else None


@functools.lru_cache(maxsize=4096)
def card_order(name: str) -> tuple[int, int]:
    """The sort key of the card order: numbers, Slides (each ascending), then the actions."""
    if (n := number_value(name)) is not None:
        return (0, n)
    if (s := slide_value(name)) is not None:
        return (1, s)
    return (2, ACTIONS.index(name))


#: The names printed on the action cards (an explanation says these, never the ids).
PRINTED_NAMES = {"take-2": "Take 2", "switch": "Switch", "play-2": "Play 2",
                 "sorry-back": "SORRY!", "sorry-steal": "SORRY! steal card",
                 "dont-be-sorry": "Don't Be SORRY!"}


def card_name(name: str) -> str:
    """A card as a sentence names it: ``7``, ``Slide 21``, ``Take 2``, ``SORRY! steal card``."""
    if (s := slide_value(name)) is not None:
        return f"Slide {s}"
    return PRINTED_NAMES.get(name, name)


def sorted_cards(cards) -> list[str]:
    return sorted(cards, key=card_order)


def pile_total(pile: list[str]) -> int:
    """K4: from 0, a number adds its value, a Slide sets the total, other cards add 0."""
    total = 0
    for card in pile:
        if (n := number_value(card)) is not None:
            total += n
        elif (s := slide_value(card)) is not None:
            total = s
    return total


def read_deck(data: Any, where: str = "deck") -> dict[str, int]:
    """A deck as ``{card name: count}`` (the default, or a user's ``--deck`` file), checked:
    every name a card, every count a whole number 0 or more, at least one card."""
    if not isinstance(data, Mapping):
        raise CardGameError(f"{where}: expected an object of card name: count")
    # No check_value walk here (every game of a simulation reads its deck): each entry's own
    # checks refuse any key that is not a card name and any count that is not a sane int.
    deck = {}
    cards = 0
    for name, count in data.items():
        if not is_card(name):
            raise CardGameError(f"{where}.{key_shown(name)}: not a card of the SORRY! card game")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise CardGameError(f"{where}.{name}: the count must be a whole number 0 or more, "
                                f"not {shown(count)}")
        cards += count
        if cards > MAX_DECK_CARDS:
            # Never format a count Python cannot print (over 4,300 digits).
            many = f"{count:,} cards" if count < 10 ** 39 else "a count of 40 digits or more"
            raise CardGameError(f"{where}.{name}: {many} would make the deck more than "
                                f"{MAX_DECK_CARDS:,} cards, the most a deck may hold")
        if count:
            deck[name] = count
    if not deck:
        raise CardGameError(f"{where}: has no cards")
    return dict(sorted(deck.items(), key=lambda item: card_order(item[0])))


def deck_from_json(text: str | bytes) -> dict[str, int]:
    """A deck from JSON text, read with the limits of :mod:`.safeio`; CardGameError if not."""
    return read_deck(read_json(text, what="deck", error=CardGameError,
                               max_bytes=MAX_DECK_BYTES))


def load_deck(path: Any) -> dict[str, int]:
    """A deck file (``--deck``); one CardGameError naming the path or the field if not."""
    return read_deck(read_json_file(path, what="deck", error=CardGameError,
                                    max_bytes=MAX_DECK_BYTES))


def deck_cards(deck: Mapping[str, int]) -> list[str]:
    """Every card of a deck, in card order."""
    return [name for name, count in deck.items() for _ in range(count)]


# --- states -------------------------------------------------------------------------------


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
                                       max_bytes=MAX_STATE_BYTES))

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


# --- actions ------------------------------------------------------------------------------


@dataclass
class Action:
    """One legal action of the player to act: its notation, a sentence citing the K ids, and
    the state at the next decision with every automatic step done."""

    notation: str
    explanation: str
    result: CardState

    def to_dict(self) -> dict:
        return {"notation": self.notation, "explanation": self.explanation,
                "result": self.result.to_dict()}


def _next_seat(state: CardState, seat: int) -> int:
    return (seat + state.direction) % len(state.players)


def _seat(state: CardState, colour: str) -> int:
    return state.colours.index(colour)


def _draw(state: CardState) -> str | None:
    """K16: the top of the draw pile; an empty one is first refilled from the discard (in card
    order, first card on top: the command never shuffles); nothing if both are empty."""
    if not state.draw_pile:
        if not state.discard:
            return None
        order = sorted_cards(state.discard)
        recorded = state.recorded_refills
        n = len(state.refills)
        if recorded is not None and n < len(recorded) and sorted_cards(recorded[n]) == order:
            # A replay takes the game's own shuffle from its record (a refill the game did not
            # make, while other actions are tried, keeps card order; the replay checks it).
            order = list(recorded[n])
        elif state.refill_rng is not None:
            rng = random.Random()
            rng.setstate(state.refill_rng.getstate())  # this state's own from now on
            rng.shuffle(order)
            state.refill_rng = rng
        state.draw_pile = order
        state.refills = state.refills + (tuple(order),)
        state.discard = []
    return state.draw_pile.pop(0)


def _flip(state: CardState, colour: str, notes: list[str], rule: str) -> None:
    """A flip earned (K5, K6, K13): a pawn card to HOME, or for a returning player (K19) one
    back to START."""
    p = state.player(colour)
    notes.append(_flip_words(p, rule))
    p.home += -1 if p.returning else 1


def _flip_words(p: Player, rule: str) -> str:
    if p.returning:
        return (f"{p.colour.capitalize()} is returning, so a pawn card goes back to START "
                f"(K19, {rule})")
    return f"{p.colour.capitalize()} flips a pawn card to HOME ({rule})"


def _best_pile(hand: list[str]) -> int:
    """K18: the best total of 21 or less a pile of the hand's cards makes by K4 (a Slide sets
    the total, so only numbers after the last Slide count)."""
    numbers = [number_value(c) for c in hand if number_value(c) is not None]
    reachable = {0}
    for n in numbers:
        reachable |= {r + n for r in reachable if r + n <= TARGET}
    bases = [0] + [slide_value(c) for c in hand if slide_value(c) is not None]
    return max(b + max(r for r in reachable if b + r <= TARGET) for b in bases)


def _settle(state: CardState, turn_seat: int, out_of_turn: list[str], notes: list[str],
            round_over: bool, next_seat: int | None = None) -> CardState:
    """K15, after the card(s) and any window: the round's end (K7), the game's end (K17–K19),
    top-ups to 5, then the next player."""
    if round_over:
        state.discard += state.play_pile
        state.play_pile = []
    done = [p for p in state.players if (p.home == PAWN_CARDS and not (
        state.longer_game)) or (state.longer_game and p.returning and p.home == 0)]
    if state.longer_game:
        for p in state.players:
            if p.home == PAWN_CARDS and not p.returning:
                p.returning = True
                notes.append(f"{p.colour.capitalize()} has 4 pawn cards HOME and now brings "
                             "them back (K19)")
    if done:
        if len(done) > 1:
            best = {p.colour: _best_pile(p.hand) for p in done}
            top = max(best.values())
            state.winners = [c for c in state.colours if best.get(c) == top]
            notes.append("tied, so the best pile from each hand decides: " + ", ".join(
                f"{c} {t}" for c, t in best.items()) + " (K18)")
        else:
            state.winners = [done[0].colour]
        notes.append(f"{' and '.join(w.capitalize() for w in state.winners)} "
                     f"win{'s' if len(state.winners) == 1 else ''} (K17)")
        state.pending = None
        return state
    for colour in out_of_turn + [state.colours[turn_seat]]:
        p = state.player(colour)
        while len(p.hand) < 5:
            card = _draw(state)
            if card is None:
                break
            p.hand.append(card)
    state.to_play = state.colours[_next_seat(state, turn_seat) if next_seat is None
                                  else next_seat]
    state.pending = None
    return state


def _steal_holders(state: CardState, winner: str, after: str | None = None) -> list[str]:
    """K13: the other holders of a sorry-steal, in the direction of play from the winner (only
    those after ``after``, when one has passed)."""
    order, seat = [], _seat(state, winner)
    for _ in range(len(state.players) - 1):
        seat = _next_seat(state, seat)
        order.append(state.colours[seat])
    if after is not None:
        order = order[order.index(after) + 1:]
    return [c for c in order if "sorry-steal" in state.player(c).hand]


def _after_card(state: CardState, turn_seat: int, notes: list[str], public: bool = False
                ) -> CardState | None:
    """Judge the total after a number or Slide landed (K5, K6): a 21 opens the steal window
    or scores; a bust scores for everyone else. None: the round goes on. ``public``: a 21
    is told without looking at who holds a SORRY! steal card (:func:`preview`)."""
    mover = state.colours[turn_seat]
    total = state.total
    if total == TARGET and public:
        notes.append("exactly 21 wins the round (K5): "
                     + _flip_words(state.player(mover), "K5")
                     + ", unless another player steals it with a SORRY! steal card (K13)")
        return state
    if total == TARGET:
        holders = _steal_holders(state, mover)
        if holders:
            state.pending = {"kind": "steal", "winner": mover, "asked": holders[0]}
            notes.append(f"exactly 21 wins the round (K5), but {holders[0].capitalize()} holds "
                         "a SORRY! steal card and is asked first (K13)")
            return state
        notes.append("exactly 21 wins the round (K5)")
        _flip(state, mover, notes, "K5")
        return _settle(state, turn_seat, [], notes, True)
    if total > TARGET:
        notes.append(f"{total} is over 21: a bust (K6)")
        for colour in state.colours:
            if colour != mover:
                _flip(state, colour, notes, "K6")
        return _settle(state, turn_seat, [], notes, True)
    return None


def actions(state: CardState) -> list[Action]:
    """Every legal action of the player to act (CARDGAME rules K1–K19): each playable card with
    each choice, else the discards or a pass; in a window, steal or pass, block or accept.
    Actions with one result are listed once."""
    found: dict[tuple, Action] = {}
    for choice in choices(state):
        notation, explanation, result = perform(state, choice)
        key = result.key()
        if key not in found:
            found[key] = Action(notation, explanation, result)
    return list(found.values())


def choices(state: CardState) -> list[tuple]:
    """What the player to act may decide, in the order :func:`actions` lists them, before
    equal results are merged: ``("card", name)`` for a number or Slide, ``("take-2",)``,
    ``("switch",)``, ``("play-2", a, b)``, ``("sorry-back", victim)``, ``("discard", name)``,
    ``("pass",)``; in a window ``("steal",)`` / ``("pass",)`` or ``("block",)`` /
    ``("accept",)``."""
    if state.winners:
        return []
    if state.pending:
        return [("steal",), ("pass",)] if state.pending["kind"] == "steal" else \
            [("block",), ("accept",)]
    me = state.to_play
    player = state.player(me)
    hand = player.hand
    out: list[tuple] = []
    distinct = list(dict.fromkeys(sorted_cards(hand)))
    for card in distinct:
        if number_value(card) is not None or slide_value(card) is not None:
            out.append(("card", card))
        elif card in ("take-2", "switch"):
            out.append((card,))
        elif card == "play-2":
            numbers = [c for c in hand if number_value(c) is not None]
            out += [("play-2", a, b) for i, a in enumerate(numbers)
                    for j, b in enumerate(numbers) if i != j]
        elif card == "sorry-back":
            out += [("sorry-back", victim) for victim in state.colours
                    if victim != me and sorry_target(state.player(victim))]
    if out:
        return out
    if hand:  # K3: nothing playable: a card of one's choice on the discard
        return [("discard", card) for card in distinct]
    return [("pass",)]


def distinct_choices(state: CardState) -> list[tuple]:
    """:func:`choices` with those that reach the same result as an earlier one left out, judged
    from the choice itself without playing it: the random strategy's options, in the order
    :func:`actions` lists their results (``tests/test_cardgame_fast.py`` checks both agree on
    reachable states)."""
    out = choices(state)
    if state.pending or len(out) < 2 or out[0][0] in ("discard", "pass"):
        return out  # every card, steal and block gives its own result
    me = state.to_play
    total = state.total
    holders = None
    seen, kept = set(), []
    for choice in out:
        kind = choice[0]
        key = choice
        if kind == "play-2":
            a, b = choice[1], choice[2]
            first = total + number_value(a)
            if first >= TARGET:
                key = ("play-2", a)  # the round is decided by a; b stays in the hand (K11)
            else:
                second = first + number_value(b)
                if holders is None:
                    holders = bool(_steal_holders(state, me))
                if second > TARGET or (second == TARGET and not holders):
                    # The pile goes to the discard, where order no longer shows (K7).
                    key = ("play-2-ended",) + tuple(sorted((a, b)))
        if key not in seen:
            seen.add(key)
            kept.append(choice)
    return kept


def perform(state: CardState, choice: tuple, in_place: bool = False
            ) -> tuple[str, str, CardState]:
    """Carry out one of :func:`choices`: its notation, explanation (citing the K ids) and the
    state at the next decision. ``in_place`` changes ``state`` itself (a game that keeps no
    other copy)."""
    return _perform(state if in_place else _clone(state), choice, False)


def preview(state: CardState, choice: tuple) -> str:
    """What the player to act is told about one of :func:`choices` before taking it: the same
    sentence as :func:`perform`'s, but built only from what that player may see (their own
    hand, the table, the counts of the other hands). Where the outcome hangs on a card another
    player may hold (a SORRY! steal card at a 21, K13; Don't Be SORRY! against a SORRY!, K14)
    it says so for every target alike and stops there."""
    return _perform(_clone(state), choice, True)[1]


def previews(state: CardState) -> dict[str, str]:
    """:func:`preview` of every choice of the player to act, by its notation (the notations
    of :func:`actions`)."""
    out: dict[str, str] = {}
    for choice in choices(state):
        notation, text, _ = _perform(_clone(state), choice, True)
        out.setdefault(notation, text)
    return out


def _perform(s: CardState, choice: tuple, public: bool) -> tuple[str, str, CardState]:
    """:func:`perform` on ``s`` itself; ``public``: stop where another player's hidden hand
    decides (:func:`preview`; the state returned is then not a decision's)."""
    kind = choice[0]
    if s.pending:
        if s.pending["kind"] == "steal":
            return _window_steal(s, kind, public)
        return _window_block(s, kind)
    seat = _seat(s, s.to_play)
    me = s.to_play
    name = me.capitalize()
    hand = s.players[seat].hand
    if kind == "card":
        card = choice[1]
        hand.remove(card)
        s.play_pile.append(card)
        rule = "K4" if number_value(card) is not None else "K8"
        notes = [f"{name} plays the {card_name(card)}, making the total {s.total} ({rule})"]
        ended = _after_card(s, seat, notes, public)
        return (f"{me} {card}", _sentence(notes),
                ended if ended is not None else _settle(s, seat, [], notes, False))
    if kind == "take-2":
        hand.remove(kind)
        s.play_pile.append(kind)
        room = HAND_LIMIT - len(hand)
        taken = [c for c in (_draw(s) for _ in range(min(2, room))) if c is not None]
        hand.extend(taken)
        notes = [f"{name} plays Take 2 and takes {len(taken)} card"
                 f"{'' if len(taken) == 1 else 's'} (K9)"]
        return f"{me} take-2", _sentence(notes), _settle(s, seat, [], notes, False)
    if kind == "switch":
        hand.remove(kind)
        s.play_pile.append(kind)
        s.direction = -s.direction
        notes = [f"{name} plays Switch: play now goes the other way (K10)"]
        return f"{me} switch", _sentence(notes), _settle(s, seat, [], notes, False)
    if kind == "play-2":
        a, b = choice[1], choice[2]
        hand.remove("play-2")
        s.play_pile.append("play-2")
        hand.remove(a)
        s.play_pile.append(a)
        notes = [f"{name} plays Play 2 (K11), then the {a}, making {s.total}"]
        ended = _after_card(s, seat, notes, public)
        if ended is None:
            hand.remove(b)
            s.play_pile.append(b)
            notes.append(f"then the {b}, making {s.total}")
            ended = _after_card(s, seat, notes, public)
        else:
            notes.append(f"the {b} stays in the hand (K11)")
        return (f"{me} play-2 {a} {b}", _sentence(notes),
                ended if ended is not None else _settle(s, seat, [], notes, False))
    if kind == "sorry-back":
        victim = choice[1]
        hand.remove(kind)
        s.play_pile.append(kind)
        notes = [f"{name} plays a SORRY! on {victim.capitalize()} (K12)"]
        if public:
            notes.append(_unless_blocked(s, victim, _setback_words(s, victim)))
            return f"{me} sorry-back {victim}", _sentence(notes), s
        if "dont-be-sorry" in s.player(victim).hand:
            s.pending = {"kind": "block", "sorry": "sorry-back", "by": me, "victim": victim}
            notes.append(f"{victim.capitalize()} may block it (K14)")
            return f"{me} sorry-back {victim}", _sentence(notes), s
        _sorry_back_lands(s, me, victim, notes)
        return f"{me} sorry-back {victim}", _sentence(notes), _settle(s, seat, [], notes, True)
    if kind == "discard":
        card = choice[1]
        hand.remove(card)
        s.discard.append(card)
        notes = [f"{name} has no card to play and discards the {card_name(card)} (K3)"]
        return f"{me} discard {card}", _sentence(notes), _settle(s, seat, [], notes, False)
    if kind == "pass":
        notes = [f"{name} has no card and passes (K3)"]
        return f"{me} pass", _sentence(notes), _settle(s, seat, [], notes, False)
    raise CardGameError(f"choice: {choice!r} is not a card-game decision")


def _sentence(notes: list[str]) -> str:
    text = "; ".join(notes)
    return text[0].upper() + text[1:] + "."


def sorry_target(victim: Player) -> bool:
    """Whether a SORRY! (``sorry-back``) can hurt this player: one of its HOME cards turns back
    to START (K12), or for a returning player one of its START cards turns back to HOME (K19).
    Who plays it does not matter: a SORRY! always sets back the player it names."""
    return victim.home < PAWN_CARDS if victim.returning else victim.home >= 1


def _setback_words(state: CardState, victim: str) -> str:
    """What a SORRY! does to ``victim`` (K12, K19), as a clause."""
    if state.player(victim).returning:
        return (f"{victim.capitalize()} is returning, so one of its START cards turns back to "
                "HOME (K19)")
    return f"{victim.capitalize()} flips a pawn card back to START (K12)"


def _unless_blocked(state: CardState, victim: str, what: str) -> str:
    return f"{what}, unless {victim.capitalize()} blocks it with Don't Be SORRY! (K14)"


def _sorry_back_lands(state: CardState, by: str, victim: str, notes: list[str]) -> None:
    """K12, and K19 for a returning victim: the victim loses one flip of progress."""
    notes.append(_setback_words(state, victim))
    hurt = state.player(victim)
    hurt.home += 1 if hurt.returning else -1


def _window_steal(s: CardState, kind: str, public: bool = False
                  ) -> tuple[str, str, CardState]:
    asked = s.pending["asked"]
    winner = s.pending["winner"]
    turn_seat = _seat(s, winner)
    name = asked.capitalize()
    if kind == "steal":
        s.player(asked).hand.remove("sorry-steal")
        s.play_pile.append("sorry-steal")
        notes = [f"{name} plays a SORRY! steal card to take {winner.capitalize()}'s 21 (K13)"]
        if public:
            notes.append(_unless_blocked(s, winner, _flip_words(s.player(asked), "K13")))
            return f"{asked} steal", _sentence(notes), s
        if "dont-be-sorry" in s.player(winner).hand:
            s.pending = {"kind": "block", "sorry": "sorry-steal", "by": asked,
                         "victim": winner}
            notes.append(f"{winner.capitalize()} may block it (K14)")
            return f"{asked} steal", _sentence(notes), s
        _flip(s, asked, notes, "K13")
        return f"{asked} steal", _sentence(notes), _settle(s, turn_seat, [asked], notes, True)
    if kind != "pass":
        raise CardGameError(f"choice: {kind!r}: a steal window is answered steal or pass")
    notes = [f"{name} does not steal (K13)"]
    if public:
        notes.append(f"{winner.capitalize()} keeps the 21 unless a player after {name} steals "
                     "it")
        return f"{asked} pass", _sentence(notes), s
    rest = _steal_holders(s, winner, after=asked)
    if rest:
        s.pending = {"kind": "steal", "winner": winner, "asked": rest[0]}
        notes.append(f"{rest[0].capitalize()} is asked next")
        return f"{asked} pass", _sentence(notes), s
    notes.append(f"nobody steals, so {winner.capitalize()} keeps the 21 (K5)")
    _flip(s, winner, notes, "K5")
    return f"{asked} pass", _sentence(notes), _settle(s, turn_seat, [], notes, True)


def _window_block(s: CardState, kind: str) -> tuple[str, str, CardState]:
    victim, by, sorry = s.pending["victim"], s.pending["by"], s.pending["sorry"]
    turn_seat = _seat(s, s.to_play)
    if kind == "block":
        s.player(victim).hand.remove("dont-be-sorry")
        s.play_pile.append("dont-be-sorry")
        notes = [f"{victim.capitalize()} blocks the SORRY! with Don't Be SORRY! (K14)"]
        movers = [victim] if sorry == "sorry-back" else [by, victim]
        if sorry == "sorry-steal":
            notes.append(f"{victim.capitalize()} keeps the 21")
            _flip(s, victim, notes, "K5")
        return f"{victim} block", _sentence(notes), _settle(s, turn_seat, movers, notes, True)
    if kind != "accept":
        raise CardGameError(f"choice: {kind!r}: a SORRY! is answered block or accept")
    notes = [f"{victim.capitalize()} does not block (K14)"]
    if sorry == "sorry-steal":
        _flip(s, by, notes, "K13")
        out = [by]
    else:
        _sorry_back_lands(s, by, victim, notes)
        out = []
    return f"{victim} accept", _sentence(notes), _settle(s, turn_seat, out, notes, True)


def ends_round(had_pile: bool, kind: str, after: CardState) -> bool:
    """Whether an action ended a round (K7): it left the play pile empty, and either found a
    pile there or put a card on it (a SORRY! as a round's first card, a Slide 21 on an empty
    pile: one-card rounds). ``kind`` is the action's first word after the colour; a discard or
    a pass on an empty pile ends nothing."""
    return not after.play_pile and (had_pile or kind not in ("discard", "pass"))


def plays_answer(data: Any) -> dict:
    """The ``cardgame plays`` answer for one state (docs/cardgame.md)."""
    state = CardState.from_dict(data)
    return {"to_act": state.to_act, "actions": [a.to_dict() for a in actions(state)]}


# --- games --------------------------------------------------------------------------------


def new_state(players: int = 4, seed: Any = None, deck: Mapping[str, int] | None = None,
              longer_game: bool = False) -> CardState:
    """A game's first state (K1, K2): the first ``players`` colours, the deck shuffled by the
    seed, five cards dealt to each in turn, the first seat to play."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise CardGameError(f"players: 2 to 4, not {players!r}")
    seed = seed_or_fresh(seed)
    cards, rng = shuffled_deck(read_deck(DEFAULT_DECK if deck is None else deck), seed)
    state = dealt_state(players, cards, longer_game)
    state.refill_rng = rng
    return state


def shuffled_deck(deck: Mapping[str, int], seed: Any) -> tuple[list[str], random.Random]:
    """A game's deck shuffled by its seed, top card first, and the generator that goes on to
    shuffle its refills (K16)."""
    cards = deck_cards(deck)
    rng = random.Random(f"cardgame-deck:{seed}")
    rng.shuffle(cards)
    return cards, rng


def dealt_state(players: int, order: list[str], longer_game: bool = False) -> CardState:
    """The first state from a shuffled deck, top card first (K2): five cards to each seat in
    turn, the rest the draw pile."""
    cards = list(order)
    colours = COLOURS[:players]
    hands: dict[str, list[str]] = {c: [] for c in colours}
    for _ in range(5):
        for colour in colours:
            if cards:
                hands[colour].append(cards.pop(0))
    return CardState([Player(c, hands[c]) for c in colours], colours[0], draw_pile=cards,
                     longer_game=longer_game)


@dataclass
class CardGameResult:
    winners: list[str]
    rounds: int
    turns: int
    finished: bool


def play_random_cardgame(players: int = 4, seed: Any = None, deck=None,
                         longer_game: bool = False, log: list | None = None,
                         max_turns: int = 10_000) -> CardGameResult:
    """One game with every decision random: uniform over the distinct results ``actions``
    lists. It plays only the chosen decision, in place (:func:`distinct_choices` knows which
    decisions share a result without playing them). ``log``, if given, receives every
    :class:`Action` taken."""
    seed = seed_or_fresh(seed)
    state = new_state(players, seed, deck, longer_game)
    chooser = random.Random(f"cardgame-players:{seed}")
    rounds = turns = 0
    while not state.winners and turns < max_turns:
        options = distinct_choices(state)
        choice = options[int(chooser.random() * len(options))]
        if state.pending is None:
            turns += 1
        had_pile = bool(state.play_pile)
        notation, explanation, state = perform(state, choice, in_place=log is None)
        if ends_round(had_pile, choice[0], state):
            rounds += 1
        if log is not None:
            log.append(Action(notation, explanation, state))
    return CardGameResult(list(state.winners), rounds, turns, bool(state.winners))


def simulate_cardgame(players: int = 4, games: int = 100, seed: Any = None, deck=None,
                      longer_game: bool = False, progress=None) -> dict:
    """Many random games: the ``cardgame simulate --json`` object (docs/cardgame.md). Game
    ``i`` is ``play_random_cardgame(seed=f"{seed}:{i}")``; without a seed the run draws a fresh
    one, returned as ``seed``."""
    import math
    import time

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise CardGameError(f"games: at least 1, not {games!r}")
    seed = seed_or_fresh(seed)
    colours = list(COLOURS[:players])
    wins = [0.0] * len(colours)
    rounds, turns, unfinished = [], [], 0
    started = time.perf_counter()
    step = max(1, games // 100)
    for i in range(games):
        result = play_random_cardgame(players, f"{seed}:{i}", deck, longer_game)
        if not result.finished:
            unfinished += 1
        for w in result.winners:
            wins[colours.index(w)] += 1 / len(result.winners)
        rounds.append(result.rounds)
        turns.append(result.turns)
        if progress is not None and (i + 1) % step == 0:
            progress(i + 1, games)
    seconds = time.perf_counter() - started

    def mean_sd(values):
        m = sum(values) / len(values)
        sd = math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1)) \
            if len(values) > 1 else 0.0
        return m, sd

    rounds_mean, rounds_sd = mean_sd(rounds)
    turns_mean, turns_sd = mean_sd(turns)
    return {"games": games, "players": colours, "seed": seed, "wins_per_seat": wins,
            "win_rate_per_seat": [w / games for w in wins],
            "rounds_per_game_mean": rounds_mean, "rounds_per_game_sd": rounds_sd,
            "turns_per_game_mean": turns_mean, "turns_per_game_sd": turns_sd,
            "games_per_second": games / seconds if seconds > 0 else math.inf,
            "unfinished": unfinished}
