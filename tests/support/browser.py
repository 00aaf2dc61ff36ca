"""Real-browser testing of the widget: Debian's Chromium driven by
Playwright mounts the widget's real ES module in a page with a stand-in model, bridged both ways
to the real Python widget: what the page saves goes through ``set_state``, what it sends goes
to the widget's message handler, and Python's trait changes are pushed back into the page.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ORIGIN = "http://widget.test"

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>widget test</title><style>%(css)s</style></head>
<body style="margin:8px;background:#fff"><main><h1 style="font-size:16px">widget test</h1><div id="host"></div></main>
<script type="module">
import widget from "%(origin)s/widget.js";
const state = %(state)s;
const listeners = {};
const fire = (keys) => {
  for (const k of keys) for (const fn of listeners["change:" + k] || []) fn();
};
// Python's answer to anything the page did: trait updates, then custom messages.
window.__apply = ({ updates, messages }) => {
  Object.assign(state, updates);
  fire(Object.keys(updates));
  for (const m of messages) for (const fn of listeners["msg:custom"] || []) fn(m);
};
let unsaved = {};
const model = {
  get: (k) => state[k],
  set: (k, v) => { state[k] = v; unsaved[k] = v; fire([k]); },
  on: (ev, fn) => { (listeners[ev] ||= []).push(fn); },
  off: (ev, fn) => { listeners[ev] = (listeners[ev] || []).filter((f) => f !== fn); },
  save_changes: async () => {
    const changes = unsaved; unsaved = {};
    window.__apply(await window.__save(changes));
  },
  send: async (content) => { window.__apply(await window.__msg(content)); },
};
window.__model = model;
widget.render({ model, el: document.getElementById("host") });
window.__ready = true;
</script></body></html>
"""


def rgb(hex_colour: str) -> str:
    """A #rrggbb colour as the browser's computed style writes it."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def launch(playwright):
    if not os.path.exists(CHROMIUM):
        raise RuntimeError(f"{CHROMIUM} is missing: the test command installs Debian's chromium "
                           "(scripts/install-system.sh)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


class Bridge:
    """A page showing ``widget`` through its real ES module."""

    def __init__(self, page, widget, width: int = 1000, kernel: bool = True) -> None:
        """``kernel=False``: the page of a saved notebook reopened, whose widget no kernel
        holds; what it sends goes nowhere (it is never told that a kernel is listening)."""
        self.page = page
        self.widget = widget
        self.kernel = kernel
        self.pending: dict = {}
        widget.observe(self._changed, names=list(widget.keys))
        self.messages: list = []
        # What Python sends the page (notices, "a kernel is listening") reaches it with the
        # next answer, as a comm message would.
        widget.send = lambda content, buffers=None: self.messages.append(content)
        page.set_viewport_size({"width": width, "height": 900})
        state = widget.get_state()
        html = PAGE % {"css": widget._css, "origin": ORIGIN,
                       "state": json.dumps({k: v for k, v in state.items()
                                            if not k.startswith("_")})}
        js = widget._esm

        def serve(route):
            url = route.request.url
            if url.endswith("/widget.js"):
                route.fulfill(status=200, content_type="text/javascript", body=js)
            else:
                route.fulfill(status=200, content_type="text/html", body=html)

        page.route(f"{ORIGIN}/**", serve)
        page.expose_function("__save", self._save)
        page.expose_function("__msg", self._msg)
        page.goto(f"{ORIGIN}/index.html")
        page.wait_for_function("window.__ready === true", timeout=10_000)
        if kernel:
            page.wait_for_selector(".sorry-widget.sw-live", timeout=10_000)

    def _changed(self, change) -> None:
        self.pending[change["name"]] = self.widget.get_state(change["name"])[change["name"]]

    def _take(self) -> dict:
        out, self.pending = self.pending, {}
        return out

    def _answer(self, updates: dict) -> dict:
        messages, self.messages = self.messages, []
        return {"updates": updates, "messages": messages}

    def _save(self, changes: dict) -> dict:
        self.widget.set_state(changes)
        updates = self._take()
        # Like ipywidgets, a value the browser itself sent is not echoed back; a refused one is
        # (the widget kept its own value), so the page falls in line.
        for key, value in changes.items():
            now = self.widget.get_state(key)[key]
            if now != value:
                updates[key] = now
            elif updates.get(key, object()) == value:
                del updates[key]
        return self._answer(updates)

    def _msg(self, content: dict) -> dict:
        if not self.kernel:
            return {"updates": {}, "messages": []}
        self.widget._handle_custom_msg(content, [])
        return self._answer(self._take())

    def flush(self) -> None:
        """Push Python's trait changes and messages into the page."""
        answer = self._answer(self._take())
        if answer["updates"] or answer["messages"]:
            self.page.evaluate("(a) => window.__apply(a)", answer)

    # --- reading the page -----------------------------------------------------------------

    def pawns(self) -> dict[str, list[str]]:
        """Colour -> sorted place keys of the pawns drawn on the board."""
        return self.page.evaluate("""() => {
          const out = {};
          for (const p of document.querySelectorAll('.pawns g.pawn')) {
            (out[p.dataset.colour] ||= []).push(p.dataset.place);
          }
          for (const k in out) out[k].sort();
          return out;
        }""")

    def pawn_xy(self) -> list[tuple[str, str, float, float]]:
        return [tuple(x) for x in self.page.evaluate("""() =>
          [...document.querySelectorAll('.pawns g.pawn')].map((p) => {
            const m = p.getAttribute('transform').match(/translate\\(([-\\d.]+),([-\\d.]+)\\)/);
            return [p.dataset.colour, p.dataset.place, Number(m[1]), Number(m[2])];
          })""")]

    def shown_play(self) -> int:
        return int(self.page.get_attribute(".sorry-widget", "data-shown"))

    def wait_shown(self, play: int, timeout: int = 5000) -> None:
        self.page.wait_for_function(
            f"document.querySelector('.sorry-widget').dataset.shown === '{play}'",
            timeout=timeout)

    def click_place(self, key: str) -> None:
        """Click a place as a person would: the pawn standing there, else the square."""
        pawn = self.page.locator(f'.pawns g.pawn[data-place="{key}"]')
        if pawn.count():
            pawn.first.click()
        else:
            self.page.locator(f'.board [data-place="{key}"]').first.click(force=True)


def expected_pawns(position) -> dict[str, list[str]]:
    """Colour -> sorted place keys of a position's pawns, as the page should draw them."""
    from sorry_widget.render.geometry import place_key

    return {c: sorted(place_key(c, loc) for loc in locs)
            for c, locs in zip(position.colour_names, position.pawns)}


def try_the_rules_tour_c13_move(boards) -> None:
    """On the rules tour's C13 board (red holds a 12), a student's own move by two clicks,
    explained, then Reset back to the rule's card: the lesson's *Try it* in any client."""
    statuses = boards.locator(".sw-status").all_text_contents()
    c13 = boards.nth(next(i for i, s in enumerate(statuses) if s.startswith("Red holds a 12")))
    c13.scroll_into_view_if_needed()
    c13.locator('.pawns g.pawn[data-place="20"]').click()
    c13.locator('.board [data-place="32"]').first.click(force=True)
    c13.locator(".sw-explanation .sw-notation", has_text="R20-32").wait_for()
    c13.locator("button.sw-reset").click()
    c13.locator(".sw-status", has_text="Red holds a 12").wait_for()


def check_the_c7_badge(board) -> None:
    """On a board whose explanation cites C7: its badge shows C7's line, then, unfolded, its
    full text as docs/rules.md states it, and a link to its place on the rules page."""
    from sorry_widget.board.rulebook import RULE_SUMMARIES, RULE_TEXTS, rule_link

    board.locator(".sw-explanation .sw-rule", has_text="C7").click()
    shown = board.locator(".sw-rule-text")
    shown.wait_for(state="visible")
    full = shown.locator(".sw-rule-full p")
    assert RULE_SUMMARIES["C7"] in shown.text_content() and not full.is_visible()
    shown.locator(".sw-rule-full summary").click()
    full.wait_for(state="visible")
    assert full.text_content() == RULE_TEXTS["C7"]["text"]
    assert "same turn" in full.text_content()
    link = shown.locator("a.sw-rule-link")
    assert link.get_attribute("href") == rule_link("C7")
    assert "docs/" not in shown.text_content() and ".md" not in shown.text_content()


def offline_page(browser, path: Path):
    """The page at ``path`` opened from file:// with every network request refused; returns
    (page, requests it tried, page errors)."""
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    tried, errors = [], []

    def refuse(route):
        if route.request.url.startswith(("file:", "blob:", "data:")):
            route.continue_()
        else:
            tried.append(route.request.url)
            route.abort()

    context.route("**/*", refuse)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: None if r.url.startswith(("file:", "blob:", "data:"))
            else tried.append(r.url))
    page.goto(path.as_uri())
    return page, tried, errors


def focused(page, selector: str) -> bool:
    """Whether the element that has the keyboard's focus matches ``selector``."""
    return page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)",
                         selector)


def tab_to(page, selector: str, back: bool = False, limit: int = 120) -> None:
    """Press Tab (Shift+Tab) until the element in focus matches ``selector``."""
    for _ in range(limit):
        if focused(page, selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


def wait_shown(page, n: int) -> None:
    page.wait_for_function(f"document.querySelector('.sorry-widget').dataset.shown === '{n}'")


def luminance(colour: str) -> float:
    """WCAG relative luminance of a computed colour ("rgb(r, g, b)" or "rgba(...)")."""
    channels = [int(v) / 255 for v in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two computed colours."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
