"""No seed means a fresh shuffle, and the seed used is kept so the game replays.

A board game, a card game or a simulation started without a seed draws one from the operating
system's entropy (``secrets``, which Pyodide serves from the browser's crypto too) and keeps it:
``game.seed``, the record's ``seed``, ``Summary.seed``, the ``seed`` of ``cardgame simulate``.
Passing that seed back plays the same cards again.
"""

from __future__ import annotations

import secrets
from typing import Any

#: Fresh seeds are whole numbers below this: short enough to read out in class and type back,
#: large enough that two games of a school year never share one by chance.
FRESH_SEED_LIMIT = 10 ** 12


def fresh_seed() -> int:
    """A new seed from the system's entropy."""
    return secrets.randbelow(FRESH_SEED_LIMIT)


def seed_or_fresh(seed: Any) -> Any:
    """``seed`` itself, or a fresh one where it is None."""
    return fresh_seed() if seed is None else seed
