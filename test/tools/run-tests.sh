#!/usr/bin/env bash
# `npm test`: works on a fresh clone (installs the dev toolchain first when it is missing), then runs the jest
# suite — the nodes driven through n8n-core's real engine against the sandbox.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x node_modules/.bin/jest ] || npm ci --no-audit --no-fund
npx jest "$@"
