"""A replay exported with ``to_html`` still replays in a browser, with no kernel (TESTING.md,
level 3). The page loads require.js, the widget HTML manager and anywidget from public CDNs,
which this machine cannot reach; the test serves the same files from ``npm pack`` copies."""

from __future__ import annotations

import re
import subprocess
import tarfile
from pathlib import Path

import anywidget
import pytest

from browser import launch
from sorry_widget import Game, Record, SorryWidget

playwright_api = pytest.importorskip("playwright.sync_api")

CACHE = Path(__file__).parent.parent / ".cache" / "npm"
PACKAGES = {
    "requirejs": "requirejs@2.3.8",
    "html-manager": "@jupyter-widgets/html-manager@1.0.7",
    "anywidget": f"anywidget@{anywidget.__version__}",
}


def unpacked(name: str) -> Path:
    target = CACHE / name
    if not (target / "package" / "package.json").exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        out = subprocess.run(["npm", "pack", PACKAGES[name], "--silent"], cwd=CACHE,
                             capture_output=True, text=True, timeout=300, check=True)
        tgz = CACHE / out.stdout.strip().splitlines()[-1]
        with tarfile.open(tgz) as tar:
            tar.extractall(target, filter="data")
        tgz.unlink()
    return target / "package"


def cdn_file(url: str) -> Path | None:
    """The local copy of a CDN file the exported page asks for."""
    if re.search(r"/require(\.min)?\.js$", url) and "cdnjs" in url:
        return unpacked("requirejs") / "require.js"
    m = re.search(r"/npm/@jupyter-widgets/html-manager@[^/]*/dist/(.+)$", url)
    if m:
        return unpacked("html-manager") / "dist" / m.group(1)
    m = re.search(r"/npm/anywidget@[^/]*/(.+)$", url)
    if m:
        return unpacked("anywidget") / m.group(1)
    return None


def test_exported_replay_steps_without_a_kernel(tmp_path):
    game = Game(4, seed=5)
    game.run()
    record = Record.from_game(game)
    record.annotate(3, text="Exported note", arrows=[[4, 19]])
    widget = SorryWidget(record=record, animate=False)
    path = tmp_path / "replay.html"
    widget.to_html(path)

    missing = []
    with playwright_api.sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        def serve(route):
            local = cdn_file(route.request.url)
            if local is None or not local.exists():
                missing.append(route.request.url)
                route.abort()
                return
            kind = "text/css" if local.suffix == ".css" else "application/javascript"
            if local.suffix in (".woff", ".woff2", ".ttf", ".eot", ".svg"):
                kind = "application/octet-stream"
            route.fulfill(status=200, body=local.read_bytes(), content_type=kind,
                          headers={"Access-Control-Allow-Origin": "*"})

        # The page pins cdnjs's minified require.js by its hash; npm carries the same library
        # unminified, so the copy the test serves drops that one hash check and nothing else.
        html = re.sub(r'\s+integrity="[^"]*"', "", path.read_text())

        def serve_page(route):
            route.fulfill(status=200, body=html, content_type="text/html")

        page.route(re.compile(r"^https?://"), serve)
        page.route("http://replay.test/replay.html", serve_page)
        page.goto("http://replay.test/replay.html")
        page.wait_for_selector(".sorry-widget #pawns g.pawn", timeout=30_000)
        assert page.locator(".sorry-widget #pawns g.pawn").count() == 16
        page.click(".sorry-widget button.sw-last")
        page.wait_for_function(
            f"document.querySelector('.sorry-widget').dataset.shown === '{widget.last_turn}'")
        assert f"{game.winner.capitalize()} wins!" in page.text_content(".sw-status")
        page.click(".sorry-widget button.sw-first")
        for _ in range(3):
            page.click(".sorry-widget button.sw-forward")
        page.wait_for_function("document.querySelector('.sorry-widget').dataset.shown === '3'")
        assert page.text_content(".sw-note") == "Exported note"
        assert page.locator(".sw-annotation .arrow").count() == 1
        browser.close()
    assert not errors, errors
    # The manager first asks for each module beside the page, then falls back to the CDN; only
    # CDN files matter.
    assert not [u for u in missing if "replay.test" not in u], missing
