"""The SORRY! card game's cards and decks (docs/cardgame.md, K1–K4): card names, values,
the default deck, reading a deck."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

from ..core.decks import cards_of
from ..core.errors import SorryError
from ..core.messages import Message
from ..core.safeio import key_shown, read_json, read_json_file, shown

ACTIONS = ("take-2", "switch", "play-2", "sorry-back", "sorry-steal", "dont-be-sorry")
#: The round's target (K5): a pile totalling exactly this wins it; more is a bust (K6).
TARGET = 21
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


class CardGameError(SorryError):
    """A card-game state, deck or request that is not valid; the message names the field.

    A refusal of what a person asks is raised with its :class:`Message`, kept as
    ``error.message`` (None for the others), so that it can be shown in another language;
    ``str(error)`` is its English text."""

    def __init__(self, message: Message | str) -> None:
        self.message = message if isinstance(message, Message) else None
        super().__init__(str(message))


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


def face_label(name: str) -> str:
    """What a card face says: ``7``, ``Slide 15``, ``Take 2``, ``SORRY!``, ``SORRY! steal`` (the
    face has no room for the sentence's "card")."""
    return "SORRY! steal" if name == "sorry-steal" else card_name(name)


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
    return cards_of(deck)


