"""The Sorry! engine: pure Python, no Jupyter, numpy or drawing imports."""

from .board import COLOURS
from .cards import CARD_NAMES, DECKS, SORRY, card_from_name
from .moves import Move, legal_moves, moves_between, why_illegal, why_not_forfeit
from .position import POSITION_FORMAT, Position, PositionError
from .rules import CLASSIC, RULE_SETS, RuleSet, get_rules

__all__ = [
    "CARD_NAMES", "CLASSIC", "COLOURS", "DECKS", "POSITION_FORMAT", "RULE_SETS", "SORRY", "Move",
    "Position", "PositionError", "RuleSet", "card_from_name", "get_rules", "legal_moves",
    "moves_between", "why_illegal", "why_not_forfeit",
]
