"""The ``sorry-widget`` command: ``moves`` (docs/position-format.md), ``simulate``, ``play``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sorry_widget.cli import main
from sorry_widget.board import Position

EXAMPLE = {
    "format": "sorry-position/1", "rules": "classic", "to_move": "red",
    "pawns": {"red": ["start", "start", 12, "safety-3"], "blue": ["home", 20, "start", "start"],
              "yellow": [34, 35, "start", "home"], "green": ["start"] * 4},
}


def run(args, stdin=None):
    """The installed console script, as a user runs it."""
    exe = Path(sys.executable).with_name("sorry-widget")
    return subprocess.run([str(exe), *args], input=stdin, capture_output=True, text=True,
                          timeout=120)


def test_moves_for_one_position_file(tmp_json):
    path = tmp_json("p.json", EXAMPLE)
    proc = run(["moves", str(path), "--card", "7"])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 1
    answer = json.loads(lines[0])
    assert answer["card"] == "7"
    expected = {m.result.to_json() for m in Position.from_dict(EXAMPLE).legal_moves("7")}
    assert {json.dumps(m["result"], sort_keys=True) for m in answer["moves"]} == expected
    for m in answer["moves"]:
        assert set(m) == {"notation", "explanation", "result"}
        assert m["result"]["to_move"] == "red"
        assert "C8" in m["explanation"]


def test_moves_result_is_canonical(tmp_json):
    path = tmp_json("p.json", EXAMPLE)
    answer = json.loads(run(["moves", str(path), "--card", "sorry"]).stdout)
    for m in answer["moves"]:
        assert list(m["result"]) == sorted(m["result"])
        assert m["result"] == Position.from_dict(m["result"]).to_dict()


def test_moves_jsonl_batch_with_a_bad_line_in_the_middle():
    good = json.dumps({"position": EXAMPLE, "card": "11"})
    bad_card = json.dumps({"position": EXAMPLE, "card": "6"})
    bad_pos = json.dumps({"position": {**EXAMPLE, "to_move": "purple"}, "card": "1"})
    stdin = "\n".join([good, bad_card, "{oops", bad_pos, good]) + "\n"
    proc = run(["moves", "--jsonl"], stdin=stdin)
    assert proc.returncode != 0
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 5
    assert out[0]["card"] == "11" and out[0] == out[4]
    assert "error" in out[1] and "card" in out[1]["error"]
    assert "error" in out[2] and "JSON" in out[2]["error"]
    assert "error" in out[3] and "to_move" in out[3]["error"]


def test_moves_jsonl_all_good_exits_zero():
    stdin = json.dumps({"position": EXAMPLE, "card": "1"}) + "\n"
    proc = run(["moves", "--jsonl"], stdin=stdin)
    assert proc.returncode == 0
    assert len(json.loads(proc.stdout)["moves"]) == 3


def test_moves_forfeit_is_a_move_with_the_unchanged_position(tmp_json, capsys):
    start = Position.initial(2)
    path = tmp_json("start.json", start.to_json())
    assert main(["moves", str(path), "--card", "5"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert len(answer["moves"]) == 1
    assert answer["moves"][0]["result"] == start.to_dict()


def test_moves_bad_position_file_gives_one_clear_error(tmp_json, capsys):
    path = tmp_json("bad.json", {**EXAMPLE, "rules": "chess"})
    assert main(["moves", str(path), "--card", "1"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["error"].startswith("rules:")
    assert main(["moves", str(path.with_name("missing.json")), "--card", "1"]) == 1
    assert "missing.json" in json.loads(capsys.readouterr().out)["error"]


def test_simulate_json_summary(capsys):
    assert main(["simulate", "--players", "4", "--games", "40", "--strategy", "random",
                 "--seed", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for key in ("games", "players", "wins_per_seat", "cards_per_game_mean", "cards_per_game_sd",
                "turns_per_game_mean", "games_per_second"):
        assert key in summary
    assert summary["games"] == 40 and sum(summary["wins_per_seat"]) == 40
    assert summary["players"] == ["red", "blue", "yellow", "green"]
    assert summary["cards_per_game_mean"] >= summary["turns_per_game_mean"] > 0
    assert summary["games_per_second"] > 0


def test_simulate_is_reproducible_and_reports_text(capsys):
    main(["simulate", "--games", "20", "--seed", "7", "--json"])
    a = json.loads(capsys.readouterr().out)
    main(["simulate", "--games", "20", "--seed", "7", "--json"])
    b = json.loads(capsys.readouterr().out)
    assert a["wins_per_seat"] == b["wins_per_seat"]
    assert a["cards_per_game_mean"] == b["cards_per_game_mean"]
    main(["simulate", "--games", "20", "--seed", "7", "--strategy", "random,greedy,random,greedy"])
    text = capsys.readouterr().out
    assert "95% interval" in text and "greedy" in text and "games/second" in text


def test_simulate_progress_goes_to_stderr(capsys):
    main(["simulate", "--games", "200", "--seed", "1", "--progress", "--json"])
    captured = capsys.readouterr()
    assert "200/200" in captured.err and "100%" in captured.err  # tqdm's bar, finished
    json.loads(captured.out)


def test_simulate_bad_arguments(capsys):
    assert main(["simulate", "--players", "5", "--games", "3"]) == 2
    assert "players" in capsys.readouterr().err
    assert main(["simulate", "--strategy", "clever", "--games", "3"]) == 2
    assert "strategy" in capsys.readouterr().err


def test_play_prints_a_log_and_writes_a_record(tmp_path):
    record = tmp_path / "game.json"
    proc = run(["play", "--seed", "1", "--record", str(record)])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "wins after" in lines[-2]
    assert record.exists()
    replay = run(["replay", str(record)])
    assert replay.returncode == 0
    assert replay.stdout.splitlines()[-1] in proc.stdout


@pytest.mark.parametrize("args", [["moves"], ["moves", "x.json"]])
def test_moves_usage_errors(args, capsys):
    assert main(args) == 2
    assert "sorry-widget moves" in capsys.readouterr().err


# --- one syntax for --strategy in both games; help lists from the registries --------------------

@pytest.mark.parametrize("spelling", [["--strategy", "green=greedy"],
                                      ["--strategy", "random,random,random,greedy"],
                                      ["--strategy", "red=random", "--strategy", "green=greedy"]])
def test_both_games_take_strategies_with_one_syntax(spelling, capsys):
    assert main(["play", "--seed", "3", *spelling]) == 0
    board_title = capsys.readouterr().out.splitlines()[0]
    assert board_title.endswith("yellow (random), green (greedy)"), board_title
    assert main(["simulate", "--games", "4", "--seed", "3", "--engine", "python", "--json",
                 *spelling]) == 0
    assert json.loads(capsys.readouterr().out)["strategies"] == ["random"] * 3 + ["greedy"]
    assert main(["cardgame", "play", "--seed", "3", *spelling]) == 0
    card_title = capsys.readouterr().out.splitlines()[0]
    assert card_title.endswith("yellow random, green greedy"), card_title


def test_one_strategy_name_is_for_everyone_in_both_games(capsys):
    assert main(["cardgame", "play", "--players", "3", "--seed", "3", "--strategy",
                 "greedy"]) == 0
    title = capsys.readouterr().out.splitlines()[0]
    assert title.count(" greedy") == 3 and "random" not in title, title
    assert main(["play", "--players", "3", "--seed", "3", "--strategy", "greedy"]) == 0
    assert capsys.readouterr().out.splitlines()[0].count("(greedy)") == 3


@pytest.mark.parametrize("spelling, complaint", [
    ("greedy,red=random", "not both"), ("=greedy", "COLOUR=NAME"),
    ("red=greedy,red=random", "red is given twice")])
def test_a_muddled_strategy_is_one_sentence_in_both_games(spelling, complaint, capsys):
    for command in (["play"], ["simulate", "--games", "2"], ["cardgame", "play"]):
        assert main([*command, "--strategy", spelling]) == 2
        err = capsys.readouterr().err
        assert complaint in err and err.count("\n") == 1, err


def test_the_help_lists_what_the_registries_hold(monkeypatch, capsys):
    from sorry_widget.board import rules, strategies
    from sorry_widget.board.cards import CARD_NAMES
    from sorry_widget.cardgame import strategies as card_strategies
    from sorry_widget.cli import build_parser

    monkeypatch.setitem(strategies.STRATEGIES, "cautious", strategies.GreedyStrategy)
    monkeypatch.setitem(card_strategies.CARD_STRATEGIES, "bold",
                        card_strategies.GreedyCardStrategy)
    monkeypatch.setitem(rules.RULE_SETS, "house-rules", rules.RULE_SETS["classic"])
    parser = build_parser()

    def help_of(*command):
        with pytest.raises(SystemExit):
            parser.parse_args([*command, "--help"])
        return " ".join(capsys.readouterr().out.split())

    for command in (["play"], ["simulate"]):
        text = help_of(*command)
        assert "cautious" in text and "house-rules" in text, command
    assert "cautious" in help_of("coach")
    assert "bold" in help_of("cardgame", "play")
    assert " ".join(f'"{name}"' for name in CARD_NAMES.values()) in help_of("moves")


# --- --workers has a ceiling (issue 31, point 12) -----------------------------------------------

@pytest.fixture
def two_cores(monkeypatch):
    from sorry_widget.simulation import experiments

    monkeypatch.setattr(experiments, "default_workers", lambda: 2)
    return experiments.WORKERS_PER_CORE * 2


def test_too_many_workers_are_refused_before_anything_starts(two_cores, tmp_json, capsys):
    position = tmp_json("p.json", EXAMPLE)
    for command in (["simulate", "--engine", "python", "--games", "1000"],
                    ["coach", str(position), "--card", "7", "--engine", "python"]):
        for workers in (two_cores + 1, 100_000):
            assert main([*command, "--workers", str(workers)]) == 2
            err = capsys.readouterr().err
            assert f"--workers: at most {two_cores} " in err and str(workers) in err, err
            assert err.count("\n") == 1


def test_the_api_refuses_too_many_workers_too(two_cores):
    from sorry_widget import coach, simulate

    with pytest.raises(ValueError, match=f"workers: at most {two_cores} .*not 100000"):
        simulate(games=10, engine="python", workers=100_000)
    with pytest.raises(ValueError, match=f"workers: at most {two_cores} "):
        coach(Position.from_dict(EXAMPLE), 7, engine="python", workers=two_cores + 1)
    assert simulate(games=4, seed=1, engine="python", workers=1).games == 4


# --- terminals that are not UTF-8 (issue 31, point 16) -------------------------------------------

def run_in(encoding: str, args, stdin=None):
    """The command in a terminal whose encoding is ``encoding`` (Python's stdio follows it)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONIO"))}
    env.update(LC_ALL="C", PYTHONIOENCODING=encoding, PYTHONUTF8="0")
    return subprocess.run([sys.executable, "-m", "sorry_widget.cli", *args], input=stdin,
                          capture_output=True, env=env, timeout=120)


@pytest.mark.parametrize("encoding", ["iso-8859-1", "ascii"])
def test_a_terminal_that_is_not_utf8_shows_what_it_can(encoding):
    board = run_in(encoding, ["play", "--players", "2", "--seed", "3"])
    assert board.returncode == 0 and b"Traceback" not in board.stderr, board.stderr
    title = board.stdout.decode(encoding).splitlines()[0]
    assert title.startswith("Sorry! ? ") and "seed 3" in title, title  # "—" cannot be shown
    # Seed 1: blue blocks a SORRY! with "SORRY! Pas vraiment…".
    cards = run_in(encoding, ["cardgame", "play", "--seed", "1", "--lang", "fr"])
    assert cards.returncode == 0 and b"Traceback" not in cards.stderr, cards.stderr
    text = cards.stdout.decode(encoding)
    assert "Pas vraiment? (K14)" in text and "a gagn" in text.splitlines()[-1]
    if encoding == "iso-8859-1":  # French letters it has stay as they are
        assert "é" in text


def test_json_answers_stay_exact_on_an_ascii_terminal():
    request = json.dumps({"position": EXAMPLE, "card": "7"}, ensure_ascii=False)
    done = run_in("ascii", ["moves", "--jsonl", "--lang", "fr"], stdin=request.encode() + b"\n")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout.decode("ascii"))
    explanations = "".join(m["explanation"] for m in answer["moves"])
    assert "é" in explanations  # escaped as \u00e9, not replaced


# --- Ctrl-C (issue 31, point 19) -----------------------------------------------------------------

def cpu_seconds(group: int) -> float:
    """The CPU time of a process group so far (a command and the worker processes it started)."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended meanwhile
        if int(fields[2]) == group:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def interrupted(args, busy: float = 1.5):
    """Run the command, press Ctrl-C once it has worked ``busy`` CPU seconds (past its imports),
    as a terminal does (SIGINT to its whole process group); returns the finished process and
    the seconds it took to stop."""
    import signal
    import time

    def as_from_a_terminal():  # a test runner started in the background may ignore SIGINT
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    proc = subprocess.Popen([sys.executable, "-m", "sorry_widget.cli", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=as_from_a_terminal)
    try:
        deadline = time.monotonic() + 60
        while cpu_seconds(proc.pid) < busy:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        pressed = time.monotonic()
        out, err = proc.communicate(timeout=60)
        seconds = time.monotonic() - pressed
        # What a terminal would see next: no worker left running after the command.
        assert cpu_seconds(proc.pid) == 0, "a worker process outlived the command"
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
    proc.stdout_text, proc.stderr_text = out, err
    return proc, seconds


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("command, args", [
    ("exact", ["exact", "race"]),
    ("coach", ["coach", "{position}", "--card", "7", "--engine", "python", "--method", "full",
               "--rollouts", "100000", "--budget", "2000000"]),
    ("simulate", ["simulate", "--games", "10000000", "--engine", "python", "--workers", "2"]),
    ("simulate", ["simulate", "--games", "200000", "--engine", "batch"]),
])
def test_ctrl_c_stops_at_once_with_one_line(command, args, tmp_json):
    if "batch" in args:
        pytest.importorskip("numba")
    args = [a.format(position=tmp_json("p.json", EXAMPLE)) for a in args]
    proc, seconds = interrupted(args)
    assert proc.returncode == 130, proc.stderr_text
    assert proc.stderr_text == f"sorry-widget {command}: interrupted\n"
    assert proc.stdout_text == ""
    assert seconds < 10, seconds


def test_ctrl_c_stops_the_card_games_simulation_too():
    proc, _ = interrupted(["cardgame", "simulate", "--games", "1000000"], busy=1.0)
    assert proc.returncode == 130 and proc.stdout_text == ""
    assert proc.stderr_text == "sorry-widget cardgame simulate: interrupted\n"


# --- a damaged numba cache (issue 31, point 21) --------------------------------------------------

def batch_run(cache: Path, file_size_limit: int | None = None):
    """``simulate --engine batch`` in a subprocess whose numba cache is ``cache``; with
    ``file_size_limit``, no file it writes may grow past that many bytes (a full disk)."""
    import resource

    def limited():
        if file_size_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))

    return subprocess.run([sys.executable, "-m", "sorry_widget.cli", "simulate", "--games", "10",
                           "--engine", "batch", "--seed", "1", "--json"],
                          env={**os.environ, "NUMBA_CACHE_DIR": str(cache)},
                          preexec_fn=limited, capture_output=True, text=True, timeout=600)


def cache_folder(cache: Path) -> Path:
    """Where numba keeps the batch engine's compiled loop under NUMBA_CACHE_DIR=``cache``."""
    code = ("from sorry_widget.simulation import batch_engine as e; "
            "print(e.play_chunk._cache._cache_file._index_path)")
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ,
                                                             "NUMBA_CACHE_DIR": str(cache)},
                          capture_output=True, text=True, check=True)
    return Path(done.stdout.strip())


def assert_played_on_python_with_one_warning(done) -> None:
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("sorry-widget: warning: numba's cache of the batch engine "
                                  "could not be used (")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    summary = json.loads(done.stdout)
    assert summary["engine"] == "python" and summary["games"] == 10


def test_a_garbage_cache_index_falls_back_to_the_python_engine(tmp_path):
    pytest.importorskip("numba")
    index = cache_folder(tmp_path)
    index.parent.mkdir(parents=True, exist_ok=True)
    index.write_text("garbage\n")  # numba reads a first line as a number: ValueError
    done = batch_run(tmp_path)
    assert_played_on_python_with_one_warning(done)
    assert "ValueError" in done.stderr  # it was shown as a usage error


def test_truncated_compiled_code_in_the_cache_falls_back_to_the_python_engine(tmp_path):
    pytest.importorskip("numba")
    from sorry_widget.simulation import experiments

    built = Path(experiments.__file__).parent / "__pycache__"
    index = cache_folder(tmp_path)
    if not (built / index.name).exists():
        pytest.skip("numba's cache of this clone is not warm (scripts/setup-env.sh warms it)")
    index.parent.mkdir(parents=True, exist_ok=True)
    for path in built.glob("batch_engine.*.nb[ic]"):
        data = path.read_bytes()
        (index.parent / path.name).write_bytes(data[:100] if path.suffix == ".nbc" else data)
    done = batch_run(tmp_path)
    assert_played_on_python_with_one_warning(done)
    assert "UnpicklingError" in done.stderr


def test_a_full_disk_under_the_cache_falls_back_to_the_python_engine(tmp_path):
    pytest.importorskip("numba")
    done = batch_run(tmp_path, file_size_limit=200)
    assert_played_on_python_with_one_warning(done)
    assert "OSError" in done.stderr
