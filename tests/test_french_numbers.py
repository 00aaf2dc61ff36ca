"""Numbers the French way in French sentences (issue 32, point 4), English unchanged: the
messages (explanations, the widgets' notices, the coach's verdicts), the command line's
sentences, and the numbers the French catalogs write themselves. What French should look like
is asked of Babel (CLDR's locale data), not of sorry_widget.core.numbers."""

from __future__ import annotations

import copy
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest

babel_numbers = pytest.importorskip("babel.numbers")
from babel import Locale  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from sorry_widget.core.messages import Message, word  # noqa: E402
from sorry_widget.widget.messages import say  # noqa: E402
import sorry_widget.simulation.coach  # noqa: E402,F401  (registers the coach's messages)

LOCALE = Path(__file__).parents[1] / "sorry_widget" / "locale"


def babel_fixed(value, digits: int, lang: str = "fr") -> str:
    """``value`` with ``digits`` decimals in the locale's own pattern (Python's rounding)."""
    pattern = copy.copy(Locale.parse(lang).decimal_formats[None])
    pattern.frac_prec = (digits, digits)
    return babel_numbers.format_decimal(Decimal(f"{value:.{digits}f}"), format=pattern,
                                        locale=lang)


def babel_percent(fraction, digits: int, lang: str = "fr") -> str:
    pattern = copy.copy(Locale.parse(lang).percent_formats[None])
    pattern.frac_prec = (digits, digits)
    hundredfold = Decimal(f"{fraction:.{digits}%}"[:-1])
    return babel_numbers.format_percent(hundredfold / 100, format=pattern, locale=lang)


# --- messages --------------------------------------------------------------------------------

def coach_done(language: str) -> str:
    return say("board_coach_done", games=12345, moves=4, seconds=12.34, best="R5-10",
               rate=0.953).text(language)


def test_the_widgets_coach_notice_in_english_is_as_before():
    assert coach_done("en") == ("The coach played 12,345 games in all after 4 moves in 12.3 s: "
                                "R5-10 wins most often (95%).")


def test_the_widgets_coach_notice_in_french():
    text = coach_done("fr")
    assert babel_numbers.format_decimal(12345, locale="fr") in text  # 12 345
    assert f"{babel_fixed(12.34, 1)} s" in text  # 12,3 s
    assert babel_percent(0.953, 0) in text  # 95 %
    assert "12,345" not in text and "12.3" not in text


def test_a_fraction_in_a_french_message_has_a_decimal_comma():
    assert say("speed_out_of_range", speed=25.5).text() == \
        "speed 25.5 must be 0.1 to 20 plays a second"
    french = say("speed_out_of_range", speed=25.5).text("fr")
    assert "25,5" in french and "25.5" not in french


def test_a_whole_number_keeps_the_digits_the_english_writes():
    """A seed or a count that the English writes without grouping is not split in French."""
    assert "graine 123456" in say("board_new_game", title="classic", players=["red"],
                                  seed=123456).text("fr")


def test_the_coachs_exact_chance_in_french():
    english = Message("coach.exact", best="R5-10", rate=0.5015).text()
    assert "a chance of 50.1% when" in english
    french = Message("coach.exact", best="R5-10", rate=0.5015).text("fr")
    assert babel_percent(0.5015, 1) in french


def test_a_word_filled_with_a_fraction_in_french():
    assert word("safety {n}", "en", "board.safety_n", n=2.5) == "safety 2.5"
    assert "2,5" in word("safety {n}", "fr", "board.safety_n", n=2.5)


# --- the French catalogs' own numbers ----------------------------------------------------------

#: A number an English text writes: 10,000, 0.1, 95% (not a version, an address or a port).
ENGLISH_NUMBER = re.compile(r"(?<![\w.:/])(\d{1,3}(?:,\d{3})+|\d+\.\d+|\d+%)(?![\w:/]|\.\d)")


def french_of(english_number: str) -> str:
    if english_number.endswith("%"):
        return babel_numbers.format_percent(Decimal(english_number[:-1]) / 100, locale="fr")
    return babel_numbers.format_decimal(Decimal(english_number.replace(",", "")), locale="fr",
                                        decimal_quantization=False)


def french_entries():
    """Each French catalog entry: (the catalog's file name, the entry, its English texts, its
    French texts), a plural entry's forms as several texts."""
    for path in sorted((LOCALE / "fr" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for entry in catalog:
            ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
            texts = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            yield path.name, entry, ids, texts


def test_the_french_catalogs_write_their_numbers_the_french_way():
    wrong = []
    for name, entry, ids, texts in french_entries():
        for number in {n for text in ids for n in ENGLISH_NUMBER.findall(text)}:
            expected = french_of(number)
            wrong += [(name, entry.context, number, expected, text)
                      for text in texts if text and expected not in text]
    assert not wrong, wrong


def test_the_catalog_check_sees_a_number_written_the_english_way():
    assert ENGLISH_NUMBER.findall("after 10,000 turns, 0.1 to 20, 95% intervals, "
                                  "tcp://10.0.0.5:8786, --port=9999") == ["10,000", "0.1", "95%"]
    assert french_of("10,000") == "10\u202f000" and french_of("95%") == "95\u00a0%"


# --- the command line ------------------------------------------------------------------------

def run(capsys, *args: str) -> str:
    from sorry_widget.cli import main

    assert main(list(args)) == 0
    return capsys.readouterr().out


def simulate(capsys, *extra: str) -> tuple[dict, list[str]]:
    args = ("cardgame", "simulate", "--games", "300", "--seed", "5")
    summary = json.loads(run(capsys, *args, "--json"))
    return summary, run(capsys, *args, *extra).splitlines()


def test_cardgame_simulate_in_english_is_as_before(capsys):
    """The human report is the English str.format of the JSON answer's numbers, as before."""
    summary, lines = simulate(capsys)
    assert lines[0] == "300 games of the SORRY! card game, seed 5"
    for seat, (colour, wins, rate) in enumerate(zip(summary["players"], summary["wins_per_seat"],
                                                    summary["win_rate_per_seat"]), 1):
        assert lines[seat] == f"seat {seat}  {colour:<6} {wins:8.1f} wins  {rate:7.2%}"
    assert lines[5] == (f"rounds per game: mean {summary['rounds_per_game_mean']:.1f}, "
                        f"sd {summary['rounds_per_game_sd']:.1f}")
    assert re.fullmatch(r"\d+ games/second", lines[-1])


def test_cardgame_simulate_in_french(capsys):
    summary, lines = simulate(capsys, "--lang", "fr")
    text = "\n".join(lines)
    for rate in summary["win_rate_per_seat"]:
        assert babel_percent(rate, 2) in text
    for wins in summary["wins_per_seat"]:
        assert f"{babel_fixed(wins, 1)} victoires" in text
    assert f"moyenne {babel_fixed(summary['turns_per_game_mean'], 1)}" in text
    assert not re.search(r"\d\.\d|\d%", text), text


def test_a_cli_sentence_in_french_formats_its_numbers(monkeypatch):
    from sorry_widget.cli import text

    monkeypatch.setattr(text, "_language", "fr")
    sentence = text._("wrote {path} ({size:,} bytes; opens offline)")
    assert babel_numbers.format_decimal(1234567, locale="fr") in sentence.format(
        path="x.html", size=1234567)
    monkeypatch.setattr(text, "_language", "en")
    english = text._("wrote {path} ({size:,} bytes; opens offline)")
    assert type(english) is str
    assert english.format(path="x.html", size=1234567) == \
        "wrote x.html (1,234,567 bytes; opens offline)"


# --- the French pages, lessons and catalogs: the spaces around numbers -------------------------

#: A plain space where French wants a no-break one (issue 39, point 9): between a number's
#: thousands ("2 000", U+202F wanted) or before a percent sign ("95 %", U+00A0 wanted), as
#: sorry_widget.core.numbers writes them (CLDR). Not a printf directive ("de %(n)s", "%d").
PLAIN_SPACE = re.compile(r"\d (?=\d{3}(?!\d))|\S %(?![(a-zA-Z])")
ROOT = Path(__file__).parents[1]
FRENCH_PAGES = sorted((ROOT / "docs" / "fr").glob("*.md"))
FRENCH_LESSONS = sorted((ROOT / "notebooks" / "fr").glob("*.ipynb"))
def words_of(markdown: str) -> str:
    """A page's or a cell's sentences: its fenced blocks and inline code left out (code is the
    same in both languages and writes numbers as Python does)."""
    text = re.sub(r"^( *)```.*?^\1```", "", markdown, flags=re.M | re.S)
    return re.sub(r"`[^`]*`", "", text)


def plainly_spaced(text: str) -> list[str]:
    """Each plain space a French number has where a no-break one belongs, in its context."""
    return [text[max(0, m.start() - 30):m.end() + 10] for m in PLAIN_SPACE.finditer(text)]


def test_the_spacing_check_sees_a_plain_space_and_only_that():
    found = PLAIN_SPACE.findall("sur 2 000 000 parties, 95 %, [52,2 % ; 58,1 %]")
    assert found == ["2 ", "0 ", "5 %", "2 %", "1 %"]
    assert PLAIN_SPACE.findall("sur 2\u202f000\u202f000 parties à 2 joueurs, 95\u00a0%, "
                               "[52,2\u00a0% ; 58,1\u00a0%], 1 234567, de %(n)s, %d") == []
    assert plainly_spaced(words_of("`1 000` et\n```\nx = '95 %'\n```\n")) == []


@pytest.mark.parametrize("french_page", FRENCH_PAGES, ids=lambda p: p.name)
def test_a_french_page_spaces_its_numbers_the_french_way(french_page):
    assert plainly_spaced(words_of(french_page.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("lesson", FRENCH_LESSONS, ids=lambda p: p.stem)
def test_a_french_lessons_text_spaces_its_numbers_the_french_way(lesson):
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    text = "\n".join(words_of("".join(c["source"])) for c in cells if c["cell_type"] == "markdown")
    assert plainly_spaced(text) == []


def test_the_french_catalogs_space_their_numbers_the_french_way():
    wrong = [(name, entry.id, found) for name, entry, _, texts in french_entries()
             for text in texts if text for found in plainly_spaced(text)]
    assert not wrong, wrong
