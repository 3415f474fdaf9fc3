#!/usr/bin/env bash
# `npm run test:e2e`: the package inside a real, pinned n8n (installed into .cache/ on first use: a few minutes).
# Installs the dev toolchain when missing (fresh clone). Extra arguments go to jest, e.g. -t 'credential'.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/tools/ensure-deps.sh
exec node_modules/.bin/jest --config jest.e2e.config.js --runInBand "$@"
