"""Writes into every lesson (notebooks/*.ipynb, notebooks/fr/*.ipynb) the ``language_info`` that
the project's kernel reports, so that a lesson opens unchanged:

    .venv/bin/python scripts/lesson_metadata.py          # --check: write nothing, exit 1 if any would change

Why: when its kernel starts, JupyterLab (and Notebook 7) copies the kernel's ``language_info``
(the Python version, its lexer, mimetype...) into the notebook's metadata; a lesson that stored
less (``{"name": "python"}``) has then changed, and opens marked unsaved before anyone touched
it (issue 39, point 16). Storing exactly what the kernel reports leaves nothing to change. The
version is the environment's Python (3.11 here, as the README's set-up and the CI have it): run
this again when the environment's Python changes; tests/test_lessons.py checks the lessons agree
with each other and with this kernel's Python version."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted([*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "notebooks" / "fr").glob("*.ipynb")])


def kernel_language_info() -> dict:
    """What ipykernel, the lessons' kernel, sends JupyterLab as ``language_info``."""
    from ipykernel.ipkernel import IPythonKernel

    return json.loads(json.dumps(IPythonKernel.language_info))


def with_language_info(text: str, info: dict) -> str:
    """The notebook's JSON with ``info`` as its language_info, written as the lessons are (one
    space of indent, non-ASCII kept, a newline at the end: JupyterLab's own way)."""
    notebook = json.loads(text)
    notebook["metadata"]["language_info"] = info
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    info = kernel_language_info()
    stale = []
    for path in LESSONS:
        text = path.read_text(encoding="utf-8")
        new = with_language_info(text, info)
        if new != text:
            stale.append(path)
            if "--check" not in argv:
                path.write_text(new, encoding="utf-8")
    for path in stale:
        print(("would write " if "--check" in argv else "wrote ") + str(path.relative_to(ROOT)))
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
