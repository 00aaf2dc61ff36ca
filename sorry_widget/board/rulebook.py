"""Each rule id of the board game: one line for the widget's rule badges and for anyone printing
a rule, its full text, and its place on the rules page (docs/rules.md).

The full text (:data:`RULE_TEXTS`, with the project's choices where the rulebooks are silent) is
generated from the project's rules page, ``docs/rules.md``, by ``scripts/build_rule_texts.py``,
so it travels inside the package; the docs site's page built from it has the same anchors
(``rules.html#c7`` for C7), and a test keeps the ids, the anchors and the texts the same.
"""

from __future__ import annotations

from ..core.project import docs_page
from .rule_texts import RULE_TEXTS

#: The board game's rules page (``docs/rules.md``; on the docs site once it is published).
RULES_PAGE = docs_page("rules.md")

#: The board game's rules, one line each, by id (the full text: ``docs/rules.md``).
RULE_SUMMARIES: dict[str, str] = {
    "C1": "Starting a pawn: only a 1 or a 2 takes a pawn out of START, onto its start exit.",
    "C2": "Own pawn in the way: a move may not end on a pawn of the same colour.",
    "C3": "Bumping: ending on an opponent's pawn sends it back to its START.",
    "C4": "Slides: ending on the triangle of another colour's slide slides to its end, sending "
          "every pawn on the slide back to START.",
    "C5": "Safety zone: a forward move turns into the colour's own safety zone; a backward move "
          "never enters one.",
    "C6": "HOME: reached by exact count only; pawns in a safety zone or at HOME are never bumped.",
    "C7": "The 2: start a pawn or move 2 forward, then draw again in the same turn.",
    "C8": "The 7: move one pawn 7, or split the 7 between two pawns, both forward.",
    "C9": "The 10: move one pawn 10 forward or 1 backward.",
    "C10": "The 11: move 11 forward, or switch places with an opponent's pawn on the track.",
    "C11": "Sorry!: take a pawn from START and put it on an opponent's pawn, which goes back to "
           "its START.",
    "C12": "You must move if you can; with no legal move the turn is lost.",
    "C13": "The 3, 4, 5, 8 and 12 move one pawn that many squares; the 4 goes backward.",
    "C14": "Winning: the first player with all pawns HOME wins.",
    "T1": "Team play: the card may move any pawn of the team, the player's or the partner's.",
    "T2": "Team play: a 1 or 2 may start a partner's pawn, onto its own start exit.",
    "T3": "Team play: a move may not end on a pawn of its own colour; any other colour is "
          "bumped, the partner's too.",
    "T4": "Team play: the 7 may be split between any two pawns of the team.",
    "T5": "Team play: the 11 switches a team pawn with an opponent's, never two team pawns.",
    "T6": "Team play: Sorry! takes a pawn from either partner's START onto an opponent's pawn "
          "(a team pawn only if no opponent is on the track).",
    "T7": "Team play: after a 2 the same player draws again.",
    "T8": "Team play: the first team with all eight pawns HOME wins.",
    "P1": "Play for points: one pawn starts on its start exit, the others in START.",
    "P2": "Play for points: play one card of a hand of five and draw back to five; one that "
          "can move must be played.",
    "P3": "Play for points: if no card can move (or only 11 switches), discard one, draw one, "
          "and the turn ends.",
    "P4": "Play for points: a 2 played gives another play; a discarded 2 does not.",
    "P5": "Play for points: 5 points per pawn HOME; the winner adds 5 per opponent pawn not HOME "
          "and a bonus of 100, 50 or 25.",
}


def rule_link(rule_id: str) -> str:
    """The rule's place on its page: ``…/rules.html#c7`` for C7 on the docs site once it is
    published, until then ``…/blob/main/docs/rules.md#c7`` in the repository
    (:func:`~sorry_widget.core.project.docs_page`; the card game's K ids:
    :func:`sorry_widget.cardgame.rulebook.rule_link`)."""
    if rule_id in RULE_SUMMARIES:
        return docs_page("rules.md", rule_id.lower())
    raise KeyError(f"rule id {rule_id!r} is not on the board game's rules page")


def rule_text(rule_id: str) -> str:
    """The rule's full text, as the rules page states it (its heading: ``RULE_TEXTS[id]``)."""
    if rule_id in RULE_TEXTS:
        return RULE_TEXTS[rule_id]["text"]
    raise KeyError(f"rule id {rule_id!r} is not on the board game's rules page")
