"""Input from anywhere, as a tester attacked it: every line of ``--jsonl`` gets its own answer
whatever it holds, files that cannot be read or written are one line naming the path and the
reason, and a failed save leaves the old file whole."""

from __future__ import annotations

import json

import pytest

from sorry_widget import Game, Position, Record, RecordError
from support.commands import cli

GOOD = {"position": {"format": "sorry-position/1", "rules": "classic", "to_move": "red",
                     "pawns": {"red": [10, "start", "start", "start"],
                               "blue": ["start"] * 4}},
        "card": "5"}

HOSTILE_LINES = [
    "[" * 100_000,                                       # nesting
    '{"position": {"format": "sorry-position/1", "format": "x"}, "card": "5"}',  # duplicates
    '{"position": {"\\ud800": 1}, "card": "5"}',         # a lone surrogate in a key
    '{"position": {}, "card": "\\udc00"}',               # ... in a card name
    '{"position": {}, "card": ' + "9" * 5000 + "}",       # a 5,000-digit number
    '{"position": NaN, "card": "5"}',
    "not json at all",
    '"a string"',
    "x" * 2_000_100,                                      # a line over the cap
]


def test_every_jsonl_line_gets_its_own_answer_whatever_it_holds():
    good = json.dumps(GOOD)
    lines = [good]
    for hostile in HOSTILE_LINES:
        lines += [hostile, good]
    proc = cli(["moves", "--jsonl"], "\n".join(lines) + "\n")
    answers = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert proc.returncode == 1
    assert len(answers) == len(lines), proc.stderr.decode()[-2000:]
    assert proc.stderr == b""
    for n, answer in enumerate(answers, 1):
        if n % 2:
            assert "moves" in answer, (n, answer)
        else:
            assert set(answer) == {"error"} and answer["error"].startswith(f"line {n}: "), answer
            assert "Traceback" not in answer["error"]


def test_the_card_game_reader_answers_every_line_too():
    proc = cli(["cardgame", "plays", "--jsonl"], "\n".join(HOSTILE_LINES[:6]) + "\n")
    answers = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert len(answers) == 6 and all(set(a) == {"error"} for a in answers)


def test_a_position_file_that_never_ends_is_refused_without_reading_it():
    proc = cli(["moves", "/dev/zero", "--card", "5"], timeout=30)
    assert proc.returncode == 1
    assert json.loads(proc.stdout) == {
        "error": "position: /dev/zero is a device, not a regular file; only files are read"}


@pytest.mark.parametrize("args, words", [
    (["replay", "/tmp"], "/tmp is a folder, not a file"),
    (["replay", "/nonexistent/game.json"], "does not exist"),
    (["moves", "/tmp", "--card", "5"], "/tmp is a folder"),
    (["coach", "/tmp", "--card", "5"], "/tmp is a folder"),
    (["cardgame", "simulate", "--games", "2", "--deck", "/tmp"], "deck: /tmp is a folder"),
])
def test_a_path_that_cannot_be_read_is_one_line(args, words):
    proc = cli(args)
    out = (proc.stdout + proc.stderr).decode()
    assert proc.returncode != 0 and words in out and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1, out


@pytest.mark.parametrize("command", [["play", "--players", "2", "--seed", "1"],
                                     ["cardgame", "play", "--players", "2", "--seed", "1"]])
def test_a_record_that_cannot_be_written_is_one_line_after_the_log(command):
    proc = cli([*command, "--record", "/proc/x"])
    err = proc.stderr.decode()
    assert proc.returncode != 0 and "Traceback" not in err
    assert "not saved to /proc/x" in err and len(err.strip().splitlines()) == 1, err


def test_a_record_save_that_fails_leaves_the_old_file(tmp_path):
    game = Game(2, seed=4)
    game.run()
    path = tmp_path / "game.json"
    Record.from_game(game).save(path)
    before = path.read_bytes()
    record = Record.from_game(game)
    record.annotate(3, text="a long note " * 150)
    import resource

    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (len(before) + 100, limits[1]))  # a full disk
    try:
        with pytest.raises(RecordError, match="not saved to .*old file is unchanged"):
            record.save(path)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert Record.load(path).to_json() == Record.from_game(game).to_json()


@pytest.mark.parametrize("text, words", [
    ('{"format": "sorry-position/1", "format": "sorry-position/1"}', "appears twice"),
    ("[" * 50_000, "nested more than"),
])
def test_position_readers_refuse_with_their_own_error(text, words):
    from sorry_widget import PositionError

    with pytest.raises(PositionError, match=words):
        Position.from_json(text)


def test_a_card_record_save_that_fails_leaves_the_old_file(tmp_path):
    from sorry_widget import CardGame, CardGameError, CardRecord

    game = CardGame(2, seed=3)
    game.run()
    path = tmp_path / "cards.json"
    game.record().save(path)
    before = path.read_bytes()
    with pytest.raises(CardGameError, match="lone surrogate.*old file is unchanged"):
        game.record(notes={1: "\ud83d"}).save(path)
    with pytest.raises(CardGameError, match="not saved to .*its folder does not exist"):
        game.record().save(tmp_path / "missing" / "cards.json")
    assert path.read_bytes() == before
    assert CardRecord.load(path).to_json() == game.record().to_json()


def test_a_note_that_no_file_can_hold_is_refused_when_it_is_made():
    game = Game(2, seed=4)
    game.run()
    record = Record.from_game(game)
    with pytest.raises(RecordError, match="annotation on play 3: the text holds a lone"):
        record.annotate(3, text="half an emoji: \ud83d")
    assert record.annotations == {}
