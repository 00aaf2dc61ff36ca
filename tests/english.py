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


#: The page's JavaScript that collects what a person reads or hears in a widget: each visible
#: text, each option of a list, and every accessible name, title and placeholder (the move
#: list's notation items apart: notation is the same in every language).
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
