#!/usr/bin/env bash
# Creates (or reuses) the project's virtual environment in .venv and installs the package with
# the given extras. Sourced by the two README commands, so a fresh machine needs nothing else.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
extras="${1:-test}"
python="${PYTHON:-python3}"
if [ ! -x "$root/.venv/bin/python" ]; then
  "$python" -m venv "$root/.venv"
fi
"$root/.venv/bin/python" -m pip install --quiet --upgrade pip
"$root/.venv/bin/python" -m pip install --quiet -e "$root[$extras]"
