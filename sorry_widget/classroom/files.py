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

from ..core.safeio import not_a_file, read_bytes, write_text_atomic

#: The lessons' files, relative to the folder holding notebooks/ and docs/.
PATTERNS = ("notebooks/*.ipynb", "notebooks/games/*.json", "docs/*.md",
            # the lessons and rules pages in French (issue 25)
            "notebooks/fr/*.ipynb", "docs/fr/*.md")
#: The folder ``sorry-widget lessons`` and ``sorry-widget lab`` use when given none.
DEFAULT_FOLDER = "sorry-widget-lessons"
FIRST_LESSON = "notebooks/01-quick-start.ipynb"
#: The file that marks a folder as a lessons folder, written into it before the lessons.
MARKER = ".sorry-widget-lessons"
#: The largest lesson file read (a lesson with its outputs is a few MB).
MAX_LESSON_FILE_BYTES = 200_000_000


class LessonsError(Exception):
    """The lessons could not be found or copied; its message is one sentence for the user.
    ``written``: the files copied before the failure (relative names), if any."""

    def __init__(self, message: str, written: list[str] | None = None) -> None:
        super().__init__(message)
        self.written = written or []


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _lesson_bytes(path: Path) -> bytes:
    return read_bytes(path, what="lesson", error=LessonsError, max_bytes=MAX_LESSON_FILE_BYTES)


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


def is_lessons_folder(folder: Path) -> bool:
    """A folder the lessons were copied to: it has the marker (or, copied before there was one,
    the first lesson)."""
    return (folder / MARKER).is_file() or (folder / FIRST_LESSON).is_file()


def _check_folder(dest: Path) -> None:
    """Refuse a folder the lessons must not be copied into: a file, or a folder holding other
    things (``/``, a home folder) that is not a lessons folder, whose own files could collide
    with the lessons' (``docs/rules.md``)."""
    try:
        if dest.exists() and not dest.is_dir():
            raise LessonsError(f"{dest}: a file, not a folder; give a folder for the lessons")
        if dest.is_dir() and any(dest.iterdir()) and not is_lessons_folder(dest):
            raise LessonsError(
                f"{dest}: this folder holds other files and is not a lessons folder (it has no "
                f"{MARKER} file); nothing was written. Give a new or empty folder, e.g. "
                f"{dest / DEFAULT_FOLDER}")
    except OSError as exc:  # a name too long, a folder that cannot be read
        raise LessonsError(f"{dest}: cannot copy the lessons there ({_reason(exc)}); nothing "
                           "was written") from None


def copy_lessons(folder: str | os.PathLike, *, force: bool = False,
                 missing_only: bool = False) -> tuple[list[str], list[str]]:
    """Copy the lessons into ``folder`` (made if needed); returns (written, left as they were).

    ``folder`` must be new, empty or a lessons folder (``MARKER``): a folder holding other
    things is refused, so no file of the user's is replaced. A file already there that differs
    from this version's (a student's edited copy) is never overwritten unless ``force``:
    without it, and without ``missing_only`` (which keeps such files and writes only the missing
    ones), nothing is written and ``LessonsError`` names them. A folder where a lesson file
    should be is refused before anything is written. Each file is written whole or not at all;
    if one fails (a full disk), ``LessonsError`` says which were copied and which were not."""
    source, dest = lessons_source(), Path(folder)
    files = lesson_files(source)
    _check_folder(dest)
    differing, blocked = [], []
    try:
        for name in files:
            target = dest / name
            in_the_way = [p for p in target.parents
                          if dest in p.parents and p.exists() and not p.is_dir()]
            # A FIFO or a device where a lesson goes is in the way too: never read, nor replaced.
            if (target.exists() and not_a_file(target.stat().st_mode)) or in_the_way:
                blocked.append(name)
            elif target.exists() and _lesson_bytes(target) != _lesson_bytes(source / name):
                differing.append(name)
    except OSError as exc:
        raise LessonsError(f"{dest}: cannot copy the lessons there ({_reason(exc)}); nothing "
                           "was written") from None
    if blocked:
        raise LessonsError(
            f"{dest}: a folder or file is in the way of {len(blocked)} of the lessons' files: "
            f"{', '.join(blocked)}. Nothing was written; move it, or copy into another folder.")
    if differing and not force and not missing_only:
        raise LessonsError(
            f"{dest}: {len(differing)} of the lessons' files there differ from this version's "
            f"(edited since they were copied?): {', '.join(differing)}. Nothing was written; "
            "copy into another folder, or add --force to replace them.")
    written, kept = [], []
    todo = [name for name in files
            if not ((dest / name).exists() and (name not in differing or missing_only))]
    kept = [name for name in files if name not in todo]
    try:
        dest.mkdir(parents=True, exist_ok=True)
        write_text_atomic(dest / MARKER, "This folder holds the lessons of sorry_widget "
                          "(sorry-widget lessons, sorry-widget lab).\n", what="lessons",
                          error=LessonsError)
        for name in todo:
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            # Bytes decoded as they are, so the copy is byte for byte the packaged file.
            write_text_atomic(target, _lesson_bytes(source / name).decode("utf-8"),
                              what="lesson", error=LessonsError)
            written.append(name)
    except (OSError, LessonsError) as exc:
        reason = _reason(exc) if isinstance(exc, OSError) else str(exc)
        missing = [name for name in todo if name not in written]
        raise LessonsError(
            f"{dest}: copying stopped ({reason}): {len(written)} of {len(todo)} files copied, "
            f"{len(missing)} not: {', '.join(missing)}", written) from None
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
