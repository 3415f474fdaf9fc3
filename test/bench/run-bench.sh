#!/usr/bin/env bash
# `npm run bench`: the benchmark (docs/benchmarks.md). Installs the dev toolchain when missing (fresh clone), compiles
# the benchmark (its entry points and what they import) and runs its sections (test/bench/bench.ts, SECTIONS); the
# pinned n8n is installed into .cache/ on first use (test/e2e/install-n8n.sh, several minutes) and reused afterwards.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/tools/ensure-deps.sh
rm -rf .tmp/bench-build
node_modules/.bin/tsc -p test/bench/tsconfig.bench.json
exec node .tmp/bench-build/test/bench/bench.js "$@"
