"""A count written with the wrong form of its noun ("1 blunders", "1 parties sur 16", "0
gaffes"): English takes the singular after exactly 1, French after 0 and 1. A number written
with decimals ("1.0 points", "1,5 point") is not a count: its form follows CLDR's rule for
decimals (sorry_widget.core.numbers.format_points), so it is left out here."""

from __future__ import annotations

import re

#: Words ending in -s or -x that are not plural nouns, which may follow a bare 0 or 1.
NOT_PLURAL = {
    "en": {"is", "was", "has", "does", "plus", "as", "this", "its", "us", "yes", "less"},
    "fr": {"sur", "dans", "plus", "sous", "pas", "mais", "après", "vers", "fois", "temps", "cas",
           "sans", "très", "dos", "prix", "choix", "deux", "trois", "six", "dix", "voix", "jus",
           "puis", "depuis", "chez", "avec", "des", "les", "ses", "mes", "tes", "aux", "ces"},
}
#: A bare whole number (not part of a decimal, a group or a score like 2-1) and the word after it.
COUNT = re.compile(r"(?<![\d.,\u202f\u00a0/:-])(\d+)[ \u00a0\u202f]([^\W\d_]+)\b")


def wrong_plurals(text: str, lang: str) -> list[str]:
    """Every "1 <plural noun>" (English) or "0/1 <plural noun>" (French) in ``text``."""
    singular = {"en": ("1",), "fr": ("0", "1")}[lang]
    found = []
    for match in COUNT.finditer(text):
        number, word = match.groups()
        if number in singular and word[-1] in "sx" and word.lower() not in NOT_PLURAL[lang]:
            found.append(match.group(0))
    return found
