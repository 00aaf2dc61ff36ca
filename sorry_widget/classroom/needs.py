"""What a lesson needs beyond this package, said in one sentence when it is missing.

The offline JupyterLite site (docs/lite.md) carries this package and the pure-Python packages it
uses, but not NumPy or matplotlib: Pyodide's builds of those come from the internet. A lesson
wraps its imports of them in ``lesson_needs`` so that, offline, its first cell says what it
needs and stops Run All there, instead of a traceback on the first import.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager


class LessonNeeds(ImportError):
    """A package a lesson needs is missing; shown as its one-sentence message, no traceback."""

    def __init__(self, what: str, missing: str | None):
        if sys.platform == "emscripten":
            sentence = (f"This lesson needs {what}, which this site loads from the internet: "
                        "connect this browser to the internet and run the lesson again (the "
                        "quick start, rules tour, replay, variants and card game lessons work "
                        "offline).")
        else:
            sentence = (f"This lesson needs {what} ({missing!r} is not installed): install "
                        "them with  pip install 'sorry-widget[lab]'  and run it again.")
        super().__init__(sentence, name=missing)
        self.sentence = sentence

    def _render_traceback_(self) -> list[str]:
        # IPython (and JupyterLite's kernel) show these lines instead of a traceback.
        return [self.sentence]


@contextmanager
def lesson_needs(what: str):
    """Imports inside the block are what the lesson needs, named in words by ``what``::

        with lesson_needs("NumPy and matplotlib"):
            import matplotlib.pyplot as plt

    In JupyterLite the imports are seen before the cell runs and loaded from Pyodide's site when
    online; if one is missing, ``LessonNeeds`` says so in one sentence.
    """
    try:
        yield
    except ImportError as error:
        raise LessonNeeds(what, error.name) from None
