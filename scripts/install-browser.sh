#!/usr/bin/env bash
# Debian's Chromium for the real-browser tests (Playwright drives it; it cannot download its own
# browser here). Installs it only if it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "setup: installing Debian's chromium for the browser tests" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "setup: /usr/bin/chromium is missing; install Debian's chromium package" >&2
  exit 1
fi
