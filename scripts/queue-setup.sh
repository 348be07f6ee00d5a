#!/usr/bin/env bash
# Installs what the queue-mode test needs beyond npm: Redis and PostgreSQL from Debian's packages.
# The test starts its own instances on free loopback ports and stops them; nothing here runs them.
set -euo pipefail
missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -eq 0 ]; then
	echo "redis: $(redis-server --version | head -c 60); postgresql: $(ls /usr/lib/postgresql)"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "missing ${missing[*]} and this is not root: install Debian's packages, or the queue test is skipped" >&2
	exit 0
fi
echo "installing Debian ${missing[*]}…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
# The packages start their default services; the test needs only the binaries.
service redis-server stop >/dev/null 2>&1 || true
service postgresql stop >/dev/null 2>&1 || true
echo "installed: ${missing[*]}"
