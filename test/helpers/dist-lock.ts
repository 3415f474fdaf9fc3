/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
// dist/ belongs to one test file at a time: jest runs files in parallel workers, and `n8n-node build` (the packed
// tarball's test) deletes and rebuilds dist/ while `npm publish` (the publish guard's test) packs it. Each takes
// this lock, a directory under .tmp/ made atomically by mkdir, around what reads or writes dist/.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const LOCK = resolve(__dirname, '../../.tmp/dist.lock');
const HOLDER = join(LOCK, 'pid');
const RETRY_MS = 100;

/** False when the lock was left by a process that no longer runs (a run that was killed). */
function holderRuns(): boolean {
	let pid: number;
	try {
		pid = Number(readFileSync(HOLDER, 'utf8'));
	} catch {
		return true; // just made: its holder has not written its pid yet
	}
	return processRuns(pid);
}

/** Whether a process of this id runs (one of another user counts). */
export function processRuns(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Waits for the lock and takes it; the function returned gives it back. */
export async function lockDist(timeoutMs = 300_000): Promise<() => void> {
	mkdirSync(resolve(LOCK, '..'), { recursive: true });
	const started = Date.now();
	for (;;) {
		try {
			mkdirSync(LOCK);
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		if (!holderRuns()) {
			rmSync(LOCK, { recursive: true, force: true });
			continue;
		}
		if (Date.now() - started > timeoutMs)
			throw new Error(`dist/ stayed locked for ${timeoutMs / 1000} s (${LOCK})`);
		await new Promise((next) => setTimeout(next, RETRY_MS));
	}
	writeFileSync(HOLDER, String(process.pid));
	return () => rmSync(LOCK, { recursive: true, force: true });
}

export async function withDistLock<T>(work: () => T | Promise<T>): Promise<T> {
	const unlock = await lockDist();
	try {
		return await work();
	} finally {
		unlock();
	}
}
