#!/usr/bin/env bash
# Installs PostgreSQL and Redis from the distribution's packages when their binaries are missing (nothing happens
# when both are there). Starts no service: the queue suite runs its own private instances (test/queue/services.ts).
# Needs root or sudo, as package installs do. Bounded: apt-get update 5 min, install 10 min.
set -euo pipefail

has_postgres() { compgen -G '/usr/lib/postgresql/*/bin/postgres' > /dev/null || command -v postgres > /dev/null; }
has_redis() { command -v redis-server > /dev/null; }

packages=()
has_postgres || packages+=(postgresql)
has_redis || packages+=(redis-server)
if [ ${#packages[@]} -eq 0 ]; then
	echo "PostgreSQL and Redis are installed"
	exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo > /dev/null || { echo "installing ${packages[*]} needs root or sudo" >&2; exit 1; }
	as_root=(sudo)
fi
started=$SECONDS
echo "installing ${packages[*]} (apt-get)"
"${as_root[@]}" timeout 300 env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" timeout 600 env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" > /dev/null
has_postgres && has_redis || { echo "apt-get installed ${packages[*]} but a binary is still missing" >&2; exit 1; }
echo "installed ${packages[*]} in $((SECONDS - started)) s"
