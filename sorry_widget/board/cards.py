"""Cards and decks of the Sorry! board game.

A card is a small int: its number, or ``SORRY`` for the Sorry! card. Card *names* are the
strings of the position format (docs/position-format.md): ``"1" "2" "3" "4" "5" "7" "8" "10" "11" "12" "sorry"``.
"""

from __future__ import annotations

import random
from collections import Counter

from ..core.decks import cards_of

SORRY = 13

CARD_NAMES: dict[int, str] = {n: str(n) for n in (1, 2, 3, 4, 5, 7, 8, 10, 11, 12)}
CARD_NAMES[SORRY] = "sorry"
CARDS_BY_NAME: dict[str, int] = {name: card for card, name in CARD_NAMES.items()}
CARDS: tuple[int, ...] = tuple(CARD_NAMES)


def card_from_name(name: str | int) -> int:
    """The card named ``name`` ("7", 7, "sorry", "Sorry!"); ValueError names the bad value."""
    key = str(name).strip().lower().rstrip("!")
    if key not in CARDS_BY_NAME:
        raise ValueError(
            f"card: {name!r} is not a Sorry! card; cards are "
            + ", ".join(repr(n) for n in CARDS_BY_NAME)
        )
    return CARDS_BY_NAME[key]


def card_label(card: int) -> str:
    """How a card reads in a sentence: "7" or "Sorry!"."""
    return "Sorry!" if card == SORRY else CARD_NAMES[card]


def with_article(label: str) -> str:
    """ "a 7", "an 8", "an 11", "a Sorry!" (a card's label in a sentence)."""
    return ("an " if label in ("8", "11") else "a ") + label


#: Deck compositions (docs/rules.md, rule options, ``deck``), as card -> count.
DECKS: dict[str, dict[int, int]] = {
    # Modern deck (WP): five 1s and four of every other card.
    "classic45": {card: (5 if card == 1 else 4) for card in CARDS},
    # The first edition's pack (1934): four of every card.
    "original44": {card: 4 for card in CARDS},
}


def deck_cards(deck: str) -> list[int]:
    """The cards of a named deck, in a fixed (unshuffled) order."""
    if deck not in DECKS:
        raise ValueError(f"deck: unknown deck {deck!r}; known decks are {sorted(DECKS)}")
    return cards_of(DECKS[deck])


def shuffle(cards: list, rng: random.Random) -> None:
    """Fisher–Yates in place, driven by ``rng.random()``: several times faster than
    ``random.shuffle`` (which calls ``getrandbits`` per card), with a bias below 2**-46 for a
    45-card deck. The game and the fast simulation both shuffle with this, so a seed deals the
    same cards in both."""
    rand = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


class DrawPile:
    """The draw pile and the discards; when the draw pile runs out the discards are shuffled
    into a new draw pile (1992). All shuffles use the given ``random.Random`` so a seed fixes
    the game."""

    __slots__ = ("cards", "discards", "rng", "reshuffles")

    def __init__(self, cards: list[int], rng: random.Random) -> None:
        self.rng = rng
        self.cards = list(cards)
        shuffle(self.cards, rng)
        self.discards: list[int] = []
        self.reshuffles = 0

    def draw(self) -> int:
        if not self.cards:
            if not self.discards:
                raise RuntimeError("the draw pile and the discards are both empty")
            self.cards = self.discards
            self.discards = []
            shuffle(self.cards, self.rng)
            self.reshuffles += 1
        # The top of the pile is the end of the list: pop() is O(1).
        return self.cards.pop()

    def take(self, card: int) -> int:
        """Draw a chosen card instead of the top one ("suppose you draw a 7"), so lessons can
        set up a situation; the card must still be in the draw pile."""
        if not self.cards and self.discards:
            self.cards, self.discards = self.discards, []
            shuffle(self.cards, self.rng)
            self.reshuffles += 1
        if card not in self.cards:
            raise ValueError(f"card: no {card_label(card)} is left in the draw pile (all of "
                             "them have been dealt since the last shuffle)")
        self.cards.remove(card)
        return card

    def discard(self, card: int) -> None:
        self.discards.append(card)

    def __len__(self) -> int:
        return len(self.cards)

    def counts(self) -> Counter:
        return Counter(self.cards)


def card_text(card: int, sorry_forward_4: bool = False, two_draws_again: bool = True) -> str:
    """What the card lets a player do, as printed on the card face, with its rule id."""
    if card == 1:
        return "Start a pawn, or move one pawn 1 forward. (C1)"
    if card == 2:
        again = " Draw again." if two_draws_again else ""
        return f"Start a pawn, or move one pawn 2 forward.{again} (C7)"
    if card == 4:
        return "Move one pawn 4 backward. (C13)"
    if card == 7:
        return "Move one pawn 7 forward, or split the 7 between two pawns. (C8)"
    if card == 10:
        return "Move one pawn 10 forward, or one pawn 1 backward. (C9)"
    if card == 11:
        return "Move one pawn 11 forward, or switch places with an opponent's pawn. (C10)"
    if card == SORRY:
        text = "Take a pawn from START and bump an opponent's pawn back to its START."
        if sorry_forward_4:
            text += " Or move one pawn 4 forward."
        return text + " (C11)"
    if card in CARD_NAMES:
        return f"Move one pawn {card} forward. (C13)"
    raise ValueError(f"card: {card!r} is not a Sorry! card")
