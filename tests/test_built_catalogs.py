"""The files made from the catalogs are built, not committed (issue 40, point 2): the .mo files,
sorry_widget/widget/ui_strings.json and js/test/page-strings.json come from the .po files and
js/strings.js through scripts/build_catalogs.py (standard library only), which the set-up, the
wheel's build hook and the other builds run; what is in the tree is what the sources build."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_catalogs  # noqa: E402

from sorry_widget.core import messages  # noqa: E402

GENERATED = re.compile(r"(\.mo|ui_strings\.json|page-strings\.json)$")


def po_entries(path: Path) -> dict[str, dict]:
    """A .po file's entries by msgctxt, read by the builder's own reader."""
    return {e["context"]: e for e in build_catalogs.read_po(path.read_text(encoding="utf-8"))
            if e["context"]}


@pytest.fixture(scope="module")
def catalogs_built(tmp_path_factory):
    """Everything the builder makes, built from the clone's sources into a folder of its own."""
    out = tmp_path_factory.mktemp("built")
    written = build_catalogs.build(ROOT, out, page=True)
    assert written  # a fresh folder: every file is written
    return out


def test_no_generated_file_is_committed():
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git clone")
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.splitlines()
    assert not [name for name in tracked if GENERATED.search(name)]
    ignored = subprocess.run(["git", "check-ignore", "sorry_widget/locale/fr/LC_MESSAGES/ui.mo",
                              "sorry_widget/widget/ui_strings.json",
                              "js/test/page-strings.json"],
                             cwd=ROOT, capture_output=True, text=True).stdout.split()
    assert len(ignored) == 3


def test_what_is_in_the_tree_is_what_the_sources_build(catalogs_built):
    """The built files in the clone (the set-up's) are byte for byte what the builder makes
    from the .po files and js/strings.js now: run scripts/build_catalogs.py --page if not."""
    made = sorted(p.relative_to(catalogs_built) for p in catalogs_built.rglob("*") if p.is_file())
    assert len([p for p in made if p.suffix == ".mo"]) == len(build_catalogs.po_files()) >= 8
    assert build_catalogs.UI_ENGLISH_JSON in made and build_catalogs.PAGE_STRINGS_FIXTURE in made
    stale = [str(p) for p in made if not (ROOT / p).is_file()
             or (ROOT / p).read_bytes() != (catalogs_built / p).read_bytes()]
    assert not stale, f"run scripts/build_catalogs.py --page: out of date: {stale}"


def test_the_builder_writes_only_what_changed(catalogs_built):
    assert build_catalogs.build(ROOT, catalogs_built) == []


@pytest.mark.parametrize("domain,context", [("words", "colour.red"), ("ui", "first"),
                                            ("board", None), ("cli", None)])
def test_a_french_lookup_through_the_package_gives_the_po_translation(catalogs_built, monkeypatch,
                                                                       domain, context):
    """The package's own gettext path (core.messages.translations), reading the catalogs just
    built, gives each entry's msgstr as the .po states it."""
    monkeypatch.setattr(messages, "LOCALE_DIR", catalogs_built / "sorry_widget" / "locale")
    monkeypatch.setattr(messages, "_TRANSLATIONS", {})
    entries = po_entries(ROOT / "sorry_widget" / "locale" / "fr" / "LC_MESSAGES" / f"{domain}.po")
    chosen = [entries[context]] if context else \
        [e for e in entries.values() if e["strings"].get(0) and not e["fuzzy"]][:5]
    catalog = messages.translations(domain, "fr")
    for entry in chosen:
        if entry["plural"] is None:
            assert catalog.pgettext(entry["context"], entry["id"]) == entry["strings"][0]
        else:
            assert catalog.npgettext(entry["context"], entry["id"], entry["plural"], 1) == \
                entry["strings"][0]
    assert messages.translations("words", "fr").pgettext("colour.red", "red") == "rouge"


def test_the_compiler_is_babels_byte_for_byte():
    """Fuzzy and untranslated entries left out, a plural's untranslated form its English,
    msgctxt, escapes and continued lines: the .mo is what Babel's write_mo made of the same
    catalog (the committed .mo files were Babel's; they were compared byte for byte too)."""
    babel = pytest.importorskip("babel.messages.catalog")
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import write_po

    catalog = babel.Catalog(locale="fr", fuzzy=False)
    three = catalog.num_plurals  # Babel's CLDR rule for French, whatever its count
    catalog.add("foo", "Voh", context="a")
    catalog.add("foo", "Vah", context="b")
    catalog.add("fuz", "Futz", flags=["fuzzy"], context="c")
    catalog.add("Fizz", "")
    catalog.add("Plain", "Simple")
    catalog.add(("bar", "bars"), ("Bahr",) + ("",) * (three - 1), context="p")
    catalog.add(("Fuzz", "Fuzzes"), ("",) * three)
    catalog.add(("Fz", "Fzs"), ("x",) * three, flags=["fuzzy"])
    catalog.add('multi\nline "q" \\ \t and a long line ' * 4, 'très\nlong "q"', context="m")
    po, mo = io.BytesIO(), io.BytesIO()
    write_po(po, catalog, width=30)
    write_mo(mo, catalog)
    assert build_catalogs.compile_po(po.getvalue().decode("utf-8")) == mo.getvalue()


def test_a_damaged_po_file_is_refused_with_its_line():
    with pytest.raises(build_catalogs.CatalogError, match="x.po:2"):
        build_catalogs.compile_po('msgid ""\nmsgstr "unclosed\n', "x.po")


def fresh_copy(tmp_path: Path) -> Path:
    """The clone's committed files, as a fresh clone has them (no built file)."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git clone")
    copy = tmp_path / "clone"
    names = subprocess.run(["git", "ls-files", "sorry_widget", "js", "scripts"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    for name in names:
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    return copy


FRENCH = ("import warnings; warnings.simplefilter('ignore'); "
          "from sorry_widget.core.messages import word; "
          "print(word('START', 'fr', 'board.start'))")


def test_a_fresh_clone_speaks_french_after_the_set_up_only(tmp_path):
    """A fresh clone has no .mo (English only); the set-up's own builder line
    (scripts/setup-env.sh) makes them with a bare standard library (python -S: no
    site-packages), and the package then reads its French; the page tests' file too."""
    copy = fresh_copy(tmp_path)
    assert not list((copy / "sorry_widget" / "locale").rglob("*.mo"))
    env = {**os.environ, "PYTHONPATH": str(copy)}

    def french() -> str:
        return subprocess.run([sys.executable, "-c", FRENCH], cwd=copy, env=env, check=True,
                              capture_output=True, text=True, timeout=120).stdout.strip()

    assert french() == "START"
    lines = [line.strip() for line in (ROOT / "scripts" / "setup-env.sh").read_text().splitlines()
             if "build_catalogs.py" in line and not line.strip().startswith("#")]
    assert len(lines) == 1 and "--page" in lines[0], lines
    python = tmp_path / "python-S"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" -S "$@"\n')
    python.chmod(0o755)
    # -S for the catalogs; the page's strings run in the package's environment (sys.executable).
    subprocess.run(["bash", "-c", lines[0]], check=True, timeout=300, cwd=copy,
                   env={**env, "root": str(copy), "venv_python": str(python)})
    assert (copy / "sorry_widget" / "widget" / "ui_strings.json").is_file()
    assert (copy / "js" / "test" / "page-strings.json").is_file()
    assert french() == "DÉPART"


def test_every_build_makes_the_catalogs_first():
    """Each way the package is built or run from a clone builds the catalogs: the set-up (both
    README commands), the wheel's build hook (wheel, sdist, editable install, so the Lite
    site's `pip wheel` of the clone and Binder's `pip install .` too), the docs build, Binder;
    and `npm test` (whose fake model reads page-strings.json) says how to make it if missing."""
    read = {name: (ROOT / name).read_text(encoding="utf-8") for name in (
        "scripts/setup-env.sh", "hatch_build.py", "scripts/build_docs.py", "binder/postBuild",
        "scripts/build_lite.py", "scripts/run.sh", "scripts/test.sh", "package.json",
        ".github/workflows/docs-pages.yml", ".github/workflows/release.yml", ".ci/run")}
    assert "scripts/setup-env.sh" in read["scripts/run.sh"]
    assert "scripts/setup-env.sh" in read["scripts/test.sh"]
    assert '"scripts", "build_catalogs.py"' in read["hatch_build.py"]
    assert "build_catalogs.build(ROOT)" in read["scripts/build_docs.py"]
    assert "python scripts/build_catalogs.py" in read["binder/postBuild"]
    assert '"pip", "wheel"' in read["scripts/build_lite.py"]  # through the hook
    assert "pip install -e" in read[".github/workflows/docs-pages.yml"]  # the hook
    assert "python -m build" in read[".github/workflows/release.yml"]  # the hook
    assert "scripts/test.sh" in read[".ci/run"]  # the tests' workflow: the set-up
    assert "page-strings.json is missing" in read["package.json"]
