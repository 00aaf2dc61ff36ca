"""Several widgets on one page, as in a notebook (or JupyterLab's tabs, which share one page):
each draws with what is its own. A page finds an element by id among all of its elements, so
a card face or a board part whose id another widget also uses would be drawn from the wrong
widget (issue 31, 1: an English table showed French faces)."""

from __future__ import annotations

import pytest

from sorry_widget import CardState, Game, SorryCardWidget, SorryWidget
from sorry_widget.render.cardtable import _face_label
from sorry_widget.widget.export import standalone_page
from support.browser import offline_page

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")


def _every_face_in_hand() -> CardState:
    """A table whose hands, face up for the class, hold every card with words on its face."""
    return CardState.from_dict({
        "format": "sorry-cardgame/1",
        "players": [
            {"colour": "red", "hand": ["take-2", "switch", "play-2", "slide-21", "9"],
             "home": 1},
            {"colour": "blue", "hand": ["sorry-back", "sorry-steal", "dont-be-sorry", "slide-15",
                                        "4"], "home": 0},
            {"colour": "yellow", "hand": ["slide-10", "1", "2"], "home": 2}],
        "to_play": "red", "direction": 1, "play_pile": ["7", "slide-10"], "total": 10,
        "draw_pile": ["1", "2", "3", "5", "6", "8", "10"] * 3, "discard": [],
        "pending": None, "winners": []})


def bare(text: str) -> str:
    """Text without its spaces and hyphens."""
    return "".join(text.split()).replace("-", "")


def _open(browser, tmp_path, widgets, count):
    path = tmp_path / "page.html"
    path.write_text(standalone_page(widgets), encoding="utf-8")
    page, tried, errors = offline_page(browser, path)
    page.wait_for_function("document.querySelectorAll('[data-sorry-widget][data-rendered]')"
                           f".length === {count}", timeout=20_000)
    return page, tried, errors


def test_two_card_tables_in_other_languages_and_themes_each_show_their_own_faces(browser,
                                                                                 tmp_path):
    state = _every_face_in_hand()
    # A French table first: the first element with an id is the one a page finds.
    languages = ["fr", "en", "en"]
    widgets = [SorryCardWidget(state=state, language=language, theme=theme)
               for language, theme in zip(languages, ["light", "dark", "light"])]
    page, tried, errors = _open(browser, tmp_path, widgets, 3)
    shown = page.evaluate("""() => [...document.querySelectorAll('.sorry-widget.sw-cardgame')]
      .map((root) => [...root.querySelectorAll('svg.sorry-cardtable use')].map((u) => {
        const face = document.getElementById((u.getAttribute('href') ||
                                              u.getAttribute('xlink:href')).slice(1));
        const card = u.closest('[data-card]');
        return [card ? card.dataset.card : null, face ? face.textContent : null,
                !!face && root.contains(face)];
      }))""")
    assert len(shown) == 3
    for uses, language in zip(shown, languages):
        assert len(uses) > 20
        # Every drawing a table refers to is its own ...
        assert all(own for _, _, own in uses), [u for u in uses if not u[2]][:3]
        # ... so each face reads in the table's language ("Take 2" on the English table).
        faces = {card: text for card, text, _ in uses if card}
        assert len(faces) >= 11
        for card, text in faces.items():
            # (a face's words are on lines of their own, a long word broken with a hyphen)
            assert bare(_face_label(card, language)) in bare(text), (language, card, text)
    assert "Take2" in bare(dict((c, t) for c, t, _ in shown[2] if c)["take-2"])
    page.context.close()
    assert not errors and not tried


def test_no_two_widgets_on_a_page_share_an_id(browser, tmp_path):
    """Boards of other palettes, themes and languages, and card tables: every id in the page
    is one element's."""
    game = Game(4, seed=5)
    game.run()
    from sorry_widget import Record

    record = Record.from_game(game)
    widgets = [SorryWidget(record=record, theme="dark", palette="colour-blind", language="fr"),
               SorryWidget(record=record, theme="light", language="en"),
               SorryCardWidget(state=_every_face_in_hand(), language="fr"),
               SorryCardWidget(state=_every_face_in_hand(), language="en")]
    page, tried, errors = _open(browser, tmp_path, widgets, 4)
    page.wait_for_selector(".sorry-widget .pawns g.pawn")
    ids = page.evaluate("() => [...document.querySelectorAll('.sorry-widget [id]')]"
                        ".map((e) => e.id)")
    assert len(ids) >= 2 * (2 * 20 + 1)  # at least the two tables' faces
    shared = sorted({i for i in ids if ids.count(i) > 1})
    assert not shared, shared[:10]
    # The boards still draw their pawns where the drawing says, each its own.
    assert page.locator(".sorry-widget .pawns g.pawn").count() == 32
    page.context.close()
    assert not errors and not tried
