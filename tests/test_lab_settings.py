"""The lessons' JupyterLab defaults (widget state saved with the notebook) are merged into an
environment's overrides.json without losing what else it holds, and a bad file is refused."""

from __future__ import annotations

import json
import sys

import pytest

from sorry_widget.classroom.lab_settings import lab_defaults, overrides_path, write_lab_defaults

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
