/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets */
/**
 * `npm run bench` (bash test/bench/run-bench.sh): the File Storage node inside a real n8n against HTTP Request and
 * a raw axios loop, batch operations against one request per item, and the trigger's requests and static data.
 * Writes docs/benchmarks.md and prints the tables. No assertions: a reporting script (exit 1 only when it could not
 * measure). Env: BENCH_RUNS (5), BENCH_WARMUPS (1), BENCH_PROFILE=1 (profiles even when every target is met).
 */
import axios from 'axios';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { REPO_ROOT } from '../e2e/checkout';
import { buildAndPack, freshUserFolder, installN8n, installPackage } from '../e2e/install';
import type { N8nInstall } from '../e2e/install';
import { runCommand, stopAllChildren, waitFor } from '../e2e/processes';
import { N8n } from '../e2e/rest-client';
import type { Sandbox } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';
import { runBounded } from './bounded-run';
import { summariseProfiles } from './cpuprofile';
import type { ProfileConfig, ProfileRunSummary } from './profile-run';
import type { BenchResults, ExecuteResultRow, MeasuredRun, ProfileReport, VariantResult } from './report';
import { ms, renderReport, renderTables, targets } from './report';
import { runTriggerBench } from './trigger-bench';
import type { TriggerPlan } from './trigger-bench';
import type { BatchVariant, ListingVariant } from './workflows';
import { batchWorkflows, benchCredentials, listingWorkflows, NODE_NAMES } from './workflows';

const WORK = path.join(REPO_ROOT, '.tmp', 'bench');
const LOGS = path.join(WORK, 'logs');
const REPORT = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7) || 7);
const WARMUPS = Math.max(0, Number(process.env.BENCH_WARMUPS ?? 1));
const BULK_FILES = 10_000;
const BATCH_ITEMS = 1_000;
const OWNER = { email: 'bench@example.com', password: 'Bench-Passw0rd-2026', firstName: 'Bench', lastName: 'Mark' };
/** The whole benchmark is bounded: past this, everything started is stopped and the script exits 2. */
const DEADLINE_MS = 20 * 60_000;
const TRIGGER_PLANS: TriggerPlan[] = [
	{ event: 'upload', polls: 1000, perPoll: 100 },
	// not paginated by the API: every poll reads the whole list, so fewer, larger bursts
	{ event: 'notification', polls: 10, perPoll: 10_000 },
	{ event: 'fileRequestItem', polls: 10, perPoll: 10_000 },
];

const benchStarted = Date.now();

function progress(message: string): void {
	const t = ((Date.now() - benchStarted) / 1000).toFixed(0).padStart(4);
	process.stdout.write(`[bench ${t} s] ${message}\n`);
}

// ----- state of the run (for cleanup) ----------------------------------------------------------------------------

let n8n: N8n | undefined;
let sandbox: Sandbox | undefined;

async function cleanup(): Promise<void> {
	await n8n?.stop().catch(() => undefined);
	await stopAllChildren().catch(() => undefined);
	await sandbox?.stop().catch(() => undefined);
}

// ----- helpers ---------------------------------------------------------------------------------------------------

function machineFacts(install: N8nInstall, n8nNode: string): BenchResults['facts'] {
	const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
	const cpuModel = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
	return {
		date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
		cores: os.cpus().length,
		cpuModel,
		memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
		benchNode: process.version,
		n8nNode,
		n8nVersion: install.version,
		packageVersion: pkg.version,
		runs: RUNS,
		warmups: WARMUPS,
		bulkFiles: BULK_FILES,
		batchItems: BATCH_ITEMS,
	};
}

interface TaskData {
	executionTime?: number;
	error?: { message?: string };
	data?: { main?: Array<Array<{ json: IDataObject }> | null> };
}

interface Execution {
	id: string;
	status: string;
	data?: { resultData: { error?: { message?: string }; runData: Record<string, TaskData[]> } };
}

let lastExecutionId = 0;

/** The execution a webhook call just produced (ids grow), with its data, once n8n has stored it as finished. */
async function newestExecution(workflowId: string): Promise<Execution> {
	const id = await waitFor(
		`a new finished execution of ${workflowId}`,
		async () => {
			const res = await n8n!.api<{ data: Array<{ id: string | number; status: string }> }>(
				'GET',
				`/executions?workflowId=${encodeURIComponent(workflowId)}&limit=5`,
			);
			if (res.status !== 200) throw new Error(`GET /api/v1/executions answered ${res.status}: ${res.text.slice(0, 300)}`);
			const fresh = res.body.data
				.filter((e) => Number(e.id) > lastExecutionId && !['new', 'running', 'waiting'].includes(e.status))
				.sort((a, b) => Number(b.id) - Number(a.id));
			return fresh.length ? Number(fresh[0].id) : undefined;
		},
		{ timeoutMs: 120_000, intervalMs: 50 },
	);
	lastExecutionId = id;
	const res = await n8n!.api<Execution>('GET', `/executions/${id}?includeData=true`);
	if (res.status !== 200) throw new Error(`GET /api/v1/executions/${id} answered ${res.status}: ${res.text.slice(0, 300)}`);
	return { ...res.body, id: String(id) };
}

/** POSTs to a production webhook; resolves when n8n answers (after the last node, responseMode lastNode). */
async function callWebhook(webhookPath: string, body: unknown): Promise<{ status: number; wallMs: number; text: string }> {
	const started = performance.now();
	const res = await fetch(`${n8n!.baseUrl}/webhook/${webhookPath}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(300_000),
	});
	const text = await res.text();
	return { status: res.status, wallMs: performance.now() - started, text };
}

const taskOf = (execution: { data?: { resultData: { runData: Record<string, TaskData[]> } } }, node: string) =>
	execution.data?.resultData.runData[node]?.[0];
const outputOf = (task: TaskData | undefined) => (task?.data?.main?.[0] ?? []).map((item) => item.json);
const idOf = (json: IDataObject): string | undefined => {
	if (typeof json.id === 'string') return json.id;
	const data = json.data as IDataObject | undefined;
	return typeof data?.id === 'string' ? data.id : undefined;
};

function newVariant(label: string): VariantResult {
	return { label, runs: [], problems: [] };
}

function record(variant: VariantResult, run: MeasuredRun, warmup: boolean, problems: string[], round: number): void {
	if (warmup) variant.warmup = run;
	else variant.runs.push(run);
	for (const p of problems) variant.problems.push(`${warmup ? 'warm-up' : `run ${round}`}: ${p}`);
}

function rotate<T>(list: T[], by: number): T[] {
	const k = by % list.length;
	return [...list.slice(k), ...list.slice(0, k)];
}

// ----- main ------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
	fs.rmSync(WORK, { recursive: true, force: true });
	fs.mkdirSync(LOGS, { recursive: true });

	progress('installing n8n (or reusing .cache/), building and packing the package');
	const install = await installN8n(LOGS);
	const tarball = await buildAndPack(path.join(WORK, 'pack'), LOGS);
	const userFolder = await freshUserFolder(install, path.join(WORK, 'user'), LOGS);
	await installPackage(userFolder, tarball, LOGS);
	const n8nNode = (await runCommand(install.nodeBin, ['--version'], { logDir: LOGS, name: 'node24-version' })).stdout.trim();
	const facts = machineFacts(install, n8nNode);

	progress(`starting the sandbox with ${BULK_FILES} files in "Bulk"`);
	sandbox = await startSandbox({ port: 0, host: '127.0.0.1', seed: { bulkFolderFiles: BULK_FILES } });
	const sb = sandbox;
	const bulkFolderId = sb.seed.bulkFolderId;
	if (!bulkFolderId) throw new Error('the sandbox seed has no Bulk folder');
	const accessToken = sb.seed.users[0].accessToken;
	// the batch targets: a folder of their own (Bulk stays at 10,000) with an editor share on it
	const batchFolder = sb.model.addFolder(0, { name: 'Batch' });
	const targetsList = Array.from({ length: BATCH_ITEMS }, (_, i) => {
		const file = sb.model.addFile(0, { folderId: batchFolder.id, name: `batch-${String(i + 1).padStart(4, '0')}.txt`, mimetype: 'text/plain' });
		return { id: file.id, type: 'file' };
	});
	const share = sb.model.addShare(batchFolder.id, { permission: 'editor' });

	const listing = listingWorkflows(sb.baseUrl, bulkFolderId);
	const batch = batchWorkflows(sb.baseUrl, share.token);
	n8n = await N8n.create({ install, userFolder, logDir: LOGS });
	progress('importing credentials and workflows');
	await n8n.importCredentials(benchCredentials(sb.baseUrl, accessToken, share.token));
	await n8n.importWorkflows([...listing.workflows, ...batch.workflows]);
	progress('n8n start');
	await n8n.start();
	await n8n.setupOwner(OWNER);
	await n8n.createApiKey('bench');
	for (const id of [...Object.values(listing.webhookIds), ...Object.values(batch.ids)]) await n8n.activate(id);

	// ----- 1. listing --------------------------------------------------------------------------------------------
	const listingResults = {
		fsSimplify: newVariant('File Storage, Simplify on'),
		fsRaw: newVariant('File Storage, Simplify off'),
		httpSplit: newVariant('HTTP Request (pagination) + Split Out'),
		raw: newVariant('raw axios loop (floor)'),
	};
	type ListingKey = keyof typeof listingResults;
	const checkListing = (ids: Array<string | undefined>): string[] => {
		const distinct = new Set(ids.filter((id) => id !== undefined));
		return ids.length === BULK_FILES && distinct.size === BULK_FILES
			? []
			: [`${ids.length} items, ${distinct.size} distinct ids (expected ${BULK_FILES})`];
	};
	const listingUrl = `${sb.baseUrl}/api/v1/browse/folders/${bulkFolderId}`;
	const rawLoop = async (): Promise<{ run: MeasuredRun; problems: string[] }> => {
		sb.clearRequests();
		const started = performance.now();
		const all: IDataObject[] = [];
		let cursor: string | null | undefined;
		do {
			const res = await axios.get<{ data: IDataObject[]; meta: { cursor: { next_cursor: string | null } } }>(listingUrl, {
				params: { limit: 500, ...(cursor ? { cursor } : {}) },
				headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
				timeout: 60_000,
			});
			all.push(...res.data.data);
			cursor = res.data.meta.cursor.next_cursor;
		} while (cursor);
		const timeMs = performance.now() - started;
		return {
			run: { timeMs, requests: sb.requests.length, items: all.length },
			problems: checkListing(all.map(idOf)),
		};
	};
	const listingRun = async (variant: ListingVariant): Promise<{ run: MeasuredRun; problems: string[] }> => {
		sb.clearRequests();
		const call = await callWebhook(listing.paths[variant], {});
		const requests = sb.requests.length;
		const problems: string[] = [];
		if (call.status !== 200) problems.push(`webhook answered ${call.status}: ${call.text.slice(0, 200)}`);
		const execution = await newestExecution(listing.webhookIds[variant]);
		if (execution.status !== 'success') {
			problems.push(`execution ${execution.id} ${execution.status}: ${execution.data?.resultData.error?.message ?? ''}`);
		}
		const nodes = variant === 'httpSplit' ? [NODE_NAMES.httpRequest, NODE_NAMES.splitOut] : [NODE_NAMES.fileStorage];
		const parts: Record<string, number> = {};
		for (const node of nodes) parts[node] = taskOf(execution, node)?.executionTime ?? NaN;
		const items = outputOf(taskOf(execution, nodes[nodes.length - 1]));
		problems.push(...checkListing(items.map(idOf)));
		const failed = sb.requests.filter((r) => r.status !== 200).length;
		if (failed) problems.push(`${failed} request(s) not answered 200`);
		return {
			run: {
				timeMs: Object.values(parts).reduce((a, b) => a + b, 0),
				parts: variant === 'httpSplit' ? parts : undefined,
				wallMs: call.wallMs,
				requests,
				items: items.length,
			},
			problems,
		};
	};
	const listingOrder: ListingKey[] = ['fsSimplify', 'fsRaw', 'httpSplit', 'raw'];
	for (let round = 0; round < WARMUPS + RUNS; round++) {
		const warmup = round < WARMUPS;
		for (const key of rotate(listingOrder, round)) {
			const { run, problems } = key === 'raw' ? await rawLoop() : await listingRun(key);
			record(listingResults[key], run, warmup, problems, round - WARMUPS + 1);
		}
		progress(
			`listing ${warmup ? 'warm-up' : `run ${round - WARMUPS + 1}/${RUNS}`}: ${listingOrder
				.map((k) => `${k} ${ms(warmup ? (listingResults[k].warmup?.timeMs ?? NaN) : listingResults[k].runs[listingResults[k].runs.length - 1].timeMs)} ms`)
				.join(', ')}`,
		);
	}

	// ----- 2. batch operations -----------------------------------------------------------------------------------
	const batchResults = {
		fsRestore: newVariant('File Storage (Batch Size 100)'),
		httpRestore: newVariant('HTTP Request, one request per item'),
		fsDelete: newVariant('File Storage (Batch Size 100)'),
		httpDelete: newVariant('HTTP Request, one request per item'),
	};
	const isRestore = (variant: BatchVariant) => variant === 'fsRestore' || variant === 'httpRestore';
	const prepareBatch = (variant: BatchVariant) => {
		for (const t of targetsList) {
			const item = sb.model.findItem(t.id);
			if (!item) throw new Error(`batch target ${t.id} is gone`);
			if (isRestore(variant) && !item.deletedAt) sb.model.trashItem(t.id);
			if (!isRestore(variant) && item.deletedAt) sb.model.restoreItem(t.id);
		}
	};
	const batchRun = async (variant: BatchVariant): Promise<{ run: MeasuredRun; problems: string[] }> => {
		prepareBatch(variant);
		sb.clearRequests();
		const call = await callWebhook(batch.paths[variant], { items: targetsList });
		const requests = sb.requests.length;
		const problems: string[] = [];
		if (call.status !== 200) problems.push(`webhook answered ${call.status}: ${call.text.slice(0, 200)}`);
		const execution = await newestExecution(batch.ids[variant]);
		if (execution.status !== 'success') {
			problems.push(`execution ${execution.id} ${execution.status}: ${execution.data?.resultData.error?.message ?? ''}`);
		}
		const task = taskOf(execution, batch.measuredNode[variant]);
		const items = outputOf(task);
		const wrong = targetsList.filter((t) => {
			const item = sb.model.findItem(t.id);
			return !item || (isRestore(variant) ? item.deletedAt !== null : item.deletedAt === null);
		}).length;
		if (wrong) problems.push(`${wrong} of ${BATCH_ITEMS} items not ${isRestore(variant) ? 'restored' : 'trashed'} afterwards`);
		if (items.length !== BATCH_ITEMS) problems.push(`${items.length} output items (expected ${BATCH_ITEMS})`);
		const failed = sb.requests.filter((r) => r.status !== 200).length;
		if (failed) problems.push(`${failed} request(s) not answered 200`);
		return {
			run: { timeMs: task?.executionTime ?? NaN, wallMs: call.wallMs, requests, items: items.length },
			problems,
		};
	};
	const batchOrder: BatchVariant[] = ['fsRestore', 'httpRestore', 'fsDelete', 'httpDelete'];
	for (let round = 0; round < WARMUPS + RUNS; round++) {
		const warmup = round < WARMUPS;
		for (const key of rotate(batchOrder, round)) {
			const { run, problems } = await batchRun(key);
			record(batchResults[key], run, warmup, problems, round - WARMUPS + 1);
		}
		progress(
			`batch ${warmup ? 'warm-up' : `run ${round - WARMUPS + 1}/${RUNS}`}: ${batchOrder
				.map((k) => {
					const r = warmup ? batchResults[k].warmup : batchResults[k].runs[batchResults[k].runs.length - 1];
					return `${k} ${ms(r?.timeMs ?? NaN)} ms/${r?.requests ?? '?'} req`;
				})
				.join(', ')}`,
		);
	}
	await n8n.stop();

	// ----- 1b. `n8n execute` wall time (cold CLI process per variant) -------------------------------------------
	const listingExecute: ExecuteResultRow[] = [];
	for (const variant of ['fsSimplify', 'fsRaw', 'httpSplit'] as ListingVariant[]) {
		sb.clearRequests();
		const result = await n8n.execute(listing.manualIds[variant], { timeoutMs: 180_000 });
		const requests = sb.requests.length;
		const nodes = variant === 'httpSplit' ? [NODE_NAMES.httpRequest, NODE_NAMES.splitOut] : [NODE_NAMES.fileStorage];
		const run = result.run as unknown as Execution | undefined;
		const nodeMs = nodes.reduce((sum, node) => sum + (run ? (taskOf(run, node)?.executionTime ?? NaN) : NaN), 0);
		const items = run ? outputOf(taskOf(run, nodes[nodes.length - 1])).length : 0;
		listingExecute.push({ label: listingResults[variant].label, wallMs: result.ms, nodeMs, requests, items, ok: result.code === 0 });
		progress(`n8n execute ${variant}: ${(result.ms / 1000).toFixed(1)} s wall, nodes ${ms(nodeMs)} ms, ${items} items`);
	}

	// ----- 3. trigger ----------------------------------------------------------------------------------------------
	const trigger = await runTriggerBench(TRIGGER_PLANS, progress);

	const results: BenchResults = {
		facts,
		listing: listingResults,
		listingExecute,
		batch: batchResults,
		trigger,
		profiles: [],
	};

	// ----- 4. profiles of missed targets ------------------------------------------------------------------------
	const rows = targets(results);
	const listingMissed = rows.filter((r) => r.target.startsWith('Listing') && !r.ok);
	const batchMissed = rows.filter((r) => /Restore|Delete/.test(r.target) && !r.ok);
	const forced = process.env.BENCH_PROFILE === '1';
	type ProfileJob = { mode: ProfileConfig['mode']; title: string; why: string; compareLegacy: boolean; baseline?: boolean };
	const profileJobs: ProfileJob[] = [];
	if (listingMissed.length || forced) {
		const why = listingMissed.length ? `Missed: ${listingMissed.map((r) => `${r.target} (${r.measured})`).join('; ')}.` : 'Profiled on request (BENCH_PROFILE=1).';
		profileJobs.push({ mode: 'listing', title: 'Listing 10,000 files, Simplify on', why, compareLegacy: false, baseline: true });
		profileJobs.push({ mode: 'listingRaw', title: 'Listing 10,000 files, Simplify off', why, compareLegacy: false, baseline: true });
	}
	if (batchMissed.some((r) => r.target.includes('Restore')) || forced) {
		const missed = batchMissed.filter((r) => r.target.includes('Restore'));
		profileJobs.push({
			mode: 'restore',
			title: `Trash → Restore of ${BATCH_ITEMS} items`,
			why: missed.length ? `Missed: ${missed.map((r) => `${r.target} (${r.measured})`).join('; ')}.` : 'Profiled on request (BENCH_PROFILE=1).',
			compareLegacy: true,
		});
	}
	if (batchMissed.some((r) => r.target.includes('Delete')) || forced) {
		const missed = batchMissed.filter((r) => r.target.includes('Delete'));
		profileJobs.push({
			mode: 'delete',
			title: `Shared Folder → Delete Items of ${BATCH_ITEMS} items`,
			why: missed.length ? `Missed: ${missed.map((r) => `${r.target} (${r.measured})`).join('; ')}.` : 'Profiled on request (BENCH_PROFILE=1).',
			compareLegacy: true,
		});
	}
	const profileTarget = {
		baseUrl: sb.baseUrl,
		accessToken,
		shareToken: share.token,
		folderId: bulkFolderId,
	};
	// the floor under the same conditions as the in-process node runs: the axios loop in the child (Node 24)
	const baseline = profileJobs.some((job) => job.baseline)
		? await profile(install, { mode: 'rawLoop', title: 'raw axios loop (same child process)', why: '', compareLegacy: false }, profileTarget)
		: undefined;
	for (const job of profileJobs) {
		const report = await profile(install, job, {
			...profileTarget,
			targets: job.mode === 'restore' || job.mode === 'delete' ? targetsList : undefined,
		});
		if (job.baseline && baseline) report.baseline = { title: baseline.title, runs: baseline.runs, summary: baseline.summary };
		results.profiles.push(report);
	}

	// ----- report ----------------------------------------------------------------------------------------------
	results.facts.totalSeconds = (Date.now() - benchStarted) / 1000;
	fs.mkdirSync(path.dirname(REPORT), { recursive: true });
	fs.writeFileSync(REPORT, renderReport(results));
	fs.writeFileSync(path.join(WORK, 'results.json'), JSON.stringify(results, null, 2));
	process.stdout.write(`\n${renderTables(results)}\n`);
	for (const p of results.profiles) {
		const n = Math.max(1, p.summary.profiles);
		const perRun = (x: number) => `${ms(x / n)} ms`;
		process.stdout.write(`\nProfile (in-process, ${p.engine} expression engine): ${p.title}, node ${p.runs.map((r) => `${ms(r.nodeMs)}`).join('/')} ms per run\n`);
		process.stdout.write(`  areas per run: ${p.summary.areas.slice(0, 6).map((a) => `${a.area} ${perRun(a.selfMs)}`).join(', ')}\n`);
		if (p.summary.focus) {
			process.stdout.write(
				`  where it goes: ${p.summary.focus.fn.name} (${p.summary.focus.fn.where}) ${perRun(p.summary.focus.fn.totalMs)}: ${p.summary.focus.areas
					.slice(0, 4)
					.map((a) => `${a.area} ${perRun(a.selfMs)}`)
					.join(', ')}\n`,
			);
		}
		if (p.summary.expressionCallers.length) {
			process.stdout.write(`  expression evaluation by caller: ${p.summary.expressionCallers.slice(0, 3).map((e) => `${e.caller} ${perRun(e.ms)}`).join(', ')}\n`);
		}
		if (p.legacyRuns) process.stdout.write(`  with the legacy expression engine: ${p.legacyRuns.map((r) => ms(r.nodeMs)).join('/')} ms per run\n`);
	}
	process.stdout.write(`\nReport: ${path.relative(REPO_ROOT, REPORT)}; raw results: ${path.relative(REPO_ROOT, path.join(WORK, 'results.json'))}\n`);
	progress(`done in ${((Date.now() - benchStarted) / 60_000).toFixed(1)} min`);
}

/** Runs profile-run.ts with n8n's Node 24 (and n8n's default expression engine, `vm`); summarises its profiles. */
async function profile(
	install: N8nInstall,
	job: { mode: ProfileConfig['mode']; title: string; why: string; compareLegacy: boolean },
	target: Omit<ProfileConfig, 'mode' | 'engine' | 'runs' | 'warmups' | 'out'>,
): Promise<ProfileReport> {
	const dir = path.join(WORK, 'profiles');
	fs.mkdirSync(dir, { recursive: true });
	const runChild = async (engine: ProfileConfig['engine']): Promise<{ summary: ProfileRunSummary; out: string }> => {
		const out = path.join(dir, `${job.mode}-${engine}`);
		const batchMode = job.mode === 'restore' || job.mode === 'delete';
		const config: ProfileConfig = { ...target, mode: job.mode, engine, runs: batchMode ? 3 : 5, warmups: batchMode ? 2 : 3, out };
		const configFile = `${out}.config.json`;
		fs.writeFileSync(configFile, JSON.stringify(config));
		progress(`profiling ${job.title} in-process (Node 24, n8n-core, ${engine} expression engine)`);
		const result = await runCommand(install.nodeBin, [path.join(__dirname, 'profile-run.js')], {
			env: { ...process.env, BENCH_PROFILE_CONFIG: configFile },
			logDir: LOGS,
			name: `profile-${job.mode}-${engine}`,
			timeoutMs: 5 * 60_000,
		});
		fs.rmSync(configFile, { force: true });
		if (result.code !== 0) throw new Error(`profiling ${job.mode} failed (exit ${result.code}): ${result.stderr.slice(-2000)}`);
		return { summary: JSON.parse(fs.readFileSync(`${out}.json`, 'utf8')) as ProfileRunSummary, out };
	};
	// the raw loop evaluates no expressions: no expression engine to start
	const { summary, out } = await runChild(job.mode === 'rawLoop' ? 'legacy' : 'vm');
	const legacy = job.compareLegacy ? (await runChild('legacy')).summary : undefined;
	const files = summary.runs.map((_, i) => `${out}-${i + 1}.cpuprofile`);
	return {
		title: job.title,
		why: job.why,
		engine: summary.engine,
		nodeVersion: summary.nodeVersion,
		runs: summary.runs,
		legacyRuns: legacy?.runs,
		summary: summariseProfiles(files, REPO_ROOT),
		files: path.relative(REPO_ROOT, `${out}-*.cpuprofile`),
	};
}

runBounded({ what: 'benchmark', main, cleanup, deadlineMs: DEADLINE_MS, progress });

