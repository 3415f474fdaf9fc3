/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-dangerous-functions */
/**
 * `npm run bench` (bash test/bench/run-bench.sh): the File Storage node inside a real n8n against HTTP Request and
 * raw axios loops, its cost curve up to 100,000 items, profiles taken inside the n8n process, batch operations
 * against one request per item, and the trigger's requests and static data. Writes docs/benchmarks.md (and the
 * scale chart) and prints the tables. No assertions: a reporting script (exit 1 only when it could not measure).
 * Env: BENCH_RUNS (15, the least), BENCH_MAX_RUNS (25), BENCH_WARMUPS (1), BENCH_SECTIONS (all of
 * listing,scale,profiles,batch,execute,trigger), BENCH_PROFILE=1 (in-process profiles of batch operations even
 * when their targets are met).
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { REPO_ROOT } from '../e2e/checkout';
import { preparePackagedN8n } from '../e2e/install';
import type { N8nInstall } from '../e2e/install';
import { runCommand, stopAllChildren, waitFor } from '../e2e/processes';
import { N8n } from '../e2e/rest-client';
import type { Sandbox } from '../sandbox/server';
import { runBounded } from './bounded-run';
import { startSandbox } from '../sandbox/server';
import type { ProfileWindow } from './cpuprofile';
import { summariseProfiles } from './cpuprofile';
import { summariseAllocations } from './heapprofile';
import type { ProbeBegin, ProbeResult } from './n8n-probe';
import { ProbeClient, probeEnv } from './probe-client';
import type { ProfileConfig, ProfileRunSummary } from './profile-run';
import type { RawLoopRequest, RawLoopResult } from './raw-loop';
import type {
	BenchResults,
	ExecuteResultRow,
	InN8nProfile,
	ListingKey,
	MeasuredRun,
	ProfileReport,
	ScalePoint,
	VariantResult,
} from './report';
import {
	gcOf,
	LISTING_LABELS,
	ms,
	percentile,
	renderReport,
	renderScaleChart,
	renderTables,
	SCALE_CHART,
	targets,
} from './report';
import { benchRun, rewriteKeepingSections } from './report-sections';
import { runTriggerBench } from './trigger-bench';
import type { TriggerPlan } from './trigger-bench';
import type { BatchVariant, ListingVariant } from './workflows';
import {
	batchWorkflows,
	benchCredentials,
	listingWorkflows,
	NODE_NAMES,
	scaleWorkflows,
} from './workflows';

const WORK = path.join(REPO_ROOT, '.tmp', 'bench');
const LOGS = path.join(WORK, 'logs');
const PROFILES = path.join(WORK, 'profiles');
const REPORT = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 15) || 15);
const MAX_RUNS = Math.max(RUNS, Number(process.env.BENCH_MAX_RUNS ?? 25) || 25);
const WARMUPS = Math.max(0, Number(process.env.BENCH_WARMUPS ?? 1));
const SECTIONS = new Set(
	(process.env.BENCH_SECTIONS ?? 'listing,scale,profiles,batch,execute,trigger').split(','),
);
const BULK_FILES = 10_000;
const BATCH_ITEMS = 1_000;
/**
 * The scale curve: folder sizes, measured runs and warm-ups of each (10,000 is the "Bulk" folder of the listing).
 * The process is warm after the first size; a 100,000-item run takes half a minute with its checks.
 */
const SCALE: Array<{ items: number; runs: number; warmups: number }> = [
	{ items: 1_000, runs: 9, warmups: 1 },
	{ items: 10_000, runs: 5, warmups: 0 },
	{ items: 100_000, runs: 3, warmups: 0 },
];
/** the sandbox's largest page: raw loops ask for it, the node asks for more and gets it */
const PAGE_SIZE = 500;
/** a listing variant whose p90 is further than this above its p50 gets more rounds (up to MAX_RUNS) */
const SPREAD_LIMIT = 1.3;
const EXTRA_ROUNDS = 5;
/** in-n8n profiles: runs per variant, interleaved */
const PROFILE_RUNS = 5;
const OWNER = {
	email: 'bench@example.com',
	password: 'Bench-Passw0rd-2026',
	firstName: 'Bench',
	lastName: 'Mark',
};
/** The whole benchmark is bounded: past this, everything started is stopped and the script exits 2. */
const DEADLINE_MS = 25 * 60_000;
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
let rawLoopChild: ChildProcess | undefined;

async function cleanup(): Promise<void> {
	if (rawLoopChild?.connected) rawLoopChild.disconnect();
	if (rawLoopChild?.pid !== undefined && rawLoopChild.exitCode === null)
		rawLoopChild.kill('SIGTERM');
	await n8n?.stop().catch(() => undefined);
	await stopAllChildren().catch(() => undefined);
	await sandbox?.stop().catch(() => undefined);
}

// ----- helpers ---------------------------------------------------------------------------------------------------

function loadAverage(): [number, number, number] {
	const [one, five, fifteen] = os.loadavg();
	return [one, five, fifteen];
}

function machineFacts(install: N8nInstall, n8nNode: string): BenchResults['facts'] {
	const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
	const cpuModel =
		/^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
		version: string;
	};
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
		maxRuns: MAX_RUNS,
		warmups: WARMUPS,
		bulkFiles: BULK_FILES,
		batchItems: BATCH_ITEMS,
		loadBefore: loadAverage(),
	};
}

interface TaskData {
	startTime?: number;
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

/** The id of the execution a webhook call just produced (ids grow), once n8n has stored it as finished. */
async function newestExecutionId(workflowId: string): Promise<number> {
	const id = await waitFor(
		`a new finished execution of ${workflowId}`,
		async () => {
			const res = await n8n!.api<{ data: Array<{ id: string | number; status: string }> }>(
				'GET',
				`/executions?workflowId=${encodeURIComponent(workflowId)}&limit=5`,
			);
			if (res.status !== 200)
				throw new Error(`GET /api/v1/executions answered ${res.status}: ${res.text.slice(0, 300)}`);
			const fresh = res.body.data
				.filter(
					(e) =>
						Number(e.id) > lastExecutionId && !['new', 'running', 'waiting'].includes(e.status),
				)
				.sort((a, b) => Number(b.id) - Number(a.id));
			return fresh.length ? Number(fresh[0].id) : undefined;
		},
		{ timeoutMs: 180_000, intervalMs: 50 },
	);
	lastExecutionId = id;
	return id;
}

/** An execution with its data. n8n loads, parses and serialises it for this: much garbage in its heap. */
async function readExecution(id: number): Promise<Execution> {
	const res = await n8n!.api<Execution>('GET', `/executions/${id}?includeData=true`);
	if (res.status !== 200)
		throw new Error(
			`GET /api/v1/executions/${id} answered ${res.status}: ${res.text.slice(0, 300)}`,
		);
	return { ...res.body, id: String(id) };
}

const taskOf = (
	execution: { data?: { resultData: { runData: Record<string, TaskData[]> } } },
	node: string,
) => execution.data?.resultData.runData[node]?.[0];
const outputOf = (task: TaskData | undefined) =>
	(task?.data?.main?.[0] ?? []).map((item) => item.json);
const idOf = (json: IDataObject): string | undefined => {
	if (typeof json.id === 'string') return json.id;
	const data = json.data as IDataObject | undefined;
	return typeof data?.id === 'string' ? data.id : undefined;
};

function newVariant(label: string): VariantResult {
	return { label, runs: [], problems: [] };
}

function record(
	variant: VariantResult,
	run: MeasuredRun,
	warmup: boolean,
	problems: string[],
	round: number,
): void {
	if (warmup) variant.warmup = run;
	else variant.runs.push(run);
	for (const p of problems) variant.problems.push(`${warmup ? 'warm-up' : `run ${round}`}: ${p}`);
}

function rotate<T>(list: T[], by: number): T[] {
	const k = by % list.length;
	return [...list.slice(k), ...list.slice(0, k)];
}

/** The sandbox's own time on the requests since the last `clearRequests()` (see SandboxOptions.onAnswered). */
const serverTime = { ms: 0, answered: 0 };

function clearRequests(sb: Sandbox): void {
	sb.clearRequests();
	serverTime.ms = 0;
	serverTime.answered = 0;
}

/** One webhook run of a workflow in n8n, measured by the probe, before its execution is read back. */
interface MeasuredWorkflowRun {
	call: { status: number; wallMs: number; text: string };
	executionId: number;
	requests: number;
	failedRequests: number;
	serverMs: number;
	probe: ProbeResult;
}

/** A measured run with its execution and data. */
interface WorkflowRun extends MeasuredWorkflowRun {
	execution: Execution;
}

async function measureWorkflow(
	sb: Sandbox,
	probe: ProbeClient,
	webhookPath: string,
	workflowId: string,
	body: unknown,
	probeOptions: ProbeBegin = {},
): Promise<MeasuredWorkflowRun> {
	clearRequests(sb);
	await probe.begin({ label: webhookPath, ...probeOptions });
	const call = await n8n!
		.callWebhook(webhookPath, { body, timeoutMs: 300_000, registered: true })
		.catch(async (error: unknown) => {
			await probe.end().catch(() => undefined);
			throw error;
		});
	// the probe's window ends with the answer: reading the execution back allocates too
	const measured = await probe.end();
	const requests = sb.requests.length;
	const failedRequests = sb.requests.filter((r) => r.status !== 200).length;
	const serverMs = serverTime.ms;
	const executionId = await newestExecutionId(workflowId);
	return { call, executionId, requests, failedRequests, serverMs, probe: measured };
}

async function runWorkflow(...args: Parameters<typeof measureWorkflow>): Promise<WorkflowRun> {
	const measured = await measureWorkflow(...args);
	return { ...measured, execution: await readExecution(measured.executionId) };
}

function runProblems(run: WorkflowRun): string[] {
	const problems: string[] = [];
	if (run.call.status !== 200)
		problems.push(`webhook answered ${run.call.status}: ${run.call.text.slice(0, 200)}`);
	if (run.execution.status !== 'success') {
		problems.push(
			`execution ${run.execution.id} ${run.execution.status}: ${run.execution.data?.resultData.error?.message ?? ''}`,
		);
	}
	if (run.failedRequests) problems.push(`${run.failedRequests} request(s) not answered 200`);
	return problems;
}

/** The raw loops' process: n8n's Node, forked once, kept warm. */
async function startRawLoops(
	install: N8nInstall,
): Promise<(request: RawLoopRequest) => Promise<RawLoopResult>> {
	const child = fork(path.join(__dirname, 'raw-loop.js'), [], {
		execPath: install.nodeBin,
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		env: { PATH: process.env.PATH },
	});
	rawLoopChild = child;
	await new Promise<void>((resolve, reject) => {
		child.once('spawn', resolve);
		child.once('error', reject);
	});
	return async (request) =>
		await new Promise<RawLoopResult>((resolve, reject) => {
			const onExit = (code: number | null) =>
				reject(new Error(`the raw loop process exited (${code})`));
			child.once('exit', onExit);
			child.once('message', (result: RawLoopResult) => {
				child.off('exit', onExit);
				resolve(result);
			});
			child.send(request);
		});
}

const ROUND_WORD = (warmup: boolean, round: number, of: number | string) =>
	warmup ? 'warm-up' : `run ${round}/${of}`;

// ----- main ------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
	fs.rmSync(WORK, { recursive: true, force: true });
	fs.mkdirSync(LOGS, { recursive: true });
	fs.mkdirSync(PROFILES, { recursive: true });

	progress(
		`sections: ${[...SECTIONS].join(', ')}; load average ${loadAverage()
			.map((l) => l.toFixed(2))
			.join(' ')}`,
	);
	progress('installing n8n (or reusing .cache/), building and packing the package');
	const { install, userFolder } = await preparePackagedN8n(WORK, LOGS);
	const n8nNode = (
		await runCommand(install.nodeBin, ['--version'], { logDir: LOGS, name: 'node24-version' })
	).stdout.trim();
	const facts = machineFacts(install, n8nNode);

	progress(`starting the sandbox with ${BULK_FILES} files in "Bulk"`);
	sandbox = await startSandbox({
		port: 0,
		host: '127.0.0.1',
		seed: { bulkFolderFiles: BULK_FILES },
		onAnswered: (_request, handlingMs) => {
			serverTime.ms += handlingMs;
			serverTime.answered++;
		},
	});
	const sb = sandbox;
	const bulkFolderId = sb.seed.bulkFolderId;
	if (!bulkFolderId) throw new Error('the sandbox seed has no Bulk folder');
	const accessToken = sb.seed.users[0].accessToken;
	// the batch targets: a folder of their own (Bulk stays at 10,000) with an editor share on it
	const batchFolder = sb.model.addFolder(0, { name: 'Batch' });
	const targetsList = Array.from({ length: BATCH_ITEMS }, (_, i) => {
		const file = sb.model.addFile(0, {
			folderId: batchFolder.id,
			name: `batch-${String(i + 1).padStart(4, '0')}.txt`,
			mimetype: 'text/plain',
		});
		return { id: file.id, type: 'file' };
	});
	const share = sb.model.addShare(batchFolder.id, { permission: 'editor' });
	// the scale curve's folders (10,000 is Bulk), filled just before the scale runs: the sandbox's trash and restore
	// work grows with the user's file count, so 101,000 more files would slow the batch runs' server side tenfold
	const scaleFolders = SECTIONS.has('scale')
		? SCALE.map(({ items }) => ({
				items,
				folderId:
					items === BULK_FILES
						? bulkFolderId
						: sb.model.addFolder(0, { name: `Scale ${items}` }).id,
			}))
		: [];
	const fillScaleFolders = () => {
		for (const { items, folderId } of scaleFolders) {
			if (folderId === bulkFolderId) continue;
			for (let i = 0; i < items; i++) {
				sb.model.addFile(0, {
					folderId,
					name: `scale-${String(i + 1).padStart(6, '0')}.txt`,
					mimetype: 'text/plain',
				});
			}
		}
	};

	const listing = listingWorkflows(sb.baseUrl, bulkFolderId);
	const batch = batchWorkflows(sb.baseUrl, share.token);
	const scale = scaleWorkflows(scaleFolders);
	const probeDir = path.join(WORK, 'probe');
	n8n = await N8n.create({ install, userFolder, logDir: LOGS, env: probeEnv(probeDir) });
	progress('importing credentials and workflows');
	await n8n.importCredentials(benchCredentials(sb.baseUrl, accessToken, share.token));
	await n8n.importWorkflows([...listing.workflows, ...batch.workflows, ...scale.workflows]);
	progress('n8n start');
	await n8n.start();
	await n8n.setupOwner(OWNER);
	await n8n.createApiKey('bench');
	for (const id of [
		...Object.values(listing.webhookIds),
		...Object.values(batch.ids),
		...Object.values(scale.ids),
	]) {
		await n8n.activate(id);
	}
	const probe = await ProbeClient.connect(probeDir, n8n.pid!);
	const rawLoop = await startRawLoops(install);

	const results: BenchResults = {
		facts,
		listing: {
			fsSimplify: newVariant(LISTING_LABELS.fsSimplify),
			fsRaw: newVariant(LISTING_LABELS.fsRaw),
			httpSplit: newVariant(LISTING_LABELS.httpSplit),
			fsSimplifyAsIs: newVariant(LISTING_LABELS.fsSimplifyAsIs),
			fsRawAsIs: newVariant(LISTING_LABELS.fsRawAsIs),
			httpSplitAsIs: newVariant(LISTING_LABELS.httpSplitAsIs),
			rawKeepAlive: newVariant(LISTING_LABELS.rawKeepAlive),
			rawNoKeepAlive: newVariant(LISTING_LABELS.rawNoKeepAlive),
		},
		listingExecute: [],
		scale: [],
		inN8nProfiles: [],
		batch: {
			fsRestore: newVariant('File Storage (Batch Size 100)'),
			httpRestore: newVariant('HTTP Request, one request per item'),
			fsDelete: newVariant('File Storage (Batch Size 100)'),
			httpDelete: newVariant('HTTP Request, one request per item'),
		},
		trigger: [],
		profiles: [],
	};

	// ----- 1. listing --------------------------------------------------------------------------------------------
	const checkListing = (ids: Array<string | undefined>, expected: number): string[] => {
		const distinct = new Set(ids.filter((id) => id !== undefined));
		return ids.length === expected && distinct.size === expected
			? []
			: [`${ids.length} items, ${distinct.size} distinct ids (expected ${expected})`];
	};
	const listingUrl = `${sb.baseUrl}/api/v1/browse/folders/${bulkFolderId}`;
	const rawRun = async (key: ListingKey): Promise<{ run: MeasuredRun; problems: string[] }> => {
		clearRequests(sb);
		const result = await rawLoop({
			url: listingUrl,
			accessToken,
			pageSize: PAGE_SIZE,
			keepAlive: key === 'rawKeepAlive',
		});
		const problems = result.error ? [result.error] : [];
		if (result.items !== BULK_FILES || result.distinctIds !== BULK_FILES) {
			problems.push(
				`${result.items} items, ${result.distinctIds} distinct ids (expected ${BULK_FILES})`,
			);
		}
		return {
			run: {
				timeMs: result.timeMs,
				requests: sb.requests.length,
				items: result.items,
				serverMs: serverTime.ms,
			},
			problems,
		};
	};
	type Checked = { run: MeasuredRun; problems: string[] };
	/**
	 * Measures one n8n run; what it measured is read from its execution later (`finish`), after the listing rounds:
	 * reading an execution with 10,000 items back makes n8n load, parse and serialise it, garbage that would
	 * otherwise land in whichever run comes next, a cost of the benchmark and not of any node.
	 */
	const listingRun = async (
		variant: ListingVariant,
		settle: boolean,
	): Promise<{ wallMs: number; finish: () => Promise<Checked> }> => {
		const measured = await measureWorkflow(
			sb,
			probe,
			listing.paths[variant],
			listing.webhookIds[variant],
			{},
			{ settle },
		);
		const finish = async (): Promise<Checked> => {
			const run: WorkflowRun = {
				...measured,
				execution: await readExecution(measured.executionId),
			};
			const problems = runProblems(run);
			const nodes =
				variant === 'httpSplit'
					? [NODE_NAMES.httpRequest, NODE_NAMES.splitOut]
					: [NODE_NAMES.fileStorage];
			const parts: Record<string, number> = {};
			for (const node of nodes) parts[node] = taskOf(run.execution, node)?.executionTime ?? NaN;
			const items = outputOf(taskOf(run.execution, nodes[nodes.length - 1]));
			problems.push(...checkListing(items.map(idOf), BULK_FILES));
			return {
				run: {
					timeMs: Object.values(parts).reduce((a, b) => a + b, 0),
					parts: variant === 'httpSplit' ? parts : undefined,
					wallMs: run.call.wallMs,
					requests: run.requests,
					items: items.length,
					serverMs: run.serverMs,
					gc: gcOf(run.probe),
					heapBeforeMb: run.probe.heapUsedBeforeMb,
				},
				problems,
			};
		};
		return { wallMs: measured.call.wallMs, finish };
	};
	/**
	 * Each n8n variant runs twice a round: once on a settled heap (a full GC just before, so the garbage of the runs
	 * before cannot land in this one: the nodes' own cost) and once on the heap as the previous runs left it (what a
	 * busy n8n pays, the garbage of n8n's own work on earlier executions included).
	 */
	const n8nRuns: Partial<Record<ListingKey, { variant: ListingVariant; settle: boolean }>> = {
		fsSimplify: { variant: 'fsSimplify', settle: true },
		fsRaw: { variant: 'fsRaw', settle: true },
		httpSplit: { variant: 'httpSplit', settle: true },
		fsSimplifyAsIs: { variant: 'fsSimplify', settle: false },
		fsRawAsIs: { variant: 'fsRaw', settle: false },
		httpSplitAsIs: { variant: 'httpSplit', settle: false },
	};
	const settledOrder: ListingKey[] = [
		'fsSimplify',
		'fsRaw',
		'httpSplit',
		'rawKeepAlive',
		'rawNoKeepAlive',
	];
	const fullOrder: ListingKey[] = [
		'fsSimplify',
		'fsSimplifyAsIs',
		'fsRaw',
		'fsRawAsIs',
		'httpSplit',
		'httpSplitAsIs',
		'rawKeepAlive',
		'rawNoKeepAlive',
	];
	/** runs measured but not yet read back, recorded in their order by `recordPending` */
	const pending: Array<{
		key: ListingKey;
		warmup: boolean;
		round: number;
		finish: () => Promise<Checked>;
	}> = [];
	const recordPending = async () => {
		progress(`listing: reading back ${pending.filter((p) => n8nRuns[p.key]).length} executions`);
		for (const { key, warmup, round, finish } of pending.splice(0)) {
			const { run, problems } = await finish();
			record(results.listing[key], run, warmup, problems, round);
		}
	};
	const listingRound = async (
		round: number,
		warmup: boolean,
		of: number | string,
		order: ListingKey[],
	) => {
		const shown: string[] = [];
		for (const key of rotate(order, round)) {
			const n8nRun = n8nRuns[key];
			if (n8nRun) {
				const { wallMs, finish } = await listingRun(n8nRun.variant, n8nRun.settle);
				pending.push({ key, warmup, round: round - WARMUPS + 1, finish });
				shown.push(`${key} (webhook round trip) ${ms(wallMs)}`);
			} else {
				const { run, problems } = await rawRun(key);
				pending.push({
					key,
					warmup,
					round: round - WARMUPS + 1,
					finish: async () => ({ run, problems }),
				});
				shown.push(`${key} ${ms(run.timeMs)}`);
			}
		}
		progress(`listing ${ROUND_WORD(warmup, round - WARMUPS + 1, of)}: ${shown.join(', ')} ms`);
	};
	/** p90 far above p50 means one or two runs make the p90: more rounds (settled and raw loops), up to MAX_RUNS */
	const spreadTooWide = () =>
		settledOrder.some((k) => {
			const times = results.listing[k].runs.map((r) => r.timeMs);
			return percentile(times, 90) > SPREAD_LIMIT * percentile(times, 50);
		});
	if (SECTIONS.has('listing')) {
		results.facts.loadListing = loadAverage();
		let round = 0;
		for (; round < WARMUPS + RUNS; round++)
			await listingRound(round, round < WARMUPS, RUNS, fullOrder);
		await recordPending();
		while (round - WARMUPS < MAX_RUNS && spreadTooWide()) {
			const extra = Math.min(EXTRA_ROUNDS, MAX_RUNS - (round - WARMUPS));
			progress(
				`listing: p90 more than ${SPREAD_LIMIT}× p50 for some variant, ${extra} more rounds (settled heap and raw loops)`,
			);
			for (let i = 0; i < extra; i++, round++)
				await listingRound(round, false, `${RUNS}+`, settledOrder);
			await recordPending();
		}
		results.facts.listingRounds = round - WARMUPS;
		results.facts.loadListingAfter = loadAverage();
	}

	// ----- 2. profiles inside n8n ------------------------------------------------------------------------------
	if (SECTIONS.has('profiles')) {
		const variants: ListingVariant[] = ['fsSimplify', 'fsRaw', 'httpSplit'];
		type Collected = {
			cpu: string[];
			nodeWindows: ProfileWindow[];
			allocations: string[];
			runs: MeasuredRun[];
		};
		const files: Record<ListingVariant, Collected> = {
			fsSimplify: { cpu: [], nodeWindows: [], allocations: [], runs: [] },
			fsRaw: { cpu: [], nodeWindows: [], allocations: [], runs: [] },
			httpSplit: { cpu: [], nodeWindows: [], allocations: [], runs: [] },
		};
		// without the listing rounds before, one unprofiled round warms the process up
		if (!SECTIONS.has('listing')) {
			for (const variant of variants)
				await runWorkflow(sb, probe, listing.paths[variant], listing.webhookIds[variant], {});
		}
		for (let round = 0; round < PROFILE_RUNS; round++) {
			for (const variant of rotate(variants, round)) {
				const profileOut = path.join(PROFILES, `n8n-${variant}-${round + 1}`);
				const run = await runWorkflow(
					sb,
					probe,
					listing.paths[variant],
					listing.webhookIds[variant],
					{},
					{
						settle: true,
						profileOut,
						cpu: true,
						allocations: true,
					},
				);
				const nodes =
					variant === 'httpSplit'
						? [NODE_NAMES.httpRequest, NODE_NAMES.splitOut]
						: [NODE_NAMES.fileStorage];
				files[variant].cpu.push(run.probe.cpuProfile!);
				// the measured nodes' own execution on the profile's clock (run data: epoch ms; profile: monotonic µs)
				const tasks = nodes.map((node) => taskOf(run.execution, node));
				const toProfileUs = (epochMs: number) =>
					run.probe.clock.monotonicUs + (epochMs - run.probe.clock.epochMs) * 1000;
				const last = tasks[tasks.length - 1];
				files[variant].nodeWindows.push({
					fromUs: toProfileUs(tasks[0]?.startTime ?? NaN),
					toUs: toProfileUs((last?.startTime ?? NaN) + (last?.executionTime ?? NaN)),
				});
				files[variant].allocations.push(run.probe.allocationProfile!);
				files[variant].runs.push({
					timeMs: nodes.reduce(
						(sum, node) => sum + (taskOf(run.execution, node)?.executionTime ?? NaN),
						0,
					),
					wallMs: run.call.wallMs,
					requests: run.requests,
					items: outputOf(taskOf(run.execution, nodes[nodes.length - 1])).length,
					serverMs: run.serverMs,
					gc: gcOf(run.probe),
				});
			}
			progress(`in-n8n profiles round ${round + 1}/${PROFILE_RUNS}`);
		}
		for (const variant of variants) {
			const profile: InN8nProfile = {
				variant,
				label: LISTING_LABELS[variant],
				runs: files[variant].runs,
				cpu: summariseProfiles(files[variant].cpu, REPO_ROOT),
				cpuInNodes: summariseProfiles(
					files[variant].cpu,
					REPO_ROOT,
					15,
					files[variant].nodeWindows,
				),
				allocations: summariseAllocations(files[variant].allocations, REPO_ROOT),
				files: path.relative(REPO_ROOT, path.join(PROFILES, `n8n-${variant}-*`)),
			};
			results.inN8nProfiles.push(profile);
		}
	}

	// ----- 3. batch operations -----------------------------------------------------------------------------------
	const isRestore = (variant: BatchVariant) => variant === 'fsRestore' || variant === 'httpRestore';
	const prepareBatch = (variant: BatchVariant) => {
		for (const t of targetsList) {
			const item = sb.model.findItem(t.id);
			if (!item) throw new Error(`batch target ${t.id} is gone`);
			if (isRestore(variant) && !item.deletedAt) sb.model.trashItem(t.id);
			if (!isRestore(variant) && item.deletedAt) sb.model.restoreItem(t.id);
		}
	};
	const batchRun = async (
		variant: BatchVariant,
	): Promise<{ run: MeasuredRun; problems: string[] }> => {
		prepareBatch(variant);
		const run = await runWorkflow(
			sb,
			probe,
			batch.paths[variant],
			batch.ids[variant],
			{ items: targetsList },
			{ settle: true },
		);
		const problems = runProblems(run);
		const task = taskOf(run.execution, batch.measuredNode[variant]);
		const items = outputOf(task);
		const wrong = targetsList.filter((t) => {
			const item = sb.model.findItem(t.id);
			return !item || (isRestore(variant) ? item.deletedAt !== null : item.deletedAt === null);
		}).length;
		if (wrong)
			problems.push(
				`${wrong} of ${BATCH_ITEMS} items not ${isRestore(variant) ? 'restored' : 'trashed'} afterwards`,
			);
		if (items.length !== BATCH_ITEMS)
			problems.push(`${items.length} output items (expected ${BATCH_ITEMS})`);
		return {
			run: {
				timeMs: task?.executionTime ?? NaN,
				wallMs: run.call.wallMs,
				requests: run.requests,
				items: items.length,
				serverMs: run.serverMs,
			},
			problems,
		};
	};
	if (SECTIONS.has('batch')) {
		const batchOrder: BatchVariant[] = ['fsRestore', 'httpRestore', 'fsDelete', 'httpDelete'];
		for (let round = 0; round < WARMUPS + RUNS; round++) {
			const warmup = round < WARMUPS;
			for (const key of rotate(batchOrder, round)) {
				const { run, problems } = await batchRun(key);
				record(results.batch[key], run, warmup, problems, round - WARMUPS + 1);
			}
			progress(
				`batch ${ROUND_WORD(warmup, round - WARMUPS + 1, RUNS)}: ${batchOrder
					.map((k) => {
						const r = warmup
							? results.batch[k].warmup
							: results.batch[k].runs[results.batch[k].runs.length - 1];
						return `${k} ${ms(r?.timeMs ?? NaN)} ms/${r?.requests ?? '?'} req (sandbox ${ms(r?.serverMs ?? NaN)} ms)`;
					})
					.join(', ')}`,
			);
		}
	}
	// ----- 3b. in-process profiles of missed batch targets (before the scale folders fill the sandbox) ------------
	const rows = targets(results);
	const batchMissed = rows.filter((r) => /Restore|Delete/.test(r.target) && !r.ok);
	const forced = process.env.BENCH_PROFILE === '1';
	const profileJobs: Array<{ mode: ProfileConfig['mode']; title: string; why: string }> = [];
	for (const [mode, name] of [
		['restore', 'Trash → Restore'],
		['delete', 'Shared Folder → Delete Items'],
	] as const) {
		const missed = batchMissed.filter((r) => r.target.startsWith(name));
		if (!SECTIONS.has('batch') || (!missed.length && !forced)) continue;
		profileJobs.push({
			mode,
			title: `${name} of ${BATCH_ITEMS} items`,
			why: missed.length
				? `Missed: ${missed.map((r) => `${r.target} (${r.measured})`).join('; ')}.`
				: 'Profiled on request (BENCH_PROFILE=1).',
		});
	}
	for (const job of profileJobs) {
		results.profiles.push(
			await profile(install, job, {
				baseUrl: sb.baseUrl,
				accessToken,
				shareToken: share.token,
				targets: targetsList,
			}),
		);
	}

	// ----- 4. scale curve --------------------------------------------------------------------------------------
	if (SECTIONS.has('scale')) {
		fillScaleFolders();
		for (const { items, runs, warmups } of SCALE) {
			const point: ScalePoint = { items, runs: [], problems: [] };
			for (let round = 0; round < warmups + runs; round++) {
				const warmup = round < warmups;
				const run = await runWorkflow(
					sb,
					probe,
					scale.paths[items],
					scale.ids[items],
					{},
					{ settle: true },
				);
				const problems = runProblems(run);
				const output = outputOf(taskOf(run.execution, NODE_NAMES.fileStorage));
				problems.push(...checkListing(output.map(idOf), items));
				const measured = {
					timeMs: taskOf(run.execution, NODE_NAMES.fileStorage)?.executionTime ?? NaN,
					wallMs: run.call.wallMs,
					requests: run.requests,
					serverMs: run.serverMs,
					outputJsonBytes: Buffer.byteLength(JSON.stringify(output), 'utf8'),
					probe: run.probe,
				};
				if (!warmup) point.runs.push(measured);
				for (const p of problems)
					point.problems.push(`${warmup ? 'warm-up' : `run ${round - warmups + 1}`}: ${p}`);
				progress(
					`scale ${items} ${ROUND_WORD(warmup, round - warmups + 1, runs)}: ${ms(measured.timeMs)} ms, sandbox ${ms(run.serverMs)} ms, peak heap +${ms(
						run.probe.heapUsedPeakMb - run.probe.heapUsedBeforeMb,
					)} MB, peak RSS +${ms(run.probe.rssPeakMb - run.probe.rssBeforeMb)} MB, output ${ms(measured.outputJsonBytes / 1024 ** 2)} MB JSON`,
				);
			}
			results.scale.push(point);
		}
		fs.writeFileSync(SCALE_CHART, renderScaleChart(results.scale));
	}

	await n8n.stop();

	// ----- 5. `n8n execute` wall time (cold CLI process per variant) -------------------------------------------
	if (SECTIONS.has('execute')) {
		for (const variant of ['fsSimplify', 'fsRaw', 'httpSplit'] as ListingVariant[]) {
			clearRequests(sb);
			const result = await n8n.execute(listing.manualIds[variant], { timeoutMs: 180_000 });
			const requests = sb.requests.length;
			const nodes =
				variant === 'httpSplit'
					? [NODE_NAMES.httpRequest, NODE_NAMES.splitOut]
					: [NODE_NAMES.fileStorage];
			const run = result.run as unknown as Execution | undefined;
			const nodeMs = nodes.reduce(
				(sum, node) => sum + (run ? (taskOf(run, node)?.executionTime ?? NaN) : NaN),
				0,
			);
			const items = run ? outputOf(taskOf(run, nodes[nodes.length - 1])).length : 0;
			const row: ExecuteResultRow = {
				label: LISTING_LABELS[variant],
				wallMs: result.ms,
				nodeMs,
				requests,
				items,
				ok: result.code === 0,
			};
			results.listingExecute.push(row);
			progress(
				`n8n execute ${variant}: ${(result.ms / 1000).toFixed(1)} s wall, nodes ${ms(nodeMs)} ms, ${items} items`,
			);
		}
	}

	// ----- 6. trigger ----------------------------------------------------------------------------------------------
	if (SECTIONS.has('trigger')) results.trigger = await runTriggerBench(TRIGGER_PLANS, progress);

	// ----- report ----------------------------------------------------------------------------------------------
	results.facts.totalSeconds = (Date.now() - benchStarted) / 1000;
	results.facts.loadAfter = loadAverage();
	// the other benchmark scripts' sections (Download, queue) stay as they are
	rewriteKeepingSections(REPORT, renderReport(results, benchRun()));
	fs.writeFileSync(path.join(WORK, 'results.json'), JSON.stringify(results, null, 2));
	process.stdout.write(`\n${renderTables(results)}\n`);
	process.stdout.write(
		`\nReport: ${path.relative(REPO_ROOT, REPORT)}; raw results: ${path.relative(REPO_ROOT, path.join(WORK, 'results.json'))}\n`,
	);
	progress(`done in ${((Date.now() - benchStarted) / 60_000).toFixed(1)} min`);
}

/** Runs profile-run.ts with n8n's Node: a batch operation in-process (n8n-core, `vm` and `legacy` expression engines). */
async function profile(
	install: N8nInstall,
	job: { mode: ProfileConfig['mode']; title: string; why: string },
	target: Omit<ProfileConfig, 'mode' | 'engine' | 'runs' | 'warmups' | 'out'>,
): Promise<ProfileReport> {
	const runChild = async (
		engine: ProfileConfig['engine'],
	): Promise<{ summary: ProfileRunSummary; out: string }> => {
		const out = path.join(PROFILES, `${job.mode}-${engine}`);
		const config: ProfileConfig = { ...target, mode: job.mode, engine, runs: 3, warmups: 2, out };
		const configFile = `${out}.config.json`;
		fs.writeFileSync(configFile, JSON.stringify(config));
		progress(`profiling ${job.title} in-process (Node 24, n8n-core, ${engine} expression engine)`);
		const attempt = async () =>
			await runCommand(install.nodeBin, [path.join(__dirname, 'profile-run.js')], {
				env: { ...process.env, BENCH_PROFILE_CONFIG: configFile },
				logDir: LOGS,
				name: `profile-${job.mode}-${engine}`,
				timeoutMs: 5 * 60_000,
			});
		const how = (r: Awaited<ReturnType<typeof attempt>>) =>
			`exit ${r.code}${r.signal ? `, signal ${r.signal}` : ''}${r.timedOut ? ', timed out' : ''} after ${(r.ms / 1000).toFixed(1)} s`;
		let result = await attempt();
		// Seen once (2026-11-26): the child ended by a signal with nothing on stderr, and the same profile fine when run
		// again. One more try then; the progress log says so, and a second failure stops the benchmark.
		if (result.code === null && !result.timedOut) {
			progress(`profiling ${job.mode} (${engine}) died (${how(result)}): once more`);
			result = await attempt();
		}
		fs.rmSync(configFile, { force: true });
		if (result.code !== 0)
			throw new Error(
				`profiling ${job.mode} failed (${how(result)}): ${result.stderr.slice(-2000)}`,
			);
		return {
			summary: JSON.parse(fs.readFileSync(`${out}.json`, 'utf8')) as ProfileRunSummary,
			out,
		};
	};
	const { summary, out } = await runChild('vm');
	const legacy = (await runChild('legacy')).summary;
	const files = summary.runs.map((_, i) => `${out}-${i + 1}.cpuprofile`);
	return {
		title: job.title,
		why: job.why,
		engine: summary.engine,
		nodeVersion: summary.nodeVersion,
		runs: summary.runs,
		legacyRuns: legacy.runs,
		summary: summariseProfiles(files, REPO_ROOT),
		files: path.relative(REPO_ROOT, `${out}-*.cpuprofile`),
	};
}

runBounded({ what: 'benchmark', main, cleanup, deadlineMs: DEADLINE_MS, progress });
