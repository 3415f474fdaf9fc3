/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets */
/**
 * The queue-mode section of `npm run bench` (run by test/bench/run-bench.sh after bench.ts; alone:
 * `node .tmp/bench-build/test/bench/queue-bench.js`): webhook executions per minute of a workflow using the node,
 * in n8n's queue mode with 1 and 2 workers and in regular mode, on one PostgreSQL database (test/queue/services.ts,
 * cluster.ts). Writes its own section of docs/benchmarks.md (test/bench/report-sections.ts) and prints it. A reporting
 * script: exit 1 only when it could not measure. Env: BENCH_QUEUE_RUNS (3), BENCH_QUEUE_CALLS (200 per run),
 * BENCH_QUEUE_IN_FLIGHT (20 webhook calls at a time).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { NODE_TYPE, REPO_ROOT } from '../e2e/checkout';
import type { N8n } from '../e2e/rest-client';
import { preparePackagedN8n } from '../e2e/install';
import { QueueCluster, stopQueueStack } from '../queue/cluster';
import type { ExecutionsMode } from '../queue/cluster';
import { startPostgres, startRedis } from '../queue/services';
import type { Postgres, Redis } from '../queue/services';
import type { Sandbox } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';
import { runBounded } from './bounded-run';
import { median } from './report';
import { benchRun, replaceSection, runStamp } from './report-sections';
import { BENCH_CREDENTIALS, benchCredentials, chain, webhook } from './workflows';

const WORK = path.join(REPO_ROOT, '.tmp', 'bench-queue');
const LOGS = path.join(WORK, 'logs');
const DATA = path.join(REPO_ROOT, '.cache', 'queue', `bench-${process.pid}`);
const REPORT = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
/** This script's section of docs/benchmarks.md (report-sections.ts: bench.ts keeps it when it rewrites the report). */
const SECTION = 'queue-bench';
const RUNS = Math.max(1, Number(process.env.BENCH_QUEUE_RUNS ?? 3) || 3);
const CALLS = Math.max(20, Number(process.env.BENCH_QUEUE_CALLS ?? 200) || 200);
const IN_FLIGHT = Math.max(1, Number(process.env.BENCH_QUEUE_IN_FLIGHT ?? 20) || 20);
const WORKER_CONCURRENCY = 10;
const OWNER = {
	email: 'bench-queue@example.com',
	password: 'Bench-Queue-Passw0rd-2026',
	firstName: 'Bench',
	lastName: 'Queue',
};
const WORKFLOW_ID = 'benchQueueRecent';
const WEBHOOK_PATH = 'bench-queue-recent';
/** Bounded: past this, everything started is stopped and the script exits 2. */
const DEADLINE_MS = 20 * 60_000;

const started = Date.now();
function progress(message: string): void {
	process.stdout.write(
		`[bench queue ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`,
	);
}

let sandbox: Sandbox | undefined;
let postgres: Postgres | undefined;
let redis: Redis | undefined;
let cluster: QueueCluster | undefined;

async function cleanup(): Promise<void> {
	await stopQueueStack({ cluster, redis, postgres });
	await sandbox?.stop().catch(() => undefined);
	fs.rmSync(DATA, { recursive: true, force: true });
}

/** Webhook → File Storage → File → Get Recent Uploads (Limit 5): one API request per execution. */
function recentUploadsWorkflow() {
	return chain(WORKFLOW_ID, 'bench queue: recent uploads (webhook)', [
		webhook(WEBHOOK_PATH),
		{
			name: 'File Storage',
			type: NODE_TYPE,
			typeVersion: 1,
			parameters: { resource: 'file', operation: 'getRecentUploads', limit: 5 },
			credentials: {
				[BENCH_CREDENTIALS.api.type]: {
					id: BENCH_CREDENTIALS.api.id,
					name: BENCH_CREDENTIALS.api.name,
				},
			},
		},
	]);
}

interface ModeRun {
	calls: number;
	failed: number;
	/** what each failed call got (no answer in time, another status) and how its execution ended, per n8n's API */
	failures?: string;
	seconds: number;
	perMinute: number;
	requests: number;
}

interface ModeResult {
	label: string;
	mode: ExecutionsMode;
	workers: number;
	runs: ModeRun[];
	medianPerMinute: number;
	/** Executions each worker started (queue mode), from the workers' logs. */
	perWorker?: Record<string, number>;
}

/**
 * `CALLS` webhook calls, `IN_FLIGHT` at a time; each answers when its execution finished (responseMode lastNode),
 * so the time from the first call to the last answer is the time to run them all.
 */
async function measure(n8n: N8n): Promise<ModeRun> {
	sandbox!.clearRequests();
	let next = 0;
	let failed = 0;
	const failures = new Map<string, number>();
	const firstId = await newestExecutionId(n8n);
	const begin = performance.now();
	const caller = async () => {
		while (next < CALLS) {
			next++;
			const res = await n8n
				.callWebhook(WEBHOOK_PATH, { registered: true, timeoutMs: 120_000 })
				.catch((error: Error) => error);
			if (!(res instanceof Error) && res.status === 200) continue;
			failed++;
			const got =
				res instanceof Error
					? res.name === 'TimeoutError'
						? 'no answer within 120 s'
						: res.message
					: `HTTP ${res.status}`;
			failures.set(got, (failures.get(got) ?? 0) + 1);
		}
	};
	await Promise.all(Array.from({ length: IN_FLIGHT }, caller));
	const seconds = (performance.now() - begin) / 1000;
	const run: ModeRun = {
		calls: CALLS,
		failed,
		seconds,
		perMinute: (CALLS / seconds) * 60,
		requests: sandbox!.requests.length,
	};
	if (failed) {
		const got = [...failures].map(([what, count]) => `${count} × ${what}`).join(', ');
		const ended = await executionStatuses(n8n, firstId).then(
			(statuses) => [...statuses].map(([status, count]) => `${count} ${status}`).join(', '),
			(error: Error) => `not read (${error.message})`,
		);
		run.failures = `${got}; the run's executions in n8n: ${ended}`;
	}
	return run;
}

/** Id of the newest execution of the workflow (0: none), so that a run's own executions can be told apart. */
async function newestExecutionId(n8n: N8n): Promise<number> {
	const res = await n8n.api<{ data: Array<{ id: string | number }> }>(
		'GET',
		`/executions?workflowId=${WORKFLOW_ID}&limit=1`,
	);
	return Number(res.body.data[0]?.id ?? 0);
}

/** How the executions after `afterId` ended (success, error, running, …), counted. */
async function executionStatuses(n8n: N8n, afterId: number): Promise<Map<string, number>> {
	const counts = new Map<string, number>();
	let cursor: string | undefined;
	do {
		const res = await n8n.api<{
			data: Array<{ id: string | number; status: string }>;
			nextCursor?: string | null;
		}>(
			'GET',
			`/executions?workflowId=${WORKFLOW_ID}&limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
		);
		const fresh = res.body.data.filter((e) => Number(e.id) > afterId);
		for (const e of fresh) counts.set(e.status, (counts.get(e.status) ?? 0) + 1);
		cursor = fresh.length === res.body.data.length ? (res.body.nextCursor ?? undefined) : undefined;
	} while (cursor);
	return counts;
}

async function measureMode(
	label: string,
	mode: ExecutionsMode,
	workers: number,
	n8n: N8n,
): Promise<ModeResult> {
	// Publishing registers the webhook shortly after the API answers: the first call waits for it.
	await n8n.callWebhook(WEBHOOK_PATH);
	const before = cluster!.placement().startedBy;
	progress(`${label}: warm-up`);
	const warmup = await measure(n8n);
	if (warmup.failed)
		throw new Error(`${label}: ${warmup.failed} of ${warmup.calls} warm-up calls failed`);
	const runs: ModeRun[] = [];
	for (let run = 1; run <= RUNS; run++) {
		const result = await measure(n8n);
		runs.push(result);
		progress(
			`${label}: run ${run}/${RUNS}: ${result.perMinute.toFixed(0)} executions/min (${result.failed} failed${result.failures ? `: ${result.failures}` : ''}, ${result.requests} API requests)`,
		);
	}
	const result: ModeResult = {
		label,
		mode,
		workers,
		runs,
		medianPerMinute: median(runs.map((r) => r.perMinute)),
	};
	if (mode === 'queue') {
		const perWorker: Record<string, number> = {};
		for (const [id, names] of cluster!.placement().startedBy) {
			if (before.has(id)) continue;
			for (const name of names) perWorker[name] = (perWorker[name] ?? 0) + 1;
		}
		result.perWorker = perWorker;
	}
	return result;
}

function render(
	results: ModeResult[],
	facts: {
		n8n: string;
		cores: number;
		cpu: string;
		load: string;
		loadAfter?: string;
		date: string;
	},
): string {
	const regular = results.find((r) => r.mode === 'regular');
	const out: string[] = ['## Queue mode', ''];
	out.push(
		`Generated by \`npm run bench\` (\`test/bench/queue-bench.ts\`) on ${facts.date}: n8n ${facts.n8n}, ${facts.cores} cores (${facts.cpu}), one PostgreSQL and one Redis on the same machine (load average over 1 / 5 / 15 min before the runs: ${facts.load}, after: ${facts.loadAfter ?? '?'}; other work on the machine counts in). Webhook executions per minute of Webhook → File Storage (File → Get Recent Uploads, Limit 5: one API request each), ${CALLS} calls per run with ${IN_FLIGHT} in flight, each answered when its execution finished; median of ${RUNS} runs after a warm-up.`,
	);
	out.push('');
	out.push(
		'| Mode | Executions / min (median) | Runs | × regular | Executions per worker (warm-ups included) |',
	);
	out.push('|---|---|---|---|---|');
	for (const r of results) {
		const ratio = regular ? `${(r.medianPerMinute / regular.medianPerMinute).toFixed(2)}×` : '';
		const workers = r.perWorker
			? Object.entries(r.perWorker)
					.map(([name, count]) => `${name} ${count}`)
					.join(', ')
			: '—';
		out.push(
			`| ${r.label} | **${r.medianPerMinute.toFixed(0)}** | ${r.runs.map((run) => run.perMinute.toFixed(0)).join(' / ')} | ${ratio} | ${workers} |`,
		);
	}
	out.push('');
	const perMinute = (workers: number, mode: ExecutionsMode) =>
		results.find((r) => r.mode === mode && r.workers === workers)?.medianPerMinute ?? NaN;
	const failed = results.reduce(
		(sum, r) => sum + r.runs.reduce((runs, run) => runs + run.failed, 0),
		0,
	);
	const failures = results.flatMap((r) =>
		r.runs.flatMap((run, index) =>
			run.failures ? [`${r.label}, run ${index + 1}: ${run.failures}`] : [],
		),
	);
	out.push(
		`On ${facts.cores} cores shared by the main, the workers (concurrency ${WORKER_CONCURRENCY} each), PostgreSQL, Redis, the sandbox and the benchmark's own HTTP client, a second worker brings no CPU of its own: 2 workers ran ${(perMinute(2, 'queue') / perMinute(1, 'queue')).toFixed(2)}× the executions per minute of 1 worker, and queue mode with 1 worker ${(perMinute(1, 'queue') / perMinute(0, 'regular')).toFixed(2)}× regular mode. Failed calls: ${failed}${failures.length ? ` (${failures.join('; ')})` : ''}.`,
	);
	return out.join('\n');
}

async function main(): Promise<void> {
	fs.rmSync(WORK, { recursive: true, force: true });
	fs.mkdirSync(LOGS, { recursive: true });
	progress('installing n8n (or reusing .cache/), building and packing the package');
	const { install, userFolder } = await preparePackagedN8n(WORK, LOGS, undefined, {
		sqlite: false,
	});

	sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
	const shareToken = sandbox.seed.shares.find(
		(s) => s.permission === 'editor' && !s.protected && !s.expired,
	)?.token;
	if (!shareToken) throw new Error('the sandbox seed has no editor share');
	progress('PostgreSQL and Redis (private instances)');
	postgres = await startPostgres({
		dataDir: path.join(DATA, 'postgres'),
		logDir: path.join(LOGS, 'postgres'),
		database: 'n8n',
	});
	redis = await startRedis({ dataDir: path.join(DATA, 'redis'), logDir: path.join(LOGS, 'redis') });
	const facts = {
		n8n: install.version,
		cores: os.cpus().length,
		cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
		load: os
			.loadavg()
			.map((l) => l.toFixed(1))
			.join(' / '),
		date: `${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
	};

	const results: ModeResult[] = [];
	const queue = new QueueCluster({
		install,
		userFolder,
		logDir: LOGS,
		postgres,
		redis,
		mode: 'queue',
	});
	cluster = queue;
	let mainProcess = await queue.createMain();
	await mainProcess.importCredentials(
		benchCredentials(sandbox.baseUrl, sandbox.seed.users[0].accessToken, shareToken),
	);
	await mainProcess.importWorkflows([recentUploadsWorkflow()]);
	progress('queue mode: main + 1 worker');
	await Promise.all([
		mainProcess.start({ timeoutMs: 240_000 }),
		queue.addWorker('w1', WORKER_CONCURRENCY),
	]);
	await mainProcess.setupOwner(OWNER);
	await mainProcess.createApiKey('bench-queue');
	await mainProcess.activate(WORKFLOW_ID);
	results.push(await measureMode('queue mode, 1 worker', 'queue', 1, mainProcess));
	progress('queue mode: a second worker');
	await queue.addWorker('w2', WORKER_CONCURRENCY);
	results.push(await measureMode('queue mode, 2 workers', 'queue', 2, mainProcess));
	await queue.stopAll();

	progress('regular mode: the main alone, same database');
	const regular = new QueueCluster({
		install,
		userFolder,
		logDir: path.join(LOGS, 'regular'),
		postgres,
		redis,
		mode: 'regular',
	});
	cluster = regular;
	const { apiKey } = mainProcess;
	mainProcess = await regular.createMain();
	// the same database: the key made above opens the API of this main too (the run's executions are read with it)
	mainProcess.apiKey = apiKey;
	await mainProcess.start({ timeoutMs: 240_000 });
	results.push(await measureMode('regular mode', 'regular', 0, mainProcess));
	await regular.stopAll();

	const section = render(results, {
		...facts,
		loadAfter: os
			.loadavg()
			.map((l) => l.toFixed(1))
			.join(' / '),
	});
	replaceSection(REPORT, SECTION, `${runStamp(benchRun())}\n${section}`);
	fs.writeFileSync(
		path.join(WORK, 'results.json'),
		`${JSON.stringify({ facts, results }, null, 2)}\n`,
	);
	process.stdout.write(`\n${section}\n\nReport: ${path.relative(REPO_ROOT, REPORT)}\n`);
}

runBounded({ what: 'queue benchmark', main, cleanup, deadlineMs: DEADLINE_MS, progress });
