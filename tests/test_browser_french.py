"""The widgets with language="fr" in Debian's Chromium: the page's own words (buttons, status
line, badges) and what Python sends (rule texts, explanations) read in French (issue 25)."""

from __future__ import annotations

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
