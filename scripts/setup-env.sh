#!/usr/bin/env bash
# Creates (or reuses) the project's virtual environment in .venv and installs the package with
# the given extras. Called by the two README commands, so a fresh machine needs nothing else.
# The package is installed editable (code changes need no reinstall), so when pyproject.toml,
# the extras asked and the package's version are those of the last set-up (a stamp in .venv),
# nothing is installed again: a later start takes seconds. Delete .venv to set up from scratch.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
extras="${1:-test}"
python="${PYTHON:-python3}"
say() { echo "setup: $*" >&2; }
if [ ! -x "$root/.venv/bin/python" ]; then
  say "creating the virtual environment .venv"
  if ! "$python" -m venv "$root/.venv" 2>/dev/null; then
    # Debian's own python3 ships venv separately (python3-venv); install it if we may.
    rm -rf "$root/.venv"
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      say "installing Debian's python3-venv"
      apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
      "$python" -m venv "$root/.venv"
    else
      say "'$python -m venv' failed; install your Python's venv module (Debian: python3-venv)"
      exit 1
    fi
  fi
fi
venv_python="$root/.venv/bin/python"
# What the installed environment depends on; the package's code itself is read from the clone.
stamp_of() {
  "$venv_python" - "$root" "$1" <<'PY'
import hashlib, sys
from pathlib import Path
root, what = Path(sys.argv[1]), sys.argv[2]
h = hashlib.sha256(what.encode())
for name in what.split("|")[1:]:
    h.update((root / name).read_bytes())
print(h.hexdigest())
PY
}
install_stamp="$root/.venv/.sorry-widget-installed-${extras//,/-}"
want="$(stamp_of "$extras|pyproject.toml|sorry_widget/__init__.py")"
if [ "$(cat "$install_stamp" 2>/dev/null)" = "$want" ]; then
  say "packages up to date for sorry-widget[$extras] (nothing to install)"
else
  say "installing sorry-widget[$extras] and what it needs from PyPI into .venv" \
      "(the first time about 2 minutes, with no output from pip)"
  "$venv_python" -m pip install --quiet --upgrade pip
  "$venv_python" -m pip install --quiet -e "$root[$extras]"
  # JupyterLab saves the boards with the notebook, so a reopened lesson shows them at once.
  "$venv_python" -m sorry_widget.classroom.lab_settings >/dev/null
  echo "$want" > "$install_stamp"
fi
# The batch engine's first run compiles for tens of seconds; doing it here, once, fills numba's
# cache beside the code, so a lesson's first simulation loads it in under a second. Done again
# only when the engine's code changed (numba then recompiles it anyway).
warm_stamp="$root/.venv/.sorry-widget-compiled"
want="$(stamp_of "batch|sorry_widget/simulation/batch_engine.py")"
if "$venv_python" -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('numba') is None)" \
    && [ "$(cat "$warm_stamp" 2>/dev/null)" != "$want" ]; then
  say "compiling the batch engine once into numba's cache (30-45 s the first time)"
  "$venv_python" -c "from sorry_widget.simulation import batch_engine; batch_engine.warm_cache()"
  echo "$want" > "$warm_stamp"
fi
