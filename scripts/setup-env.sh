#!/usr/bin/env bash
# Creates (or reuses) the project's virtual environment in .venv and installs the package with
# the given extras. Called by the two README commands, so a fresh machine needs nothing else.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
extras="${1:-test}"
python="${PYTHON:-python3}"
if [ ! -x "$root/.venv/bin/python" ]; then
  if ! "$python" -m venv "$root/.venv" 2>/dev/null; then
    # Debian's own python3 ships venv separately (python3-venv); install it if we may.
    rm -rf "$root/.venv"
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      echo "setup: installing Debian's python3-venv" >&2
      apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
      "$python" -m venv "$root/.venv"
    else
      echo "setup: '$python -m venv' failed; install your Python's venv module (Debian: python3-venv)" >&2
      exit 1
    fi
  fi
fi
"$root/.venv/bin/python" -m pip install --quiet --upgrade pip
"$root/.venv/bin/python" -m pip install --quiet -e "$root[$extras]"
# JupyterLab saves the boards with the notebook, so a reopened lesson shows them at once.
"$root/.venv/bin/python" -m sorry_widget.lab_settings >/dev/null
# The batch engine's first run compiles for tens of seconds; doing it here, once, fills numba's
# cache beside the code, so a lesson's first simulation loads it in under a second. On a
# machine that ran it before this takes about a second.
if "$root/.venv/bin/python" -c "import numba" 2>/dev/null; then
  "$root/.venv/bin/python" -c "from sorry_widget.simulation import batch_engine; batch_engine.warm_cache()"
fi
