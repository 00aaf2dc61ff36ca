"""No seed means a fresh shuffle, and the seed used is kept so the game replays.

A board game, a card game or a simulation started without a seed draws one from the operating
system's entropy (``secrets``, which Pyodide serves from the browser's crypto too) and keeps it:
``game.seed``, the record's ``seed``, ``Summary.seed``, the ``seed`` of ``cardgame simulate``.
Passing that seed back plays the same cards again.
"""

from __future__ import annotations

import secrets
from typing import Any

from .errors import SorryError

#: Fresh seeds are whole numbers below this: short enough to read out in class and type back,
#: large enough that two games of a school year never share one by chance.
FRESH_SEED_LIMIT = 10 ** 12


def fresh_seed() -> int:
    """A new seed from the system's entropy."""
    return secrets.randbelow(FRESH_SEED_LIMIT)


def seed_or_fresh(seed: Any) -> Any:
    """``seed`` itself, checked by :func:`check_seed`, or a fresh one where it is None.
    Every game and simulation takes its seed through here."""
    return fresh_seed() if seed is None else check_seed(seed)


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


class SeedError(SorryError):
    """A seed no record could keep."""


def check_seed(seed: Any) -> Any:
    """``seed`` if a record can keep it, as itself or as its text (:func:`written_seed`), so
    that a game never saves a record its own readers refuse; else one :class:`SeedError`
    naming the seed. The one limit of seeds, for the games, the simulations and the records:
    a whole number of at most MAX_SEED_DIGITS digits is kept as it is; any other seed (a text,
    a longer number, ``1.5``) by its text of at most MAX_SEED_CHARS characters."""
    problem = _written_problem(seed)
    if problem:
        raise SeedError(f"seed: {problem}")
    return seed


def _written_problem(seed: Any) -> str | None:
    if isinstance(seed, int) and not isinstance(seed, bool) and \
            not -10 ** (MAX_SEED_CHARS - 1) < seed < 10 ** (MAX_SEED_CHARS - 1):
        # Never turned into text: Python refuses to print an int of over 4,300 digits.
        return (f"a whole number of more than {MAX_SEED_CHARS - 1} digits; a seed is a "
                f"number or a text of at most {MAX_SEED_CHARS} characters")
    if seed is None or isinstance(seed, str):
        return seed_problem(seed)
    try:
        text = str(seed)
    except Exception as exc:  # an object whose text cannot be made
        return f"{type(seed).__name__} cannot be written as text ({type(exc).__name__})"
    if len(text) > MAX_SEED_CHARS:
        return (f"written as a text of {len(text):,} characters; a seed has at most "
                f"{MAX_SEED_CHARS}")
    return seed_problem(text)


def written_seed(seed: Any) -> Any:
    """A game's seed as its record writes it: a whole number of at most MAX_SEED_DIGITS digits
    or a text as it is; anything else (a float, a longer number, ``True``) as its text, which
    deals the same cards, since games seed their generators with ``f"…:{seed}"``. So a record
    saved from any game reads back (:func:`seed_problem`); a seed past :func:`check_seed`'s
    limit is refused here too, with the same error."""
    check_seed(seed)
    if seed is None or (isinstance(seed, str)) or (
            isinstance(seed, int) and not isinstance(seed, bool)
            and -10 ** MAX_SEED_DIGITS < seed < 10 ** MAX_SEED_DIGITS):
        return seed
    return str(seed)
