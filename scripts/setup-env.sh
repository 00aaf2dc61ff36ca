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
# The page's bundle (sorry_widget/widget/widget.js, not committed) is built from js/ by esbuild,
# from npm: again only when js/ (or the page's messages, page_messages.json, which it imports)
# or the npm lock changed since the last build (a stamp in node_modules), and the npm tools
# (esbuild, and the checker, linter of npm run check/lint) again only when the lock changed.
bundle_stamp="$root/node_modules/.sorry-widget-bundle"
npm_stamp="$root/node_modules/.sorry-widget-npm"
want="$(cd "$root" && stamp_of "bundle|package.json|package-lock.json|sorry_widget/widget/page_messages.json$(find js -type f | sort | sed 's/^/|/' | tr -d '\n')")"
if [ -f "$root/sorry_widget/widget/widget.js" ] && [ "$(cat "$bundle_stamp" 2>/dev/null)" = "$want" ]; then
  say "the page's bundle is up to date (nothing to build)"
else
  if ! command -v npm >/dev/null; then
    # The page is built with esbuild from npm; Debian's npm brings node too.
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      say "installing Debian's npm (the page is bundled with esbuild from npm)"
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
    else
      say "npm is missing: the page is bundled with esbuild from npm; install Debian's npm"
      exit 1
    fi
  fi
  npm_want="$(stamp_of "npm|package.json|package-lock.json")"
  if [ "$(cat "$npm_stamp" 2>/dev/null)" != "$npm_want" ]; then
    say "installing esbuild, typescript and eslint from npm (package-lock.json) into node_modules"
    (cd "$root" && npm ci --no-audit --no-fund --silent)
    echo "$npm_want" > "$npm_stamp"
  fi
  say "bundling the page (js/) into sorry_widget/widget/widget.js with esbuild"
  (cd "$root" && npm run --silent build)
  echo "$want" > "$bundle_stamp"
fi
install_stamp="$root/.venv/.sorry-widget-installed-${extras//,/-}"
# The locked versions (scripts/lock.sh refreshes them): a fresh machine installs what the tests
# last passed with, not whatever the registry serves that day.
constraints="$root/requirements/constraints.txt"
want="$(stamp_of "$extras|pyproject.toml|sorry_widget/__init__.py|requirements/constraints.txt")"
if [ "$(cat "$install_stamp" 2>/dev/null)" = "$want" ]; then
  say "packages up to date for sorry-widget[$extras] at the versions locked in" \
      "requirements/constraints.txt (nothing to install)"
else
  say "installing sorry-widget[$extras] and what it needs from PyPI into .venv," \
      "at the versions locked in requirements/constraints.txt" \
      "(the first time about 2 minutes, with no output from pip)"
  "$venv_python" -m pip install --quiet --upgrade pip -c "$constraints"
  "$venv_python" -m pip install --quiet -e "$root[$extras]" -c "$constraints"
  # JupyterLab saves the boards with the notebook, so a reopened lesson shows them at once.
  "$venv_python" -m sorry_widget.classroom.lab_settings >/dev/null
  echo "$want" > "$install_stamp"
fi
# The files made from the translation catalogs are built, not committed: the .mo files the package
# reads (from the .po files), its ui_strings.json (js/strings.js's English) and the page tests'
# js/test/page-strings.json. Each start: it writes only what changed (a fraction of a second;
# page-strings.json, which takes a second or two, only when older than its sources).
"$venv_python" "$root/scripts/build_catalogs.py" --page
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
