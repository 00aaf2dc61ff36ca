"""End to end in a real JupyterLab (TESTING.md, level 2): run the quick-start notebook in
Chromium and check the board appears and a replay step changes it."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from browser import launch

playwright_api = pytest.importorskip("playwright.sync_api")

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab")
    served = root / "notebooks"
    shutil.copytree(NOTEBOOKS, served)  # autosave edits files: serve a copy
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(root / name.lower())
    env["JUPYTER_DATA_DIR"] = str(root / "data")
    # Save widget state with the notebook, as a teacher would switch on to keep annotations.
    settings = root / "settings"
    plugin = settings / "@jupyter-widgets" / "jupyterlab-manager"
    plugin.mkdir(parents=True)
    (plugin / "plugin.jupyterlab-settings").write_text('{"saveState": true}')
    env["JUPYTERLAB_SETTINGS_DIR"] = str(settings)
    port, token = free_port(), secrets.token_hex(16)
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
         f"--port={port}", "--port-retries=0", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={served}", "--expose-app-in-browser", "--LabApp.news_url=",
         "--LabApp.extension_manager=readonly"],
        env=env, stdout=subprocess.DEVNULL, stderr=open(root / "server.log", "wb"))
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError("JupyterLab did not start:\n"
                                   + (root / "server.log").read_text()[-3000:])
            time.sleep(0.3)
    yield base, token, served
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def test_quick_start_runs_in_jupyterlab_and_the_board_steps(lab):
    base, token, served = lab
    with playwright_api.sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(60_000)
        page.goto(f"{base}/lab/workspaces/quick/tree/01-quick-start.ipynb?token={token}")
        page.wait_for_function(
            "window.jupyterapp && document.querySelector('.jp-Notebook .jp-Cell')")
        # JupyterLab may ask which kernel to start: the preselected one is this Python
        try:
            page.locator(".jp-Dialog .jp-mod-accept").click(timeout=8_000)
        except playwright_api.TimeoutError:
            pass
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                               timeout=60_000)
        page.evaluate("() => { window.jupyterapp.commands.execute("
                      "'notebook:run-all-cells'); }")
        # Every code cell has run when each shows an execution count.
        page.wait_for_function(
            "[...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
            ".every(p => /\\[\\d+\\]/.test(p.textContent))", timeout=90_000)
        boards = page.locator(".sorry-widget")
        try:
            boards.nth(1).wait_for(timeout=30_000)
        except playwright_api.TimeoutError:
            outputs = page.evaluate("() => [...document.querySelectorAll('.jp-OutputArea-output')]"
                                    ".map(e => e.innerText).join('\\n---\\n')")
            raise AssertionError(f"no board appeared; cell outputs:\n{outputs}") from None
        # The position cell drew a bare Position as SVG (its _repr_svg_).
        assert page.locator(".jp-OutputArea-output svg.sorry-board").count() >= 1
        # The play-mode board offers red its moves.
        play = boards.nth(0)
        assert "Red to move" in play.locator(".sw-status").text_content()
        # The replay board: its pawns are drawn, Python's last goto() is shown, a step moves on.
        replay = boards.nth(1)
        page.wait_for_function(
            "document.querySelectorAll('.sorry-widget')[1].querySelectorAll('#pawns g.pawn')"
            ".length === 16")
        shown = int(replay.get_attribute("data-shown"))
        assert shown > 0
        pawns = ("() => [...document.querySelectorAll('.sorry-widget')[1]"
                 ".querySelectorAll('#pawns g.pawn')].map(p => p.dataset.place).sort().join()")
        before = page.evaluate(pawns)
        replay.locator("button.sw-forward").click()
        page.wait_for_function(
            f"document.querySelectorAll('.sorry-widget')[1].dataset.shown === '{shown + 1}'")
        page.wait_for_timeout(1500)  # the move's animation
        after = page.evaluate(pawns)
        assert f"(card {shown + 1} of " in replay.locator(".sw-status").text_content()
        moved = replay.locator(".sw-explanation .sw-notation").text_content()
        assert moved.endswith("pass") or before != after
        # Saved with its widget state, the notebook keeps the annotation made in a cell.
        page.evaluate("() => { window.jupyterapp.commands.execute('docmanager:save'); }")
        saved = served / "01-quick-start.ipynb"
        deadline = time.time() + 30
        while "The first bump of the game!" not in json.dumps(
                json.loads(saved.read_text()).get("metadata", {}).get("widgets", {})):
            assert time.time() < deadline, "the widget state was not saved with the notebook"
            time.sleep(0.5)
        page.screenshot(path=str(Path(os.environ.get("SORRY_SCREENSHOTS", "/tmp"))
                                 / "jupyterlab-quick-start.png"))
        browser.close()
