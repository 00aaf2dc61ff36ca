"""One line per rule id, for the widget's rule badges and for anyone printing a rule.

The full text of each rule, with the project's choices where the rulebooks are silent, is the
project's rules page, ``docs/rules.md`` (anchor ``#c7`` for C7); a test keeps these ids and that
page's anchors the same.
"""

from __future__ import annotations

#: Where the full rules live in the project, relative to its top folder.
RULES_PAGE = "docs/rules.md"

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



#: Where the card game's rules live in the project (anchor ``#k13`` for K13).
CARD_RULES_PAGE = "docs/cardgame.md"

#: The SORRY! card game's rules, one line each (the full text: ``docs/cardgame.md``).
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
    """The rule's place on the project's pages: ``docs/rules.md#c7`` for the board game's C7,
    ``docs/cardgame.md#k13`` for the card game's K13."""
    if rule_id in RULE_SUMMARIES:
        return f"{RULES_PAGE}#{rule_id.lower()}"
    if rule_id in CARD_RULE_SUMMARIES:
        return f"{CARD_RULES_PAGE}#{rule_id.lower()}"
    raise KeyError(f"rule id {rule_id!r} is on neither rules page")
