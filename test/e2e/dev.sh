#!/usr/bin/env bash
# `npm run dev`: installs the dev toolchain when missing (fresh clone), compiles the demo launcher and the sandbox
# (only those files and what they import), then runs it. The launcher installs n8n itself (test/e2e/install-n8n.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/tools/ensure-deps.sh
node_modules/.bin/tsc -p test/e2e/tsconfig.dev.json
exec node .tmp/dev-build/test/e2e/dev.js "$@"
