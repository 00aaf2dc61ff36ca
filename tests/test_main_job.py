"""The README's main job: `bash scripts/run.sh` serves the lessons in JupyterLab."""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from support.jupyter import free_port

ROOT = Path(__file__).parent.parent

pytestmark = [pytest.mark.jupyter]  # its tier: tests/conftest.py


def test_run_sh_opens_jupyterlab_on_the_notebooks(tmp_path):
    port, token = free_port(), secrets.token_hex(12)
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"), IPYTHONDIR=str(tmp_path / "ipy"))
    env.pop("DISPLAY", None)
    log = open(tmp_path / "run.log", "wb")
    proc = subprocess.Popen(["bash", "scripts/run.sh", f"--port={port}", "--port-retries=0",
                             f"--IdentityProvider.token={token}"],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.time() + 240
        while True:
            try:
                with urllib.request.urlopen(
                        f"http://127.0.0.1:{port}/api/contents/notebooks?token={token}",
                        timeout=2) as r:
                    listing = json.load(r)
                break
            except OSError:
                assert proc.poll() is None, (tmp_path / "run.log").read_text()[-3000:]
                assert time.time() < deadline, "JupyterLab did not answer"
                time.sleep(0.5)
        names = {item["name"] for item in listing["content"]}
        lessons = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
        assert len(lessons) >= 6 and lessons <= names  # every lesson is served
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab?token={token}",
                                    timeout=10) as r:
            assert r.status == 200 and b"JupyterLab" in r.read()
        # It opens on the lessons' folder, and a lesson's link to docs/ is served (issue 21,
        # point 11: lesson 5's ../docs/coach.md was a 404 under a server rooted in notebooks/).
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/?token={token}", timeout=10) as r:
            assert "/lab/tree/notebooks" in r.url
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/files/docs/coach.md?token={token}",
                                    timeout=10) as r:
            assert r.status == 200 and b"coach" in r.read()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def start_seconds(tmp_path, name: str) -> tuple[float, str]:
    """Run scripts/run.sh until JupyterLab says it is running; the seconds that took and what
    was printed until then."""
    port = free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"), IPYTHONDIR=str(tmp_path / "ipy"))
    env.pop("DISPLAY", None)
    log_path = tmp_path / f"{name}.log"
    started = time.time()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(["bash", "scripts/run.sh", f"--port={port}", "--port-retries=0"],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        while "is running at" not in log_path.read_text(errors="replace"):
            assert proc.poll() is None, log_path.read_text()[-3000:]
            assert time.time() - started < 300, "JupyterLab did not start"
            time.sleep(0.2)
        return time.time() - started, log_path.read_text(errors="replace")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def test_a_second_start_installs_nothing_and_says_what_to_open(tmp_path):
    """Issue 24: run.sh reinstalled the package on every start (25 s); when pyproject.toml,
    the extras and the version are unchanged it installs and compiles nothing."""
    first, _ = start_seconds(tmp_path, "first")  # sets up if this clone has not yet
    second, printed = start_seconds(tmp_path, "second")
    print(f"\nrun.sh to 'Jupyter Server is running': {first:.1f} s, then {second:.1f} s")
    assert "setup: packages up to date for sorry-widget[lab,fast]" in printed
    assert "setup: installing" not in printed and "setup: compiling" not in printed
    assert "First set-up" not in printed
    # The one line that says what to open, before JupyterLab prints the address itself.
    assert printed.count("Open the address it prints") == 1
    assert "/lab/tree/notebooks?token=" in printed.split("is running at")[1]
    assert second < 60, printed[-2000:]
