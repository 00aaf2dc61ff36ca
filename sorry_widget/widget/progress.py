"""A progress bar for long experiments in a notebook: pass it as ``simulate(progress=...)``."""

from __future__ import annotations

import time

import ipywidgets


class ProgressBar(ipywidgets.HBox):
    """Shows ``done / total`` with a rate; call it as ``bar(done, total)``. Display it first
    (leave it last in a cell, or ``display(bar)``), then run the experiment."""

    def __init__(self, description: str = "games") -> None:
        self._bar = ipywidgets.IntProgress(value=0, min=0, max=1, description=description,
                                           bar_style="info")
        self._label = ipywidgets.Label("")
        self._started = None
        super().__init__([self._bar, self._label])

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if self._started is None or done == 0:
            self._started = now
        self._bar.max = max(total, 1)
        self._bar.value = done
        rate = done / (now - self._started) if now > self._started else 0.0
        self._label.value = f"{done:,} / {total:,}" + (f"  ({rate:,.0f}/s)" if rate else "")
        if done >= total:
            self._bar.bar_style = "success"

    @property
    def done(self) -> int:
        return self._bar.value
