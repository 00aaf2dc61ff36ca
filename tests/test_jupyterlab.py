"""End to end in real clients: the lessons run in JupyterLab, Notebook 7 and Voilà in Chromium,
their boards appear, steps change them, and what the classroom issue fixed stays fixed (the
rules tour's demos after Run All, the notebook's dark theme, saved widget state)."""

from __future__ import annotations

import json
import os
import re
import sys
import time
import urllib.request
from pathlib import Path

import pytest


pytestmark = [pytest.mark.jupyter, pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

from support.browser import rgb, try_the_rules_tour_c13_move  # noqa: E402
from support.jupyter import JUPYTER_ARGS, outputs_text, run_all, server, wait_for_boards  # noqa: E402
from sorry_widget.render import THEMES  # noqa: E402



@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab with the environment's own defaults for saving widget state: nobody switched
    it on, the README's set-up did (sorry_widget/classroom/lab_settings.py), so the quick start's saved
    boards below prove that default too."""
    with server(tmp_path_factory.mktemp("lab"),
                [sys.executable, "-m", "jupyterlab", *JUPYTER_ARGS, "--LabApp.news_url=",
                 "--LabApp.extension_manager=readonly"], "/api/status?token={token}",
                own_save_state=False) as s:
        yield s


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
    assert "model not found" not in outputs_text(reopened)
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


@pytest.mark.parametrize("lesson", ["10-luck-or-skill.ipynb", "fr/10-chance-ou-talent.ipynb",
                                    "09-how-strong.ipynb"])
def test_a_lesson_opens_unchanged_once_its_kernel_is_up(lab, browser, lesson):
    # Issue 39, point 16: JupyterLab writes the kernel's language_info into the notebook when the
    # kernel starts; a lesson storing anything else opened marked unsaved. The lessons store what
    # this kernel reports (tests/test_lessons.py), so nothing changes; where the environment's
    # Python is another patch release, the version is the only thing that may.
    import platform

    base, token, served = lab
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(90_000)
    # (a workspace's name without the lesson's dots and slashes: JupyterLab routes on them)
    workspace = "clean" + re.sub(r"\W", "", lesson.split(".")[0])
    page.goto(f"{base}/lab/workspaces/{workspace}/tree/{lesson}?token={token}")
    page.wait_for_selector(".jp-Notebook")
    state = ("() => { const w = window.jupyterapp.shell.currentWidget;"
             " const m = w && w.context && w.context.model;"
             " return m ? {status: w.sessionContext.kernelDisplayStatus, dirty: m.dirty,"
             " metadata: m.toJSON().metadata} : null; }")
    deadline = time.time() + 90
    model = page.evaluate(state)
    while not (model and model["status"] == "idle"):
        assert time.time() < deadline, f"the kernel did not start: {model}"
        page.wait_for_timeout(1_000)
        model = page.evaluate(state)
    page.wait_for_timeout(3_000)  # (what the kernel's info reply changes is in by then)
    model = page.evaluate(state)
    stored = json.loads((served / lesson).read_text())["metadata"]
    if stored["language_info"].get("version") == platform.python_version():
        assert model["dirty"] is False, model
        assert model["metadata"] == stored
    else:
        assert {**model["metadata"]["language_info"], "version": None} == \
            {**stored["language_info"], "version": None}
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


def test_the_quick_start_runs_in_notebook_7_and_reopens_with_its_boards_and_no_kernel(
        tmp_path, browser):
    """The quick start in Notebook 7: its boards appear and a step moves the replay on. Then a
    teacher reopens yesterday's autosaved lesson: its boards are there before anything runs,
    not "Error displaying widget: model not found". Nobody switched widget-state saving on: the
    environment the README's commands make has it as its default (sorry_widget/classroom/lab_settings.py;
    JupyterLab's own run of the quick start checks the same)."""
    with server(tmp_path, [sys.executable, "-m", "notebook", *JUPYTER_ARGS],
                "/api/status?token={token}", own_save_state=False) as (base, token, served):
        path = "/notebooks/01-quick-start.ipynb"
        page = run_all(browser, f"{base}{path}?token={token}")
        wait_for_boards(page, 2)
        replay = page.locator(".sorry-widget").nth(1)
        shown = int(replay.get_attribute("data-shown"))
        replay.locator("button.sw-forward").click()
        page.wait_for_function(
            f"document.querySelectorAll('.sorry-widget')[1].dataset.shown === '{shown + 1}'")
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
        page.goto(f"{base}{path}?token={token}")
        page.wait_for_function("document.querySelectorAll('.sorry-widget .pawns g.pawn')"
                               ".length >= 16", timeout=60_000)
        assert "model not found" not in outputs_text(page)
        replay = page.locator(".sorry-widget").nth(1)
        assert replay.locator(".pawns g.pawn").count() == 16
        assert int(replay.get_attribute("data-shown")) > 0  # the play the lesson went to
        page.close()
