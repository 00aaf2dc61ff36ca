"""The command line's own sentences (help texts, refusals, notices, reports) through gettext,
marked where they are used, as humanize does: ``_("…")``, ``ngettext("…", "…", n)``, and
``N_("…")`` for a text kept in a constant and translated where it is shown. They are the ``cli``
domain of the catalogs (sorry_widget/locale/<language>/LC_MESSAGES/cli.po), which
scripts/update_catalogs.py collects from this package with Babel's Python extractor.

The language is the command's ``--lang`` (set by ``main`` for the run), else English, whose
texts are the English written here, unchanged. Each entry's ``msgctxt`` is its English, as for
the words of core/messages.py's :func:`~sorry_widget.core.messages.word`.

In another language a sentence is a :class:`Sentence`, whose ``.format()`` writes its numbers
in that language's way (core/numbers.py): ``{rate:7.2%}`` is ``95,30 %``, ``{size:,}`` is
``1 000``; English sentences are plain ``str``, formatted as they always were."""

from __future__ import annotations

import string
from collections.abc import Sequence

from ..core.messages import DEFAULT_LANGUAGE, LANGUAGES, translation_or_none, translations
from ..core.numbers import Numbers

DOMAIN = "cli"
_language = DEFAULT_LANGUAGE


def set_language(language: str | None) -> None:
    """The language of the CLI's sentences from now on (English for None or an unknown one)."""
    global _language
    _language = language if language in LANGUAGES else DEFAULT_LANGUAGE


def language() -> str:
    return _language


def language_asked(argv: Sequence[str]) -> str:
    """The ``--lang`` a command line asks for (``--lang fr`` or ``--lang=fr``, before the
    command or after it), read before argparse so that ``--help`` and argparse's refusals are
    in it: the last one that is a language (a bad one is refused in the one before it), else
    English."""
    found = DEFAULT_LANGUAGE
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in LANGUAGES:
            found = value
    return found


class Sentence(str):
    """A sentence in a language other than English: ``.format()`` fills it as
    :meth:`str.format` does, with its numbers in the language's way
    (:class:`~sorry_widget.core.numbers.Numbers`)."""

    language: str

    def __new__(cls, text: str, language: str) -> Sentence:
        sentence = super().__new__(cls, text)
        sentence.language = language
        return sentence

    def format(self, /, *args, **kwargs) -> str:
        return Numbers(self.language).vformat(self, args, kwargs)


def _(english: str) -> str:
    """One of the CLI's sentences in the current language."""
    if _language == DEFAULT_LANGUAGE:
        return english
    return Sentence(_checked(translations(DOMAIN, _language).pgettext(english, english), english),
                    _language)


def ngettext(singular: str, plural: str, n: int) -> str:
    """A sentence with a count, its form chosen by the language's plural rule."""
    english = singular if n == 1 else plural
    if _language == DEFAULT_LANGUAGE:
        return english
    found = translations(DOMAIN, _language).npgettext(singular, singular, plural, n)
    return Sentence(_checked(found, english, singular), _language)


def _fields(text: str) -> set[tuple[str, str, str | None]]:
    return {(name, spec, conversion) for _text, name, spec, conversion
            in string.Formatter().parse(text) if name is not None}


def fits(translation: str, english: str) -> bool:
    """Whether each ``{field}`` of ``translation`` is one its English has, written the same way
    (name, format spec, conversion). Unlike the messages' rule (core.messages.fits), a CLI
    sentence may carry format specs (``{rate:7.2%}``), since it is filled with str.format."""
    try:
        return _fields(translation) <= _fields(english)
    except ValueError:
        return False


def _checked(translation: str, english: str, key: str | None = None) -> str:
    """``translation`` if it :func:`fits` its English, else the English (a refused one warned
    about once, as every catalog's). A text the catalog lacks comes back as its English."""
    where = (DOMAIN, _language, key or english)
    return translation_or_none(translation, english, where, rule=fits) or english


def N_(english: str) -> str:
    """Marks a text for the catalog where it is written; ``_()`` translates it where shown."""
    return english


#: argparse's own sentences that a user of the command sees (its usage line, help headings,
#: and refusals), marked here so the catalog holds them; argparse fills them with %.
ARGPARSE_TEXTS = (
    N_("usage: "), N_("options"), N_("positional arguments"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("the following arguments are required: %s"),
    N_("expected one argument"), N_("expected at least one argument"),
    N_("expected at most one argument"), N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unrecognized arguments: %s"), N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
)


class argparse_in_language:
    """While open, argparse says its own sentences (``usage:``, ``options``, its refusals) in
    the CLI's current language, from the same catalog; English is argparse's own, unchanged.
    argparse looks its ``_`` up at each call, so it is swapped for the run and put back."""

    def __enter__(self):
        import argparse

        self._module = argparse
        self._saved = argparse._
        english = self._saved
        argparse._ = lambda text: (english(text) if _language == DEFAULT_LANGUAGE
                                   else str(_(text)))
        return self

    def __exit__(self, *exc) -> None:
        self._module._ = self._saved
