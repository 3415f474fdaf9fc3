#!/usr/bin/env bash
# Installs the dev toolchain on a fresh clone (nothing happens when it is already there).
set -euo pipefail
cd "$(dirname "$0")/../.."
# `npm install` (following package-lock.json), not `npm ci`: see .ci/run.
[ -x node_modules/.bin/jest ] && [ -x node_modules/.bin/tsc ] || npm install --no-audit --no-fund
