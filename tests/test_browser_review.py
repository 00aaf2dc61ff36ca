"""The review of a game on the board's replay, in Debian's Chromium (docs/review.md): the graph of
chances, the sentence of the play shown, luck and error in the move list, the best move's arrows,
the keyboard, in English and French."""

from __future__ import annotations

from collections import Counter

import pytest

from support.axe import report, run_axe, serious
from support.browser import Bridge, contrast, expected_pawns
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
    ("fr", "a coûté", "Probabilité de gagner, coup par coup", ("chance", "erreur")),
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
    # Only the button that asks for a review, once a kernel is listening.
    page.locator(".sw-review-ask").wait_for(state="visible")
    assert page.locator(".sw-review-chart, .sw-review-sentence").count() == 0
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


#: Records every text the review's button shows, so a test sees its "Reviewing…" while Python
#: works (the stand-in kernel answers within the same click).
WATCH_BUTTON = """() => {
  window.__buttonTexts = [];
  new MutationObserver(() => {
    const b = document.querySelector('.sw-review-ask');
    if (b) window.__buttonTexts.push([b.textContent, b.disabled, b.getAttribute('aria-busy')]);
  }).observe(document.querySelector('.sorry-widget'), {subtree: true, childList: true,
                                                        characterData: true, attributes: true});
}"""


@pytest.mark.parametrize("language, ask, asking, gave_away", [
    ("en", "Review the game", "Reviewing…", "gave away"),
    ("fr", "Analyser la partie", "Analyse en cours…", "a coûté"),
])
def test_the_page_asks_for_the_review_and_a_screen_reader_hears_it(page, language, ask, asking,
                                                                   gave_away):
    game = Game(2, seed=34, strategies=["greedy", "random"])
    game.run()
    widget = SorryWidget(record=Record.from_game(game), animate=False, language=language)
    bridge = Bridge(page, widget)
    # A button with its name, reached by the keyboard, asks Python for the review.
    button = page.get_by_role("button", name=ask)
    button.wait_for(state="visible")
    assert widget.review == {}
    page.evaluate(WATCH_BUTTON)
    button.focus()
    page.keyboard.press("Enter")
    page.locator("svg.sw-review-chart").wait_for(state="visible")
    assert [asking, True, "true"] in page.evaluate("window.__buttonTexts")
    assert len(widget.review["plays"]) == widget.last_play
    assert page.locator(".sw-review-ask").count() == 0
    notice = page.locator(".sw-notice")
    assert notice.get_attribute("data-level") == "ok" and \
        str(widget.last_play) in notice.text_content()
    # Stepping to a play that gave something away says its review sentence aloud.
    at = next(n for n, p in enumerate(widget.review["plays"], 1) if p["arrows"])
    widget.goto(at - 1)
    bridge.flush()
    page.locator(".sorry-widget").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"document.querySelector('.sw-announce').textContent.includes("
                           f"{gave_away!r})")
    said = page.locator(".sw-announce").text_content()
    assert widget.review["plays"][at - 1]["best"] in said, said
    assert page.locator(".sw-announce").get_attribute("role") == "status"
    violations = run_axe(page)
    assert not serious(violations), report(f"review asked for ({language})", violations)


def test_a_refused_review_frees_the_button_and_a_game_in_play_offers_none(page):
    # A team game is not evaluated (docs/review.md): Python refuses with a notice, and the
    # button offers the review again instead of waiting for ever.
    game = Game(4, rules="teams-1992", seed=5)
    game.run()
    teams = SorryWidget(record=Record.from_game(game), animate=False)
    Bridge(page, teams)
    button = page.locator(".sw-review-ask")
    button.wait_for(state="visible")
    button.focus()
    page.keyboard.press("Enter")
    page.locator(".sw-notice.sw-error").wait_for(state="visible")
    assert teams.review == {}
    assert button.is_enabled() and button.text_content() == "Review the game"
    # The keyboard's focus is back on the button offered again, not on the page's body.
    assert page.evaluate("document.activeElement.matches('.sw-review-ask')")
    # A game still in play is not reviewed: no button.
    live = SorryWidget(Game(2, seed=3, strategies={"red": None}), animate=False)
    page2 = page.context.new_page()
    Bridge(page2, live)
    page2.locator(".sorry-widget.sw-live").wait_for()
    assert page2.locator(".sw-review-ask").count() == 0


#: Each text of the review's graph and panel: its words and the size it is drawn at on screen
#: (an SVG text's font size times the graph's scale).
DRAWN_SIZES = """() => [...document.querySelectorAll(
    '.sw-review-chart text, .sw-review-legend span, .sw-review-sentence')].map((t) => {
  const size = parseFloat(getComputedStyle(t).fontSize);
  const scale = t.getScreenCTM ? t.getScreenCTM().a : 1;
  return [t.textContent, size * scale];
})"""
#: Each line of the graph (the players' and the 50% line): its stroke, and the widget's background.
STROKES = """() => {
  const bg = getComputedStyle(document.querySelector('.sorry-widget')).backgroundColor;
  return [...document.querySelectorAll('.sw-review-line, .sw-review-half')].map(
    (l) => [l.getAttribute('class'), getComputedStyle(l).stroke, bg]);
}"""


def _opaque(colour: str, background: str) -> str:
    """A computed colour ("rgb(…)" or "rgba(…)") as it shows over an opaque background."""
    def parts(text):
        return [float(v) for v in text[text.index("(") + 1:-1].split(",")]
    fg, bg = parts(colour), parts(background)
    alpha = fg[3] if len(fg) == 4 else 1.0
    mixed = [round(alpha * f + (1 - alpha) * b) for f, b in zip(fg[:3], bg[:3])]
    return f"rgb({mixed[0]}, {mixed[1]}, {mixed[2]})"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_review_is_readable_on_a_projector_at_1280_pixels(page, theme):
    game = Game(4, seed=34, strategies=["greedy", "random", "greedy", "random"])
    game.run()
    widget = SorryWidget(record=Record.from_game(game), animate=False, theme=theme)
    widget.show_review()
    widget.goto(20)
    Bridge(page, widget, width=1280)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("svg.sw-review-chart").wait_for(state="visible")
    # The graph has a scale to read (0, 50 and 100% and the plays), and no text of the graph,
    # its legend or its sentence is drawn under 12 px.
    sizes = page.evaluate(DRAWN_SIZES)
    labels = [text for text, _ in sizes]
    assert {"0%", "50%", "100%", str(widget.last_play)} <= set(labels), labels
    small = [(text, px) for text, px in sizes if px < 12]
    assert not small, small
    # Every line stands out from the background: 3:1 at least (WCAG 1.4.11, non-text contrast).
    strokes = page.evaluate(STROKES)
    assert len(strokes) == len(widget.review["colours"]) + 1
    faint = [(name, stroke, round(contrast(_opaque(stroke, bg), bg), 2))
             for name, stroke, bg in strokes if contrast(_opaque(stroke, bg), bg) < 3]
    assert not faint, faint


#: Every best-move arrow's way as drawn: the polyline's points, its last (the head's base)
#: replaced by the head's tip.
ARROW_WAYS = """() => [...document.querySelectorAll('svg .best-move-arrow')].map((g) => {
  const line = g.querySelector('polyline'), head = g.querySelector('polygon');
  const way = line ? line.getAttribute('points').trim().split(/\\s+/).map((p) => p.split(',').map(Number)) : [];
  const tip = head.getAttribute('points').trim().split(/\\s+/)[0].split(',').map(Number);
  return [...way.slice(0, -1), tip];
})"""


def test_the_best_moves_arrow_follows_the_track_the_pawn_walks(page):
    """Issue 39, 12: the best move "R4-16>19" was one straight line across the board, over blue
    HOME. Each arrow goes from place to touching place, square by square, as the pawn walks,
    from where the pawn stands to where the best move takes it; one of the arrows turns a
    corner of the track."""
    from sorry_widget.render.geometry import PLACES

    game = Game(2, seed=34, strategies=["greedy", "random"])
    game.run()
    record = Record.from_game(game)
    widget = SorryWidget(record=record, animate=False)
    widget.show_review()
    bridge = Bridge(page, widget)
    positions = record.replay()
    at_place = {(round(p.x, 1), round(p.y, 1)): key for key, p in PLACES.items()}
    turned = walked = 0
    for n, judged in enumerate(widget.review["plays"], 1):
        best = judged["best"]
        if not judged["arrows"] or "!" in best or "<>" in best:
            continue  # a Sorry! or a switch jumps: its arrow is straight, as its trail is
        widget.goto(n)
        bridge.flush()
        bridge.wait_shown(n)
        ways = page.evaluate(ARROW_WAYS)
        assert len(ways) == len(judged["arrows"]), (n, best, ways)
        move = next(m for m in positions[n - 1].legal_moves(record.plays[n - 1].card)
                    if m.notation == best)
        colour = record.plays[n - 1].colour
        before, after = Counter(expected_pawns(positions[n - 1])[colour]), \
            Counter(expected_pawns(move.result)[colour])
        for way in ways:
            keys = [at_place.get((round(x, 1), round(y, 1))) for x, y in way]
            assert None not in keys, (n, best, way)  # every point is a place's centre
            assert before[keys[0]] and after[keys[-1]], (n, best, keys)
            for a, b in zip(keys, keys[1:]):
                # One step: the two places touch (no line across the board).
                pa, pb = PLACES[a], PLACES[b]
                assert abs(pa.x - pb.x) + abs(pa.y - pb.y) <= 1.01 * (pa.half + pb.half) + 1e-9 \
                    or a.endswith(":start"), (n, best, a, b)
            walked += 1
            xs, ys = {x for x, _ in way}, {y for _, y in way}
            turned += len(xs) > 1 and len(ys) > 1
    assert walked >= 3 and turned >= 1, (walked, turned)

