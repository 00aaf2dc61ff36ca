"""Explanations, refusals and notices as data: a message id with its parameters, turned into
words in one place, :func:`render`, in the language asked for.

The rules code never writes a sentence. It builds ``Message("board.forward", player="red",
card=5, …, rules="C13")`` and whoever shows it asks for ``message.text()`` (English) or
``message.text("fr")``. Each game package registers its templates and the kinds of value its
templates name (a colour, a card, a place) with :func:`register`; a template is
:meth:`str.format` text whose fields may carry a kind, e.g. ``"{player:colour}'s {card:card}
moves"``. Parameters are language-neutral data (colour ids, card numbers, square numbers, nested
messages), so a translation is a second table of templates and kinds, never a change to the
rules.

Field specs (after the colon), applied left to right and joined by ``|``:

- a kind registered for the message's domain or for every domain: ``colour``, ``card``, …;
- ``cap``: the first letter in capitals;
- a kind with words in brackets, which it is given: ``count(square)``, the number and the words
  that agree with it, ``"1 square"``, ``"5 squares"`` (:func:`sorry_widget.core.words.counted`:
  a plural entry of the ``words`` catalog, its form picked by the language's plural rule);
- ``and``: a list rendered item by item and joined as the language joins lists (``a, b and c``);
- ``clauses``: a list rendered and each put after ``", "`` (empty list: nothing);
- ``sentences``: a list rendered and each put after a space (empty list: nothing);
- ``rules``: rule ids (a string or a list) joined with ``", "``.

Numbers: a language other than English writes a fraction (a float) with its own decimal sign,
the same digits as the English (``0.5`` -> ``0,5``); a kind that formats a number, such as the
widgets' ``grouped`` or ``percent``, formats it with :func:`sorry_widget.core.numbers.format_as`
in the message's language. A whole number is written as the English writes it (``1000``: a
seed or a year must not be split), unless its template gives it a kind.

A nested :class:`Message` renders in the same language. A message's rule ids
(:meth:`Message.rule_ids`) are those of every parameter named ``rules``, nested ones included.

Translations. English lives in the Python tables (its templates are the catalogs' msgids); every
other language lives in gettext catalogs inside the package,
``sorry_widget/locale/<language>/LC_MESSAGES/<domain>.mo`` compiled from the ``.po`` beside it
(``msgctxt`` = the message id, ``msgid`` = the English template, ``msgstr`` = the translation),
read with the standard library's :mod:`gettext` (``gettext.translation`` and its ``pgettext``
/ ``npgettext``) when a message is first rendered in that language. A language is in
:data:`LANGUAGES` when its folder exists; a message it lacks falls back to English. Words that
are not whole messages (colour names, card names, "and") are looked up with :func:`word` in the
``words`` catalog. docs/translating.md says how to add a language.

A catalog is data from outside the code, so it is not trusted to run: a missing or damaged
``.mo`` (bad magic number, truncated, empty) leaves that domain in English with one
:class:`CatalogWarning`, and a translation may name only its English template's own fields, each
as the English writes it with this module's specs — no attribute or index access of its own
(``{player.__class__}``) or conversion (``!r``) — or that message is shown from its English
template (warned once).
"""

from __future__ import annotations

import gettext
import re
import string
import struct
import warnings
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from .numbers import Numbers, format_as

DEFAULT_LANGUAGE = "en"
#: Where the catalogs are: ``locale/<language>/LC_MESSAGES/<domain>.po`` and ``.mo``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def _catalog_languages() -> tuple[str, ...]:
    try:
        found = sorted(p.name for p in LOCALE_DIR.iterdir()
                       if (p / "LC_MESSAGES").is_dir() and p.name != DEFAULT_LANGUAGE)
    except OSError:  # no locale folder (a stripped install): English only
        found = []
    return (DEFAULT_LANGUAGE, *found)


#: The languages a message can be rendered in: English, and each language with catalogs.
LANGUAGES: tuple[str, ...] = _catalog_languages()

#: domain -> language -> message id -> template
_TEMPLATES: dict[str, dict[str, dict[str, str]]] = {}
#: domain ("" for every domain) -> language -> kind -> function(value, language) -> str
_KINDS: dict[str, dict[str, dict[str, Callable[[Any, str], str]]]] = {}

_SPEC_ITEM = re.compile(r"^([a-z_]+)(?:\((.*)\))?$")


class Message:
    """A message id with its parameters; immutable and comparable, rendered by :meth:`text`.

    ``Message("board.forward", player="red", steps=5, rules="C13")``. The id's first part, up to
    the first dot, is its domain: the package that registered its template."""

    __slots__ = ("id", "params")

    def __init__(self, id: str, /, **params: Any) -> None:
        if "." not in id:
            raise ValueError(f"message id {id!r} has no domain (e.g. 'board.forward')")
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "params", dict(params))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Message is immutable")

    @property
    def domain(self) -> str:
        return self.id.split(".", 1)[0]

    def text(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The message in words (:func:`render`)."""
        return render(self, language)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Message({self.id!r}{args})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and self.id == other.id
                and self.params == other.params)

    def __hash__(self) -> int:
        return hash(self.id)

    def rule_ids(self) -> tuple[str, ...]:
        """The rule ids this message cites, in order, each once: ``("C8", "C3", "C4")``."""
        found: list[str] = []
        _collect_rules(self, found)
        return tuple(dict.fromkeys(found))

    def ids(self) -> tuple[str, ...]:
        """This message's id and those of the messages nested in it, depth first."""
        out = [self.id]
        for value in self.params.values():
            for item in value if isinstance(value, (list, tuple)) else (value,):
                if isinstance(item, Message):
                    out.extend(item.ids())
        return tuple(out)

    def to_dict(self) -> dict:
        """JSON-ready: ``{"id": …, "params": {…}}`` with nested messages as dicts too."""
        return {"id": self.id, "params": {k: _json_value(v) for k, v in self.params.items()}}


def _json_value(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        return [_json_value(v) for v in value]
    return value


def _collect_rules(value: Any, found: list[str], name: str = "") -> None:
    if isinstance(value, Message):
        for key, item in value.params.items():
            _collect_rules(item, found, key)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _collect_rules(item, found, name)
    elif name == "rules" and isinstance(value, str):
        found.extend(r.strip() for r in value.split(",") if r.strip())


def register(domain: str, language: str, templates: Mapping[str, str] = (),
             kinds: Mapping[str, Callable[[Any, str], str]] = ()) -> None:
    """Add a domain's templates (ids without the domain, e.g. ``"forward"`` for
    ``"board.forward"``) and kinds of value in one language. ``domain=""`` with only kinds adds
    kinds every domain may use. Registering an id twice with another text is an error."""
    table = _TEMPLATES.setdefault(domain, {}).setdefault(language, {})
    for key, template in dict(templates).items():
        if table.get(key, template) != template:
            raise ValueError(f"message {domain}.{key} ({language}) registered twice")
        table[key] = template
    _KINDS.setdefault(domain, {}).setdefault(language, {}).update(dict(kinds))


class CatalogWarning(UserWarning):
    """A catalog could not be read, or a translation was refused: English is shown instead."""


#: What reading a damaged ``.mo`` raises: gettext's own checks ("Bad magic number", "File is
#: corrupt"), a truncated file (struct.error), bad text or header (UnicodeError, ValueError,
#: LookupError for an unknown charset), a plural rule too deep to parse.
_DAMAGED = (OSError, ValueError, LookupError, struct.error, RecursionError)

#: (domain, language) -> the catalog, read once, when first needed
_TRANSLATIONS: dict[tuple[str, str], gettext.NullTranslations] = {}
#: What has been warned about (each missing catalog, damaged catalog or refused translation once)
_WARNED: set[tuple[str, ...]] = set()


def _warn_once(key: tuple[str, ...], text: str) -> None:
    if key not in _WARNED:
        _WARNED.add(key)
        warnings.warn(text, CatalogWarning, stacklevel=3)


class _Untranslated(str):
    """An English text that a catalog does not translate (so a caller can tell it apart)."""


class _MarkUntranslated(gettext.NullTranslations):
    """The last fallback of every catalog: what it lacks comes back marked."""

    def pgettext(self, context: str, message: str) -> str:
        return _Untranslated(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return _Untranslated(msgid1 if n == 1 else msgid2)


def translations(domain: str, language: str) -> gettext.NullTranslations:
    """A language's catalog of a domain, with gettext's public API (``pgettext``,
    ``npgettext``): what it lacks comes back in English. English, a missing catalog (warned
    once) and a damaged one (warned once) translate nothing."""
    key = (domain, language)
    found = _TRANSLATIONS.get(key)
    if found is None:
        found = _read_translations(domain, language)
        found.add_fallback(_MarkUntranslated())
        _TRANSLATIONS[key] = found
    return found


def _read_translations(domain: str, language: str) -> gettext.NullTranslations:
    if language == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.mo"
    try:
        return gettext.translation(domain, LOCALE_DIR, languages=[language])
    except FileNotFoundError:
        _warn_once(("missing", domain, language),
                   f"no {language} catalog {path}: its {domain} texts are shown in English")
    except _DAMAGED as error:
        _warn_once(("damaged", domain, language),
                   f"the {language} catalog {path} cannot be read ({error or type(error).__name__}"
                   f"): its {domain} texts are shown in English")
    return gettext.NullTranslations()


def fits(translation: str, english: str) -> bool:
    """Whether a translation may stand for its English: it parses as str.format text and each
    of its fields is one the English has, written as the English writes it (so no
    ``.attribute`` or ``[index]`` of its own, no conversion such as ``!r`` unless the English
    has it there), its spec made of this module's spec items."""
    try:
        own = {(name, conversion) for _, name, _, conversion in string.Formatter().parse(english)
               if name}
        theirs = list(string.Formatter().parse(translation))
    except ValueError:
        return False
    for _, name, spec, conversion in theirs:
        if name is None:
            continue
        if (name, conversion) not in own:
            return False
        if spec and not all(_SPEC_ITEM.match(item) and "{" not in item
                            for item in spec.split("|")):
            return False
    return True


def translation_or_none(text: str, english: str, where: tuple[str, ...],
                        rule: Callable[[str, str], bool] = fits) -> str | None:
    """``text`` from a catalog if it is a translation that ``rule`` (:func:`fits`) lets stand
    for its English, else None (a refused one is warned about once)."""
    if isinstance(text, _Untranslated):
        return None
    if not rule(text, english):
        _warn_once(("refused",) + where,
                   f"the translation of {'/'.join(where)} uses fields its English does not "
                   f"have, or in a way it may not: shown in English ({text!r})")
        return None
    return text


def word(english: str, language: str = DEFAULT_LANGUAGE, context: str | None = None,
         **values: Any) -> str:
    """A word or short text that is not a whole message (a colour, a card's name, a button's
    label) in a language, from the ``words`` catalog (``msgctxt`` = ``context`` or the English
    itself), its ``{fields}`` filled from ``values`` when there are any; English, or a missing
    or refused entry, gives ``english``."""
    text = english
    if language != DEFAULT_LANGUAGE:
        context = context or english
        found = translations("words", language).pgettext(context, english)
        text = translation_or_none(found, english, ("words", language, context)) or english
        if values:  # its numbers in the language's way, as a message's (core/numbers.py)
            return Numbers(language).vformat(text, (), values)
    return text.format(**values) if values else text


def check_language(language: str) -> str:
    """``language`` if a message can be rendered in it, else a ValueError naming the choices."""
    if language not in LANGUAGES:
        raise ValueError(f"language: {language!r} is not one of {', '.join(LANGUAGES)}")
    return language


def best_language(tag: str | None) -> str:
    """The language to show for a page's or a system's language tag ("fr-CA", "fr_FR.UTF-8",
    "en-US", "" …): its first part if it is one of :data:`LANGUAGES`, else English."""
    first = re.split(r"[-_.@]", (tag or "").strip().lower(), maxsplit=1)[0]
    return first if first in LANGUAGES else DEFAULT_LANGUAGE


def template(message_id: str, language: str = DEFAULT_LANGUAGE) -> str | None:
    """The template of a message id in a language, or None where it has none. Another
    language's templates come from its catalog the first time one is asked for."""
    domain, _, key = message_id.partition(".")
    by_language = _TEMPLATES.get(domain, {})
    found = by_language.get(language, {}).get(key)
    english = by_language.get(DEFAULT_LANGUAGE, {}).get(key)
    if found is None and language != DEFAULT_LANGUAGE and english is not None:
        text = translations(domain, language).pgettext(message_id, english)
        found = translation_or_none(text, english, (domain, language, message_id))
    return found


def message_ids(domain: str | None = None) -> list[str]:
    """Every registered message id (in English), of one domain or of all."""
    return sorted(f"{d}.{key}" for d, by_language in _TEMPLATES.items()
                  if domain in (None, d) for key in by_language.get(DEFAULT_LANGUAGE, {}))


def render(message: Message | str, language: str = DEFAULT_LANGUAGE) -> str:
    """A message in words. A plain string is returned as it is (text that is already words,
    such as a player's name). A language without this message's template falls back to
    English; an unknown language is an error."""
    if not isinstance(message, Message):
        return str(message)
    check_language(language)
    text = template(message.id, language)
    if text is None:
        text = template(message.id, DEFAULT_LANGUAGE)
        language_used = DEFAULT_LANGUAGE
    else:
        language_used = language
    if text is None:
        raise KeyError(f"message {message.id!r} has no template")
    if language_used != DEFAULT_LANGUAGE:
        try:
            return _Words(message.domain, language_used).vformat(text, (), message.params)
        except (KeyError, ValueError, TypeError, IndexError) as error:
            # A translation naming a kind or a spec that does not exist: this message in English.
            _warn_once(("failed", message.domain, language_used, message.id),
                       f"the {language_used} translation of {message.id} cannot be shown "
                       f"({error!r}): shown in English")
            language_used = DEFAULT_LANGUAGE
            text = template(message.id, DEFAULT_LANGUAGE)
    # A fallback renders its whole sentence, nested parts included, in English.
    return _Words(message.domain, language_used).vformat(text, (), message.params)


def _kind(domain: str, language: str, name: str) -> Callable[[Any, str], str] | None:
    for where in (domain, ""):
        by_language = _KINDS.get(where, {})
        for lang in (language, DEFAULT_LANGUAGE):
            fn = by_language.get(lang, {}).get(name)
            if fn is not None:
                return fn
    return None


def and_list(items: list[str], language: str = DEFAULT_LANGUAGE) -> str:
    """ "a", "a and b", "a, b and c" in the language's words."""
    kind = _kind("", language, "and_word")
    conjunction = kind(None, language) if kind else word("and", language)
    if not items:
        return ""
    return items[0] if len(items) == 1 else \
        ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


class _Words(string.Formatter):
    """str.format with the field specs of this module's docstring."""

    def __init__(self, domain: str, language: str) -> None:
        self.domain = domain
        self.language = language

    def _words(self, value: Any) -> str:
        if isinstance(value, Message):
            return render(value, self.language)
        if isinstance(value, float) and self.language != DEFAULT_LANGUAGE:
            # The digits the English writes, with the language's decimal sign: "0,5".
            return format_as(value, "", self.language)
        return str(value)

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec:
            return self._words(value)
        for item in format_spec.split("|"):
            match = _SPEC_ITEM.match(item)
            if not match:
                raise ValueError(f"bad field spec {item!r}")
            name, args = match.groups()
            value = self._apply(name, args, value)
        return self._words(value)

    def _apply(self, name: str, args: str | None, value: Any) -> Any:
        if name == "cap":
            text = self._words(value)
            return text[:1].upper() + text[1:]
        if name == "and":
            return and_list([self._words(v) for v in _as_list(value)], self.language)
        if name == "clauses":
            return "".join(", " + self._words(v) for v in _as_list(value))
        if name == "sentences":
            return "".join(" " + self._words(v) for v in _as_list(value))
        if name == "rules":
            return ", ".join(_as_list(value))
        fn = _kind(self.domain, self.language, name)
        if fn is None:
            raise KeyError(f"no kind {name!r} for {self.domain} messages")
        # A kind with words in brackets gets them too: count(square).
        return fn(value, self.language) if args is None else fn(value, self.language, args)


def _as_list(value: Any) -> list:
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, str) and "," in value:
        return [v.strip() for v in value.split(",")]
    return [value]


def texts(messages: Iterable[Message | str], language: str = DEFAULT_LANGUAGE) -> list[str]:
    """Each message in words."""
    return [render(m, language) for m in messages]


def explanation_in(item: Any, language: str = DEFAULT_LANGUAGE) -> str:
    """What a move, a card game action or a play says it does, in a language: its own
    ``explanation_in(language)`` if it has one, else its explanation (a :class:`Message`, or
    words already, shown as they are)."""
    method = getattr(item, "explanation_in", None)
    if callable(method):
        return method(language)
    for name in ("explanation_message", "message"):
        value = getattr(item, name, None)
        if isinstance(value, Message):
            return render(value, language)
    return render(getattr(item, "explanation", item), language)


def rule_entry(rule_id: str, part: str, english: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A rule's ``title``, ``text`` or ``summary`` in a language, from the ``rules`` catalog
    (English, or a missing entry, gives ``english``)."""
    if language == DEFAULT_LANGUAGE or not english:
        return english
    context = f"{rule_id}.{part}"
    found = translations("rules", language).pgettext(context, english)
    return translation_or_none(found, english, ("rules", language, context)) or english
