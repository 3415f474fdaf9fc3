/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets */
/**
 * The Search benchmark (`npm run bench`, its own section of docs/benchmarks.md; alone: BENCH_ONLY=search): File →
 * Search with Return All over a tree of 10,000 files in 500 folders, in a real n8n 2.41.0 with the packed package,
 * against a raw client doing the same breadth-first walk at the same concurrency (4 folders at once, the largest
 * page, a new connection per request as n8n's HTTP helper makes) in a Node 24 process of its own, with `http.get` and
 * with axios; a search with Limit 1 whose match is in the searched folder's first page; and, as a reference, Folder →
 * Get Contents bringing n8n as many items from one folder. Reports time ratios, requests and n8n's peak memory growth
 * against the size of the output's JSON. No assertions: a reporting script (exit 1 only when it could not measure).
 * Env: BENCH_SEARCH_RUNS (7), BENCH_SEARCH_WARMUPS (1), BENCH_SEARCH_PROFILE (0: see PROFILE_RUNS).
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { SEARCH_CONCURRENCY } from '../../nodes/FileStorage/actions/file/search.operation';
import { REPO_ROOT } from '../e2e/checkout';
import { preparePackagedN8n } from '../e2e/install';
import type { N8nInstall } from '../e2e/install';
import { runCommand } from '../e2e/processes';
import { Stopwatch } from '../e2e/progress';
import { N8n } from '../e2e/rest-client';
import type { Sandbox } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';
import { runBounded, stopStarted } from './bounded-run';
import { summariseProfiles, summaryLines } from './cpuprofile';
import { cpuSeconds, procStatus, resetPeak } from './process-stats';
import { ProbeClient, probeEnv } from './probe-client';
import { callWebhook, ExecutionReader, webhookTrigger } from './webhook-runs';
import { median } from './report';
import { measuredOn, publishSection } from './report-sections';
import { buildSearchTree, FILES_PER_FOLDER } from './search-tree';

const WORK = path.join(REPO_ROOT, '.tmp', 'bench-search');
const LOGS = path.join(WORK, 'logs');
const REPORT = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
const SECTION = 'search-bench';
const RUNS = Math.max(1, Number(process.env.BENCH_SEARCH_RUNS ?? 7) || 7);
const WARMUPS = Math.max(0, Number(process.env.BENCH_SEARCH_WARMUPS ?? 1));
const TARGET_RATIO = 1.2;
const TARGET_LIMIT_ONE_REQUESTS = 2;
const TARGET_MEMORY_TIMES_OUTPUT = 5;
const OWNER = {
	email: 'bench-search@example.com',
	password: 'Bench-Passw0rd-2026',
	firstName: 'Bench',
	lastName: 'Search',
};
const CREDENTIAL = {
	id: 'benchSearchApi',
	name: 'Bench Search File Storage API',
	type: 'fileStorageApi',
};
const WORKFLOWS = {
	all: { workflowId: 'benchSearchAll', path: 'bench-search-all', node: 'Search' },
	limitOne: { workflowId: 'benchSearchOne', path: 'bench-search-one', node: 'Search' },
	flat: { workflowId: 'benchSearchFlat', path: 'bench-search-flat', node: 'Get Contents' },
} as const;
const DEADLINE_MS = 30 * 60_000;
/** BENCH_SEARCH_PROFILE=N: after the measured rounds, N runs of each workflow under the V8 CPU profiler inside n8n, summarised on stdout. */
const PROFILE_RUNS = Math.max(0, Number(process.env.BENCH_SEARCH_PROFILE ?? 0) || 0);

const started = Date.now();
const progress = (message: string) =>
	process.stdout.write(
		`[bench search ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`,
	);

let n8n: N8n | undefined;
let sandbox: Sandbox | undefined;

const cleanup = async () => await stopStarted(n8n, sandbox);

/** The searched tree (search-tree.ts) and, outside it, the reference folder: returns their ids and the tree's counts. */
function buildTree(sb: Sandbox): {
	rootId: string;
	flatId: string;
	folders: number;
	files: number;
} {
	const { rootId, folders, files } = buildSearchTree(sb);
	// The reference, outside the searched tree: as many entries as Search returns, all in one folder, so that
	// Folder → Get Contents brings n8n the same number of items in a few large pages instead of 501 small ones.
	const flat = sb.model.addFolder(0, { name: 'Flat Reference' });
	const searchEntries = folders + files;
	for (let k = 0; k < searchEntries; k++)
		sb.model.addFile(0, {
			folderId: flat.id,
			name: `flat-${k}.txt`,
			size: 1000 + (k % FILES_PER_FOLDER),
		});
	return { rootId, flatId: flat.id, folders, files };
}

interface RawRun {
	ms: number;
	entries: number;
	requests: number;
}

/** How the raw client sends its requests: Node's own `http.get`, or axios, the library under n8n's HTTP helper. */
type RawLibrary = 'http' | 'axios';

/** The raw client's GET (a new connection per request, the body parsed as JSON), by library. */
const RAW_GET: Record<RawLibrary, string> = {
	http: `
const get = (url) => new Promise((resolve, reject) => {
  http.get(url, { agent: false, headers: { Authorization: 'Bearer ' + process.env.BENCH_TOKEN, Accept: 'application/json' } }, (res) => {
    const chunks = []; res.on('data', (c) => chunks.push(c));
    res.on('end', () => res.statusCode === 200 ? resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))) : reject(new Error('HTTP ' + res.statusCode)));
  }).on('error', reject);
});`,
	axios: `
const axios = require(process.env.BENCH_AXIOS);
const get = async (url) => {
  const res = await axios.get(url, { httpAgent: new http.Agent(), headers: { Authorization: 'Bearer ' + process.env.BENCH_TOKEN, Accept: 'application/json' }, responseType: 'text', transformResponse: [(data) => data] });
  return JSON.parse(res.data);
};`,
};

/**
 * The raw client: the same walk (breadth first, `concurrency` folders at once, each folder's pages in order, the
 * largest page, name A to Z), a new connection per request, in a Node 24 process of its own.
 */
async function rawRun(
	install: N8nInstall,
	baseUrl: string,
	token: string,
	rootId: string,
	library: RawLibrary,
): Promise<RawRun> {
	const script = `
const http = require('node:http');
const [baseUrl, rootId, concurrency] = [process.argv[1], process.argv[2], Number(process.argv[3])];
${RAW_GET[library]}
const t0 = performance.now();
let entries = 0; let requests = 0;
const queue = [rootId];
async function listFolder(id) {
  let cursor;
  do {
    const url = baseUrl + '/api/v1/browse/folders/' + id + '?sort=name&direction=ASC&limit=1000' + (cursor ? '&cursor=' + encodeURIComponent(cursor) : '');
    const body = await get(url); requests++;
    for (const element of body.data) { entries++; if (element.data.type === 'folder') queue.push(element.data.id); }
    cursor = body.meta && body.meta.cursor ? body.meta.cursor.next_cursor : null;
  } while (cursor);
}
let active = 0;
new Promise((resolve, reject) => {
  const pump = () => {
    while (active < concurrency && queue.length) {
      active++;
      listFolder(queue.shift()).then(() => { active--; if (active === 0 && queue.length === 0) resolve(); else pump(); }, reject);
    }
  };
  pump();
}).then(() => {
  process.stdout.write(JSON.stringify({ ms: performance.now() - t0, entries, requests }));
}, (e) => { console.error(e); process.exit(1); });`;
	const result = await runCommand(
		install.nodeBin,
		['-e', script, baseUrl, rootId, String(SEARCH_CONCURRENCY)],
		{
			env: { ...process.env, BENCH_TOKEN: token, BENCH_AXIOS: require.resolve('axios') },
			logDir: LOGS,
			name: `raw-search-${library}`,
			timeoutMs: 5 * 60_000,
		},
	);
	if (result.code !== 0)
		throw new Error(`the raw client (${library}) failed: ${result.stderr.slice(-1000)}`);
	return JSON.parse(result.stdout) as RawRun;
}

/** What the run data holds of the Search node's run. */
interface SearchTask {
	executionTime?: number;
	data?: { main?: Array<Array<{ json?: unknown }>> };
}

const executions = new ExecutionReader(() => n8n!, 5 * 60_000);

interface NodeRun {
	ms: number;
	items: number;
	requests: number;
	/** requests for a folder page asked for more than once */
	repeated: number;
	outputBytes: number;
	growthMb: number;
	n8nCpuS: number;
	problems: string[];
}

/** One webhook call of a workflow, then its execution read back; `afterCall` runs before the read-back. */
async function nodeRun(
	which: keyof typeof WORKFLOWS,
	afterCall?: () => Promise<void>,
): Promise<NodeRun> {
	const { workflowId, path: webhookPath, node } = WORKFLOWS[which];
	const pid = n8n!.pid!;
	resetPeak(pid);
	const before = procStatus(pid);
	const cpuBefore = cpuSeconds(pid);
	sandbox!.clearRequests();
	const problems: string[] = [];
	const refused = await callWebhook(n8n!, webhookPath, 5 * 60_000);
	if (refused) problems.push(refused);
	await afterCall?.();
	const after = procStatus(pid);
	const n8nCpuS = cpuSeconds(pid) - cpuBefore;
	const requests = sandbox!.requests.filter((r) => r.path.startsWith('/api/v1/browse/folders/'));
	const asked = requests.map((r) => `${r.path}?${r.query.cursor ?? ''}`);
	const execution = await executions.next<SearchTask>(workflowId);
	if (execution.status !== 'success')
		problems.push(
			`execution ${execution.id} ${execution.status}: ${execution.data?.resultData.error?.message ?? ''}`,
		);
	const task = execution.data?.resultData.runData[node]?.[0];
	const output = (task?.data?.main?.[0] ?? []).map((item) => item.json);
	return {
		ms: task?.executionTime ?? NaN,
		items: output.length,
		requests: requests.length,
		repeated: asked.length - new Set(asked).size,
		outputBytes: Buffer.byteLength(JSON.stringify(output)),
		growthMb: (after.hwmKb - before.rssKb) / 1024,
		n8nCpuS,
		problems,
	};
}

function renderSection(r: {
	date: string;
	machine: string;
	tree: { folders: number; files: number };
	nodeRuns: NodeRun[];
	rawRuns: RawRun[];
	axiosRuns: RawRun[];
	flatRuns: NodeRun[];
	limitOne: NodeRun[];
}): string {
	const nodeMs = median(r.nodeRuns.map((x) => x.ms));
	const rawMs = median(r.rawRuns.map((x) => x.ms));
	const ratio = nodeMs / rawMs;
	const folderPages = r.rawRuns[0]?.requests ?? NaN;
	const requestsOk = r.nodeRuns.every((x) => x.requests === folderPages && x.repeated === 0);
	const entries = r.rawRuns[0]?.entries ?? NaN;
	const itemsOk = r.nodeRuns.every((x) => x.items === entries);
	const limitOneRequests = Math.max(...r.limitOne.map((x) => x.requests));
	const growth = Math.max(...r.nodeRuns.map((x) => x.growthMb));
	const outputMb = median(r.nodeRuns.map((x) => x.outputBytes)) / 1024 ** 2;
	const axiosMs = median(r.axiosRuns.map((x) => x.ms));
	const flatMs = median(r.flatRuns.map((x) => x.ms));
	const flatGrowth = Math.max(...r.flatRuns.map((x) => x.growthMb));
	const flatOutputMb = median(r.flatRuns.map((x) => x.outputBytes)) / 1024 ** 2;
	const problems = [...r.nodeRuns, ...r.flatRuns, ...r.limitOne].flatMap((x) => x.problems);
	const ok = (pass: boolean) => (pass ? '✅' : '❌');
	const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
	return [
		`## Search over ${r.tree.files.toLocaleString('en-US')} files in ${r.tree.folders} folders`,
		'',
		`Measured ${r.date} on ${r.machine}, n8n 2.41.0 (\`n8n start\`, package installed from its packed tarball), the sandbox in the benchmark's process, ${r.nodeRuns.length} runs of each after ${WARMUPS} untimed round(s), in rotating order (\`npm run bench\`, \`test/bench/search-bench.ts\`). *File → Search* (Return All, no filter, Simplify on) in a Webhook → node workflow, its execution time from the run data. *Raw client*: the same breadth-first walk, ${SEARCH_CONCURRENCY} folders at once, the largest page, a new connection per request (as n8n's HTTP helper makes), with Node 24's \`http.get\` (and again with axios, the library under n8n's HTTP helper) in a process of its own, timed inside it. *Reference*: Folder → Get Contents (Return All, Simplify on) of one folder holding as many files as Search returns, outside the searched tree, in the same rounds. Memory: n8n's peak resident size during the run (VmHWM, reset before it) minus its resident size right before it, against the size of the node's output as JSON.`,
		'',
		'| | median | runs (ms) | requests | items |',
		'|---|---|---|---|---|',
		`| File → Search, Return All | ${nodeMs.toFixed(0)} ms | ${list(r.nodeRuns.map((x) => x.ms))} | ${r.nodeRuns.map((x) => x.requests).join(', ')} | ${r.nodeRuns[0]?.items ?? '—'} |`,
		`| raw client, same walk | ${rawMs.toFixed(0)} ms | ${list(r.rawRuns.map((x) => x.ms))} | ${r.rawRuns.map((x) => x.requests).join(', ')} | ${entries} |`,
		`| raw client, same walk, with axios | ${axiosMs.toFixed(0)} ms | ${list(r.axiosRuns.map((x) => x.ms))} | ${r.axiosRuns.map((x) => x.requests).join(', ')} | ${r.axiosRuns[0]?.entries ?? '—'} |`,
		`| *reference:* Folder → Get Contents, Return All, one folder of as many files | ${flatMs.toFixed(0)} ms | ${list(r.flatRuns.map((x) => x.ms))} | ${r.flatRuns.map((x) => x.requests).join(', ')} | ${r.flatRuns[0]?.items ?? '—'} |`,
		`| File → Search, Limit 1 (match in the searched folder) | ${median(r.limitOne.map((x) => x.ms)).toFixed(0)} ms | ${list(r.limitOne.map((x) => x.ms))} | ${r.limitOne.map((x) => x.requests).join(', ')} | ${r.limitOne[0]?.items ?? '—'} |`,
		'',
		'| Target | Measured | Met |',
		'|---|---|---|',
		`| Return All ≤ ${TARGET_RATIO}× the raw client's time | ${ratio.toFixed(2)}× (median ${nodeMs.toFixed(0)} ms against ${rawMs.toFixed(0)} ms; against the same walk on axios, which n8n's HTTP helper is built on: ${(nodeMs / axiosMs).toFixed(2)}×) | ${ok(ratio <= TARGET_RATIO)} |`,
		`| exactly one listing request per folder page | ${r.nodeRuns[0]?.requests ?? '—'} requests for ${folderPages} folder pages in every run, none repeated; every entry returned once: ${itemsOk ? 'yes' : 'no'} | ${ok(requestsOk && itemsOk)} |`,
		`| Limit 1 with the match in the first folder: ≤ ${TARGET_LIMIT_ONE_REQUESTS} requests | ${limitOneRequests} | ${ok(limitOneRequests <= TARGET_LIMIT_ONE_REQUESTS)} |`,
		`| n8n's peak memory growth ≤ ${TARGET_MEMORY_TIMES_OUTPUT}× the output's JSON | ${growth.toFixed(1)} MiB at most for ${outputMb.toFixed(1)} MiB of output (${(growth / outputMb).toFixed(1)}×); runs: ${r.nodeRuns.map((x) => x.growthMb.toFixed(1)).join(', ')} MiB | ${ok(growth <= TARGET_MEMORY_TIMES_OUTPUT * outputMb)} |`,
		...(problems.length ? ['', `Problems: ${problems.join('; ')}`] : []),
		'',
		explainMisses({
			nodeMs,
			rawMs,
			axiosMs,
			growth,
			flatGrowth,
			flatOutputMb,
			searchRequests: folderPages,
			flatRuns: r.flatRuns,
		}),
	].join('\n');
}

/** What separates Search from the raw client, and what its memory peak is made of, from the rows of the same run. */
function explainMisses(m: {
	nodeMs: number;
	rawMs: number;
	axiosMs: number;
	growth: number;
	flatGrowth: number;
	flatOutputMb: number;
	searchRequests: number;
	flatRuns: NodeRun[];
}): string {
	const flatRequests = m.flatRuns[0]?.requests ?? NaN;
	const flatItems = m.flatRuns[0]?.items ?? NaN;
	return [
		"**What the two misses are made of.** The raw client calls Node's `http.get`; a community node cannot: n8n's",
		"verification requires every request to go through n8n's HTTP helper (`httpRequestWithAuthentication`), which is",
		'built on axios and makes new agents for every request. The same walk with axios, in a process of its own, takes',
		`${(m.axiosMs / m.rawMs).toFixed(2)}× the time of the \`http.get\` one, and File → Search ${(m.nodeMs / m.axiosMs).toFixed(2)}× the time of the axios`,
		"client: what is left is the node's own work (each page parsed once and checked, secrets redacted, entries",
		"simplified, the walk) and n8n's. Search pays that per folder, one request per folder page; Get Contents pays it",
		`per page of up to 1,000 entries (the reference row: ${flatItems.toLocaleString('en-US')} items in ${flatRequests} requests).`,
		'',
		`The memory peak is n8n's, not the walk's: the reference, with no walk and ${flatRequests} requests instead of ${m.searchRequests}, grew`,
		`n8n's peak by up to ${m.flatGrowth.toFixed(1)} MiB for ${m.flatOutputMb.toFixed(1)} MiB of output (${(m.flatGrowth / m.flatOutputMb).toFixed(1)}×), Search by up to ${m.growth.toFixed(1)} MiB. The peak is`,
		`the resident size with garbage included: n8n holding and saving ${flatItems.toLocaleString('en-US')} items, and whatever V8 has not`,
		'collected yet when the peak is read, so one output shows quite different peaks from run to run.',
		"Where n8n's CPU goes in both (printed, not kept here): `BENCH_ONLY=search BENCH_SEARCH_PROFILE=3 npm run bench`.",
	].join('\n');
}

async function main(): Promise<void> {
	fs.rmSync(WORK, { recursive: true, force: true });
	fs.mkdirSync(LOGS, { recursive: true });
	progress('installing n8n (or reusing .cache/), building and packing the package');
	const { install, userFolder } = await preparePackagedN8n(WORK, LOGS, new Stopwatch());
	sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
	const tree = buildTree(sandbox);
	const token = sandbox.seed.users[0].accessToken;
	const probeDir = path.join(WORK, 'probe');
	n8n = await N8n.create({
		install,
		userFolder,
		logDir: LOGS,
		...(PROFILE_RUNS ? { env: probeEnv(probeDir) } : {}),
	});
	await n8n.importCredentials([
		{ ...CREDENTIAL, data: { baseUrl: sandbox.baseUrl, accessToken: token } },
	]);
	const workflow = (which: keyof typeof WORKFLOWS, parameters: Record<string, unknown>) => ({
		id: WORKFLOWS[which].workflowId,
		name: `bench: search (${which})`,
		nodes: [
			webhookTrigger(WORKFLOWS[which].path),
			{
				id: crypto.randomUUID(),
				name: WORKFLOWS[which].node,
				type: 'n8n-nodes-file-storage.fileStorage',
				typeVersion: 1,
				position: [220, 0],
				parameters,
				credentials: { fileStorageApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
			},
		],
		connections: { Webhook: { main: [[{ node: WORKFLOWS[which].node, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all' },
	});
	const search = {
		resource: 'file',
		operation: 'search',
		folder: { __rl: true, mode: 'id', value: tree.rootId },
	};
	await n8n.importWorkflows([
		workflow('all', { ...search, returnAll: true }),
		workflow('limitOne', {
			...search,
			returnAll: false,
			limit: 1,
			filters: { nameContains: 'needle' },
		}),
		workflow('flat', {
			resource: 'folder',
			operation: 'getContents',
			folder: { __rl: true, mode: 'id', value: tree.flatId },
			returnAll: true,
		}),
	]);
	progress('n8n start');
	await n8n.start();
	await n8n.setupOwner(OWNER);
	await n8n.createApiKey('bench-search');
	for (const { workflowId } of Object.values(WORKFLOWS)) await n8n.activate(workflowId);

	const nodeRuns: NodeRun[] = [];
	const rawRuns: RawRun[] = [];
	const axiosRuns: RawRun[] = [];
	const flatRuns: NodeRun[] = [];
	const limitOne: NodeRun[] = [];
	const sides = ['node', 'raw', 'axios', 'flat'] as const;
	for (let round = 1; round <= WARMUPS + RUNS; round++) {
		const warmup = round <= WARMUPS;
		const label = warmup ? `warm-up ${round}` : `run ${round - WARMUPS}`;
		// rotate which side goes first, so none always runs on a warmer (or busier) machine
		const order = sides.map((_, k) => sides[(k + round) % sides.length]);
		for (const side of order) {
			if (side === 'raw' || side === 'axios') {
				const measured = await rawRun(
					install,
					sandbox.baseUrl,
					token,
					tree.rootId,
					side === 'raw' ? 'http' : 'axios',
				);
				if (!warmup) (side === 'raw' ? rawRuns : axiosRuns).push(measured);
				progress(
					`${label} raw client (${side === 'raw' ? 'http.get' : 'axios'}): ${measured.ms.toFixed(0)} ms, ${measured.requests} requests, ${measured.entries} entries`,
				);
			} else {
				const measured = await nodeRun(side === 'node' ? 'all' : 'flat');
				if (!warmup) (side === 'node' ? nodeRuns : flatRuns).push(measured);
				progress(
					`${label} ${side === 'node' ? 'File → Search' : 'Folder → Get Contents (reference)'}: ${measured.ms.toFixed(0)} ms, ${measured.requests} requests, ${measured.items} items, memory +${measured.growthMb.toFixed(1)} MiB${measured.problems.length ? ` (${measured.problems.join('; ')})` : ''}`,
				);
			}
		}
		const one = await nodeRun('limitOne');
		if (!warmup) limitOne.push(one);
		progress(`${label} Limit 1: ${one.ms.toFixed(0)} ms, ${one.requests} request(s)`);
	}
	if (PROFILE_RUNS) await profileRuns(probeDir);
	const results = {
		...measuredOn(),
		tree,
		nodeRuns,
		rawRuns,
		axiosRuns,
		flatRuns,
		limitOne,
	};
	publishSection(REPORT, SECTION, renderSection(results), path.join(WORK, 'results.json'), results);
}

/** Where n8n's CPU goes in a Search and in the Get Contents reference (printed, not in the report). */
async function profileRuns(probeDir: string): Promise<void> {
	const probe = await ProbeClient.connect(probeDir, n8n!.pid!);
	for (const which of ['all', 'flat'] as const) {
		const files: string[] = [];
		for (let k = 0; k < PROFILE_RUNS; k++) {
			await probe.begin({
				label: which,
				profileOut: path.join(WORK, `profile-${which}-${k}`),
				cpu: true,
			});
			// the profile ends with the webhook's answer: reading the execution back is the benchmark's work, not the run's
			await nodeRun(which, async () => {
				const { cpuProfile } = await probe.end();
				if (cpuProfile) files.push(cpuProfile);
			});
		}
		const summary = summariseProfiles(files, REPO_ROOT, 30);
		progress(`profile of ${which} (${files.length} runs):`);
		for (const line of summaryLines(summary)) process.stdout.write(`  ${line}\n`);
	}
}

runBounded({ what: 'search benchmark', main, cleanup, deadlineMs: DEADLINE_MS, progress });
