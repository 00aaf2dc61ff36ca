"""The widget's real ES module in Debian's Chromium, bridged to the real Python widget."""

from __future__ import annotations

import pytest

from browser import Bridge, expected_pawns, launch
from conftest import pos
from sorry_widget import Game, Record, SorryWidget
from sorry_widget.render import PLACES

playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(10_000)
    yield page
    context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture(scope="module")
def record():
    game = Game(4, seed=21)
    game.run()
    return Record.from_game(game)


def test_the_board_renders_every_pawn_on_its_place(page, record):
    w = SorryWidget(record=record, animate=False)
    w.goto(40)
    bridge = Bridge(page, w)
    assert bridge.shown_turn() == 40
    assert bridge.pawns() == expected_pawns(w.frames[40])
    for colour, key, x, y in bridge.pawn_xy():
        assert (x, y) in [tuple(s) for s in PLACES[key].slots]
    assert page.locator("#board [data-place]").count() == len(PLACES)
    status = page.text_content(".sw-status")
    assert f"{w.frames[40]['to_move'].capitalize()} to move" in status
    assert w.frames[40]["notation"] in page.text_content(".sw-explanation")
    for rule in w.frames[40]["rules"]:
        assert page.locator(".sw-explanation .sw-rule", has_text=rule).count() == 1


def test_python_steps_and_the_buttons_step_back(page, record):
    w = SorryWidget(record=record, animate=False)
    bridge = Bridge(page, w)
    w.step()
    bridge.flush()
    bridge.wait_shown(1)
    assert bridge.pawns() == expected_pawns(w.frames[1])
    page.click("button.sw-forward")
    assert w.turn == 2
    bridge.wait_shown(2)
    page.click("button.sw-last")
    assert w.turn == w.last_turn
    page.click("button.sw-back")
    assert w.turn == w.last_turn - 1
    page.locator(".sw-moves li[data-turn='7']").click()
    assert w.turn == 7
    bridge.wait_shown(7)
    assert bridge.pawns() == expected_pawns(w.frames[7])
    page.focus(".sorry-widget")
    page.keyboard.press("Home")
    assert w.turn == 0


def test_animation_moves_a_pawn_along_its_path(page, record):
    w = SorryWidget(record=record, animate=True, speed=0.5)
    turn = next(i for i, f in enumerate(w.frames)
                if i and f["motions"] and len(f["motions"][0]["path"]) >= 5)
    w.goto(turn - 1)
    bridge = Bridge(page, w)
    motion = w.frames[turn]["motions"][0]
    w.step()
    bridge.flush()
    page.wait_for_timeout(150)
    moving = [p for p in bridge.pawn_xy() if p[0] == motion["colour"]
              and p[1] == motion["from"]]
    assert moving, "the pawn should still be on its way"
    x, y = moving[0][2], moving[0][3]
    assert (x, y) != (PLACES[motion["from"]].x, PLACES[motion["from"]].y)
    bridge.wait_shown(turn, timeout=10_000)
    assert bridge.pawns() == expected_pawns(w.frames[turn])


def play_game(seed):
    start = pos(red=[8, 20, 33, "start"], yellow=[50, "start", "start", "start"])
    return Game(start=start, seed=seed, strategies={"red": None, "yellow": "random"})


def test_a_legal_move_clicked_on_the_board_is_played_in_python(page):
    seed = 0
    while True:
        game = play_game(seed)
        w = SorryWidget(game, animate=False)
        if any(m["clicks"] for m in w.legal):
            break
        seed += 1
    bridge = Bridge(page, w)
    move = next(m for m in w.legal if m["clicks"])
    first = move["clicks"][0][0]
    assert page.locator(f'#pawns g.pawn.sw-selectable[data-place="{first}"]').count() or \
        first.endswith(":start")
    for options in move["clicks"]:
        bridge.click_place(options[0])
        chooser = page.locator(".sw-choice", has_text=move["notation"])
        if chooser.count():
            chooser.first.click()
            break
    assert len(game.history) >= 1
    assert game.history[0].move.notation == move["notation"] or \
        game.history[0].move.result_pawns == next(
            m for m in game.history[0].move.position.legal_moves(game.history[0].card)
            if m.notation == move["notation"]).result_pawns
    bridge.wait_shown(w.last_turn)
    assert bridge.pawns() == expected_pawns(w.frames[-1])


def test_an_illegal_click_is_explained_and_changes_nothing(page):
    seed = 0
    while True:
        game = play_game(seed)
        if game.draw() not in (4, 10, 13):  # a 4 or 10 may go backward; a Sorry! not at all
            break
        seed += 1
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page, w)
    before = game.position
    bridge.click_place("8")        # red's pawn on 8 …
    bridge.click_place("7")        # … one square backward: not legal with this card
    page.wait_for_selector(".sw-message:not([hidden])")
    text = page.text_content(".sw-message")
    assert text.startswith("Not allowed") and "(C" in text
    assert game.position == before and not game.history


def test_a_bad_turn_from_the_page_is_refused(page, record):
    w = SorryWidget(record=record, animate=False)
    w.goto(3)
    bridge = Bridge(page, w)
    page.evaluate("() => { window.__model.set('turn', 100000); window.__model.save_changes(); }")
    page.wait_for_selector(".sw-message:not([hidden])")
    assert "out of range" in page.text_content(".sw-message")
    assert w.turn == 3
    page.wait_for_function("window.__model.get('turn') === 3")
    bridge.wait_shown(3)


def test_annotations_from_the_ui_reach_the_record(page, record):
    w = SorryWidget(record=Record.from_dict(record.to_dict()), animate=False)
    w.goto(10)
    bridge = Bridge(page, w)
    page.fill(".sw-note-input", "Blue should bump here")
    page.click("button.sw-save-note")
    assert w.record.annotations[10].text == "Blue should bump here"
    page.click("button.sw-arrow")
    bridge.click_place("12")
    bridge.click_place("20")
    assert w.record.annotations[10].arrows == [(12, 20)]
    page.click("button.sw-mark")
    bridge.click_place("33")
    assert w.record.annotations[10].squares == [33]
    assert page.locator(".sw-annotation .arrow").count() == 1
    assert page.locator('.sw-annotation .highlight[data-place="33"]').count() == 1
    assert page.text_content(".sw-note") == "Blue should bump here"
    w.annotate(11, text="from Python")
    bridge.flush()
    page.click("button.sw-forward")
    page.wait_for_function("document.querySelector('.sw-note').textContent === 'from Python'")
