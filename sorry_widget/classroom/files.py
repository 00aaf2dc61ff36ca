"""The lessons for whoever installed the package: where they are, and copying them into a
folder (``sorry-widget lessons``, ``sorry-widget lab``).

A lesson links to the project's pages as ``../docs/coach.md`` and opens its data as
``games/classroom-game.json``, so the lessons are copied laid out as in the repository:
``notebooks/`` beside ``docs/``. The wheel carries them under ``sorry_widget/lessons/`` (see
pyproject.toml: the wheel's ``include`` lists the same patterns as ``PATTERNS``); an editable
install of a clone reads them from the clone itself.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..core.safeio import write_text_atomic

#: The lessons' files, relative to the folder holding notebooks/ and docs/.
PATTERNS = ("notebooks/*.ipynb", "notebooks/games/*.json", "docs/*.md",
            # the lessons and rules pages in French (issue 25)
            "notebooks/fr/*.ipynb", "docs/fr/*.md")
#: The folder ``sorry-widget lessons`` and ``sorry-widget lab`` use when given none.
DEFAULT_FOLDER = "sorry-widget-lessons"
FIRST_LESSON = "notebooks/01-quick-start.ipynb"


class LessonsError(Exception):
    """The lessons could not be found or copied; its message is one sentence for the user."""


def lessons_source() -> Path:
    """The folder holding the lessons: the copy inside the installed package (from a wheel),
    else the clone this package is imported from (an editable install or PYTHONPATH)."""
    here = Path(__file__).resolve().parent.parent  # the sorry_widget package
    for root in (here / "lessons", here.parent):
        if (root / FIRST_LESSON).is_file():
            return root
    raise LessonsError(f"the lessons are not installed with this copy of sorry_widget ({here}): "
                       "reinstall it with  pip install 'sorry-widget[lab]'")


def lesson_files(source: Path | None = None) -> list[str]:
    """The lessons' files as paths relative to ``source`` (default: ``lessons_source()``)."""
    root = lessons_source() if source is None else source
    return sorted({p.relative_to(root).as_posix() for pattern in PATTERNS
                   for p in root.glob(pattern) if p.is_file()})


def copy_lessons(folder: str | os.PathLike, *, force: bool = False,
                 missing_only: bool = False) -> tuple[list[str], list[str]]:
    """Copy the lessons into ``folder`` (made if needed); returns (written, left as they were).

    A file already there that differs from this version's (a student's edited copy) is never
    overwritten unless ``force``: without it, and without ``missing_only`` (which keeps such
    files and writes only the missing ones), nothing is written and ``LessonsError`` names them.
    Each file is written whole or not at all."""
    source, dest = lessons_source(), Path(folder)
    files = lesson_files(source)
    if dest.exists() and not dest.is_dir():
        raise LessonsError(f"{dest}: a file, not a folder; give a folder for the lessons")
    differing = []
    for name in files:
        target = dest / name
        if target.is_dir() or (target.exists()
                               and target.read_bytes() != (source / name).read_bytes()):
            differing.append(name)
    if differing and not force and not missing_only:
        raise LessonsError(
            f"{dest}: {len(differing)} of the lessons' files there differ from this version's "
            f"(edited since they were copied?): {', '.join(differing)}. Nothing was written; "
            "copy into another folder, or add --force to replace them.")
    written, kept = [], []
    for name in files:
        target = dest / name
        if target.exists() and (name not in differing or missing_only):
            kept.append(name)
            continue
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LessonsError(f"{target.parent}: cannot make this folder "
                               f"({exc.strerror or exc})") from None
        # Bytes decoded as they are, so the copy is byte for byte the packaged file.
        write_text_atomic(target, (source / name).read_bytes().decode("utf-8"),
                          what="lesson", error=LessonsError)
        written.append(name)
    return written, kept


def lab_command(folder: Path, jupyter_args: list[str]) -> list[str]:
    """The JupyterLab command that serves ``folder`` (so a lesson's ../docs/ links resolve
    inside it) and opens on its notebooks/, in this Python's environment."""
    args = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
            "--LabApp.default_url=/lab/tree/notebooks", "--ip=127.0.0.1"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")  # JupyterLab refuses root otherwise (containers, Binder)
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        # With no display, Python's webbrowser may start a text browser in this terminal.
        args.append("--no-browser")
    return args + jupyter_args
