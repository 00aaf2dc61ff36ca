"""Each French lesson in notebooks/fr/ keeps its English twin's computations (issue 32): the same
code cells, and in each the same numbers, data strings (cards, colours, places, rule sets, seeds),
API calls, attributes read and keyword arguments — only the words may differ. No kernel: the
cells are read as Python, not run (nbval runs them)."""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
ENGLISH = ROOT / "notebooks"
FRENCH = ENGLISH / "fr"

#: Calls that only present what was computed: their words differ between the languages, and so
#: may the way they write a number (0.5 in English, 0,5 in French). The French lessons' own
#: helpers (nombre, entier, pourcent, puissance, couleur) and sorry_widget.core.numbers's
#: (format_number, format_percent, format_as) write numbers and colour names; rapport and
#: rapport_du_coach write in French what an experiment's and the coach's report() write.
PRESENTATION = {
    "print", "say", "dire", "display", "fill", "replace", "capitalize", "join", "text", "word",
    "report", "split", "set_xlabel", "set_ylabel", "set_title", "legend", "set_xticks",
    "nombre", "entier", "pourcent", "puissance", "couleur", "rapport", "rapport_du_coach",
    "format_number", "format_percent", "format_as",
    # lesson 10's: a difference of chances in points, a count with its noun, and the sentences
    # it prints from its results (their bodies are compared where they are defined)
    "format_points", "points", "how_many", "nombre_de", "say_totals", "dire_totaux",
    "say_mean_luck", "dire_chance_moyenne", "say_which_gives_away_more", "dire_qui_perd_plus",
}
#: Presentation calls whose first argument is what is computed; the rest (the language, the
#: digits asked for) is the English format spec's.
NUMBER_WRITERS = {"nombre", "entier", "pourcent", "puissance", "format_number", "format_percent",
                  "format_as", "format_points", "points", "how_many", "nombre_de"}
#: Helpers a lesson defines to present its numbers: their bodies are presentation too.
PRESENTATION_HELPERS = {"say", "dire", "nombre", "entier", "pourcent", "puissance", "couleur",
                        "rapport", "rapport_du_coach"}
#: Keyword arguments holding words: a board's status line, a plot's label, a note's text...
WORDS = {"label", "status", "text", "title", "language",
         # the charts' words (sorry_widget/render/charts.py)
         "x_label", "y_label", "caption", "alt", "series_label", "band_label", "reference_label",
         "lang",
         # a progress bar's (sorry_widget/progress.py)
         "description", "unit"}
#: What a French lesson calls to get the English call's words in French.
FRENCH_FOR = {"explanation_in": "explanation", "why_illegal_message": "why_illegal"}
#: Cells whose French differs in structure, not in what it computes, and why. Only their
#: numbers and data strings are compared.
RESTRUCTURED = {
    # The coach's report() is English text; the French cell prints the same estimates itself.
    ("08", 11): "the coach's estimates listed in French",
}
#: One-word labels an English cell prints, which the French cell prints translated.
LABELS = {("06", 6): ("teams",), ("05", 2): ("inside", "outside")}
#: Data a French cell reads from the French docs where its English twin reads the English: the
#: page and the word that marks its tables (lesson 9 shows the ladder page's own tables).
FRENCH_PAGES = {("09", 4): {"ladder.md": "fr/ladder.md", "Rating": "Cote"}}
DATA_STRING = re.compile(r"[A-Za-z0-9_.:/!+<>\-]+")


def pairs() -> list[tuple[Path, Path]]:
    english = {p.name[:2]: p for p in ENGLISH.glob("[0-9][0-9]-*.ipynb")}
    return [(english[p.name[:2]], p) for p in sorted(FRENCH.glob("[0-9][0-9]-*.ipynb"))]


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def callee(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


class Computation(ast.NodeVisitor):
    """What a code cell computes, as counts of its numbers, data strings, calls, attributes and
    keyword names; words (any string inside an f-string, any string given to a presentation
    call or a words keyword, or with a space or a non-ASCII letter) and the formatting of
    numbers are left out, and so are comments, docstrings and imports."""

    def __init__(self, folder: Path | None = None, defined: frozenset[str] = frozenset()):
        self.folder = folder  # where the lesson is: a file it opens is compared as that file
        self.defined = defined  # the functions the lesson defines, named in its language
        self.numbers, self.strings = Counter(), Counter()
        self.calls, self.attributes, self.keywords = Counter(), Counter(), Counter()
        self._words = 0  # > 0 inside something whose strings are words

    def visit_Import(self, node):
        pass

    visit_ImportFrom = visit_Import

    def visit_FunctionDef(self, node):
        if node.name in PRESENTATION_HELPERS:
            return
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        for part in (*node.decorator_list, node.args, *body):
            self.visit(part)

    def visit_JoinedStr(self, node):
        self._words += 1
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self.visit(value.value)  # what is formatted counts; how (format_spec) does not
        self._words -= 1

    def visit_Constant(self, node):
        if isinstance(node.value, bool) or node.value is None:
            return
        if isinstance(node.value, (int, float, complex)):
            self.numbers[node.value] += 1
        elif isinstance(node.value, str) and not self._words and node.value != "fr" \
                and DATA_STRING.fullmatch(node.value):
            self.strings[self.as_english(node.value)] += 1

    def as_english(self, value: str) -> str:
        """A path outside the lesson's folder as the English lesson names it: the French
        lessons open ``../games/x.json`` where the English ones open ``games/x.json``."""
        if self.folder is None or "/" not in value:
            return value
        path = (self.folder / value).resolve()
        inside = self.folder.resolve() in path.parents
        return value if inside or ENGLISH not in path.parents else \
            path.relative_to(ENGLISH).as_posix()

    def visit_Attribute(self, node):
        self.attributes[node.attr] += 1
        self.visit(node.value)

    def visit_Call(self, node):
        name = callee(node)
        args, keywords = node.args, node.keywords
        if name in FRENCH_FOR:
            # explanation_in(move, "fr") is move.explanation; why_illegal_message(position, ...)
            # is position.why_illegal(...)
            self.attributes[FRENCH_FOR[name]] += name == "explanation_in"
            self.calls[FRENCH_FOR[name]] += name != "explanation_in"
            args = args[:1] if name == "explanation_in" else args
        elif name in PRESENTATION:
            if name in NUMBER_WRITERS and args:
                args = args[:1]  # the digits asked for are the English format spec's
            if isinstance(node.func, ast.Attribute):
                self.visit(node.func.value)  # what is presented is computed
            self._words += 1
            for part in (*args, *(k.value for k in keywords)):
                self.visit(part)
            self._words -= 1
            return
        else:
            self.calls["(defined in the lesson)" if name in self.defined else name] += 1
            self.visit(node.func) if isinstance(node.func, ast.Attribute) else None
            self.attributes[name] -= isinstance(node.func, ast.Attribute)
        words, self._words = self._words, 0  # a computation inside words is computation
        for part in args:
            self.visit(part)
        for keyword in keywords:
            if keyword.arg in WORDS:
                self._words += 1
                self.visit(keyword.value)
                self._words -= 1
            else:
                self.keywords[keyword.arg] += 1
                self.visit(keyword.value)
        self._words = words

    def visit_Subscript(self, node):
        self.visit(node.value)
        words, self._words = self._words, 0  # result["games"] printed is still result["games"]
        self.visit(node.slice)
        self._words = words

    def summary(self, structure: bool = True) -> dict[str, Counter]:
        kept = {"numbers": self.numbers, "strings": self.strings}
        if structure:
            kept.update(calls=self.calls, attributes=self.attributes, keywords=self.keywords)
        return {k: +v for k, v in kept.items()}  # + drops the zero counts


def defined_functions(sources: list[str]) -> frozenset[str]:
    return frozenset(node.name for source in sources for node in ast.walk(ast.parse(source))
                     if isinstance(node, (ast.FunctionDef, ast.ClassDef)))


def computation(source: str, structure: bool = True, folder: Path | None = None,
                defined: frozenset[str] = frozenset()) -> dict[str, Counter]:
    found = Computation(folder, defined)
    found.visit(ast.parse(source))
    return found.summary(structure)


@pytest.mark.parametrize("english, french", pairs(), ids=lambda p: p.name)
def test_each_french_lesson_computes_what_its_english_twin_computes(english, french):
    en, fr = code_cells(english), code_cells(french)
    assert len(fr) == len(en), f"{french.name} has {len(fr)} code cells, {english.name} {len(en)}"
    differ = []
    for i, (a, b) in enumerate(zip(en, fr)):
        structure = (english.name[:2], i) not in RESTRUCTURED
        left = computation(a, structure, english.parent, defined_functions(en))
        right = computation(b, structure, french.parent, defined_functions(fr))
        for label in LABELS.get((english.name[:2], i), ()):
            left["strings"][label] -= 1
        for page, french_page in FRENCH_PAGES.get((english.name[:2], i), {}).items():
            left["strings"][french_page] += left["strings"].pop(page, 0)
        for part in left:
            if left[part] != right[part]:
                only_en, only_fr = left[part] - right[part], right[part] - left[part]
                differ.append(f"code cell {i} ({part}): only in English {dict(only_en)}, "
                              f"only in French {dict(only_fr)}")
    assert not differ, f"{french.name} drifted from {english.name}:\n" + "\n".join(differ)


@pytest.mark.parametrize("english, french", pairs(), ids=lambda p: p.name)
def test_each_french_lesson_speaks_french(english, french):
    """Every widget a French lesson makes is French; its words link to the French rules pages."""
    for source in code_cells(french):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and callee(node) in ("SorryWidget", "SorryCardWidget"):
                language = {k.arg: k.value for k in node.keywords}.get("language")
                assert isinstance(language, ast.Constant) and language.value == "fr", \
                    f"{french.name}: {ast.unparse(node)} is not French"
    nb = json.loads(french.read_text(encoding="utf-8"))
    words = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "docs/rules.md" not in words.replace("docs/fr/rules.md", "")
    assert "docs/cardgame.md" not in words.replace("docs/fr/cardgame.md", "")


def test_the_comparison_sees_a_drift_and_not_a_translation():
    """A French twin may change its words and how it writes numbers; not a seed, a count, a
    card, a rule set, the API it calls or the attribute it reads."""
    english = ('game = Game(4, seed=2026)\nreplay = SorryWidget(record=Record.from_game(game))\n'
               'print(f"The game took {replay.last_play} plays; {game.winner} won, '
               '{game.share:.1%} ({move.explanation}).")\nsay(f"{n:,} games")')
    french = ('game = Game(4, seed=2026)\n'
              'replay = SorryWidget(record=Record.from_game(game), language="fr")\n'
              'print(f"La partie a duré {replay.last_play} coups ; {couleur(game.winner)} a '
              'gagné, {pourcent(game.share, 1)} ({explanation_in(move, \'fr\')}).")\n'
              'dire(f"{entier(n)} parties")')
    assert computation(english) == computation(french)
    for drifted in (french.replace("2026", "2027"), french.replace("Game(4", "Game(3"),
                    french.replace("last_play", "plays"), french.replace("seed=", "rules=")):
        assert computation(english) != computation(drifted), drifted
    assert computation('Game(rules="classic")') != computation('Game(rules="edition-2013")')
