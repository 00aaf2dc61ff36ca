"""Playing on the page as a person does (issue 31): the keyboard's focus through a whole move
(4), the person's own play reported before what followed (5), Pass as a button (6), a page
with no kernel behind it inviting no click (8), an open rule box following the play (9)."""

from __future__ import annotations

import pytest

from support.browser import Bridge
from conftest import pos
from sorry_widget import CardGame, Game, SorryCardWidget, SorryWidget
from support.browser import wait_shown
from support.cardgame import GREEDY, sorry_table
from support.boards import game_drawing

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

ACTIVE = """() => { const a = document.activeElement;
  return { tag: a.tagName.toLowerCase(), place: a.dataset ? a.dataset.place || null : null,
           classes: [...(a.classList || [])], inWidget: !!a.closest('.sorry-widget'),
           board: !!a.closest('.sw-board') }; }"""


def test_a_whole_move_by_keyboard_keeps_the_focus_on_what_to_choose_next(page):
    start = pos(red=[8, 30, "start", "start"], yellow=[33, "start", "start", "start"])
    game = game_drawing(start, 5)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page, w)
    page.locator('.pawns g.pawn.sw-selectable[data-place="8"]').focus()
    page.keyboard.press("Enter")
    # The pawn is chosen: the focus is on where it can go, not on the page's body.
    active = page.evaluate(ACTIVE)
    assert active["board"] and "sw-target" in active["classes"] and active["place"] == "13", \
        active
    page.keyboard.press("Enter")
    assert game.history[0].move.notation == "R8-13"
    bridge.wait_shown(w.last_play)
    # The move is made: the focus stays on the board, where the next move is chosen.
    active = page.evaluate(ACTIVE)
    assert active["board"] and active["tag"] == "svg", active
    if w.pending:
        page.keyboard.press("Tab")
        active = page.evaluate(ACTIVE)
        assert active["board"] and "sw-selectable" in active["classes"], active


def test_pass_is_a_button_named_pass_with_its_reason_beside_it(page):
    start = pos(red=["start"] * 4, yellow=[33, "start", "start", "start"])
    game = game_drawing(start, 5)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page, w)
    button = page.get_by_role("button", name="Pass", exact=True)
    assert button.count() == 1
    reason = page.locator(".sw-choices .sw-pass-reason")
    (only,) = w.pending["moves"]
    assert reason.text_content() == only["explanation"] and reason.is_visible()
    b, r = button.bounding_box(), reason.bounding_box()
    # Beside it: on its right, on the same line.
    assert b["x"] + b["width"] <= r["x"] and r["y"] < b["y"] + b["height"] and \
        b["y"] < r["y"] + r["height"]
    # It looks like a button: filled, unlike the text beside it.
    fill = button.evaluate("(e) => getComputedStyle(e).backgroundColor")
    assert fill != reason.evaluate("(e) => getComputedStyle(e).backgroundColor")
    button.focus()
    page.keyboard.press("Enter")
    assert game.history[0].move.notation == only["notation"]
    bridge.wait_shown(w.last_play)


def test_pass_at_the_card_table_is_a_button_too(page):
    state = sorry_table()
    state.player("red").hand[:] = []
    w = SorryCardWidget(game=CardGame.from_state(state, strategies={"red": None, **GREEDY}),
                        language="fr")
    Bridge(page, w, width=1280)
    button = page.get_by_role("button", name="Passer", exact=True)
    assert button.count() == 1
    assert page.locator(".sw-pass-reason").text_content() == w.pending["actions"][0][
        "explanation"]
    button.focus()
    page.keyboard.press("Enter")
    assert w.game.history[0].notation == "red pass"


def test_a_game_reopened_with_no_kernel_says_so_and_invites_no_click(page):
    start = pos(red=[8, 30, "start", "start"], yellow=[33, "start", "start", "start"])
    game = game_drawing(start, 7)
    w = SorryWidget(game, animate=False)
    Bridge(page, w, kernel=False)
    page.wait_for_selector(".sw-offline:not([hidden])")
    status = page.text_content(".sw-status")
    assert "run this cell again" in status and "click a pawn" not in status, status
    assert page.locator(".sw-selectable, .sw-target").count() == 0
    page.locator('.pawns g.pawn[data-place="8"]').click()
    assert page.locator(".sw-selectable, .sw-target, .sw-selected").count() == 0
    assert not game.history


def test_a_card_game_reopened_with_no_kernel_says_so(page):
    w = SorryCardWidget(CardGame(4, seed=3, strategies={"red": None, **GREEDY}), language="fr")
    Bridge(page, w, width=1280, kernel=False)
    page.wait_for_selector(".sw-offline:not([hidden])")
    status = page.text_content(".sw-status")
    assert "exécutez de nouveau cette cellule" in status and "cliquez" not in status, status
    assert page.locator(".sw-selectable").count() == 0


def test_the_persons_own_action_is_reported_then_what_followed(page):
    w = SorryCardWidget(CardGame(4, seed=3, strategies={"red": None, **GREEDY}))
    Bridge(page, w, width=1200)
    before = w.last_play
    page.locator('g.player[data-colour="red"] g.hand-card.sw-selectable').first.click()
    wait_shown(page, w.last_play)
    entries = w.plays + w.recent_plays
    own = entries[before]
    assert own["colour"] == "red" and w.last_play > before + 1
    titles = page.locator(".sw-since-title").all_text_contents()
    assert titles == ["Your move:", "Since your move:"]
    shown = page.locator(".sw-since .sw-own-play")
    assert shown.locator(".sw-notation").text_content() == own["notation"]
    assert own["explanation"] in shown.text_content()
    assert page.locator(".sw-since-list li").count() == w.last_play - before - 1


def test_an_open_rule_box_follows_the_play_shown(page, record):
    w = SorryWidget(record=record, animate=False)
    bridge = Bridge(page, w, width=1200)
    plays = w.plays + w.recent_plays
    rule = "C3"
    citing = [k + 1 for k, p in enumerate(plays) if rule in p["rules"]]
    others = [k + 1 for k, p in enumerate(plays) if rule not in p["rules"]]
    first = citing[0]
    away = next(k for k in others if k > first)
    again = next(k for k in citing if k > away)

    def show(n):
        w.goto(n)
        bridge.flush()
        bridge.wait_shown(n)

    box = page.locator(".sw-rule-text")
    show(first)
    page.locator(".sw-explanation .sw-rule", has_text=rule).click()
    assert box.is_visible() and box.get_attribute("data-rule") == rule
    # A play that cites the rule too: the box stays on it.
    show(citing[1])
    assert box.is_visible() and rule in box.text_content()
    # A play that does not: the box closes, and says nothing of the old play.
    show(away)
    assert not box.is_visible()
    show(again)
    assert not box.is_visible()


def _board_pass(page):
    w = SorryWidget(game_drawing(pos(red=["start"] * 4, yellow=[33, "start", "start", "start"]),
                                 5), animate=False)
    return w, "button.sw-pass", lambda: bool(w.game.history)


def _hand_card(page):
    w = SorryWidget(Game(["red", "blue"], rules="play-for-points-1992", seed=5,
                         strategies={"red": None}), animate=False)
    move = next(m for m in w.pending["moves"] if m["clicks"] and m["kind"] != "discard")
    return w, f'.sw-hand .sw-hand-card[data-card="{move["card"]}"]', \
        lambda: page.locator(".sw-hand .sw-hand-card.sw-active").count() == 1


def _coach_ask(page):
    position = pos(red=[3, 20], blue=[8, 22, "start", "home"], yellow=[40], green=[50, 52])
    w = SorryWidget(position=position, card="7", animate=False)
    w.coach_rollouts = 20
    return w, ".sw-coach-ask", lambda: page.locator(".sw-coach-row").count() > 0


def _table_pass(page):
    state = sorry_table()
    state.player("red").hand[:] = []
    w = SorryCardWidget(game=CardGame.from_state(state, strategies={"red": None, **GREEDY}))
    return w, "button.sw-pass", lambda: bool(w.game.history)


@pytest.mark.parametrize("how", ["click", "Enter"])
@pytest.mark.parametrize("case", [_board_pass, _hand_card, _coach_ask, _table_pass],
                         ids=["board pass", "hand card", "coach", "card table pass"])
def test_a_pressed_button_that_is_replaced_leaves_the_focus_in_the_widget(page, case, how):
    """Issue 39, 13: after a mouse click on Pass the focus fell to the page's body (the panel
    that held it is drawn afresh). Pressed by the mouse or by Enter, every button of a panel
    that replaces itself leaves the focus on something of the widget's, not on the body."""
    w, selector, done = case(page)
    Bridge(page, w, width=1280)
    button = page.locator(selector).first
    if how == "click":
        button.click()
    else:
        button.focus()
        page.keyboard.press("Enter")
    for _ in range(200):
        if done():
            break
        page.wait_for_timeout(25)
    assert done()
    page.wait_for_timeout(100)  # (the panels refilled after the answer)
    active = page.evaluate(ACTIVE)
    assert active["tag"] != "body" and active["inWidget"], active
