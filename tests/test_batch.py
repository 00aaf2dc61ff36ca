"""The batch engine (numba) plays by the general engine's rules: the same distinct results for
every card in every position, games replayed card for card through Game, and the same
distributions over many games as the python engine (issue: simulations at scale)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.positions import positions

from sorry_widget.simulation import batch_engine
from sorry_widget.board.cards import CARDS
from sorry_widget.board.game import Game
from sorry_widget.board.moves import legal_moves
from sorry_widget.board.state import Position
from sorry_widget.board.rules import CLASSIC, get_rules
from sorry_widget.simulation.experiments import simulate
from sorry_widget.board.strategies import GreedyStrategy

RULES = [CLASSIC, get_rules("edition-2013"), get_rules("original-1934"),
         CLASSIC.with_options(pawns_per_player=3), CLASSIC.with_options(sorry_forward_4=True)]


def general_results(position, card) -> set:
    return {m.result_pawns for m in legal_moves(position, card)}


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from(CARDS), st.booleans())
def test_every_cards_distinct_results_are_the_general_engines(data, card, sorry_4):
    position = Position.from_dict(data)
    if sorry_4:
        position = Position._make(position.rules.with_options(sorry_forward_4=True),
                                  position.colours, position.pawns, position.to_move)
    results = batch_engine.results_of(position, card)
    assert len(results) == len(set(results))
    assert set(results) == general_results(position, card)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: str(r.options() or r.name))
def test_results_agree_on_positions_reached_in_play(rules):
    """Positions of real games (crowded slides, safety zones, pawns HOME) for every card."""
    checked = 0
    for seed in range(6):
        game = Game(4, rules=rules, seed=f"agree-{seed}")
        game.run()
        for position in game.positions()[::3]:
            if position.winner() is not None:
                continue
            for card in CARDS:
                assert set(batch_engine.results_of(position, card)) == \
                    general_results(position, card)
                checked += 1
    assert checked > 1000


def one_pawn_moves(position, card) -> int:
    pawns, colours = batch_engine.position_arrays(position)
    ks = np.empty(batch_engine.MAX_MOVES, np.int64)
    return batch_engine.one_pawn_moves(pawns, position.to_move, card, colours[position.to_move],
                                       *pawns.shape, position.rules.sorry_forward_4, ks,
                                       ks.copy())


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from([c for c in CARDS if c not in (4, 7, 11)]))
def test_one_pawn_cards_never_reach_one_result_by_two_moves(data, card):
    """The random player's shortcut for these cards: a uniform pick among moves is a uniform
    pick among results because every move ends differently."""
    position = Position.from_dict(data)
    moves = [m for m in legal_moves(position, card) if m.parts]
    assert one_pawn_moves(position, card) == len(moves) == len({m.result_pawns for m in moves})


def greedy_best(position, card) -> set:
    greedy = GreedyStrategy()
    scores = {m.result_pawns: greedy.evaluate(m.result_pawns, position.colours,
                                              position.to_move)
              for m in legal_moves(position, card)}
    top = max(scores.values())
    return {r for r, s in scores.items() if s == top}


@pytest.mark.parametrize("rules", RULES, ids=lambda r: str(r.options() or r.name))
@pytest.mark.parametrize("players,strategies", [
    (4, ["random"] * 4), (4, ["greedy"] * 4), (2, ["greedy", "random"]),
    (3, ["random", "greedy", "random"]),
])
def test_batch_games_replay_card_for_card_through_the_general_engine(rules, players, strategies):
    """Same deck order, same choices: every card the batch engine drew is drawn in a Game, its
    number of distinct results is the general engine's, its result is one of the general
    engine's (for greedy, one of the best), and the game ends alike."""
    start = Position.initial(players, rules)
    games = batch_engine.play_games(start, 6, strategies, seed="replay")
    for i in range(6):
        trace = batch_engine.trace_game(start, strategies, "replay", i)
        game = Game(start=start.with_to_move(start.colour_names[trace[0][0]]), seed=0)
        for seat, card, distinct, pawns in trace:
            assert game.position.to_move == seat
            position = game.position
            game.draw(card)
            options = general_results(position, card)
            assert distinct == len(options)
            assert pawns in options
            if strategies[seat] == "greedy":
                assert pawns in greedy_best(position, card)
            game.play(next(m for m in game.legal_moves() if m.result_pawns == pawns))
        assert game.winner == start.colour_names[games["winner"][i]]
        assert game.cards_played == games["cards"][i]
        assert game.turn == games["turns"][i]
        assert game.position.colour_names.index(game.start.colour_to_move) == games["leader"][i]


def z_means(a, b) -> float:
    a, b = np.asarray(a, float), np.asarray(b, float)
    return (a.mean() - b.mean()) / math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))


def z_sds(a, b) -> float:
    """Difference of standard deviations over its large-sample standard error (which uses
    each sample's own kurtosis, as game lengths are skewed)."""
    def sd_and_se(x):
        x = np.asarray(x, float)
        s = x.std(ddof=1)
        kurtosis = ((x - x.mean()) ** 4).mean() / s ** 4
        return s, s * math.sqrt((kurtosis - 1) / (4 * len(x)))
    (sa, ea), (sb, eb) = sd_and_se(a), sd_and_se(b)
    return (sa - sb) / math.hypot(ea, eb)


def chi_square_p(wins_a, wins_b) -> float:
    """p-value of a chi-square test that two runs' wins per seat come from one distribution
    (Wilson–Hilferty approximation of the chi-square tail)."""
    table = np.array([wins_a, wins_b], float)
    expected = table.sum(1, keepdims=True) * table.sum(0, keepdims=True) / table.sum()
    stat = ((table - expected) ** 2 / expected).sum()
    k = table.shape[1] - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


@pytest.mark.slow
@pytest.mark.parametrize("strategy,python_games", [("random", 1500), ("greedy", 600)])
def test_batch_and_python_engines_agree_in_distribution(strategy, python_games):
    """Cards and turns per game (mean and sd), wins per seat, bumps and slides per game: no
    significant difference (|z| < 4.5, chi-square p > 1e-4) between the engines."""
    python = simulate(4, games=python_games, strategy=strategy, seed="dist", engine="python",
                      counts=True)
    fast = simulate(4, games=20_000, strategy=strategy, seed="dist", engine="batch")
    for key in ("cards", "turns", "bumps", "slides"):
        assert abs(z_means(python.per_game[key], fast.per_game[key])) < 4.5, key
    for key in ("cards", "turns"):
        assert abs(z_sds(python.per_game[key], fast.per_game[key])) < 4.5, key
    assert chi_square_p(python.wins_per_seat, fast.wins_per_seat) > 1e-4
    # The per-square counts agree in shape: the same busiest squares, in proportion.
    p = np.array(python.landed) / sum(python.landed)
    f = np.array(fast.landed) / sum(fast.landed)
    assert np.abs(p - f).max() < 0.01
    assert np.corrcoef(python.bumped, fast.bumped)[0, 1] > 0.9


def test_the_tests_above_can_fail():
    """The distribution checks notice a real difference: greedy against random games."""
    random_games = simulate(4, games=3000, seed="dist", engine="batch")
    greedy_games = simulate(4, games=3000, strategy="greedy", seed="dist", engine="batch")
    assert abs(z_means(random_games.per_game["cards"], greedy_games.per_game["cards"])) > 10
    greedy_first = simulate(2, games=3000, strategy=["greedy", "random"], seed="d",
                            engine="batch")
    assert chi_square_p(greedy_first.wins_per_seat, [1500, 1500]) < 1e-6



FIRST_RUN = """
import json
from sorry_widget.simulation import batch_engine
from sorry_widget import simulate
s = simulate(4, games=50, seed=1, engine="batch", workers=1)
stats = batch_engine.play_chunk.stats
print(json.dumps({"compiled": s.compiled, "compile_seconds": s.compile_seconds,
                  "report": s.report(), "hits": sum(stats.cache_hits.values()),
                  "misses": sum(stats.cache_misses.values())}))
"""


@pytest.mark.slow
def test_setup_compiles_once_and_a_fresh_process_then_loads_numba_cache(tmp_path):
    """Issue 21, point 20. The README's two commands run scripts/setup-env.sh, which compiles
    the batch engine (its command, run here as the script runs it, into an empty numba cache:
    a cold compile); a fresh process's first simulation then loads numba's cache and compiles
    nothing, and says so apart from the games' speed."""
    import json
    import os
    import re
    import subprocess
    import sys
    from pathlib import Path

    script = (Path(__file__).parent.parent / "scripts" / "setup-env.sh").read_text()
    code = re.search(r'"\$(?:root/\.venv/bin/python|venv_python)" -c "(from sorry_widget\.'
                     r'simulation import batch_engine; batch_engine\.warm_cache\(\))"',
                     script).group(1)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))

    def run(source):
        return subprocess.run([sys.executable, "-c", source], env=env, check=True,
                              capture_output=True, text=True).stdout

    assert run(code).startswith("setup: batch engine compiled in ")
    first = json.loads(run(FIRST_RUN))
    assert first["compiled"] == "cache" and first["hits"] >= 1 and first["misses"] == 0
    assert 0 < first["compile_seconds"]
    assert "loaded from numba's cache" in first["report"]
    assert run(code).startswith("setup: batch engine loaded from cache in ")


def test_the_compilation_is_reported_apart_from_the_games_speed():
    import dataclasses

    simulate(2, games=5, seed=1, engine="batch", workers=1)
    again = simulate(2, games=5, seed=2, engine="batch", workers=1)
    assert again.compiled == "memory" and again.compile_seconds == 0.0
    assert "compiled" not in again.report()
    cold = dataclasses.replace(again, compiled="compiled", compile_seconds=28.5)
    assert cold.report().splitlines()[-2:] == [
        again.report().splitlines()[-1],
        "compiled in 28.5 s before the games (once per machine: numba's cache keeps it for "
        "later runs)"]
    assert cold.to_dict()["compile_seconds"] == 28.5
    assert "compiled" not in simulate(2, games=5, seed=1, engine="python").to_dict()
