#!/usr/bin/env bash
# Installs what the end-to-end check needs beyond npm: Debian's Chromium for the browser check.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
	echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "chromium is missing and this is not root: install Debian's chromium package, or the browser check is skipped" >&2
	exit 0
fi
echo "installing Debian chromium…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
