#!/usr/bin/env bash
# Refreshes the locked versions the two README commands install (requirements/*.txt): resolves
# the project's extras afresh from PyPI in throwaway virtual environments and writes what they
# installed, pinned. Run it on purpose (say, when a dependency needs a bug fix or once a term),
# then run the test command and commit the files if it passes: the lock holds the versions the
# tests last passed with, so a fresh machine gets what was tested, not what PyPI serves today.
#   requirements/constraints.txt       .venv: sorry-widget[test,bench] (every extra, test tools)
#   requirements/lite-constraints.txt  .venv-lite: the JupyterLite site's build tools
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# lock NAME OUTFILE PIP-ARGS...: a fresh venv, the newest versions that fit, frozen to OUTFILE.
lock() {
  local name="$1" out="$2"
  shift 2
  echo "lock: resolving $name afresh (a minute or two)" >&2
  "$python" -m venv "$work/$name"
  "$work/$name/bin/python" -m pip install --quiet --upgrade pip
  "$work/$name/bin/python" -m pip install --quiet "$@"
  {
    echo "# Locked versions for $name, written by scripts/lock.sh on $(date -u +%Y-%m-%d)"
    echo "# with $("$work/$name/bin/python" -c 'import platform; print("Python", platform.python_version(), "on", platform.machine())')."
    echo "# pip reads this file as constraints (-c): it pins versions, it installs nothing itself."
    # The project itself is installed from the clone, never pinned.
    "$work/$name/bin/python" -m pip freeze --all --exclude-editable \
      | grep -v -i -E '^(sorry-widget|sorry_widget)( |=|@)' | LC_ALL=C sort -f
  } > "$out.tmp"
  mv "$out.tmp" "$out"
  echo "lock: wrote $out ($(grep -c '==' "$out") pins)" >&2
}

lock "sorry-widget[test,bench]" "$root/requirements/constraints.txt" -e "$root[test,bench]"
lock "the Lite site's build tools" "$root/requirements/lite-constraints.txt" \
  -r "$root/scripts/lite-requirements.txt"
