"""A catalog is data, not code (issue 31, point 17): a missing or damaged .mo shows English with
one warning, and a translation may use only its English template's own fields."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

pytest.importorskip("babel")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402

from sorry_widget.core import messages  # noqa: E402
from sorry_widget.core.messages import CatalogWarning, Message, register, word  # noqa: E402
from sorry_widget.core.words import counted  # noqa: E402

FR = Path(messages.__file__).resolve().parent.parent / "locale" / "fr" / "LC_MESSAGES"

register("safetytest", "en", {
    "hello": "{player:cap} moves {steps:count(square)} ({rules[0]})",
    "plain": "{player} waits",
})
HELLO = Message("safetytest.hello", player="red", steps=3, rules=["C13"])
PLAIN = Message("safetytest.plain", player="red")


@pytest.fixture
def locale(tmp_path, monkeypatch):
    """A locale folder of the test's own, holding the package's French words catalog."""
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "words.mo").write_bytes((FR / "words.mo").read_bytes())
    monkeypatch.setattr(messages, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(messages, "_TRANSLATIONS", {})
    monkeypatch.setattr(messages, "_WARNED", set())
    return folder


def compiled(entries: dict[str, str | tuple], english: dict | None = None) -> bytes:
    """A .mo of French translations: msgctxt -> msgstr, the English (msgid) from ``english``
    or the registered templates."""
    import io

    catalog = Catalog(locale="fr")
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 1);")]  # the project's
    for context, translation in entries.items():
        msgid = (english or {}).get(context) or messages.template(context)
        catalog.add(msgid, translation, context=context)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def shown(*items: Message) -> tuple[list[str], list[str]]:
    """Each message in French, and the catalog warnings given while rendering them twice."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        texts = [m.text("fr") for m in items]
        assert [m.text("fr") for m in items] == texts
    return texts, [str(w.message) for w in caught if issubclass(w.category, CatalogWarning)]


def test_a_good_catalog_translates(locale):
    (locale / "safetytest.mo").write_bytes(compiled({
        "safetytest.hello": "{player:cap} avance de {steps:count(square)} ({rules[0]})"}))
    texts, said = shown(HELLO)
    assert texts == ["Red avance de 3 cases (C13)"] and said == []


@pytest.mark.parametrize("damage", ["empty", "bad magic", "truncated", "garbled offsets"])
def test_a_damaged_catalog_shows_english_with_one_warning(locale, damage):
    good = compiled({"safetytest.hello": "{player:cap} avance de {steps:count(square)} "
                                         "({rules[0]})", "safetytest.plain": "{player} attend"})
    data = {"empty": b"",
            "bad magic": b"\x00\x01\x02\x03" + good[4:],
            "truncated": good[:len(good) // 2],
            "garbled offsets": good[:12] + b"\xff\xff\xff\x7f" * 4 + good[28:]}[damage]
    (locale / "safetytest.mo").write_bytes(data)
    texts, said = shown(HELLO, PLAIN)
    assert texts == [HELLO.text(), PLAIN.text()] == ["Red moves 3 squares (C13)", "red waits"]
    assert len(said) == 1 and "cannot be read" in said[0] and "safetytest.mo" in said[0]


def test_a_missing_catalog_warns_once(locale):
    texts, said = shown(HELLO, PLAIN)
    assert texts == [HELLO.text(), PLAIN.text()]
    assert len(said) == 1 and said[0].startswith("no fr catalog") and "safetytest.mo" in said[0]


@pytest.mark.parametrize("translation", [
    "{player.__class__.__mro__} avance",          # attribute access the English does not have
    "{player.__class__} avance",
    "{rules[0].__class__} avance",
    "{player!r} avance",                          # a conversion
    "{secret} avance",                            # a field the message does not have
    "{player:{player.__class__}} avance",         # a field nested in a spec
    "{player:nokind} avance",                     # a kind that does not exist
    "{player:count(nothing)} avance",
    "{player avance",                             # not format text
])
def test_a_translation_with_a_bad_field_shows_its_english(locale, translation):
    (locale / "safetytest.mo").write_bytes(compiled({
        "safetytest.hello": translation, "safetytest.plain": "{player} attend"}))
    texts, said = shown(HELLO, PLAIN)
    assert texts == ["Red moves 3 squares (C13)", "red attend"]
    assert "class" not in texts[0] and len(said) == 1 and "safetytest.hello" in said[0]


def test_words_refuse_a_field_of_their_own_too(locale):
    from sorry_widget.core.words import COUNTED

    (locale / "words.mo").write_bytes(compiled({
        "cardgame.card.slide": "Glissez à {number.__class__}",
        "count.card": ("{n.__class__} carte", "{n} cartes")},
        english={"cardgame.card.slide": "Slide to {number}", "count.card": COUNTED["count.card"]}))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert word("Slide to {number}", "fr", "cardgame.card.slide", number=15) == \
            "Slide to 15"
        assert word("red", "fr", "colour.red") == "red"  # an entry this catalog lacks
        assert counted("card", 1, "fr") == "1 card"      # its bad form: English
        assert counted("card", 2, "fr") == "2 cartes"    # its good form
    assert len([w for w in caught if issubclass(w.category, CatalogWarning)]) == 2


def test_the_packages_translations_all_fit_their_english():
    """No shipped translation is refused (each would show English on a French page)."""
    from babel.messages.pofile import read_po

    from sorry_widget.cli import text as cli_text

    refused = []
    for path in sorted(FR.glob("*.po")):
        # The command's sentences are filled with str.format and checked by its own rule.
        check = cli_text.fits if path.name == "cli.po" else messages.fits
        with open(path, "rb") as handle:
            for entry in read_po(handle):
                if not entry.id or not entry.string:
                    continue
                ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
                forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                refused += [(path.name, entry.context, form) for form in forms
                            if not check(form, ids[-1])]
    assert not refused, refused[:5]


def test_plural_forms_follow_the_languages_rule():
    """French says "0 case", "1 case", "2 cases"; English "0 squares", "1 square"."""
    assert [counted("square", n, "fr") for n in (0, 1, 2)] == ["0 case", "1 case", "2 cases"]
    assert [counted("square", n) for n in (0, 1, 2)] == ["0 squares", "1 square", "2 squares"]
    with pytest.raises(KeyError, match="no counted words 'nothing'"):
        counted("nothing", 2)
