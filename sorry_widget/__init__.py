"""sorry_widget: the board game Sorry! as a Jupyter teaching and visualization widget."""

from .engine import COLOURS, Move, Position, PositionError, RuleSet, get_rules, legal_moves

__version__ = "0.1.0"
__all__ = ["COLOURS", "Move", "Position", "PositionError", "RuleSet", "get_rules", "legal_moves"]
