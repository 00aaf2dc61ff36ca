"""The page's words in a widget's language, from the gettext catalogs: what the ``strings``
trait sends the page, so that the page has no translations of its own and an exported page or the
Lite site shows them offline.

The page's English is its source (js/strings.js, ``UI_ENGLISH``); scripts/update_catalogs.py
copies it into ``ui_strings.json`` beside this module (the package does not carry js/) and into
each language's ``ui.po``. The colours, card names and places the page names come from the
``words`` catalog, as everywhere else, so each is translated once.
"""

from __future__ import annotations

import gettext
import json
from functools import lru_cache
from pathlib import Path

from ..core.messages import DEFAULT_LANGUAGE, fits, translations
from ..core.words import WORDS

#: The page's English, key -> text, or [singular, plural] for a count: written by
#: scripts/update_catalogs.py from js/strings.js.
UI_ENGLISH_FILE = Path(__file__).resolve().parent / "ui_strings.json"
#: The words-catalog entries the page names (colours, cards, places), by their context's start.
PAGE_WORDS = ("colour.", "cardgame.card.", "cardgame.face.", "board.aria.", "board.card.", "and")
#: English's plural rule (gettext's default, when a catalog states none).
ENGLISH_PLURAL = (2, "(n != 1)")


@lru_cache(maxsize=1)
def ui_english() -> dict[str, str | list[str]]:
    return json.loads(UI_ENGLISH_FILE.read_text(encoding="utf-8"))


def plural_rule(catalog: gettext.NullTranslations) -> tuple[int, str]:
    """A catalog's ``(nplurals, plural expression)`` from its header; English's if it has none."""
    header = catalog.info().get("plural-forms", "")
    parts = dict(part.strip().split("=", 1) for part in header.split(";") if "=" in part)
    try:
        return int(parts["nplurals"]), parts["plural"].strip()
    except (KeyError, ValueError):
        return ENGLISH_PLURAL


def _forms(catalog: gettext.NullTranslations, context: str, one: str, many: str,
           rule: tuple[int, str]) -> list[str]:
    """Each plural form of an entry, found by asking for a count that selects it."""
    nplurals, expression = rule
    select = gettext.c2py(expression)
    counts: dict[int, int] = {}
    for n in (*range(0, 201), 1000, 10**6, 10**9):
        counts.setdefault(select(n), n)
    english = (one, many)
    out = []
    for index in range(nplurals):
        n = counts.get(index, 2)
        text = catalog.npgettext(context, one, many, n)
        out.append(text if fits(text, english[min(index, 1)]) else english[min(index, 1)])
    return out


@lru_cache(maxsize=8)
def _page_strings(language: str) -> str:
    ui_catalog = translations("ui", language)
    words_catalog = translations("words", language)
    rule = plural_rule(ui_catalog) if language != DEFAULT_LANGUAGE else ENGLISH_PLURAL
    ui: dict[str, str | list[str]] = {}
    for key, english in ui_english().items():
        if isinstance(english, list):
            ui[key] = _forms(ui_catalog, key, english[0], english[1], rule)
        else:
            text = ui_catalog.pgettext(key, english)
            ui[key] = text if fits(text, english) else english
    words = {}
    for context, english in WORDS.items():
        if context.startswith(PAGE_WORDS):
            text = words_catalog.pgettext(context, english)
            words[context] = text if fits(text, english) else english
    return json.dumps({"language": language, "nplurals": rule[0], "plural": rule[1],
                       "ui": ui, "words": words}, ensure_ascii=False)


def page_strings(language: str) -> dict:
    """What the page is told of its words in ``language``: ``ui`` (key -> text, or a count's
    forms in the language's plural order), ``words`` (context -> text), and the plural rule
    (``nplurals``, ``plural``: gettext's C expression of ``n``) the page picks a form with."""
    return json.loads(_page_strings(language))
