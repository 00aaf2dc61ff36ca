"""Simulations at scale: engines, workers, Dask, counts, starting from a position with a card,
and the move coach (docs/simulation.md, docs/coach.md)."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys

import numpy as np
import pytest

import sorry_widget.simulation as simulation_package
from sorry_widget import Game
from sorry_widget.cli import main
from sorry_widget.simulation.coach import CoachStrategy, coach, distinct_moves
from sorry_widget.board.moves import legal_moves
from sorry_widget.board.state import Position
from sorry_widget.simulation.experiments import FastEngineMissing, batch_game, simulate

# Red has three pawns HOME and one on safety-1: a 5 (or a split 7 ending there) wins at once.
NEARLY_WON = {"format": "sorry-position/1", "rules": "classic", "to_move": "red",
              "pawns": {"red": ["safety-1", "home", "home", "home"],
                        "blue": [8, 22, "start", "start"],
                        "yellow": [40, "start", "start", "start"],
                        "green": [50, 52, "start", "start"]}}
# Red's 10 forward from 58 wins at once; 1 backward does not.
TEN_WINS = {**NEARLY_WON, "pawns": {**NEARLY_WON["pawns"], "red": [58, "home", "home", "home"]}}
MIDGAME = {"format": "sorry-position/1", "rules": "classic", "to_move": "red",
           "pawns": {"red": [3, 20, "start", "start"], "blue": [8, 22, "start", "home"],
                     "yellow": [40, "start", "start", "start"],
                     "green": [50, 52, "start", "start"]}}


@pytest.mark.parametrize("engine", ["batch", "python"])
def test_a_run_is_the_same_whatever_the_number_of_workers(engine):
    one = simulate(4, games=800, seed="w", engine=engine, workers=1)
    two = simulate(4, games=800, seed="w", engine=engine, workers=2)
    assert (one.engine, one.workers, two.workers) == (engine, 1, 2)
    for key in ("winner_seat", "cards", "turns"):
        assert list(one.per_game[key]) == list(two.per_game[key])
    assert one.wins_per_seat == two.wins_per_seat
    other_seed = simulate(4, games=800, seed="w2", engine=engine, workers=2)
    assert list(other_seed.per_game["cards"]) != list(two.per_game["cards"])


@pytest.mark.parametrize("engine", ["batch", "python"])
def test_progress_reaches_the_end_with_workers(engine):
    calls = []
    simulate(2, games=1000, seed="p", engine=engine, workers=2,
             progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (1000, 1000)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and len(calls) > 5


def test_auto_takes_the_batch_engine_where_it_can_and_python_elsewhere():
    assert simulate(2, games=20, seed=1).engine == "batch"
    assert simulate(4, games=20, seed=1, rules="teams-1992").engine == "python"
    assert simulate(2, games=2, seed=1, strategy="coach").engine == "python"
    with pytest.raises(ValueError, match="engine: the batch engine plays rule sets without"):
        simulate(4, games=5, rules="play-for-points-1992", engine="batch")
    with pytest.raises(ValueError, match="engine: the batch engine plays the random and greedy"):
        simulate(2, games=5, strategy=["coach", "random"], engine="batch")


def test_without_numpy_or_numba_one_message_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "sorry_widget.simulation.batch_engine", None)
    monkeypatch.delattr(simulation_package, "batch_engine", raising=False)
    monkeypatch.setattr("sorry_widget.simulation.experiments.fast_engine_available",
                        lambda: False)
    with pytest.raises(FastEngineMissing) as caught:
        simulate(2, games=5, engine="batch")
    assert "pip install 'sorry-widget[fast]'" in str(caught.value)
    assert "engine='python'" in str(caught.value)
    summary = simulate(2, games=30, seed=2)  # auto: the pure-Python engine, still working
    assert summary.engine == "python" and sum(summary.wins_per_seat) == 30


def test_bad_arguments_name_what_is_wrong():
    for kwargs, field in [({"engine": "fast"}, "engine"), ({"workers": 0}, "workers"),
                          ({"games": 2.5}, "games"), ({"card": "9"}, "card"),
                          ({"start": "red"}, "start")]:
        with pytest.raises(ValueError, match=f"^{field}:"):
            simulate(2, **{"games": 5, **kwargs})
    won = Position.from_dict({**NEARLY_WON, "pawns": {**NEARLY_WON["pawns"],
                                                      "red": ["home"] * 4}})
    with pytest.raises(ValueError, match="start: the game is already over"):
        simulate(games=5, start=won)


@pytest.mark.parametrize("engine", ["batch", "python"])
def test_simulating_from_a_position_with_a_card_in_hand(engine):
    start = Position.from_dict(NEARLY_WON)
    with_5 = simulate(start=start, card="5", games=200, seed="c", engine=engine)
    assert with_5.players[0] == "red" and with_5.wins_per_seat[0] == 200
    assert set(with_5.per_game["cards"]) == {1}
    without = simulate(start=start, games=400, seed="c", engine=engine)
    # Without the card red still usually wins, but not always and not at once.
    assert 0.5 < without.win_rate_per_seat[0] < 1 and max(without.per_game["cards"]) > 1


def test_a_batch_game_with_a_card_in_hand_replays_through_game():
    start = Position.from_dict(MIDGAME)
    game = batch_game(start, ["random"] * 4, "hand", 3, card=7)
    assert game.history[0].card == 7 and game.history[0].colour == "red"
    assert game.winner is not None


def test_python_engine_counts_bumps_slides_and_squares_on_request():
    plain = simulate(4, games=40, seed="n", engine="python")
    assert plain.landed is None and "bumps" not in plain.per_game
    counted = simulate(4, games=40, seed="n", engine="python", counts=True)
    assert list(counted.per_game["cards"]) == list(plain.per_game["cards"])  # the same games
    assert sum(counted.per_game["bumps"]) == sum(counted.bumped) > 0
    assert counted.slides_per_game_mean > 0 and len(counted.landed) == 60
    # The start exits are landed on by every 1 and 2 that starts a pawn.
    assert counted.landed[4] > np.median(counted.landed)


def test_a_million_game_run_keeps_only_columns():
    summary = simulate(4, games=2000, seed="m", engine="batch")
    for key in ("winner_seat", "cards", "turns", "bumps", "slides"):
        assert summary.per_game[key].shape == (2000,)
    assert "per_game" not in summary.to_dict() and summary.to_dict()["bumps_per_game_mean"] > 0


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


@pytest.mark.parametrize("engine", ["batch", "python"])
def test_a_dask_cluster_plays_the_same_games(dask_client, engine):
    local = simulate(4, games=600, seed="dask", engine=engine, workers=1)
    calls = []
    spread = simulate(4, games=600, seed="dask", engine=engine, client=dask_client,
                      progress=lambda done, total: calls.append(done))
    assert spread.workers == 2 and calls[-1] == 600
    for key in ("winner_seat", "cards", "turns"):
        assert list(spread.per_game[key]) == list(local.per_game[key])


def test_the_command_runs_on_a_dask_scheduler(dask_client, capsys):
    address = dask_client.scheduler.address
    assert main(["simulate", "--games", "300", "--seed", "s", "--scheduler", address,
                 "--json"]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert main(["simulate", "--games", "300", "--seed", "s", "--workers", "1", "--json"]) == 0
    here = json.loads(capsys.readouterr().out)
    assert remote["wins_per_seat"] == here["wins_per_seat"] and remote["workers"] == 2
    assert main(["simulate", "--games", "5", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert "no Dask scheduler answers there" in capsys.readouterr().err


# --- the coach ------------------------------------------------------------------------------

def test_the_coach_rates_every_distinct_move_and_a_winning_move_is_certain():
    position = Position.from_dict(TEN_WINS)
    advice = coach(position, 10, rollouts=300, seed="c")
    moves = distinct_moves(legal_moves(position, 10))
    assert len(moves) == 2
    assert [e.move.notation for e in advice.estimates] == [m.notation for m in moves]
    winning = [e for e in advice.estimates if e.move.wins]
    assert winning and all(e.win_rate == 1.0 and e.ci95 == (1.0, 1.0) for e in winning)
    assert advice.best.move.wins
    # A winning move is certain without games; the other is played (racing: at most 300).
    assert all(e.exact and e.games == 0 for e in winning)
    for e in advice.estimates:
        assert e.ci95[0] <= e.win_rate <= e.ci95[1]
        assert e.move.wins or (not e.exact and 0 < e.games <= 300)
    full = coach(position, 10, rollouts=300, seed="c", method="full")
    assert [e.games for e in full.estimates if not e.move.wins] == [300]


@pytest.mark.parametrize("engine", ["batch", "python"])
def test_a_coach_estimate_is_the_simulation_after_the_move(engine):
    position = Position.from_dict(MIDGAME)
    # A budget that pays for 200 games after each move (the full method keeps to the budget,
    # 1,200 games by default with the Python engine).
    advice = coach(position, 11, rollouts=200, seed="same", engine=engine, method="full",
                   budget=200 * len(distinct_moves(legal_moves(position, 11))))
    assert len(advice.estimates) == len({m.result_pawns for m in legal_moves(position, 11)})
    estimate = advice.estimates[2]
    after = estimate.move.result.with_to_move("blue")
    summary = simulate(start=after, games=200, seed="same", engine=engine)
    assert estimate.wins == summary.wins_per_seat[summary.players.index("red")]


def test_the_coach_refuses_what_it_cannot_advise_on():
    with pytest.raises(ValueError, match="rollouts"):
        coach(Position.from_dict(MIDGAME), 7, rollouts=0)
    hands = Position.from_dict({**MIDGAME, "rules": "play-for-points-1992"})
    with pytest.raises(ValueError, match="position: in play-for-points-1992"):
        coach(hands, 7)
    with pytest.raises(ValueError, match="card"):
        coach(Position.from_dict(MIDGAME), "9")


def test_the_coach_strategy_takes_the_winning_move():
    position = Position.from_dict(TEN_WINS)
    moves = legal_moves(position, 10)
    import random
    chosen = CoachStrategy(rollouts=20).choose(position, 10, moves, random.Random(1))
    assert chosen.wins
    game = Game(2, seed=4, strategies={"red": "coach", "yellow": "random"})
    assert game.strategies["red"].name == "coach"


def test_coach_command(tmp_path, capsys):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(TEN_WINS))
    assert main(["coach", str(path), "--card", "10", "--rollouts", "100", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["card"] == "10" and answer["rollouts"] == 100
    best = max(answer["moves"], key=lambda m: m["win_rate"])
    assert answer["best"] == best["move"] and best["win_rate"] == 1.0
    assert main(["coach", str(path), "--card", "10", "--rollouts", "100"]) == 0
    text = capsys.readouterr().out
    assert "Red holds a 10" in text and "R58-H" in text and "<- best" in text
    assert main(["coach", str(path), "--card", "9"]) == 2
    assert "--card: '9' is not a card name" in capsys.readouterr().err
    assert main(["coach", str(tmp_path / "missing.json"), "--card", "7"]) == 2


def test_coach_command_runs_as_installed(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(MIDGAME))
    out = subprocess.run([sys.executable, "-m", "sorry_widget.cli", "coach", str(path),
                          "--card", "sorry", "--rollouts", "50"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "Red holds a Sorry!" in out.stdout


# Red's pawn on square 3 has just passed its safety entry (square 2): a 10 backward to the entry
# leaves 7 steps to HOME, forward 10 sends it round the board again. Three players and more than
# one pawn each keep the game too big to solve, so the coach plays games.
RACING = {"format": "sorry-position/1", "rules": "classic", "to_move": "red",
          "pawns": {"red": [3, 40, "start", "home"], "blue": [10, 20, "start", "start"],
                    "yellow": [50, 33, "start", "start"]}}


def test_the_racing_coach_stops_playing_a_clearly_worse_move():
    position = Position.from_dict(RACING)
    advice = coach(position, 10, rollouts=1000, seed="r", engine="batch")
    full = coach(position, 10, rollouts=1000, seed="r", engine="batch", method="full")
    assert advice.method == "racing" and full.method == "full" and not advice.exact
    dropped = [e for e in advice.estimates if e.dropped]
    assert dropped and all(e.games < 1000 for e in dropped)
    assert advice.games < full.games == 1000 * len(full.estimates)
    # Dropping the clearly worse moves does not change which move is best.
    assert advice.best.notation == full.best.notation
    assert advice.best.move.kind == "backward" and advice.best.move.result_pawns[0][0] == 2
    # Compared game by game on the same deals, the 10 backward is clearly best: the full
    # coach's 1,000 games say so, and the racing coach's fewer games too.
    assert full.sure and advice.sure
    for answer in (advice, full):
        best = answer.best
        separated = all(e is best or e.gap_to_best[1] > 0 for e in answer.estimates)
        assert answer.sure == separated == answer.to_dict()["sure"]
        assert answer.verdict().startswith("Sure:" if separated else "Not sure:")


def test_the_python_engine_coach_keeps_to_its_budget():
    position = Position.from_dict(MIDGAME)
    from sorry_widget.simulation.coach import PYTHON_ENGINE_BUDGET
    advice = coach(position, 7, seed="b", engine="python")
    assert 0 < advice.games <= PYTHON_ENGINE_BUDGET
    smaller = coach(position, 7, seed="b", engine="python", budget=300)
    assert smaller.games <= 300
    with pytest.raises(ValueError, match="budget"):
        coach(position, 7, budget=0)
    with pytest.raises(ValueError, match="method"):
        coach(position, 7, method="guess")


@pytest.mark.slow
def test_the_coach_answers_a_small_endgame_exactly():
    from sorry_widget.simulation import exact
    start = Position.from_dict({"format": "sorry-position/1", "rules": "classic",
                                "to_move": "red", "pawns": {
                                    "red": ["start", "home", "home", "home"],
                                    "yellow": ["start", "home", "home", "home"]}})
    # Averaged over the cards red may draw, the best move's exact chance is red's chance in
    # the race from the start: the coach and the race solver agree.
    total = 0.0
    for card, p in exact.card_probabilities().items():
        advice = coach(start, card)
        assert advice.method == "exact" and advice.exact and advice.games == 0
        assert all(e.exact for e in advice.estimates)
        total += float(p) * advice.best.win_rate
    assert total == pytest.approx(exact.race().first_player_wins, abs=1e-9)
    assert coach(start, 10).verdict().startswith("Exact:")
    with pytest.raises(ValueError, match="exact needs a small game"):
        coach(Position.from_dict(MIDGAME), 7, method="exact")


def test_paired_gap_is_the_mean_difference_with_its_interval():
    from sorry_widget.simulation.coach import paired_gap
    first = [1, 1, 0, 1, 0, 1, 1, 0] * 50
    second = [1, 0, 0, 1, 0, 0, 1, 0] * 50
    mean, low, high = paired_gap(first, second)
    diffs = [a - b for a, b in zip(first, second)]
    sd = statistics.stdev(diffs)
    assert mean == pytest.approx(0.25)
    assert (high - low) / 2 == pytest.approx(1.959963984540054 * sd / math.sqrt(400))
    assert low > 0
    # Only the games both played count; fewer than two compare nothing.
    assert paired_gap(first, second[:10])[0] == pytest.approx(sum(diffs[:10]) / 10)
    assert paired_gap([1], [0]) == (0.0, -1.0, 1.0)


# Issue 31, 14: a team game (which the batch engine does not play) with a 7 to split.
TEAMS = {**MIDGAME, "rules": "teams-1992"}


@pytest.mark.skipif(not simulation_package.experiments.fast_engine_available(),
                    reason="the budget was chosen for the batch engine only with numba present")
def test_a_team_game_coach_keeps_to_the_python_engine_budget_with_numba_present():
    import time

    from sorry_widget.simulation.coach import PYTHON_ENGINE_BUDGET
    position = Position.from_dict(TEAMS)
    started = time.perf_counter()
    advice = coach(position, 7, rollouts=200, seed="t")
    assert advice.engine == "python"
    assert 0 < advice.games <= PYTHON_ENGINE_BUDGET < 200 * len(advice.estimates)
    assert time.perf_counter() - started < 60  # about two seconds of games; a loaded machine


def test_the_coach_refuses_budgets_and_rollouts_it_cannot_keep():
    from sorry_widget.simulation.coach import MAX_BUDGET, MAX_ROLLOUTS
    position = Position.from_dict(MIDGAME)
    moves = len([m for m in distinct_moves(legal_moves(position, 7)) if not m.wins])
    # Was KeyError: <Move 7: …> (no move got a game).
    with pytest.raises(ValueError, match=f"budget: 1 cannot give each of the {moves} moves one "
                                         f"game; give at least {moves}"):
        coach(position, 7, budget=1, engine="python")
    # Was 931 GiB asked of numpy, or a run for ever.
    for name, value in [("rollouts", 10 ** 12), ("budget", MAX_BUDGET + 1), ("rollouts", 0),
                        ("rollouts", MAX_ROLLOUTS + 1), ("budget", 2.5)]:
        with pytest.raises(ValueError, match=f"^{name}: must be a whole number from 1 to "):
            coach(position, 7, **{name: value})
    # The full method keeps to the budget too (it played every move --rollouts times).
    full = coach(position, 7, method="full", budget=moves * 10, engine="python", rollouts=500)
    assert full.method == "full" and full.games == moves * 10
    assert all(e.games == 10 for e in full.estimates if not e.exact)


def test_the_coach_command_refuses_a_budget_or_rollouts_it_cannot_keep(tmp_path, capsys):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(MIDGAME))
    for option, value, words in [("--rollouts", "1000000000000", "rollouts: must be a whole "
                                  "number from 1 to 100,000"),
                                 ("--budget", "1", "budget: 1 cannot give each of the")]:
        assert main(["coach", str(path), "--card", "7", option, value]) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err and len(err.splitlines()) == 1, err
