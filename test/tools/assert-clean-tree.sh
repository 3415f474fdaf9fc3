#!/usr/bin/env bash
# Fails when the working tree differs from the commit: a fresh clone's install (npm ci) and build must not change
# a tracked file (e.g. package-lock.json) nor leave an untracked one that .gitignore does not name.
set -euo pipefail
cd "$(dirname "$0")/../.."
changed="$(git status --porcelain)"
if [ -n "$changed" ]; then
	echo "install and build changed the clone:" >&2
	echo "$changed" >&2
	exit 1
fi
echo "the clone is unchanged"
