"""The exact solvers (sorry_widget.simulation.exact) against the engine's own games.

Each exact figure is checked against games played by :class:`Game` — the engine's loop, moves
and win test — with cards drawn with replacement, within 3 standard errors; the race is also
checked from a position where best play and random play differ by more than the check's error,
so a solver that confused the two policies would fail.
"""

from __future__ import annotations

import json
import math
import re
import statistics
from fractions import Fraction

import pytest

from sorry_widget.board.track import HOME, START, safety
from sorry_widget.cli import main
from sorry_widget.simulation import exact


@pytest.fixture(scope="module")
def journey():
    return exact.journey()


@pytest.fixture(scope="module")
def race_values():
    order, graph = exact.race_graph()
    best, _ = exact._solve_race(order, graph, "best", exact.TOLERANCE)
    random, _ = exact._solve_race(order, graph, "random", exact.TOLERANCE)
    return best, random


def test_card_model_is_the_classic_deck_with_replacement():
    probabilities = exact.card_probabilities()
    assert probabilities[1] == Fraction(5, 45)
    assert all(p == Fraction(4, 45) for card, p in probabilities.items() if card != 1)
    assert sum(probabilities.values()) == 1 and len(probabilities) == 11


def test_fastest_journeys_by_hand(journey):
    # HOME needs at least three cards: a 1 or a 2 out of START onto square 4, a 4 backward to
    # square 0, then an 8 (squares 1 and 2, the five safety squares, HOME). No two cards reach.
    p = journey.p_home_within
    assert p[0] == p[1] == 0
    assert p[2] == pytest.approx(float(Fraction(9, 45) * Fraction(4, 45) * Fraction(4, 45)),
                                 abs=1e-15)
    assert all(a <= b for a, b in zip(p, p[1:])) and p[-1] <= 1
    assert len(p) == exact.JOURNEY_HORIZON == 200


def test_expected_cards_solve_their_equations_exactly(journey):
    # E(s) = 1 + sum over cards of P(card) E(policy(s, card)), with no rounding at all.
    probabilities = exact.card_probabilities()
    e = journey.expected_from
    for loc in journey.transitions:
        if loc != HOME:
            assert e[loc] == 1 + sum(p * e[journey.policy[(loc, c)]]
                                     for c, p in probabilities.items())
    assert journey.expected_cards == e[START]
    # The policy is optimal: no other move of the card expects fewer cards, and where two
    # expect the same the first (forward) is taken.
    for key, targets in journey.choices.items():
        chosen = journey.policy[key]
        assert chosen in targets
        assert e[chosen] == min(e[t] for t in targets)
        assert chosen == next(t for t in targets if e[t] == e[chosen])
    assert sum(len(t) > 1 for t in journey.choices.values()) > 20


def test_the_policy_takes_the_ten_backward_where_that_is_shorter(journey):
    # From square 3, red's safety entry (square 2) is one step back: a 10 backward leaves 7
    # steps to HOME, forward 10 goes round the board again.
    assert journey.policy[(3, 10)] == 2
    # Ties go forward: from START every card but 1 and 2 leaves the pawn there.
    assert journey.policy[(START, 5)] == START


@pytest.mark.slow
def test_journey_agrees_with_the_engines_games(journey):
    cards = exact.simulate_journey(20_000, seed=7, answer=journey)
    mean = statistics.fmean(cards)
    se = statistics.stdev(cards) / math.sqrt(len(cards))
    assert abs(mean - float(journey.expected_cards)) < 3 * se, (mean, se)
    for n in (15, 25, 35, 60):
        share = sum(c <= n for c in cards) / len(cards)
        p = journey.p_home_within[n - 1]
        assert abs(share - p) < 3 * math.sqrt(p * (1 - p) / len(cards)) + 1e-9, (n, share, p)


def _check_race(wins, value):
    share = sum(wins) / len(wins)
    se = math.sqrt(value * (1 - value) / len(wins))
    assert abs(share - value) < 3 * se, (share, value, se)
    return se


@pytest.mark.slow
def test_race_from_the_start_agrees_with_the_engines_games(race_values):
    best, random = race_values
    answer = exact.race()
    start = (START, START, 0)
    assert answer.first_player_wins == pytest.approx(best[start], abs=1e-12)
    assert answer.first_player_wins_random == pytest.approx(random[start], abs=1e-12)
    _check_race(exact.simulate_race(20_000, "best", seed=3, values=best), best[start])
    _check_race(exact.simulate_race(20_000, "random", seed=4), random[start])


@pytest.mark.slow
def test_race_where_good_play_matters(race_values):
    best, random = race_values
    # Red on square 58, yellow on its last safety square: red to draw. Where red must choose
    # (a 4 or a 10 backward to bump? an 11?), good play gains about 4 points.
    state = (58, safety(5), 0)
    assert best[state] - random[state] > 0.03
    games = 6_000
    se_best = _check_race(exact.simulate_race(games, "best", seed=5, start=state, values=best),
                          best[state])
    se_random = _check_race(exact.simulate_race(games, "random", seed=6, start=state),
                            random[state])
    # The check is sharp: the two policies are further apart than its error.
    assert best[state] - random[state] > 3 * (se_best + se_random)


@pytest.mark.slow
def test_values_are_probabilities_and_first_draw_helps(race_values):
    best, random = race_values
    for values in (best, random):
        assert all(-1e-12 <= v <= 1 + 1e-12 for v in values.values())
    # Going first helps, a little, under both policies; good play by both leaves it positive.
    assert 0.5 < best[(START, START, 0)] < 0.51
    assert 0.5 < random[(START, START, 0)] < 0.51
    assert best[(START, START, 1)] == pytest.approx(1 - best[(START, START, 0)], abs=1e-9)


def test_exact_commands(capsys):
    assert main(["exact", "journey", "--json"]) == 0
    journey = json.loads(capsys.readouterr().out)
    assert set(journey) == {"expected_cards", "p_home_within"}
    assert len(journey["p_home_within"]) == 200
    assert 27 < journey["expected_cards"] < 28.5
    assert main(["exact", "race", "--json"]) == 0
    race = json.loads(capsys.readouterr().out)
    assert set(race) == {"first_player_wins", "first_player_wins_random"}
    assert main(["exact", "journey"]) == 0
    assert "Expected cards to HOME" in capsys.readouterr().out
    assert main(["exact", "race", "--rules", "teams"]) == 2
    assert "teams-1992 is not solved exactly" in capsys.readouterr().err


def test_the_2013_edition_changes_the_journey():
    classic = exact.journey()
    edition = exact.journey("edition-2013")
    # A Sorry! alone on the board moves 4 forward in 2013 instead of being lost.
    assert edition.expected_cards < classic.expected_cards


@pytest.mark.slow
def test_the_docs_page_quotes_the_solvers_figures():
    from pathlib import Path
    page = (Path(__file__).parent.parent / "docs" / "exact.md").read_text()
    rows = {}
    for line in page.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("| ") and cells[0].split(" ")[0] in exact.SOLVABLE:
            rows.setdefault(cells[0].split(" ")[0], []).append(cells[1:])
    assert set(rows) == set(exact.SOLVABLE)
    for rules, (journey_row, race_row) in rows.items():
        journey = exact.journey(rules)
        assert journey_row == [f"{float(journey.expected_cards):.4f}"] + [
            f"{journey.p_home_within[n - 1]:.4f}" for n in (20, 30, 50)]
        race = exact.race(rules)
        assert race_row == [f"{race.first_player_wins:.6f}",
                            f"{race.first_player_wins_random:.6f}"]
    assert f"{exact.race().states:,} of them are\nreachable" in page and "144/91125" in page
    # Where exactness stops: upper bounds, counted here by listing one colour's arrangements.
    words = " ".join(page.split())
    one_colour = one_colour_arrangements_by_listing(4)
    two, four = one_colour ** 2 * 2, one_colour ** 4 * 4
    assert f"at most {one_colour:,} arrangements" in words
    assert f"at most {two / 10 ** 12:.1f} × 10¹² states" in words
    assert f"at most {four / 10 ** 24:.1f} × 10²⁴" in words
    assert f"about {four / 1e9 / (365.25 * 24 * 3600) / 1e6:.0f} million years" in words
    assert "635,376" not in words


def test_the_expected_cards_are_the_sum_of_the_tail_chances():
    # An independent route to E: E = sum over n >= 0 of P(not HOME after n cards), from the
    # distribution moved forward card by card instead of the linear equations.
    long = exact.journey(horizon=2500)
    tail = 1 + sum(1 - p for p in long.p_home_within)  # n = 0 contributes 1
    assert tail == pytest.approx(float(long.expected_cards), abs=1e-9)


@pytest.mark.slow
def test_lesson_8_says_what_it_computes():
    import nbformat
    from pathlib import Path
    lesson = nbformat.read(Path(__file__).parent.parent / "notebooks" / "08-markov-chains.ipynb",
                           as_version=4)
    words = "\n".join(c.source for c in lesson.cells if c.cell_type == "markdown")
    journey = exact.journey()
    race = exact.race()
    assert f"{journey.states} equations in all" in words
    assert "with replacement" in words and "5/45" in words and "4/45" in words
    # "a fraction of a point": the advantage, in points per hundred, under both ways of play.
    assert 0 < 100 * (race.first_player_wins - 0.5) < 1
    assert 0 < 100 * (race.first_player_wins_random - 0.5) < 1
    # "more than a point on either side" for 6,000 races.
    assert "6,000 races" in words and "RACES = 6000" in "\n".join(
        c.source for c in lesson.cells if c.cell_type == "code")
    assert 100 * 1.96 * math.sqrt(0.25 / 6000) > 1
    # The state on square 58 against yellow's last safety square, where good play matters.
    assert "square 58" in words and race.values_best[(58, safety(5), 0)] > \
        race.values_random[(58, safety(5), 0)]
    # The fastest journey, as the lesson prints it.
    assert "a 1 or 2, a 4 back to square 0, an 8" in "\n".join(c.source for c in lesson.cells)


def test_lesson_8_in_french_says_the_same():
    import nbformat
    from pathlib import Path
    lesson = nbformat.read(Path(__file__).parent.parent / "notebooks" / "fr" /
                           "08-chaines-de-markov.ipynb", as_version=4)
    words = "\n".join(c.source for c in lesson.cells if c.cell_type == "markdown")
    code = "\n".join(c.source for c in lesson.cells if c.cell_type == "code")
    assert f"{exact.journey().states} équations en tout" in words
    assert "avec remise" in words and "5/45" in words and "4/45" in words
    assert "6\u202f000 courses" in words and "COURSES = 6000" in code
    assert "case 58" in words and "un 4 en arrière jusqu'à la case 0, un 8" in code
    # The page it links to is the French page, and exists from where the lesson is.
    assert "](../../docs/fr/exact.md)" in words
    assert (Path(__file__).parent.parent / "notebooks" / "fr" / "../../docs/fr/exact.md").exists()


# --- lesson 8's sentences, recomputed (issue 32, point 5) --------------------------------------

LESSONS = {"en": ("08-markov-chains.ipynb",), "fr": ("fr", "08-chaines-de-markov.ipynb")}


def lesson_8(language: str):
    """(markdown as one line of words, code cells) of lesson 8 in ``language``."""
    import nbformat
    from pathlib import Path
    nb = nbformat.read(Path(__file__).parent.parent / "notebooks" / Path(*LESSONS[language]),
                       as_version=4)
    words = " ".join(" ".join(c.source for c in nb.cells if c.cell_type == "markdown").split())
    return words, [c.source for c in nb.cells if c.cell_type == "code"]


def run_lesson_cells(code: list[str], marker: str, **names) -> tuple[str, dict]:
    """Run the lesson's first cell (its imports and helpers) and the cell containing ``marker``
    with ``names`` already defined (the solved answers, so nothing is solved twice); returns
    what the cell printed and its names."""
    import contextlib
    import io
    namespace = {"plt": None, **names}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(code[0].replace("import matplotlib.pyplot as plt", "raise ImportError"), namespace)
    namespace.update(names)
    cell = next(c for c in code if marker in c)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(cell, namespace)
    return out.getvalue(), namespace


def one_colour_arrangements_by_listing(pawns: int) -> int:
    """Every multiset of one colour's places (60 track + 5 safety squares, START, HOME) with no
    two pawns on one track or safety square (rule C2): listed, not counted by formula."""
    import itertools
    places = range(67)  # 0-64 squares, 65 START, 66 HOME
    return sum(1 for pick in itertools.combinations_with_replacement(places, pawns)
               if len({p for p in pick if p < 65}) == sum(1 for p in pick if p < 65))


@pytest.fixture(scope="module")
def race():
    return exact.race()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_lesson_8_state_counts_are_upper_bounds_and_the_years_are_computed(language, journey,
                                                                          race):
    words, code = lesson_8(language)
    marker = "def arrangements" if language == "en" else "def dispositions"
    names = ({"journey": journey, "race": race} if language == "en" else
             {"voyage": journey, "course": race})
    printed, _ = run_lesson_cells(code, marker, **names)
    digits = re.sub(r"(?<=\d)[ ,\u202f\u00a0](?=\d{3})", "", printed).replace(",", ".")
    numbers = [float(x) for x in re.findall(r"\d+(?:\.\d+)?(?:e\+\d+)?", digits)]
    one = one_colour_arrangements_by_listing(1)
    four = one_colour_arrangements_by_listing(4)
    assert one == 67
    # Each count is at least what it bounds: the race's states, with who draws.
    assert race.states <= one ** 2 * 2 and one ** 2 * 2 in numbers
    assert journey.states <= one
    assert four in numbers, printed
    years = four ** 4 * 4 / 1e9 / (365.25 * 24 * 3600)
    assert round(years / 1e6) in numbers, printed
    # "tens of thousands of years" for a thousandth of the bound.
    assert 1e4 <= years / 1000 < 1e5
    said = ("tens of thousands of years" if language == "en" else
            "des dizaines de milliers d'années")
    assert said in words
    assert "universe" not in words and "univers" not in words
    # C2: only START and HOME may hold several pawns of one colour.
    assert ("START and HOME hold any number" if language == "en" else
            "le Départ et la Maison en accueillent autant qu'on veut") in words
    assert "safety zone and HOME" not in words and "la zone de sécurité et la Maison)" not in words


@pytest.mark.parametrize("language", ["en", "fr"])
def test_lesson_8_task_4_has_the_answer_it_asks_for(language, race):
    words, _ = lesson_8(language)
    gaps = {s: race.values_best[s] - race.values_random[s] for s in race.values_best}
    largest = max(gaps, key=lambda s: abs(gaps[s]))
    mirror = (safety(5), 28, 1)
    # The state the lesson draws, or its mirror (yellow on its 58, red on its last safety
    # square, yellow to draw), by 3.98 points: no state differs by 10.
    assert largest in {(58, safety(5), 0), mirror}
    assert abs(gaps[largest]) == pytest.approx(abs(gaps[(58, safety(5), 0)]))
    assert abs(gaps[mirror]) == pytest.approx(abs(gaps[(58, safety(5), 0)]))
    assert 0.039 < abs(gaps[largest]) < 0.04
    assert "10 points" not in words
    assert ("Find the race state where best play and random play differ most" in words
            if language == "en" else
            "Trouvez l'état de la course où le meilleur jeu et le jeu au hasard diffèrent le plus"
            in words)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_lesson_8_names_a_lone_pawns_only_choices(language):
    words, _ = lesson_8(language)
    order, graph = exact.race_graph()
    cards = list(exact.card_probabilities())
    with_choice = {card for state in order for card, (p, outcomes) in zip(cards, graph[state])
                   if len(outcomes) > 1}
    assert with_choice == {10, 11}
    if language == "en":
        assert "with a 10, forward 10 or back 1; with an 11" in words and "or a 4" not in words
    else:
        assert "avec un 10, avancer de 10 ou reculer de 1 ; avec un 11" in words
        assert "ou un 4 —" not in words


@pytest.mark.parametrize("language", ["en", "fr"])
def test_lesson_8_says_why_square_3_expects_fewer_cards_than_square_4(language, journey):
    words, _ = lesson_8(language)
    from sorry_widget.board.track import entry_square
    entry = entry_square(0)
    assert entry == 2 and journey.expected_from[3] < journey.expected_from[4]
    # From square 3: a 4 to square 59, a 10's step back onto the entry.
    assert journey.policy[(3, 4)] == 59 and journey.policy[(3, 10)] == entry
    # From square 4: a 4 to square 0; its 10 goes forward (one step back would be square 3).
    assert journey.policy[(4, 4)] == 0 and journey.policy[(4, 10)] == 14
    if language == "en":
        assert "a 4 to square 59, and a 10 played one step backward onto the entry itself" \
            in words and "only a 4 does (to square 0)" in words
        assert "a 4 or a 10 backward can bring it back to the entry" not in words
    else:
        assert "un 4 jusqu'à la case 59, et un 10 joué d'une case en arrière jusque sur " \
               "l'entrée elle-même" in words and "seul un 4 le fait (jusqu'à la case 0)" in words


@pytest.mark.parametrize("language", ["en", "fr"])
def test_lesson_8_orders_the_matrix_as_it_says(language, journey):
    words, code = lesson_8(language)
    name = "order" if language == "en" else "ordre"
    _, namespace = run_lesson_cells(code, "STEPS_TO_HOME",
                                    **{"journey" if language == "en" else "voyage": journey})
    order = namespace[name]
    assert order[0] == START and order[1] == 3 and order[2] == 4 and order[-1] == HOME
    assert sorted(order) == sorted(journey.transitions)
    from sorry_widget.board.track import STEPS_TO_HOME
    distances = [STEPS_TO_HOME[0][c] for c in order]
    assert distances == sorted(distances, reverse=True)
    assert ("START first, then square 3" in words if language == "en" else
            "le Départ en premier, puis la case 3" in words)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_lesson_8_describes_the_band_it_draws_and_labels_every_line(language, race):
    import xml.etree.ElementTree as ET

    from sorry_widget.render import charts
    words, code = lesson_8(language)
    band = next(c for c in code if "band=(" in c)
    # The band is centred on the exact value, as the words say.
    assert "band=([float(e) - 1.96" in band
    assert ("the exact value ± 1.96 standard errors" in words if language == "en" else
            "la valeur exacte ± 1,96 erreur type" in words)
    assert "running average ± 1.96" not in words
    # Every line of the race chart is in its legend (the dashed exact lines included), and
    # the exact lines are drawn at the exact chances.
    drawn = []

    def line(*args, **kwargs):
        drawn.append(charts.line(*args, **kwargs))
        return drawn[-1]

    # Fewer races than the lesson's: what is drawn, not what it measures, is checked here.
    code = [c.replace("RACES = 6000", "RACES = 200").replace("COURSES = 6000", "COURSES = 200")
            for c in code]
    run_lesson_cells(code, "simulate_race", line=line,
                     **{"race" if language == "en" else "course": race})
    svg = ET.fromstring(drawn[-1].svg)
    classes = [(e.get("class") or "").split() for e in svg.iter()]
    lines = sum("sw-line" in c and "sw-legend-item" not in c for c in classes)
    legend = [e for e in svg.iter() if "sw-legend-item" in (e.get("class") or "")]
    references = sorted(float(e.get("data-value")) for e in svg.iter()
                        if "sw-ref" in (e.get("class") or "") and e.get("data-value"))
    assert len(legend) == 5 and lines >= 2 + 2  # two runs (legend swatch and line each)
    assert references == sorted([race.first_player_wins, race.first_player_wins_random, 0.5])


@pytest.fixture(scope="module")
def real_deck(journey):
    """The journey drawn from a real, shuffled deck, played here by a loop of its own (a
    different seed from the figure the lesson and the page state): (mean cards, standard
    error) of 20,000 journeys."""
    import random

    from sorry_widget.board.game import Game
    from sorry_widget.board.rules import get_rules
    from sorry_widget.board.state import Position
    policy = exact.JourneyPolicy(journey)
    start = Position._make(get_rules("classic"), (0,), ((START,),), 0)
    rng = random.Random("lesson 8, a real deck")
    cards = []
    for _ in range(20_000):
        game = Game(start=start, seed=rng.randrange(2**62), strategies={"red": policy},
                    keep_history=False)
        game.run()
        cards.append(game.cards_played)
    return statistics.fmean(cards), statistics.stdev(cards) / math.sqrt(len(cards))


def test_the_docs_page_quotes_drawing_without_replacement(journey, real_deck):
    from pathlib import Path
    words = " ".join((Path(__file__).parent.parent / "docs" / "exact.md").read_text().split())
    said = re.search(r"replacement=False\)` — needs ([\d.]+) cards on average \(95% interval "
                     r"([\d.]+) to ([\d.]+), normal approximation; standard deviation ([\d.]+) "
                     r"cards\), against ([\d.]+) exactly", words)
    assert said, words
    mean, low, high, sd, exact_said = (float(x) for x in said.groups())
    assert exact_said == round(float(journey.expected_cards), 2)
    # The interval is that of 100,000 journeys with the stated spread, and holds this run.
    assert high - low == pytest.approx(2 * 1.96 * sd / math.sqrt(100_000), abs=0.011)
    measured, se = real_deck
    assert abs(mean - measured) < 3 * math.sqrt(se ** 2 + (sd / math.sqrt(100_000)) ** 2)
    # The function the page names draws from the real deck: its journeys are the loop's.
    assert exact.simulate_journey(3, seed=8, replacement=False) != \
        exact.simulate_journey(3, seed=8)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_lesson_8_quantifies_drawing_without_replacement(language, journey, real_deck):
    """The intro's "one card in thirty", against the real deck played here."""
    words, _ = lesson_8(language)
    mean, se = real_deck
    if language == "en":
        said = re.search(r"needs ([\d.]+) cards on average with replacement, and about ([\d.]+) "
                         r"\(95% interval ([\d.]+) to ([\d.]+), from 100,000 journeys", words)
    else:
        said = re.search(r"besoin en moyenne de ([\d,]+) cartes avec remise, et d'environ ([\d,]+) "
                         r"\(intervalle à 95 % de ([\d,]+) à ([\d,]+), sur 100 000 voyages", words)
    assert said, words[:1500]
    exact_said, without, low, high = (float(x.replace(",", ".")) for x in said.groups())
    assert exact_said == round(float(journey.expected_cards), 1)
    # The stated interval is that of 100,000 journeys (half-width about 0.08; rounded to one
    # decimal), and this run agrees with it.
    stated_se = (high - low) / (2 * 1.96)
    assert 0.02 < stated_se < 0.1 and low < without < high
    assert abs(without - mean) < 3 * math.sqrt(se ** 2 + stated_se ** 2), (mean, se)
    # "about one card in thirty"
    assert 1 / 40 < (float(journey.expected_cards) - mean) / float(journey.expected_cards) < 1 / 25
    assert ("about one card in thirty" if language == "en" else
            "environ une carte sur trente") in words


def test_the_docs_page_says_declining_an_11_is_a_choice_and_what_it_changes(monkeypatch, race):
    """Random play picks among distinct outcomes; declining an 11 (C10) is one of them. Solved
    here again with the decline removed wherever another move exists."""
    from pathlib import Path

    from sorry_widget.board.moves import FORFEIT, legal_moves
    words = " ".join((Path(__file__).parent.parent / "docs" / "exact.md").read_text().split())

    def must_use_the_11(position, card):
        moves = legal_moves(position, card)
        used = [m for m in moves if m.kind != FORFEIT] or moves
        return list(dict.fromkeys(exact._outcome(m) for m in used))

    monkeypatch.setattr(exact, "_results", must_use_the_11)
    order, graph = exact.race_graph()
    best, _ = exact._solve_race(order, graph, "best", exact.TOLERANCE)
    random, _ = exact._solve_race(order, graph, "random", exact.TOLERANCE)
    start = (START, START, 0)
    assert abs(random[start] - race.first_player_wins_random) > 1e-5
    assert (f"with the choice to decline, red wins {race.first_player_wins_random:.6f} at random "
            f"play and {race.first_player_wins:.6f} at best play; if the 11 had to be used "
            f"whenever it could, they would be {random[start]:.6f} and {best[start]:.6f}."
            ) in words


@pytest.mark.slow
def test_the_stopping_rule_bounds_the_error_as_the_docs_page_says(race_values):
    """The error left after the last sweep is at most the change times the longest expected
    rest of a race; the page quotes those lengths and the figures hold to 10⁻¹⁶."""
    from pathlib import Path
    words = " ".join((Path(__file__).parent.parent / "docs" / "exact.md").read_text().split())
    order, graph = exact.race_graph()
    values = dict(zip(("best", "random"), race_values))
    tight = {kind: exact._solve_race(order, graph, kind, 1e-16)[0] for kind in values}

    def outcome_value(o, v):
        return 1.0 if o == "red" else 0.0 if o == "yellow" else v[o]

    def longest_rest(kind):
        """The largest expected number of draws still to come, by its own iteration over
        each state's rows: (probability, the following states, terminal ones left out, and
        how many outcomes they are picked from)."""
        rows = {}
        for s in order:
            row = []
            for p, outcomes in graph[s]:
                if kind == "best":
                    pick = max if s[2] == 0 else min
                    outcomes = [pick(outcomes, key=lambda o: outcome_value(o, values["best"]))]
                row.append((p / len(outcomes), [o for o in outcomes if not isinstance(o, str)]))
            rows[s] = row
        rest = dict.fromkeys(order, 0.0)
        while True:
            change = 0.0
            for s in order:
                total = 1.0
                for weight, following in rows[s]:
                    for o in following:
                        total += weight * rest[o]
                change = max(change, abs(total - rest[s]))
                rest[s] = total
            if change < 1e-6:  # the page quotes one decimal
                return max(rest.values())

    for kind, phrase in (("random", "at most {:.1f} draws from any state"),
                         ("best", "(at most {:.1f} draws)")):
        longest = longest_rest(kind)
        assert phrase.format(longest) in words
        error = max(abs(tight[kind][s] - values[kind][s]) for s in order)
        assert error <= longest * exact.TOLERANCE and error <= 1e-11
    assert longest_rest("random") * exact.TOLERANCE < 5e-12
    assert "within 5 × 10⁻¹² of the exact one" in words and "by more than 10⁻¹¹" in words
