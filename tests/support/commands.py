"""The installed ``sorry-widget`` command, run as a user runs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def cli(args, stdin: str | bytes = b"", timeout: int = 120):
    exe = Path(sys.executable).with_name("sorry-widget")
    data = stdin.encode("utf-8", "surrogatepass") if isinstance(stdin, str) else stdin
    return subprocess.run([str(exe), *args], input=data, capture_output=True, timeout=timeout)
