"""The lessons with no server: the JupyterLite site that `bash scripts/build-lite.sh OUTDIR` builds,
served from 127.0.0.1 to Chromium with every other host unreachable (docs/lite.md).

The browser resolves every name except the loopback ones to nothing
(``--host-resolver-rules``): JupyterLite's service worker, which the lessons' file writes need,
fetches outside Playwright's ``page.route``, so refusing requests there would not cover it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

pytestmark = [pytest.mark.lite]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

from support.browser import CHROMIUM, CHROMIUM_ARGS, try_the_rules_tour_c13_move  # noqa: E402
from support.charts import every_lesson, native_charts  # noqa: E402
from support.lessons import LINK, anchors  # noqa: E402

from sorry_widget.render.charts import MARKER_CLASS  # noqa: E402

ROOT = Path(__file__).parent.parent
BUILD = ROOT / "scripts" / "build-lite.sh"
OFFLINE_ARGS = [*CHROMIUM_ARGS,
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site, built by the README's command into a fresh folder."""
    out = tmp_path_factory.mktemp("lite") / "site"
    started = time.perf_counter()
    done = subprocess.run(["bash", str(BUILD), str(out)], capture_output=True, text=True,
                          timeout=1200)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"\nJupyterLite site built in {time.perf_counter() - started:.0f} s, "
          f"{size / 1e6:.0f} MB")
    return out


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # the browser drops connections it no longer needs


@pytest.fixture(scope="module")
def served(site):
    """The site from a static server on a free loopback port: its base URL."""
    httpd = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def offline_browser():
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=OFFLINE_ARGS)
        yield chromium
        chromium.close()


class Lesson:
    """A lesson opened in the site in its own browser context (its own browser storage)."""

    def __init__(self, browser, base: str, notebook: str):
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.outside: list[str] = []
        self.page.on("request", self._note_request)
        self.page.goto(f"{base}/lab/index.html?path={notebook}")
        self.page.locator(".jp-Notebook .jp-Cell").first.wait_for()

    def _note_request(self, request):
        if not request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
            self.outside.append(request.url)

    def accept_the_kernel(self) -> None:
        """Closes the kernel chooser if the site shows one (its preselected Pyodide kernel)."""
        self.page.wait_for_timeout(1000)
        if self.page.locator(".jp-Dialog").count():
            self.page.locator(".jp-Dialog .jp-mod-accept").click()

    def run_all(self, timeout: float = 180) -> float:
        """Run All Cells from the Run menu; waits until every cell ran (or one failed, which
        stops Run All); returns the seconds it took. Meanwhile the page times each cell: the
        first one still marked [*] is the one running (Run All runs them in order)."""
        page = self.page
        self.accept_the_kernel()
        page.evaluate("""() => {
          window.__cellSeconds = {};
          let last = performance.now();
          window.__cellTimer = setInterval(() => {
            const now = performance.now();
            const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
            const running = cells.findIndex((c) => {
              const p = c.querySelector('.jp-InputPrompt');
              return p && p.textContent.includes('*');
            });
            if (running >= 0)
              window.__cellSeconds[running] = (window.__cellSeconds[running] || 0)
                + (now - last) / 1000;
            last = now;
          }, 100);
        }""")
        started = time.perf_counter()
        page.locator(".jp-Notebook").click()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.locator('li[data-command="runmenu:run-all"]').click()
        page.wait_for_function(
            "(() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
            ".map(e => e.textContent);"
            " return p.every(t => /\\[\\d+\\]/.test(t)) ||"
            " (document.querySelector('.jp-OutputArea-output[data-mime-type="
            "\"application/vnd.jupyter.stderr\"], .jp-OutputArea-output.jp-mod-error') &&"
            " !p.some(t => t.includes('*'))); })()", timeout=timeout * 1000)
        return time.perf_counter() - started

    def slowest_cell(self) -> tuple[int, float]:
        """(index among the notebook's cells, seconds) of the cell that ran longest."""
        times = self.page.evaluate("() => { clearInterval(window.__cellTimer);"
                                   " return window.__cellSeconds; }")
        return max(((int(i), t) for i, t in times.items()), key=lambda it: it[1],
                   default=(-1, 0.0))

    def charts(self, at_least: int, timeout: float = 60) -> int:
        """How many charts the page shows: JupyterLab draws an SVG output as an <img> of it, so
        each distinct image whose SVG has the charts' class. The notebook is scrolled from top
        to bottom, as JupyterLab may draw only the cells near the view, until ``at_least`` are
        seen or ``timeout`` s have passed."""
        return self.page.evaluate("""async ([marker, atLeast, timeout]) => {
          const seen = new Set();
          const look = () => document.querySelectorAll('.jp-OutputArea-output img')
            .forEach((i) => { if (i.src.startsWith('data:image/svg+xml')
                && decodeURIComponent(i.src).includes(`class="${marker}`)) seen.add(i.src); });
          const scroller = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer')
            || document.querySelector('.jp-NotebookPanel .jp-Notebook');
          const end = performance.now() + timeout * 1000;
          while (seen.size < atLeast && performance.now() < end) {
            for (let top = 0; top <= scroller.scrollHeight; top += scroller.clientHeight / 2) {
              scroller.scrollTop = top;
              await new Promise((r) => setTimeout(r, 150));
              look();
            }
          }
          look();
          // The screenshot taken on closing shows a chart (the last one drawn in view).
          const shown = [...document.querySelectorAll('.jp-OutputArea-output img')]
            .filter((i) => seen.has(i.src));
          if (shown.length) shown[shown.length - 1].scrollIntoView({ block: 'center' });
          return seen.size;
        }""", [MARKER_CLASS, at_least, timeout])

    def errors(self) -> list[str]:
        return self.page.evaluate(
            "() => [...document.querySelectorAll('.jp-OutputArea-output')]"
            ".filter(o => o.dataset.mimeType === 'application/vnd.jupyter.stderr'"
            " || o.querySelector('[data-mime-type=\"application/vnd.jupyter.stderr\"]'))"
            ".map(o => o.textContent)")

    def boards(self, count: int):
        self.page.wait_for_function(
            f"document.querySelectorAll('.sorry-widget.sw-live').length >= {count}")
        return self.page.locator(".sorry-widget")

    def run_code(self, code: str, timeout: float = 60) -> str:
        """A new cell at the end of the notebook, run (waiting at most ``timeout`` s, the
        kernel's start included); returns its printed text."""
        page = self.page
        # The notebook's footer adds a cell after its last one: the last cell on the page need
        # not be the notebook's last, as JupyterLab draws only the cells near the view.
        page.locator(".jp-NotebookPanel .jp-Notebook-footer").click()
        page.keyboard.press("Escape")
        page.keyboard.press("Enter")
        page.keyboard.insert_text(code)
        page.keyboard.press("Control+Enter")
        cell = page.locator(".jp-Notebook .jp-CodeCell").last
        cell.locator(".jp-InputPrompt", has_text=re.compile(r"\[\d+\]")).wait_for(
            timeout=timeout * 1000)
        return cell.locator(".jp-OutputArea").inner_text()

    def close(self, name: str):
        """Closes the page; the lesson asked for nothing outside the site (the charts need no
        matplotlib from Pyodide's CDN)."""
        self.page.screenshot(path=str(Path(os.environ.get("SORRY_SCREENSHOTS", "/tmp"))
                                      / f"lite-{name}.png"))
        self.context.close()
        assert not self.outside, f"the lesson asked for outside addresses: {self.outside[:5]}"


def check_the_quick_start(lesson: Lesson, seconds: float) -> None:
    boards = lesson.boards(2)
    assert "Red to move" in boards.nth(0).locator(".sw-status").text_content()
    replay = boards.nth(1)
    assert replay.locator(".pawns g.pawn").count() == 16
    shown = int(replay.get_attribute("data-shown"))
    replay.locator("button.sw-forward").click()
    lesson.page.wait_for_function(
        f"document.querySelectorAll('.sorry-widget')[1].dataset.shown === '{shown + 1}'")
    assert f"(play {shown + 1} of " in replay.locator(".sw-status").text_content()

    # Speed in the browser beside the same run here (the figures are printed, not judged).
    from sorry_widget import simulate

    code = ('import time; from sorry_widget import simulate; t = time.perf_counter(); '
            's = simulate(4, games=100, seed="lite-speed"); '
            'print("browser", s.games, "games,", round(s.games / (time.perf_counter() - t)),'
            ' "games/s")')
    text = lesson.run_code(code)
    found = re.search(r"browser 100 games, (\d+) games/s", text)
    assert found, text
    started = time.perf_counter()
    simulate(4, games=100, seed="lite-speed", engine="python", workers=1)
    native = 100 / (time.perf_counter() - started)
    browser = int(found.group(1))
    print(f"\nsimulate(4 players, 100 games): Pyodide in Chromium {browser} games/s, native "
          f"{native:.0f} games/s (browser/native {browser / native:.2f})")


def check_the_rules_tour(lesson: Lesson, seconds: float) -> None:
    boards = lesson.boards(18)
    statuses = boards.locator(".sw-status").all_text_contents()
    assert all(s.startswith("Red holds ") for s in statuses), statuses
    try_the_rules_tour_c13_move(boards)


def check_the_replay_lesson(lesson: Lesson, seconds: float) -> None:
    """The files the lesson wrote are in the browser's storage, still there after a reload."""
    lesson.boards(1)
    page = lesson.page
    written = ("replay.html", "annotated-game.json")
    for _ in range(2):
        page.locator(".jp-DirListing-item", has=page.locator(
            ".jp-DirListing-itemText", has_text=re.compile(r"^out$"))).dblclick()
        for name in written:
            page.locator(".jp-DirListing-itemText",
                         has_text=re.compile(f"^{re.escape(name)}$")).wait_for()
        page.reload()


def check_the_markov_chains(lesson: Lesson, seconds: float) -> None:
    # Its exact answers are computed in the browser (pure Python), as in the kernel.
    said = lesson.run_code("print(f'{float(journey.expected_cards):.4f} {race.states}')")
    assert said.split() == ["27.6232", "7560"]
    # The coach on a mid-game 7 in the browser (the pure-Python engine, a budget of games):
    # a measurement for the README, with only the budget asserted.
    said = lesson.run_code(
        "import time\n"
        "from sorry_widget import Position, coach\n"
        "p = Position({'red': [3, 20, 'start', 'start'], 'blue': [8, 22, 'start', 'home'],\n"
        "              'yellow': [40, 'start', 'start', 'start'],\n"
        "              'green': [50, 52, 'start', 'start']})\n"
        "t = time.perf_counter(); a = coach(p, '7', seed='lite')\n"
        "print(f'coach: {len(a.estimates)} moves, {a.games} games, {a.engine} engine, '\n"
        "      f'{time.perf_counter() - t:.2f} s')")
    print(f"\nin the Lite site, {said.strip()}")
    found = re.search(r"(\d+) moves, (\d+) games, (\w+) engine", said)
    assert found and found[3] == "python" and int(found[2]) <= 1200


def check_the_probability_lesson(lesson: Lesson, seconds: float) -> None:
    """Lesson 04 keeps its full size offline (its words say so): the browser shuffles the same
    20,000 and 30 x 3,000 decks as here, so its numbers are the ones recomputed here."""
    import random

    from sorry_widget.board.cards import DrawPile, deck_cards

    said = lesson.run_code("print(len(positions), repr(running[-1]), hits)")
    count, mean, hits = said.strip().split(" ", 2)

    def first_starter(seed):
        pile = DrawPile(deck_cards("classic45"), random.Random(seed))
        return next(n for n in range(1, 46) if pile.draw() in (1, 2))

    def sorry_within(seed, n):
        pile = DrawPile(deck_cards("classic45"), random.Random(f"s{seed}"))
        return any(pile.draw() == 13 for _ in range(n))

    positions = [first_starter(s) for s in range(int(count))]
    assert int(count) == 20_000 and float(mean) == sum(positions) / len(positions)
    assert json.loads(hits) == [sum(sorry_within(s, n) for s in range(3000))
                                for n in range(1, 31)]


def check_the_strategy_lesson(lesson: Lesson, seconds: float) -> None:
    """Lesson 05 offline plays on the pure-Python engine, as many games as its words say there,
    and the intervals' widening it states is the square root of the games' ratio."""
    words = " ".join(" ".join(
        "".join(c["source"]) for c in json.loads(
            (ROOT / "notebooks" / "05-strategy-experiments.ipynb").read_text())["cells"]
        if c["cell_type"] == "markdown").split())
    said = lesson.run_code("print(four.engine, advice.engine, four.games, two.games, "
                           "heat_games.games, advice.rollouts)").split()
    assert said[:2] == ["python", "python"], said
    games, rollouts = int(said[2]), int(said[5])
    stated = re.search(r"the pure-Python engine plays ([\d,]+)\)", words)
    assert stated and int(stated[1].replace(",", "")) == games == int(said[3])
    # Counting squares, the slowest experiment, is a quarter of its native size offline.
    heat = re.search(r"it plays a quarter of the games \(([\d,]+) instead of ([\d,]+)\)", words)
    assert heat and int(heat[1]) == int(said[4]) and 4 * int(heat[1]) == int(heat[2]) == games // 5
    fewer = re.search(r"so (\d+) times fewer games \(([\d,]+) instead of ([\d,]+)\) make it "
                      r"(\d+) times wider", words)
    assert fewer, words
    native, offline = int(fewer[3].replace(",", "")), int(fewer[2].replace(",", ""))
    assert offline == games and int(fewer[1]) == native // offline
    assert int(fewer[4]) == round((native / offline) ** 0.5)
    coach = re.search(r"keeps to ([\d,]+) games in all, (\d+) after each move", words)
    assert coach and int(coach[2]) == rollouts, (coach, rollouts)


def check_the_luck_lesson(lesson: Lesson, seconds: float) -> None:
    """Lesson 10 reviews its games in the browser (pure Python): the same luck and error as the
    lesson run natively. The site has no solved two-pawn table (it cannot be built there), so the
    native run is made without one too, whatever this computer's cache holds."""
    from sorry_widget.simulation import evaluate

    figures = ("print(len(luck_per_game), f'{sum(luck_per_game):.6f}', "
               "f'{sum(race_luck):.6f}', all_exact, costliest.play, luckiest.play)")
    said = lesson.run_code(figures)
    native: dict = {}
    cells = [c for c in json.loads((ROOT / "notebooks" / "10-luck-or-skill.ipynb").read_text())[
        "cells"] if c["cell_type"] == "code"]
    table, evaluate._TABLE = evaluate._TABLE, [None]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for cell in cells:
                exec("".join(cell["source"]), native)
        with contextlib.redirect_stdout(io.StringIO()) as printed:
            exec(figures, native)
    finally:
        evaluate._TABLE = table
    assert said.split() == printed.getvalue().split(), (said, printed.getvalue())


#: What a lesson's run offline must also show, beyond running with its charts.
CHECKS = {
    "01-quick-start.ipynb": check_the_quick_start,
    "02-rules-tour.ipynb": check_the_rules_tour,
    "03-replay-and-annotate.ipynb": check_the_replay_lesson,
    "04-probability-with-cards.ipynb": check_the_probability_lesson,
    "04-probabilites-avec-les-cartes.ipynb": check_the_probability_lesson,
    "05-strategy-experiments.ipynb": check_the_strategy_lesson,
    "05-experiences-de-strategie.ipynb": check_the_strategy_lesson,
    "06-variants.ipynb": lambda lesson, seconds: lesson.boards(3),
    "07-card-game.ipynb": lambda lesson, seconds: lesson.boards(3),
    "08-markov-chains.ipynb": check_the_markov_chains,
    "10-luck-or-skill.ipynb": check_the_luck_lesson,
}

#: The longest a cell may take in the site (issue 32: on 2 quiet cores).
CELL_SECONDS = 60


@pytest.mark.parametrize("notebook", every_lesson())
def test_every_lesson_runs_offline_with_every_chart_it_draws_natively(offline_browser, served,
                                                                      notebook):
    """Every lesson, English and French: Run All with the network cut, no error, no request
    outside the site, no cell over a minute, and at least as many charts (SVG pictures with
    the charts' class) as the lesson draws in a native kernel."""
    expected = native_charts(notebook)
    lesson = Lesson(offline_browser, served, notebook)
    seconds = lesson.run_all(timeout=1200)
    assert lesson.errors() == [], notebook
    drawn = lesson.charts(expected)
    slowest = lesson.slowest_cell()
    print(f"\n{notebook}: all its cells offline in {seconds:.1f} s, {drawn} charts "
          f"({expected} natively), slowest cell {slowest[1]:.1f} s (cell {slowest[0]})")
    assert drawn >= expected, f"{notebook}: {drawn} charts offline, {expected} natively"
    assert slowest[1] < CELL_SECONDS, f"{notebook}: cell {slowest[0]} took {slowest[1]:.0f} s"
    english = Path(notebook).name
    if english in CHECKS:
        CHECKS[english](lesson, seconds)
    lesson.close(notebook.replace("/", "-").removesuffix(".ipynb"))


#: The longest the review of one 4-player classic game of about 400 plays may take in the site
#: (issue 34: five minutes). The review is one call with one progress bar, as a user runs it,
#: so it is one cell with this limit of its own, not CELL_SECONDS (a lesson's cells under Run
#: All): cutting it into cells of a range of plays each would time something no user runs.
REVIEW_SECONDS = 300

#: The kernel's start and the game's making, before the review's clock starts.
KERNEL_START_SECONDS = 180

#: In the site: the timing game (the one benchmarks/review_speed.py reviews natively) reviewed
#: with the lessons' progress bar, timed inside the kernel (the review, and the whole cell with
#: its imports and the game's making); one line of JSON after "REVIEW ".
REVIEW_IN_THE_SITE = """\
import hashlib, json, time
cell_started = time.perf_counter()
from sorry_widget import ProgressBar
from sorry_widget.simulation.review import review, timing_record
record = timing_record()
bar = ProgressBar("review", unit=" plays")
reached = []
def progress(done, total):
    reached[:] = [done, total]
    bar(done, total)
started = time.perf_counter()
reviewed = review(record, progress=progress)
seconds = time.perf_counter() - started
print("REVIEW", json.dumps({
    "seconds": seconds, "cell_seconds": time.perf_counter() - cell_started,
    "reached": reached, "sources": reviewed.sources,
    "record": hashlib.sha256(record.to_json().encode()).hexdigest(),
    "plays": [[p.colour, p.move, p.best, p.luck, p.error] for p in reviewed.plays]}))
"""


def test_a_400_play_game_is_reviewed_offline_within_five_minutes_with_a_progress_bar(
        offline_browser, served):
    """Issue 34's target in the site: one 4-player classic game of about 400 plays reviewed in
    at most REVIEW_SECONDS (timed in the kernel), the progress bar moving to the last play on
    the page, and every play's luck and error those of the same review run here (without the
    solved two-pawn table, which the site cannot have). Prints the seconds, beside native."""
    from sorry_widget.simulation import evaluate
    from sorry_widget.simulation.review import review, timing_record

    lesson = Lesson(offline_browser, served, "10-luck-or-skill.ipynb")
    lesson.accept_the_kernel()
    # What the bar says while the review runs: each distinct "done/total" the page shows.
    lesson.page.evaluate("""() => {
      window.__barSeen = [];
      window.__barTimer = setInterval(() => {
        const cells = document.querySelectorAll('.jp-Notebook .jp-CodeCell');
        const bar = cells[cells.length - 1].querySelector('.widget-hprogress, .widget-progress');
        if (!bar) return;
        const found = bar.closest('.widget-hbox, .widget-box').textContent.match(/(\\d+)\\/(\\d+)/);
        const last = window.__barSeen[window.__barSeen.length - 1];
        if (found && found[0] !== last) window.__barSeen.push(found[0]);
      }, 50);
    }""")
    said = lesson.run_code(REVIEW_IN_THE_SITE, timeout=KERNEL_START_SECONDS + REVIEW_SECONDS)
    seen = lesson.page.evaluate("() => { clearInterval(window.__barTimer);"
                                " return window.__barSeen; }")
    found = re.search(r"^REVIEW (.*)$", said, re.MULTILINE)
    assert found, said[-3000:]
    site_review = json.loads(found[1])

    table, evaluate._TABLE = evaluate._TABLE, [None]
    try:
        record = timing_record()
        started = time.perf_counter()
        native = review(record)
        native_seconds = time.perf_counter() - started
    finally:
        evaluate._TABLE = table
    plays = len(native.plays)
    shown = seen if len(seen) <= 6 else [*seen[:3], "...", *seen[-2:]]
    print(f"\nreview of a 4-player classic game of {plays} plays: {site_review['seconds']:.2f} s "
          f"in the Lite site (Pyodide in Chromium, timed in the kernel; the cell with its "
          f"imports and the game's making {site_review['cell_seconds']:.2f} s; limit "
          f"{REVIEW_SECONDS} s), {native_seconds:.2f} s natively; the bar showed "
          f"{len(seen)} counts ({', '.join(shown)})")
    assert site_review["record"] == hashlib.sha256(record.to_json().encode()).hexdigest()
    assert site_review["reached"] == [plays, plays]
    assert seen and seen[-1] == f"{plays}/{plays}", seen
    assert [p[:3] for p in site_review["plays"]] == [[p.colour, p.move, p.best]
                                                     for p in native.plays]
    for (*_, luck, error), play in zip(site_review["plays"], native.plays):
        assert luck == pytest.approx(play.luck, abs=1e-9), play
        assert error == pytest.approx(play.error, abs=1e-9), play
    assert site_review["sources"] == native.sources
    assert site_review["seconds"] <= REVIEW_SECONDS, (
        f"the review took {site_review['seconds']:.2f} s in the site (limit {REVIEW_SECONDS} s)")
    lesson.close("review-speed")


def test_the_site_carries_every_package_the_kernel_preloads(site):
    """Each lock entry the kernel loads at start is a wheel in the site with its own hash;
    the rest (NumPy, matplotlib, ...) are Pyodide's CDN addresses, loaded when online."""
    static = site / "static" / "pyodide"
    lock = json.loads((static / "pyodide-lock.json").read_text())
    config = json.loads((site / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    # Boards are saved with the notebook here too (sorry_widget/classroom/lab_settings.py).
    from sorry_widget.classroom.lab_settings import lab_defaults

    assert config["jupyter-config-data"]["settingsOverrides"] == lab_defaults()
    packages = lock["packages"]
    todo, seen = list(kernel["loadPyodideOptions"]["packages"]), set()
    assert "sorry-widget" in todo
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        entry = packages[re.sub(r"[-_.]+", "-", name).lower()]
        wheel = static / entry["file_name"]
        assert wheel.is_file(), f"{name}: {entry['file_name']}"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        todo.extend(entry["depends"])
    assert {"anywidget", "ipywidgets", "svgwrite", "ipython"} <= seen
    for name in ("numpy", "matplotlib"):
        assert packages[name]["file_name"].startswith("https://cdn.jsdelivr.net/pyodide/")
    lessons = {p.name for p in (site / "files").glob("*.ipynb")}
    assert {p.name for p in (ROOT / "notebooks").glob("*.ipynb")} == lessons
    assert (site / "files" / "games" / "classroom-game.json").is_file()
    assert not (site / "files" / "out").exists()


def test_every_link_of_every_lesson_opens_in_the_site(site):
    """The site has no folder above its lessons: their links to the project's pages must
    resolve to files the site carries (build_lite.py puts docs/ beside them)."""
    files, checked, broken = site / "files", 0, []
    for lesson in sorted([*files.glob("*.ipynb"), *files.glob("fr/*.ipynb")]):
        for cell in json.loads(lesson.read_text())["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for match in LINK.finditer("".join(cell["source"])):
                link = match.group(1) or match.group(2)
                if re.match(r"[a-z]+:", link) or link.startswith("#"):
                    continue
                path, _, anchor = link.partition("#")
                target = (lesson.parent / path).resolve()
                checked += 1
                if files.resolve() not in target.parents or not target.is_file():
                    broken.append(f"{lesson.name}: {link}")
                elif anchor and anchor not in anchors(target.read_text()):
                    broken.append(f"{lesson.name}: {link} (no such anchor)")
    assert checked and not broken, broken


def test_the_pages_workflow_publishes_the_docs_with_the_lite_site_inside():
    """One Pages workflow publishes the docs site, which builds this Lite site into its lite/
    folder (scripts/build-docs.sh without --no-lite)."""
    yaml = pytest.importorskip("yaml")
    workflows = ROOT / ".github" / "workflows"
    assert not (workflows / "lite-pages.yml").exists()
    workflow = yaml.safe_load((workflows / "docs-pages.yml").read_text())
    steps = workflow["jobs"]["build"]["steps"]
    build = next(s["run"] for s in steps if "build-docs.sh" in s.get("run", ""))
    assert build.split()[:2] == ["bash", "scripts/build-docs.sh"]
    assert "--no-lite" not in build and "--lite-from" not in build
    assert any(".[docs]" in s.get("run", "") for s in steps)
    assert any(s.get("uses", "").startswith("actions/setup-node") for s in steps)
    upload = next(s for s in steps if s.get("uses", "").startswith(
        "actions/upload-pages-artifact"))
    assert upload["with"]["path"] == build.split()[2]
    assert workflow["jobs"]["deploy"]["steps"][0]["uses"].startswith("actions/deploy-pages")
    script = (ROOT / "scripts" / "build-docs.sh").read_text()
    assert 'bash "$root/scripts/build-lite.sh" "$outdir/lite"' in script


def test_every_address_the_docs_try_page_opens_is_in_the_site(site):
    """The docs' *Try it in your browser* page (docs/site/try.md, with the list of every lesson
    that scripts/build_docs.py writes into it) opens lite/lab/index.html, with ?path= a lesson:
    each is a file of this site."""
    page = (ROOT / "docs" / "site" / "try.md").read_text()
    addresses = set(re.findall(r'href="lite/([^"]+)"', page))
    assert "lab/index.html" in addresses and "<!-- every lesson -->" in page
    addresses |= {f"lab/index.html?path={p.relative_to(ROOT / 'notebooks').as_posix()}"
                  for p in [*(ROOT / "notebooks").glob("*.ipynb"),
                            *(ROOT / "notebooks").glob("fr/*.ipynb")]}
    for address in addresses:
        path, _, query = address.partition("?")
        assert (site / path).is_file(), address
        if query:
            assert (site / "files" / query.removeprefix("path=")).is_file(), address


def test_a_build_without_npm_stops_with_one_message(tmp_path):
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("dirname", "python3"):
        (tools / tool).symlink_to(shutil.which(tool))
    done = subprocess.run(["/bin/bash", str(BUILD), str(tmp_path / "site")],
                          capture_output=True, text=True, env={"PATH": str(tools)})
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "npm is missing" in done.stderr, done.stderr
    assert not (tmp_path / "site").exists()


def test_a_build_without_a_usable_python_stops_with_one_message(tmp_path):
    done = subprocess.run(["bash", str(BUILD), str(tmp_path / "site")], capture_output=True,
                          text=True, env={**os.environ, "PYTHON": str(tmp_path / "no-python")})
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "Python 3.10 or newer" in done.stderr, done.stderr
    assert not (tmp_path / "site").exists()


def test_a_build_without_its_folder_says_how_to_call_it():
    done = subprocess.run(["bash", str(BUILD)], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip() == "usage: bash scripts/build-lite.sh OUTDIR"
