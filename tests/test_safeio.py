"""Reading JSON from anywhere with limits, and writing files whole or not at all
(sorry_widget/core/safeio.py), on the inputs a tester attacked the readers with."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap

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
    with pytest.raises(Refused, match="/dev/zero is larger than 1,000 bytes"):
        read_json_file("/dev/zero", what="record", error=Refused, max_bytes=1000)
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


def test_shown_prints_what_python_cannot():
    from sorry_widget.core.safeio import shown

    assert shown(10 ** 5000) == "a number of about 5,001 digits"
    assert shown({"1": 10 ** 5000}) == "a dict holding a number too long to print"
    assert shown("x" * 100) == "'" + "x" * 58 + "…"
    assert shown("\ud800") == "'\\ud800'"
