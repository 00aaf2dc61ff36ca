"""The widget's real ES module in Debian's Chromium, bridged to the real Python widget."""

from __future__ import annotations

import pytest

from support.boards import game_drawing
from support.browser import Bridge, check_the_c7_badge, contrast, expected_pawns, rgb
from conftest import pos
from sorry_widget import Game, Position, Record, SorryWidget
from sorry_widget.board.rulebook import RULE_SUMMARIES
from sorry_widget.render import PLACES, THEMES

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")


def test_the_board_renders_every_pawn_on_its_place(page, record):
    w = SorryWidget(record=record, animate=False)
    w.goto(40)
    bridge = Bridge(page, w)
    assert bridge.shown_play() == 40
    assert bridge.pawns() == expected_pawns(w.position)
    for _colour, key, x, y in bridge.pawn_xy():
        assert (x, y) in [tuple(s) for s in PLACES[key].slots]
    assert page.locator(".board [data-place]").count() == len(PLACES)
    status = page.text_content(".sw-status")
    assert f"{w.position.colour_to_move.capitalize()} to move" in status
    assert f"(play 40 of {w.last_play} · turn {record.plays[39].turn})" in status
    assert record.plays[39].move in page.text_content(".sw-explanation")
    for rule in record.moves[39].rule_ids:
        badge = page.locator(".sw-explanation .sw-rule", has_text=rule)
        assert badge.count() == 1 and RULE_SUMMARIES[rule] in badge.get_attribute("title")


def test_every_position_the_page_derives_is_the_engines(page, record):
    w = SorryWidget(record=record, animate=False)
    Bridge(page, w)
    derived = page.evaluate("""async () => {
      const { framesOf } = await import('http://widget.test/widget.js');
      const m = window.__model;
      return framesOf(m.get('start'), [...m.get('plays'), ...m.get('recent_plays')])
        .map((f) => Object.fromEntries(Object.entries(f).map(([c, k]) => [c, [...k].sort()])));
    }""")
    assert derived == [expected_pawns(p) for p in record.replay()]


def test_a_rule_badge_shows_the_rule_in_full_and_links_the_docs_site(page, record):
    """Issue 24: the badge's rule reads in the widget itself (no network, no repository), and
    its link is the docs site's page, never a file of the repository."""
    w = SorryWidget(record=record, animate=False)
    w.goto(next(i for i, m in enumerate(record.moves, 1) if "C7" in m.rule_ids))
    Bridge(page, w)
    check_the_c7_badge(page.locator(".sorry-widget"))


def test_python_steps_and_the_buttons_step_back(page, record):
    w = SorryWidget(record=record, animate=False)
    bridge = Bridge(page, w)
    w.step()
    bridge.flush()
    bridge.wait_shown(1)
    assert bridge.pawns() == expected_pawns(w.position)
    page.click("button.sw-forward")
    assert w.play == 2
    bridge.wait_shown(2)
    page.click("button.sw-last")
    assert w.play == w.last_play
    page.click("button.sw-back")
    assert w.play == w.last_play - 1
    page.locator(".sw-moves li[data-play='7']").click()
    assert w.play == 7
    bridge.wait_shown(7)
    assert bridge.pawns() == expected_pawns(w.position)
    page.focus(".sorry-widget")
    page.keyboard.press("Home")
    assert w.play == 0


def test_animation_moves_a_pawn_along_its_path(page, record):
    w = SorryWidget(record=record, animate=True, speed=0.5)
    play = next(i for i, p in enumerate(w.plays, 1)
                if p["motions"] and len(p["motions"][0][2]) >= 5)
    w.goto(play - 1)
    bridge = Bridge(page, w)
    colour, origin, _path, _kind = w.plays[play - 1]["motions"][0]
    w.step()
    bridge.flush()
    page.wait_for_timeout(150)
    moving = [p for p in bridge.pawn_xy() if p[0] == colour and p[1] == origin]
    assert moving, "the pawn should still be on its way"
    x, y = moving[0][2], moving[0][3]
    assert (x, y) != (PLACES[origin].x, PLACES[origin].y)
    bridge.wait_shown(play, timeout=10_000)
    assert bridge.pawns() == expected_pawns(w.position)


def play_game(seed):
    start = pos(red=[8, 20, 33, "start"], yellow=[50, "start", "start", "start"])
    return Game(start=start, seed=seed, strategies={"red": None, "yellow": "random"})


def test_a_legal_move_clicked_on_the_board_is_played_in_python(page):
    seed = 0
    while True:
        game = play_game(seed)
        w = SorryWidget(game, animate=False)
        if any(m["clicks"] for m in w.pending["moves"]):
            break
        seed += 1
    bridge = Bridge(page, w)
    move = next(m for m in w.pending["moves"] if m["clicks"])
    first = move["clicks"][0][0]
    assert page.locator(f'.pawns g.pawn.sw-selectable[data-place="{first}"]').count() or \
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
    bridge.wait_shown(w.last_play)
    assert bridge.pawns() == expected_pawns(w.position)


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
    page.wait_for_selector(".sw-notice.sw-error:not([hidden])")
    text = page.text_content(".sw-notice")
    assert text.startswith("Not allowed") and "(C" in text
    assert game.position == before and not game.history


def test_a_bad_play_from_the_page_is_refused(page, record):
    w = SorryWidget(record=record, animate=False)
    w.goto(3)
    bridge = Bridge(page, w)
    page.evaluate("() => { window.__model.set('play', 100000); window.__model.save_changes(); }")
    page.wait_for_selector(".sw-notice.sw-error:not([hidden])")
    assert "out of range" in page.text_content(".sw-notice")
    assert w.play == 3
    page.wait_for_function("window.__model.get('play') === 3")
    bridge.wait_shown(3)


def test_a_forged_state_write_from_the_page_is_set_back_with_a_notice(page, record):
    # A page may write only what a person changes; a forged game (no plays, a demo, a move
    # offered to the computer's colour) is refused whole, and the page shows Python's again.
    w = SorryWidget(record=record, animate=False)
    w.goto(3)
    bridge = Bridge(page, w)
    page.evaluate("""() => {
      const m = window.__model;
      m.set('plays', []); m.set('mode', 'demo'); m.set('play', 1);
      m.set('pending', {play: 1, colour: 'red', card: '1', moves: []});
      m.save_changes();
    }""")
    page.wait_for_selector(".sw-notice.sw-error:not([hidden])")
    text = page.text_content(".sw-notice")
    assert "may not set 'plays', 'mode', 'pending'" in text and "only Python" in text
    assert (w.mode, w.play, len(w.plays), w.pending) == ("replay", 3, len(record.plays), {})
    page.wait_for_function("window.__model.get('mode') === 'replay' && "
                           f"window.__model.get('plays').length === {len(record.plays)} && "
                           "window.__model.get('play') === 3")
    bridge.wait_shown(3)
    assert f"(play 3 of {len(record.plays)} · turn" in page.text_content(".sw-status")


def test_annotations_from_the_ui_reach_the_record(page, record):
    w = SorryWidget(record=Record.from_dict(record.to_dict()), animate=False)
    w.goto(10)
    bridge = Bridge(page, w)
    page.fill(".sw-note-input", "Blue should bump here")
    page.click("button.sw-save-note")
    assert w.record.annotations[10].text == "Blue should bump here"
    # A success looks like one, not like the error box, and belongs to its moment.
    notice = page.locator(".sw-notice")
    assert notice.text_content() == "Note saved on play 10."
    assert "sw-ok" in notice.get_attribute("class")
    assert notice.evaluate("e => getComputedStyle(e).borderLeftColor") == "rgb(35, 146, 74)"
    page.click("button.sw-forward")
    assert notice.is_hidden()
    page.click("button.sw-back")
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


def click_through(bridge, keys):
    for key in keys:
        bridge.click_place(key)


def test_a_split_seven_is_made_with_clicks_and_completes_itself(page):
    start = pos(red=[8, 20, "start", "start"], yellow=[50, "start", "start", "start"])
    game = game_drawing(start, 7)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page, w)
    bridge.click_place("8")
    targets = page.evaluate("() => [...document.querySelectorAll('.board .sw-target')]"
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
    pawn = page.locator('.pawns g.pawn.sw-selectable[data-place="8"]')
    assert pawn.get_attribute("tabindex") == "0"
    # The glow is strong enough for a projector: three stacked shadows, pulsing.
    glow = pawn.evaluate("e => [getComputedStyle(e).filter, getComputedStyle(e).animationName]")
    assert glow[0].count("drop-shadow") == 3 and glow[1] == "sw-pulse"
    assert pawn.get_attribute("aria-label") == "red pawn on square 8"
    pawn.focus()
    page.keyboard.press("Enter")
    target = page.locator('.board .sw-target[data-place="13"]')
    target.focus()
    page.keyboard.press("Enter")
    assert game.history[0].move.notation == "R8-13"
    bridge.wait_shown(w.last_play)
    page.focus(".sorry-widget")
    page.keyboard.press("ArrowLeft")
    assert w.play == w.last_play - 1
    # Each button's name is its visible word (its symbol is hidden); its title says more.
    for name, title in (("First", "The start"), ("Back", "Back one play"),
                        ("Replay", "Replay the game play by play"),
                        ("Next", "Forward one play"), ("Last", "The last play")):
        button = page.get_by_role("button", name=name, exact=True)
        assert button.count() == 1 and button.get_attribute("title") == title


def test_replay_runs_by_itself_and_stops_at_the_end(page, record):
    w = SorryWidget(record=record, animate=False, speed=20)
    w.goto(w.last_play - 6)
    bridge = Bridge(page, w)
    w.replay()
    bridge.flush()
    page.wait_for_function(
        f"document.querySelector('.sorry-widget').dataset.shown === '{w.last_play}'",
        timeout=10_000)
    page.wait_for_function("window.__model.get('autoplay') === false")
    assert w.play == w.last_play and w.autoplay is False


def test_after_a_two_the_extra_draw_is_shown_at_once(page):
    # The page used to keep the old panel ("Red to move (the start)", an empty discard,
    # "0 / 1") after a 2 until the next click: a redraw raced the move's animation.
    start = pos(red=["start"] * 4, yellow=[50, "start", "start", "start"])
    w = SorryWidget(Game(start=start, seed=3, strategies={"red": None}), card="2",
                    animate=True, speed=1)
    bridge = Bridge(page, w)
    click_through(bridge, ["red:start", "4"])
    assert w.game.history[0].move.notation == "RS-4" and w.pending["colour"] == "red"
    drawn = w.pending["card"]
    bridge.wait_shown(1, timeout=10_000)
    status = page.text_content(".sw-status")
    assert status.startswith("Red to move — you drew") and "(play 1 of 1 · turn 1)" in status
    assert page.get_attribute(".card-face", "data-card") == str(
        {"sorry": 13}.get(drawn, drawn))
    assert page.text_content(".sw-play-number") == "play 1 / 1"
    page.wait_for_timeout(400)  # nothing redraws it stale afterwards
    assert page.text_content(".sw-status") == status


def test_each_computer_move_after_a_person_can_be_read(page):
    start = pos(red=[8, "start", "start", "start"], blue=[20, "start", "start", "start"],
                yellow=[33, "start", "start", "start"])
    w = SorryWidget(Game(start=start, seed=2, strategies={"red": None}), card="5",
                    animate=False)
    bridge = Bridge(page, w)
    click_through(bridge, ["8", "13"])
    computer = [p for p in w.game.history[1:]]
    assert computer and all(p.colour != "red" for p in computer)
    bridge.wait_shown(w.last_play)
    items = page.locator(".sw-since li")
    # The person's own move first, with what it did (issue 31, 5), then what followed.
    titles = page.locator(".sw-since-title").all_text_contents()
    assert titles == ["Your move:", "Since your move:"]
    own = page.locator(".sw-since .sw-own-play")
    assert own.locator(".sw-notation").text_content() == "R8-13"
    assert w.game.history[0].move.explanation in own.text_content()
    assert items.count() == len(computer)
    for item, play in zip(items.all(), computer):
        assert play.move.notation in item.text_content()
        assert play.move.explanation in item.text_content()
    items.first.click()
    assert w.play == 2


def test_a_split_seven_finished_by_the_widget_says_so(page):
    start = pos(red=[8, 20, "start", "start"], yellow=[50, "start", "start", "start"])
    w = SorryWidget(Game(start=start, seed=0, strategies={"red": None}), card="7",
                    animate=False)
    bridge = Bridge(page, w)
    click_through(bridge, ["8", "11"])  # the other 4 can only be the pawn on 20's
    page.wait_for_selector(".sw-notice.sw-info:not([hidden])")
    assert "made for you: R20-24>28" in page.text_content(".sw-notice")


def test_a_rule_demo_shows_its_move_resets_and_lets_the_student_try(page):
    start = pos(red=[10, 13, "home", "home"], blue=["start"] * 4)
    w = SorryWidget(position=start, card="7", example="R10-11 R13-19", animate=False)
    bridge = Bridge(page, w)
    assert page.text_content(".sw-status").startswith("Red holds a 7. Try it")
    assert page.get_attribute(".card-face", "data-card") == "7"
    page.click("button.sw-show")
    bridge.wait_shown(1)
    assert "R10-11 R13-19" in page.text_content(".sw-explanation")
    assert page.text_content(".sw-status").startswith("Red's move with a 7. Press Reset")
    page.click("button.sw-reset")
    bridge.wait_shown(0)
    assert bridge.pawns() == expected_pawns(start)
    click_through(bridge, ["13", "20"])  # the student's own move: all 7 with one pawn
    bridge.wait_shown(1)
    assert "R13-20" in page.text_content(".sw-explanation") and w.play == 1
    page.click("button.sw-reset")
    bridge.wait_shown(0)
    assert w.play == 0 and w.pending["card"] == "7"
    assert page.get_attribute(".card-face", "data-card") == "7"


def test_the_board_follows_the_notebooks_dark_theme(page, record):
    w = SorryWidget(record=record, animate=False)
    page.add_init_script("document.addEventListener('DOMContentLoaded', () => "
                         "{ document.body.dataset.jpThemeLight = 'false'; })")
    Bridge(page, w)
    assert "sw-dark" in page.get_attribute(".sorry-widget", "class")
    painted = "() => getComputedStyle(document.querySelector('.board .background')).fill"
    assert page.evaluate(painted) == rgb(THEMES["dark"].background)
    page.evaluate("document.body.dataset.jpThemeLight = 'true'")
    page.wait_for_function(f"() => ({painted})() === '{rgb(THEMES['light'].background)}'")
    assert "sw-dark" not in page.get_attribute(".sorry-widget", "class")


def test_in_a_team_game_a_click_moves_the_partners_pawn(page):
    start = Position({"red": ["start"] * 4, "blue": ["start"] * 4,
                      "yellow": [40, "start", "start", "start"], "green": ["start"] * 4},
                     rules="teams-1992")
    w = SorryWidget(Game(start=start, seed=1, strategies={"red": None}), card="5",
                    animate=False)
    bridge = Bridge(page, w)
    assert page.locator('.pawns g.pawn.sw-selectable[data-place="40"]').count() == 1
    click_through(bridge, ["40", "45"])
    assert w.game.history[0].move.notation == "Y40-45"
    bridge.wait_shown(w.last_play)
    assert "Red's 5 moves Yellow's pawn on 40" in page.text_content(".sw-since") or \
        "Red's 5 moves Yellow's pawn on 40" in page.locator(".sw-moves li").first.get_attribute("title")


def test_play_for_points_a_card_from_the_hand_then_a_pawn(page):
    game = Game(["red", "blue"], rules="play-for-points-1992", seed=5,
                strategies={"red": None})
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page, w)
    cards = page.locator(".sw-hand .sw-hand-card")
    assert [c.get_attribute("data-card") for c in cards.all()] == \
        [n for n in w.pending["hand"]]
    move = next(m for m in w.pending["moves"] if m["clicks"] and m["kind"] != "discard")
    page.locator(f'.sw-hand .sw-hand-card[data-card="{move["card"]}"]').first.click()
    assert f"playing {'an' if move['card'] in ('8', '11') else 'a'} " in \
        page.text_content(".sw-status") or move["card"] == "sorry"
    click_through(bridge, [options[0] for options in move["clicks"]])
    chooser = page.locator(".sw-choice", has_text=move["notation"])
    if chooser.count():
        chooser.first.click()
    first = game.history[0]
    assert first.colour == "red" and first.card == int(move["card"]) if move["card"] != \
        "sorry" else first.card == 13
    assert len(game.hands["red"]) == 5


def test_play_for_points_discard_when_no_card_can_move_and_the_score_table(page):
    start = Position({"red": ["safety-5", "home", "home", "home"],
                      "blue": ["safety-4", "home", "home", "home"]},
                     rules="play-for-points-1992")
    game = Game(start=start, seed=1, strategies={"red": None, "blue": "random"})
    game.hands["red"] = [3, 3, 5, 7, 8]  # only a 1, a 4 or a 10 moves a pawn on safety-5
    for card in (3, 3, 5, 7, 8):
        game.pile.cards.remove(card)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page, w)
    discards = page.locator(".sw-hand .sw-discard")
    assert discards.count() == 4  # one per distinct card (P3)
    discards.first.click()
    assert game.history[0].move.kind == "discard"
    bridge.wait_shown(w.last_play)


def test_the_score_table_ends_a_scored_game(page):
    game = Game(4, rules="play-for-points-1992", seed=4)
    game.run()
    w = SorryWidget(record=Record.from_game(game), animate=False)
    w.goto(-1)
    Bridge(page, w)
    page.wait_for_selector(".sw-scores:not([hidden])")
    rows = page.locator(".sw-score-table tr").all_text_contents()[1:]
    scores = game.rules.scores(game.position)
    best = max(scores, key=scores.get)
    assert rows[0] == f"{best.capitalize()}{scores[best]}" and len(rows) == 4


def test_the_1934_high_card_draw_and_a_new_game_from_the_widget(page):
    game = Game(4, rules="original-1934", seed=2, strategies={"red": None})
    w = SorryWidget(game, animate=False)
    w.goto(0)
    bridge = Bridge(page, w)
    text = page.text_content(".sw-leader")
    assert text.startswith("High-card draw:") and \
        f"{game.start.colour_to_move.capitalize()} leads" in text
    assert "Original rules (1934" in page.text_content(".sw-rule-set")
    page.click("button.sw-new-game")
    page.select_option(".sw-new-rules", "teams-1992")
    assert page.locator(".sw-new-players").is_disabled()
    page.click("button.sw-start-game")
    bridge.wait_shown(w.last_play)
    assert w.game is not game and w.game.rules.name == "teams-1992" and w.humans == ["red"]
    page.wait_for_selector(".sw-teams:not([hidden])")
    assert "Red + Yellow: 0 of 8 HOME" in page.text_content(".sw-teams")


def test_which_move_is_best_shows_bars_colours_targets_and_plays_a_bar(page):
    """The coach (docs/coach.md): the button asks Python, which plays games after each move;
    the page shows one bar per distinct move, tints the targets, and a click on a bar plays
    that move."""
    position = pos(red=[3, 20], blue=[8, 22, "start", "home"], yellow=[40], green=[50, 52])
    w = SorryWidget(position=position, card="7", animate=False)
    w.coach_rollouts = 200
    bridge = Bridge(page, w)
    ask = page.locator(".sw-coach-ask")
    assert ask.text_content() == "Which move is best?"
    ask.click()
    page.wait_for_selector(".sw-coach-row")
    advice = w.coach_advice
    distinct = {m.result_pawns for m in position.legal_moves(7)}
    rows = page.locator(".sw-coach-row")
    assert rows.count() == len(advice["moves"]) == len(distinct) > 3
    best = next(m for m in advice["moves"] if m["best"])
    assert page.locator(".sw-coach-best .sw-coach-move").text_content() == "★ " + best["notation"]
    assert best["win_rate"] == max(m["win_rate"] for m in advice["moves"])
    tinted = page.locator("svg .sw-coach-target")
    assert tinted.count() >= 2
    assert {k for m in advice["moves"] for k in m["targets"]} == set(
        page.eval_on_selector_all("svg .sw-coach-target", "ns => ns.map(n => n.dataset.place)"))
    assert page.locator("svg .sw-coach-top").count() >= 1
    # The notice says what the verdict says: one best move only when the coach is sure.
    notice = page.locator(".sw-notice").text_content()
    sure = advice["verdict"].startswith("Sure")
    assert ("wins most often" in notice) == sure and ("too close to call" in notice) != sure
    # Estimates: the heading says how many games in all, each bar has its interval band, and
    # the verdict says how sure the coach is.
    assert advice["method"] == "racing"
    assert f"{advice['games']:,} random games in all" in page.text_content(".sw-coach-head")
    assert page.locator(".sw-coach-row .sw-coach-ci").count() == rows.count()
    assert page.text_content(".sw-coach-verdict") == advice["verdict"]
    page.screenshot(path="/tmp/coach-widget.png")
    page.locator(".sw-coach-row", has_text=best["notation"]).first.click()
    bridge.wait_shown(1)
    assert w.game.history[0].move.notation == best["notation"]
    bridge.flush()
    assert page.locator(".sw-coach-row").count() == 0  # advice belongs to its card
    assert page.locator("svg .sw-coach-target").count() == 0


def test_the_coach_shows_an_exact_answer_as_exact(page):
    """Two players with one pawn each left: the coach solves the game (docs/exact.md) and the
    page says the figures are exact, with no interval bands."""
    position = pos(red=[30, "home", "home", "home"], yellow=[50, "home", "home", "home"])
    w = SorryWidget(position=position, card="10", animate=False)
    Bridge(page, w)
    page.locator(".sw-coach-ask").click()
    page.wait_for_selector(".sw-coach-row")
    advice = w.coach_advice
    assert advice["method"] == "exact" and all(m["exact"] for m in advice["moves"])
    assert "exactly (both then playing their best" in page.text_content(".sw-coach-head")
    assert page.locator(".sw-coach-row .sw-coach-ci").count() == 0
    assert page.locator(".sw-coach-exact").count() == len(advice["moves"]) == 2
    rates = page.eval_on_selector_all(".sw-coach-rate", "ns => ns.map(n => n.textContent)")
    assert all(r.endswith(" exact") for r in rates)
    assert page.text_content(".sw-coach-verdict").startswith("Exact: R30-40 is best")


def test_a_new_game_clears_the_old_games_notice_and_a_lone_pass_says_so(page):
    """After a split 7 the widget said the rest was made; a new game (teams) must not carry
    that notice over, and where Pass is the only move the status asks for Pass, not a click."""
    start = pos(red=[8, 20, "start", "start"], yellow=[50, "start", "start", "start"])
    w = SorryWidget(Game(start=start, seed=0, strategies={"red": None}), card="7",
                    animate=False)
    bridge = Bridge(page, w)
    click_through(bridge, ["8", "11"])
    page.wait_for_selector(".sw-notice.sw-info:not([hidden])")
    page.click("button.sw-new-game")
    page.select_option(".sw-new-rules", "teams-1992")
    page.click("button.sw-start-game")
    bridge.wait_shown(w.last_play)
    notice = page.text_content(".sw-notice")
    assert "could go only one way" not in notice
    assert f"seed {w.game.seed}" in notice and "Team play" in notice

    # Red has every pawn in START and draws a 4: the only move is to pass (C1, C12).
    game = game_drawing(pos(red=["start"] * 4, yellow=[30, "start", "start", "start"]), 4)
    w = SorryWidget(game, animate=False)
    bridge = Bridge(page.context.new_page(), w)
    status = bridge.page.text_content(".sw-status")
    assert "press Pass" in status and "click a pawn" not in status
    assert bridge.page.locator("button.sw-pass").count() == 1


# Every text the widget shows, with the size it is drawn at on screen: an SVG text's font size
# is in the drawing's units, so it is scaled by the drawing's size on the page.
TEXT_SIZES = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.sorry-widget *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) px *= el.getScreenCTM().a;
    out.push([el.textContent.trim().slice(0, 30), Math.round(px * 10) / 10]);
  }
  return out;
}"""
BOARD_WIDTH = "() => document.querySelector('.sorry-widget .sw-board svg').getBoundingClientRect().width"


def demo_widget():
    return SorryWidget(position=pos(red=[10, "start", "start", "start"], blue=[30]), card="sorry")


@pytest.mark.parametrize("cell", [1200, 700])
@pytest.mark.parametrize("kind", ["replay", "rule demo"])
def test_by_default_the_board_fills_the_cell_and_no_text_is_under_11_px(page, record, cell, kind):
    if kind == "replay":
        w = SorryWidget(record=record, animate=False)
        w.goto(40)
    else:
        w = demo_widget()
    Bridge(page, w, width=cell)
    width = page.evaluate(BOARD_WIDTH)
    viewport = page.viewport_size
    if cell >= 1200:
        # Beside the side panel, as wide as the cell or the window's height allows.
        assert width >= min(cell - 400, 0.85 * viewport["height"]) - 1, width
    else:
        assert width >= 560, width
    assert width <= 900
    sizes = page.evaluate(TEXT_SIZES)
    assert len(sizes) > 60  # the square numbers, the card, the panel
    small = [(text, px) for text, px in sizes if px < 11]
    assert not small, small


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_current_move_in_the_list_is_readable(page, record, theme):
    w = SorryWidget(record=record, animate=False, theme=theme)
    w.goto(12)
    Bridge(page, w)
    current = page.locator(".sw-moves li.sw-current")
    assert current.get_attribute("data-play") == "12"
    fg, bg = current.evaluate("(li) => [getComputedStyle(li).color, "
                              "getComputedStyle(li).backgroundColor]")
    assert contrast(fg, bg) >= 4.5, (fg, bg, contrast(fg, bg))
    number = current.locator(".sw-num")
    assert number.text_content() == "12."
    assert contrast(number.evaluate("(n) => getComputedStyle(n).color"), bg) >= 4.5


def test_a_sorry_demo_reads_without_a_double_stop(page):
    w = SorryWidget(position=pos(red=[10, "start", "start", "start"], blue=[30]), card="sorry")
    bridge = Bridge(page, w)
    status = page.text_content(".sw-status")
    assert status.startswith("Red holds a Sorry! Try it") and "!." not in status
    page.click("button.sw-show")
    bridge.wait_shown(1)
    status = page.text_content(".sw-status")
    assert "move with a Sorry! Press Reset" in status and "!." not in status
