"""sorry_widget.core.numbers: English exactly as Python's format spec wrote it before (the
project's English output does not change), and each language's symbols as CLDR has them,
checked against Babel's own number formatting (the package keeps a copy of the two languages'
conventions because Babel does not fit the offline Lite site)."""

from __future__ import annotations

import copy
import random
from decimal import Decimal
from fractions import Fraction

import pytest

from sorry_widget.core import messages, numbers
from sorry_widget.core.numbers import format_number, format_percent

babel_numbers = pytest.importorskip("babel.numbers")
from babel import Locale  # noqa: E402

NNBSP, NBSP = "\u202f", "\u00a0"


def sample_values(count: int = 400) -> list[float]:
    """Values of every size a sentence prints: counts, fractions, rates, negatives."""
    chooser = random.Random(32)
    values = [0, 1, 7, 12, 999, 1000, 1001, 9999, 10000, 123456, 1000000, 1234567890,
              -1, -1000, -1234567, 0.5, 0.25, 0.125, 0.001, 0.953, 3.98, 26.7, 1234.5,
              -0.5, -1234.5678, 0.30000000000000004, 1e-4, 5e15]
    for _ in range(count):
        scale = 10 ** chooser.randint(-3, 9)
        value = chooser.random() * scale * chooser.choice((1, -1))
        values.append(chooser.choice((value, round(value), round(value, 2))))
    return values


def babel_pattern(lang: str, kind: str, digits: int | None):
    """The locale's own pattern (Babel's CLDR data) with ``digits`` fixed decimals."""
    locale = Locale.parse(lang)
    pattern = copy.copy((locale.decimal_formats if kind == "decimal"
                         else locale.percent_formats)[None])
    if digits is not None:
        pattern.frac_prec = (digits, digits)
    return pattern


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("digits", [0, 1, 2, 3, 6])
def test_fixed_decimals_agree_with_babel(lang, digits):
    # Babel rounds half to even on the decimal text, Python on the float's exact value: hand
    # Babel the digits Python chose, so what is compared is the locale's symbols and grouping.
    pattern = babel_pattern(lang, "decimal", digits)
    for value in sample_values():
        ours = format_number(value, lang, digits)
        python_digits = Decimal(f"{value:.{digits}f}")
        theirs = babel_numbers.format_decimal(python_digits, format=pattern, locale=lang)
        assert ours == theirs, (value, digits)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_shortest_digits_agree_with_babel(lang):
    # Python writes a whole float with its ".0", so Babel is given as many decimals as repr().
    for value in sample_values():
        exact = Decimal(value) if isinstance(value, int) else Decimal(repr(value))
        pattern = babel_pattern(lang, "decimal", max(0, -exact.as_tuple().exponent))
        theirs = babel_numbers.format_decimal(exact, format=pattern, locale=lang)
        assert format_number(value, lang) == theirs, value


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("digits", [0, 1, 2])
def test_percentages_agree_with_babel(lang, digits):
    pattern = babel_pattern(lang, "percent", digits)
    for value in sample_values(200):
        fraction = value / 1000 if abs(value) > 10 else value
        ours = format_percent(fraction, lang, digits)
        hundredfold = Decimal(f"{fraction:.{digits}%}"[:-1])
        theirs = babel_numbers.format_percent(hundredfold / 100, format=pattern, locale=lang)
        assert ours == theirs, (fraction, digits)


def test_the_issue_s_examples_in_french():
    assert format_number(1000, "fr") == f"1{NNBSP}000"
    assert format_number(0.5, "fr") == "0,5"
    assert format_percent(0.95, "fr", 0) == f"95{NBSP}%"
    assert format_percent(0.953, "fr") == f"95,3{NBSP}%"
    assert format_number(1234567.891, "fr", 2) == f"1{NNBSP}234{NNBSP}567,89"
    assert format_number(-1500, "fr") == f"-1{NNBSP}500"


def test_english_is_python_s_own_format():
    """What the project printed with f-strings, byte for byte."""
    for value in sample_values():
        assert format_number(value, "en") == (f"{value:,}" if 1e-4 <= abs(value) < 1e16
                                             or value == 0 else format_number(value, "en"))
        for digits in (0, 1, 3):
            assert format_number(value, "en", digits) == f"{value:,.{digits}f}"
    for fraction in (0.953, 0.5, 0.0, 1.0, 0.12345, -0.013, 0.999949):
        for digits in (0, 1, 2):
            assert format_percent(fraction, "en", digits) == f"{fraction:.{digits}%}"


def test_no_exponent_in_a_sentence():
    assert format_number(1e-05, "en") == "0.00001"
    assert format_number(1e16, "fr") == "10" + f"{NNBSP}000" * 5
    assert format_number(Decimal("1E+3"), "fr") == f"1{NNBSP}000"


def test_exact_values():
    assert format_percent(0.07, "en", None) == "7%"
    assert format_percent(0.07, "fr", None) == f"7{NBSP}%"
    assert format_percent(Fraction(1, 3), "fr", 2) == f"33,33{NBSP}%"
    assert format_number(Fraction(2, 3), "fr", 3) == "0,667"
    assert format_number(Decimal("0.501575"), "fr") == "0,501575"


def test_non_finite():
    assert format_number(float("inf"), "en") == "inf"
    assert format_number(float("nan"), "en") == "nan"
    assert format_number(float("-inf"), "fr") == "-∞"
    assert format_percent(float("nan"), "fr") == f"NaN{NBSP}%"


def test_language_tags_and_refusals():
    assert format_number(1000, "fr-CA") == format_number(1000, "fr_FR.UTF-8") == f"1{NNBSP}000"
    with pytest.raises(ValueError, match="'de'.*en, fr"):
        format_number(1, "de")
    with pytest.raises(TypeError, match="value: expected a number"):
        format_number("1000", "fr")
    with pytest.raises(TypeError, match="fraction: expected a number"):
        format_percent(True, "fr")
    with pytest.raises(ValueError, match="digits"):
        format_number(1.5, "fr", -1)


def test_every_language_with_catalogs_has_its_number_conventions():
    """A language added to the catalogs needs its CLDR number symbols here too."""
    assert set(messages.LANGUAGES) <= set(numbers.CONVENTIONS)


def test_the_table_is_the_locale_s():
    for lang, rules in numbers.CONVENTIONS.items():
        symbols = Locale.parse(lang).number_symbols["latn"]
        assert (rules.decimal, rules.group) == (symbols["decimal"], symbols["group"])
        assert rules.minus == symbols["minusSign"]
        if lang != "en":  # English keeps Python's inf and nan (test_non_finite)
            assert (rules.infinity, rules.nan) == (symbols["infinity"], symbols["nan"])


@pytest.mark.parametrize("spec", ["", ",", ".1f", "8.1f", ",.0f", "7.2%", ".0%", ">6", "<8.2f",
                                  "+.3f", "08.2f", "^9,.1f", "e", ".3g", "d", "x"])
def test_format_as_in_english_is_python_s_format(spec):
    for value in (0, 7, 1234567, -42, 0.953, 1234.5678, -0.5, 12.0):
        if spec in ("d", "x") and isinstance(value, float):
            continue
        assert numbers.format_as(value, spec, "en") == format(value, spec)


def test_format_as_in_french():
    assert numbers.format_as(0.953, "7.2%", "fr") == f"95,30{NBSP}%"
    assert numbers.format_as(0.5, "7.2%", "fr") == f"50,00{NBSP}%"
    assert numbers.format_as(12.34, "8.1f", "fr") == "    12,3"  # padded to the same width
    assert numbers.format_as(1234567, ",", "fr") == f"1{NNBSP}234{NNBSP}567"
    assert numbers.format_as(123456, "", "fr") == "123456"  # grouped only where English groups
    assert numbers.format_as(-3.5, "08.2f", "fr") == "-0003,50"
    assert numbers.format_as(1234.5, "<10,.1f", "fr") == f"1{NNBSP}234,5   "
    assert numbers.format_as(255, "x", "fr") == "ff"
    assert numbers.format_as("red", "<6", "fr") == "red   "
    assert numbers.format_as(True, "", "fr") == "True"
    # the digits agree with Babel's for the same spec
    assert numbers.format_as(0.953, ".1%", "fr") == babel_numbers.format_percent(
        Decimal("0.953"), format=babel_pattern("fr", "percent", 1), locale="fr")


def test_numbers_formats_a_whole_sentence():
    template = "{rate:.1%} of {games:,} games, seed {seed}, mean {mean}"
    values = dict(rate=0.953, games=12000, seed=123456, mean=2.5)
    assert numbers.Numbers("en").format(template, **values) == template.format(**values)
    assert numbers.Numbers("fr").format(template, **values) == (
        f"95,3{NBSP}% of 12{NNBSP}000 games, seed 123456, mean 2,5")
    with pytest.raises(ValueError, match="'xx'"):
        numbers.Numbers("xx")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("digits", [0, 1, 2])
def test_points_are_the_percentage_with_its_word_in_cldrs_plural_form(lang, digits):
    from sorry_widget.core.numbers import POINT_WORDS, format_points

    one, other = POINT_WORDS[lang]
    space = NBSP if lang == "fr" else " "
    for value in [v / 100 for v in sample_values(200)] + [0.01, -0.01, 0.015, 0.0199, 0.02]:
        text = format_points(value, lang, digits, signed=True)
        number, _, word = text.rpartition(space)
        written = format_percent(abs(value), lang, digits)[:-len(numbers.conventions(
            lang).percent_suffix)]
        zero = not written.strip("0.," + NNBSP)
        sign = "" if zero else "-" if value < 0 else "+"
        assert number == sign + written, (value, text)
        # The word's form: CLDR's plural category of the number as written (Babel's rule).
        plain = Decimal(format(abs(value) * 100, f".{digits}f"))
        assert word == (one if Locale.parse(lang).plural_form(plain) == "one" else other), text
    assert format_points(0.169, "en") == "16.9 points" and format_points(0.01, "en", 0) == \
        "1 point"
    assert format_points(-0.012, "fr", 1, True) == f"-1,2{NBSP}point"
    assert format_points(0.169, "fr", 1, True) == f"+16,9{NBSP}points"
