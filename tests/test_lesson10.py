"""Lesson 10's numbers (en, fr), computed in the notebook's own cells and checked here by
computations written apart from them: every play's chances evaluated again move by move with
the evaluator (not the review), the sums checked by the telescoping identity, the means, their
intervals and the Wilson intervals with formulas written out here, the games replayed from their
seeds."""

from __future__ import annotations

import contextlib
import io
import json
import math
import random
import re
from pathlib import Path

import pytest

from sorry_widget import Game, Position, Record
from sorry_widget.board.game import next_seat
from sorry_widget.board.rules import get_rules
from sorry_widget.core.numbers import format_number, format_percent
from sorry_widget.simulation import exact
from sorry_widget.simulation.evaluate import evaluate

ROOT = Path(__file__).parent.parent
LESSONS = {"en": ROOT / "notebooks" / "10-luck-or-skill.ipynb",
           "fr": ROOT / "notebooks" / "fr" / "10-chance-ou-talent.ipynb"}
Z = 1.96  # the lesson's normal approximation


def run_lesson(path: Path) -> dict:
    """Every code cell of the lesson, run in order as Run All does (no kernel, nobody clicks):
    its names, and what it printed as one line of words."""
    names: dict = {}
    printed = io.StringIO()
    cells = [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
    with contextlib.redirect_stdout(printed):
        for cell in cells:
            exec(compile("".join(cell["source"]), str(path), "exec"), names)
    # say() wraps lines at spaces (never at the French no-break spaces, which stay).
    names["printed"] = re.sub(r" *\n *", " ", printed.getvalue())
    return names


@pytest.fixture(scope="module")
def lessons() -> dict:
    return {lang: run_lesson(path) for lang, path in LESSONS.items()}


def position_after(move) -> Position:
    """The position a move leads to, with the player who draws next to move."""
    return move.result.with_to_move(move.position.colour_names[next_seat(move)])


def plays_again(record: Record, seen: dict | None = None) -> list[dict]:
    """Every play's before, after_draw and after, from the evaluator called on each position
    and on each legal move of the card drawn (a win is worth 1), and how many different
    positions the card could lead to. ``seen`` collects every position evaluated -> its source."""
    out = []
    seen = {} if seen is None else seen
    positions = record.replay()
    for position in positions:
        seen[position] = evaluate(position).source
    for n, move in enumerate(record.moves):
        position = positions[n]
        mover = position.colour_to_move
        values = {}
        for option in position.legal_moves(move.card):
            if option.wins:
                values[option.result_pawns] = 1.0
            else:
                found = evaluate(position_after(option))
                seen[position_after(option)] = found.source
                values[option.result_pawns] = found.chances[mover]
        out.append({"colour": mover, "before": evaluate(position).chances[mover],
                    "after_draw": max(values.values()), "after": values[move.result_pawns],
                    "choices": len(values)})
    return out


def totals(plays: list[dict], colour: str) -> dict:
    mine = [p for p in plays if p["colour"] == colour]
    decisions = sum(p["choices"] > 1 for p in mine)
    error = sum(p["after_draw"] - p["after"] for p in mine)
    return {"luck": sum(p["after_draw"] - p["before"] for p in mine), "error": error,
            "decisions": decisions, "per_decision": error / decisions if decisions else None}


def fr(text: str) -> str:
    """A French sentence as the lesson prints it: a no-break space before ":" and ";"."""
    return text.replace(" :", "\u00a0:").replace(" ;", "\u00a0;")


def mean_and_interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, mean - Z * sd / math.sqrt(n), mean + Z * sd / math.sqrt(n)


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def replacement_game(seed: str, strategies, start=None) -> Record:
    game = Game(2, seed=seed, strategies=strategies, start=start)
    game.pile = exact.ReplacementDraws(get_rules("classic").deck, random.Random(seed))
    game.run()
    return Record.from_game(game)


def test_an_unfinished_game_is_replaced_by_the_seeded_game_and_the_lesson_says_so(lessons):
    for lang, lesson in lessons.items():
        board = lesson["match" if lang == "en" else "partie"]
        assert not board.game.finished  # nobody clicked
        stand_in = Game(2, seed="lesson-10", strategies={"red": "random", "yellow": "greedy"})
        stand_in.run()
        record = lesson["record"]
        assert [p.move for p in record.plays] == [p.move for p in Record.from_game(
            stand_in).plays]
        said = "Your game is not finished" if lang == "en" else "Votre partie n'est pas finie"
        assert said in lesson["printed"]
        assert f"{len(record.plays)} {'plays' if lang == 'en' else 'coups'}" in lesson["printed"]


@pytest.fixture(scope="module")
def stand_in_plays(lessons) -> tuple[Record, list[dict]]:
    record = lessons["en"]["record"]
    return record, plays_again(record)


def test_the_costliest_decision_and_the_luckiest_card_are_red_s_and_add_up(lessons,
                                                                           stand_in_plays):
    record, plays = stand_in_plays
    red = [(n, p) for n, p in enumerate(plays, 1) if p["colour"] == "red"]
    costliest = max(red, key=lambda item: item[1]["after_draw"] - item[1]["after"])
    luckiest = max(red, key=lambda item: item[1]["after_draw"] - item[1]["before"])
    for lang, lesson in lessons.items():
        chosen, lucky = lesson["costliest" if lang == "en" else "couteuse"], \
            lesson["luckiest" if lang == "en" else "chanceuse"]
        assert (chosen.play, lucky.play) == (costliest[0], luckiest[0])
        n, p = costliest
        assert chosen.before == pytest.approx(p["before"], abs=1e-12)
        assert chosen.after_draw == pytest.approx(p["after_draw"], abs=1e-12)
        assert chosen.after == pytest.approx(p["after"], abs=1e-12)
        # The best move named is one that reaches the best chance.
        position = record.replay()[n - 1]
        best = next(m for m in position.legal_moves(record.moves[n - 1].card)
                    if m.notation == chosen.best)
        assert (1.0 if best.wins else evaluate(position_after(best)).chances["red"]) == \
            pytest.approx(p["after_draw"], abs=1e-12)
        words = lesson["printed"]
        for value in (p["before"], p["after_draw"], p["after"], p["after_draw"] - p["after"]):
            assert format_percent(value, lang) in words
        lp = luckiest[1]
        for value in (lp["before"], lp["after_draw"], lp["after_draw"] - lp["before"]):
            assert format_percent(value, lang) in words
        assert lesson["board" if lang == "en" else "plateau"].play == n
    # The sums telescope: red's (luck - error) minus yellow's is red's result minus its chance
    # at the start, here computed from the evaluator and the winner.
    red, yellow = totals(plays, "red"), totals(plays, "yellow")
    result = 1.0 if record.winner == "red" else 0.0
    start = evaluate(record.replay()[0]).chances["red"]
    difference = (red["luck"] - red["error"]) - (yellow["luck"] - yellow["error"])
    assert difference == pytest.approx(result - start, abs=1e-9)
    assert f"{result - start:+.6f}" in lessons["en"]["printed"]
    assert format_number(result - start, "fr", 6) in lessons["fr"]["printed"]
    for colour, t in (("red", red), ("yellow", yellow)):
        assert f"{colour}: luck {t['luck']:+.3f}, error {t['error']:.3f} over " \
               f"{t['decisions']} decisions ({t['per_decision']:.4f} per decision)" in \
               lessons["en"]["printed"]


@pytest.fixture(scope="module")
def class_games() -> dict:
    """The class's games replayed from their seeds and every play evaluated again."""
    players = ("random", "greedy", "learned")
    luck, rates, wins, sources = [], {p: [] for p in players}, {}, {}
    for a, b in ((0, 1), (1, 2), (0, 2)):
        for order in ((players[a], players[b]), (players[b], players[a])):
            for i in range(8):
                record = replacement_game(f"class-{order[0]}-{order[1]}-{i}", list(order))
                seen: dict = {}
                plays = plays_again(record, seen)
                for source in seen.values():
                    sources[source] = sources.get(source, 0) + 1
                first, second = record.replay()[0].colour_names
                sums = {c: totals(plays, c) for c in (first, second)}
                result = 1.0 if record.winner == first else 0.0
                start = evaluate(record.replay()[0]).chances[first]
                assert (sums[first]["luck"] - sums[first]["error"]) - \
                    (sums[second]["luck"] - sums[second]["error"]) == \
                    pytest.approx(result - start, abs=1e-9)
                for colour, name in zip((first, second), order):
                    luck.append(sums[colour]["luck"])
                    if sums[colour]["decisions"]:
                        rates[name].append(sums[colour]["per_decision"])
                winner = order[(first, second).index(record.winner)]
                wins[(players[a], players[b])] = wins.get((players[a], players[b]), 0) + \
                    (winner == players[a])
    return {"luck": luck, "rates": rates, "wins": wins, "sources": sources}


def test_better_players_give_away_less_per_decision(lessons, class_games):
    en, french = lessons["en"], lessons["fr"]
    # Where the chances came from: every distinct position of each game, counted by source.
    assert en["sources"] == class_games["sources"]
    assert "positions valued: " + ", ".join(
        f"{n:,} by {s}" for s, n in en["sources"].items()) + "." in en["printed"]
    assert en["luck_per_game"] == pytest.approx(class_games["luck"], abs=1e-9)
    intervals = {}
    for name, rates in class_games["rates"].items():
        assert en["error_rates"][name] == pytest.approx(rates, abs=1e-12)
        m, low, high = intervals[name] = mean_and_interval(rates)
        assert f"{name}: error per decision {m:.4f} (95% interval {low:.4f} to {high:.4f}), " \
               f"over {len(rates)} games" in en["printed"]
        assert fr(f"{name} : erreur par décision {format_number(m, 'fr', 4)} (intervalle à "
                  f"95 % de {format_number(low, 'fr', 4)} à {format_number(high, 'fr', 4)}), "
                  f"sur {len(rates)} parties") in french["printed"]
    # What the lesson's words say: random gives away more than greedy, greedy than learned.
    assert intervals["random"][1] > intervals["greedy"][2]
    assert intervals["greedy"][1] > intervals["learned"][2]
    for (a, b), won in class_games["wins"].items():
        low, high = wilson(won, 16)
        assert f"{a} beat {b} in {won} of 16 games: {won / 16:.0%} (95% Wilson interval " \
               f"{low:.0%} to {high:.0%})" in en["printed"]
        assert fr(f"{a} a battu {b} dans {won} parties sur 16 : "
                  f"{format_percent(won / 16, 'fr', 0)}") in french["printed"]


def test_the_mean_luck_per_game_and_its_interval(lessons, class_games):
    m, low, high = mean_and_interval(class_games["luck"])
    inside = low <= 0 <= high
    assert f"Luck per game over 96 player-games: mean {m:+.3f} (95% interval {low:+.3f} to " \
           f"{high:+.3f}); zero is {'inside' if inside else 'outside'} the interval." in \
           lessons["en"]["printed"]
    assert fr(f"moyenne {format_number(m, 'fr', 3)} (intervalle à 95 % de "
              f"{format_number(low, 'fr', 3)} à {format_number(high, 'fr', 3)}) ; zéro est "
              f"{'dans' if inside else 'hors de'} l'intervalle") in lessons["fr"]["printed"]


def test_in_exact_races_the_mean_luck_is_within_its_interval_of_zero(lessons):
    start = Position({"red": ["start", "home", "home", "home"],
                      "yellow": ["start", "home", "home", "home"]})
    luck, errors = [], {"random": [0.0, 0], "greedy": [0.0, 0]}
    for i in range(100):
        order = ("random", "greedy") if i % 2 == 0 else ("greedy", "random")
        record = replacement_game(f"race-{i}", list(order), start)
        plays = plays_again(record)
        for colour, name in zip(("red", "yellow"), order):
            t = totals(plays, colour)
            luck.append(t["luck"])
            errors[name][0] += t["error"]
            errors[name][1] += t["decisions"]
        assert all(evaluate(p).exact for p in record.replay())
    m, low, high = mean_and_interval(luck)
    assert low <= 0 <= high  # what the lesson's words say of the race
    assert f"100 races, every chance exact: True. Luck per race over 200 player-races: mean " \
           f"{m:+.3f} (95% interval {low:+.3f} to {high:+.3f}); zero is inside the interval." \
           in lessons["en"]["printed"]
    assert fr(f"moyenne {format_number(m, 'fr', 3)} (intervalle à 95 % de "
              f"{format_number(low, 'fr', 3)} à {format_number(high, 'fr', 3)}) ; zéro est dans "
              "l'intervalle") in lessons["fr"]["printed"]
    for name, (error, decisions) in errors.items():
        assert f"{name}: {decisions} decisions in 100 races, error per decision " \
               f"{error / decisions:.4f}" in lessons["en"]["printed"]
    assert errors["greedy"][0] / errors["greedy"][1] < errors["random"][0] / errors["random"][1]


def test_the_lesson_says_what_it_computed():
    for lang, path in LESSONS.items():
        words = " ".join(" ".join("".join(c["source"]) for c in json.loads(path.read_text())[
            "cells"] if c["cell_type"] == "markdown").split())
        if lang == "en":
            assert "with replacement" in words and "normal approximation" in words
            assert "It is not a 95% chance that this one interval holds it" in words
        else:
            assert "avec remise" in words and "approximation normale" in words
