"""End to end in real clients: the lessons run in JupyterLab, Notebook 7 and Voilà in Chromium,
their boards appear, steps change them, and what the classroom issue fixed stays fixed (the
rules tour's demos after Run All, the notebook's dark theme, saved widget state)."""

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
from contextlib import contextmanager
from pathlib import Path

import pytest


playwright_api = pytest.importorskip("playwright.sync_api")

from browser import rgb, try_the_rules_tour_c13_move  # noqa: E402
from sorry_widget.render import THEMES  # noqa: E402

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"


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


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    with server(tmp_path_factory.mktemp("lab"),
                [sys.executable, "-m", "jupyterlab", *JUPYTER_ARGS, "--LabApp.news_url=",
                 "--LabApp.extension_manager=readonly"], "/api/status?token={token}") as s:
        yield s


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
    except playwright_api.TimeoutError:
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
    except playwright_api.TimeoutError:
        page.screenshot(path="/tmp/boards-missing.png", full_page=True)
        counts = page.evaluate("() => [document.querySelectorAll('.sorry-widget').length, "
                               "document.querySelectorAll('.sorry-widget.sw-live').length, "
                               "document.querySelectorAll('.jp-Cell').length]")
        raise AssertionError(f"fewer than {count} live boards {counts}; cell outputs:\n"
                             f"{outputs_text(page)}") from None


def test_quick_start_runs_in_jupyterlab_and_the_board_steps(lab, browser):
    base, token, served = lab
    page = run_all(browser,
                   f"{base}/lab/workspaces/quick/tree/01-quick-start.ipynb?token={token}")
    wait_for_boards(page, 2)
    boards = page.locator(".sorry-widget")
    # The position cell drew a bare Position inline (its _repr_html_), so that it can follow
    # the theme; the widget cells show their live board only, not also the picture their mime
    # bundle carries for other viewers.
    cells_with = ("(mime) => [...document.querySelectorAll("
                  "`.jp-OutputArea-output[data-mime-type=\"${mime}\"]`)]"
                  ".filter(o => o.querySelector('svg.sorry-board'))"
                  ".map(o => [...document.querySelectorAll('.jp-Cell')]"
                  ".indexOf(o.closest('.jp-Cell')))")
    assert page.evaluate(cells_with, "text/html") == [3]
    assert page.evaluate(cells_with, "image/svg+xml") == []
    static_board = ("() => getComputedStyle(document.querySelectorAll('.jp-Cell')[3]"
                    ".querySelector('svg.sorry-board .background')).fill")
    assert page.evaluate(static_board) == rgb(THEMES["light"].background)
    # The play-mode board offers red its moves and, with a kernel, the note tools.
    play = boards.nth(0)
    assert "Red to move" in play.locator(".sw-status").text_content()
    assert play.locator(".sw-annotate").is_visible()
    # The replay board: its pawns are drawn, Python's last goto() is shown, a step moves on.
    replay = boards.nth(1)
    page.wait_for_function(
        "document.querySelectorAll('.sorry-widget')[1].querySelectorAll('.pawns g.pawn')"
        ".length === 16")
    shown = int(replay.get_attribute("data-shown"))
    assert shown > 0
    no_refusal = ".sorry-widget .sw-notice.sw-error:not([hidden])"
    assert page.locator(no_refusal).count() == 0  # nothing the manager sent at start refused
    pawns = ("() => [...document.querySelectorAll('.sorry-widget')[1]"
             ".querySelectorAll('.pawns g.pawn')].map(p => p.dataset.place).sort().join()")
    before = page.evaluate(pawns)
    replay.locator("button.sw-forward").click()
    page.wait_for_function(
        f"document.querySelectorAll('.sorry-widget')[1].dataset.shown === '{shown + 1}'")
    page.wait_for_timeout(1500)  # the move's animation
    after = page.evaluate(pawns)
    assert f"(play {shown + 1} of " in replay.locator(".sw-status").text_content()
    moved = replay.locator(".sw-explanation .sw-notation").text_content()
    assert moved.endswith("pass") or before != after
    # The board follows JupyterLab's theme.
    assert "sw-dark" not in play.get_attribute("class")
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', "
                  "{theme: 'JupyterLab Dark'})")
    page.wait_for_function("document.querySelector('.sorry-widget').classList.contains('sw-dark')",
                           timeout=30_000)
    assert play.locator("svg.theme-dark").count() == 1
    # So does the static board (and a heatmap drawn with theme="auto").
    page.wait_for_function(f"({static_board})() === '{rgb(THEMES['dark'].background)}'")
    page.screenshot(path=str(Path(os.environ.get("SORRY_SCREENSHOTS", "/tmp"))
                             / "jupyterlab-quick-start-dark.png"))
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', "
                  "{theme: 'JupyterLab Light'})")
    page.wait_for_function("!document.querySelector('.sorry-widget').classList.contains('sw-dark')",
                           timeout=30_000)
    # What JupyterLab's widget manager sends on its own (start, views, steps, theme changes)
    # is what a page may write: the kernel refused none of it.
    assert page.locator(no_refusal).count() == 0
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
    page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
    page.close()
    # Reopened with a new kernel that knows none of them, the boards are drawn from the widget
    # state saved in the notebook: one drawing, the plays, the note.
    reopened = browser.new_page(viewport={"width": 1400, "height": 1000})
    reopened.set_default_timeout(60_000)
    reopened.goto(f"{base}/lab/workspaces/reopen/tree/01-quick-start.ipynb?token={token}")
    try:
        reopened.locator(".jp-Dialog .jp-mod-accept").click(timeout=8_000)
    except playwright_api.TimeoutError:
        pass
    reopened.wait_for_function("document.querySelectorAll('.sorry-widget').length === 2 && "
                               "document.querySelectorAll('.sorry-widget')[1]"
                               ".querySelectorAll('.pawns g.pawn').length === 16")
    saved_replay = reopened.locator(".sorry-widget").nth(1)
    assert saved_replay.get_attribute("data-shown") == str(shown + 1)  # the play it was on
    assert saved_replay.locator(".sw-moves li").count() == 298  # Game(4, seed=2026)'s plays
    assert saved_replay.locator(".board .square").count() == 60 + 4 * 5
    reopened.close()


def test_the_rules_tour_stays_on_each_rules_card_after_run_all(lab, browser):
    base, token, served = lab
    page = run_all(browser,
                   f"{base}/lab/workspaces/rules/tree/02-rules-tour.ipynb?token={token}")
    wait_for_boards(page, 18)
    statuses = page.locator(".sorry-widget .sw-status").all_text_contents()
    assert len(statuses) == 18
    for status in statuses:
        assert status.startswith("Red holds "), status
    # C8's board: the card is the rule's, the example animates and Reset brings the card back.
    c8 = page.locator(".sorry-widget").nth(
        next(i for i, s in enumerate(statuses) if s.startswith("Red holds a 7")))
    assert c8.locator(".card-face").get_attribute("data-card") == "7"
    c8.scroll_into_view_if_needed()
    c8.locator("button.sw-show").click()
    c8.locator(".sw-explanation .sw-notation").wait_for()
    assert "R10-13 R20-24>28" in c8.locator(".sw-explanation").text_content()
    c8.locator("button.sw-reset").click()
    c8.locator(".sw-status", has_text="Red holds a 7").wait_for()
    assert c8.locator(".card-face").get_attribute("data-card") == "7"
    try_the_rules_tour_c13_move(page.locator(".sorry-widget"))
    page.close()


def test_the_quick_start_runs_in_notebook_7(tmp_path, browser):
    with server(tmp_path, [sys.executable, "-m", "notebook", *JUPYTER_ARGS],
                "/api/status?token={token}") as (base, token, _served):
        page = run_all(browser, f"{base}/notebooks/01-quick-start.ipynb?token={token}")
        wait_for_boards(page, 2)
        replay = page.locator(".sorry-widget").nth(1)
        shown = int(replay.get_attribute("data-shown"))
        replay.locator("button.sw-forward").click()
        page.wait_for_function(
            f"document.querySelectorAll('.sorry-widget')[1].dataset.shown === '{shown + 1}'")
        page.close()


def test_the_quick_start_runs_in_voila(tmp_path, browser):
    with server(tmp_path, [sys.executable, "-m", "voila", "--no-browser", "--port={port}",
                           "--Voila.ip=127.0.0.1", "--token={token}", "01-quick-start.ipynb"],
                "/?token={token}") as (base, token, _served):
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(90_000)
        page.goto(f"{base}/?token={token}")
        page.wait_for_function("document.querySelectorAll('.sorry-widget.sw-live').length >= 2")
        replay = page.locator(".sorry-widget").nth(1)
        shown = int(replay.get_attribute("data-shown"))
        replay.locator("button.sw-forward").click()
        page.wait_for_function(
            f"document.querySelectorAll('.sorry-widget')[1].dataset.shown === '{shown + 1}'")
        page.close()


@pytest.mark.parametrize("client", ["jupyterlab", "notebook"])
def test_a_saved_lesson_reopens_with_its_boards_and_no_kernel(tmp_path, browser, client):
    """A teacher reopens yesterday's autosaved lesson: its boards are there before anything
    runs, not "Error displaying widget: model not found". Nobody switched widget-state saving
    on: the environment the README's commands make has it as its default
    (sorry_widget/classroom/lab_settings.py)."""
    with server(tmp_path, [sys.executable, "-m", client, *JUPYTER_ARGS,
                           *(["--LabApp.news_url="] if client == "jupyterlab" else [])],
                "/api/status?token={token}", own_save_state=False) as (base, token, served):
        path = ("/lab/workspaces/saved/tree/01-quick-start.ipynb" if client == "jupyterlab"
                else "/notebooks/01-quick-start.ipynb")
        page = run_all(browser, f"{base}{path}?token={token}")
        wait_for_boards(page, 2)
        page.evaluate("() => { window.jupyterapp.commands.execute('docmanager:save'); }")
        saved = served / "01-quick-start.ipynb"
        deadline = time.time() + 30
        while "widget-state" not in json.dumps(json.loads(saved.read_text())["metadata"]):
            assert time.time() < deadline, "the notebook was saved without its widgets"
            time.sleep(0.5)
        page.close()
        # Yesterday's kernel is gone: what is left is the notebook file.
        sessions = json.load(urllib.request.urlopen(f"{base}/api/sessions?token={token}"))
        for session in sessions:
            request = urllib.request.Request(f"{base}/api/sessions/{session['id']}?token={token}",
                                             method="DELETE")
            urllib.request.urlopen(request)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(60_000)
        reopened = path.replace("/saved/", "/reopened/")
        page.goto(f"{base}{reopened}?token={token}")
        page.wait_for_function("document.querySelectorAll('.sorry-widget .pawns g.pawn')"
                               ".length >= 16", timeout=60_000)
        assert "model not found" not in outputs_text(page)
        replay = page.locator(".sorry-widget").nth(1)
        assert replay.locator(".pawns g.pawn").count() == 16
        assert int(replay.get_attribute("data-shown")) > 0  # the play the lesson went to
        page.close()
