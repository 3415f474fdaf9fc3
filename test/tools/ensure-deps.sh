#!/usr/bin/env bash
# Installs the dev toolchain on a fresh clone (nothing happens when it is already there).
set -euo pipefail
cd "$(dirname "$0")/../.."
# `npm ci`: the locked dependency tree, as .ci/run and GitHub CI install it.
[ -x node_modules/.bin/jest ] && [ -x node_modules/.bin/tsc ] || npm ci --no-audit --no-fund
