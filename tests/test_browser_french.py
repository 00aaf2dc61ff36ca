"""The widgets with language="fr" in Debian's Chromium: the page's own words (buttons, status
line, badges) and what Python sends (rule texts, explanations) read in French (issue 25)."""

from __future__ import annotations

import re

import pytest

from support.browser import Bridge
from sorry_widget import CardGame, Game, Record, SorryCardWidget, SorryWidget
from sorry_widget.core.messages import explanation_in, rule_entry

pytestmark = [pytest.mark.browser]  # its tier: tests/conftest.py
playwright_api = pytest.importorskip("playwright.sync_api")


def test_a_french_board_has_french_buttons_status_badges_and_explanations(page):
    game = Game(4, seed=21)
    game.run()
    record = Record.from_game(game)
    at = next(i for i, m in enumerate(record.moves, 1) if "C7" in m.rule_ids)
    w = SorryWidget(record=record, animate=False, language="fr")
    w.goto(at)
    Bridge(page, w)
    board = page.locator(".sorry-widget")
    assert board.locator("button.sw-first").text_content() == "« Début"
    assert board.locator("button.sw-forward").text_content() == "Suivant ›"
    assert board.locator("button.sw-autoplay").text_content() == "▶ Rejouer"
    assert board.locator(".sw-note-input").get_attribute("placeholder") == "Note sur ce coup…"
    status = page.text_content(".sw-status")
    assert f"(coup {at} sur {w.last_play} · tour {record.plays[at - 1].turn})" in status
    assert " joue" in status or "gagne" in status
    assert explanation_in(record.moves[at - 1], "fr") in page.text_content(".sw-explanation")
    badge = board.locator(".sw-explanation .sw-rule", has_text="C7")
    assert rule_entry("C7", "summary", "", "fr") in badge.get_attribute("title")
    assert "Cliquez pour la règle complète" in badge.get_attribute("title")
    badge.click()
    shown = board.locator(".sw-rule-text")
    shown.wait_for(state="visible")
    assert shown.locator(".sw-rule-full summary").text_content() == "La règle complète : Le 2"
    shown.locator(".sw-rule-full summary").click()
    assert shown.locator(".sw-rule-full p").text_content().startswith(
        "Sortez un pion ou avancez un pion de 2")


def test_a_french_card_table_has_french_buttons_explanations_and_table(page):
    game = CardGame(2, seed=3)
    game.run()
    w = SorryCardWidget(record=game.record(), language="fr")
    w.goto(4)
    Bridge(page, w, width=1100)
    table = page.locator(".sorry-widget")
    assert table.locator("button.sw-last").text_content() == "Fin »"
    assert table.locator("button.sw-save-note").text_content() == "Enregistrer la note"
    explanation = page.text_content(".sw-explanation")
    assert "Bleu joue Jouez-en 2 (K11), puis le 7, ce qui fait 22" in explanation
    assert "cuit" in explanation
    assert "Ordre du jeu" in page.text_content(".sorry-widget")
    faces = page.text_content("svg.sorry-cardfaces")
    assert "Pigez-en" in faces and "Take" not in faces


# --- no English on a French page (issue 30, point 3) --------------------------------------

from english import (READ_PAGE, READ_WHOLE_PAGE, english_on_french_page,  # noqa: E402
                     english_outside_notation)


def english_on(page) -> dict[str, list[str]]:
    """Each text a person reads or hears in the widget that still has English words in it."""
    said = page.evaluate(READ_PAGE, page.query_selector(".sorry-widget"))
    assert len(said) > 20, said
    return {text: found for text in dict.fromkeys(said)
            if (found := english_outside_notation(text))}


def english_on_board(page) -> dict[str, list[str]]:
    """english_on for a board, its move list and notation read too ("R pass"), each text also
    compared with the catalogs' English texts, its numbers and rule-set names
    (english_on_french_page)."""
    said = page.evaluate(READ_WHOLE_PAGE, page.query_selector(".sorry-widget"))
    assert len(said) > 20, said
    return {text: found for text in dict.fromkeys(said)
            if (found := english_on_french_page(text))}


def a_person_to_move(seed: int, rules: str = "classic", moves: int = 2) -> SorryWidget:
    """A French board where red, played by a person, holds a card with ``moves`` moves or more
    (red plays its first move until then)."""
    widget = SorryWidget(Game(2, seed=seed, rules=rules), humans=["red"], animate=False,
                         language="fr")
    for _ in range(200):
        choices = {m["notation"] for m in widget.pending.get("moves", [])}
        if len(choices) >= moves:
            return widget
        widget.move(widget.pending["moves"][0]["notation"], card=widget.pending.get("card"))
    raise AssertionError("red never had the choice")


def finished(rules: str, seed: int) -> SorryWidget:
    game = Game(4 if "team" in rules or "partner" in rules else 2, seed=seed, rules=rules)
    game.run()
    widget = SorryWidget(record=Record.from_game(game), animate=False, language="fr")
    widget.goto(widget.last_play)
    return widget


def boards():
    replay = Game(4, seed=21)
    replay.run()
    at_play = SorryWidget(record=Record.from_game(replay), animate=False, language="fr")
    at_play.goto(9)
    coached = a_person_to_move(3)
    coached.coach(rollouts=30)
    from sorry_widget.board import Position

    demo = SorryWidget(position=Position.from_dict({
        "format": "sorry-position/1", "rules": "classic", "to_move": "red",
        "pawns": {"red": ["start", 20, 33, "safety-3"], "blue": [25, 38, "start", "home"]}}),
        card="7", language="fr")
    two = Game(2, seed=34, strategies=["greedy", "random"])
    two.run()
    reviewed = SorryWidget(record=Record.from_game(two), animate=False, language="fr")
    reviewed.show_review()
    reviewed.goto(next(n for n, p in enumerate(reviewed.review["plays"], 1) if p["arrows"]))
    return {"a replay": at_play, "a reviewed replay": reviewed, "play with the coach": coached,
            "a hand": a_person_to_move(5, "play-for-points-1992", moves=1),
            "a rule demo": demo, "the new-game form": a_person_to_move(7),
            "a finished game's scores": finished("original-1934", 4),
            "a finished team game": finished("teams-1992", 3)}


@pytest.mark.parametrize("name", ["a replay", "a reviewed replay", "play with the coach",
                                  "a hand", "a rule demo",
                                  "the new-game form", "a finished game's scores",
                                  "a finished team game"])
def test_no_english_on_a_french_board(page, name):
    widget = boards()[name]
    Bridge(page, widget)
    if name == "the new-game form":
        page.click("button.sw-new-game")
        page.wait_for_selector("form.sw-new-game:not([hidden])")
    if name == "play with the coach":
        page.wait_for_selector(".sw-coach-row")
        # Its percentages the French way, from the browser's locale data (issue 32).
        rates = page.locator(".sw-coach-rate").all_text_contents()
        assert rates and all(re.fullmatch(r"\d{1,3},\d\u00a0%", r) for r in rates), rates
    if name == "a hand":
        page.wait_for_selector("button.sw-hand-card")
    if name == "a finished game's scores":
        page.wait_for_selector(".sw-score-table")
    # The squares' and pawns' accessible names are among what is read.
    assert page.get_attribute('.board [data-place="12"]', "aria-label") == "case 12"
    assert page.get_attribute(".pawns g.pawn", "aria-label").startswith("pion ")
    # Every text, the move list and speed menu among them (issue 39, 14: "R pass", "0.5×").
    assert page.locator("select.sw-speed option").count() >= 3
    assert english_on_board(page) == {}


def card_tables():
    from sorry_widget import CardState

    def table(red_hand, blue_hand, pile=(), red_home=0, blue_home=0):
        return CardState.from_dict({
            "format": "sorry-cardgame/1",
            "players": [{"colour": "red", "hand": list(red_hand), "home": red_home},
                        {"colour": "blue", "hand": list(blue_hand), "home": blue_home}],
            "to_play": "red", "direction": 1, "play_pile": list(pile),
            "total": sum(int(c) for c in pile),
            "draw_pile": ["3", "6", "2", "9", "4", "1", "8", "5"], "discard": [],
            "pending": None, "winners": []})

    choosing = SorryCardWidget(state=table(["play-2", "3", "5", "10"], ["6", "1"], pile=["6", "7"]),
                               language="fr")
    steal = SorryCardWidget(state=table(["5", "slide-21", "3"], ["sorry-steal", "7"],
                                        pile=["9", "7"], red_home=1, blue_home=2), language="fr")
    steal.act("red 5")
    block = SorryCardWidget(state=table(["sorry-back", "4", "8"], ["dont-be-sorry", "6"],
                                        pile=["5"], blue_home=2), language="fr")
    block.act(next(a.notation for a in block.actions() if "sorry-back" in a.notation))
    game = CardGame(3, seed=4)
    game.run()
    over = SorryCardWidget(record=game.record(), language="fr")
    over.goto(len(game.history))
    return {"a person choosing": choosing, "a steal": steal, "a block": block,
            "the end of the game": over}


@pytest.mark.parametrize("name", ["a person choosing", "a steal", "a block",
                                  "the end of the game"])
def test_no_english_on_a_french_card_table(page, name):
    widget = card_tables()[name]
    Bridge(page, widget, width=1100)
    if name == "a person choosing":
        page.click('g.hand-card[data-card="play-2"]')
        page.wait_for_selector(".sw-choose")
    if name in ("a steal", "a block"):
        page.wait_for_selector(".sw-prompt:not([hidden]) button.sw-answer")
    assert english_on(page) == {}
