"""Progress bars for long experiments: ``simulate(..., progress=ProgressBar())``.

The engine only calls ``progress(done, total)`` (it stays standard-library only, for Pyodide);
this adapter hands those calls to ``tqdm.auto``, which draws a widget bar in a notebook and a text
bar on a terminal, with the rate and the time left. In JupyterLite (Pyodide) it uses tqdm's
notebook bar itself: tqdm.auto does not know that kernel and would draw a text bar on stderr.
"""

from __future__ import annotations

import sys

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
        self._bar = None
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None or self._bar.total != total or done < self._bar.n:
            self.close()
            self._bar = tqdm(total=total, desc=self.description, **self._options)
        self._bar.update(done - self._bar.n)
        self.done = done
        if done >= total:
            self.close()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
