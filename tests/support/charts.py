"""The charts a lesson draws (sorry_widget/render/charts.py), counted in its outputs: how the
Lite, docs-site and export tests know how many charts each lesson must show there — as many as
it draws when it runs natively, counted from a native run, not written down by hand."""

from __future__ import annotations

import functools
import re
import shutil
import tempfile
from pathlib import Path

from sorry_widget.render.charts import MARKER_CLASS

ROOT = Path(__file__).resolve().parent.parent.parent
NOTEBOOKS = ROOT / "notebooks"

#: A chart's root element, as it starts every chart's SVG text.
CHART = re.compile(r"<svg\b[^>]*\bclass=\"" + MARKER_CLASS + r"\b")


def is_chart(svg: str | list[str]) -> bool:
    return bool(CHART.search(svg if isinstance(svg, str) else "".join(svg)))


def charts_in(notebook) -> int:
    """The chart outputs (image/svg+xml with the charts' class) of an executed notebook."""
    return sum(is_chart(output.get("data", {}).get("image/svg+xml", ""))
               for cell in notebook["cells"] for output in cell.get("outputs", []))


@functools.lru_cache(maxsize=None)
def native_charts(relative: str, timeout: int = 600) -> int:
    """How many charts the lesson ``relative`` (to notebooks/) draws when it runs here, in a
    kernel of this Python, in a copy of notebooks/ (a lesson writes files beside itself)."""
    import nbformat
    from nbclient import NotebookClient

    with tempfile.TemporaryDirectory() as tmp:
        lessons = Path(tmp) / "notebooks"
        shutil.copytree(NOTEBOOKS, lessons, ignore=shutil.ignore_patterns("out", ".ipynb_*"))
        path = lessons / relative
        nb = nbformat.read(path, as_version=4)
        NotebookClient(nb, timeout=timeout, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        return charts_in(nb)


def every_lesson() -> list[str]:
    """Every lesson, English and French, as a path relative to notebooks/."""
    return [p.relative_to(NOTEBOOKS).as_posix()
            for p in sorted([*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("fr/*.ipynb")])]
