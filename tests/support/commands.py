"""The ``sorry-widget`` command: installed, run as a user runs it (``cli``), or in-process
(``run``), as the tests of its help and its catalog run it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def cli(args, stdin: str | bytes = b"", timeout: int = 120):
    exe = Path(sys.executable).with_name("sorry-widget")
    data = stdin.encode("utf-8", "surrogatepass") if isinstance(stdin, str) else stdin
    return subprocess.run([str(exe), *args], input=data, capture_output=True, timeout=timeout)


def run(capsys, *args: str) -> tuple[int, str, str]:
    """``sorry-widget ARGS`` in this process: its exit status, standard output and error."""
    from sorry_widget.cli import main

    try:
        status = main(list(args))
    except SystemExit as exc:
        status = exc.code
    out = capsys.readouterr()
    return status, out.out, out.err
