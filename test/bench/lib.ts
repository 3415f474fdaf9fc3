/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets */
/**
 * What every benchmark section shares: its knobs, progress lines, the machine it ran on, n8n's process as /proc
 * shows it, a packaged n8n with the sandbox (test/e2e/suite.ts) and its measured webhook runs, and stopping by PID
 * whatever a section started.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { REPO_ROOT } from '../e2e/checkout';
import type { CredentialSpec, WorkflowSpec } from '../e2e/cli';
import { freePort, stopAllChildren, waitFor } from '../e2e/processes';
import type { N8n } from '../e2e/rest-client';
import { packagedN8nAndSandbox } from '../e2e/suite';
import type { Sandbox, SandboxOptions } from '../sandbox/server';

/** A numeric env knob: its value, at least `least`, else `fallback`. */
export function knob(name: string, fallback: number, least = 1): number {
	const value = Number(process.env[name] ?? fallback);
	return Math.max(least, Number.isFinite(value) ? value : fallback);
}

const started = Date.now();
let label = 'bench';

export function progress(message: string, section?: string): void {
	if (section) label = `bench ${section}`;
	const t = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
	process.stdout.write(`[${label} ${t} s] ${message}\n`);
}

export const utcMinute = (): string =>
	`${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`;

export const loadAverage = (): string =>
	os
		.loadavg()
		.map((l) => l.toFixed(1))
		.join(' / ');

/** When and on what a section measured, as its paragraph states it. */
export function machine(): string {
	const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
	const cpu = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model;
	return `${utcMinute()} on ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, load average (1 / 5 / 15 min) ${loadAverage()} at the start`;
}

// ----- n8n's process from /proc --------------------------------------------------------------------------------------

/** Resident size and its peak (VmHWM), MiB. */
export function memoryMb(pid: number): { rss: number; peak: number } {
	const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
	return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Resets the peak resident size to the current one (5 = VmHWM, see proc(5)). */
export const resetPeak = (pid: number): void => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** CPU seconds (user + system) the process has used; fields 14 and 15 of stat, at 100 ticks a second. */
export function cpuSeconds(pid: number): number {
	const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	return (Number(fields[11]) + Number(fields[12])) / 100;
}

// ----- stopping what a section started --------------------------------------------------------------------------------

const stops: Array<() => Promise<unknown>> = [];

export const onStop = (stop: () => Promise<unknown>): void => void stops.push(stop);

/** Stops, newest first, what the sections started, then every child process left (each by its PID). */
export async function stopStarted(): Promise<void> {
	for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
	await stopAllChildren().catch(() => undefined);
}

// ----- a packaged n8n, the sandbox, measured webhook runs ----------------------------------------------------------

export const OWNER = {
	email: 'bench@example.com',
	password: 'Bench-Passw0rd-2026',
	firstName: 'Bench',
	lastName: 'Mark',
};

export interface BenchWorkflow {
	id: string;
	path: string;
	spec: WorkflowSpec;
}

export interface Execution {
	id: string;
	status: string;
	data?: { resultData: { error?: { message?: string }; runData: Record<string, Task[]> } };
}

export interface Task {
	executionTime?: number;
	data?: {
		main?: Array<Array<{ json: IDataObject; binary?: Record<string, IDataObject> }> | null>;
	};
}

/** One webhook call as measured, before its execution is read back. */
export interface Call {
	workflowId: string;
	executionId: number;
	wallMs: number;
	/** the sandbox's requests during the call, and its own time on them (request read → answer written) */
	requests: Array<{ path: string; query: Record<string, string>; status: number }>;
	serverMs: number;
}

export class BenchN8n {
	private lastExecution = 0;

	private constructor(
		readonly n8n: N8n,
		readonly sandbox: Sandbox,
		readonly work: string,
		private readonly probePort: number | undefined,
		/** the sandbox's own time on the requests since the last call began */
		private readonly server: { ms: number },
	) {}

	/**
	 * The packaged n8n and the sandbox of a section (test/e2e/suite.ts), in `.tmp/bench/<name>`; `setup` adds to the
	 * sandbox (and to n8n's user folder) and names the credentials and webhook workflows, imported and published. `probe` loads
	 * probe.ts into n8n, so that a run can start on a settled heap.
	 */
	static async start(
		name: string,
		options: { sandbox?: SandboxOptions; env?: Record<string, string>; probe?: boolean },
		setup: (
			sandbox: Sandbox,
			n8n: N8n,
		) =>
			| Promise<{ credentials: CredentialSpec[]; workflows: BenchWorkflow[] }>
			| { credentials: CredentialSpec[]; workflows: BenchWorkflow[] },
	): Promise<BenchN8n> {
		const work = path.join(REPO_ROOT, '.tmp', 'bench', name);
		const probePort = options.probe ? await freePort() : undefined;
		const env = {
			...options.env,
			...(probePort
				? {
						NODE_OPTIONS: `--require ${path.join(__dirname, 'probe.js')}`,
						BENCH_PROBE_PORT: String(probePort),
					}
				: {}),
		};
		const server = { ms: 0 };
		progress('n8n (or .cache/), the package built, packed and installed; the sandbox');
		const { n8n, sandbox } = await packagedN8nAndSandbox(work, {
			env,
			sandbox: {
				...options.sandbox,
				onAnswered: (_request, ms) => void (server.ms += ms),
			},
		});
		const bench = new BenchN8n(n8n, sandbox, work, probePort, server);
		onStop(() => sandbox.stop());
		onStop(() => n8n.stop());
		const { credentials, workflows } = await setup(sandbox, n8n);
		await n8n.importCredentials(credentials);
		await bench.publish(workflows);
		return bench;
	}

	/** Imports workflows and publishes them (n8n started first when it is not running). */
	async publish(workflows: BenchWorkflow[]): Promise<void> {
		await this.n8n.importWorkflows(workflows.map((w) => w.spec));
		if (!this.n8n.running) {
			progress('n8n start');
			await this.n8n.start({ timeoutMs: 240_000 });
			await this.n8n.setupOwner(OWNER);
			if (!this.n8n.apiKey) await this.n8n.createApiKey('bench');
		}
		for (const w of workflows) await this.n8n.activate(w.id);
	}

	get pid(): number {
		return this.n8n.pid!;
	}

	/** Two full GCs in n8n (probe.ts): the next run starts on a settled heap. */
	async settle(): Promise<void> {
		if (!this.probePort) throw new Error('settle needs n8n started with the probe');
		const res = await fetch(`http://127.0.0.1:${this.probePort}/settle`, { method: 'POST' });
		if (!res.ok) throw new Error(`the probe answered ${res.status}: ${await res.text()}`);
	}

	/**
	 * Calls a workflow's webhook; `settle`: two full GCs in n8n first (probe.ts), so no garbage of earlier runs is
	 * collected inside this one. The execution is read back by `read`, later if the caller wants n8n's work of
	 * reading it back (parsing, serialising) to stay out of the next measured run.
	 */
	async call(
		w: BenchWorkflow,
		{ body = {}, settle = false }: { body?: unknown; settle?: boolean } = {},
	): Promise<Call> {
		if (settle) await this.settle();
		this.sandbox.clearRequests();
		this.server.ms = 0;
		const answer = await this.n8n.callWebhook(w.path, { body, timeoutMs: 10 * 60_000 });
		if (answer.status !== 200)
			throw new Error(`${w.path}: webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
		const requests = this.sandbox.requests.slice();
		const failed = requests.filter((r) => r.status >= 300);
		if (failed.length)
			throw new Error(`${w.path}: ${failed.length} request(s) answered ${failed[0].status}`);
		const serverMs = this.server.ms;
		const executionId = await waitFor(
			`a new finished execution of ${w.id}`,
			async () => {
				const res = await this.n8n.api<{ data: Array<{ id: string; status: string }> }>(
					'GET',
					`/executions?workflowId=${w.id}&limit=5`,
				);
				const done = res.body.data
					.map((e) => ({ id: Number(e.id), status: e.status }))
					.filter(
						(e) => e.id > this.lastExecution && !['new', 'running', 'waiting'].includes(e.status),
					);
				return done.length ? Math.max(...done.map((e) => e.id)) : undefined;
			},
			{ timeoutMs: 180_000, intervalMs: 50 },
		);
		this.lastExecution = executionId;
		return { workflowId: w.id, executionId, wallMs: answer.wallMs, requests, serverMs };
	}

	/** The call's execution with its data; one that did not succeed is an error. */
	async read(call: Call): Promise<Execution> {
		const res = await this.n8n.api<Execution>(
			'GET',
			`/executions/${call.executionId}?includeData=true`,
		);
		if (res.status !== 200 || res.body.status !== 'success')
			throw new Error(
				`execution ${call.executionId} of ${call.workflowId}: ${res.status} ${res.body.status} ${res.body.data?.resultData.error?.message ?? res.text.slice(0, 300)}`,
			);
		return res.body;
	}

	async run(w: BenchWorkflow, options: { body?: unknown; settle?: boolean } = {}) {
		const call = await this.call(w, options);
		return { ...call, execution: await this.read(call) };
	}
}

/** A node's run in an execution: its execution time and output items. */
export function taskOf(execution: Execution, node: string) {
	const task = execution.data?.resultData.runData[node]?.[0];
	if (!task) throw new Error(`execution ${execution.id} has no run of "${node}"`);
	return { ms: task.executionTime ?? NaN, items: task.data?.main?.[0] ?? [] };
}

/** Rotates a list by `by`, so that no variant always runs first in its round (on a warmer or busier machine). */
export const rotate = <T>(items: T[], by: number): T[] => {
	const k = by % items.length;
	return [...items.slice(k), ...items.slice(0, k)];
};
