/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
/**
 * What every benchmark section shares: its knobs, progress lines, the machine it ran on, the rounds that measure
 * variants side by side, n8n's process as /proc shows it, a packaged n8n with the sandbox (test/e2e/suite.ts) and
 * its measured webhook calls, the raw clients' process, and stopping by PID whatever a section started.
 */
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { REPO_ROOT } from '../e2e/checkout';
import type { Step } from '../e2e/fixtures';
import { freePort, stopAllChildren, waitFor } from '../e2e/processes';
import type { N8n } from '../e2e/rest-client';
import { packagedN8nAndSandbox } from '../e2e/suite';
import type { Sandbox, SandboxOptions } from '../sandbox/server';
import type { RawRequest } from './raw-clients';
import type { BenchWorkflow } from './workflows';
import { benchCredentials, webhookWorkflow } from './workflows';

/** A numeric env knob: its value, at least `least`, else `fallback`. */
export function knob(name: string, fallback: number, least = 1): number {
	const value = Number(process.env[name] ?? fallback);
	return Math.max(least, Number.isFinite(value) ? value : fallback);
}

/** Untimed rounds before the measured ones, in every section. */
export const WARMUPS = knob('BENCH_WARMUPS', 1, 0);

const started = Date.now();
let label = 'bench';

export function progress(message: string, section?: string): void {
	if (section) label = `bench ${section}`;
	const t = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
	process.stdout.write(`[${label} ${t} s] ${message}\n`);
}

export const utcMinute = () => `${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`;

export const loadAverage = () => [...os.loadavg()].map((l) => l.toFixed(1)).join(' / ');

/** When and on what a section measured, as its paragraph states it. */
export function machine(): string {
	const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
	const cpu = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model;
	const memory = `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`;
	return `${utcMinute()} on ${os.cpus().length} cores (${cpu}), ${memory}, load average (1 / 5 / 15 min) ${loadAverage()} at the start`;
}

/**
 * Side by side: WARMUPS untimed rounds, then `runs` measured ones, every key once a round, the order rotating (no
 * variant always first, on a warmer or busier machine), so that the variants of one round share one load.
 * `measure` may skip a key (undefined). Each key's results, the measured and the untimed apart.
 */
export async function rounds<K extends string, R>(
	name: string,
	keys: readonly K[],
	runs: number,
	measure: (key: K, round: number) => Promise<R | undefined>,
): Promise<{ measured: Record<K, R[]>; untimed: Record<K, R[]> }> {
	const empty = () => Object.fromEntries(keys.map((k) => [k, []])) as unknown as Record<K, R[]>;
	const [measured, untimed] = [empty(), empty()];
	for (let round = 0; round < WARMUPS + runs; round++) {
		for (const key of [...keys.slice(round % keys.length), ...keys.slice(0, round % keys.length)]) {
			const result = await measure(key, round);
			if (result !== undefined) (round < WARMUPS ? untimed : measured)[key].push(result);
		}
		progress(`${name} ${round < WARMUPS ? 'warm-up' : `run ${round - WARMUPS + 1}/${runs}`}`);
	}
	return { measured, untimed };
}

/** Resident size and its peak (VmHWM) of a process, MiB. */
function memoryMb(pid: number): { rss: number; peak: number } {
	const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
	return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU seconds (user + system) a process has used; fields 14 and 15 of stat, at 100 ticks a second. */
function cpuSeconds(pid: number): number {
	const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	return (Number(fields[11]) + Number(fields[12])) / 100;
}

const stops: Array<() => Promise<unknown>> = [];

export const onStop = (stop: () => Promise<unknown>): void => void stops.push(stop);

/** Stops, newest first, what the sections started, then every child process left (each by its PID). */
export async function stopStarted(): Promise<void> {
	for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
	await stopAllChildren().catch(() => undefined);
}

export type Item = { json: IDataObject; binary?: Record<string, IDataObject> };
type Task = { executionTime?: number; data?: { main?: Array<Item[] | null> } };
export type Execution = { id: string; status: string; data?: { resultData: RunResult } };
type RunResult = { error?: { message?: string }; runData: Record<string, Task[]> };

/** One webhook call as measured, before its execution is read back. */
export interface Call {
	workflow: BenchWorkflow;
	executionId: number;
	/** the whole call as the caller saw it */
	wallMs: number;
	/** the sandbox's requests during the call, and its own time on them (request read → answer written) */
	requests: Array<{ path: string; query: Record<string, string>; status: number }>;
	serverMs: number;
	/** n8n's peak resident size during the call (VmHWM reset first) minus its size right before, MiB */
	growthMb: number;
	cpuS: number;
}

/** A call read back: its timed nodes' execution times from the run data (summed, and each) and their output. */
export interface Run extends Omit<Call, 'requests' | 'workflow' | 'executionId'> {
	ms: number;
	parts: number[];
	items: number;
	requests: number;
}

type CallOptions = { body?: object; settle?: boolean };
type Check<X> = (items: Item[], call: Call, execution: Execution) => X | void | Promise<X | void>;

export class BenchN8n {
	private lastExecution = 0;
	readonly flows: Record<string, BenchWorkflow> = {};

	private constructor(
		/** when and on what the section measured (`machine`), taken before n8n started */
		private readonly machine: string,
		readonly n8n: N8n,
		readonly sandbox: Sandbox,
		readonly work: string,
		private readonly probePort: number | undefined,
		/** the sandbox's own time on the requests since the last call began */
		private readonly server: { ms: number },
	) {}

	/**
	 * The packaged n8n and the sandbox of a section (test/e2e/suite.ts), in `.tmp/bench/<name>`; `setup` adds to the
	 * sandbox (and to n8n's user folder) and names the measured workflows (Webhook → its nodes) by key, imported with
	 * the credentials (workflows.ts; the share's token as `setup` sets it) and published, n8n started. `probe` loads
	 * probe.ts into n8n, so that a run can start on a settled heap.
	 */
	static async start(
		name: string,
		options: { sandbox?: SandboxOptions; env?: Record<string, string>; probe?: boolean },
		setup: (sb: Sandbox, n8n: N8n, share: { token?: string }) => Promise<Record<string, Step[]>>,
	): Promise<BenchN8n> {
		const about = machine();
		const work = path.join(REPO_ROOT, '.tmp', 'bench', name);
		const probePort = options.probe ? await freePort() : undefined;
		const env = { ...options.env };
		if (probePort)
			Object.assign(env, {
				NODE_OPTIONS: `--require ${path.join(__dirname, 'probe.js')}`,
				BENCH_PROBE_PORT: String(probePort),
			});
		progress('n8n (or .cache/), the package built, packed and installed; the sandbox');
		const server = { ms: 0 };
		const { n8n, sandbox: sb } = await packagedN8nAndSandbox(work, {
			env,
			sandbox: { ...options.sandbox, onAnswered: (_request, ms) => void (server.ms += ms) },
		});
		const bench = new BenchN8n(about, n8n, sb, work, probePort, server);
		onStop(() => sb.stop());
		onStop(() => n8n.stop());
		const share: { token?: string } = {};
		const workflows = Object.entries(await setup(sb, n8n, share)).map(([key, nodes], i) => {
			bench.flows[key] = webhookWorkflow(`${name}-${i}`, nodes);
			return bench.flows[key];
		});
		await n8n.importCredentials(benchCredentials(sb.baseUrl, sb.seed, share.token));
		await n8n.importWorkflows(workflows.map((w) => w.spec));
		progress('n8n start');
		await n8n.start({ timeoutMs: 240_000 });
		await n8n.setupOwner();
		if (!n8n.apiKey) await n8n.createApiKey('bench');
		for (const w of workflows) await n8n.activate(w.id);
		return bench;
	}

	/** How every section's paragraph begins: when and on what it measured, and which n8n. */
	get measuredOn(): string {
		return `Measured ${this.machine}; n8n ${this.n8n.install.version}`;
	}

	/**
	 * The raw clients (raw-clients.ts) in a process forked with n8n's Node, sending the user's token: `warm` keeps one
	 * process for every request (as n8n is warm), else each request gets a fresh one. Resolves with the client's
	 * answer.
	 */
	rawClient({ warm = false } = {}) {
		const start = () => {
			const script = path.join(__dirname, 'raw-clients.js');
			const stdio = ['ignore', 'inherit', 'inherit', 'ipc'] as const;
			const [execPath, token] = [this.n8n.install.nodeBin, this.sandbox.seed.users[0].accessToken];
			const env = { PATH: process.env.PATH, BENCH_ACCESS_TOKEN: token };
			const child = fork(script, [], { execPath, stdio: [...stdio], env });
			onStop(async () => child.connected && child.disconnect());
			return child;
		};
		const kept = warm ? start() : undefined;
		return async <R>(request: RawRequest): Promise<R> => {
			const child = kept ?? start();
			const answer = await new Promise<R & { error?: string }>((resolve, reject) => {
				const onExit = (code: number | null) =>
					reject(new Error(`the raw client exited (${code})`));
				child.once('exit', onExit).once('message', (message: R & { error?: string }) => {
					child.off('exit', onExit);
					resolve(message);
				});
				child.send(request);
			});
			if (!kept) child.disconnect();
			if (answer.error) throw new Error(`the raw client (${request.kind}): ${answer.error}`);
			return answer;
		};
	}

	/**
	 * Calls a workflow's webhook; `settle`: two full GCs in n8n first (probe.ts), so no garbage of earlier runs is
	 * collected inside this one. The execution is read back by `result`, later if the caller wants n8n's work of
	 * reading it back (parsing, serialising) to stay out of the next measured run.
	 */
	async call(key: string, { body = {}, settle = false }: CallOptions = {}): Promise<Call> {
		const workflow = this.flows[key];
		if (settle) {
			const res = await fetch(`http://127.0.0.1:${this.probePort}/settle`, { method: 'POST' });
			if (!res.ok) throw new Error(`the probe answered ${res.status}: ${await res.text()}`);
		}
		const pid = this.n8n.pid!;
		this.sandbox.clearRequests();
		this.server.ms = 0;
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // 5: VmHWM back to VmRSS, see proc(5)
		const [before, cpuBefore] = [memoryMb(pid).rss, cpuSeconds(pid)];
		const answer = await this.n8n.callWebhook(workflow.path, { body, timeoutMs: 10 * 60_000 });
		const [growthMb, cpuS, serverMs] = [
			memoryMb(pid).peak - before,
			cpuSeconds(pid) - cpuBefore,
			this.server.ms,
		];
		if (answer.status !== 200)
			throw new Error(`${key}: webhook answered ${answer.status}: ${answer.text.slice(0, 300)}`);
		const requests = this.sandbox.requests.slice();
		const failed = requests.filter((r) => r.status >= 300);
		if (failed.length)
			throw new Error(`${key}: ${failed.length} request(s) answered ${failed[0].status}`);
		const executions = `/executions?workflowId=${workflow.id}&limit=5`;
		const executionId = await waitFor(
			`a new finished execution of ${key}`,
			async () => {
				const res = await this.n8n.api<{ data: Execution[] }>('GET', executions);
				const done = res.body.data
					.filter((e) => !['new', 'running', 'waiting'].includes(e.status))
					.map((e) => Number(e.id))
					.filter((id) => id > this.lastExecution);
				return done.length ? Math.max(...done) : undefined;
			},
			{ timeoutMs: 180_000, intervalMs: 50 },
		);
		this.lastExecution = executionId;
		return { workflow, executionId, wallMs: answer.wallMs, requests, serverMs, growthMb, cpuS };
	}

	/**
	 * The call's execution read back (one that did not succeed is an error) as a Run; `check` sees the output of the
	 * timed nodes' last, throws when it is wrong, and adds figures of its own.
	 */
	async result<X extends object = object>(call: Call, check?: Check<X>): Promise<Run & X> {
		const res = await this.n8n.api<Execution>(
			'GET',
			`/executions/${call.executionId}?includeData=true`,
		);
		if (res.status !== 200 || res.body.status !== 'success')
			throw new Error(
				`execution ${call.executionId} of ${call.workflow.id}: ${res.status} ${res.body.status} ${res.body.data?.resultData.error?.message ?? res.text.slice(0, 300)}`,
			);
		const { ms, parts, items } = taskOf(res.body, ...call.workflow.timed);
		const { wallMs, serverMs, growthMb, cpuS } = call;
		const extra = (await check?.(items, call, res.body)) ?? ({} as X);
		const run = { ms, parts, items: items.length, requests: call.requests.length };
		return { ...run, wallMs, serverMs, growthMb, cpuS, ...extra };
	}

	async measure<X extends object = object>(key: string, options: CallOptions, check?: Check<X>) {
		return await this.result(await this.call(key, options), check);
	}

	/** The file n8n stored for a filesystem binary (`filesystem-v2:<key>` under <user folder>/.n8n/storage). */
	binaryFile(binary: IDataObject | undefined): string {
		const id = String(binary?.id);
		return path.join(this.n8n.userFolder, '.n8n', 'storage', id.slice(id.indexOf(':') + 1));
	}
}

/** Nodes' runs in an execution: their execution times summed (and each), the last one's output items. */
export function taskOf(execution: Execution, ...nodes: string[]) {
	const tasks = nodes.map((node) => {
		const task = execution.data?.resultData.runData[node]?.[0];
		if (!task) throw new Error(`execution ${execution.id} has no run of "${node}"`);
		return { ms: task.executionTime ?? NaN, items: task.data?.main?.[0] ?? [] };
	});
	const parts = tasks.map((t) => t.ms);
	return { ms: parts.reduce((a, b) => a + b, 0), parts, items: tasks[tasks.length - 1].items };
}

/** Items' `json` as JSON, MiB. */
export const jsonMb = (items: Item[]) =>
	Buffer.byteLength(JSON.stringify(items.map((i) => i.json))) / 1024 ** 2;
