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
