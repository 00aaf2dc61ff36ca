#!/usr/bin/env bash
# The main job. For now: the engine's demo — one game played out with explanations, then a
# simulation of 10,000 four-player games. (The lessons in JupyterLab come with the widget.)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup-env.sh test
.venv/bin/sorry-widget play --players 4 --seed 1 --record "${TMPDIR:-/tmp}/sorry-game.json" | tail -n 25
.venv/bin/sorry-widget simulate --players 4 --games 10000 --strategy random --seed 1 --progress
