#!/usr/bin/env bash
# Every test, from a fresh clone: builds .venv, installs the package and test tools, runs pytest,
# then a short benchmark smoke run (figures only, no pass/fail on speed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup-env.sh "test,bench"
.venv/bin/python -m pytest "$@"
.venv/bin/python benchmarks/engine_speed.py --games 100 --baseline-games 5
