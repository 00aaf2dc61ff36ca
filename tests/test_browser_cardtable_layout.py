"""The card table as a class sees it (issue 31, 7): every face's words inside its card in every
language, measured with the browser's own text metrics; the whole table and the line saying
what to do on screen together in a window 800 px high; the pawn cards explained."""

from __future__ import annotations

import pytest

from support.browser import Bridge
from sorry_widget import CardGame, SorryCardWidget
from sorry_widget.core.messages import LANGUAGES
from sorry_widget.render.cardtable import CARD_H, CARD_W
from support.cardgame import GREEDY, sorry_table

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

#: What JupyterLab itself takes of an 800 px high window above and below a notebook's output:
#: its menu bar, tab bar, notebook toolbar and status bar (about 30 px each).
JUPYTERLAB_CHROME = 120


def _table(page, width, height, language="en", theme="light", container=None):
    w = SorryCardWidget(game=CardGame.from_state(sorry_table(), strategies={
        "red": None, **GREEDY}), theme=theme, language=language)
    Bridge(page, w, width=width)
    page.set_viewport_size({"width": width, "height": height})
    if container:
        # The notebook's cell: JupyterLab at 1280 px with its file browser open.
        page.evaluate(f"document.getElementById('host').style.width = '{container}px'")
    page.wait_for_timeout(100)
    return w


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_face_fits_its_card_unsqueezed(page, language):
    _table(page, 1280, 800, language)
    lines = page.evaluate("""() => [...document.querySelectorAll('.sw-faces g[id]')]
      .flatMap((face) => [...face.querySelectorAll('text')].map((t) => {
        const box = t.getBBox();
        return { face: face.id, text: t.textContent, length: t.getComputedTextLength(),
                 squeezed: t.hasAttribute('textLength'), x: box.x, y: box.y,
                 right: box.x + box.width, bottom: box.y + box.height };
      }))""")
    # Every face of the deck, plain and with its corner index, and the back.
    assert len({line["face"] for line in lines}) >= 2 * 20 + 1
    wrong = [line for line in lines if line["squeezed"] or line["x"] < 1 or line["y"] < 0
             or line["right"] > CARD_W - 1 or line["bottom"] > CARD_H]
    assert not wrong, wrong[:5]
    longest = max(lines, key=lambda line: line["length"])
    assert longest["length"] <= CARD_W - 2, longest


@pytest.mark.parametrize("container", [None, 880])
@pytest.mark.parametrize("language, theme", [("en", "light"), ("fr", "dark")])
def test_the_table_and_what_to_do_fit_a_window_800_px_high(page, container, language, theme):
    _table(page, 1280, 800, language, theme, container)
    table = page.locator(".sw-table").bounding_box()
    status = page.locator(".sw-status").bounding_box()
    top_seat = page.locator('g.player[data-colour="yellow"] text.player-name').bounding_box()
    hand = page.locator('g.player[data-colour="red"] g.hand-card').last.bounding_box()
    top = min(table["y"], status["y"])
    bottom = max(table["y"] + table["height"], status["y"] + status["height"])
    assert bottom - top <= 800 - JUPYTERLAB_CHROME, (table, status)
    # The top seat's name and the person's hand are inside the table shown.
    assert table["y"] <= top_seat["y"] and hand["y"] + hand["height"] <= table["y"] + \
        table["height"]
    # ... and the table is still at least 760 px wide, its smallest text 11 px or more.
    assert table["width"] >= 760 - 1


def test_the_pawn_cards_are_explained_on_the_table(page):
    from sorry_widget.core.messages import word

    for language in LANGUAGES:
        w = SorryCardWidget(game=CardGame.from_state(sorry_table(), strategies={
            "red": None, **GREEDY}), language=language)
        legend = word("Pawn cards: S = START side up, H = HOME side up", language,
                      "table.pawn_cards")
        assert legend in w.svg()
    Bridge(page, w, width=1280)
    box = page.locator("svg.sorry-cardtable text.legend").bounding_box()
    table = page.locator(".sw-table").bounding_box()
    assert box["width"] > 100 and table["x"] <= box["x"] and \
        box["x"] + box["width"] <= table["x"] + table["width"] and \
        box["y"] + box["height"] <= table["y"] + table["height"]
