/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * The queue-mode section (BENCH_ONLY=queue; BENCH_QUEUE=0 leaves it out): webhook executions per minute of Webhook →
 * File Storage (File → Get Recent Uploads, one API request each) in queue mode with 1 and 2 workers and in regular
 * mode, on one private PostgreSQL and Redis (test/queue/services.ts, cluster.ts; installed when missing). Env:
 * BENCH_QUEUE_RUNS (3), BENCH_QUEUE_CALLS (200 per run), BENCH_QUEUE_IN_FLIGHT (20 calls at a time).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { REPO_ROOT } from '../e2e/checkout';
import { preparePackagedN8n } from '../e2e/install';
import { assertOk, runCommand } from '../e2e/processes';
import type { N8n } from '../e2e/rest-client';
import { QueueCluster } from '../queue/cluster';
import { startPostgres, startRedis } from '../queue/services';
import { startSandbox } from '../sandbox/server';
import { knob, loadAverage, machine, onStop, progress } from './lib';
import { blocks, fmt, median, table, times } from './report';
import { benchCredentials, fileStorage, webhookWorkflow } from './workflows';

const RUNS = knob('BENCH_QUEUE_RUNS', 3);
const CALLS = knob('BENCH_QUEUE_CALLS', 200, 20);
const IN_FLIGHT = knob('BENCH_QUEUE_IN_FLIGHT', 20);
const WORKER_CONCURRENCY = 10;

export async function queueBench(): Promise<string> {
	const intro = machine();
	const work = path.join(REPO_ROOT, '.tmp', 'bench', 'queue');
	const logDir = path.join(work, 'logs');
	fs.rmSync(work, { recursive: true, force: true });
	const ensure = path.join(REPO_ROOT, 'test/queue/ensure-services.sh');
	const services = await runCommand('bash', [ensure], { logDir, timeoutMs: 20 * 60_000 });
	assertOk(services, 'PostgreSQL and Redis (test/queue/ensure-services.sh)');
	const noSqlite = { sqlite: false };
	const { install, userFolder } = await preparePackagedN8n(work, logDir, undefined, noSqlite);
	const sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
	onStop(() => sandbox.stop());
	const data = path.join(REPO_ROOT, '.cache', 'queue', `bench-${process.pid}`);
	onStop(async () => fs.rmSync(data, { recursive: true, force: true }));
	progress('PostgreSQL and Redis (private instances)');
	const where = (name: string) => ({
		dataDir: path.join(data, name),
		logDir: path.join(logDir, name),
	});
	const postgres = await startPostgres({ ...where('postgres'), database: 'n8n' });
	onStop(() => postgres.stop());
	const redis = await startRedis(where('redis'));
	onStop(() => redis.stop());
	const recent = fileStorage('File Storage', 'file getRecentUploads', { limit: 5 });
	const workflow = webhookWorkflow('bench-queue-recent', [recent]);

	const rows: Array<{ mode: string; rate: number; runs: string; perWorker: string }> = [];
	let failedCalls = 0;
	/** warm-up, then RUNS runs of CALLS webhook calls, IN_FLIGHT at a time, each answered when its execution ended */
	const measure = async (label: string, main: N8n, startedBy?: () => Map<string, string[]>) => {
		await main.callWebhook(workflow.path); // waits until the webhook is registered
		const before = new Set(startedBy?.().keys());
		const rates: number[] = [];
		for (let run = 0; run <= RUNS; run++) {
			const [failedBefore, begin] = [failedCalls, performance.now()];
			let next = 0;
			const caller = async () => {
				while (next++ < CALLS) {
					const call = main.callWebhook(workflow.path, { registered: true });
					const res = await call.catch(() => undefined);
					if (res?.status !== 200) failedCalls++;
				}
			};
			await Promise.all(Array.from({ length: IN_FLIGHT }, caller));
			const rate = ((CALLS - (failedCalls - failedBefore)) / (performance.now() - begin)) * 60_000;
			if (run > 0) rates.push(rate);
			progress(
				`${label}: ${run ? `run ${run}/${RUNS}` : 'warm-up'} ${fmt(rate)} executions/min, ${failedCalls} failed`,
			);
		}
		// executions each worker started in this mode's runs, from the workers' logs (warm-up included)
		const counts: Record<string, number> = {};
		for (const [id, names] of startedBy?.() ?? [])
			if (!before.has(id)) for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
		const perWorker = Object.entries(counts).map(([name, count]) => `${name} ${count}`);
		const runs = rates.map(fmt).join(' / ');
		rows.push({ mode: label, rate: median(rates), runs, perWorker: perWorker.join(', ') || '—' });
	};

	for (const mode of ['queue', 'regular'] as const) {
		const options = { install, userFolder, postgres, redis, mode };
		const cluster = new QueueCluster({ ...options, logDir: path.join(logDir, mode) });
		onStop(() => cluster.stopAll());
		const main = await cluster.createMain();
		await main.importCredentials(benchCredentials(sandbox.baseUrl, sandbox.seed));
		await main.importWorkflows([workflow.spec]);
		progress(`${mode} mode: n8n start`);
		await Promise.all([
			main.start({ timeoutMs: 240_000 }),
			mode === 'queue' ? cluster.addWorker('w1', WORKER_CONCURRENCY) : undefined,
		]);
		await main.setupOwner();
		await main.createApiKey(`bench-${mode}`); // one database: a label per mode
		await main.activate(workflow.id);
		const startedBy = () => cluster.placement().startedBy;
		if (mode === 'queue') {
			await measure('queue mode, 1 worker', main, startedBy);
			await cluster.addWorker('w2', WORKER_CONCURRENCY);
			await measure('queue mode, 2 workers', main, startedBy);
		} else await measure('regular mode', main);
		await cluster.stopAll();
	}
	const perMinute = Object.fromEntries(rows.map((r) => [r.mode, r.rate]));
	return blocks(
		'## Queue mode',
		`Measured ${intro}; n8n ${install.version}, one PostgreSQL and one Redis on the same machine, workers of concurrency ${WORKER_CONCURRENCY} (\`test/bench/queue-bench.ts\`). Webhook executions per minute of Webhook → File Storage (File → Get Recent Uploads, Limit 5: one API request each), ${CALLS} calls per run with ${IN_FLIGHT} in flight, each answered when its execution finished; median of ${RUNS} runs after a warm-up. Load average at the end: ${loadAverage()}. Calls not answered 200 within 120 s (left out of the rates): ${failedCalls}.`,
		table(
			'Mode | Executions / min (median) | Runs | × regular | Executions per worker (warm-ups included)',
			rows.map((r) => {
				const vsRegular = times(r.rate / perMinute['regular mode']);
				return [r.mode, `**${fmt(r.rate)}**`, r.runs, vsRegular, r.perWorker];
			}),
		),
		`On a machine whose cores the main, the workers, PostgreSQL, Redis, the sandbox and the benchmark's client share, a second worker brings no CPU of its own: 2 workers ran ${fmt(perMinute['queue mode, 2 workers'] / perMinute['queue mode, 1 worker'])}× the executions per minute of 1 worker.`,
	);
}
