"""The JupyterLab settings the lessons need, written as an environment's defaults.

A notebook closed without its widgets' state comes back with "Error displaying widget: model
not found" in place of every board until it is run again, although its saved output holds the
board's picture: JupyterLab renders a widget output with the widget manager whenever one is
installed, and finds no model to show. With *Save Widget State Automatically* on, JupyterLab
and Notebook 7 store each widget's state in the notebook, and a reopened lesson shows its boards
(replayable, notes and all) before anything runs. It is off in a new JupyterLab, so the
README's set-up (``scripts/setup-env.sh``), Binder (``binder/postBuild``) and the JupyterLite
site (``scripts/build_lite.py``) turn it on as the environment's default: JupyterLab's
``overrides.json``, which a person's own settings still override.

    python -m sorry_widget.classroom.lab_settings          # this Python's environment (sys.prefix)
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from ..core.safeio import read_json_file, small_file_text, write_text_atomic

#: The defaults themselves: one file, read here and by the JupyterLite build.
DEFAULTS_FILE = Path(__file__).with_name("lab-overrides.json")

#: Settings are read by every user of a shared environment (JupyterLab refuses to start an
#: extension whose settings it cannot read): new files and folders are readable by all.
FILE_MODE, FOLDER_MODE = 0o644, 0o755
#: The largest settings file read: JupyterLab's are a few kB.
MAX_SETTINGS_BYTES = 10_000_000


def lab_defaults() -> dict:
    return read_json_file(DEFAULTS_FILE, what="lab defaults", error=ValueError,
                          max_bytes=MAX_SETTINGS_BYTES)


def overrides_path(prefix: str | os.PathLike = sys.prefix) -> Path:
    """Where JupyterLab and Notebook 7 of the environment at ``prefix`` read their defaults."""
    return Path(prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"


def write_lab_defaults(prefix: str | os.PathLike = sys.prefix) -> Path:
    """Merge the lessons' defaults into the environment's ``overrides.json``, keeping every
    other setting in it and every value already set (a teacher's ``saveState: false`` stays);
    written, only if something changes, to a temporary file and moved into place, so a failure
    leaves the old file whole."""
    path = overrides_path(prefix)
    current: dict = {}
    if path.exists():
        try:
            current = read_json_file(path, what="settings", error=ValueError,
                                     max_bytes=MAX_SETTINGS_BYTES)
        except ValueError as exc:
            raise ValueError(f"{path}: not readable JSON ({exc}); fix or remove it") from None
        if not isinstance(current, dict):
            raise ValueError(f"{path}: expected a JSON object of plugin settings")
    merged = {**current}
    for plugin, settings in lab_defaults().items():
        # What is already there wins: a teacher's own choice (saveState false) is kept.
        merged[plugin] = {**settings, **current.get(plugin, {})}
    if merged != current or not path.exists():
        _write_settings(path, merged)
    return path


def _write_settings(path: Path, settings: dict) -> None:
    """Whole or not at all (OSError naming the path otherwise); a file keeps its mode, a new
    one and its new folders are readable by everyone."""
    missing = [folder for folder in (path.parent, *path.parent.parents) if not folder.exists()]
    for folder in reversed(missing):
        folder.mkdir()
        os.chmod(folder, FOLDER_MODE)  # not the umask's: 0700 would hide the file in it
    write_text_atomic(path, json.dumps(settings, indent=2) + "\n", what="JupyterLab settings",
                      error=OSError, new_mode=FILE_MODE)


def package_overrides_path(prefix: str | os.PathLike = sys.prefix) -> Path:
    """This package's own defaults file among the environment's ``overrides.d``."""
    return overrides_path(prefix).parent / "overrides.d" / "sorry-widget.json"


def write_package_defaults(prefix: str | os.PathLike = sys.prefix) -> Path:
    """The lessons' defaults as this package's own file (``sorry-widget lab``, for a pip user).

    JupyterLab reads ``overrides.d/*.json`` before ``overrides.json``, so whatever a teacher set
    there, or in their own settings, still wins, and no file of theirs is rewritten. Written
    only when it differs, whole or not at all (OSError if the environment is not writable)."""
    path = package_overrides_path(prefix)
    defaults = lab_defaults()
    if small_file_text(path, MAX_SETTINGS_BYTES) != json.dumps(defaults, indent=2) + "\n":
        _write_settings(path, defaults)
    return path


if __name__ == "__main__":
    try:
        print(f"JupyterLab defaults for the lessons: {write_lab_defaults()}")
    except (OSError, ValueError) as exc:
        sys.exit(f"sorry_widget.classroom.lab_settings: {exc}")
