"""sorry_widget: the board game Sorry! as a Jupyter teaching and visualization widget.

    from sorry_widget import Game, SorryWidget, board_svg
    SorryWidget()                      # play red against three computer players
    SorryWidget(record="game.json")    # replay a recorded game
    board_svg(Game(seed=1))            # the board as SVG text
    exact.race().first_player_wins     # an exact answer (docs/exact.md)

The games, their simulations and the drawing load at once; the widget (and with it Jupyter's
packages) only when ``SorryWidget``, ``SorryCardWidget`` or ``WidgetError`` is first used, so
``import sorry_widget.board`` and the ``sorry-widget`` command never load Jupyter. Loading
sorry_widget.simulation.coach and .learned here also adds the "coach" and "learned"
strategies to the board game's.
"""

from .board import COLOURS, Move, Position, PositionError, RuleSet, get_rules, legal_moves
from .board.game import Game, GameError, Play
from .board.record import Record, RecordError
from .cardgame import CardGame, CardGameError, CardRecord, CardState, GreedyCardStrategy, \
    RandomCardStrategy
from .cardgame import DEFAULT_DECK as CARD_DECK
from .simulation.cardgame_experiments import simulate_cardgame
from .simulation.coach import CoachAdvice, coach
from .simulation import exact
# Registers the "learned" strategy (its weights are read when it first plays).
from .simulation import learned as _learned  # noqa: F401
from .simulation.experiments import (FastEngineMissing, batch_game, fast_engine_available, simulate,
                                  wilson_interval)
from .classroom.needs import LessonNeeds, lesson_needs
from .render import board_svg, cardtable_svg

__version__ = "0.1.0"
__all__ = [
    "CARD_DECK", "COLOURS", "CardGame", "CardGameError", "CardRecord", "CardState", "CoachAdvice",
    "FastEngineMissing", "Game", "GameError", "GreedyCardStrategy", "LessonNeeds", "Move", "Play",
    "Position", "PositionError", "ProgressBar", "RandomCardStrategy", "Record", "RecordError",
    "RuleSet", "SorryCardWidget", "SorryWidget", "WidgetError", "board_svg", "cardtable_svg",
    "get_rules", "batch_game", "coach", "exact", "fast_engine_available", "legal_moves",
    "lesson_needs", "simulate", "simulate_cardgame", "wilson_interval",
]

_WIDGET_NAMES = ("SorryCardWidget", "SorryWidget", "WidgetError")


def __getattr__(name: str):
    if name == "ProgressBar":  # tqdm loads only when a bar is asked for
        from .progress import ProgressBar

        return ProgressBar
    if name in _WIDGET_NAMES:
        from . import widget

        return getattr(widget, name)
    raise AttributeError(f"module 'sorry_widget' has no attribute {name!r}")
