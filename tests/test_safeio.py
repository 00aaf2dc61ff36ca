"""Reading JSON from anywhere with limits, and writing files whole or not at all
(sorry_widget/core/safeio.py), on the inputs a tester attacked the readers with."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import resource
import signal
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from sorry_widget.core.safeio import (MAX_DEPTH, read_json, read_json_file,
                                        write_text_atomic)


class Refused(ValueError):
    pass


def read(source, max_bytes=200_000):
    return read_json(source, what="record", error=Refused, max_bytes=max_bytes)


@pytest.mark.parametrize("source, words", [
    ("[" * 100_000, "nested more than"),
    ('{"seed": 1, "seed": 2}', "the key 'seed' appears twice"),
    ('{"seed": NaN}', "NaN is not a JSON number"),
    ('{"seed": -Infinity}', "-Infinity is not a JSON number"),
    ("9" * 5000, "a number of 5,000 characters"),
    ('{"players": ["\\ud83d"]}', "record.players[0]: a text holds a lone surrogate"),
    ('{"\\ud800": 1}', "a key holds a lone surrogate"),
    (b"\xff\xfe", "not UTF-8"),
    ("{", "not valid JSON"),
    ("x" * 200_001, "more than 200,000 bytes"),
])
def test_hostile_json_is_refused_with_one_error_naming_it(source, words):
    with pytest.raises(Refused, match="^record") as caught:
        read(source)
    assert words in str(caught.value)


def test_json_within_the_limits_reads_as_json_does():
    nested = "[" * (MAX_DEPTH - 1) + "1" + "]" * (MAX_DEPTH - 1)
    assert read(nested) is not None
    assert read('{"a": [1, 2.5, "é", null, true], "b": {"c": "\\ud83d\\ude00"}}') == \
        {"a": [1, 2.5, "é", None, True], "b": {"c": "😀"}}


def test_a_file_is_read_only_up_to_its_cap(tmp_path):
    with pytest.raises(Refused, match="/dev/zero is a device, not a regular file"):
        read_json_file("/dev/zero", what="record", error=Refused, max_bytes=1000)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1001)
    with pytest.raises(Refused, match="big.json is larger than 1,000 bytes"):
        read_json_file(big, what="record", error=Refused, max_bytes=1000)
    for path, words in ((tmp_path, "is a folder"), (tmp_path / "none.json", "does not exist"),
                        ("a\0b", "is not a file path")):
        with pytest.raises(Refused, match=words):
            read_json_file(path, what="record", error=Refused, max_bytes=1000)


def test_a_failed_write_leaves_the_old_file_whole(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("the old record")
    with pytest.raises(Refused, match="lone surrogate.*the old file is unchanged"):
        write_text_atomic(path, "note: \ud83d", what="record", error=Refused)
    for target, words in ((tmp_path, "it is a folder"),
                          (tmp_path / "no" / "x.json", "its folder does not exist")):
        with pytest.raises(Refused, match=words):
            write_text_atomic(target, "x", what="record", error=Refused)
    assert path.read_text() == "the old record"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    write_text_atomic(path, "the new record é", what="record", error=Refused)
    assert path.read_text(encoding="utf-8") == "the new record é"


def test_a_full_disk_leaves_the_old_file_whole(tmp_path):
    """A file-size limit (``ulimit -f``) stands in for a full disk: the write fails part-way."""
    path = tmp_path / "game.json"
    path.write_text("the old record")
    code = textwrap.dedent(f"""
        from sorry_widget.core.safeio import write_text_atomic
        try:
            write_text_atomic({str(path)!r}, "x" * 200_000, what="record", error=ValueError)
        except ValueError as exc:
            print(exc)
    """)

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         preexec_fn=limit, timeout=60)
    assert "not saved to" in out.stdout and "the old file is unchanged" in out.stdout, out
    assert path.read_text() == "the old record"
    assert os.listdir(tmp_path) == ["game.json"]


def test_a_write_killed_midway_leaves_its_temporary_file_for_the_next_write_to_remove(tmp_path):
    """Killed between writing and moving (SIGKILL: no clean-up runs), a writer leaves its
    temporary file, named with its pid; the next write to the same path removes it, since that
    pid is gone, and keeps a live writer's."""
    path = tmp_path / "table.bin"
    code = textwrap.dedent(f"""
        import os, signal
        from sorry_widget.core import safeio
        os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)
        safeio.write_bytes_atomic({str(path)!r}, b"x" * 100_000, what="table", error=ValueError)
    """)
    killed = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert killed.returncode == -signal.SIGKILL
    (left,) = tmp_path.iterdir()
    assert left.name.startswith(".table.bin.") and left.name.endswith(".tmp")
    live = tmp_path / f".table.bin.{os.getpid()}.abcdefgh.tmp"
    live.write_bytes(b"")
    write_text_atomic(path, "whole", what="table", error=Refused)
    assert sorted(p.name for p in tmp_path.iterdir()) == [live.name, "table.bin"]


def test_a_socket_is_neither_read_nor_replaced(tmp_path):
    import socket

    from sorry_widget.core.safeio import read_bytes
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(Refused, match="s is a socket, not a regular file"):
            read_bytes(path, what="record", error=Refused, max_bytes=1000)
        with pytest.raises(Refused, match="not saved to .*s: it is a socket"):
            write_text_atomic(path, "x", what="record", error=Refused)
        assert stat.S_ISSOCK(os.lstat(path).st_mode)


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="Linux's /proc")
def test_a_pseudo_file_whose_size_says_0_is_not_read(tmp_path):
    """The kernel's files say 0 bytes and are made as they are read: ``/proc/kmsg`` blocks and
    is consumed (a review of it ate the kernel log). A size of 0 is taken at its word: such a
    file is refused unread with one line, an ordinary empty file reads as empty."""
    from sorry_widget.core.safeio import read_bytes
    assert os.stat("/proc/self/status").st_size == 0
    with pytest.raises(Refused, match=r"^record: /proc/self/status cannot be read: the kernel's "
                                      r"files say they hold 0 bytes, and they are not read$"):
        read_bytes("/proc/self/status", what="record", error=Refused, max_bytes=10_000)
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    assert read_bytes(empty, what="record", error=Refused, max_bytes=10_000) == b""


def test_shown_prints_what_python_cannot():
    from sorry_widget.core.safeio import shown

    assert shown(10 ** 5000) == "a number of about 5,001 digits"
    assert shown({"1": 10 ** 5000}) == "a dict holding a number too long to print"
    assert shown("x" * 100) == "'" + "x" * 58 + "…"
    assert shown("\ud800") == "'\\ud800'"


# --- every reader and writer of the package on what is not a file (issue 39, points 17, 18) ----
#
# A FIFO, a device, a folder or a stream that never ends once hung readers for good (the two-pawn
# table's cache, ``review``, ``exact value < /dev/zero``), and a writer run as root replaced
# /dev/full with a file. Each reader and writer of the package is listed below and tried on each;
# the guard test after them fails when a file is opened anywhere but core/safeio.py, so a new
# reader or writer goes through the checked ones (and belongs in these lists).


#: The seconds any reader or writer may take on a special file: it should answer at once.
PROMPT = 20

SPECIAL_KINDS = {"fifo": "FIFO", "folder": "folder", "/dev/zero": "device",
                 "/dev/null": "device", "/dev/full": "device"}


def place(kind: str, path: Path) -> None:
    """Put a special file of ``kind`` at ``path``: a FIFO, a folder, or a device node with the
    numbers of /dev/zero, /dev/null or /dev/full (made with mknod where root may; else a link to
    the device, which a rename would replace, never the device itself)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.stat(kind).st_rdev)
        except PermissionError:
            os.symlink(kind, path)


class Hung(BaseException):
    """Raised in a reader or writer still at work after PROMPT seconds: a BaseException, so no
    ``except OSError`` or ``except Exception`` of the package turns the hang into a refusal."""


@pytest.fixture
def prompt():
    """A reader or writer that blocks is stopped with an error after PROMPT seconds (the alarm
    interrupts a blocking open or read), so a hang fails the test instead of the run."""
    def ring(signum, frame):
        raise Hung(f"still waiting after {PROMPT} s")
    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(PROMPT)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def said(call) -> str:
    """What ``call()`` says: its refusal's message, or what it printed (a command)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            result = call()
    except Exception as exc:  # noqa: BLE001 — the message is what is checked
        return f"{type(exc).__name__}: {exc}"
    printed = (out.getvalue() + err.getvalue()).rstrip("\n")
    return printed + ("" if result in (0, None) else f" [{result!r}]")


def command(*argv):
    """A command run in-process; PATH in ``argv`` stands for the special file, DIR for its
    folder."""
    from sorry_widget.cli import main
    return lambda path: said(lambda: main([a.replace("PATH", str(path))
                                           .replace("DIR", str(path.parent)) for a in argv]))


def library(call):
    return lambda path: said(lambda: call(path))


def refused_quietly(call):
    """A reader that answers None for anything it cannot use (read in passing)."""
    return lambda path: "refused" if call(path) is None else "read"


def _readers() -> dict:
    from sorry_widget import CardRecord, Position, Record
    from sorry_widget.cardgame.cards import load_deck
    from sorry_widget.core import safeio
    from sorry_widget.simulation import twopawn
    from sorry_widget.simulation.review import review_file
    from sorry_widget.widget.export import export_notebook

    def cached_table(path):
        return twopawn.cached_table()

    def widget(path):
        from sorry_widget import SorryWidget
        return SorryWidget(record=path)

    def card_widget(path):
        from sorry_widget.widget.cardwidget import SorryCardWidget as CardWidget
        return CardWidget(record=path)

    def lab_settings(path):
        from sorry_widget.classroom.lab_settings import write_lab_defaults
        return write_lab_defaults(path.parents[4])

    def lessons(path):
        from sorry_widget.classroom.files import MARKER, copy_lessons
        (path.parents[1] / MARKER).write_text("")
        return copy_lessons(path.parents[1])

    return {
        "read_bytes": (None, library(lambda p: safeio.read_bytes(
            p, what="file", error=ValueError, max_bytes=1000))),
        "small_file_text": (None, refused_quietly(lambda p: safeio.small_file_text(p, 1000))),
        "Position.load": (None, library(Position.load)),
        "Record.load": (None, library(Record.load)),
        "CardRecord.load": (None, library(CardRecord.load)),
        "load_deck": (None, library(load_deck)),
        "review_file": (None, library(review_file)),
        "export_notebook": (None, library(lambda p: export_notebook(p, execute=False))),
        "SorryWidget(record=)": (None, library(widget)),
        "CardWidget(record=)": (None, library(card_widget)),
        "the two-pawn table": ("cache/sorry-widget/TABLE", refused_quietly(cached_table)),
        "JupyterLab settings": ("env/share/jupyter/lab/settings/overrides.json",
                                library(lab_settings)),
        "lessons already there": ("lessons/notebooks/01-quick-start.ipynb", library(lessons)),
        "moves FILE": (None, command("moves", "PATH", "--card", "5")),
        "coach FILE": (None, command("coach", "PATH", "--card", "5")),
        "replay FILE": (None, command("replay", "PATH")),
        "review FILE": (None, command("review", "PATH")),
        "exact value FILE": (None, command("exact", "value", "PATH")),
        "cardgame plays FILE": (None, command("cardgame", "plays", "PATH")),
        "cardgame --deck FILE": (None, command("cardgame", "simulate", "--games", "2",
                                               "--deck", "PATH")),
        "export FILE": (None, command("export", "PATH", "-o", "PATH.html")),
    }


READERS = sorted(_readers())


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    from sorry_widget.simulation import evaluate, twopawn
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(twopawn, "_loaded", {})
    monkeypatch.setattr(evaluate, "_TABLE", [])


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
@pytest.mark.parametrize("reader", READERS)
def test_every_reader_refuses_what_is_not_a_file_at_once(reader, kind, tmp_path, own_cache,
                                                         prompt):
    from sorry_widget.simulation import twopawn
    where, read = _readers()[reader]
    path = (tmp_path / "given.json" if where is None
            else tmp_path / where.replace("TABLE", twopawn.cache_path().name))
    place(kind, path)
    answer = read(path)
    if answer == "refused":
        return
    assert "Traceback" not in answer and len(answer.strip().splitlines()) == 1, answer
    # (the lessons' copier names every file in its way at once, whatever each is)
    assert (SPECIAL_KINDS[kind] if reader != "lessons already there" else "in the way") \
        in answer, answer


class EndlessStream(io.RawIOBase):
    """A pipe whose writer never stops and never ends a line."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        buffer[:] = b"x" * len(buffer)
        return len(buffer)


def _endless_pipe():
    """The read end of a real pipe fed without end (and without a line end) by a thread."""
    read_end, write_end = os.pipe()
    stop = threading.Event()

    def feed():
        with os.fdopen(write_end, "wb") as f:
            with contextlib.suppress(OSError):
                while not stop.is_set():
                    f.write(b"{" * 65536)
    threading.Thread(target=feed, daemon=True).start()
    return os.fdopen(read_end, "rb"), stop


STREAM_COMMANDS = [["moves", "--jsonl"], ["cardgame", "plays", "--jsonl"], ["exact", "value"]]


@pytest.mark.parametrize("source", ["/dev/zero", "a pipe", "a stream"])
@pytest.mark.parametrize("argv", STREAM_COMMANDS, ids=" ".join)
def test_every_stdin_reader_stops_on_an_endless_line_with_one_error(argv, source, monkeypatch,
                                                                    prompt):
    import sys as system

    from sorry_widget.cli import main
    from sorry_widget.core.safeio import MAX_UNENDED_BYTES
    stop = None
    if source == "/dev/zero":
        stream = open("/dev/zero", "rb")  # noqa: SIM115 — closed below
    elif source == "a pipe":
        stream, stop = _endless_pipe()
    else:
        stream = io.BufferedReader(EndlessStream())
    monkeypatch.setattr(system, "stdin", io.TextIOWrapper(stream))
    try:
        answer = said(lambda: main(argv))
    finally:
        if stop is not None:
            stop.set()
        stream.close()
    lines = answer.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith("[1]"), answer[-500:]
    assert json.loads(lines[0][:-len(" [1]")]) == {"error": f"line 1: more than {MAX_UNENDED_BYTES:,} "
                                                  "bytes with no line end; the rest is not read"}


def test_a_line_of_exactly_the_cap_is_read(monkeypatch):
    """The cap counts the line's own bytes, not its line end (1,000,000 were refused as "more
    than 1,000,000")."""
    from sorry_widget.cli.common import MAX_LINE_BYTES, answer_lines
    line = b'"' + b"x" * (MAX_LINE_BYTES - 2) + b'"'
    for text, read in ((line + b"\n", True), (line, True), (line + b"\r\n", False),
                       (b" " + line + b"\n", False)):
        got = []

        def answer(request, got=got):
            got.append(request)
            return {"read": len(request)}
        printed = said(lambda text=text, answer=answer: answer_lines(answer,
                                                                      stream=io.BytesIO(text)))
        if read:
            assert got == ["x" * (MAX_LINE_BYTES - 2)] and "error" not in printed, printed
        else:
            assert got == [] and "longer than 1,000,000 bytes" in printed and \
                printed.endswith("[1]"), printed


def _writers() -> dict:
    from sorry_widget import CardGame, Game, Record
    from sorry_widget.core import safeio
    from sorry_widget.render.charts import Chart
    from sorry_widget.simulation import twopawn

    game = Game(2, seed=4)
    game.run()
    cards = CardGame(2, seed=3)
    cards.run()

    def weights(path):
        from importlib import resources

        from sorry_widget.simulation.training import save_weights
        shipped = resources.files("sorry_widget.simulation") / "learned_weights.json"
        return save_weights(json.loads(shipped.read_text()), path)

    def table(path):
        values = twopawn.array("d", [0.5] * 4)
        header = {"caps": [1, 1], "states": 4}
        return twopawn._write(twopawn.TwoPawnTable(values, header), path)

    def widget(path):
        from sorry_widget import SorryWidget
        return SorryWidget(record=Record.from_game(game)).save(path)

    def page(path):
        from sorry_widget import SorryWidget
        return SorryWidget(record=Record.from_game(game)).to_html(path)

    def card_widget(path):
        from sorry_widget.widget.cardwidget import SorryCardWidget as CardWidget
        return CardWidget(record=cards.record()).save(path)

    def lab_settings(path):
        from sorry_widget.classroom.lab_settings import _write_settings
        return _write_settings(path, {})

    return {
        "write_text_atomic": library(lambda p: safeio.write_text_atomic(
            p, "x", what="file", error=ValueError)),
        "write_bytes_atomic": library(lambda p: safeio.write_bytes_atomic(
            p, b"x", what="file", error=ValueError)),
        "Record.save": library(lambda p: Record.from_game(game).save(p)),
        "CardRecord.save": library(lambda p: cards.record().save(p)),
        "Chart.save": library(lambda p: Chart("<svg/>", "a chart").save(p)),
        "save_weights": library(weights),
        "the two-pawn table": library(table),
        "SorryWidget.save": library(widget),
        "SorryWidget.to_html": library(page),
        "CardWidget.save": library(card_widget),
        "JupyterLab settings": library(lab_settings),
        "play --record": command("play", "--players", "2", "--seed", "1", "--record", "PATH"),
        "cardgame play --record": command("cardgame", "play", "--players", "2", "--seed", "1",
                                          "--record", "PATH"),
        "train --out": command("train", "--games", "1000000", "--out", "PATH"),
        "export -o": command("export", "DIR/lesson.ipynb", "--no-execute", "-o", "PATH"),
    }


WRITERS = sorted(_writers())


@pytest.mark.parametrize("kind", ["fifo", "folder", "/dev/full", "/dev/null"])
@pytest.mark.parametrize("writer", WRITERS)
def test_every_writer_refuses_to_replace_what_is_not_a_file(writer, kind, tmp_path, prompt,
                                                            monkeypatch):
    if writer == "train --out":
        pytest.importorskip("numba")
    path = tmp_path / "out.json"
    place(kind, path)
    before = os.lstat(path)
    notebook = tmp_path / "lesson.ipynb"
    notebook.write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    answer = _writers()[writer](path)
    lines = answer.strip().splitlines()
    assert "Traceback" not in answer and lines, answer
    assert SPECIAL_KINDS[kind] in lines[-1] and "not saved to" in lines[-1], answer
    after = os.lstat(path)
    assert (after.st_mode, after.st_ino, after.st_rdev) == \
        (before.st_mode, before.st_ino, before.st_rdev)
    for device in ("/dev/full", "/dev/null", "/dev/zero"):
        assert stat.S_ISCHR(os.stat(device).st_mode), device
    # No temporary file is left beside it.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lesson.ipynb", "out.json"]



#: Where the package reads or writes a file, opens one or reads stdin: core/safeio.py only,
#: except these lines (the package's own files, read from its folder, and stdin handed to
#: safeio's line reader). A new line that matches fails the guard below: route it through
#: safeio (and add it to READERS or WRITERS above), or, for a file of the package itself, here.
FILE_ACCESS = re.compile(r"\bopen\(|\.read_text\(|\.read_bytes\(|json\.load\(|sys\.stdin|"
                         r"\.write_text\(|\.write_bytes\(|os\.replace\(|os\.rename\(|mkstemp|"
                         r"shutil\.(copy|move)|\.tofile\(|fromfile\(|np\.(load|save)")
PACKAGE_FILES = {
    ("cli/common.py", "for lineno, line in stream_lines(sys.stdin.buffer if stream is None "
                      "else stream,"),
    ("widget/replay.py", 'PAGE_MESSAGES: dict = json.loads((_HERE / "page_messages.json")'
                         '.read_text(encoding="utf-8"))'),
    ("widget/export.py", 'esm = (_HERE / "widget.js").read_text(encoding="utf-8")'),
    ("widget/export.py", 'css = (_HERE / "widget.css").read_text(encoding="utf-8")'),
    ("widget/export.py", 'runner = (_HERE / "page.js").read_text(encoding="utf-8")'),
    ("widget/strings.py", 'return json.loads(UI_ENGLISH_FILE.read_text(encoding="utf-8"))'),
    ("simulation/learned.py", "text = resources.files(__package__).joinpath(WEIGHTS_FILE)"
                              ".read_bytes()"),
    ("simulation/twopawn.py", 'digest.update(name.encode() + b"\\0" + (package / name)'
                              '.read_bytes())'),
}


def test_files_are_opened_only_by_safeio():
    package = Path(__file__).resolve().parent.parent / "sorry_widget"
    found = set()
    for source in sorted(package.rglob("*.py")):
        name = source.relative_to(package).as_posix()
        if name == "core/safeio.py":
            continue
        for line in source.read_text(encoding="utf-8").splitlines():
            if FILE_ACCESS.search(line):
                found.add((name, line.strip()))
    assert found - PACKAGE_FILES == set(), "a file read or written outside core/safeio.py"
    assert PACKAGE_FILES - found == set(), "PACKAGE_FILES names a line that is gone"
