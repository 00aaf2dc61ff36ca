#!/usr/bin/env bash
# The Debian packages the tests need, each installed only if it is missing: chromium for the
# real-browser tests (Playwright drives it; it cannot download its own browser here) and npm,
# which fetches the JupyterLite site's Python runtime (tests/test_lite.py builds the site) and
# axe-core, the accessibility checker tests/test_accessibility.py runs (tests/support/axe.py).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} = 0 ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "setup: installing Debian's ${missing[*]} for the tests" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "setup: ${missing[*]} missing; install Debian's package(s): ${missing[*]}" >&2
  exit 1
fi
