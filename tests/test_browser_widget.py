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


def game_drawing(start, card: int):
    """A game from ``start`` whose first card is ``card``, red played by a person."""
    seed = 0
    while True:
        game = Game(start=start, seed=seed, strategies={"red": None})
        if game.draw() == card:
            return game
        seed += 1


def click_through(bridge, keys):
    for key in keys:
        bridge.click_place(key)


def test_a_split_seven_is_made_with_clicks_and_completes_itself(page):
    start = pos(red=[8, 20, "start", "start"], yellow=[50, "start", "start", "start"])
    game = game_drawing(start, 7)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page, w)
    bridge.click_place("8")
    targets = page.evaluate("() => [...document.querySelectorAll('#board .sw-target')]"
                            ".map(e => e.dataset.place).sort((a, b) => a - b)")
    assert targets == [str(n) for n in range(9, 16)]  # 1 to 6 as part of a split, or all 7
    click_through(bridge, ["11", "20"])  # 3 with the first pawn: the second must go 4
    assert game.history[0].move.notation == "R8-11 R20-24>28"  # 24 is blue's slide (C4)

    game = game_drawing(start, 7)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page.context.new_page(), w)
    click_through(bridge, ["20", "22", "8"])  # either pawn first
    assert game.history[0].move.result_pawns[0] == (13, 22, 65, 65)


def test_the_eleven_switch_and_the_sorry_take_two_clicks(page):
    start = pos(red=[8, "start", "start", "start"], yellow=[33, "start", "start", "start"])
    game = game_drawing(start, 11)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page, w)
    click_through(bridge, ["8", "33"])
    assert game.history[0].move.notation == "R8<>Y33"

    game = game_drawing(start, 13)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page.context.new_page(), w)
    click_through(bridge, ["red:start", "33"])
    assert game.history[0].move.notation == "R!Y33"


def test_two_moves_on_the_same_clicks_are_offered_as_a_choice(page):
    # With an 11, red on 8 can go 11 forward onto yellow's 19 (a bump) or switch with it.
    start = pos(red=[8, "start", "start", "start"], yellow=[19, "start", "start", "start"])
    game = game_drawing(start, 11)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page, w)
    click_through(bridge, ["8", "19"])
    assert not game.history
    buttons = page.locator(".sw-choice")
    assert sorted(b.split(" ")[0] for b in buttons.all_text_contents()) == ["R8<>Y19", "R8x19"]
    buttons.filter(has_text="R8<>Y19").click()
    assert game.history[0].move.notation == "R8<>Y19"


def test_keyboard_alone_can_step_and_make_a_move(page):
    start = pos(red=[8, "start", "start", "start"], yellow=[33, "start", "start", "start"])
    game = game_drawing(start, 5)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page, w)
    # the selectable pawn is focusable and labelled
    pawn = page.locator('#pawns g.pawn.sw-selectable[data-place="8"]')
    assert pawn.get_attribute("tabindex") == "0"
    assert pawn.get_attribute("aria-label") == "red pawn on square 8"
    pawn.focus()
    page.keyboard.press("Enter")
    target = page.locator('#board .sw-target[data-place="13"]')
    target.focus()
    page.keyboard.press("Enter")
    assert game.history[0].move.notation == "R8-13"
    bridge.wait_shown(w.last_turn)
    page.focus(".sorry-widget")
    page.keyboard.press("ArrowLeft")
    assert w.turn == w.last_turn - 1
    for name in ("First turn", "Back one turn", "Play", "Forward one turn", "Last turn"):
        assert page.get_by_role("button", name=name).count() == 1


def test_play_replays_by_itself_and_stops_at_the_end(page, record):
    w = SorryWidget(record=record, animate=False, speed=20)
    w.goto(w.last_turn - 6)
    bridge = Bridge(page, w)
    w.play()
    bridge.flush()
    page.wait_for_function(
        f"document.querySelector('.sorry-widget').dataset.shown === '{w.last_turn}'",
        timeout=10_000)
    page.wait_for_function("window.__model.get('playing') === false")
    assert w.turn == w.last_turn and w.playing is False
