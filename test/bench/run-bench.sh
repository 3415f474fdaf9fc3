#!/usr/bin/env bash
# `npm run bench`: the benchmark (docs/benchmarks.md). Installs the dev toolchain when missing (fresh clone),
# compiles the benchmark (only its files and what they import) and runs it; the script itself installs the pinned
# n8n into .cache/ on first use (test/e2e/install-n8n.sh, several minutes) and reuses it afterwards. bench.js writes
# docs/benchmarks.md whole but keeps the marker sections of other scripts (test/bench/report-sections.ts); the
# Download benchmark runs after it and replaces only its own section. BENCH_ONLY=download runs it alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/tools/ensure-deps.sh
rm -rf .tmp/bench-build
node_modules/.bin/tsc -p test/bench/tsconfig.bench.json
if [ "${BENCH_ONLY:-}" != "download" ]; then node .tmp/bench-build/test/bench/bench.js "$@"; fi
exec node .tmp/bench-build/test/bench/download-bench.js
