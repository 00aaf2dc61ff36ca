"""sorry_widget: the board game Sorry! as a Jupyter teaching and visualization widget.

    from sorry_widget import Game, SorryWidget, board_svg
    SorryWidget()                      # play red against three computer players
    SorryWidget(record="game.json")    # replay a recorded game
    board_svg(Game(seed=1))            # the board as SVG text
"""

from .engine import COLOURS, Move, Position, PositionError, RuleSet, get_rules, legal_moves
from .engine.game import Game, GameError, Play
from .engine.record import Record, RecordError
from .engine.simulate import simulate
from .render import board_svg
from .widget import ProgressBar, SorryWidget, WidgetError

__version__ = "0.1.0"
__all__ = [
    "COLOURS", "Game", "GameError", "Move", "Play", "Position", "ProgressBar", "PositionError", "Record",
    "RecordError", "RuleSet", "SorryWidget", "WidgetError", "board_svg", "get_rules",
    "legal_moves", "simulate",
]
