#!/usr/bin/env bash
# Builds the lessons as a JupyterLite site in OUTDIR (open OUTDIR/lab/index.html from any static
# server): JupyterLab and a Python kernel (Pyodide) that run in the browser, with the Python
# runtime, this project's wheel and every pure-Python package the lessons import stored in the
# site, so it works with no internet. Needs the package registries (PyPI, npm) only, and npm.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo "usage: bash scripts/build-lite.sh OUTDIR" >&2
  exit 2
fi
if ! command -v npm >/dev/null; then
  echo "build-lite: npm is missing; the site's Python runtime (Pyodide) comes from the npm" \
       "registry with it (Debian: apt-get install npm)" >&2
  exit 1
fi
python="${PYTHON:-python3}"
# The site has its own lock (below), and its pip downloads are the versions Pyodide's lock names:
# the project's own lock, which the test command exports as PIP_CONSTRAINT, must not apply here.
unset PIP_CONSTRAINT
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
  echo "build-lite: Python 3.10 or newer is needed as '$python' (set PYTHON=...)" >&2
  exit 1
fi
# The build tools live in their own environment: JupyterLite copies every front-end extension
# it finds in its Python's prefix into the site, and the lessons' .venv has server-only ones.
venv="$root/.venv-lite"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
# At the versions locked in requirements/lite-constraints.txt (scripts/lock.sh refreshes them).
"$venv/bin/python" -m pip install --quiet --upgrade pip -c "$root/requirements/lite-constraints.txt"
"$venv/bin/python" -m pip install --quiet -r "$root/scripts/lite-requirements.txt" \
  -c "$root/requirements/lite-constraints.txt"
exec "$venv/bin/python" "$root/scripts/build_lite.py" "$1"
