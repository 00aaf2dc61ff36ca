"""The lessons' commands: ``lessons`` (copy them into a folder) and ``lab`` (open them in
JupyterLab)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..classroom.files import DEFAULT_FOLDER
from .common import usage_error
from .text import _, ngettext


def _print_copied(folder: Path, written: list[str], kept: list[str]) -> None:
    for name in written:
        print(_("  wrote {path}").format(path=folder / name))
    if kept:
        print(ngettext("  kept {count} file(s) already there", "  kept {count} file(s) already there",
                       len(kept)).format(count=len(kept)))


def lab_port(jupyter_args: list[str]) -> str:
    """The port JupyterLab is asked to try first: the last --port=N (or --ServerApp.port=N)
    passed on to it, else its default, 8888."""
    port = "8888"
    for arg in jupyter_args:
        name, sep, value = arg.partition("=")
        if sep and name in ("--port", "--ServerApp.port"):
            port = value
    return port


def cmd_lessons(args) -> int:
    from ..classroom.files import LessonsError, copy_lessons

    folder = Path(args.folder)
    try:
        written, kept = copy_lessons(folder, force=args.force)
    except LessonsError as exc:
        _print_copied(folder, exc.written, [])
        return usage_error(f"lessons: {exc}", whole=True)
    _print_copied(folder, written, kept)
    print(_("The lessons are in {lessons}; open them with:  sorry-widget lab {folder}").format(
        lessons=folder / "notebooks", folder=folder))
    return 0


def cmd_lab(args) -> int:
    """Copy the lessons where missing, switch on the lessons' JupyterLab defaults, and replace
    this process with JupyterLab serving the folder."""
    import importlib.util

    from ..classroom.files import LessonsError, copy_lessons, lab_command
    from ..classroom.lab_settings import write_package_defaults
    from ..simulation.experiments import fast_engine_available

    if importlib.util.find_spec("jupyterlab") is None:
        return usage_error(_("lab: JupyterLab is not installed here; install it with  "
                             "pip install 'sorry-widget[lab]'"))
    folder = Path(args.folder).resolve()
    try:
        written, kept = copy_lessons(folder, missing_only=True)
    except LessonsError as exc:
        _print_copied(folder, exc.written, [])
        return usage_error(f"lab: {exc}", whole=True)
    if written:
        _print_copied(folder, written, [])
    try:
        write_package_defaults()
    except OSError as exc:  # a read-only environment: the lessons still work
        print(_("sorry-widget lab: could not switch on 'Save Widget State Automatically' in "
                "this environment ({error}); reopened lessons show their boards after Run "
                "All").format(error=exc), file=sys.stderr)
    if not fast_engine_available():
        print(_("Simulations run on the pure-Python engine (lesson 05: 4,000 games an "
                "experiment); pip install 'sorry-widget[fast]' plays 100,000 in seconds."))
    port = lab_port(args.jupyter_args)
    print(_("Starting JupyterLab on {lessons}. Open the address it prints, "
            "http://127.0.0.1:{port}/lab/tree/notebooks?token=… (another port if {port} is "
            "taken); Ctrl+C stops it.").format(lessons=folder / "notebooks", port=port),
          flush=True)
    command = lab_command(folder, args.jupyter_args)
    if os.name == "nt":  # Windows' execv starts a new process and returns at once
        import subprocess

        return subprocess.call(command)
    os.execv(command[0], command)
    return 0  # pragma: no cover (execv does not return)


def add_lessons_and_lab(sub) -> None:
    p = sub.add_parser("lessons", help=_("copy the lessons (notebooks/, with the docs/ "
                                         "pages they link to) into a folder"))
    p.add_argument("folder", nargs="?", default=DEFAULT_FOLDER,
                   help=_("where to copy them (default: ./{folder})").format(folder=DEFAULT_FOLDER))
    p.add_argument("--force", action="store_true",
                   help=_("replace lesson files there that differ (a student's edits are lost)"))
    p.set_defaults(func=cmd_lessons)

    p = sub.add_parser("lab", help=_("open the lessons in JupyterLab (copied into the folder "
                                     "first where missing; edited copies are kept)"))
    p.add_argument("folder", nargs="?", default=DEFAULT_FOLDER,
                   help=_("the lessons' folder (default: ./{folder})").format(folder=DEFAULT_FOLDER))
    p.set_defaults(func=cmd_lab)
    p.epilog = _("Other options go to JupyterLab as --name=value, e.g. --port=9999.")
