"""The exact solvers (sorry_widget.simulation.exact) against the engine's own games.

Each exact figure is checked against games played by :class:`Game` — the engine's loop, moves
and win test — with cards drawn with replacement, within 3 standard errors; the race is also
checked from a position where best play and random play differ by more than the check's error,
so a solver that confused the two policies would fail.
"""

from __future__ import annotations

import json
import math
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
    assert math.comb(64, 4) == 635_376 and "635,376" in page


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
    assert "6 000 courses" in words and "COURSES = 6000" in code
    assert "case 58" in words and "un 4 en arrière jusqu'à la case 0, un 8" in code
    # The page it links to exists, from where the lesson is.
    assert (Path(__file__).parent.parent / "notebooks" / "fr" / "../../docs/exact.md").exists()
