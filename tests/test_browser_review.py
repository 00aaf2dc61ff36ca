"""The review of a game on the board's replay, in Debian's Chromium (docs/review.md): the graph of
chances, the sentence of the play shown, luck and error in the move list, the best move's arrows,
the keyboard, in English and French."""

from __future__ import annotations

import pytest

from support.axe import report, run_axe, serious
from support.browser import Bridge
from sorry_widget import Game, Record, SorryWidget

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")


def _reviewed(language: str):
    game = Game(2, seed=34, strategies=["greedy", "random"])
    game.run()
    widget = SorryWidget(record=Record.from_game(game), animate=False, language=language)
    result = widget.show_review()
    # A play whose move gave something away, with the best move's arrows, and a play after it.
    at = next(n for n, p in enumerate(widget.review["plays"], 1)
              if p["arrows"] and n < len(result.plays))
    widget.goto(at)
    return widget, result, at


@pytest.mark.parametrize("language, gave_away, title, figures", [
    ("en", "gave away", "Chance to win, play by play", ("luck", "error")),
    ("fr", "a coûté", "Chance de gagner, coup par coup", ("chance", "erreur")),
])
def test_a_replay_shows_its_review(page, language, gave_away, title, figures):
    widget, result, at = _reviewed(language)
    Bridge(page, widget)
    board = page.locator(".sorry-widget")
    panel = board.locator(".sw-review")
    panel.wait_for(state="visible")
    assert title in panel.text_content()
    # One line per player, a point per frame, in the review's order of colours.
    lines = panel.locator("polyline.sw-review-line")
    assert [lines.nth(k).get_attribute("data-colour") for k in range(lines.count())] == \
        list(result.colours)
    points = lines.nth(0).get_attribute("points").split()
    assert len(points) == len(result.plays) + 1
    # The graph says its figures to a screen reader.
    chart = panel.locator("svg.sw-review-chart")
    assert chart.get_attribute("role") == "img" and str(len(result.plays)) in \
        chart.get_attribute("aria-label")
    play = result.plays[at - 1]
    sentence = panel.locator(".sw-review-sentence").text_content()
    assert gave_away in sentence and play.best in sentence, sentence
    # The best move's arrows on the board, one per pawn it moves.
    arrows = page.locator("svg .best-move-arrow")
    assert arrows.count() == len(widget.review["plays"][at - 1]["arrows"]) >= 1
    # Each play's luck and error beside it in the move list.
    item = board.locator(f".sw-moves li[data-play='{at}']").text_content()
    assert play.move in item and all(word in item for word in figures), item
    # By keyboard: the next play gets its own sentence (and arrows only if it gave any away).
    board.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"document.querySelector('.sw-review-sentence').textContent !== "
                           f"{sentence!r}")
    following = result.plays[at]
    assert widget.play == at + 1
    assert page.locator("svg .best-move-arrow").count() == \
        len(widget.review["plays"][at]["arrows"])
    # Nothing serious for axe-core on the reviewed board (names, roles, contrast).
    violations = run_axe(page)
    assert not serious(violations), report(f"reviewed board ({language})", violations)
    said = panel.locator(".sw-review-sentence").text_content()
    assert (gave_away in said) == (following.error >= 0.0005), said
    assert following.best in said or following.error < 0.0005, said


def test_a_replay_without_a_review_shows_no_review_panel(page):
    game = Game(2, seed=34)
    game.run()
    widget = SorryWidget(record=Record.from_game(game), animate=False)
    widget.goto(5)
    Bridge(page, widget)
    assert page.locator(".sw-review").is_hidden()
    assert page.locator("svg .best-move-arrow").count() == 0
    assert "luck" not in page.locator(".sw-moves").text_content()


def test_a_saved_page_shows_its_review_with_no_kernel(page):
    # A lesson reopened from its saved state: the review is in the widget's state, drawn with
    # no kernel behind the page.
    widget, result, at = _reviewed("en")
    Bridge(page, widget, kernel=False)
    panel = page.locator(".sw-review")
    panel.wait_for(state="visible")
    assert result.plays[at - 1].best in panel.locator(".sw-review-sentence").text_content()
    assert page.locator("svg .best-move-arrow").count() >= 1
