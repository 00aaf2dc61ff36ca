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
from support.lessons import LINK, anchors  # noqa: E402

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

    def run_all(self, timeout: float = 180) -> float:
        """Run All Cells from the Run menu; waits until every cell ran (or one failed, which
        stops Run All); returns the seconds it took."""
        page = self.page
        page.wait_for_timeout(1000)
        if page.locator(".jp-Dialog").count():  # a kernel chooser: the preselected Pyodide
            page.locator(".jp-Dialog .jp-mod-accept").click()
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

    def run_code(self, code: str) -> str:
        """A new cell at the end of the notebook, run; returns its printed text."""
        page = self.page
        page.locator(".jp-Notebook .jp-Cell").last.click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        page.keyboard.press("Enter")
        page.keyboard.insert_text(code)
        page.keyboard.press("Control+Enter")
        cell = page.locator(".jp-Notebook .jp-CodeCell").last
        cell.locator(".jp-InputPrompt", has_text=re.compile(r"\[\d+\]")).wait_for()
        return cell.locator(".jp-OutputArea").inner_text()

    def close(self, name: str, tries_plots: bool = False):
        """Closes the page; only a lesson that plots may have tried Pyodide's CDN (for
        matplotlib, which the site does not carry), nothing else outside."""
        self.page.screenshot(path=str(Path(os.environ.get("SORRY_SCREENSHOTS", "/tmp"))
                                      / f"lite-{name}.png"))
        self.context.close()
        outside = [u for u in self.outside if not (
            tries_plots and u.startswith("https://cdn.jsdelivr.net/pyodide/")
            and u.endswith(".whl"))]
        assert not outside, f"the lesson asked for outside addresses: {outside[:5]}"


def test_the_quick_start_runs_offline_and_its_boards_play(offline_browser, served):
    lesson = Lesson(offline_browser, served, "01-quick-start.ipynb")
    seconds = lesson.run_all()
    assert lesson.errors() == []
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
          f"{native:.0f} games/s (browser/native {browser / native:.2f}); the quick start ran "
          f"all its cells in {seconds:.1f} s")
    lesson.close("quick-start")


def test_the_rules_tour_runs_offline_and_a_click_makes_a_move(offline_browser, served):
    lesson = Lesson(offline_browser, served, "02-rules-tour.ipynb")
    seconds = lesson.run_all()
    assert lesson.errors() == []
    boards = lesson.boards(18)
    statuses = boards.locator(".sw-status").all_text_contents()
    assert all(s.startswith("Red holds ") for s in statuses), statuses
    try_the_rules_tour_c13_move(boards)
    print(f"\nthe rules tour ran all its cells offline in {seconds:.1f} s")
    lesson.close("rules-tour")


def test_the_replay_lesson_writes_its_export_in_browser_storage(offline_browser, served):
    lesson = Lesson(offline_browser, served, "03-replay-and-annotate.ipynb")
    lesson.run_all()
    assert lesson.errors() == []
    lesson.boards(1)
    page = lesson.page
    # The file browser shows what the lesson wrote, in the folder it made.
    page.locator(".jp-DirListing-item", has=page.locator(
        ".jp-DirListing-itemText", has_text=re.compile(r"^out$"))).dblclick()
    written = ("replay.html", "annotated-game.json")
    for name in written:
        page.locator(".jp-DirListing-itemText", has_text=re.compile(f"^{re.escape(name)}$")) \
            .wait_for()
    # They are kept in the browser's storage: still there after a reload.
    page.reload()
    page.locator(".jp-DirListing-item", has=page.locator(
        ".jp-DirListing-itemText", has_text=re.compile(r"^out$"))).dblclick()
    for name in written:
        page.locator(".jp-DirListing-itemText", has_text=re.compile(f"^{re.escape(name)}$")) \
            .wait_for()
    lesson.close("replay")


@pytest.mark.parametrize("notebook", ["06-variants.ipynb", "07-card-game.ipynb"])
def test_the_variants_and_card_game_lessons_run_offline(offline_browser, served, notebook):
    lesson = Lesson(offline_browser, served, notebook)
    seconds = lesson.run_all()
    assert lesson.errors() == []
    lesson.boards(3)
    print(f"\n{notebook} ran all its cells offline in {seconds:.1f} s (its plots need "
          "matplotlib, so offline it prints their numbers only)")
    lesson.close(notebook.split(".")[0], tries_plots=True)


def test_the_markov_chain_lesson_runs_offline(offline_browser, served):
    lesson = Lesson(offline_browser, served, "08-markov-chains.ipynb")
    seconds = lesson.run_all(timeout=300)
    assert lesson.errors() == []
    # Its exact answers are computed in the browser (pure Python), as in the kernel.
    # (JupyterLab draws only the cells in view, so the kernel is asked, not the page.)
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
    print(f"\n08-markov-chains ran all its cells offline in {seconds:.1f} s (plots need "
          "matplotlib, so offline it prints their numbers only)")
    lesson.close("08-markov-chains", tries_plots=True)


def test_the_luck_or_skill_lesson_runs_offline_with_its_charts(offline_browser, served,
                                                              monkeypatch):
    """Lesson 10 reviews its games in the browser (pure Python, charts from render.charts):
    the same luck and error as the lesson run natively, and nothing fetched from outside.
    The site has no solved two-pawn table (it cannot be built there), so the native run is
    made without one too, whatever this computer's cache holds."""
    from sorry_widget.simulation import evaluate

    monkeypatch.setattr(evaluate, "_TABLE", [None])
    lesson = Lesson(offline_browser, served, "10-luck-or-skill.ipynb")
    seconds = lesson.run_all(timeout=300)
    assert lesson.errors() == []
    lesson.boards(1)
    figures = ("print(len(luck_per_game), f'{sum(luck_per_game):.6f}', "
               "f'{sum(race_luck):.6f}', all_exact, costliest.play, luckiest.play)")
    said = lesson.run_code(figures)
    native: dict = {}
    cells = [c for c in json.loads((ROOT / "notebooks" / "10-luck-or-skill.ipynb").read_text())[
        "cells"] if c["cell_type"] == "code"]
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in cells:
            exec("".join(cell["source"]), native)
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(figures, native)
    assert said.split() == printed.getvalue().split(), (said, printed.getvalue())
    print(f"\n10-luck-or-skill ran all its cells offline in {seconds:.1f} s, its charts "
          "included")
    lesson.close("10-luck-or-skill")


@pytest.mark.parametrize("notebook", ["04-probability-with-cards.ipynb",
                                      "05-strategy-experiments.ipynb"])
def test_a_lesson_that_needs_matplotlib_says_so_in_one_sentence_offline(offline_browser, served,
                                                                       notebook):
    lesson = Lesson(offline_browser, served, notebook)
    lesson.run_all()
    first = lesson.page.locator(".jp-Notebook .jp-CodeCell").first
    first.locator(".jp-OutputArea-output", has_text="This lesson needs").wait_for()
    texts = [t.strip() for t in lesson.errors()]
    assert len(texts) == 1, texts
    message = texts[0]
    assert message.startswith("This lesson needs matplotlib"), message
    assert "internet" in message and "Traceback" not in message and "\n" not in message
    # It is the first code cell's output, and Run All stopped there.
    assert first.locator(".jp-OutputArea-output").text_content().strip() == message
    prompts = lesson.page.locator(".jp-CodeCell .jp-InputPrompt").all_text_contents()
    assert sum(bool(re.search(r"\[\d+\]", p)) for p in prompts) == 1, prompts
    lesson.close(notebook.split(".")[0], tries_plots=True)


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
