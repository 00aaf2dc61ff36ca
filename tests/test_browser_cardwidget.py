"""The card game's view in Debian's Chromium: the widget's real ES module, bridged to the real
Python SorryCardWidget. A person plays by clicking cards, answers a steal prompt, plays Play 2
with two clicked numbers; the total on screen follows the pile; the exported page replays with
no kernel and no network."""

from __future__ import annotations

import re

import pytest

from support.browser import Bridge, offline_page, wait_shown
from support.cardgame import DECLINED, GREEDY, sorry_table
from sorry_widget import CardGame, SorryCardWidget
from sorry_widget.render.cardtable import PILE_SHOWN

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")

#: Red's first hand in this game holds a SORRY! steal card, never played on its own turn (K3).
SEED_WITH_A_STUCK_CARD = 0


def shown(page) -> int:
    return int(page.get_attribute(".sorry-widget", "data-shown"))


def test_a_person_plays_a_card_by_clicking_it(page):
    w = SorryCardWidget(CardGame(4, seed=3, strategies={"red": None, **GREEDY}))
    Bridge(page, w, width=1200)
    assert "Red, your turn: click a card in your hand" in page.text_content(".sw-status")
    hand = w.game.state.player("red").hand
    playable = {a["card"] for a in w.pending["actions"]}
    cards = page.locator('g.player[data-colour="red"] g.hand-card.sw-selectable')
    assert sorted(cards.evaluate_all("ns => ns.map(n => n.dataset.card)")) == \
        sorted(c for c in hand if c in playable)
    # The others' hands are face down: nothing of theirs to click.
    assert page.locator('g.player[data-colour="blue"] g.hand-card[data-card]').count() == 0
    card = cards.first.get_attribute("data-card")
    before = w.last_play
    cards.first.click()
    wait_shown(page, w.last_play)
    assert w.game.history[before].notation == f"red {card}"
    assert w.last_play > before and (w.game.finished or w.game.to_act == "red")
    # The side panel lists what the computer players did since.
    since = page.locator(".sw-since-list li")
    assert since.count() == w.last_play - before - 1
    assert page.text_content(".sw-since-list li:last-child").startswith((w.plays + w.recent_plays)[-1]["notation"])


def test_the_total_on_screen_follows_the_pile(page):
    game = CardGame(4, seed=8)
    game.run()
    w = SorryCardWidget(record=game.record())
    Bridge(page, w, width=1200)
    for n in range(0, min(len(game.history), 14)):
        if n:
            page.click(".sorry-widget button.sw-forward")
        wait_shown(page, n)
        state = game.states[n]
        assert page.get_attribute(".sw-total", "data-total") == str(state.total)
        drawn = page.text_content("svg.sorry-cardtable text.total")
        on_pile = page.locator("svg.sorry-cardtable g.play-pile g.pile-card").evaluate_all(
            "ns => ns.map(n => n.dataset.card)")
        assert on_pile == state.play_pile[-PILE_SHOWN:]
        if state.play_pile:
            assert drawn in (f"Slide to {state.total}", str(state.total))
            assert page.text_content(".sw-total") == f"Total: {drawn}"
        else:
            assert page.text_content(".sw-total") == "Total: 0"
        if n:
            assert page.text_content(".sw-explanation .sw-notation") == \
                game.history[n - 1].notation


def test_a_person_answers_a_steal_prompt(page):
    w = SorryCardWidget(CardGame(4, seed=0, strategies={"red": None, **GREEDY}))
    bridge = Bridge(page, w, width=1200)
    page.locator('g.player[data-colour="red"] g.hand-card.sw-selectable').first.click()
    page.wait_for_selector(".sw-prompt:not([hidden])")
    assert w.pending["window"] == "steal"
    prompt = page.text_content(".sw-prompt-text")
    assert "made 21" in prompt and "(K13)" in prompt
    assert page.locator('g.hand-card.sw-selectable').count() == 0  # answer the prompt first
    page.click(".sw-prompt button.sw-steal")
    page.wait_for_function("!document.querySelector('.sw-prompt') || "
                           "document.querySelector('.sw-prompt').hidden || "
                           "!document.querySelector('.sw-prompt-text').textContent.includes('made 21')")
    assert w.game.history[2].notation == "red steal"
    bridge.flush()
    page.click(".sorry-widget button.sw-first")
    for _ in range(3):
        page.click(".sorry-widget button.sw-forward")
    wait_shown(page, 3)
    assert "steal" in page.text_content(".sw-explanation .sw-text")
    badges = page.locator(".sw-explanation .sw-rule").evaluate_all(
        "ns => ns.map(n => n.textContent)")
    assert "K13" in badges


def test_play_2_takes_two_clicked_number_cards(page):
    w = SorryCardWidget(CardGame(4, seed=2, strategies={"red": None, **GREEDY}))
    Bridge(page, w, width=1200)
    options = [a["notation"] for a in w.pending["actions"] if a["card"] == "play-2"]
    assert len(options) >= 2
    page.click('g.player[data-colour="red"] g.hand-card[data-card="play-2"]')
    page.wait_for_selector(".sw-choices .sw-choice")
    assert "Play 2" in page.text_content(".sw-status")
    assert sorted(page.locator(".sw-choices .sw-choice").evaluate_all(
        "ns => ns.map(n => n.dataset.notation)")) == sorted(options)
    first, second = options[0].split(" ")[2:]
    before = w.last_play
    page.click(f'g.player[data-colour="red"] g.hand-card.sw-selectable[data-card="{first}"]')
    page.wait_for_selector('g.hand-card.sw-selected')
    page.click(f'g.player[data-colour="red"] g.hand-card.sw-selectable[data-card="{second}"]')
    page.wait_for_function(f"Number(document.querySelector('.sorry-widget').dataset.shown) > {before}")
    assert w.game.history[before].notation == options[0]


def test_a_card_that_cannot_be_played_is_explained(page):
    w = SorryCardWidget(CardGame(4, seed=SEED_WITH_A_STUCK_CARD,
                                 strategies={"red": None, **GREEDY}))
    Bridge(page, w, width=1200)
    playable = {a["card"] for a in w.pending["actions"]}
    stuck = [c for c in w.game.state.player("red").hand if c not in playable]
    assert stuck, "the seed's first hand holds a card that cannot be played on red's turn"
    page.click(f'g.player[data-colour="red"] g.hand-card[data-card="{stuck[0]}"]')
    page.wait_for_selector(".sw-notice:not([hidden])")
    assert "cannot be played now" in page.text_content(".sw-notice")
    assert w.last_play == 0 and "SORRY! steal" in page.text_content(".sw-notice")


def test_the_exported_card_game_replays_offline(browser, tmp_path):
    game = CardGame(3, seed=4)
    game.run()
    w = SorryCardWidget(record=game.record(), theme="light")
    w.annotate(2, "Exported card note")
    path = tmp_path / "cards.html"
    w.to_html(path, title="SORRY! card game")
    html = path.read_text()
    assert not re.search(r"""(src|href)=["']https?:""", html)
    page, tried, errors = offline_page(browser, path)
    page.wait_for_selector(".sorry-widget svg.sorry-cardtable", timeout=15_000)
    # The faces the frames refer to are in the page: every card is drawn, none blank.
    assert page.evaluate("""() => [...document.querySelectorAll('svg.sorry-cardtable use')]
        .every((u) => document.getElementById((u.getAttribute('xlink:href') ||
                                               u.getAttribute('href')).slice(1)))""")
    page.click(".sorry-widget button.sw-last")
    wait_shown(page, len(game.history))
    winners = game.winners
    assert f"{winners[0].capitalize()} win" in page.text_content(".sw-status")
    page.click(".sorry-widget button.sw-first")
    page.click(".sorry-widget button.sw-forward")
    page.click(".sorry-widget button.sw-forward")
    wait_shown(page, 2)
    assert page.text_content(".sw-note") == "Exported card note"
    assert page.get_attribute(".sw-total", "data-total") == str(game.states[2].total)
    page.click(".sorry-widget button.sw-autoplay")
    page.wait_for_function("Number(document.querySelector('.sorry-widget').dataset.shown) > 3")
    page.wait_for_selector(".sw-offline:not([hidden])")
    page.context.close()
    assert not errors, errors
    assert not tried, tried


def test_a_rule_demo_is_tried_by_clicking_and_reset(page):
    from sorry_widget import CardState

    state = CardState.from_dict({
        "format": "sorry-cardgame/1",
        "players": [{"colour": "red", "hand": ["4", "7", "slide-10"], "home": 0},
                    {"colour": "blue", "hand": ["6"], "home": 0}],
        "to_play": "red", "direction": 1, "play_pile": ["9", "8"], "total": 17,
        "draw_pile": ["3", "6", "2"], "discard": [], "pending": None, "winners": []})
    w = SorryCardWidget(state=state)
    Bridge(page, w, width=1200)
    assert page.is_visible(".sw-demo button.sw-reset")
    assert "(the lesson's table)" in page.text_content(".sw-status")
    page.click('g.player[data-colour="red"] g.hand-card[data-card="7"]')
    wait_shown(page, 1)
    assert "bust (K6)" in page.text_content(".sw-explanation")
    assert page.get_attribute('g.player[data-colour="blue"]', "data-home") == "1"
    page.click(".sw-demo button.sw-reset")
    wait_shown(page, 0)
    assert w.last_play == 0 and page.get_attribute(".sw-total", "data-total") == "17"
    # No "17!": in a maths lesson that is a factorial.
    assert page.text_content("svg.sorry-cardtable text.total") == "17"
    assert page.text_content(".sw-total") == "Total: 17"


def test_the_card_game_lesson_exported_with_the_command_opens_offline(browser, tmp_path):
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    lessons = tmp_path / "notebooks"
    shutil.copytree(Path(__file__).parent.parent / "notebooks", lessons,
                    ignore=shutil.ignore_patterns("out", ".ipynb_*"))
    out = tmp_path / "card-game.html"
    done = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "export",
                           str(lessons / "07-card-game.ipynb"), "-o", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    page, tried, errors = offline_page(browser, out)
    page.wait_for_function("document.querySelectorAll('[data-sorry-widget][data-rendered]')"
                           ".length === 6", timeout=20_000)
    tables = page.locator(".sorry-widget.sw-cardgame")
    assert tables.count() == 6  # four rule tables, the game to play, the replay
    assert page.locator(".sw-cardgame svg.sorry-cardtable").count() == 6
    assert page.evaluate("""() => [...document.querySelectorAll('svg.sorry-cardtable use')]
        .every((u) => document.getElementById((u.getAttribute('xlink:href') ||
                                               u.getAttribute('href')).slice(1)))""")
    replay = tables.nth(5)
    before = replay.get_attribute("data-shown")
    assert before != "0"  # the lesson left it on its noted steal
    assert replay.locator(".sw-note").text_content() == "A steal: the 21 changes hands."
    replay.locator("button.sw-forward").click()
    page.wait_for_function(f"[...document.querySelectorAll('.sorry-widget')].at(-1)"
                           f".dataset.shown !== '{before}'")
    page.context.close()
    assert not errors, errors
    assert not tried, tried


def _person_at(page, width, height, theme="light"):
    w = SorryCardWidget(game=CardGame.from_state(sorry_table(), strategies={
        "red": None, **GREEDY}), theme=theme)
    Bridge(page, w, width=width)
    page.set_viewport_size({"width": width, "height": height})
    return w


def test_after_clicking_sorry_whom_to_hit_is_on_screen_next_to_the_card(page):
    w = _person_at(page, 1280, 800)
    page.click('g.player[data-colour="red"] g.hand-card[data-card="sorry-back"]')
    page.wait_for_selector(".sw-pick .sw-choice")
    card = page.locator('g.player[data-colour="red"] g.hand-card[data-card="sorry-back"]')
    at = card.bounding_box()
    targets = page.locator(".sw-pick .sw-choice")
    assert sorted(targets.evaluate_all("ns => ns.map(n => n.dataset.notation)")) == \
        ["red sorry-back blue", "red sorry-back yellow"]
    for i in range(targets.count()):
        box = targets.nth(i).bounding_box()
        # Inside the 1280×800 window without scrolling.
        assert 0 <= box["x"] and box["x"] + box["width"] <= 1280
        assert 0 <= box["y"] and box["y"] + box["height"] <= 800
    whole = page.locator(".sw-pick").bounding_box()
    # Next to the card clicked: just above it, overlapping it sideways.
    assert 0 <= at["y"] - (whole["y"] + whole["height"]) <= 40
    assert whole["x"] < at["x"] + at["width"] and at["x"] < whole["x"] + whole["width"]
    page.locator(".sw-pick .sw-choice", has_text="On Yellow").click()
    page.wait_for_function("document.querySelector('.sorry-widget').dataset.shown !== '0'")
    assert w.game.history[0].notation == "red sorry-back yellow"


def test_the_status_line_is_in_the_colour_of_the_player_it_names(page):
    game = CardGame(4, seed=8)
    game.run()
    w = SorryCardWidget(record=game.record(), theme="light")
    Bridge(page, w, width=1280)
    page.set_viewport_size({"width": 1280, "height": 800})
    css = {"red": "rgb(198, 40, 40)", "blue": "rgb(29, 100, 200)",
           "yellow": "rgb(138, 106, 0)", "green": "rgb(30, 125, 63)"}  # >= 4.5:1 (issue 25)
    checked = 0
    for n in range(1, 12):
        page.click(".sorry-widget button.sw-forward")
        wait_shown(page, n)
        named = game.states[n].to_act
        if named == game.states[n - 1].to_act:
            continue
        text = page.text_content(".sw-status")
        assert text.startswith(f"{named.capitalize()} to act")
        colour = page.evaluate("getComputedStyle(document.querySelector('.sw-status')).color")
        assert colour == css[named], (n, text, colour)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("width, height", [(1280, 800), (1920, 1080)])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_table_fills_the_width_and_no_text_on_it_is_under_11_px(page, width, height, theme):
    _person_at(page, width, height, theme)
    widget = page.locator(".sorry-widget").bounding_box()
    table = page.locator(".sw-table").bounding_box()
    side = page.locator(".sw-side").bounding_box()
    # Beside the side panel, the table takes the rest of the row, up to its largest size
    # (760 px tall, about 1005 px wide).
    assert side["x"] >= table["x"] + table["width"]
    assert table["width"] >= min(1000, widget["width"] - side["width"] - 40)
    sizes = page.evaluate("""() => {
      const svg = document.querySelector('.sw-table svg.sorry-cardtable');
      const scale = (el) => { const m = el.getScreenCTM(); return Math.hypot(m.a, m.b); };
      const out = [];
      for (const t of svg.querySelectorAll('text')) {
        out.push([t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale(t)]);
      }
      // Card faces drawn by reference: their texts at the scale of each reference.
      for (const u of svg.querySelectorAll('use')) {
        const face = document.getElementById((u.getAttribute('href') ||
                                              u.getAttribute('xlink:href')).slice(1));
        for (const t of face.querySelectorAll('text')) {
          out.push([t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale(u)]);
        }
      }
      return out;
    }""")
    assert len(sizes) > 40
    small = [(text, round(px, 1)) for text, px in sizes if px < 11]
    assert not small, small


def test_the_move_list_of_a_persons_game_shows_no_other_players_declined_window(page):
    from sorry_widget.widget.cardwidget import declined_window

    # Red makes 21; blue and yellow hold SORRY! steal cards and pass (K13), then each plays.
    held, _, strategies, _ = DECLINED["the person's 21, two steals declined"]
    game = CardGame.from_state(held, strategies={"red": None, **strategies})
    w = SorryCardWidget(game=game)
    Bridge(page, w, width=1280)
    page.click('g.player[data-colour="red"] g.hand-card[data-card="7"]')
    wait_shown(page, 3)
    assert [a.notation for a in game.history] == \
        ["red 7", "blue pass", "yellow pass", "blue 2", "yellow 1"]
    refusals = [a.notation for b, a in zip(game.states, game.history)
                if declined_window(b, a, "red")]
    assert refusals == ["blue pass", "yellow pass"]
    listed = page.locator(".sw-moves li").evaluate_all(
        "ns => ns.map(n => n.lastChild.textContent)")  # the action, after its number
    assert listed == ["red 7", "blue 2", "yellow 1"]
    since = page.locator(".sw-since-list li").evaluate_all("ns => ns.map(n => n.textContent)")
    assert [s.split(" ")[:2] for s in since] == [["blue", "2"], ["yellow", "1"]]
    # Red's own 21 reads as it ended, with no word of who was asked.
    page.click(".sorry-widget button.sw-first")
    page.click(".sorry-widget button.sw-forward")
    wait_shown(page, 1)
    told = page.text_content(".sw-explanation")
    assert "Red flips a pawn card to HOME (K5)" in told
    assert "Blue" not in told and "Yellow" not in told
    assert "may steal" not in page.text_content("svg.sorry-cardtable")
    assert page.get_attribute(".sw-total", "data-total") == "0"
