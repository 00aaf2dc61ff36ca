"""The command line's own sentences come from the ``cli`` catalog (sorry_widget/cli/text.py):
none is written as a bare English literal where it is printed or handed to argparse, and a
command's ``--lang fr`` turns its refusals, notices and help texts French."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest

from english import english_outside_notation
from support.commands import run

CLI = Path(__file__).resolve().parent.parent / "sorry_widget" / "cli"
LOCALE = CLI.parent / "locale"

#: Calls whose arguments are the CLI's sentences, and the keywords of argparse that are.
SHOWN = {"print", "usage_error", "error"}
SHOWN_KEYWORDS = {"help", "description", "epilog"}
#: Calls that translate (their literal arguments are the catalog's English) or that render a
#: catalog entry already (core/words.py through common.words / core.messages.word, message ids).
TRANSLATING = {"_", "ngettext", "N_", "words", "word", "say", "Message"}
#: What a shown literal may say untranslated: the program's and commands' names, options.
NOT_WORDS = re.compile(r"sorry-widget|--[\w-]+|\b(?:moves|score|simulate|coach|exact|play|"
                       r"replay|review|cardgame|plays|export|lessons|lab|train|ladder)\b")


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literals(node: ast.AST):
    """The string literals of an expression (f-strings' text parts included), not looking
    inside calls that translate, at the values filled into a translated sentence
    (``_("…").format(…)``) or at keys (``summary["games"]``)."""
    if isinstance(node, ast.Call) and (_name(node.func) in TRANSLATING or (
            _name(node.func) == "format" and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Call)
            and _name(node.func.value.func) in TRANSLATING)):
        return
    if isinstance(node, ast.Subscript):
        yield from _literals(node.value)
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    for child in ast.iter_child_nodes(node):
        yield from _literals(child)


def bare_english(source: str) -> list[tuple[int, str]]:
    """(line, text) of each literal with English words that a CLI module prints, refuses with
    or gives argparse as a help text, description or epilog, without the catalog."""
    shown: list[ast.AST] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            if _name(node.func) in SHOWN:
                shown.extend(node.args)
            shown.extend(k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS)
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Attribute) and t.attr in SHOWN_KEYWORDS for t in node.targets):
            shown.append(node.value)
    return [(lit.lineno, lit.value) for expr in shown for lit in _literals(expr)
            if re.search(r"[A-Za-z]{2,}", NOT_WORDS.sub(" ", lit.value))]


def test_the_check_finds_bare_english_and_passes_marked_text():
    source = ('print(f"wrote {out} ({size} bytes)")\n'
              'p.add_argument("--x", help="the card drawn")\n'
              'p.epilog = "Other options go to JupyterLab"\n'
              'parser.error("unrecognized arguments: " + rest)\n'
              'print(_("wrote {path}").format(path=out), file=sys.stderr)\n'
              'print(f"sorry-widget play: {exc}")\n'
              'p.add_argument("--y", help=_(SEED_HELP))\n'
              'print(ngettext("{n} game", "{n} games", n).format(n=n))\n')
    assert sorted({line for line, _ in bare_english(source)}) == [1, 2, 3, 4]


@pytest.mark.parametrize("module", sorted(p.name for p in CLI.glob("*.py")))
def test_the_cli_prints_and_helps_only_through_the_catalog(module):
    assert bare_english((CLI / module).read_text(encoding="utf-8")) == []


# --- French -----------------------------------------------------------------------------------

def french(english: str) -> str:
    """The cli catalog's French for an English sentence, read with gettext's public API."""
    found = gettext.translation("cli", LOCALE, languages=["fr"]).pgettext(english, english)
    assert found != english, f"no French for {english!r}"
    return found


@pytest.mark.parametrize("args, english", [
    (("moves",), "moves: give a POSITION file (or --jsonl to read requests from stdin)"),
    (("moves", "p.json", "--jsonl"), "moves: give either a POSITION file or --jsonl, not both"),
    (("cardgame", "plays"), "cardgame plays: give a STATE file (or --jsonl)"),
])
def test_refusals_of_commands_with_lang_come_out_french(capsys, args, english):
    status, _, err = run(capsys, *args)
    assert status == 2 and err == f"sorry-widget {english}\n"
    status, _, err = run(capsys, *args, "--lang", "fr")
    assert status == 2 and err == f"sorry-widget {french(english)}\n"
    assert english_outside_notation(err.replace("POSITION", "").replace("STATE", "")) == []


def test_an_unrecognized_argument_is_refused_in_the_commands_language(capsys):
    status, _, err = run(capsys, "play", "--lang", "fr", "--colour", "red")
    assert status == 2
    assert err.splitlines()[-1] + "\n" == french("%(prog)s: error: %(message)s\n") % {
        "prog": "sorry-widget", "message": french("unrecognized arguments: {arguments}").format(
            arguments="--colour red")}
    assert run(capsys, "play", "--colour", "red")[2].splitlines()[-1] == \
        "sorry-widget: error: unrecognized arguments: --colour red"


@pytest.mark.parametrize("command", [("play",), ("moves",), ("cardgame", "play")])
def test_help_of_a_command_with_lang_fr_is_french(capsys, command):
    status, english, _ = run(capsys, *command, "--help")
    assert status == 0
    status, text, _ = run(capsys, *command, "--lang", "fr", "--help")
    assert status == 0
    flat = " ".join(text.split())
    assert " ".join(french("the language of explanations and other words (JSON keys and "
                           "notation stay English; default: en)").split()) in flat
    assert "the language of explanations" in english and "the language of" not in text


def test_a_count_takes_the_french_plural_form_from_the_catalog():
    from sorry_widget.cli import text

    singular, plural = "  kept {count} file(s) already there", "  kept {count} file(s) already there"
    try:
        text.set_language("fr")
        one, two = (text.ngettext(singular, plural, n).format(count=n) for n in (1, 2))
    finally:
        text.set_language("en")
    catalog = gettext.translation("cli", LOCALE, languages=["fr"])
    assert one == catalog.npgettext(singular, singular, plural, 1).format(count=1)
    assert two == catalog.npgettext(singular, singular, plural, 2).format(count=2)
    assert one != two and "kept" not in one + two
    assert text.ngettext(singular, plural, 3) == plural


def test_a_translation_with_a_field_of_its_own_is_refused(monkeypatch):
    from sorry_widget.cli import text
    from sorry_widget.core import messages
    from sorry_widget.core.messages import CatalogWarning

    class Bad(gettext.NullTranslations):
        def pgettext(self, context, message):
            return "{path.__class__}"

    monkeypatch.setattr(text, "translations", lambda domain, language: Bad())
    monkeypatch.setattr(messages, "_WARNED", set())
    try:
        text.set_language("fr")
        with pytest.warns(CatalogWarning, match="shown in English"):
            assert text._("  wrote {path}") == "  wrote {path}"
    finally:
        text.set_language("en")
