#!/usr/bin/env bash
# The main job: sets up everything and opens the lessons (notebooks/) in JupyterLab.
# Open the address it prints in a browser. Extra arguments go to JupyterLab (e.g. --port=9999).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup-env.sh lab
# The whole clone is served, opened on notebooks/: a lesson's links to docs/ (../docs/coach.md)
# resolve against the lesson's folder, and a server rooted in notebooks/ would answer them 404.
args=(--ServerApp.root_dir="$root" --LabApp.default_url=/lab/tree/notebooks --ip=127.0.0.1)
if [ "$(id -u)" = 0 ]; then args+=(--allow-root); fi
if [ -z "${DISPLAY:-}" ]; then args+=(--no-browser); fi
exec .venv/bin/jupyter lab "${args[@]}" "$@"
