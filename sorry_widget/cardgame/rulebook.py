"""Each rule id of the SORRY! card game (K1–K19): one line for the widget's rule badges and for
anyone printing a rule, its full text, and its place on its rules page.

The full text (:data:`CARD_RULE_TEXTS`) is generated from ``docs/cardgame.md`` by
``scripts/build_rule_texts.py``, so it travels inside the package; the docs site's page built
from it has the same anchors (``cardgame.html#k13`` for K13), and a test keeps the ids, the
anchors and the texts the same."""

from __future__ import annotations

from ..core.project import docs_page
from .rule_texts import CARD_RULE_TEXTS

#: The card game's rules page (``docs/cardgame.md``; on the docs site once it is published).
CARD_RULES_PAGE = docs_page("cardgame.md")

#: The SORRY! card game's rules, one line each (the full text: :data:`CARD_RULE_TEXTS`).
CARD_RULE_SUMMARIES: dict[str, str] = {
    "K1": "2 to 4 players, each with 4 pawn cards, START side up.",
    "K2": "Shuffle, deal 5 cards each; the rest is the draw pile; the first seat starts.",
    "K3": "On your turn play one card on the play pile; with nothing playable discard a card, "
          "with no card pass.",
    "K4": "The total: a number adds its value, a Slide sets the total to its number, other "
          "cards add nothing.",
    "K5": "Exactly 21 with a number or a Slide wins the round: one pawn card turns HOME.",
    "K6": "Over 21 is a bust: every other player turns a pawn card HOME.",
    "K7": "A round ends at 21, at a bust or with a SORRY!: the pile is discarded, the total "
          "goes back to 0, the next player starts.",
    "K8": "A Slide sets the total, up or down, and never busts; a Slide to 21 makes 21.",
    "K9": "Take 2: take two cards, never more than a hand of 7 allows.",
    "K10": "Switch reverses the direction of play for the rest of the game.",
    "K11": "Play 2: play two number cards one after the other; if the first ends the round the "
           "second stays in the hand.",
    "K12": "SORRY!: an opponent with a pawn card HOME turns one back to START (unless they "
           "block); the round ends.",
    "K13": "Steal: when someone makes 21, the others holding a SORRY! steal card are asked in "
           "turn; the first to play it takes the 21's flip.",
    "K14": "Don't Be SORRY!: the player a SORRY! hurts may play it, and the SORRY! does nothing.",
    "K15": "After a turn: flips, the round's end, the game's end, then hands are topped up to 5.",
    "K16": "An empty draw pile is refilled by shuffling the discard.",
    "K17": "The first player with 4 pawn cards HOME wins at once.",
    "K18": "Players reaching 4 HOME together compare their best total of 21 or less from their "
           "hands; the best wins.",
    "K19": "The longer game: at 4 HOME a player starts returning, and wins with all 4 back at "
           "START. A SORRY! on a returning player turns one of its START cards back to HOME.",
}


def rule_link(rule_id: str) -> str:
    """The rule's place on its page, ``docs/cardgame.md#k13`` for K13: on the docs site once it
    is published, until then in the repository (:func:`~sorry_widget.core.project.docs_page`)."""
    if rule_id in CARD_RULE_SUMMARIES:
        return docs_page("cardgame.md", rule_id.lower())
    raise KeyError(f"rule id {rule_id!r} is not on the card game's rules page")


def rule_text(rule_id: str) -> str:
    """The rule's full text, as the card game's page states it."""
    if rule_id in CARD_RULE_TEXTS:
        return CARD_RULE_TEXTS[rule_id]["text"]
    raise KeyError(f"rule id {rule_id!r} is not on the card game's rules page")
