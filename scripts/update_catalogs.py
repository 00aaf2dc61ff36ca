"""Brings every translation catalog up to date with the English and compiles it:

    .venv/bin/python scripts/update_catalogs.py

For each language folder in sorry_widget/locale/ (``fr``, or a new ``es`` you created) and each
domain, it writes ``<domain>.po`` with one entry per English text — ``msgctxt`` the message id
(or rule, word, UI key), ``msgid`` the English, ``msgstr`` the translation kept from the old file
— and compiles it to ``<domain>.mo``, which the package reads with the standard library's
gettext. An entry whose English changed is marked ``#, fuzzy`` (and left out of the ``.mo``) until
a translator checks it. Where the English comes from:

- ``board``, ``cardgame``, ``widget``: the message tables (sorry_widget/*/messages.py);
- ``rules``: each rule's title, full text and one-line summary (sorry_widget/*/rulebook.py); the
  titles and texts of a language are read from its docs pages, docs/<language>/rules.md and
  docs/<language>/cardgame.md, so they are written once, on the page;
- ``words``: sorry_widget/core/words.py (colours, cards, places, the CLI's words);
- ``ui``: the English column of ``UI_STRINGS`` in js/strings.js (the page's strings module),
  whose other columns this writes back from each language's ui.po. The widgets load the bundle
  built from js/ (``npm run build``; scripts/setup-env.sh rebuilds it when js/ changed).

``--check`` writes nothing and exits 1 if any file would change (tests/test_translations.py runs
the same comparison). Needs Babel (the ``test`` extra); the package itself does not.
"""

from __future__ import annotations

import datetime
import io
import json
import re
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

LOCALE = ROOT / "sorry_widget" / "locale"
STRINGS_JS = ROOT / "js" / "strings.js"
MESSAGE_DOMAINS = ("board", "cardgame", "widget")
DOMAINS = MESSAGE_DOMAINS + ("rules", "words", "ui")
#: Fixed dates, so that the files change only when their entries do.
DATE = datetime.datetime(2026, 11, 23, tzinfo=datetime.timezone.utc)

UI_BLOCK = re.compile(r"^export const UI_STRINGS = \{\n(.*?)^\};\n", re.S | re.M)
UI_COLUMN = re.compile(r"^  (\w+): \{\n(.*?)^  \},\n", re.S | re.M)
UI_ENTRY = re.compile(r'^    ("[^"\\]*(?:\\.[^"\\]*)*"|[\w-]+): ("[^"\\]*(?:\\.[^"\\]*)*"),\n', re.M)


class StableCatalog(Catalog):
    """A catalog whose header does not name the Babel version, so the files do not change
    with the Babel that writes them."""

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


def ui_columns(js: str | None = None) -> dict[str, dict[str, str]]:
    """js/strings.js's UI_STRINGS: language -> key -> text."""
    js = STRINGS_JS.read_text(encoding="utf-8") if js is None else js
    block = UI_BLOCK.search(js)
    if block is None:
        raise SystemExit("js/strings.js has no `export const UI_STRINGS = {` … `};` table")
    out = {}
    for lang, body in UI_COLUMN.findall(block.group(1)):
        out[lang] = {json.loads(k) if k.startswith('"') else k: json.loads(v)
                     for k, v in UI_ENTRY.findall(body)}
    return out


def english() -> dict[str, dict[str, str]]:
    """domain -> msgctxt -> English text."""
    import sorry_widget.board.messages  # noqa: F401 - each registers its table
    import sorry_widget.cardgame.messages  # noqa: F401
    try:
        import sorry_widget.widget.messages  # noqa: F401
    except ImportError:  # (the widget's table may not exist yet)
        pass
    from sorry_widget.board.rulebook import RULE_SUMMARIES, RULE_TEXTS
    from sorry_widget.cardgame.rulebook import CARD_RULE_SUMMARIES, CARD_RULE_TEXTS
    from sorry_widget.core.messages import message_ids, template
    from sorry_widget.core.words import WORDS

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
    out["words"] = dict(WORDS)
    out["ui"] = ui_columns()["en"]
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


def built(language: str, domain: str, entries: dict[str, str]) -> tuple[bytes, bytes]:
    """The .po and .mo bytes of one catalog, translations kept from the file as it is."""
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
    for context, text in entries.items():
        translation, fuzzy = "", False
        if context in kept:
            old_id, old_string, old_fuzzy = kept[context]
            translation = old_string or ""
            fuzzy = bool(old_fuzzy) or (old_id != text and bool(translation))
        if context in from_docs:
            translation, fuzzy = from_docs[context], False
        catalog.add(text, translation, context=context,
                    flags=("fuzzy",) if fuzzy else ())
    po, mo = io.BytesIO(), io.BytesIO()
    write_po(po, catalog, width=100, sort_by_file=False, sort_output=False,
             include_lineno=False)
    write_mo(mo, catalog, use_fuzzy=False)
    return po.getvalue(), mo.getvalue()


def ui_js(js: str, columns: dict[str, dict[str, str]]) -> str:
    """js/strings.js with UI_STRINGS's columns other than English written from ``columns``."""
    block = UI_BLOCK.search(js)
    english_part = UI_COLUMN.search(block.group(1))
    body = block.group(1)[:english_part.end()]
    for lang, texts in sorted(columns.items()):
        body += f"  {lang}: {{\n"
        for key, text in texts.items():
            name = key if re.fullmatch(r"[A-Za-z_]\w*", key) else json.dumps(key)
            body += f"    {name}: {json.dumps(text, ensure_ascii=False)},\n"
        body += "  },\n"
    return js[:block.start(1)] + body + js[block.end(1):]


def outputs() -> dict[Path, bytes]:
    """Every file this writes -> its bytes."""
    entries = english()
    files: dict[Path, bytes] = {}
    ui_translated = {}
    for language in languages():
        for domain in DOMAINS:
            po, mo = built(language, domain, entries[domain])
            folder = LOCALE / language / "LC_MESSAGES"
            files[folder / f"{domain}.po"] = po
            files[folder / f"{domain}.mo"] = mo
            if domain == "ui":
                catalog = read_po(io.BytesIO(po))
                ui_translated[language] = {m.context: m.string for m in catalog
                                           if m.id and m.string and not m.fuzzy}
    js = STRINGS_JS.read_text(encoding="utf-8")
    files[STRINGS_JS] = ui_js(js, ui_translated).encode("utf-8")
    return files


def fields(text: str) -> list[tuple[str, str]]:
    """A template's placeholders as (name, spec without its words): plural(case,cases) and
    plural(square,squares) are both ``plural``. Sorted, repeats kept."""
    out = []
    for _, name, spec, _ in string.Formatter().parse(text):
        if name is not None:
            out.append((name, re.sub(r"\([^)]*\)", "", spec or "")))
    return sorted(out)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    changed = []
    for path, data in outputs().items():
        if not path.is_file() or path.read_bytes() != data:
            changed.append(path.relative_to(ROOT))
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
    for path in changed:
        print(("out of date: " if check else "wrote ") + str(path))
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
