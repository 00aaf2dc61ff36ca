"""The computer players a person may play against, weakest to strongest: what the board
widget's *New game* form offers and lesson 09 plays against (docs/ladder.md rates them).

The order is the 2-player ladder's (``sorry-widget ladder``): ``random``; the reward-based
player of the ``apologies`` package (board/others.py, the one other program's player with a
published strength, 73 % against random players); ``greedy``; the coach at the ladder's budget
(:func:`.ladder.coach_player`); ``learned`` (:mod:`.learned`). ``perfect`` plays the solved
two-pawn game (:mod:`.twopawn`), so it is offered only for a game that starts in that game's
family and only where its table is cached: never for a whole game from the start, and never in
the Lite site, where the table cannot be built.

A level is offered only for the rule sets it plays in reasonable time (:func:`why_not`): the
coach advises on one drawn card, so it cannot play a rule set that deals hands, and its
thousand games after each move take a fraction of a second in the batch engine but tens of
seconds in pure Python (a team game, which the batch engine does not play; or no numba, as in
the Lite site), while the kernel waits. A cheaper coach there would be another, weaker player
than the one the ladder rated, so it is left out instead.
"""

from __future__ import annotations

from ..board.rules import RuleSet
from ..board.state import Position
from ..board.strategies import Strategy, as_strategy
from . import learned, twopawn  # noqa: F401 - they register "learned" and "perfect"
from .experiments import engine_for
from .ladder import COACH_PLAYERS, coach_player

#: Weakest to strongest.
LEVELS = ("random", "apologies-reward", "greedy", "coach", "learned", "perfect")


def perfect_applies(start: Position) -> bool:
    """Whether ``perfect`` plays a game from ``start`` by its table all the way: the two-pawn
    table is cached (never built here) and covers ``start``."""
    table = twopawn.cached_table()
    return table is not None and table.covers(start)


#: Why a level is not offered for a rule set: the codes :func:`why_not` answers.
WHY_NOT = ("hands", "no-batch-engine", "no-numba")


def why_not(name: str, rules: RuleSet) -> str | None:
    """Why the level ``name`` is not offered for games under ``rules`` (a code of
    :data:`WHY_NOT`), or None where it plays them in reasonable time."""
    if name == "coach":
        if rules.deals_hands:
            return "hands"  # (the coach refuses a position with hands: coach.coach)
        if engine_for("auto", rules, COACH_PLAYERS) != "batch":
            return "no-batch-engine" if not rules.plays_fast("batch") else "no-numba"
    return None


def computer_players(start: Position) -> list[str]:
    """The levels offered for a game from ``start``, weakest to strongest."""
    return [name for name in LEVELS if (name != "perfect" or perfect_applies(start))
            and why_not(name, start.rules) is None]


def computer_player(name: str) -> Strategy:
    """The strategy of level ``name`` (the coach at the ladder's budget, so that it is the
    player the ladder rated); ValueError for a name that is not a level."""
    if name not in LEVELS:
        raise ValueError(f"computer: {name!r} is not one of the levels {', '.join(LEVELS)}")
    return coach_player() if name == "coach" else as_strategy(name)
