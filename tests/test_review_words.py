"""The review's words (issue 39, points 5-7), wherever a person reads them: the `review`
command, the page's review panel and move list, the catalogs and the French lessons and docs.

- One unit: a chance is written in percent ("45.0%"), a difference of two chances (a card's
  luck, a move's error, what it gave away, a blunder's threshold) in percentage points ("+16.9
  points"); the page writes them as Python does.
- No count with the wrong form of its noun ("1 blunders", "0 gaffes"): the page's sentences with
  a count are plural entries, and the command's report reads right for 0, 1 and 2.
- French keeps two words apart: *chance* is the luck only, the chance to win is the
  *probabilité de gagner*.
The public JSON keeps its fractions (tests/test_review.py checks its fields)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from support.plurals import wrong_plurals
from sorry_widget import Game, Record
from sorry_widget.cli import main
from sorry_widget.cli.review import report
from sorry_widget.core.numbers import format_percent, format_points
from sorry_widget.simulation.review import BLUNDER, PlayReview, Review

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
LANGUAGES = ("en", "fr")
#: A figure in percent as either language writes it: "45.0%", "45,0 %".
PERCENT = re.compile(r"[+\-\u2212]?[\d.,\u202f]+\u00a0?%")


def made_up_review(blunders: int, plays_each: int = 2) -> Review:
    """A two-player review with ``blunders`` of red's moves giving away more than the
    threshold, each play's chances chosen here."""
    plays, n = [], 0
    for turn in range(plays_each):
        for colour in ("red", "yellow"):
            n += 1
            error = BLUNDER + 0.01 if colour == "red" and turn < blunders else 0.004 * n
            before, after_draw = 0.40 + 0.01 * n, 0.45 + 0.012 * n
            plays.append(PlayReview(n, turn + 1, colour, "10", f"R{n}-{n + 1}", before,
                                    after_draw, after_draw - error, f"R{n}-{n + 2}", False, 2))
    frames = [{"red": 0.5, "yellow": 0.5}] + [{"red": 0.5, "yellow": 0.5} for _ in plays]
    return Review("classic", ("red", "yellow"), plays, {"red": 0.5, "yellow": 0.5},
                  {"red": 0.4, "yellow": 0.6}, None, {"learned": len(plays)}, 0.0, frames)


def check_report(text: str, result: Review, lang: str) -> None:
    assert wrong_plurals(text, lang) == [], text
    # Every figure in percent is a chance of the review (the start, a before, an after the draw).
    chances = {format_percent(p, lang) for p in result.start.values()} | {
        format_percent(x, lang) for p in result.plays for x in (p.before, p.after_draw)}
    assert set(PERCENT.findall(text)) <= chances, text
    # Each player's luck and error, each error listed and the threshold: in points.
    for t in result.players.values():
        assert format_points(t.luck, lang, 1, True) in text and \
            format_points(t.error, lang) in text
    for p in result.largest_errors(5):
        assert format_points(p.error, lang) in text
    assert format_points(BLUNDER, lang, 0) in text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("blunders", [0, 1, 2])
def test_the_commands_report_writes_differences_in_points_and_counts_right(lang, blunders):
    result = made_up_review(blunders)
    assert result.players["red"].blunders == blunders
    check_report(report(result, lang), result, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_command_on_a_whole_game(lang, tmp_path, capsys):
    game = Game(2, seed=5, strategies=["greedy", "random"])
    game.run()
    record = Record.from_game(game)
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["review", str(path), "--lang", lang]) == 0
    text = capsys.readouterr().out
    from sorry_widget.simulation.review import review

    check_report(text, review(record), lang)
    # The JSON answer keeps its fractions: the words change, the public format does not.
    assert main(["review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["blunder_threshold"] == BLUNDER == 0.05
    assert all(abs(p["luck"]) <= 1 and 0 <= p["error"] <= 1 for p in data["plays"])


# --- French: "chance" is the luck, "probabilité de gagner" the chance to win --------------------


def french_entries():
    from babel.messages.pofile import read_po

    for path in sorted((ROOT / "sorry_widget" / "locale" / "fr" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            for entry in read_po(f):
                if entry.id:
                    yield path.name, entry


def test_french_catalogs_say_chance_only_for_luck():
    pytest.importorskip("babel")
    wrong = []
    for name, entry in french_entries():
        english = " ".join(entry.id) if isinstance(entry.id, tuple) else entry.id
        french = " ".join(entry.string) if isinstance(entry.string, tuple) else entry.string
        french = re.sub(r"\{[^}]*\}", "", french or "")  # (a placeholder is no word)
        if re.search(r"\bchances?\b", french, re.I) and "luck" not in english.lower():
            wrong.append(f"{name}: {english!r} -> {french!r}")
    assert wrong == []


#: The chance to win written with "chance" (French): what the issue's student could not tell
#: from the luck.
CHANCE_TO_WIN = re.compile(r"chances?\s+(?:\w+\s+){0,2}de\s+(?:gagner|victoire)|de\s+chances\b|"
                           r"(?:meilleure|même)\s+chance\b", re.I)


def french_texts() -> dict[str, str]:
    texts = {}
    for path in sorted((ROOT / "notebooks" / "fr").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts[path.name] = " ".join(" ".join("".join(c["source"]) for c in cells).split())
    page = ROOT / "docs" / "fr" / "review.md"
    texts[page.name] = " ".join(page.read_text(encoding="utf-8").split())
    return texts


def test_french_lessons_and_the_review_page_never_call_the_chance_to_win_chance():
    found = {name: CHANCE_TO_WIN.findall(text) for name, text in french_texts().items()}
    assert {name: said for name, said in found.items() if said} == {}


def test_the_check_sees_the_words_it_forbids():
    for said in ("la chance de gagner", "ses chances de gagner", "95 % de chances",
                 "la meilleure chance", "chance du rouge de gagner"):
        assert CHANCE_TO_WIN.search(said), said
    for fine in ("la chance de la carte", "la probabilité de gagner", "une chance de +3,1 points"):
        assert not CHANCE_TO_WIN.search(fine), fine
    assert wrong_plurals("1 parties sur 16, 0 gaffes", "fr") == ["1 parties", "0 gaffes"]
    assert wrong_plurals("1 blunders, 1.0 points, 2 blunders", "en") == ["1 blunders"]


# --- the page -----------------------------------------------------------------------------------

#: Differences of chances, none exactly halfway between two figures written: there Python
#: rounds half to even and the page's toFixed half up, as its percentText already does.
POINT_VALUES = [0.0, 0.0004, -0.0004, 0.0051, 0.01, -0.01, 0.012, 0.0149, 0.0152, 0.0199, 0.02,
                0.05, 0.169, -0.169, 0.5, 1.0, -1.0, 12.3456]


def run_node(tmp_path, body: str) -> object:
    script = tmp_path / "page.mjs"
    js = ROOT / "js"
    script.write_text(
        f'import {{ pointsText, uiCount, UI_ENGLISH }} from {json.dumps((js / "strings.js").as_uri())};\n'
        f'import {{ fakeModel, french, PAGE_STRINGS }} from '
        f'{json.dumps((js / "test" / "fake-model.js").as_uri())};\n' + body)
    out = subprocess.run([NODE, str(script)], capture_output=True, text=True, timeout=60,
                         check=True).stdout
    return json.loads(out)


@pytest.mark.skipif(NODE is None, reason="needs node (the test command installs npm)")
def test_the_page_writes_points_as_python_does(tmp_path):
    page = run_node(tmp_path, f"const values = {json.dumps(POINT_VALUES)};\n"
                    "const out = {};\n"
                    "for (const [lang, model] of [['en', fakeModel()], ['fr', french()]])\n"
                    "  out[lang] = values.map((v) => [0, 1, 2].map((d) => [pointsText(model, v, d),"
                    " pointsText(model, v, d, true)]));\n"
                    "console.log(JSON.stringify(out));\n")
    for lang in LANGUAGES:
        expected = [[[format_points(v, lang, d).replace("-", "\u2212"),
                      format_points(v, lang, d, True).replace("-", "\u2212")] for d in (0, 1, 2)]
                    for v in POINT_VALUES]
        assert page[lang] == expected, lang


@pytest.mark.skipif(NODE is None, reason="needs node (the test command installs npm)")
def test_the_pages_sentences_with_a_count_read_right_for_0_1_and_2(tmp_path):
    # Every sentence of the page where a count is followed by its noun is a plural entry ...
    english = run_node(tmp_path, "console.log(JSON.stringify(UI_ENGLISH));\n")
    pages = json.loads((ROOT / "js" / "test" / "page-strings.json").read_text(encoding="utf-8"))
    counted = re.compile(r"\{(\w+)\}(?: \{\w+\}| \w+)? ([^\W\d_]+[sx])\b")
    single = []
    for lang, entries in (("en", english), ("fr", pages["fr"]["ui"])):
        for key, text in entries.items():
            if isinstance(text, str):
                for field, word in counted.findall(text):
                    if (field == "n" or field.endswith("s")) and \
                            word.lower() not in {"is", "has", "was"}:
                        single.append((lang, key, text))
    assert single == []
    # ... and each, filled with 0, 1 and 2, reads right in both languages.
    plural = [key for key, text in english.items() if isinstance(text, list)]
    shown = run_node(tmp_path, f"const keys = {json.dumps(plural)};\n"
                     "const fields = (n) => new Proxy({ n }, { has: () => true, "
                     "get: (o, k) => (k in o ? o[k] : n) });\n"
                     "const out = {};\n"
                     "for (const [lang, model] of [['en', fakeModel()], ['fr', french()]])\n"
                     "  out[lang] = keys.flatMap((k) => [0, 1, 2].map((n) => "
                     "uiCount(model, k, n, fields(n))));\n"
                     "console.log(JSON.stringify(out));\n")
    for lang in LANGUAGES:
        assert [s for s in shown[lang] if wrong_plurals(s, lang)] == [], lang
