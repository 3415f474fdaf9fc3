#!/usr/bin/env bash
# `npm run bench:sandbox`: the sandbox's own speed at 10,000 items (test/bench/sandbox-bench.ts). No n8n needed.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/tools/ensure-deps.sh
rm -rf .tmp/sandbox-bench-build
node_modules/.bin/tsc -p test/bench/tsconfig.bench.json --outDir .tmp/sandbox-bench-build
exec node .tmp/sandbox-bench-build/test/bench/sandbox-bench.js "$@"
