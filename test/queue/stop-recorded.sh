#!/usr/bin/env bash
# Ends, by PID, the processes a run recorded (test/e2e/processes.ts recordChildPidsTo: "<pid> <start time>" per
# line) that are still running: what a killed jest could not stop itself. A PID whose start time differs is
# another process by now and is left alone. SIGTERM to each one's process group, SIGKILL after 15 s.
set -uo pipefail
file="${1:?usage: stop-recorded.sh <pid file>}"
[ -f "$file" ] || exit 0
start_time() { [ -r "/proc/$1/stat" ] && sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f20; }
alive=()
while read -r pid started; do
	[ -n "$pid" ] && [ "$(start_time "$pid")" = "$started" ] && alive+=("$pid")
done < "$file"
[ ${#alive[@]} -eq 0 ] && exit 0
echo "stopping ${#alive[@]} process(es) the run left behind: ${alive[*]}"
for pid in "${alive[@]}"; do kill -TERM -- "-$pid" 2> /dev/null || kill -TERM "$pid" 2> /dev/null; done
for _ in $(seq 1 30); do
	left=0
	for pid in "${alive[@]}"; do [ -d "/proc/$pid" ] && left=1; done
	[ $left -eq 0 ] && exit 0
	sleep 0.5
done
for pid in "${alive[@]}"; do kill -KILL -- "-$pid" 2> /dev/null || kill -KILL "$pid" 2> /dev/null; done
exit 0
