"""The computer players a person may play against, weakest to strongest: what the board
widget's *New game* form offers and lesson 09 plays against (docs/ladder.md rates them).

The order is the 2-player ladder's (``sorry-widget ladder``): ``random``; the reward-based
player of the ``apologies`` package (board/others.py, the one other program's player with a
published strength, 73 % against random players); ``greedy``; the coach at the ladder's budget
(:func:`.ladder.coach_player`); ``learned`` (:mod:`.learned`). ``perfect`` plays the solved
two-pawn game (:mod:`.twopawn`), so it is offered only for a game that starts in that game's
family and only where its table is cached: never for a whole game from the start, and never in
the Lite site, where the table cannot be built.
"""

from __future__ import annotations

from ..board.state import Position
from ..board.strategies import Strategy, as_strategy
from . import learned, twopawn  # noqa: F401 - they register "learned" and "perfect"
from .ladder import coach_player

#: Weakest to strongest.
LEVELS = ("random", "apologies-reward", "greedy", "coach", "learned", "perfect")


def perfect_applies(start: Position) -> bool:
    """Whether ``perfect`` plays a game from ``start`` by its table all the way: the two-pawn
    table is cached (never built here) and covers ``start``."""
    table = twopawn.cached_table()
    return table is not None and table.covers(start)


def computer_players(start: Position) -> list[str]:
    """The levels offered for a game from ``start``, weakest to strongest."""
    return [name for name in LEVELS if name != "perfect" or perfect_applies(start)]


def computer_player(name: str) -> Strategy:
    """The strategy of level ``name`` (the coach at the ladder's budget, so that it is the
    player the ladder rated); ValueError for a name that is not a level."""
    if name not in LEVELS:
        raise ValueError(f"computer: {name!r} is not one of the levels {', '.join(LEVELS)}")
    return coach_player() if name == "coach" else as_strategy(name)
