#!/usr/bin/env bash
# `npm run bench`: the benchmark (docs/benchmarks.md). Installs the dev toolchain when missing (fresh clone),
# compiles the benchmark (only its files and what they import) and runs it; the script itself installs the pinned
# n8n into .cache/ on first use (test/e2e/install-n8n.sh, several minutes) and reuses it afterwards. bench.js writes
# docs/benchmarks.md whole but keeps the marker sections of other scripts (test/bench/report-sections.ts); the
# Download, Search and queue-mode benchmarks run after it and replace only their own sections. Each part is stamped
# with BENCH_RUN, and the last step writes the summary at the top: one run or not, and every target of the page counted.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/tools/ensure-deps.sh
rm -rf .tmp/bench-build
node_modules/.bin/tsc -p test/bench/tsconfig.bench.json
export BENCH_RUN="${BENCH_RUN:-$(date -u '+%Y-%m-%d %H:%M UTC')}"
# BENCH_ONLY=main (bench.js: listing, scale, profiles, batch, trigger), =download, =search, =ablation or =queue runs that part alone;
# BENCH_QUEUE=0 leaves out the queue-mode section, BENCH_ABLATION=0 the ablation (each speed mechanism switched off)
only="${BENCH_ONLY:-}"
if [ -z "$only" ] || [ "$only" = main ]; then node .tmp/bench-build/test/bench/bench.js "$@"; fi
if [ -z "$only" ] || [ "$only" = download ]; then node .tmp/bench-build/test/bench/download-bench.js; fi
if [ -z "$only" ] || [ "$only" = search ]; then node .tmp/bench-build/test/bench/search-bench.js; fi
if { [ -z "$only" ] && [ "${BENCH_ABLATION:-1}" != 0 ]; } || [ "$only" = ablation ]; then
	node .tmp/bench-build/test/bench/ablation.js
fi
# by hand only: where n8n's CPU goes during a download (CPU profiles inside n8n, printed, in .tmp/)
if [ "$only" = download-profile ]; then exec node .tmp/bench-build/test/bench/download-profile.js; fi
if { [ -z "$only" ] && [ "${BENCH_QUEUE:-1}" != 0 ]; } || [ "$only" = queue ]; then
	# queue mode (its own section of docs/benchmarks.md) needs PostgreSQL and Redis: installed when missing
	bash test/queue/ensure-services.sh
	node .tmp/bench-build/test/bench/queue-bench.js
fi
node .tmp/bench-build/test/bench/finish-report.js
