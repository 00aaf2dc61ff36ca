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
from sorry_widget.core.numbers import format_number, format_percent, format_points
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
        # Chances in percent; the error and the luck, differences of chances, in points.
        for value in (p["before"], p["after_draw"], p["after"]):
            assert format_percent(value, lang) in words
        assert f"{format_points(p['after_draw'] - p['after'], lang)}." in words
        lp = luckiest[1]
        for value in (lp["before"], lp["after_draw"]):
            assert format_percent(value, lang) in words
        assert f"{format_points(lp['after_draw'] - lp['before'], lang, signed=True)}." in words
        assert lesson["board" if lang == "en" else "plateau"].play == n
    # The sums telescope: red's (luck - error) minus yellow's is red's result minus its chance
    # at the start, here computed from the evaluator and the winner.
    red, yellow = totals(plays, "red"), totals(plays, "yellow")
    result = 1.0 if record.winner == "red" else 0.0
    start = evaluate(record.replay()[0]).chances["red"]
    difference = (red["luck"] - red["error"]) - (yellow["luck"] - yellow["error"])
    assert difference == pytest.approx(result - start, abs=1e-9)
    assert format_points(result - start, "en", 4, True) in lessons["en"]["printed"]
    assert format_points(result - start, "fr", 4, True) in lessons["fr"]["printed"]
    for colour, t in (("red", red), ("yellow", yellow)):
        assert f"{colour}: luck {format_points(t['luck'], 'en', 1, True)}, error " \
               f"{format_points(t['error'], 'en')} over {t['decisions']} decisions " \
               f"({format_points(t['per_decision'], 'en', 2)} per decision)" in \
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
    # Each source in words, never the evaluator's own name (issue 39, point 14: "par learned").
    words = {"learned": ("the learned value", "la valeur apprise"),
             "race": ("the solved race", "la course résolue"),
             "two-pawn": ("the two-pawn table", "la table à deux pions"),
             "result": ("the game's result", "le résultat de la partie"),
             "heuristic": ("the expected cards", "les cartes attendues")}
    assert set(en["sources"]) <= set(words)
    assert "positions valued: " + ", ".join(
        f"{n:,} by {words[s][0]}" for s, n in en["sources"].items()) + "." in en["printed"]
    assert fr("les positions évaluées : " + ", ".join(
        f"{format_number(n, 'fr')} par {words[s][1]}" for s, n in en["sources"].items()) + ".") \
        in french["printed"]
    assert en["luck_per_game"] == pytest.approx(class_games["luck"], abs=1e-9)
    intervals = {}
    for name, rates in class_games["rates"].items():
        assert en["error_rates"][name] == pytest.approx(rates, abs=1e-12)
        m, low, high = intervals[name] = mean_and_interval(rates)
        assert f"{name}: error per decision {format_points(m, 'en', 2)} (95% interval " \
               f"{format_points(low, 'en', 2)} to {format_points(high, 'en', 2)}), " \
               f"over {len(rates)} games" in en["printed"]
        assert fr(f"{name} : erreur par décision {format_points(m, 'fr', 2)} (intervalle à "
                  f"95 % de {format_points(low, 'fr', 2)} à {format_points(high, 'fr', 2)}), "
                  f"sur {len(rates)} parties") in french["printed"]
    # What the lesson prints of each pair, from the intervals computed here.
    for a, b in (("random", "greedy"), ("greedy", "learned")):
        apart = intervals[a][1] > intervals[b][2] or intervals[b][1] > intervals[a][2]
        more, less = (a, b) if intervals[a][0] > intervals[b][0] else (b, a)
        said = f"{more} gives away more per decision than {less}: their intervals do not overlap."
        overlap = f"{a} and {b}: their intervals overlap"
        assert (said in en["printed"], overlap in en["printed"]) == (apart, not apart)
    for (a, b), won in class_games["wins"].items():
        low, high = wilson(won, 16)
        assert f"{a} beat {b} in {won} of 16 games: {won / 16:.0%} (95% Wilson interval " \
               f"{low:.0%} to {high:.0%})" in en["printed"]
        assert fr(f"{a} a battu {b} dans {won} {'partie' if won <= 1 else 'parties'} sur 16 : "
                  f"{format_percent(won / 16, 'fr', 0)}") in french["printed"]


def luck_said(values: list[float], lang: str, what: str) -> str:
    """What the lessons print of a mean luck: the mean and its interval in points, and on which
    side of zero the interval is."""
    m, low, high = mean_and_interval(values)
    inside = low <= 0 <= high
    interval = [format_points(v, lang, 1, True) for v in (m, low, high)]
    if lang == "en":
        return (f"Luck per {what} over {len(values)} player-{what}s: mean {interval[0]} (95% "
                f"interval {interval[1]} to {interval[2]}); zero is "
                f"{'inside' if inside else 'outside'} the interval")
    return fr(f"moyenne {interval[0]} (intervalle à 95 % de {interval[1]} à {interval[2]}) ; "
              f"zéro est {'dans' if inside else 'hors de'} l'intervalle")


def test_the_mean_luck_per_game_and_its_interval(lessons, class_games):
    for lang in LESSONS:
        assert luck_said(class_games["luck"], lang, "game") in lessons[lang]["printed"]


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
    assert "100 races, every chance exact: True." in lessons["en"]["printed"]
    for lang in LESSONS:
        assert luck_said(luck, lang, "race") in lessons[lang]["printed"]
    for name, (error, decisions) in errors.items():
        assert f"{name}: {decisions} decisions in 100 races, error per decision " \
               f"{format_points(error / decisions, 'en', 2)}" in lessons["en"]["printed"]
    rates = {name: error / decisions for name, (error, decisions) in errors.items()}
    less, more = sorted(rates, key=rates.get)
    assert f"In these races {less} gave away less per decision than {more}." in \
        lessons["en"]["printed"]


def test_the_lesson_says_what_it_computed():
    for lang, path in LESSONS.items():
        words = " ".join(" ".join("".join(c["source"]) for c in json.loads(path.read_text())[
            "cells"] if c["cell_type"] == "markdown").split())
        if lang == "en":
            assert "with replacement" in words and "normal approximation" in words
            assert "It is not a 95% chance that this one interval holds it" in words
        else:
            assert "avec remise" in words and "approximation normale" in words


# --- the sentences that depend on a result, for every outcome ----------------------------------


def helpers(lang: str) -> dict:
    """The lesson's first code cell run alone: the helpers that print its sentences which depend
    on a result, to be called here with made-up outcomes on each side."""
    names: dict = {}
    first = next(c for c in json.loads(LESSONS[lang].read_text())["cells"]
                 if c["cell_type"] == "code")
    exec(compile("".join(first["source"]), str(LESSONS[lang]), "exec"), names)
    return names


def printed_by(function, *args) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        function(*args)
    return re.sub(r" *\n *", " ", out.getvalue())


#: Made-up lucks per game whose mean's interval holds zero, lies above it, lies below it.
LUCK_SIDES = {"inside": [-0.1, 0.1, -0.05, 0.05, 0.02], "above": [0.10, 0.11, 0.13, 0.10, 0.12],
              "below": [-0.10, -0.11, -0.13, -0.10, -0.12]}
VERDICTS = {"en": {"inside": "cannot tell the mean luck from zero",
                   "above": "the luck averaged above zero", "below": "the luck averaged below zero"},
            "fr": {"inside": "ne distinguent pas la chance moyenne de zéro",
                   "above": "en moyenne au-dessus de zéro", "below": "en moyenne au-dessous de zéro"}}


@pytest.mark.parametrize("lang", LESSONS)
@pytest.mark.parametrize("side", LUCK_SIDES)
def test_the_mean_luck_is_said_to_be_on_the_side_of_zero_it_is(lang, side):
    values = LUCK_SIDES[side]
    m, low, high = mean_and_interval(values)
    assert {"inside": low <= 0 <= high, "above": low > 0, "below": high < 0}[side]
    names = helpers(lang)
    if lang == "en":
        words = printed_by(names["say_mean_luck"], values, "game")
    else:
        words = printed_by(names["dire_chance_moyenne"], values, "partie", "parties")
    assert luck_said(values, lang, "game") in words
    for other, verdict in VERDICTS[lang].items():
        assert (verdict in words) == (other == side), (side, words)


#: Made-up errors per decision (mean, low, high): two players told apart, in either order, and
#: two whose intervals overlap.
ORDERS = {"apart": {"a": (0.010, 0.009, 0.011), "b": (0.004, 0.003, 0.005)},
          "reversed": {"a": (0.004, 0.003, 0.005), "b": (0.010, 0.009, 0.011)},
          "overlap": {"a": (0.010, 0.004, 0.016), "b": (0.008, 0.002, 0.014)}}


@pytest.mark.parametrize("lang", LESSONS)
@pytest.mark.parametrize("case", ORDERS)
def test_which_player_gives_away_more_is_said_only_where_the_intervals_tell(lang, case):
    names = helpers(lang)
    words = printed_by(names["say_which_gives_away_more" if lang == "en" else
                             "dire_qui_perd_plus"], ORDERS[case])
    more = {"apart": ("a", "b"), "reversed": ("b", "a"), "overlap": None}[case]
    if lang == "en":
        said = f"{more[0]} gives away more per decision than {more[1]}" if more else \
            "a and b: their intervals overlap"
    else:
        said = f"{more[0]} perd plus par décision que {more[1]}" if more else \
            "a et b\u00a0: leurs intervalles se chevauchent"
    assert said in words, words
    assert ("intervals overlap," in words or "intervalles se chevauchent," in words) == \
        (more is None)


@pytest.mark.parametrize("lang", LESSONS)
@pytest.mark.parametrize("n", [0, 1, 2])
def test_a_players_totals_name_their_counts_in_the_right_form(lang, n):
    from types import SimpleNamespace

    from support.plurals import wrong_plurals

    names = helpers(lang)
    totals = SimpleNamespace(luck=0.0123, error=0.0456, decisions=n, blunders=n,
                             error_per_decision=0.0456 / n if n else 0.0)
    words = printed_by(names["say_totals" if lang == "en" else "dire_totaux"], "red", totals)
    assert wrong_plurals(words, lang) == [], words
    one = n == 1 if lang == "en" else n <= 1
    noun = {"en": ("blunder", "blunders"), "fr": ("gaffe", "gaffes")}[lang][0 if one else 1]
    assert f" {n} {noun} " in words, words
    # Luck and error are differences of chances: in points, never in percent.
    assert format_points(0.0123, lang, 1, True) in words and "%" not in words


def test_no_count_is_printed_with_the_wrong_form_of_its_noun(lessons):
    from support.plurals import wrong_plurals

    for lang, lesson in lessons.items():
        assert wrong_plurals(lesson["printed"], lang) == []


def test_the_lessons_luck_and_error_are_in_points_and_chances_in_percent(lessons):
    # Every figure printed beside "luck"/"error" (English) or "chance"/"erreur" (French) is in
    # points: a number followed by "%" never follows those words.
    for lang, words in (("en", ("luck", "error")), ("fr", ("chance", "erreur"))):
        printed = lessons[lang]["printed"]
        for word in words:
            assert not re.search(rf"\b{word}s? (de |of )?[+\-]?[\d.,\u202f]+\u00a0?%", printed), \
                (lang, word)
        assert re.search(r"[+-]?[\d.,]+[ \u00a0]points?\b", printed)
