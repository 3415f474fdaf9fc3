#!/usr/bin/env bash
# `npm test`: the whole suite, on a fresh clone too (installs the toolchain first when it is missing):
#   1. jest — every node and the trigger driven through n8n-core's real engine against the sandbox;
#   2. the release checks: the packed tarball, the GitHub workflows, the publish guards, README and examples;
#   3. the packed package inside a real, pinned n8n (installed into .cache/ on first use).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/tools/ensure-deps.sh
echo "== engine-level suite (jest)"
npx jest
echo "== release checks (jest --config jest.release.config.js)"
npx jest --config jest.release.config.js
echo "== real n8n suite (jest --config jest.e2e.config.js)"
bash test/e2e/run-e2e.sh
