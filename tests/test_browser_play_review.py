"""A game played on the page, then reviewed there (issue 34, docs/review.md): a person plays red
against the computer by clicks and the keyboard until the game is over, asks for the review
with the page's *Review the game* button by the keyboard, and the page shows what
``review(record)`` of that game says: the graph, each play's luck and error, the sentence and
the best move's arrow of the person's costly decision, in English and French."""

from __future__ import annotations

from collections import Counter

import pytest

from conftest import pos
from support.axe import report, run_axe, serious
from support.boards import game_drawing
from support.browser import Bridge, expected_pawns, focused, tab_to
from sorry_widget import SorryWidget
from sorry_widget.core.numbers import format_percent, format_points
from sorry_widget.simulation.review import review

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

#: A two-player classic endgame, red (the person) to move with a 10: forward 10 wins at once
#: (R58-H), back 1 (R58-57) does not. The person takes the pawn back, so the game goes on and
#: their own later clicks, and the computer's cards, decide it.
START = pos(red=[58, "home", "home", "home"], yellow=[20, "home", "home", "home"])
CHOSEN, CHOSEN_TARGET, BEST = "R58-57", "57", "R58-H"

#: What the page shows the person at each moment of their turn: the game is over (the review's
#: button is offered), a Pass button, or pawns to click; null while none is shown yet.
TURN = """(after) => {
  const root = document.querySelector('.sorry-widget');
  if (Number(root.dataset.shown) <= after) return null;
  if (document.querySelector('.sw-review-ask')) return 'over';
  if (document.querySelector('.sw-choices button.sw-pass')) return 'pass';
  if (document.querySelector('.pawns g.pawn.sw-selectable')) return 'move';
  return null;
}"""
#: The places marked as where the chosen pawn can go, once each, in the board's order.
TARGETS = """() => [...new Set([...document.querySelectorAll('.sw-board svg .sw-target')]
  .filter((n) => !n.closest('.overlay')).map((n) => n.dataset.place))]"""


def _play_as_a_person(bridge) -> tuple[list[int], list[str]]:
    """Play red's turns on the page until the game is over: the first by the keyboard (the
    pawn, then the target CHOSEN_TARGET), the others by mouse clicks (the pawn, then the first
    place offered), Pass by its button. Returns the plays at which red had a decision (more
    than one place to go), and the card the board showed red at each of its turns (the
    widget draws the person's card when their turn comes)."""
    page = bridge.page
    decisions, cards, after, first = [], [], -1, True
    for _ in range(200):
        handle = page.wait_for_function(TURN, arg=after)
        state = handle.json_value()
        if state == "over":
            return decisions, cards
        turn = bridge.shown_play()
        cards.append(page.locator(".card-face .card-value").text_content())
        if state == "pass":
            page.locator(".sw-choices button.sw-pass").focus()
            page.keyboard.press("Enter")
        else:
            pawn = page.locator(".pawns g.pawn.sw-selectable").first
            if first:
                pawn.focus()
                page.keyboard.press("Enter")
            else:
                pawn.click()
            targets = page.evaluate(TARGETS)
            assert targets, "a pawn chosen, and nowhere to go"
            if len(targets) > 1:
                decisions.append(turn + 1)
            if first:
                assert CHOSEN_TARGET in targets and "red:home" in targets, targets
                page.locator(f'.sw-board svg .sw-target[data-place="{CHOSEN_TARGET}"]') \
                    .first.focus()
                page.keyboard.press("Enter")
            else:
                target = page.locator(f'.sw-board svg .sw-target[data-place="{targets[0]}"]')
                target.first.click(force=True)
        first = False
        after = turn
    raise AssertionError("the game did not end in 200 turns of the person's")


def _points(fraction: float, language: str) -> str:
    """A difference of chances as the review writes an error: "3.1 points"."""
    return format_points(fraction, language, 1)


def _signed(fraction: float, language: str) -> str:
    """A signed difference as the review writes luck: "+3.1 points", "−1.0 points" (a minus
    sign, U+2212)."""
    return format_points(fraction, language, 1, signed=True).replace("-", "\u2212")


def _chart_chances(page, language: str) -> dict[str, list[float]]:
    """Each line of the graph read back as chances, from where the graph's scale puts its
    labels 0% and 100% (as ``language`` writes them)."""
    labels = [format_percent(p, language, digits=0) for p in (0, 1)]
    return page.evaluate("""([none, all]) => {
      const chart = document.querySelector('svg.sw-review-chart');
      const axis = [...chart.querySelectorAll('text.sw-review-axis')];
      const at = (text) => Number(axis.find((t) => t.textContent === text).getAttribute('y'));
      const zero = at(none), full = at(all);
      const out = {};
      for (const line of chart.querySelectorAll('polyline.sw-review-line')) {
        out[line.dataset.colour] = line.getAttribute('points').trim().split(/\\s+/)
          .map((p) => (zero - Number(p.split(',')[1])) / (zero - full));
      }
      return out;
    }""", labels)


@pytest.mark.parametrize("language, press, words, sentence", [
    ("en", "Enter", ("Review the game", "luck", "error"),
     "Red's 10 gave away {error} of the chance to win: {best} was best (the card's luck: "
     "{luck})."),
    ("fr", "Space", ("Analyser la partie", "chance", "erreur"),
     "Le 10 de Rouge a coûté {error} de probabilité de gagner : {best} était meilleur (la "
     "chance de la carte : {luck})."),
], ids=["en", "fr"])
def test_a_game_played_on_the_page_is_reviewed_there(page, language, press, words, sentence):
    ask, luck_word, error_word = words
    game = game_drawing(START, 10)
    widget = SorryWidget(game, animate=False, language=language)
    bridge = Bridge(page, widget)
    decisions, cards = _play_as_a_person(bridge)
    assert game.finished and widget.pending == {}
    assert 1 in decisions, decisions

    # The review's button, reached with Tab from the board and pressed by the keyboard.
    page.locator(".sorry-widget").focus()
    tab_to(page, "button.sw-review-ask", limit=60)
    assert page.locator(".sw-review-ask").text_content() == ask
    page.keyboard.press(press)
    page.locator("svg.sw-review-chart").wait_for(state="visible")
    # The focus goes from the button to the graph that replaced it, not to the page's body,
    # and stays there while the arrow keys step through the plays (the graph drawn afresh).
    on_chart = ".sorry-widget svg.sw-review-chart"
    assert focused(page, on_chart)
    page.keyboard.press("ArrowLeft")
    bridge.wait_shown(widget.last_play - 1)
    assert focused(page, on_chart)

    # The game the widget holds after the clicks, reviewed here, in the test's own process.
    record = widget.record
    assert record.plays[0].move == CHOSEN
    result = review(record)
    plays = result.plays
    assert len(plays) == len(record.plays) == widget.last_play
    red = [n for n, p in enumerate(plays, 1) if p.colour == "red"]
    # The cards the person was shown are the cards of their plays.
    assert [c.lower().rstrip("!") for c in cards] == [plays[n - 1].card for n in red], cards
    assert len(red) >= 2 and plays[0].choices == 2 and plays[0].error >= 0.01 and \
        plays[0].best == BEST, plays[0]

    # The graph: one line per player, each following the review's chances play by play.
    chart = _chart_chances(page, language)
    assert list(chart) == list(result.colours) == ["red", "yellow"]
    for colour, shown in chart.items():
        assert shown == pytest.approx([f[colour] for f in result.frames], abs=1e-3), colour

    # The move list: each play's luck and error beside it, the person's plays among them.
    items = page.locator(".sw-moves li")
    assert items.count() == len(plays)
    for n, p in enumerate(plays, 1):
        figures = f"{luck_word} {_signed(p.luck, language)} · {error_word} " \
                  f"{_points(p.error, language)}".replace(" ", "\u00a0")
        item = items.nth(n - 1)
        assert item.get_attribute("data-play") == str(n)
        assert p.move in item.text_content() and figures in item.text_content(), \
            (n, item.text_content(), figures)

    # The person's costly decision, chosen in the move list: its sentence names the best move
    # with the figures in the page's language, and the best move's arrow is on the board.
    items.nth(0).click()
    bridge.wait_shown(1)
    said = page.locator(".sw-review-sentence").text_content()
    expected = sentence.format(error=_points(plays[0].error, language), best=BEST,
                               luck=_signed(plays[0].luck, language))
    assert said == expected, (said, expected)
    if language == "fr":
        # A decimal comma and a no-break space before "points", as the project writes French
        # numbers; an error is a difference of two chances, in points, never a "%".
        error = _points(plays[0].error, "fr")
        assert "," in error and "\u00a0point" in error and error in said and "%" not in said
    position = record.replay()[0]
    best = next(m for m in position.legal_moves(plays[0].card) if m.notation == BEST)
    before, after = Counter(expected_pawns(position)["red"]), \
        Counter(expected_pawns(best.result)["red"])
    (origin,), (target,) = list(before - after), list(after - before)
    places = widget.drawing["places"]
    arrows = page.evaluate("""() => [...document.querySelectorAll('svg .best-move-arrow')].map(
      (g) => { const l = g.querySelector('polyline'), head = g.querySelector('polygon');
               return [...l.getAttribute('points').split(' ')[0].split(',').map(Number),
                       ...head.getAttribute('points').split(' ')[0].split(',').map(Number)]; })""")
    assert arrows == [pytest.approx([places[origin]["x"], places[origin]["y"],
                                     places[target]["x"], places[target]["y"]])], \
        (arrows, origin, target)
    # Nothing serious for axe-core on the game reviewed where it was played.
    violations = run_axe(page)
    assert not serious(violations), report(f"played and reviewed ({language})", violations)
