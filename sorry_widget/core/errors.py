"""The one base of every error the project raises on bad input.

Each message already names the field and says what is wrong, so in a notebook the traceback
adds nothing a student can use: IPython shows an exception's ``_render_traceback_()`` lines in
place of the traceback, and this base gives one line. Plain Python still prints the full
traceback for developers.
"""

from __future__ import annotations

from typing import Any


class SorryError(ValueError):
    """Bad input refused with one message; nothing was changed."""

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


class StrategyFailed(SorryError):
    """A computer player's strategy raised, or answered with something that is not one of the
    legal choices it was given. The game it played in is as it was before it was asked."""


def strategy_shown(strategy: Any) -> str:
    """A strategy as a :class:`StrategyFailed` names it: its name, else its class's."""
    from .safeio import shown

    return shown(getattr(strategy, "name", None) or type(strategy).__name__)
