"""The New game form's computer players in Debian's Chromium, bridged to the real Python widget
(issue 33, point 4): offered weakest to strongest with a sentence each, and a game against the
one picked, here ``learned``, in which the person moves and the learned player answers."""

from __future__ import annotations

import pytest

from sorry_widget import Game, SorryWidget
from sorry_widget.simulation.learned import LearnedStrategy
from sorry_widget.widget.widget import computer_choices
from support.browser import Bridge, expected_pawns

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_form_lists_the_computer_players_weakest_first_with_what_each_does(page, language):
    w = SorryWidget(Game(2, seed=3, strategies={"red": None}), animate=False, language=language)
    Bridge(page, w)
    page.click("button.sw-new-game")
    page.wait_for_selector("form.sw-new-game:not([hidden])")
    offered = computer_choices(w.game.start, language)
    options = page.eval_on_selector_all(".sw-new-computer option",
                                        "os => os.map(o => [o.value, o.textContent, o.title])")
    assert options == [[c["name"], c["title"], c["about"]] for c in offered]
    assert page.text_content(".sw-new-computer-about") == offered[0]["about"]
    page.select_option(".sw-new-computer", "learned")
    learned = next(c for c in offered if c["name"] == "learned")
    assert page.text_content(".sw-new-computer-about") == learned["about"]


def test_a_new_game_against_the_learned_player_and_a_move_in_it(page):
    w = SorryWidget(Game(4, seed=2, strategies={"red": None}), animate=False)
    bridge = Bridge(page, w)
    old = w.game
    page.click("button.sw-new-game")
    page.select_option(".sw-new-players", "2")
    page.select_option(".sw-new-computer", "learned")
    page.click("button.sw-start-game")
    bridge.wait_shown(w.last_play)
    assert w.game is not old and w.game.colours == ("red", "yellow") and w.humans == ["red"]
    assert isinstance(w.game.strategies["yellow"], LearnedStrategy)
    # Red (the person) moves by the page (again after a 2: C7), then the learned player
    # answers at once.
    made = len(w.game.history)
    for _ in range(10):
        moves = w.pending["moves"]
        assert moves and w.game.colour_to_move == "red"
        before = len(w.game.history)
        if moves[0]["kind"] == "forfeit":
            page.click("button.sw-pass")
        else:
            for keys in moves[0]["clicks"]:
                bridge.click_place(keys[0])
        assert w.game.history[before].colour == "red"
        assert w.game.history[before].move.notation == moves[0]["notation"]
        if any(p.colour == "yellow" for p in w.game.history[made:]):
            break
    else:
        pytest.fail("red drew a 2 ten times running")
    bridge.flush()
    bridge.wait_shown(w.last_play)
    assert bridge.pawns() == expected_pawns(w.position)


def test_the_forms_lists_change_with_the_rule_set_and_a_game_starts_as_chosen(page):
    """Issue 39, point 3: each rule set's computer players and player counts, as Python offers
    them; the choice kept where the new rule set offers it too."""
    w = SorryWidget(Game(2, seed=3, strategies={"red": None}), animate=False)
    bridge = Bridge(page, w)
    page.click("button.sw-new-game")
    page.wait_for_selector("form.sw-new-game:not([hidden])")

    def shown():
        return (page.eval_on_selector_all(".sw-new-computer option", "os => os.map(o => o.value)"),
                page.eval_on_selector_all(".sw-new-players option",
                                          "os => os.map(o => Number(o.value))"),
                page.is_disabled(".sw-new-players"))

    offers = {r["name"]: r for r in w.rule_set["available"]}
    differ = [name for name, r in offers.items()
              if [c["name"] for c in r["computers"]] != [c["name"] for c in w.rule_set["computers"]]]
    assert differ, "every rule set offers the same computer players: nothing to check"
    page.select_option(".sw-new-computer", "coach")
    for name, offer in offers.items():
        page.select_option(".sw-new-rules", name)
        computers, counts, fixed = shown()
        assert computers == [c["name"] for c in offer["computers"]], name
        assert counts == offer["players"] and fixed == (len(counts) == 1), name
        chosen = page.input_value(".sw-new-computer")
        assert chosen == ("coach" if "coach" in computers else computers[0]), name
        about = next(c["about"] for c in offer["computers"] if c["name"] == chosen)
        assert page.text_content(".sw-new-computer-about") == about
    # A rule set that does not offer the coach: the game starts against the player listed.
    page.select_option(".sw-new-rules", differ[0])
    page.select_option(".sw-new-computer", "learned")
    old = w.game
    page.click("button.sw-start-game")
    for _ in range(100):  # (Python answers the page's message while Playwright waits)
        if w.game is not old:
            break
        page.wait_for_timeout(50)
    bridge.wait_shown(w.last_play)
    assert w.game.rules.name == differ[0] and w.humans == ["red"]
    assert all(isinstance(s, LearnedStrategy) for s in w.game.strategies.values() if s is not None)
