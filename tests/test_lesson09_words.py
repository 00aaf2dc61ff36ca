"""Lesson 09's sentences that depend on a result (issue 39, point 8), in English and French,
printed for made-up outcomes on each side without running the lesson's ladder: which players
the small ladder's games separate and whether the New game form's order agrees, and the
two-pawn cells with the solved table and without it (where the learned value, the same for
every position whose pawns stand alike, is not passed off as an estimate of the game, and no
"best play by both" is claimed). tests/test_lesson09.py checks the printed numbers in a kernel."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from sorry_widget.simulation import twopawn

ROOT = Path(__file__).resolve().parent.parent
LESSONS = {"en": ROOT / "notebooks" / "09-how-strong.ipynb",
           "fr": ROOT / "notebooks" / "fr" / "09-quelle-force.ipynb"}


def code_cells(lang: str) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(LESSONS[lang].read_text())["cells"]
            if c["cell_type"] == "code"]


def run_cells(lang: str, numbers: list[int], names: dict | None = None) -> tuple[dict, str]:
    """The lesson's code cells ``numbers`` (0 = the first) run in order in ``names``; what they
    printed, wrapped lines joined."""
    names = {} if names is None else names
    out = io.StringIO()
    cells = code_cells(lang)
    with contextlib.redirect_stdout(out):
        for n in numbers:
            exec(compile(cells[n], str(LESSONS[lang]), "exec"), names)
    return names, re.sub(r" *\n *", " ", out.getvalue())


def pair(a: str, b: str, low: float, high: float):
    return SimpleNamespace(a=a, b=b, low=low, high=high)


@pytest.mark.parametrize("lang", LESSONS)
def test_what_the_small_ladder_separates_is_said_from_its_intervals(lang):
    names, _ = run_cells(lang, [0])
    order = names["levels"]
    assert order.index("random") < order.index("greedy")
    say = names["say_what_the_games_separate" if lang == "en" else
                "dire_ce_que_les_parties_departagent"]
    pairs = [pair("greedy", "random", 0.70, 0.80),             # separated, as the form has it
             pair("apologies-reward", "greedy", 0.52, 0.58),  # separated, against the form
             pair("greedy", "learned", 0.44, 0.56)]            # not separated
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        say(pairs, order, 200)
    words = re.sub(r" *\n *", " ", out.getvalue())
    if lang == "en":
        expected = ["greedy beat random over these 200 games",
                    "the form lists greedy after random.",
                    "apologies-reward beat greedy over these 200 games",
                    "the form lists apologies-reward before greedy, against these games.",
                    "greedy and learned: 200 games do not separate them"]
        assert "learned beat" not in words and "beat learned" not in words
    else:
        expected = ["greedy a battu random sur ces 200 parties",
                    "le formulaire met greedy après random.",
                    "apologies-reward a battu greedy sur ces 200 parties",
                    "le formulaire met apologies-reward avant greedy, contre ces parties.",
                    "greedy et learned\u00a0: 200 parties ne les départagent pas"]
        assert "a battu learned" not in words and "learned a battu" not in words
    for said in expected:
        assert said in words, (said, words)


class FakeTable:
    """A solved table's interface with made-up values, for the words of the cells that read it."""

    states = 4_633_354
    tolerance = 1e-9

    def covers(self, position):
        return False  # (other code asking the table is told it covers nothing)

    def win_chance(self, position):
        return 0.5016215681

    def chance_after(self, move):
        return 0.7 if "-" in move.notation and ">" not in move.notation else 0.4


@pytest.mark.parametrize("lang", LESSONS)
@pytest.mark.parametrize("solved", [True, False], ids=["table", "no-table"])
def test_the_two_pawn_cells_say_whose_figures_they_show(lang, solved, monkeypatch):
    monkeypatch.setattr(twopawn, "cached_table", lambda *a, **k: FakeTable() if solved else None)
    names, _ = run_cells(lang, [0])
    cells = code_cells(lang)
    first = next(n for n, c in enumerate(cells) if "twopawn.cached_table()" in c)
    choice = next(n for n, c in enumerate(cells) if "legal_moves(11)" in c)
    _, words = run_cells(lang, [first, choice], names)
    best_play = {"en": ("with best play by both", "when both play their best"),
                 "fr": ("quand les deux jouent au mieux",)}[lang]
    if solved:
        assert any(said in words for said in best_play)
        assert "learned" not in words and "appris" not in words
    else:
        # No claim of best play, no figure passed off as the two-pawn game's estimate: the
        # learned value gives this position what it gives the start of a whole game.
        assert not any(said in words for said in best_play), words
        assert ("the same at the start of a whole game" if lang == "en" else
                "autant au départ d'une partie entière") in words
        assert ("The learned player's estimates" if lang == "en" else
                "Les estimations du joueur appris") in words
        assert ("By these estimates, even the best move loses" if lang == "en" else
                "Selon ces estimations, même le meilleur coup perd") in words
        assert "docs/exact.md" in words or "docs/fr/exact.md" in words


@pytest.mark.parametrize("lang", LESSONS)
def test_the_stopping_rule_is_the_bounds_gap(lang):
    markdown = " ".join(" ".join("".join(c["source"]) for c in json.loads(
        LESSONS[lang].read_text())["cells"] if c["cell_type"] == "markdown").split())
    assert "no value changes by more than" not in markdown
    assert "aucune valeur ne change de plus" not in markdown
    assert ("upper bound is less than 10⁻⁹ above its lower bound" if lang == "en" else
            "borne supérieure dépasse sa borne inférieure de moins de 10⁻⁹") in markdown
    # Every player the docs' tables show is explained in the lesson.
    assert "coach(1000, greedy)" in markdown and "sorrygame-" in markdown
