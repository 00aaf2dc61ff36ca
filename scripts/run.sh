#!/usr/bin/env bash
# The main job: sets up everything and opens the lessons (notebooks/) in JupyterLab.
# Open the address JupyterLab prints in a browser. Extra arguments go to JupyterLab
# (e.g. --port=9999).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [ ! -x .venv/bin/python ]; then
  echo "First set-up: creates .venv and installs JupyterLab and the widget, about 2-3 minutes;" \
       "later starts take a few seconds."
fi
# lab: JupyterLab and the plots; fast: the batch engine, so lesson 05 plays 100,000 games.
bash scripts/setup-env.sh lab,fast
# The whole clone is served, opened on notebooks/: a lesson's links to docs/ (../docs/coach.md)
# resolve against the lesson's folder, and a server rooted in notebooks/ would answer them 404.
args=(--ServerApp.root_dir="$root" --LabApp.default_url=/lab/tree/notebooks --ip=127.0.0.1)
if [ "$(id -u)" = 0 ]; then args+=(--allow-root); fi
if [ -z "${DISPLAY:-}" ]; then args+=(--no-browser); fi
echo "Starting JupyterLab. Open the address it prints," \
     "http://127.0.0.1:8888/lab/tree/notebooks?token=... (another port if 8888 is taken);" \
     "Ctrl+C stops it."
exec .venv/bin/jupyter lab "${args[@]}" "$@"
