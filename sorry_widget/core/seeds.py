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


#: A seed a record may hold: a whole number of at most this many digits …
MAX_SEED_DIGITS = 20
#: … or a text of at most this many characters (``Game(seed="lesson 3")``).
MAX_SEED_CHARS = 100


def seed_problem(seed: Any) -> str | None:
    """What is wrong with a seed as a record gives it, or None. A seed is kept to replay the
    same cards, so it must be something ``random.Random`` takes the same way everywhere and
    JSON writes back unchanged: ``null``, a whole number or a short text."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        from .safeio import shown

        return f"must be a whole number or a text, not {shown(seed)}"
    if isinstance(seed, int):
        if not -10 ** MAX_SEED_DIGITS < seed < 10 ** MAX_SEED_DIGITS:
            return f"a whole number of at most {MAX_SEED_DIGITS} digits"
        return None
    if len(seed) > MAX_SEED_CHARS:
        return f"a text of {len(seed):,} characters; a seed has at most {MAX_SEED_CHARS}"
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:
        return "the text holds a lone surrogate (an incomplete character)"
    return None


def written_seed(seed: Any) -> Any:
    """A game's seed as its record writes it: a whole number of at most MAX_SEED_DIGITS digits
    or a text as it is; anything else (a float, a huge number, ``True``) as its text, which
    deals the same cards, since games seed their generators with ``f"…:{seed}"``. So a record
    saved from any game reads back (:func:`seed_problem`)."""
    if seed is None or (isinstance(seed, str)) or (
            isinstance(seed, int) and not isinstance(seed, bool)
            and -10 ** MAX_SEED_DIGITS < seed < 10 ** MAX_SEED_DIGITS):
        return seed
    return str(seed)
