/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** What the benchmarks read of a process (n8n's) from /proc: resident memory, its peak, CPU time. */
import * as fs from 'node:fs';

/** kB values of /proc/<pid>/status. */
export function procStatus(pid: number): { rssKb: number; hwmKb: number } {
	const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = (key: string) =>
		Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
	return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
	const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	// utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux)
	return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resets the process's peak resident size (VmHWM) to its current size; false where the kernel does not allow it. */
export function resetPeak(pid: number): boolean {
	try {
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
		return true;
	} catch {
		return false;
	}
}
