/* eslint-disable @n8n/community-nodes/no-restricted-globals */
/**
 * The main section (BENCH_ONLY=main): in one warm `n8n start`, Folder → Get Contents over 10,000 files against HTTP
 * Request + Split Out and raw axios loops, and the batch operations on 1,000 items against one HTTP Request per item;
 * then the trigger at engine level (trigger-bench.ts). Env: BENCH_RUNS (15).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Step } from '../e2e/fixtures';
import { runCommand } from '../e2e/processes';
import type { Call, Item, Run } from './lib';
import { BenchN8n, knob, rounds, WARMUPS } from './lib';
import type { Target } from './report';
import {
	blocks,
	fmt,
	maxOf,
	median,
	medianOf,
	percentile,
	table,
	targetTable,
	times,
} from './report';
import { triggerBench } from './trigger-bench';
import * as wf from './workflows';

const RUNS = knob('BENCH_RUNS', 15);
const FILES = 10_000;
const BATCH_ITEMS = 1_000;
const AS_IS = ', heap as is';

const LISTING = {
	fsSimplify: 'File Storage, Simplify on (default)',
	fsRaw: 'File Storage, Simplify off',
	httpSplit: 'HTTP Request (pagination) + Split Out',
	rawKeepAlive: 'raw axios loop, keep-alive',
	rawNoKeepAlive: 'raw axios loop, a new connection per request',
};
const N8N_VARIANTS = ['fsSimplify', 'fsRaw', 'httpSplit'];

/** HTTP Request sending `body` (an expression) as JSON, one request per item, all at once (its default). */
const httpJson = (method: string, url: string, body: string, auth = true) => {
	const json = { sendBody: true, contentType: 'json', specifyBody: 'json' };
	const jsonBody = `={{ JSON.stringify(${body}) }}`;
	return wf.httpRequest({ method, url, ...json, jsonBody }, { auth });
};
const ITEM = 'type: $json.type, id: $json.id';
/** HTTP Request's bodies: the item of the request, as the API takes a list */
const RESTORE_ONE = `{ to_home: false, items: [{ ${ITEM} }] }`;
const DELETE_ONE = `{ items: [{ ${ITEM}, force_delete: false }] }`;
const TO_TRASH = { permanent: false, options: {} };

/** Each operation by File Storage (Batch Size 100) and by HTTP Request, one request per item. */
const BATCH = [
	{
		name: 'Trash → Restore',
		key: 'restore',
		inTrash: true,
		fs: wf.restore(),
		http: (baseUrl: string) => httpJson('POST', `${baseUrl}/api/v1/trash/restore`, RESTORE_ONE),
	},
	{
		name: 'Shared Folder → Delete File or Folder',
		key: 'delete',
		inTrash: false,
		fs: wf.fileStorage('File Storage', 'sharedFolder deleteItems', TO_TRASH, 'share'),
		http: (baseUrl: string, share: string) =>
			httpJson('DELETE', `${baseUrl}/api/v1/shares/${share}/items`, DELETE_ONE, false),
	},
];

const p = (runs: Run[], stat: number) =>
	percentile(
		runs.map((r) => r.ms),
		stat,
	);
/** what a raw loop has not: n8n's figures */
const NOT_N8N = { parts: [], serverMs: NaN, wallMs: NaN, growthMb: NaN, cpuS: NaN };

export async function mainBench(): Promise<string> {
	let batch: Array<{ id: string; type: string }> = [];
	const bench = await BenchN8n.start(
		'main',
		{ sandbox: { seed: { bulkFolderFiles: FILES } }, probe: true },
		async (sb, _n8n, share) => {
			const files = wf.addBatchFiles(sb, BATCH_ITEMS);
			batch = files.items;
			share.token = sb.model.addShare(files.folderId, { permission: 'editor' }).token;
			const folderId = sb.seed.bulkFolderId!;
			const flows: Record<string, Step[]> = {
				fsSimplify: [wf.getContents(folderId, true)],
				fsRaw: [wf.getContents(folderId, false)],
				httpSplit: wf.httpListing(sb.baseUrl, folderId),
			};
			for (const op of BATCH) {
				flows[`fs ${op.key}`] = wf.perItem(op.fs);
				flows[`http ${op.key}`] = wf.perItem(op.http(sb.baseUrl, share.token));
			}
			return flows;
		},
	);
	const { sandbox: sb } = bench;
	const node = await runCommand(bench.n8n.install.nodeBin, ['--version'], { logDir: bench.work });

	// ----- listing: n8n's executions are read back after the rounds (reading back 10,000 items leaves garbage) -------
	const rawLoop = bench.rawClient({ warm: true });
	const url = `${sb.baseUrl}/api/v1/browse/folders/${sb.seed.bulkFolderId}`;
	const keys = [...N8N_VARIANTS.flatMap((v) => [v, v + AS_IS]), 'rawKeepAlive', 'rawNoKeepAlive'];
	const listed = await rounds('listing', keys, RUNS, async (key): Promise<Run | Call> => {
		if (!key.startsWith('raw'))
			return await bench.call(key.replace(AS_IS, ''), { settle: !key.endsWith(AS_IS) });
		sb.clearRequests();
		const keepAlive = key === 'rawKeepAlive';
		const request = { kind: 'listing', url, keepAlive } as const;
		const raw = await rawLoop<{ ms: number; ids: number; distinct: number }>(request);
		if (raw.distinct !== FILES) throw new Error(`${key}: ${raw.distinct} distinct ids`);
		return { ms: raw.ms, requests: sb.requests.length, items: raw.ids, ...NOT_N8N };
	});
	const runs: Record<string, Run[]> = {};
	for (const key of keys) {
		const everyFileOnce = (items: Item[]) => {
			const ids = new Set(items.map(({ json }) => json.id ?? (json.data as IDataObject)?.id));
			if (items.length !== FILES || ids.size !== FILES)
				throw new Error(`${key}: ${items.length} items, ${ids.size} distinct ids`);
		};
		runs[key] = [];
		for (const run of listed.measured[key])
			runs[key].push('executionId' in run ? await bench.result(run, everyFileOnce) : run);
	}
	const floor = p(runs.rawNoKeepAlive, 50);
	const listingRow = (key: string) => {
		const r = runs[key];
		const part = (k: number) => fmt(median(r.map((x) => x.parts[k])));
		const parts =
			r[0].parts.length === 2 ? ` (p50: HTTP Request ${part(0)} + Split Out ${part(1)})` : '';
		const n8n = !key.startsWith('raw');
		return [
			`${LISTING[key.replace(AS_IS, '') as keyof typeof LISTING]}${key.endsWith(AS_IS) ? AS_IS : ''}${parts}`,
			`**${fmt(p(r, 50))}**`,
			`**${fmt(p(r, 90))}**`,
			`${fmt(Math.min(...r.map((x) => x.ms)))}–${fmt(maxOf(r, 'ms'))}`,
			times(p(r, 50) / floor),
			maxOf(r, 'requests'),
			maxOf(r, 'items'),
			n8n ? fmt(medianOf(r, 'serverMs')) : '—',
			n8n ? fmt(medianOf(r, 'wallMs')) : '—',
		];
	};
	const targets: Target[] = [];
	const raw = 'the raw loop without keep-alive';
	for (const heap of ['', AS_IS])
		for (const [key, name, against, againstName, factor] of [
			['fsSimplify', 'Simplify on', `httpSplit${heap}`, `HTTP Request + Split Out${heap}`, 1],
			['fsSimplify', 'Simplify on', 'rawNoKeepAlive', raw, 1.1],
			['fsRaw', 'Simplify off', 'rawNoKeepAlive', raw, 1.05],
		] as const)
			for (const stat of [50, 90]) {
				const [mine, theirs] = [p(runs[key + heap], stat), p(runs[against], stat)];
				targets.push({
					target: `Listing 10,000 (${name}${heap}) p${stat} ≤ ${factor === 1 ? '' : `${factor}× `}${againstName}`,
					measured: `${fmt(mine)} ms vs ${fmt(theirs)} ms = ${times(mine / theirs)}`,
					ok: mine <= factor * theirs,
				});
			}

	// ----- batch operations ------------------------------------------------------------------------------------------
	const batchKeys = BATCH.flatMap((op) => [`fs ${op.key}`, `http ${op.key}`]);
	const { measured: batchRuns } = await rounds('batch', batchKeys, RUNS, async (key) => {
		const op = BATCH.find((o) => key.endsWith(o.key))!;
		// Restore needs the items in the trash, Delete File or Folder outside it
		for (const { id } of batch)
			if (Boolean(sb.model.findItem(id)?.deletedAt) !== op.inTrash)
				sb.model[op.inTrash ? 'trashItem' : 'restoreItem'](id);
		return await bench.measure(key, { body: { items: batch }, settle: true }, (items) => {
			const wrong = batch.filter((t) => {
				const item = sb.model.findItem(t.id);
				return !item || (item.deletedAt !== null) === op.inTrash;
			});
			if (wrong.length || items.length !== BATCH_ITEMS)
				throw new Error(
					`${key}: ${items.length} output items, ${wrong.length} items left as they were`,
				);
		});
	});
	const batchRows: Array<Array<string | number>> = [];
	let deleteNote = '';
	for (const op of BATCH) {
		const [fsRuns, httpRuns] = [batchRuns[`fs ${op.key}`], batchRuns[`http ${op.key}`]];
		const [fsP50, httpP50] = [p(fsRuns, 50), p(httpRuns, 50)];
		for (const r of [fsRuns, httpRuns])
			batchRows.push([
				op.name,
				r === fsRuns ? 'File Storage (Batch Size 100)' : 'HTTP Request, one request per item',
				`**${fmt(p(r, 50))}**`,
				fmt(p(r, 90)),
				maxOf(r, 'requests'),
				fmt(medianOf(r, 'serverMs')),
				fmt(medianOf(r, 'serverMs') / maxOf(r, 'requests')),
				fmt(median(r.map((x) => x.ms - x.serverMs))),
				r === fsRuns ? times(httpP50 / fsP50) : '—',
				fmt(medianOf(r, 'wallMs')),
			]);
		const [requests, server] = [maxOf(fsRuns, 'requests'), medianOf(fsRuns, 'serverMs')];
		const speedup = httpP50 / fsP50;
		const serverShare = `; the server's own work is ${fmt(server)} ms of it (see Batch operations)`;
		targets.push(
			{
				target: `${op.name}: ≤ 10 requests for 1,000 items`,
				measured: `${requests} requests`,
				ok: requests <= 10,
			},
			{
				target: `${op.name}: ≥ 20× faster than one request per item (p50)`,
				measured: `${fmt(fsP50)} ms vs ${fmt(httpP50)} ms = ${times(speedup)} faster${speedup >= 20 ? '' : serverShare}`,
				ok: speedup >= 20,
			},
		);
		if (op.key === 'delete')
			deleteNote = `Delete File or Folder: of File Storage's ${fmt(fsP50)} ms, the sandbox itself spends ${fmt(server)} ms (${((100 * server) / fsP50).toFixed(0)} %) moving 1,000 items to the trash: no client deletes faster than the server does.`;
	}

	// ----- trigger ---------------------------------------------------------------------------------------------------
	await bench.n8n.stop();
	const trigger = await triggerBench();
	targets.push(...trigger.targets);

	const asIsRows = N8N_VARIANTS.map((v) => listingRow(v + AS_IS));
	const listingHeader =
		'Variant | p50 (ms) | p90 (ms) | min–max | p50 × raw loop without keep-alive | Requests / run | Items | Sandbox (ms, p50) | Webhook round trip (ms, p50)';
	return blocks(
		'## Listing, batch operations and the trigger',
		`${bench.measuredOn} (\`n8n start\`, Node ${node.stdout.trim()}), the package installed from its packed tarball, the sandbox (in the benchmark's process, Node ${process.version}) on 127.0.0.1 (\`test/bench/main-bench.ts\`). ${RUNS} measured rounds after ${WARMUPS} warm-up, every variant once a round, the order rotating. *Time* is the nodes' own execution time from n8n's run data (HTTP Request + Split Out summed) or the raw loop's own time; *sandbox* the server's own time on the run's requests; *webhook round trip* the whole execution as the caller saw it. p50 / p90 are nearest-rank percentiles.`,
		`### Listing ${FILES.toLocaleString('en-US')} files of one folder`,
		"**On a settled heap**: before each n8n run n8n collects all its garbage (test/bench/probe.ts), so no collection of an earlier run's garbage lands in this one; the executions are read back only after the rounds. The raw loops run in a warm child process with n8n's Node: with keep-alive, and with a new connection per request as n8n's HTTP helper makes, the floor of a node that walks page by page.",
		table(listingHeader, Object.keys(LISTING).map(listingRow)),
		"**On the heap as the runs before left it** (same rounds): what a run costs when n8n's heap holds the garbage of its own earlier executions, as in a busy n8n.",
		table(listingHeader, asIsRows),
		`### Batch operations on ${BATCH_ITEMS.toLocaleString('en-US')} input items`,
		'Webhook body `{ items }` → Split Out (not timed) → the measured node, on a settled heap. HTTP Request sends one request per item, all at once (its default). *Node − sandbox* is what remains for the client side.',
		table(
			'Operation | Variant | p50 (ms) | p90 (ms) | Requests / run | Sandbox (ms / run, p50) | Sandbox (ms / request) | Node − sandbox (ms, p50) | HTTP Request ÷ File Storage (p50) | Webhook round trip (ms, p50)',
			batchRows,
		),
		deleteNote,
		trigger.text,
		'### Targets',
		targetTable(targets),
	);
}
