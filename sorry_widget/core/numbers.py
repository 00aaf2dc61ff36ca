"""Numbers written the way a language writes them: ``1,000`` and ``0.5`` in English, ``1 000``
and ``0,5`` in French, ``95.3%`` and ``95,3 %``.

The conventions are the Unicode CLDR's (the locale data that Babel, ICU and the browsers'
``Intl.NumberFormat`` carry), for the languages the project speaks, in :data:`CONVENTIONS`:
the decimal sign, the group separator (French: U+202F NARROW NO-BREAK SPACE), the minus sign
and where the percent sign goes (French: after U+00A0 NO-BREAK SPACE, CLDR's ``#,##0 %``).
Both languages group by threes from the first thousand. The table is copied from CLDR rather
than read from Babel at run time because Babel is not in Pyodide and its wheel (11 MB, nearly
all locale data) would half again the size of the offline JupyterLite site for two lines of
data; tests/test_numbers.py checks the table against Babel's own ``format_decimal`` and
``format_percent`` for many values, so the table and the locale data cannot drift apart
unseen (docs/translating.md).

The digits themselves (how many decimals, how a value is rounded) are Python's format
specification: English output is exactly what ``f"{value:,}"``, ``f"{value:,.2f}"`` or
``f"{fraction:.1%}"`` print, which is what the project printed before it spoke French, and
another language changes only the symbols. Standard library only (it runs in Pyodide).
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Real

__all__ = ["CONVENTIONS", "NumberConventions", "Numbers", "format_as", "format_number",
           "format_percent", "format_points"]


@dataclass(frozen=True)
class NumberConventions:
    """How one language writes a number (CLDR's number symbols and patterns, Latin digits)."""

    decimal: str
    group: str
    minus: str
    #: text before and after the digits of a percentage (CLDR's percent pattern)
    percent_prefix: str
    percent_suffix: str
    #: how a non-finite number is written; English keeps Python's own ``inf`` and ``nan``
    infinity: str
    nan: str


#: language -> its conventions. English: CLDR "en" (``#,##0.###``, ``#,##0%``); French: CLDR
#: "fr" (``#,##0.###`` with U+202F for the group, ``#,##0 %`` with U+00A0 before the sign).
CONVENTIONS: dict[str, NumberConventions] = {
    "en": NumberConventions(decimal=".", group=",", minus="-", percent_prefix="",
                            percent_suffix="%", infinity="inf", nan="nan"),
    "fr": NumberConventions(decimal=",", group="\u202f", minus="-", percent_prefix="",
                            percent_suffix="\u00a0%", infinity="∞", nan="NaN"),
}


def conventions(lang: str) -> NumberConventions:
    """A language's conventions; a tag with a region or encoding ("fr-CA", "fr_FR.UTF-8")
    uses its language's. An unknown language is a ValueError naming the known ones."""
    if not isinstance(lang, str):
        raise TypeError(f"lang: expected a language such as 'en' or 'fr', got {lang!r}")
    found = CONVENTIONS.get(lang)
    if found is None:
        first = lang.strip().lower().replace("_", "-").split("-")[0].split(".")[0]
        found = CONVENTIONS.get(first)
    if found is None:
        raise ValueError(f"lang: {lang!r} is not one of {', '.join(CONVENTIONS)}")
    return found


def _checked_number(value: object, name: str) -> Real | Decimal:
    # bool is an int to Python, but True is not a number a sentence should print as 1.
    if isinstance(value, bool) or not isinstance(value, (Real, Decimal)):
        raise TypeError(f"{name}: expected a number, got {value!r}")
    return value


def _checked_digits(digits: object) -> int | None:
    if digits is None:
        return None
    if isinstance(digits, bool) or not isinstance(digits, int) or not 0 <= digits <= 20:
        raise ValueError(f"digits: expected None or a whole number from 0 to 20, got {digits!r}")
    return digits


def _localised(english: str, rules: NumberConventions) -> str:
    """An English-formatted number (``-1,234.5``) in another language's symbols."""
    if rules is CONVENTIONS["en"]:
        return english
    return english.translate({ord(","): rules.group, ord("."): rules.decimal,
                              ord("-"): rules.minus})


def _non_finite(value: float, rules: NumberConventions) -> str:
    if math.isnan(value):
        return rules.nan
    return (rules.minus if value < 0 else "") + rules.infinity


def _english(value: Real | Decimal, digits: int | None) -> str:
    """The number as Python's format spec writes it with grouping, in English symbols."""
    if digits is not None:
        if isinstance(value, Fraction):
            # Exact, and rounded half to even as format() rounds a float's exact value.
            value = Decimal(value.numerator) / Decimal(value.denominator)
            return format(value.quantize(Decimal(1).scaleb(-digits)), ",f")
        return format(value if isinstance(value, Decimal) else float(value)
                      if not isinstance(value, int) else value, f",.{digits}f")
    if isinstance(value, int):
        return format(value, ",")
    if isinstance(value, Fraction):
        value = float(value)
    if isinstance(value, float) and 1e-4 <= abs(value) < 1e16 or value == 0:
        return format(value, ",")
    # Python would switch to an exponent (1e-05, 1e+16); a sentence writes the digits.
    exact = value if isinstance(value, Decimal) else Decimal(repr(float(value)))
    return format(exact, ",f")


def format_number(value: Real | Decimal, lang: str = "en", digits: int | None = None) -> str:
    """A number as ``lang`` writes it: ``1000`` -> ``"1,000"`` / ``"1 000"`` (U+202F),
    ``0.5`` -> ``"0.5"`` / ``"0,5"``.

    ``digits``: that many decimals, rounded as Python's format rounds (``f"{value:,.2f}"``);
    None writes a whole number whole and a fraction with the fewest digits that give it back
    (``f"{value:,}"``; 0.1 + 0.2 is 0.30000000000000004), never with an exponent."""
    value = _checked_number(value, "value")
    digits = _checked_digits(digits)
    rules = conventions(lang)
    if isinstance(value, (float, Decimal)) and not math.isfinite(value):
        return _non_finite(float(value), rules)
    return _localised(_english(value, digits), rules)


def format_percent(fraction: Real | Decimal, lang: str = "en", digits: int | None = 1) -> str:
    """A fraction as a percentage in ``lang``: ``0.953`` -> ``"95.3%"`` / ``"95,3 %"``
    (U+00A0 before the sign, as CLDR writes French).

    ``digits``: decimals of the percentage, rounded as ``f"{fraction:.1%}"`` rounds (the same
    text in English, grouped from 1,000%); None writes the exact hundredfold of the fraction as
    written (0.07 -> ``"7%"``, not 7.000000000000001)."""
    fraction = _checked_number(fraction, "fraction")
    digits = _checked_digits(digits)
    rules = conventions(lang)
    if isinstance(fraction, (float, Decimal)) and not math.isfinite(fraction):
        body = _non_finite(float(fraction), rules)
    elif digits is not None and not isinstance(fraction, Fraction):
        body = _localised(format(fraction if isinstance(fraction, Decimal) else float(fraction),
                                 f",.{digits}%")[:-1], rules)
    else:
        if isinstance(fraction, Fraction):
            hundredfold = Fraction(fraction) * 100
        else:
            exact = fraction if isinstance(fraction, Decimal) else Decimal(
                repr(fraction) if isinstance(fraction, (int, float)) else repr(float(fraction)))
            hundredfold = (exact * 100).normalize()
        body = format_number(hundredfold, lang, digits)
    return rules.percent_prefix + body + rules.percent_suffix


#: How each language names a percentage point, (singular, plural): a difference of two chances
#: (a card's luck, a move's error) is written in points, a chance itself in percent.
POINT_WORDS: dict[str, tuple[str, str]] = {"en": ("point", "points"), "fr": ("point", "points")}


def _one(number: str, lang: str) -> bool:
    """Whether a number as written (English symbols, no sign) takes the singular: CLDR's
    cardinal rule for decimals, the one Babel's ``plural_form`` and the browsers'
    ``Intl.PluralRules`` apply (English: exactly "1"; French: an integer part of 0 or 1, so
    "1,5 point", "0,0 point", "2,0 points")."""
    whole, _, decimals = number.replace(",", "").partition(".")
    if lang == "fr":
        return int(whole) in (0, 1)
    return whole == "1" and not decimals


def format_points(difference: Real | Decimal, lang: str = "en", digits: int = 1,
                  signed: bool = False) -> str:
    """A difference of two chances (fractions) in percentage points: ``0.169`` -> ``"16.9
    points"`` / ``"16,9\u00a0points"`` (French: a no-break space, as before its ``%``);
    ``signed`` writes ``+`` before a positive difference. The word's form follows CLDR's plural
    rule for the number as written ("1 point", "1.0 points"; "1,5 point")."""
    difference = _checked_number(difference, "difference")
    digits = _checked_digits(digits)
    if digits is None:
        raise ValueError("digits: expected a whole number from 0 to 20, got None")
    rules = conventions(lang)
    language = next(name for name, known in CONVENTIONS.items() if known is rules)
    english = format(abs(float(difference)) * 100, f",.{digits}f")
    zero = not english.strip("0.,")
    # (a difference that rounds to zero is written without a sign: "0.0", never "-0.0")
    sign = "" if zero else "-" if float(difference) < 0 else "+" if signed else ""
    one, other = POINT_WORDS[language]
    space = "\u00a0" if language == "fr" else " "
    return (_localised(sign + english, rules) + space
            + (one if _one(english, language) else other))


#: Python's format specification: [[fill]align][sign][z][#][0][width][grouping][.precision][type]
_SPEC = re.compile(r"(?:(?P<fill>.)?(?P<align>[<>=^]))?(?P<sign>[-+ ])?(?P<z>z)?(?P<alt>#)?"
                   r"(?P<zero>0)?(?P<width>\d+)?(?P<grouping>[,_])?(?:\.(?P<precision>\d+))?"
                   r"(?P<type>[bcdeEfFgGnosxX%])?", re.DOTALL)
#: The types that write a number in decimal digits, which a language's symbols apply to.
_DECIMAL_TYPES = {None, "d", "e", "E", "f", "F", "g", "G", "%"}


def format_as(value: object, spec: str = "", lang: str = "en") -> str:
    """``format(value, spec)`` in ``lang``'s way of writing numbers: the same digits, rounded
    the same way, with the language's decimal sign and percent sign, grouped by thousands where
    the spec groups (``","``). English is exactly ``format(value, spec)``, so a sentence
    formatted with ``"{rate:7.2%}"`` keeps its English; French writes ``"95,30 %"``, padded to
    the spec's width as the English is. A value that is not a number (text, a bool), or a
    spec that does not write decimal digits (``"x"``, ``"c"``), is formatted as Python does."""
    rules = conventions(lang)
    english = format(value, spec)
    if rules is CONVENTIONS["en"] or isinstance(value, bool) or not isinstance(
            value, (Real, Decimal)):
        return english
    parts = _SPEC.fullmatch(spec)
    if parts is None or parts["type"] not in _DECIMAL_TYPES or parts["grouping"] == "_":
        return english
    if isinstance(value, (float, Decimal)) and not math.isfinite(value):
        body = _non_finite(float(value), rules)
        if parts["type"] == "%":
            body = rules.percent_prefix + body + rules.percent_suffix
    else:
        inner = "".join(parts[name] or "" for name in ("sign", "z", "alt", "grouping"))
        inner += f".{parts['precision']}" if parts["precision"] else ""
        inner += parts["type"] or ""
        body = format(value, inner)
        if parts["type"] == "%":
            body = rules.percent_prefix + _localised(body[:-1], rules) + rules.percent_suffix
        else:
            body = _localised(body, rules)
    width = int(parts["width"] or 0)
    if len(body) >= width:
        return body
    fill = parts["fill"] or ("0" if parts["zero"] and not parts["align"] else " ")
    align = parts["align"] or ("=" if parts["zero"] else ">")
    if align == "=":  # the padding goes between the sign and the digits
        sign = body[:1] if body[:1] in "+- " and len(body) > 1 else ""
        return sign + fill * (width - len(body)) + body[len(sign):]
    return format(body, f"{fill}{align}{width}")


class Numbers(string.Formatter):
    """:meth:`str.format` whose numbers are written in a language's way (:func:`format_as`):
    ``Numbers("fr").format("{rate:.1%} of {games:,} games", rate=0.953, games=1000)`` is
    ``"95,3 % of 1 000 games"``; in English it is exactly what ``str.format`` gives."""

    def __init__(self, lang: str = "en") -> None:
        conventions(lang)
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        return format_as(value, format_spec, self.lang)
