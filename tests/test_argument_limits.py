"""Arguments that ask for time or memory are checked before any work, and files read in
passing never hang or fill memory (issue 31, point 22): one clear error naming the argument,
or the default."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import threading
import time

import pytest

from sorry_widget import CardGame, Game, SorryCardWidget, SorryWidget, WidgetError
from sorry_widget.board.state import PositionError
from sorry_widget.simulation import exact
from sorry_widget.widget.replay import MAX_SETTINGS_BYTES, notebook_language

SETTINGS = ("@jupyterlab", "translation-extension", "plugin.jupyterlab-settings")


def settings_file(folder) -> str:
    path = os.path.join(folder, *SETTINGS)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    return path


def within(seconds: float, call):
    """``call()``'s answer, or a failure if it has not answered in ``seconds``."""
    answer = []
    thread = threading.Thread(target=lambda: answer.append(call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    return answer[0]


def test_the_language_lookup_does_not_wait_on_a_fifo(tmp_path):
    os.mkfifo(settings_file(tmp_path))
    assert within(10, lambda: notebook_language(tmp_path)) == "en"


def test_the_language_lookup_reads_no_device_and_no_huge_file(tmp_path):
    path = settings_file(tmp_path)
    # A settings file past the cap is not JupyterLab's, whatever it says at its start.
    with open(path, "w") as f:
        f.write('{"locale": "fr_FR"' + " " * MAX_SETTINGS_BYTES + "}")
    assert notebook_language(tmp_path) == "en"
    with open(path, "w") as f:
        f.write('{"locale": "fr_FR"}')
    assert notebook_language(tmp_path) == "fr"
    # /dev/zero, in a process of its own with a memory limit (it was a MemoryError).
    os.remove(path)
    os.symlink("/dev/zero", path)
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)); "
            "from sorry_widget.widget.replay import notebook_language; "
            "print(notebook_language(sys.argv[1]))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "en", out.stderr[-500:]


def test_a_widget_whose_settings_are_a_fifo_is_in_english(tmp_path, monkeypatch):
    os.mkfifo(settings_file(tmp_path))
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path))
    assert within(30, lambda: SorryWidget(Game(2, seed=1)).language) == "en"


@pytest.mark.parametrize("tolerance", [0, 0.0, math.nan, -1e-9, 1.0, math.inf, "1e-9", True])
def test_a_race_tolerance_that_never_converges_is_refused_at_once(tolerance):
    started = time.perf_counter()
    with pytest.raises(ValueError, match="^tolerance: must be a number from 1e-14 to 0.01"):
        exact.race(tolerance=tolerance)
    assert time.perf_counter() - started < 1


@pytest.mark.parametrize("call, words", [
    (lambda: exact.journey(horizon=10 ** 7), "horizon: must be a whole number from 1 to 10,000"),
    (lambda: exact.journey(horizon=0), "horizon: must be a whole number from 1 to 10,000"),
    (lambda: exact.journey(horizon=2.5), "horizon: must be a whole number"),
    (lambda: exact.simulate_journey(10 ** 9), "games: must be a whole number from 1 to "
                                              "1,000,000"),
    (lambda: exact.simulate_race(10 ** 9), "games: must be a whole number from 1 to "),
], ids=["horizon 10**7", "horizon 0", "horizon 2.5", "journey games", "race games"])
def test_exact_arguments_asking_for_hours_are_refused_at_once(call, words):
    started = time.perf_counter()
    with pytest.raises(ValueError, match="^" + words):
        call()
    assert time.perf_counter() - started < 1


def test_runs_of_games_are_capped():
    from sorry_widget.simulation.cardgame_experiments import simulate_cardgame
    from sorry_widget.simulation.experiments import simulate

    with pytest.raises(ValueError, match="^games: must be a whole number from 1 to 10,000,000, "
                                         "not 1000000000000"):
        simulate(2, games=10 ** 12)
    with pytest.raises(ValueError, match="^games: from 1 to 1,000,000"):
        simulate_cardgame(2, games=10 ** 9)


@pytest.mark.parametrize("players", [2.0, "red", None, {"red": 1}])
def test_a_player_count_of_the_wrong_type_names_the_argument(players):
    with pytest.raises(PositionError, match="^players: a count \\(2 to 4\\) or a list of "
                                            "colours, not "):
        Game(players)


def test_humans_may_be_one_colour_by_name():
    board = SorryWidget(Game(2, seed=1), humans="yellow")
    assert board.humans == ["yellow"] and board.game.strategies["yellow"] is None
    cards = SorryCardWidget(CardGame(2, seed=1), humans="blue")
    assert cards.humans == ["blue"] and cards.game.strategies["blue"] is None
    board.new_game(players=2, people="yellow")
    assert board.humans == ["yellow"]
    with pytest.raises(WidgetError, match="^humans: a colour or a list of colours, not 5"):
        SorryWidget(Game(2, seed=1), humans=5)
    with pytest.raises(WidgetError, match="humans: 'green' is not playing"):
        SorryWidget(Game(2, seed=1), humans="green")


def test_a_card_game_is_run_for_a_bounded_number_of_turns():
    from sorry_widget import CardGameError
    from sorry_widget.simulation.cardgame_experiments import play_random_cardgame

    for run in (lambda: CardGame(2, seed=1).run(max_turns=10 ** 12),
                lambda: play_random_cardgame(2, seed=1, max_turns=10 ** 12),
                lambda: CardGame(2, seed=1).run(max_turns=0)):
        with pytest.raises(CardGameError, match="^max_turns: a whole number from 1 to "
                                                "1,000,000"):
            run()
