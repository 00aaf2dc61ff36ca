"""The board game Sorry!: track, cards, positions, moves, rules, games, records, strategies.

Pure Python, standard library only: no Jupyter, NumPy or drawing imports.
"""

from .track import COLOURS
from .cards import CARD_NAMES, DECKS, SORRY, card_from_name
from .moves import Move, legal_moves, moves_between, why_illegal, why_not_forfeit
from .state import POSITION_FORMAT, Position, PositionError
from .rules import CLASSIC, RULE_SETS, RuleSet, get_rules
# Registers the other programs' players (apologies-reward, sorrygame-…) by name.
from . import others  # noqa: E402,F401

__all__ = [
    "CARD_NAMES", "CLASSIC", "COLOURS", "DECKS", "POSITION_FORMAT", "RULE_SETS", "SORRY", "Move",
    "Position", "PositionError", "RuleSet", "card_from_name", "get_rules", "legal_moves",
    "moves_between", "why_illegal", "why_not_forfeit",
]
