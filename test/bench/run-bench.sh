#!/usr/bin/env bash
# `npm run bench`: the benchmark (docs/benchmarks.md). Installs the dev toolchain when missing (fresh clone),
# compiles the benchmark (only its files and what they import) and runs it; the script itself installs the pinned
# n8n into .cache/ on first use (test/e2e/install-n8n.sh, several minutes) and reuses it afterwards.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/tools/ensure-deps.sh
rm -rf .tmp/bench-build
node_modules/.bin/tsc -p test/bench/tsconfig.bench.json
# BENCH_QUEUE=0 leaves out the queue-mode section, BENCH_QUEUE=only runs nothing else
[ "${BENCH_QUEUE:-1}" = only ] || node .tmp/bench-build/test/bench/bench.js "$@"
[ "${BENCH_QUEUE:-1}" = 0 ] && exit 0
# queue mode (its own section of docs/benchmarks.md) needs PostgreSQL and Redis: installed when missing
bash test/queue/ensure-services.sh
exec node .tmp/bench-build/test/bench/queue-bench.js
