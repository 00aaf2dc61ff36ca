#!/usr/bin/env bash
# Every test, from a fresh clone: builds .venv, installs the package and test tools (and Debian's
# chromium and npm), runs every tier of tests/ (docs/develop.md, "Tests in tiers"): the fast tier first,
# in parallel, so a broken engine stops the run in a minute or two; then the slow tiers
# serially (they start Chromium, Jupyter servers and kernels, build the JupyterLite site with
# scripts/build-lite.sh and run its lessons offline, build the docs site, the sdist and wheel,
# fresh environments); then every lesson notebook under nbval, then benchmark runs (figures
# only, no pass/fail on speed): short ones, and the scale benchmark of the batch engine,
# workers and the coach (about two minutes). Arguments go to both pytest runs (e.g. -x, -k).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup-env.sh "test,bench"
# The tests that make virtual environments of their own (the wheel's, Binder's) install the
# same locked versions as .venv.
export PIP_CONSTRAINT="$root/requirements/constraints.txt"
echo "test: the locked versions of $PIP_CONSTRAINT (refresh with scripts/lock.sh)" >&2
bash scripts/install-system.sh
# The linter first (pyproject.toml, [tool.ruff]): a minute of tests is not spent on a typo.
.venv/bin/ruff check

# The page (js/): type-check, lint and its node tests, in seconds (docs/develop.md, "Layout").
npm run --silent check && npm run --silent lint && npm test --silent

# pytest's exit code 5 means no test was selected (a -k matching none of a run): not a failure.
.venv/bin/python -m pytest tests "$@" || [ $? -eq 5 ]
.venv/bin/python -m pytest tests --tier=browser,jupyter,lite,docs,install,slow "$@" || [ $? -eq 5 ]
# The notebooks are stored without outputs: nbval fails on any error a cell raises.
# One notebook at a time (-n 0: pyproject.toml asks pytest-xdist for parallel runs, which would
# split a notebook's cells between kernels).
.venv/bin/python -m pytest -n 0 --nbval-lax --nbval-current-env --nbval-cell-timeout=120 \
  -p no:cacheprovider notebooks
.venv/bin/python benchmarks/engine_speed.py --games 100 --baseline-games 5
.venv/bin/python benchmarks/scale.py
.venv/bin/python benchmarks/exact_coach.py
.venv/bin/python benchmarks/widget_latency.py --steps 50
.venv/bin/python benchmarks/learned_speed.py --games 20 --match-deals 1000
.venv/bin/python benchmarks/review_speed.py
