"""Binder's set-up, checked the way repo2docker runs it: requirements.txt into a fresh
environment, then postBuild from a copy of the repository, then the quick-start notebook."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
BINDER = ROOT / "binder"
tomllib = pytest.importorskip("tomllib")


def requirement_names(lines) -> set[str]:
    names = set()
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(re.split(r"[\s<>=!~\[;]", line, maxsplit=1)[0].lower())
    return names


def test_binder_requirements_cover_the_package_and_the_lessons():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    # Binder runs the lessons at full speed, as the README's set-up does: lab, fast and dask.
    needed = (requirement_names(project["dependencies"]) | requirement_names(extras["lab"])
              | requirement_names(extras["fast"]) | requirement_names(extras["dask"])) \
        - {"sorry-widget"}
    listed = requirement_names((BINDER / "requirements.txt").read_text().splitlines())
    assert needed <= listed, f"binder/requirements.txt lacks {sorted(needed - listed)}"


def test_post_build_stops_at_the_first_error():
    script = BINDER / "postBuild"
    assert os.access(script, os.X_OK)
    lines = [ln.strip() for ln in script.read_text().splitlines()
             if ln.strip() and not ln.strip().startswith("#")]
    assert lines[0] == "set -e"


@pytest.mark.install
def test_a_binder_like_build_runs_the_quick_start(tmp_path):
    copy = tmp_path / "repo"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".venv", ".git", ".cache", "__pycache__", "out", ".hypothesis", ".pytest_cache",
        "node_modules"))
    env_dir = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True)
    env = dict(os.environ, PATH=f"{env_dir / 'bin'}{os.pathsep}{os.environ['PATH']}",
               VIRTUAL_ENV=str(env_dir), PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)

    def run(*cmd, cwd=copy):
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=900)
        assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{done.stdout[-2000:]}\n" \
                                     f"{done.stderr[-3000:]}"
        return done

    run("python", "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt")
    built = run("bash", "binder/postBuild")
    assert "sorry_widget 0." in built.stdout
    # the package now comes from the environment, not from the copy's folder
    where = run("python", "-c", "import sorry_widget; print(sorry_widget.__file__)",
                cwd=tmp_path)
    assert str(env_dir) in where.stdout
    run("jupyter", "nbconvert", "--to", "notebook", "--execute", "--output",
        str(tmp_path / "ran.ipynb"), "notebooks/01-quick-start.ipynb")
    assert "sorry-board theme-light" in (tmp_path / "ran.ipynb").read_text()  # a board was drawn
