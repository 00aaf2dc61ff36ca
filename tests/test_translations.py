"""Every text a person reads exists in French (issue 25), from the gettext catalogs in
sorry_widget/locale/, which stay in step with the English (scripts/update_catalogs.py)."""

from __future__ import annotations

import gettext
import json
import sys
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import update_catalogs  # noqa: E402

from sorry_widget.core import messages  # noqa: E402
from sorry_widget.core.messages import LANGUAGES, Message, explanation_in, register, render, \
    rule_entry, word  # noqa: E402

FR = ROOT / "sorry_widget" / "locale" / "fr" / "LC_MESSAGES"


def french(domain: str) -> dict[str, object]:
    with open(FR / f"{domain}.po", "rb") as handle:
        return {m.context: m for m in read_po(handle) if m.id}


def test_french_is_a_language_because_its_catalogs_exist():
    assert "fr" in LANGUAGES and LANGUAGES[0] == "en"
    assert sorted(p.stem for p in FR.glob("*.po")) == sorted(update_catalogs.DOMAINS)


@pytest.mark.parametrize("domain", update_catalogs.DOMAINS)
def test_every_english_text_has_a_checked_french_entry(domain):
    english = update_catalogs.english()[domain]
    entries = french(domain)
    missing = [c for c in english if c not in entries or not entries[c].string
               or not all(update_catalogs._forms(entries[c].string))]
    assert not missing, f"{domain}.po has no French for {missing[:10]}"
    stale = [c for c in english if entries[c].id != english[c] or entries[c].fuzzy]
    assert not stale, f"{domain}.po: the English changed since translated: {stale[:10]}"


@pytest.mark.parametrize("domain", update_catalogs.DOMAINS)
def test_french_placeholders_are_the_english_ones(domain):
    bad = [(c, m.id, m.string) for c, m in french(domain).items()
           if m.string and update_catalogs.fields(m.id) != update_catalogs.fields(m.string)]
    assert not bad, bad[:5]


def test_placeholder_check_catches_a_renamed_or_lost_field():
    fields = update_catalogs.fields
    assert fields("{player:cap} moves {steps:count(square)}") == \
        fields("{player:cap} avance de {steps:count(square)}")
    assert fields("{steps:count(square)}") != fields("{steps:count(card)}")
    assert fields(("{n} card", "{n} cards")) == fields(("une carte", "{n} cartes"))
    assert fields(("{n} card", "{n} cards")) != fields(("une carte", "des cartes"))
    assert fields("{player} moves") != fields("{joueur} avance")
    assert fields("{a} and {b}") != fields("{a} et")
    assert fields("{a:colour}") != fields("{a}")


def test_the_po_files_are_up_to_date_with_the_english():
    """The .po files have an entry for each English text, as scripts/update_catalogs.py writes
    them (the .mo files built from them: tests/test_built_catalogs.py)."""
    stale = [str(path.relative_to(ROOT)) for path, data in update_catalogs.outputs().items()
             if not path.is_file() or path.read_bytes() != data]
    assert not stale, f"run scripts/update_catalogs.py: out of date: {stale}"


def forms_selected(expression: str) -> set[int]:
    """The plural forms a gettext rule selects, over counts from 0 to 1,000 and the powers
    of ten up to 10**9 with their neighbours (where rules such as CLDR's n % 1000000 change)."""
    rule = gettext.c2py(expression)
    counts = set(range(1001)) | {10**k + d for k in range(3, 10) for d in (-1, 0, 1)}
    return {rule(n) for n in counts}


@pytest.mark.parametrize("domain", update_catalogs.DOMAINS)
def test_every_catalog_has_the_projects_plural_rule_and_every_form_it_selects(domain):
    """The plural rule is the project's (update_catalogs.PLURAL_FORMS), whatever Babel wrote
    the files, and every plural entry has a translation for each form the rule can pick."""
    for language in update_catalogs.languages():
        nplurals, expression = update_catalogs.plural_forms(language)
        assert forms_selected(expression) == set(range(nplurals))
        folder = ROOT / "sorry_widget" / "locale" / language / "LC_MESSAGES"
        with open(folder / f"{domain}.po", "rb") as handle:
            catalog = read_po(handle)
        assert catalog.plural_forms == f"nplurals={nplurals}; plural={expression};"
        with open(folder / f"{domain}.mo", "rb") as handle:
            compiled = gettext.GNUTranslations(handle)
        assert compiled.info()["plural-forms"] == catalog.plural_forms
        for message in catalog:
            if message.id and message.pluralizable:
                assert len(message.string) == nplurals and all(message.string), message.id


def test_the_mo_files_read_with_the_standard_library_only():
    with open(FR / "words.mo", "rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    assert catalog.pgettext("colour.red", "red") == "rouge"
    assert catalog.pgettext("cardgame.draw_pile", "draw pile") == "pile de pige"


def test_words_and_rule_texts_in_french():
    assert word("START", "fr", "board.start") == "DÉPART"
    assert word("HOME", "fr", "board.home") == "MAISON"
    assert word("HOME", "fr", "cardgame.home") == "ARRIVÉE"
    assert word("Slide to {number}", "fr", "cardgame.card.slide").format(number=15) == \
        "Glissez à 15"
    assert word("Don't Be SORRY!", "fr", "cardgame.card.dont-be-sorry") == \
        "SORRY! Pas vraiment…"
    assert word("red", "en", "colour.red") == "red"
    assert rule_entry("C7", "title", "The 2", "fr") == "Le 2"
    from sorry_widget.cardgame.rulebook import CARD_RULE_TEXTS
    assert rule_entry("K9", "text", CARD_RULE_TEXTS["K9"]["text"], "fr").startswith(
        "Pigez-en 2 : pigez deux cartes")
    # A lookup is by the English too: a stale English finds no translation.
    assert rule_entry("K9", "text", "x", "fr") == "x"
    assert rule_entry("C7", "title", "The 2", "en") == "The 2"


def test_french_templates_come_from_the_catalog_and_fall_back_to_english(tmp_path,
                                                                         monkeypatch):
    register("transtest", "en", {"move": "{player:cap} moves {n:count(square)} ({rules})"})
    # A catalog for the test domain, compiled as the package's are.
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalog = Catalog(locale="fr")
    catalog.add("{player:cap} moves {n:count(square)} ({rules})",
                "{player:cap} avance de {n:count(square)} ({rules})",
                context="transtest.move")
    with open(folder / "transtest.mo", "wb") as handle:
        write_mo(handle, catalog)
    (folder / "words.mo").write_bytes((FR / "words.mo").read_bytes())  # "{n} cases"
    monkeypatch.setattr(messages, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(messages, "_TRANSLATIONS", {})
    move = Message("transtest.move", player="rouge", n=3, rules="C13")
    assert move.text("fr") == "Rouge avance de 3 cases (C13)"
    assert move.text() == "Rouge moves 3 squares (C13)"
    register("transtest", "en", {"other": "only in English"})
    assert render(Message("transtest.other"), "fr") == "only in English"
    with pytest.raises(ValueError, match="language: 'xx'"):
        move.text("xx")


def test_and_lists_join_in_french():
    assert messages.and_list(["rouge", "bleu", "vert"], "fr") == "rouge, bleu et vert"


def test_explanation_in_uses_what_an_item_offers():
    class WithMethod:
        def explanation_in(self, language):
            return f"in {language}"

    class Plain:
        explanation = "Red moves 5 squares (C13)."

    assert explanation_in(WithMethod(), "fr") == "in fr"
    assert explanation_in(Plain(), "fr") == "Red moves 5 squares (C13)."


def test_the_page_gets_its_words_from_the_catalogs():
    """The page's English is js/strings.js's UI_ENGLISH (copied for the package into
    ui_strings.json); Python sends it the catalogs' words, so its code holds no French."""
    from sorry_widget.widget.strings import page_strings, ui_english

    english = update_catalogs.ui_english()
    assert {k: list(v) if isinstance(v, tuple) else v for k, v in english.items()} == ui_english()
    js = (ROOT / "js" / "strings.js").read_text(encoding="utf-8")
    assert "« Début" not in js and "fr:" not in js
    french, en = page_strings("fr"), page_strings("en")
    assert set(french["ui"]) == set(en["ui"]) == set(english)
    assert french["ui"]["first"] == "« Début" and en["ui"]["first"] == "« First"
    assert french["ui"]["status.to_move"] == "{colour} joue"
    # A count has its catalog's forms, picked by the catalog's rule (the page applies it too).
    assert (french["nplurals"], french["plural"]) == update_catalogs.plural_forms("fr")
    assert french["ui"]["new.n_players"] == ["{n} joueur", "{n} joueurs"]
    assert (en["nplurals"], en["plural"], en["ui"]["new.n_players"]) == \
        (2, "(n != 1)", ["{n} player", "{n} players"])
    # A colour, a card, a place: the words catalog's, the one Python uses too.
    assert french["words"]["colour.red"] == word("red", "fr", "colour.red") == "rouge"
    assert french["words"]["cardgame.card.take-2"] == "Pigez-en 2"
    assert not any(k.startswith(("colour.", "card.take", "a11y.colour")) for k in english)


def test_the_page_tests_read_the_words_python_sends():
    """js/test/page-strings.json, the node tests' strings trait (English and French), is what
    page_strings sends now: the page's French is tested from the catalogs, not a copy."""
    from sorry_widget.widget.strings import page_strings

    fixture = update_catalogs.PAGE_STRINGS_FIXTURE
    every = {language: page_strings(language) for language in ["en", *update_catalogs.languages()]}
    assert fixture.is_file() and fixture.read_bytes() == \
        (json.dumps(every, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode(), \
        "run scripts/build_catalogs.py --page: js/test/page-strings.json is out of date"
    assert set(json.loads(fixture.read_text(encoding="utf-8"))) == {"en", "fr"}


def test_a_widget_sends_the_page_its_words_and_follows_its_language():
    from sorry_widget import SorryCardWidget, SorryWidget

    board = SorryWidget(language="fr")
    assert board.strings["ui"]["first"] == "« Début" and "strings" in board.keys
    board.language = "en"
    assert board.strings["ui"]["first"] == "« First"
    assert SorryCardWidget(language="fr").strings["words"]["colour.blue"] == "bleu"


def test_best_language_reads_page_and_system_tags():
    assert messages.best_language("fr-CA") == "fr"
    assert messages.best_language("fr_FR.UTF-8") == "fr"
    assert messages.best_language("de-DE") == "en"
    assert messages.best_language("") == "en"
    assert messages.best_language(None) == "en"


# --- the command line ---------------------------------------------------------------------

POSITION = {
    "format": "sorry-position/1", "rules": "classic", "to_move": "red",
    "pawns": {"red": ["start", "start", 12, "safety-3"], "blue": ["home", 20, "start", "start"],
              "yellow": [34, 35, "start", "home"], "green": ["start"] * 4},
}


def cli(capsys, *args) -> str:
    from sorry_widget.cli import main

    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_cli_play_log_in_french(capsys):
    english = cli(capsys, "play", "--seed", "3", "--players", "2")
    text = cli(capsys, "play", "--seed", "3", "--players", "2", "--lang", "fr")
    assert text.splitlines()[0] == ("Sorry! — Règles classiques (livret de 1992, paquet moderne "
                                    "de 45 cartes) ; graine 3 ; rouge (random), jaune (random)")
    assert text.splitlines()[1].split() == ["tour", "joueur", "carte", "coup", "explication"]
    assert text.splitlines()[-1].startswith("Rouge gagne après ")
    assert english.splitlines()[1].split() == ["turn", "player", "card", "move", "explanation"]
    # The same game: the notation column does not change with the language.
    notation = [line[20:36] for line in english.splitlines()[2:-1]]
    assert notation == [line[20:36] for line in text.splitlines()[2:-1]]


def test_cli_cardgame_play_in_french(capsys):
    text = cli(capsys, "cardgame", "play", "--seed", "3", "--players", "2", "--lang", "fr")
    assert text.splitlines()[0] == "Jeu de cartes SORRY! ; graine 3 ; rouge random, bleu random"
    assert " a gagné après " in text.splitlines()[-1]


def test_cli_json_keeps_its_keys_and_notation_with_lang(capsys, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(POSITION))
    english = json.loads(cli(capsys, "moves", str(path), "--card", "7"))
    french = json.loads(cli(capsys, "moves", str(path), "--card", "7", "--lang", "fr"))
    assert [sorted(m) for m in french["moves"]] == [sorted(m) for m in english["moves"]]
    assert [(m["notation"], m["result"]) for m in french["moves"]] == \
        [(m["notation"], m["result"]) for m in english["moves"]]
    # --json outputs are the same whatever the language
    assert cli(capsys, "cardgame", "simulate", "--games", "5", "--seed", "1", "--json") \
        .split('"games_per_second"')[0] == \
        cli(capsys, "cardgame", "simulate", "--games", "5", "--seed", "1", "--json") \
        .split('"games_per_second"')[0]


def test_cli_refuses_an_unknown_language(capsys):
    from sorry_widget.cli import main

    with pytest.raises(SystemExit):
        main(["play", "--seed", "1", "--lang", "xx"])
    assert "invalid choice: 'xx'" in capsys.readouterr().err


# --- the widgets --------------------------------------------------------------------------

def test_board_widget_in_french_badges_and_rule_set():
    from sorry_widget import Game, SorryWidget

    widget = SorryWidget(Game(2, seed=4), language="fr")
    assert widget.language == "fr"
    assert widget.rule_set["title"].startswith("Règles classiques")
    widget.language = "en"
    assert widget.rule_set["title"].startswith("Classic rules")


def test_widget_badges_follow_the_language():
    from sorry_widget import SorryWidget
    from sorry_widget.board import Position

    demo = SorryWidget(position=Position.from_dict(POSITION), card="7", language="fr")
    assert demo.rule_texts, "a demo's play cites rules"
    rule, badge = next(iter(demo.rule_texts.items()))
    from sorry_widget.board.rulebook import RULE_SUMMARIES
    assert badge["summary"] == rule_entry(rule, "summary", RULE_SUMMARIES[rule], "fr") != \
        RULE_SUMMARIES[rule]
    assert badge["link"].endswith(f"#{rule.lower()}")
    demo.language = "en"
    from sorry_widget.board.rulebook import RULE_SUMMARIES
    assert demo.rule_texts[rule]["summary"] == RULE_SUMMARIES[rule]


def test_card_widget_in_french_and_bad_languages_refused():
    from sorry_widget import SorryCardWidget
    from sorry_widget.widget.replay import WidgetError

    table = SorryCardWidget(language="fr")
    assert table.language == "fr"
    with pytest.raises(WidgetError, match="language: 'xx'"):
        SorryCardWidget(language="xx")


def test_default_language_is_jupyterlabs_setting(tmp_path, monkeypatch):
    from sorry_widget.widget.replay import notebook_language

    settings = tmp_path / "@jupyterlab" / "translation-extension"
    settings.mkdir(parents=True)
    (settings / "plugin.jupyterlab-settings").write_text(
        '{\n    // Language\n    "locale": "fr_FR"\n}\n')
    assert notebook_language(tmp_path) == "fr"
    (settings / "plugin.jupyterlab-settings").write_text('{"locale": "de_DE"}')
    assert notebook_language(tmp_path) == "en"
    assert notebook_language(tmp_path / "nowhere") == "en"
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path))
    (settings / "plugin.jupyterlab-settings").write_text('{"locale": "fr_CA"}')
    from sorry_widget import SorryCardWidget
    assert SorryCardWidget().language == "fr"


def test_the_page_language_is_followed_only_when_none_was_given(monkeypatch, tmp_path):
    from sorry_widget import SorryCardWidget

    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path))  # no setting: English
    by_default = SorryCardWidget()
    assert by_default.language == "en"
    by_default._on_message(None, {"type": "hello", "language": "fr-FR"}, [])
    assert by_default.language == "fr"
    chosen = SorryCardWidget(language="en")
    chosen._on_message(None, {"type": "hello", "language": "fr-FR"}, [])
    assert chosen.language == "en"


def test_the_french_quick_start_speaks_french_and_links_the_french_rules():
    import re

    lesson = ROOT / "notebooks" / "fr" / "01-demarrage-rapide.ipynb"
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    widgets = [line for cell in code for line in cell.splitlines() if "SorryWidget(" in line
               and "import" not in line]
    assert widgets and all('language="fr"' in line for line in widgets)
    links = [link for c in cells if c["cell_type"] == "markdown"
             for link in re.findall(r"\]\(([^)#]+)", "".join(c["source"]))]
    assert any("docs/fr/rules.md" in link for link in links)
    for link in links:
        assert (lesson.parent / link).resolve().is_file(), link


def test_the_french_rules_pages_have_the_english_rule_ids_and_anchors():
    import re

    for page in ("rules.md", "cardgame.md"):
        english = (ROOT / "docs" / page).read_text(encoding="utf-8")
        french = (ROOT / "docs" / "fr" / page).read_text(encoding="utf-8")
        anchors = re.compile(r'<a id="([a-z]+\d+)"></a>')
        assert anchors.findall(french) == anchors.findall(english)


def test_the_board_drawing_and_card_faces_in_french():
    from sorry_widget.board.cards import CARD_NAMES, card_text
    from sorry_widget.core.words import WORDS
    from sorry_widget.render.svg import _card_text_key, board_svg, card_face_markup

    # Every card face's English is an entry of the words table, so it has a French one.
    for card in CARD_NAMES:
        for forward_4 in (False, True):
            for again in (True, False):
                key = _card_text_key(card, forward_4, again)
                assert WORDS[key] == card_text(card, forward_4, again)
    french = board_svg(None, language="fr", card="10")
    assert ">MAISON<" in french and ">DÉPART<" in french and ">HOME<" not in french
    assert "reculez un pion" in french
    assert ">HOME<" in board_svg(None)
    assert "défausse" in card_face_markup(None, language="fr")


def test_the_card_table_drawing_in_french():
    from sorry_widget import CardGame, SorryCardWidget
    from sorry_widget.cardgame.state import CardState
    from sorry_widget.render.cardtable import cardtable_svg, total_callout

    table = SorryCardWidget(CardGame(2, seed=3), language="fr")
    french = table.svg()
    assert "Ordre du jeu : Rouge → Bleu" in french and "pige " in french
    assert "Play goes" not in french and "Play goes Red → Blue" in table.svg(language="en")
    state = CardState.from_dict({
        "format": "sorry-cardgame/1", "players": [{"colour": "red", "hand": [], "home": 0},
                                                  {"colour": "blue", "hand": [], "home": 0}],
        "to_play": "red", "direction": 1, "play_pile": ["slide-15"], "total": 15,
        "draw_pile": [], "discard": [], "pending": None, "winners": []})
    assert total_callout(state, "fr") == "Glissez à 15"
    assert total_callout(state) == "Slide to 15"
    assert "Glissez à 15" in cardtable_svg(state, language="fr")


def test_card_game_explanations_in_french_spot_checks():
    from sorry_widget import CardGame

    game = CardGame(2, 3)
    game.run()
    said = {a.notation: explanation_in(a, "fr") for a in game.history[:7]}
    assert said["blue 3"] == "Bleu joue le 3, ce qui porte le total à 3 (K4)."
    assert said["blue switch"] == ("Bleu joue Changement de direction : le jeu tourne maintenant "
                                   "dans l'autre sens (K10).")
    assert said["blue play-2 7 10"].startswith("Bleu joue Jouez-en 2 (K11), puis le 7")
    assert "cuit" in said["blue play-2 7 10"]
    assert explanation_in(game.history[1], "en") == "Blue plays the 3, making the total 3 (K4)."


def test_board_explanations_in_french_spot_checks():
    from sorry_widget.board import Position

    position = Position.from_dict(POSITION)
    said = {m.notation: explanation_in(m, "fr") for m in position.legal_moves("5")}
    assert said["R12-17"] == ("Le 5 de Rouge avance le pion sur 12 de 5 cases jusqu'à 17 (C13).")
    english = {m.notation: explanation_in(m, "en") for m in position.legal_moves("5")}
    assert english["R12-17"] == "Red's 5 moves the pawn on 12 forward 5 squares to 17 (C13)."
