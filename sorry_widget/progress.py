"""Progress bars for long experiments: ``simulate(..., progress=ProgressBar())``.

The engine only calls ``progress(done, total)`` (it stays standard-library only, for Pyodide);
this adapter hands those calls to ``tqdm.auto``, which draws a widget bar in a notebook and a text
bar on a terminal, with the rate and the time left. In JupyterLite (Pyodide) it uses tqdm's
notebook bar itself: tqdm.auto does not know that kernel and would draw a text bar on stderr.
"""

from __future__ import annotations

import sys
import weakref

if sys.platform == "emscripten":
    from tqdm.notebook import tqdm as _notebook_tqdm

    class tqdm(_notebook_tqdm):
        # The browser starts no threads: tqdm's monitor thread would fail with a warning.
        monitor_interval = 0
else:
    from tqdm.auto import tqdm


class ProgressBar:
    """A ``progress(done, total)`` callback drawn by tqdm; ``description`` labels the bar and
    ``tqdm_options`` go to tqdm (e.g. ``file=sys.stderr``). One bar serves several runs in a
    row: a new total, or a count that goes back, starts a new bar."""

    def __init__(self, description: str = "games", **tqdm_options) -> None:
        self.description = description
        self._options = {"unit": " games", **tqdm_options}
        if self._options["unit"].strip() == "%" and "bar_format" not in self._options:
            # A bar counting percent shows no rate: "7.24s/%" means nothing to a person.
            self._options["bar_format"] = PERCENT_FORMAT
        self._bar = None
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None or self._bar.total != total or done < self._bar.n:
            self.close()
            self._bar = tqdm(total=total, desc=self.description, **self._options)
            _open_bars.add(self)
        self._bar.update(done - self._bar.n)
        self.done = done
        if done >= total:
            self.close()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        _open_bars.discard(self)


#: The bar of a run counting percent: the share done, the time taken and the time left.
PERCENT_FORMAT = "{l_bar}{bar}| {elapsed} elapsed, {remaining} left"
#: The bars drawing now, so that a run stopped midway (Ctrl-C) can end their lines first.
_open_bars: weakref.WeakSet[ProgressBar] = weakref.WeakSet()


def close_open_bars() -> None:
    """End every bar still drawing (its line finished, never drawn again), so that what is
    printed next, "interrupted" after a Ctrl-C, starts a line of its own."""
    for bar in list(_open_bars):
        bar.close()
