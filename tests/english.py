"""Spotting English in text that should be French, for the tests (a support module: no tests).

The English vocabulary is every word of the catalogs' English (msgid) that no French
translation (msgstr) uses too: "square", "pawn", "move" are English; "Sorry", "Total", "Points",
"Pause" are French as well and so never count. Words of one or two letters are left out (a
notation's "R", "de", "à"), as are the names a person reads in both languages: rule ids,
strategy names, place notation (``R12-17``, ``safety-3``)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "sorry_widget" / "locale" / "fr" / "LC_MESSAGES"
_WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’]*")
#: Names that are the same in every language (the strategies' and rule sets' ids the CLI shows).
NAMES = {"random", "greedy", "coach", "learned", "human", "sorry", "classic"}


#: Command-line syntax, the same in every language: options and KEY=VALUE examples
#: ("--strategy", "red=greedy", "sorry_forward_4=true"), which a French CLI sentence quotes too.
_SYNTAX = re.compile(r"--[\w-]+|\S+=\S*")


def _words(text: str) -> set[str]:
    out = set()
    for found in _WORD.findall(_SYNTAX.sub(" ", re.sub(r"\{[^{}]*\}", " ", text))):
        for part in re.split(r"['’]", found):
            if len(part) > 2:
                out.add(part.lower())
    return out


@lru_cache(maxsize=1)
def english_vocabulary() -> frozenset[str]:
    from babel.messages.pofile import read_po

    english, french = set(), set()
    for path in LOCALE.glob("*.po"):
        with open(path, "rb") as handle:
            for entry in read_po(handle):
                if not entry.id:
                    continue
                for text in entry.id if isinstance(entry.id, tuple) else (entry.id,):
                    english |= _words(text)
                for text in entry.string if isinstance(entry.string, tuple) else (entry.string,):
                    french |= _words(text or "")
    return frozenset(english - french - NAMES)


def english_words(text: str) -> list[str]:
    """The English words in ``text``, in order, each once."""
    vocabulary = english_vocabulary()
    found = []
    for word in _WORD.findall(text):
        for part in re.split(r"['’]", word):
            if part.lower() in vocabulary and part.lower() not in found:
                found.append(part.lower())
    return found


#: Notation and place keys, the same in every language: R12-17, BS-19, safety-3, red:home, and
#: the card game's "blue play-2 7 10" (a colour, then card ids and numbers only).
_CARD = r"(?:\d+|take-2|switch|play-2|slide-\d+|sorry-back|sorry-steal|dont-be-sorry)"
NOTATION = re.compile(
    r"\b(?:red|blue|yellow|green) " + _CARD + r"(?: (?:" + _CARD + r"|red|blue|yellow|green))*\b"
    r"|\b[RBYG][A-Za-z]*\d*(?:-\d+)*\b|\b[a-z]+:[a-z0-9-]+\b|\bsafety-\d\b")


def english_outside_notation(text: str) -> list[str]:
    """:func:`english_words` of ``text`` once its notation is taken out."""
    return english_words(NOTATION.sub(" ", text))


@lru_cache(maxsize=1)
def english_ui_texts() -> tuple[re.Pattern, ...]:
    """Each English text of the page's and the words' catalogs that French writes otherwise, as
    a pattern a whole text must match (its ``{fields}`` any text): "pass", "discard {card}",
    "0.5×"'s English number apart (:func:`english_on_french_page`). Texts with no word of
    three letters outside their fields are left out ("{colour}", "R")."""
    from babel.messages.pofile import read_po

    found = []
    for name in ("ui.po", "words.po"):
        with open(LOCALE / name, "rb") as handle:
            for entry in read_po(handle):
                ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
                strs = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                for english in ids:
                    if not english or not any(strs) or english in strs or not _words(english):
                        continue
                    parts = re.split(r"\{[^{}]*\}", english.strip())
                    found.append(re.compile(".+?".join(map(re.escape, parts)), re.IGNORECASE))
    return tuple(found)


#: A number written the English way (a decimal point) where French writes a comma: "0.5×".
_ENGLISH_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")


def english_on_french_page(text: str) -> list[str]:
    """What in a text of a French page is English: the text itself where it is one of the
    catalogs' English texts that French writes otherwise (a whole text, or a whole word of
    the notation's: "R pass"), a number with a decimal point, a rule set's id in a sentence
    ("règles classic"), and :func:`english_outside_notation`'s words."""
    from sorry_widget.board.rules import RULE_SETS

    found = []
    pieces = [text.strip(), *NOTATION_HEAD.sub("", text.strip()).split(" · ")]
    for piece in dict.fromkeys(p.strip() for p in pieces if p.strip()):
        if any(pattern.fullmatch(piece) for pattern in english_ui_texts()):
            found.append(piece)
    found += _ENGLISH_DECIMAL.findall(text)
    found += re.findall(rf"(?<![\w-])(?:{'|'.join(map(re.escape, RULE_SETS))})(?![\w-])", text)
    return found + english_outside_notation(text)


#: A move list's item or a notation starting with its player's letter ("R pass", "12 R12-17").
NOTATION_HEAD = re.compile(r"^(?:\d+\s+)?[RBYG]\s+")


#: The page's JavaScript that collects what a person reads or hears in a widget: each visible
#: text, each option of a list, and every accessible name, title and placeholder (the move
#: list's notation items apart: notation is the same in every language; READ_WHOLE_PAGE reads
#: them too, for a board, whose notation has words of its own: "R pass").
READ_PAGE = """(root) => {
  const out = [];
  const shown = (el) => {
    if (el.closest("[hidden]")) return false;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim() || el.closest(".sw-notation, li[data-play]")) continue;
    if (el.tagName === "OPTION" || shown(el)) out.push(node.textContent.trim());
  }
  for (const el of root.querySelectorAll("[aria-label], [title], [placeholder]")) {
    for (const name of ["aria-label", "title", "placeholder"]) {
      const value = el.getAttribute(name);
      if (value) out.push(value);
    }
  }
  return out;
}"""

READ_WHOLE_PAGE = READ_PAGE.replace('el.closest(".sw-notation, li[data-play]")', "false")
assert READ_WHOLE_PAGE != READ_PAGE
