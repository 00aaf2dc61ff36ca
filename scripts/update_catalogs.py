"""Brings every translation catalog up to date with the English, then builds what is made from
the catalogs (scripts/build_catalogs.py):

    .venv/bin/python scripts/update_catalogs.py

For each language folder in sorry_widget/locale/ (``fr``, or a new ``es`` you created) and each
domain, it writes ``<domain>.po`` with one entry per English text — ``msgctxt`` the message id
(or rule, word, UI key), ``msgid`` the English, ``msgstr`` the translation kept from the old file
— which scripts/build_catalogs.py compiles to ``<domain>.mo``, which the package reads with the
standard library's gettext. An entry whose English changed is marked ``#, fuzzy`` (and left out
of the ``.mo``) until a translator checks it. Where the English comes from:

- ``board``, ``cardgame``, ``widget``, ``coach``: the message tables (sorry_widget/*/messages.py,
  the coach's verdicts in sorry_widget/simulation/coach.py);
- ``rules``: each rule's title, full text and one-line summary (sorry_widget/*/rulebook.py); the
  titles and texts of a language are read from its docs pages, docs/<language>/rules.md and
  docs/<language>/cardgame.md, so they are written once, on the page;
- ``words``: sorry_widget/core/words.py (colours, cards, places, the CLI's words);
- ``cli``: the command line's own sentences (help texts, refusals, notices, reports), marked
  where they are written in sorry_widget/cli/ with ``_()``, ``ngettext()`` and ``N_()``
  (sorry_widget/cli/text.py) and collected with Babel's Python extractor; each entry's
  ``msgctxt`` is its English;
- ``ui``: the page's English, ``UI_ENGLISH`` in js/strings.js (a count is ``[singular,
  plural]``, a plural entry), which scripts/build_catalogs.py also copies into
  sorry_widget/widget/ui_strings.json for the package (it does not carry js/): Python sends
  the page the catalogs' words in a widget's language (sorry_widget/widget/strings.py), so no
  translation lives in the page's code.

After the .po files it runs scripts/build_catalogs.py --page, which writes the .mo files,
ui_strings.json and js/test/page-strings.json, the ``strings`` trait Python sends the page in
each language (English and every catalog's), read by the page's node tests
(js/test/fake-model.js) so that they test the words the catalogs give, French included, not a
copy of them. Those built files are not committed (.gitignore): scripts/setup-env.sh, the
wheel's build hook (hatch_build.py) and the other builds make them from the .po files.

``--check`` writes nothing and exits 1 if a .po file would change (tests/test_translations.py
runs the same comparison). Needs Babel (the ``test`` extra); the package and the builder do not.
"""

from __future__ import annotations

import datetime
import io
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

import build_catalogs  # noqa: E402

LOCALE = ROOT / "sorry_widget" / "locale"
STRINGS_JS = ROOT / "js" / "strings.js"
MESSAGE_DOMAINS = ("board", "cardgame", "widget", "coach")
DOMAINS = MESSAGE_DOMAINS + ("rules", "words", "ui", "cli")
CLI_SOURCES = ROOT / "sorry_widget" / "cli"
#: Fixed dates, so that the files change only when their entries do.
DATE = datetime.datetime(2026, 11, 23, tzinfo=datetime.timezone.utc)

UI_ENGLISH_JSON = ROOT / build_catalogs.UI_ENGLISH_JSON
#: The ``strings`` trait in each language, for the page's node tests.
PAGE_STRINGS_FIXTURE = ROOT / build_catalogs.PAGE_STRINGS_FIXTURE


#: Each language's plural rule, the project's choice (gettext's ``Plural-Forms``): written here
#: once, into every catalog of the language, instead of the rule of the Babel that runs this
#: (Babel 2.19 gives French CLDR's three forms, older ones two). A new language adds its line.
PLURAL_FORMS: dict[str, tuple[int, str]] = {
    "fr": (2, "(n > 1)"),
}


def plural_forms(language: str) -> tuple[int, str]:
    """``(nplurals, plural expression)`` of a language, from :data:`PLURAL_FORMS`."""
    try:
        return PLURAL_FORMS[language]
    except KeyError:
        raise SystemExit(f"scripts/update_catalogs.py: no plural rule for {language!r}: add it "
                         "to PLURAL_FORMS (gettext's nplurals and plural)") from None


class StableCatalog(Catalog):
    """A catalog whose header does not name the Babel version and whose plural rule is the
    project's (:data:`PLURAL_FORMS`), so the files do not change with the Babel that writes
    them."""

    @property
    def num_plurals(self) -> int:
        return plural_forms(str(self.locale))[0]

    @property
    def plural_expr(self) -> str:
        return plural_forms(str(self.locale))[1]

    @property
    def mime_headers(self):
        return [(k, v) for k, v in super().mime_headers if k != "Generated-By"]

    @mime_headers.setter
    def mime_headers(self, headers):
        Catalog.mime_headers.fset(self, headers)


HEADER = """\
{language} translations of sorry_widget's {domain} texts.
Written by scripts/update_catalogs.py: translate the msgstr lines (keep the {{placeholders}}
and their :specs), then run it again; docs/translating.md says more.
"""


def ui_english(js: str | None = None) -> dict[str, str | tuple[str, str]]:
    """js/strings.js's UI_ENGLISH: key -> English, or (singular, plural) for a count
    (read by scripts/build_catalogs.py, which also writes it into ui_strings.json)."""
    js = STRINGS_JS.read_text(encoding="utf-8") if js is None else js
    try:
        return build_catalogs.ui_english(js)
    except build_catalogs.CatalogError as error:
        raise SystemExit(str(error)) from None


def english() -> dict[str, dict[str, str | tuple[str, str]]]:
    """domain -> msgctxt -> English text, or (singular, plural) for a plural entry."""
    import sorry_widget.board.messages  # noqa: F401 - each registers its table
    import sorry_widget.cardgame.messages  # noqa: F401
    import sorry_widget.simulation.coach  # noqa: F401
    try:
        import sorry_widget.widget.messages  # noqa: F401
    except ImportError:  # (the widget's table may not exist yet)
        pass
    from sorry_widget.board.rulebook import RULE_SUMMARIES, RULE_TEXTS
    from sorry_widget.cardgame.rulebook import CARD_RULE_SUMMARIES, CARD_RULE_TEXTS
    from sorry_widget.core.messages import message_ids, template
    from sorry_widget.core.words import COUNTED, WORDS

    out: dict[str, dict[str, str]] = {d: {} for d in DOMAINS}
    for domain in MESSAGE_DOMAINS:
        for mid in message_ids(domain):
            out[domain][mid] = template(mid)
    for texts, summaries in ((RULE_TEXTS, RULE_SUMMARIES), (CARD_RULE_TEXTS, CARD_RULE_SUMMARIES)):
        for rule, entry in texts.items():
            if entry["title"]:
                out["rules"][f"{rule}.title"] = entry["title"]
            out["rules"][f"{rule}.text"] = entry["text"]
            out["rules"][f"{rule}.summary"] = summaries[rule]
    out["words"] = {**WORDS, **COUNTED}
    out["ui"] = ui_english()
    out["cli"] = cli_english()
    return out


def cli_english() -> dict[str, str | tuple[str, str]]:
    """The CLI's marked sentences (``_``, ``ngettext``, ``N_``) in sorry_widget/cli/, in the
    order they are written: English -> English, or singular -> (singular, plural)."""
    from babel.messages.extract import extract_from_file

    out: dict[str, str | tuple[str, str]] = {}
    for path in sorted(CLI_SOURCES.glob("*.py")):
        for _lineno, message, _comments, _context in extract_from_file(
                "python", path, keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
            key = message[0] if isinstance(message, tuple) else message
            if key in out and out[key] != message:
                raise SystemExit(f"{path}: {key!r} is marked both with and without a plural")
            out[key] = tuple(message) if isinstance(message, tuple) else message
    return out


def rules_from_docs(language: str) -> dict[str, str]:
    """The rule titles and texts a language's docs pages state: ``{"C1.title": …}``."""
    from build_rule_texts import board_rules, card_rules

    out = {}
    for page, read in (("rules.md", board_rules), ("cardgame.md", card_rules)):
        path = ROOT / "docs" / language / page
        if path.is_file():
            for rule, entry in read(path.read_text(encoding="utf-8")).items():
                if entry["title"]:
                    out[f"{rule}.title"] = entry["title"]
                out[f"{rule}.text"] = entry["text"]
    return out


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if p.is_dir() and p.name != "en") \
        if LOCALE.is_dir() else []


def read_catalog(path: Path) -> Catalog | None:
    if not path.is_file():
        return None
    with open(path, "rb") as handle:
        return read_po(handle)


def built(language: str, domain: str,
          entries: dict[str, str | tuple[str, str]]) -> bytes:
    """The .po bytes of one catalog, translations kept from the file as it is (the .mo is
    compiled from it by scripts/build_catalogs.py)."""
    po_path = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
    old = read_catalog(po_path)
    kept = {}
    if old is not None:
        for message in old:
            if message.id and message.context:
                kept[message.context] = (message.id, message.string,
                                         message.fuzzy)
    from_docs = rules_from_docs(language) if domain == "rules" else {}
    catalog = StableCatalog(locale=language, domain=domain, project="sorry_widget",
                      version="1", creation_date=DATE, revision_date=DATE,
                      header_comment="\n".join(
                          "# " + line for line in HEADER.format(
                              language=language, domain=domain).splitlines()),
                      language_team=f"{language} <sorry_widget>",
                      last_translator="sorry_widget", fuzzy=False)
    nplurals = plural_forms(language)[0]
    for context, text in entries.items():
        plural = isinstance(text, tuple)
        translation: str | tuple[str, ...] = ("",) * nplurals if plural else ""
        fuzzy = False
        if context in kept:
            old_id, old_string, old_fuzzy = kept[context]
            if isinstance(old_string, tuple) == plural:
                translation = old_string or translation
            fuzzy = bool(old_fuzzy) or (old_id != text and any(_forms(translation)))
        if context in from_docs:
            translation, fuzzy = from_docs[context], False
        flags = ("fuzzy",) * fuzzy + \
            ("python-brace-format",) * any(brace_format(t) for t in _forms(text))
        catalog.add(text, translation, context=context, flags=flags)
    po = io.BytesIO()
    write_po(po, catalog, width=100, sort_by_file=False, sort_output=False,
             include_lineno=False)
    return po.getvalue()


def outputs() -> dict[Path, bytes]:
    """Every .po file this writes -> its bytes."""
    entries = english()
    files: dict[Path, bytes] = {}
    for language in languages():
        for domain in DOMAINS:
            folder = LOCALE / language / "LC_MESSAGES"
            files[folder / f"{domain}.po"] = built(language, domain, entries[domain])
    return files


def brace_format(text: str) -> bool:
    """Whether an entry is flagged ``python-brace-format``: its English has a ``{field}`` and
    parses as str.format text. Written by this script because only Babel 2.17 and later add the
    flag themselves (with this same test), so the files do not depend on Babel's version."""
    try:
        return "{" in text and any(name is not None
                                   for _, name, _, _ in string.Formatter().parse(text))
    except ValueError:
        return False


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


def fields(text: str | tuple[str, ...]) -> list[tuple[str, str]]:
    """A template's placeholders as (name, spec), sorted, repeats kept; of a plural entry, the
    placeholders its forms have between them (each form of a translation must have them:
    tests/test_translations.py)."""
    out = set() if isinstance(text, tuple) else None
    for form in _forms(text):
        found = sorted((name, spec or "") for _, name, spec, _ in string.Formatter().parse(form)
                       if name is not None)
        if out is None:
            return found
        out.update(found)
    return sorted(out)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    changed = []

    def update(path: Path, data: bytes) -> None:
        if not path.is_file() or path.read_bytes() != data:
            changed.append(path.relative_to(ROOT))
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)

    for path, data in outputs().items():
        update(path, data)
    for path in changed:
        print(("out of date: " if check else "wrote ") + str(path))
    if check:
        return 1 if changed else 0
    # The files made from the .po files and js/strings.js (not committed): .mo, ui_strings.json
    # and the page tests' page-strings.json.
    return build_catalogs.main(["--page"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
