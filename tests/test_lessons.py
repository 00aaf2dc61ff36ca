"""What the lessons say, checked: their words against numbers computed here independently of
the lesson's own code, and their links from where a lesson is opened (issue 21)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def cells(lesson: str, kind: str) -> list[str]:
    nb = json.loads((ROOT / "notebooks" / lesson).read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


def text(lesson: str) -> str:
    """A lesson's markdown as one line of words (line breaks inside a paragraph dropped)."""
    return " ".join(" ".join(cells(lesson, "markdown")).split())


def test_lesson_4_compares_with_and_without_replacement_as_the_deck_does():
    """Point 16: the chance of a Sorry! (4 in 45 cards) within n draws is the same both ways at
    n = 1 and higher without replacement from n = 2 on; the task once said "always"."""
    def none_with(n):  # n independent draws from a full deck
        return Fraction(41, 45) ** n

    def none_without(n):  # n cards off one shuffled deck: each draw one card fewer
        p = Fraction(1)
        for i in range(n):
            p *= Fraction(max(0, 41 - i), 45 - i)
        return p

    assert 1 - none_with(1) == 1 - none_without(1) == Fraction(4, 45)
    assert all(none_without(n) < none_with(n) for n in range(2, 46))
    words = text("04-probability-with-cards.ipynb")
    assert "always a little higher" not in words
    assert "At n = 1 the two columns agree (4/45 both ways); from n = 2 on the chance *without* " \
           "replacement is higher." in words
