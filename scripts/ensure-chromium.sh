#!/usr/bin/env bash
# Playwright drives Debian's Chromium headless shell (never a browser download; ADR 0365). Before the browser tests,
# make sure it is there: install it when we can (root with apt), or stop at once with the
# one command to run.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
[ -x "$browser" ] && exit 0
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH is set to $browser, which is not an executable browser." >&2
  exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Debian's Chromium headless shell is missing: installing it with apt-get (once)."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  [ -x "$browser" ] && exit 0
fi
cat >&2 <<MSG
The browser tests need Debian's Chromium headless shell at /usr/bin/chromium-headless-shell,
and it is not installed. Install it with:

    sudo apt-get install chromium-headless-shell

(or set CHROMIUM_PATH to another Chromium), then run the tests again.
MSG
exit 1
