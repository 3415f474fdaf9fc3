#!/usr/bin/env bash
# `npm run test:queue`: the package in n8n's queue mode (main + 2 workers, PostgreSQL, Redis). Installs the dev
# toolchain and PostgreSQL/Redis when missing (apt-get, as root or with sudo); the pinned n8n comes from .cache/
# (installed on first use). Bounded: jest's own time limits, and `timeout` ends jest after 45 minutes. Whatever a
# killed jest leaves running is then stopped by PID (stop-recorded.sh). Extra arguments go to jest.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/tools/ensure-deps.sh
bash test/queue/ensure-services.sh
export QUEUE_PID_FILE="$PWD/.tmp/queue-run.pids"
rm -f "$QUEUE_PID_FILE"
# the database files of a killed run go too (QUEUE_KEEP_DATA=1 keeps them, as the suite itself does)
trap 'bash test/queue/stop-recorded.sh "$QUEUE_PID_FILE"; [ "${QUEUE_KEEP_DATA:-}" = 1 ] || rm -rf .cache/queue/run-*' EXIT
# jest in the background so that a SIGTERM/SIGINT to this script ends it (the trap then stops its children)
timeout --signal=TERM --kill-after=60 45m node_modules/.bin/jest --config test/queue/jest.config.js --runInBand "$@" &
jest=$!
trap 'kill -TERM "$jest" 2> /dev/null' TERM INT
status=0
wait "$jest" || status=$?
# a signal interrupts the first wait: wait for jest to end
while kill -0 "$jest" 2> /dev/null; do wait "$jest" || status=$?; done
exit "$status"
