#!/usr/bin/env bash
# Builds the docs site in OUTDIR (open OUTDIR/index.html): the README, the rules and the formats
# of docs/, the lessons run and shown with their outputs, the API reference generated from
# the package's docstrings, and the lessons' JupyterLite site in OUTDIR/lite/ for the page
# "Try it in your browser". Sphinx runs with warnings as errors. Published by
# .github/workflows/docs-pages.yml at https://sorry-widget.github.io/sorry_widget/.
#   --no-lite          leave out OUTDIR/lite/ (its build needs npm, a minute or two)
#   --lite-from DIR    copy a Lite site that scripts/build-lite.sh already built into DIR
# Python: $PYTHON, else the clone's .venv, with the docs extra (pip install -e '.[docs]').
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage="usage: bash scripts/build-docs.sh OUTDIR [--no-lite | --lite-from DIR]"
outdir="" lite=build lite_from=""
while [ $# -gt 0 ]; do
  case "$1" in
    --no-lite) lite=none ;;
    --lite-from) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; lite=copy; lite_from="$2"; shift ;;
    -*) echo "$usage" >&2; exit 2 ;;
    *) [ -z "$outdir" ] || { echo "$usage" >&2; exit 2; }; outdir="$1" ;;
  esac
  shift
done
if [ -z "$outdir" ]; then
  echo "$usage" >&2
  exit 2
fi
python="${PYTHON:-}"
if [ -z "$python" ]; then
  if [ -x "$root/.venv/bin/python" ]; then python="$root/.venv/bin/python"; else python=python3; fi
fi
if ! "$python" -c 'import sphinx, myst_nb, furo' 2>/dev/null; then
  echo "build-docs: Sphinx, myst-nb or furo is missing for '$python': pip install -e '$root[docs]'" \
       "(or set PYTHON=...)" >&2
  exit 1
fi
"$python" "$root/scripts/build_docs.py" "$outdir"
case "$lite" in
  build) bash "$root/scripts/build-lite.sh" "$outdir/lite" ;;
  copy) rm -rf "$outdir/lite"; cp -a "$lite_from" "$outdir/lite" ;;
esac
