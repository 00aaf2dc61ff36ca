"""Builds the files made from the translation catalogs and the page's English, which are not
committed (.gitignore):

- ``sorry_widget/locale/<language>/LC_MESSAGES/<domain>.mo`` from each ``<domain>.po`` (the
  package reads the .mo with the standard library's gettext);
- ``sorry_widget/widget/ui_strings.json``, the page's English (``UI_ENGLISH`` in js/strings.js),
  for the package, which does not carry js/;
- ``js/test/page-strings.json``, the ``strings`` trait Python sends the page in each language,
  for the page's node tests (only with ``--page``: it imports the package, so it needs the
  package's environment, and the wheel does not carry it).

    python scripts/build_catalogs.py [--page] [--out DIR]

It needs only the standard library (the wheel's build hook, hatch_build.py, imports it), takes a
fraction of a second and writes a file only when its bytes change (page-strings.json, which takes a
second or two, only when it is older than its sources). Called by scripts/setup-env.sh
(with ``--page``), hatch_build.py (wheel, sdist, editable install; the sdist carries the built
files), scripts/update_catalogs.py after it rewrites the .po files, scripts/build_docs.py and
binder/postBuild. ``--out DIR`` writes into DIR (same layout) instead of the clone: the tests
compare that with the files in the clone. The .po files are written by
scripts/update_catalogs.py (which needs Babel); this only compiles them, as GNU msgfmt would:
entries marked ``#, fuzzy`` and untranslated ones are left out, an untranslated form of a plural
entry is the English (as Babel's compiler did, byte for byte).
"""

from __future__ import annotations

import json
import os
import re
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = Path("sorry_widget", "locale")
STRINGS_JS = Path("js", "strings.js")
UI_ENGLISH_JSON = Path("sorry_widget", "widget", "ui_strings.json")
PAGE_STRINGS_FIXTURE = Path("js", "test", "page-strings.json")

UI_BLOCK = re.compile(r"^export const UI_ENGLISH = \{\n(.*?)^\};\n", re.S | re.M)
_JS_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'
UI_ENTRY = re.compile(rf'^  ({_JS_STRING}|[\w-]+): ({_JS_STRING}|\[{_JS_STRING}, {_JS_STRING}\]),\n',
                      re.M)


class CatalogError(ValueError):
    """A .po file or js/strings.js that cannot be read."""


def ui_english(js: str) -> dict[str, str | tuple[str, str]]:
    """js/strings.js's UI_ENGLISH: key -> English, or (singular, plural) for a count."""
    block = UI_BLOCK.search(js)
    if block is None:
        raise CatalogError("js/strings.js has no `export const UI_ENGLISH = {` … `};` table")
    out: dict[str, str | tuple[str, str]] = {}
    for key, value in UI_ENTRY.findall(block.group(1)):
        text = json.loads(value)
        out[json.loads(key) if key.startswith('"') else key] = \
            tuple(text) if isinstance(text, list) else text
    lines = [line for line in block.group(1).splitlines() if line.strip()
             and not line.strip().startswith("//")]
    if len(lines) != len(out):
        raise CatalogError("js/strings.js: UI_ENGLISH has entries this cannot read: one line "
                           'each, key: "text", or key: ["singular", "plural"]')
    return out


def ui_strings_json(js: str) -> bytes:
    """The bytes of sorry_widget/widget/ui_strings.json from js/strings.js's text."""
    return (json.dumps(ui_english(js), ensure_ascii=False, indent=1) + "\n").encode("utf-8")


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}


def _unquote(text: str, where: str) -> str:
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise CatalogError(f"{where}: expected a quoted string, found {text!r}")
    body, out, i = text[1:-1], [], 0
    while i < len(body):
        char = body[i]
        if char == "\\":
            i += 1
            if i >= len(body) or body[i] not in _ESCAPES:
                raise CatalogError(f"{where}: unknown escape in {text!r}")
            out.append(_ESCAPES[body[i]])
        else:
            out.append(char)
        i += 1
    return "".join(out)


def read_po(text: str, name: str = "<po>") -> list[dict]:
    """A .po file's entries, in order: dicts with ``context`` (or None), ``id``, ``plural`` (or
    None), ``strings`` (index -> text), ``fuzzy``. Obsolete entries (``#~``) are left out."""
    entries: list[dict] = []
    entry: dict | None = None
    field: tuple | None = None  # (key, index) the next continuation line adds to
    fuzzy = False

    def finish() -> None:
        nonlocal entry
        if entry is not None:
            if entry["id"] is None:
                raise CatalogError(f"{name}: an entry without msgid")
            entries.append(entry)
        entry = None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line:
            continue
        if line.startswith("#"):
            if entry is not None and field is not None and field[0] == "strings":
                finish()
                field = None
            if line.startswith("#,") and "fuzzy" in (f.strip() for f in line[2:].split(",")):
                fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if field is None:
                raise CatalogError(f"{where}: a string outside an entry")
            value = _unquote(line, where)
            if field[0] == "strings":
                entry["strings"][field[1]] += value
            else:
                entry[field[0]] += value
            continue
        if keyword in ("msgctxt", "msgid") and entry is not None and \
                (entry["strings"] or (keyword == "msgctxt")):
            finish()
        if entry is None:
            entry = {"context": None, "id": None, "plural": None, "strings": {}, "fuzzy": fuzzy}
            fuzzy = False
        value = _unquote(rest.strip(), where)
        if keyword == "msgctxt":
            entry["context"], field = value, ("context", None)
        elif keyword == "msgid":
            entry["id"], field = value, ("id", None)
        elif keyword == "msgid_plural":
            entry["plural"], field = value, ("plural", None)
        elif keyword == "msgstr":
            entry["strings"][0], field = value, ("strings", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = int(keyword[7:-1])
            entry["strings"][index], field = value, ("strings", index)
        else:
            raise CatalogError(f"{where}: unknown keyword {keyword!r}")
    finish()
    return entries


def compile_po(text: str, name: str = "<po>") -> bytes:
    """The .mo bytes of a .po file's text (GNU format, little-endian, no hash table): the header,
    then every translated entry that is not fuzzy, sorted by (msgid, msgctxt); a plural entry's
    untranslated forms are its English (form 0 the singular, the others the plural)."""
    kept = []
    for entry in read_po(text, name):
        header = entry["id"] == "" and entry["context"] is None
        if entry["fuzzy"] and not header:
            continue
        if entry["plural"] is not None:
            forms = [entry["strings"].get(i, "") for i in range(max(entry["strings"], default=0) + 1)]
            english = (entry["id"], entry["plural"])
            msgid = entry["id"] + "\0" + entry["plural"]
            msgstr = "\0".join(form or english[min(i, 1)] for i, form in enumerate(forms))
        else:
            msgid, msgstr = entry["id"], entry["strings"].get(0, "")
            if not msgstr and not header:
                continue
        if entry["context"] is not None:
            msgid = entry["context"] + "\x04" + msgid
        kept.append(((entry["id"], entry["context"] or ""), msgid.encode("utf-8"),
                     msgstr.encode("utf-8")))
    kept.sort(key=lambda item: item[0])
    ids, strs, offsets = b"", b"", []
    for _key, msgid, msgstr in kept:
        offsets.append((len(ids), len(msgid), len(strs), len(msgstr)))
        ids += msgid + b"\0"
        strs += msgstr + b"\0"
    count = len(kept)
    keystart = 7 * 4 + 16 * count
    valuestart = keystart + len(ids)
    table = [n for o1, l1, _, _ in offsets for n in (l1, o1 + keystart)] + \
            [n for _, _, o2, l2 in offsets for n in (l2, o2 + valuestart)]
    head = struct.pack("<Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    return head + struct.pack(f"<{len(table)}i", *table) + ids + strs


def po_files(root: Path = ROOT) -> list[Path]:
    """Every catalog source, ``sorry_widget/locale/<language>/LC_MESSAGES/<domain>.po``."""
    return sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po"))


def languages(root: Path = ROOT) -> list[str]:
    """The languages with catalogs (English has none)."""
    return sorted({po.parent.parent.name for po in po_files(root)} - {"en"})


def package_outputs(root: Path = ROOT) -> dict[Path, bytes]:
    """What the package needs (relative path -> bytes): the .mo files and ui_strings.json."""
    files = {}
    for po in po_files(root):
        name = str(po.relative_to(root))
        files[po.relative_to(root).with_suffix(".mo")] = compile_po(
            po.read_text(encoding="utf-8"), name)
    files[UI_ENGLISH_JSON] = ui_strings_json((root / STRINGS_JS).read_text(encoding="utf-8"))
    return files


#: Run in a fresh Python (gettext keeps the catalogs it has read): the page's strings in each
#: language, read from the catalogs built in argv[1] (the clone, or --out's folder), with the
#: package's standard-library parts only (no anywidget, no bundle).
_PAGE_CODE = """\
import json, sys, types
from pathlib import Path
out, languages = Path(sys.argv[1]), sys.argv[2:]
import sorry_widget
import sorry_widget.core.messages as messages
# sorry_widget.widget's __init__ loads anywidget and the page's bundle: only strings.py is needed.
widget = types.ModuleType("sorry_widget.widget")
widget.__path__ = [str(Path(sorry_widget.__file__).parent / "widget")]
sys.modules["sorry_widget.widget"] = widget
messages.LOCALE_DIR = out / "sorry_widget" / "locale"
import sorry_widget.widget.strings as strings
strings.UI_ENGLISH_FILE = out / "sorry_widget" / "widget" / "ui_strings.json"
every = {language: strings.page_strings(language) for language in ["en", *languages]}
sys.stdout.buffer.write((json.dumps(every, ensure_ascii=False, indent=1, sort_keys=True)
                         + "\\n").encode("utf-8"))
"""


def page_strings(root: Path, built: Path, python: str = sys.executable) -> bytes:
    """js/test/page-strings.json: language -> what ``page_strings(language)``
    (sorry_widget.widget.strings) sends the page, read from the catalogs built in ``built``."""
    path = os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])
    return subprocess.run([python, "-c", _PAGE_CODE, str(built), *languages(root)],
                          capture_output=True, check=True, timeout=300, cwd=root,
                          env={**os.environ, "PYTHONPATH": path}).stdout


#: What js/test/page-strings.json is made from, besides the .po files and js/strings.js: the
#: package's code that turns the catalogs into the page's strings.
PAGE_CODE = ("sorry_widget/core", "sorry_widget/widget/strings.py", "scripts/build_catalogs.py")


def page_stale(root: Path, out: Path) -> bool:
    """Whether page-strings.json is missing in ``out`` or older than one of its sources (it
    takes a second or two, a fresh Python importing the package: the rest takes milliseconds)."""
    fixture = out / PAGE_STRINGS_FIXTURE
    if not fixture.is_file():
        return True
    sources = [*po_files(root), root / STRINGS_JS]
    for name in PAGE_CODE:
        path = root / name
        sources += path.rglob("*.py") if path.is_dir() else [path]
    newest = max(p.stat().st_mtime for p in sources if p.is_file())
    return newest > fixture.stat().st_mtime


def write(files: dict[Path, bytes], out: Path) -> list[Path]:
    """Writes each file under ``out`` whose bytes differ; the ones written."""
    written = []
    for relative, data in files.items():
        path = out / relative
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(relative)
    return written


def build(root: Path = ROOT, out: Path | None = None, page: bool = False) -> list[Path]:
    """Builds the .mo files and ui_strings.json (and with ``page`` js/test/page-strings.json,
    when it is older than its sources) from ``root``'s sources into ``out`` (default ``root``);
    the files written."""
    out = root if out is None else out
    written = write(package_outputs(root), out)
    if page and page_stale(root, out):
        changed = write({PAGE_STRINGS_FIXTURE: page_strings(root, out)}, out)
        if not changed:  # up to date: newer than its sources from now on
            os.utime(out / PAGE_STRINGS_FIXTURE)
        written += changed
    return written


def main(argv: list[str]) -> int:
    out = None
    if "--out" in argv:
        out = Path(argv[argv.index("--out") + 1]).resolve()
    try:
        written = build(ROOT, out, page="--page" in argv)
    except (CatalogError, OSError) as error:
        print(f"build_catalogs: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"build_catalogs: reading the page's strings failed:\n"
              f"{error.stderr.decode(errors='replace')}", file=sys.stderr)
        return 1
    for relative in written:
        print(f"build_catalogs: wrote {relative}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
