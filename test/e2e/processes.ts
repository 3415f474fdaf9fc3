/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error */
/** Child processes in their own process group, output in files (not pipes), ended by PID; free ports; `waitFor`, `waitUntilReady`. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

import { REPO_ROOT } from './checkout';

export function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns a value other than undefined/false, or throws after `timeoutMs`. */
export async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined | false> | T | undefined | false,
	{ timeoutMs = 30_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let lastError: unknown;
	for (;;) {
		try {
			const value = await check();
			if (value !== undefined && value !== false) return value as T;
		} catch (error) {
			lastError = error;
		}
		if (Date.now() > deadline) {
			const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
		}
		await delay(intervalMs);
	}
}

/** Listens on `port` (0: any) and closes again: the port it got, undefined if taken. */
const probePort = (port: number, host: string) =>
	new Promise<number | undefined>((resolve) => {
		const server = net.createServer().unref();
		server.once('error', () => resolve(undefined));
		server.listen(port, host, () => {
			const bound = (server.address() as net.AddressInfo).port;
			server.close(() => resolve(bound));
		});
	});

/**
 * A port for a server started later (n8n, PostgreSQL…), chosen below Linux's ephemeral range (32768–60999): a port
 * from that range can be taken by an outgoing connection before the server binds it (seen in CI: n8n's port in use).
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
	for (let tries = 0; tries < 100; tries++) {
		const port = await probePort(20_000 + Math.floor(Math.random() * 12_000), host);
		if (port !== undefined) return port;
	}
	throw new Error(`no free port on ${host}`);
}

export const isPortFree = async (port: number, host = '127.0.0.1') =>
	(await probePort(port, host)) !== undefined;

/** Every child started through this module, so a failing suite can still end them (by PID) in afterAll. */
const liveChildren = new Set<ChildProcess>();

let pidFile: string | undefined;

/** Appends `<pid> <start time>` of every later child to `file`: a script ends what a killed run left (no jest handler). */
export function recordChildPidsTo(file: string): void {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	pidFile = file;
}

function startTimeOf(pid: number): string {
	try {
		// field 22 of /proc/<pid>/stat; the command name before it may contain spaces, so count after its ')'
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
	} catch {
		return '?';
	}
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		// detached children lead their own process group: its id is the child's PID
		process.kill(-child.pid, signal);
	} catch {
		kill(child, signal);
	}
}

function kill(child: ChildProcess, signal: NodeJS.Signals): void {
	try {
		child.kill(signal);
	} catch {
		/* already gone */
	}
}

function exited(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
	return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGTERM to the child's PID; SIGKILL to its process group if it has not exited after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
	if (child.pid === undefined) return;
	if (child.exitCode === null && child.signalCode === null) kill(child, 'SIGTERM');
	const done = exited(child);
	let timer: NodeJS.Timeout | undefined;
	await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
	clearTimeout(timer);
	// still there after the grace period: its whole group goes (the group id is the child's PID)
	signalGroup(child, 'SIGKILL');
	await done;
}

/** Ends every child still running (afterAll, exit handlers). */
export async function stopAllChildren(graceMs = 10_000): Promise<void> {
	await Promise.all([...liveChildren].map((child) => stopChild(child, graceMs)));
}

process.once('exit', () => {
	for (const child of liveChildren) signalGroup(child, 'SIGKILL');
});

export interface SpawnedProcess {
	child: ChildProcess;
	stdoutFile: string;
	stderrFile: string;
	readOutput(): string;
}

/** Where and as whom a child runs. */
type ChildOptions = { cwd?: string; env?: NodeJS.ProcessEnv; uid?: number; gid?: number };

/** Starts a process with stdout/stderr written to files, in its own process group. */
export function spawnLogged(
	command: string,
	args: string[],
	options: ChildOptions & { logPrefix: string },
): SpawnedProcess {
	fs.mkdirSync(path.dirname(options.logPrefix), { recursive: true });
	const stdoutFile = `${options.logPrefix}.stdout.log`;
	const stderrFile = `${options.logPrefix}.stderr.log`;
	const out = fs.openSync(stdoutFile, 'w');
	const err = fs.openSync(stderrFile, 'w');
	let child: ChildProcess;
	try {
		child = spawn(command, args, {
			cwd: options.cwd ?? REPO_ROOT,
			env: options.env ?? process.env,
			stdio: ['ignore', out, err],
			detached: true,
			// a server that refuses to run as root (PostgreSQL) runs as its own user
			...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
		});
	} finally {
		fs.closeSync(out);
		fs.closeSync(err);
	}
	liveChildren.add(child);
	if (pidFile && child.pid !== undefined)
		fs.appendFileSync(pidFile, `${child.pid} ${startTimeOf(child.pid)}\n`);
	child.once('exit', () => liveChildren.delete(child));
	child.once('error', () => liveChildren.delete(child));
	const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
	return { child, stdoutFile, stderrFile, readOutput: () => read(stdoutFile) + read(stderrFile) };
}

export interface CommandResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	stdoutFile: string;
	stderrFile: string;
	ms: number;
	timedOut: boolean;
}

let commandCounter = 0;

/** Runs a command to completion (bounded by `timeoutMs`), its output in files under `logDir`. */
export async function runCommand(
	command: string,
	args: string[],
	options: ChildOptions & { logDir: string; name?: string; timeoutMs?: number },
): Promise<CommandResult> {
	const started = Date.now();
	const label = (options.name ?? path.basename(command)).replace(/[^\w.-]+/g, '_');
	const number = String(++commandCounter).padStart(3, '0');
	const logPrefix = path.join(options.logDir, `${number}-${label}`);
	const proc = spawnLogged(command, args, { ...options, logPrefix });
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		void stopChild(proc.child, 5_000);
	}, options.timeoutMs ?? 120_000);
	type Exit = Pick<CommandResult, 'code' | 'signal'>;
	const { code, signal } = await new Promise<Exit>((resolve) => {
		proc.child.once('error', (error) => {
			fs.appendFileSync(proc.stderrFile, `\nspawn error: ${error.message}\n`);
			resolve({ code: -1, signal: null });
		});
		proc.child.once('exit', (c, s) => resolve({ code: c, signal: s }));
	});
	clearTimeout(timer);
	// nothing of the group may outlive the command (e.g. an n8n task runner)
	signalGroup(proc.child, 'SIGKILL');
	const { stdoutFile, stderrFile } = proc;
	const [stdout, stderr] = [stdoutFile, stderrFile].map((file) => fs.readFileSync(file, 'utf8'));
	const ms = Date.now() - started;
	return { code, signal, stdout, stderr, stdoutFile, stderrFile, ms, timedOut };
}

/** The end of a long output, for error messages. */
export function tail(text: string, chars = 3000): string {
	return text.length > chars ? `…${text.slice(-chars)}` : text;
}

/**
 * Polls `ready` until a process started by `spawnLogged` serves. One that exits or is not ready within `timeoutMs` is
 * ended by `stop`, and the error names its log and shows the log's end.
 */
export async function waitUntilReady(
	proc: SpawnedProcess,
	what: string,
	ready: () => Promise<boolean> | boolean,
	{ stop, ...timing }: { timeoutMs: number; intervalMs: number; stop: () => Promise<void> },
): Promise<void> {
	const { child } = proc;
	const check = () => {
		if (child.exitCode !== null || child.signalCode !== null)
			throw new Error(`${what} exited (${child.exitCode ?? child.signalCode})`);
		return ready();
	};
	try {
		await waitFor(`${what} to be ready`, check, timing);
	} catch (error) {
		const log = tail(proc.readOutput());
		await stop();
		throw new Error(`${(error as Error).message}; logs: ${proc.stdoutFile}\n${log}`);
	}
}

/** Throws (with the log file and the output's end) unless the command exited 0. */
export function assertOk(result: CommandResult, what: string): CommandResult {
	if (result.code === 0) return result;
	const how = [`exit ${result.code}`, result.signal, result.timedOut && 'timed out'];
	throw new Error(
		`${what} failed (${how.filter(Boolean).join(', ')}); logs: ${result.stdoutFile}\n${tail(result.stdout + result.stderr)}`,
	);
}
