"""What the lessons say, checked: their words against numbers computed here independently of
the lesson's own code, and their links from where a lesson is opened (issue 21)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from support.lessons import LINK, anchors

ROOT = Path(__file__).parent.parent
# The English lessons and their French twins (notebooks/fr/, issue 32).
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks").glob("fr/*.ipynb"))


def cells(lesson: str, kind: str) -> list[str]:
    nb = json.loads((ROOT / "notebooks" / lesson).read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


def text(lesson: str) -> str:
    """A lesson's markdown as one line of words (line breaks inside a paragraph dropped)."""
    return " ".join(" ".join(cells(lesson, "markdown")).split())


def test_lesson_4_compares_with_and_without_replacement_as_the_deck_does():
    """Point 16: the chance of a Sorry! (4 in 45 cards) within n draws is the same both ways at
    n = 1 and higher without replacement from n = 2 on; the task once said "always"."""
    def none_with(n):  # n independent draws from a full deck
        return Fraction(41, 45) ** n

    def none_without(n):  # n cards off one shuffled deck: each draw one card fewer
        p = Fraction(1)
        for i in range(n):
            p *= Fraction(max(0, 41 - i), 45 - i)
        return p

    assert 1 - none_with(1) == 1 - none_without(1) == Fraction(4, 45)
    assert all(none_without(n) < none_with(n) for n in range(2, 46))
    words = text("04-probability-with-cards.ipynb")
    assert "always a little higher" not in words
    assert "At n = 1 the two columns agree (4/45 both ways); from n = 2 on the chance *without* " \
           "replacement is higher." in words


def test_no_lesson_imports_numpy_or_matplotlib():
    """Issue 32: every lesson runs offline in the Lite site, where Pyodide has no NumPy or
    matplotlib (only its CDN does): lessons 4 and 5 imported both behind lesson_needs."""
    import ast

    for lesson in LESSONS:
        relative = lesson.relative_to(ROOT / "notebooks").as_posix()
        for source in cells(relative, "code"):
            for node in ast.walk(ast.parse(source)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                assert not [n for n in names if n.split(".")[0] in ("numpy", "matplotlib")], \
                    f"{relative} imports {names}"
                assert not (isinstance(node, ast.Name) and node.id == "lesson_needs"), relative


def served_root() -> Path:
    """The folder scripts/run.sh serves in JupyterLab: a lesson's relative link works only
    to a file inside it."""
    script = (ROOT / "scripts" / "run.sh").read_text()
    root = re.search(r"--(?:ServerApp\.root_dir|notebook-dir)=\"\$root(/[^\"]*)?\"", script)
    return (ROOT / (root.group(1) or "/").lstrip("/")).resolve()


def test_every_link_of_every_lesson_opens_from_where_the_lesson_is_opened():
    """Point 11: JupyterLab resolves a lesson's relative link against the lesson's folder, and
    serves only what is under its root (scripts/run.sh's); lesson 5's link to the coach's page
    was a 404 there. Every markdown link and image of every lesson: the file exists under the
    served root, and any #anchor is on the page."""
    checked, broken = 0, []
    served = served_root()
    for lesson in LESSONS:
        for cell in cells(lesson.relative_to(ROOT / "notebooks").as_posix(), "markdown"):
            for match in LINK.finditer(cell):
                link = match.group(1) or match.group(2)
                if re.match(r"[a-z]+:", link) or link.startswith("#"):
                    continue  # web addresses are another test's (test_docs); same-page anchors
                path, _, anchor = link.partition("#")
                target = (lesson.parent / path).resolve()
                checked += 1
                if not target.exists():
                    broken.append(f"{lesson.name}: {link} (no such file)")
                elif served not in target.parents:
                    broken.append(f"{lesson.name}: {link} (outside {served}, which run.sh "
                                  "serves)")
                elif anchor and anchor not in anchors(target.read_text()):
                    broken.append(f"{lesson.name}: {link} (no such anchor)")
    assert checked, "no link found: the pattern is broken"
    assert not broken, broken


def test_anchors_are_github_slugs_and_explicit_ids():
    page = "# 5 · Does going first matter?\n## Tasks\n## Tasks\n<a id=\"c7\"></a>\n"
    assert anchors(page) == {"5--does-going-first-matter", "tasks", "tasks-1", "c7"}


def wilson(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% Wilson score interval, written out here apart from the package's."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5)
    return centre - half, centre + half


def mean_interval(values) -> tuple[float, float, float]:
    import statistics

    mean = statistics.fmean(values)
    half = 1.959963984540054 * statistics.stdev(values) / len(values) ** 0.5
    return mean, mean - half, mean + half


def run_cells(lesson: str, wanted: list[str]) -> dict[str, str]:
    """Run the whole lesson in a kernel started in its folder, as JupyterLab does; returns
    the printed text of the cells whose code contains each of ``wanted``."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(ROOT / "notebooks" / lesson, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    out = {}
    for cell in nb.cells:
        text = "".join(o.get("text", "") for o in cell.get("outputs", [])
                       if o.get("output_type") == "stream")
        for key in wanted:
            if key in cell.source:
                out[key] = out.get(key, "") + text
    return out


@pytest.mark.jupyter
def test_lesson_5_puts_an_interval_on_every_estimate_and_says_what_overlap_means():
    """Point 17: the greedy result, the game lengths and the coach's best against its runner-up
    get 95% intervals (heatmaps are counts and say so); each printed number is recomputed here
    from the same games with the statistics written out in this file."""
    from sorry_widget import Position, fast_engine_available, simulate
    from sorry_widget.board.game import next_seat

    if not fast_engine_available():
        pytest.skip("the lesson's numbers are those of the batch engine")
    words = text("05-strategy-experiments.ipynb")
    assert "tens of thousands of games a second" not in words
    assert "Every win rate and every average is an estimate from a sample of games, so each " \
           "comes with a 95% confidence interval; the heatmaps show counts" in words
    # Overlap does not mean "no difference" (docs/coach.md), and a confidence interval is not
    # a 95% chance that it holds the true value; a difference of win rates is in points.
    assert "overlapping intervals mean" not in words and "95% sure" not in words
    assert "two intervals can overlap while the games still show a difference" in words
    assert "it is not a 95% chance that this one interval holds it" in words

    printed = run_cells("05-strategy-experiments.ipynb",
                        ["turns = [int(t)", "greedy_first = simulate", "difference = "])
    games = 100_000

    # Game lengths: the mean and its normal-approximation interval.
    four = simulate(4, games=games, strategy="random", seed="lesson-5")
    m, lo, hi = mean_interval([int(t) for t in four.per_game["turns"]])
    said = re.search(r"mean ([\d.]+) turns a game \(95% interval ([\d.]+) to ([\d.]+), normal "
                     r"approximation\)", printed["turns = [int(t)"])
    assert said and said.groups() == tuple(f"{v:.1f}" for v in (m, lo, hi))
    m, lo, hi = mean_interval([int(b) for b in four.per_game["bumps"]])
    said = re.search(r"([\d.]+) bumps on average \(95% interval ([\d.]+) to ([\d.]+)\)",
                     printed["turns = [int(t)"])
    assert said and said.groups() == tuple(f"{v:.1f}" for v in (m, lo, hi))

    # Greedy against random, both seat orders pooled: wins over games, Wilson interval.
    half = games // 5
    wins = simulate(2, games=half, strategy=["greedy", "random"],
                    seed="greedy-first").wins_per_seat[0] + \
        simulate(2, games=half, strategy=["random", "greedy"],
                 seed="greedy-second").wins_per_seat[1]
    lo, hi = wilson(wins, 2 * half)
    said = re.search(r"greedy won ([\d,]+) of ([\d,]+) games = ([\d.]+%) \(95% interval "
                     r"([\d.]+%) to ([\d.]+%)\)", printed["greedy_first = simulate"])
    assert said, printed["greedy_first = simulate"]
    assert int(said[1].replace(",", "")) == wins and int(said[2].replace(",", "")) == 2 * half
    assert said.groups()[2:] == tuple(f"{v:.1%}" for v in (wins / (2 * half), lo, hi))

    # The coach: best and runner-up, their Wilson intervals, and the paired difference.
    position = Position.from_dict({
        "format": "sorry-position/1", "rules": "classic", "to_move": "red",
        "pawns": {"red": [3, 20, "start", "start"], "blue": [8, 22, "start", "home"],
                  "yellow": [40, "start", "start", "start"], "green": [50, 52, "start", "start"]}})
    from sorry_widget.simulation.coach import distinct_moves

    per_move = {}
    for move in distinct_moves(position.legal_moves("7")):
        after = move.result.with_to_move(position.colour_names[next_seat(move)])
        s = simulate(start=after, games=1000, seed="lesson-5")
        per_move[move.notation] = [int(s.players[w] == "red") for w in s.per_game["winner_seat"]]
    best, runner_up = sorted(per_move, key=lambda n: sum(per_move[n]), reverse=True)[:2]
    best_ci, runner_ci = wilson(sum(per_move[best]), 1000), wilson(sum(per_move[runner_up]), 1000)
    coach_text = printed["difference = "]
    assert f"best {best}: " in coach_text and f"runner-up {runner_up}: " in coach_text
    overlap = best_ci[0] <= runner_ci[1]
    assert ("the intervals overlap." if overlap else "do not overlap.") in coach_text
    m, lo, hi = mean_interval([a - b for a, b in zip(per_move[best], per_move[runner_up])])
    said = re.search(r"game by game over 1,000 pairs: ([+-][\d.]+) points \(95% interval "
                     r"([+-][\d.]+) to ([+-][\d.]+) points, normal approximation\)", coach_text)
    assert said and said.groups() == tuple(f"{100 * v:+.1f}" for v in (m, lo, hi))
    verdict = "do not show that the best move beats" if lo <= 0 <= hi else "beyond chance"
    assert verdict in coach_text


def test_a_name_that_holds_a_live_board_is_never_reused():
    """Issue 31, point 11: lesson 01 called its live board ``play`` and then bound ``play`` to
    a record entry, so the board was lost to the class's later cells. Every lesson, in both
    languages: a name bound to a widget is bound once."""
    import ast

    for path in sorted((ROOT / "notebooks").glob("**/*.ipynb")):
        nb = json.loads(path.read_text())
        bound: dict[str, int] = {}
        widgets = set()
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            tree = ast.parse("".join(cell["source"]))
            for node in ast.walk(tree):
                targets = node.targets if isinstance(node, ast.Assign) else \
                    [node.target] if isinstance(node, (ast.AnnAssign, ast.For)) else []
                names = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
                for name in names:
                    bound[name] = bound.get(name, 0) + 1
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                        getattr(node.value.func, "id", "").startswith("Sorry"):
                    widgets.update(names)
        reused = {name: bound[name] for name in widgets if bound[name] > 1}
        assert not reused, (path.name, reused)


COACH_CELL_RUNNER = r"""
import json, sys, time
if sys.argv[1] == "pip":
    sys.modules["numba"] = None  # the pip route: `[lab]` alone, no numba
import sorry_widget
from sorry_widget import fast_engine_available, wilson_interval

played = []
real_simulate = sorry_widget.simulate


class Summary:
    def __init__(self, wins_per_seat):
        self.wins_per_seat = wins_per_seat


def simulate(players, games, strategy, seed):
    played.append((games, list(strategy)))
    if sys.argv[1] == "pip":
        return real_simulate(players, games=games, strategy=strategy, seed=seed)
    coach_seat = strategy.index("coach")  # a stand-in: the coach wins 15 of 20 in each order
    return Summary([15 if seat == coach_seat else 5 for seat in range(2)])


cell = json.loads(sys.stdin.read())
began = time.perf_counter()
exec(cell, {"simulate": simulate, "wilson_interval": wilson_interval,
            "fast_engine_available": fast_engine_available, "IN_BROWSER": False})
print(json.dumps({"played": played, "seconds": time.perf_counter() - began,
                  "fast": fast_engine_available()}))
"""


def run_coach_cell(route: str) -> tuple[str, dict]:
    import os
    import subprocess
    import sys

    cell = next(c for c in cells("05-strategy-experiments.ipynb", "code") if "PLAY_ALL" in c)
    done = subprocess.run([sys.executable, "-c", COACH_CELL_RUNNER, route], input=json.dumps(cell),
                          capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    *printed, report = done.stdout.strip().splitlines()
    return "\n".join(printed), json.loads(report)


def test_lesson_5_coach_question_on_the_pip_route_says_what_answering_takes():
    """Issue 31, point 3: without numba the cell played 8 games (41 s) for an interval of
    22%-78%, which answers nothing. It now plays one game, says how many games the interval
    needs (recomputed here with the Wilson interval written out in this file) and how long they
    would take."""
    games = 40
    needed = next(w for w in range(games + 1) if wilson(w, games)[0] > 0.5)
    assert wilson(needed - 1, games)[0] <= 0.5 < wilson(needed, games)[0]
    assert f"with 40, the coach must win at least {needed} of them" in text(
        "05-strategy-experiments.ipynb")

    printed, report = run_coach_cell("pip")
    assert report["fast"] is False
    assert report["played"] == [[1, ["coach", "random"]]]
    assert f"if the coach wins {needed} or more" in printed
    said = re.search(r"One game took (\d+) s on the pure-Python engine \(numba is not "
                     r"installed\): the 40 games would take about (\d+) minutes", printed)
    assert said, printed
    seconds, minutes = int(said[1]), int(said[2])
    assert abs(minutes - max(1, games * seconds / 60)) <= games / 60 + 0.5
    assert "won" not in printed  # no win rate from one game
    print(f"pip route: the coach cell took {report['seconds']:.1f} s")


def test_lesson_5_coach_question_with_the_batch_engine_plays_enough_games_and_answers():
    import pytest

    from sorry_widget import fast_engine_available

    if not fast_engine_available():
        pytest.skip("the batch engine's route")
    printed, report = run_coach_cell("batch")
    assert report["played"] == [[20, ["coach", "random"]], [20, ["random", "coach"]]]
    lo, hi = wilson(30, 40)
    assert f"won 30 of 40 games = 75% (95% interval {lo:.0%} to {hi:.0%})" in printed
    assert "listening to the coach pays" in printed


def test_every_lesson_stores_the_language_info_its_kernel_reports():
    # Issue 39, point 16: JupyterLab copies the kernel's language_info into the notebook when the
    # kernel starts; a lesson that stored anything else opened marked unsaved. Every lesson stores
    # what ipykernel reports (scripts/lesson_metadata.py writes it), for Python 3.11 as the
    # README's set-up and the CI have it; a patch release differs only in "version".
    import platform

    pytest.importorskip("ipykernel")
    from ipykernel.ipkernel import IPythonKernel

    reported = json.loads(json.dumps(IPythonKernel.language_info))
    lessons = sorted([*(ROOT / "notebooks").glob("*.ipynb"),
                      *(ROOT / "notebooks" / "fr").glob("*.ipynb")])
    assert len(lessons) == 20
    stored = {path.name: json.loads(path.read_text(encoding="utf-8"))["metadata"]
              for path in lessons}
    for name, metadata in stored.items():
        info = metadata.get("language_info", {})
        assert {**info, "version": None} == {**reported, "version": None}, name
        assert info["version"].split(".")[:2] == platform.python_version().split(".")[:2], name
        assert metadata["kernelspec"] == {"display_name": "Python 3 (ipykernel)",
                                          "language": "python", "name": "python3"}, name
    assert len({json.dumps(m, sort_keys=True) for m in stored.values()}) == 1
