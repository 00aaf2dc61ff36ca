"""Jupyter servers for the end-to-end tests: JupyterLab, Notebook 7 or Voilà on a free
loopback port, serving a copy of the lessons, and Run All in Chromium."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

NOTEBOOKS = Path(__file__).parents[2] / "notebooks"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def server(root: Path, command: list[str], status_path: str, own_save_state: bool = True):
    """A Jupyter server (JupyterLab, Notebook or Voilà) on a free loopback port, serving a
    copy of the lessons (autosave edits files), with its own config folders; yields
    (base url, token, served folder). ``own_save_state=False`` leaves widget-state saving to
    the environment's defaults instead of the person's own setting."""
    served = root / "notebooks"
    shutil.copytree(NOTEBOOKS, served, ignore=shutil.ignore_patterns("out", ".ipynb_*"))
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(root / name.lower())
    env["JUPYTER_DATA_DIR"] = str(root / "data")
    # Save widget state with the notebook, as a teacher would switch on to keep annotations.
    settings = root / "settings"
    if own_save_state:
        plugin = settings / "@jupyter-widgets" / "jupyterlab-manager"
        plugin.mkdir(parents=True)
        (plugin / "plugin.jupyterlab-settings").write_text('{"saveState": true}')
    # Draw every cell, not only those scrolled into view, so a test sees every board.
    tracker = settings / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    env["JUPYTERLAB_SETTINGS_DIR"] = str(settings)
    port, token = free_port(), secrets.token_hex(16)
    args = [a.format(port=port, token=token, served=served) for a in command]
    log = root / "server.log"
    proc = subprocess.Popen(args, env=env, cwd=served, stdout=subprocess.DEVNULL,
                            stderr=open(log, "wb"))
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(f"{base}{status_path.format(token=token)}", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError("the server did not start:\n"
                                   + log.read_text()[-3000:]) from None
            time.sleep(0.3)
    try:
        yield base, token, served
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


JUPYTER_ARGS = ["--no-browser", "--allow-root", "--ip=127.0.0.1", "--port={port}",
                "--port-retries=0", "--IdentityProvider.token={token}",
                "--ServerApp.root_dir={served}", "--expose-app-in-browser"]


def run_all(browser, url: str):
    """Open a notebook (JupyterLab or Notebook 7) in a new page, run every cell, wait until
    all have run; returns the page."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(60_000)
    page.goto(url)
    page.wait_for_function("window.jupyterapp && document.querySelector('.jp-Notebook .jp-Cell')")
    # The client may ask which kernel to start: the preselected one is this Python
    try:
        page.locator(".jp-Dialog .jp-mod-accept").click(timeout=8_000)
    except PlaywrightTimeout:
        pass
    page.wait_for_function("window.jupyterapp.serviceManager.sessions.running().next()"
                           " !== undefined", timeout=60_000)
    page.wait_for_timeout(1500)  # the kernel settles before the cells are sent
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(
        "[...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
        ".every(p => /\\[\\d+\\]/.test(p.textContent))", timeout=90_000)
    return page


def outputs_text(page) -> str:
    return page.evaluate("() => [...document.querySelectorAll('.jp-OutputArea-output')]"
                         ".map(e => e.innerText).join('\\n---\\n')")


def wait_for_boards(page, count: int) -> None:
    try:
        page.wait_for_function(f"document.querySelectorAll('.sorry-widget.sw-live').length "
                               f">= {count}", timeout=60_000)
    except PlaywrightTimeout:
        page.screenshot(path="/tmp/boards-missing.png", full_page=True)
        counts = page.evaluate("() => [document.querySelectorAll('.sorry-widget').length, "
                               "document.querySelectorAll('.sorry-widget.sw-live').length, "
                               "document.querySelectorAll('.jp-Cell').length]")
        raise AssertionError(f"fewer than {count} live boards {counts}; cell outputs:\n"
                             f"{outputs_text(page)}") from None
