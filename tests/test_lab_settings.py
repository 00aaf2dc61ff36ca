"""The lessons' JupyterLab defaults (widget state saved with the notebook) are merged into an
environment's overrides.json without losing what else it holds, and a bad file is refused."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from sorry_widget.classroom.lab_settings import lab_defaults, overrides_path, \
    write_lab_defaults, write_package_defaults

PLUGIN = "@jupyter-widgets/jupyterlab-manager:plugin"


def test_the_defaults_are_written_into_a_new_environment(tmp_path):
    path = write_lab_defaults(tmp_path)
    assert path == overrides_path(tmp_path)
    assert json.loads(path.read_text())[PLUGIN]["saveState"] is True


def test_other_settings_in_the_file_are_kept(tmp_path):
    path = overrides_path(tmp_path)
    path.parent.mkdir(parents=True)
    theme = {"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"}}
    path.write_text(json.dumps({**theme, PLUGIN: {"mimeBundleOutput": True}}))
    write_lab_defaults(tmp_path)
    merged = json.loads(path.read_text())
    assert merged["@jupyterlab/apputils-extension:themes"] == theme[
        "@jupyterlab/apputils-extension:themes"]
    assert merged[PLUGIN] == {"mimeBundleOutput": True, "saveState": True}


def test_a_broken_file_is_refused_and_left_as_it_was(tmp_path):
    path = overrides_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    with pytest.raises(ValueError, match="overrides.json: not readable JSON"):
        write_lab_defaults(tmp_path)
    assert path.read_text() == "{not json"
    assert [p.name for p in path.parent.iterdir()] == ["overrides.json"]


def test_the_readme_environment_has_them():
    """scripts/setup-env.sh (both README commands) writes them into .venv."""
    written = json.loads(overrides_path(sys.prefix).read_text())
    for plugin, settings in lab_defaults().items():
        assert settings.items() <= written[plugin].items()


# --- readable by every user of the environment, and the teacher's values kept (issue 31, 13) ----

@pytest.fixture
def private_umask():
    """A umask that makes new files owner-only, as on many shared machines."""
    old = os.umask(0o077)
    yield
    os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_new_settings_files_and_their_folders_are_readable_by_everyone(tmp_path, private_umask):
    for path in (write_lab_defaults(tmp_path), write_package_defaults(tmp_path)):
        assert mode(path) == 0o644, path
        for folder in path.relative_to(tmp_path).parents:
            if folder != Path("."):
                assert mode(tmp_path / folder) == 0o755, folder


def test_a_teachers_file_keeps_its_mode_and_its_values(tmp_path, private_umask):
    path = overrides_path(tmp_path)
    path.parent.mkdir(parents=True)
    teacher = {PLUGIN: {"saveState": False}, "@jupyterlab/apputils-extension:themes":
               {"theme": "JupyterLab Dark"}}
    path.write_text(json.dumps(teacher))
    os.chmod(path, 0o644)
    before = path.stat().st_mtime_ns
    write_lab_defaults(tmp_path)
    assert json.loads(path.read_text()) == teacher  # saveState false stays false
    assert path.stat().st_mtime_ns == before  # nothing to add: not rewritten
    assert mode(path) == 0o644
    os.chmod(path, 0o640)
    path.write_text(json.dumps({PLUGIN: {"mimeBundleOutput": True}}))
    write_lab_defaults(tmp_path)
    assert json.loads(path.read_text()) == {PLUGIN: {"mimeBundleOutput": True,
                                                     "saveState": True}}
    assert mode(path) == 0o640


def test_the_packages_own_file_keeps_the_mode_it_was_given(tmp_path, private_umask):
    path = write_package_defaults(tmp_path)
    os.chmod(path, 0o664)
    path.write_text("{}")
    assert write_package_defaults(tmp_path) == path
    assert json.loads(path.read_text()) == lab_defaults() and mode(path) == 0o664
