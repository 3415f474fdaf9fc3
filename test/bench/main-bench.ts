/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
/**
 * The main section (BENCH_ONLY=main): in one warm `n8n start`, Folder → Get Contents over 10,000 files against HTTP
 * Request + Split Out and raw axios loops, and the batch operations on 1,000 items against one HTTP Request per item;
 * then the trigger at engine level (trigger-bench.ts). Env: BENCH_RUNS (15), BENCH_WARMUPS (1).
 */
import { fork } from 'node:child_process';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { runCommand } from '../e2e/processes';
import type { BenchWorkflow, Call } from './lib';
import { BenchN8n, knob, machine, onStop, progress, rotate, taskOf } from './lib';
import type { RawLoopRequest, RawLoopResult } from './raw-loop';
import type { Target } from './report';
import { fmt, median, percentile, table, targetTable, times } from './report';
import { triggerBench } from './trigger-bench';
import {
	benchCredentials,
	credential,
	fileStorage,
	getContents,
	httpListing,
	splitOut,
	webhookWorkflow,
} from './workflows';

const RUNS = knob('BENCH_RUNS', 15);
const WARMUPS = knob('BENCH_WARMUPS', 1, 0);
const FILES = 10_000;
const BATCH_ITEMS = 1_000;

interface Run {
	ms: number;
	wallMs?: number;
	requests: number;
	items: number;
	serverMs: number;
	parts?: string;
}

type N8nKey = 'fsSimplify' | 'fsRaw' | 'httpSplit';
type RawKey = 'rawKeepAlive' | 'rawNoKeepAlive';
type BatchKey = 'fsRestore' | 'httpRestore' | 'fsDelete' | 'httpDelete';

const LABELS: Record<N8nKey | RawKey, string> = {
	fsSimplify: 'File Storage, Simplify on (default)',
	fsRaw: 'File Storage, Simplify off',
	httpSplit: 'HTTP Request (pagination) + Split Out',
	rawKeepAlive: 'raw axios loop, keep-alive',
	rawNoKeepAlive: 'raw axios loop, a new connection per request',
};

const stats = (runs: Run[], pick: (r: Run) => number = (r) => r.ms) => ({
	p50: percentile(runs.map(pick), 50),
	p90: percentile(runs.map(pick), 90),
});

export async function mainBench(): Promise<string> {
	const intro = machine();
	let batch: { folderId: string; share: string; targets: Array<{ id: string; type: string }> };
	const bench = await BenchN8n.start(
		'main',
		{ sandbox: { seed: { bulkFolderFiles: FILES } }, probe: true },
		(sb) => {
			const folder = sb.model.addFolder(0, { name: 'Batch' });
			const targets = Array.from({ length: BATCH_ITEMS }, (_, i) => ({
				id: sb.model.addFile(0, { folderId: folder.id, name: `batch-${i}.txt` }).id,
				type: 'file',
			}));
			const share = sb.model.addShare(folder.id, { permission: 'editor' }).token;
			batch = { folderId: folder.id, share, targets };
			return {
				credentials: benchCredentials(sb.baseUrl, sb.seed.users[0].accessToken, share),
				workflows: [
					...Object.values(listingWorkflows(sb.baseUrl, sb.seed.bulkFolderId!)),
					...Object.values(batchWorkflows(sb.baseUrl, share)),
				],
			};
		},
	);
	const { sandbox: sb } = bench;
	const n8nNode = (
		await runCommand(bench.n8n.install.nodeBin, ['--version'], { logDir: bench.work })
	).stdout.trim();

	// ----- listing ---------------------------------------------------------------------------------------------------
	const listing = listingWorkflows(sb.baseUrl, sb.seed.bulkFolderId!);
	const rawLoop = startRawLoop(bench.n8n.install.nodeBin);
	const rawRequest = {
		url: `${sb.baseUrl}/api/v1/browse/folders/${sb.seed.bulkFolderId}`,
		accessToken: sb.seed.users[0].accessToken,
	};
	const variants = ['fsSimplify', 'fsRaw', 'httpSplit'] as const;
	const keys = [...variants.flatMap((v) => [v, `${v} as is`]), 'rawKeepAlive', 'rawNoKeepAlive'];
	const runs = new Map<string, Run[]>(keys.map((k) => [k, []]));
	/** n8n runs are read back after the rounds: reading 10,000 items back leaves n8n garbage for the next run */
	const unread: Array<{ key: string; variant: N8nKey; call: Call }> = [];
	for (let round = 0; round < WARMUPS + RUNS; round++) {
		const keep = round >= WARMUPS;
		for (const key of rotate(keys, round)) {
			if (key.startsWith('raw')) {
				sb.clearRequests();
				const raw = await rawLoop({ ...rawRequest, keepAlive: key === 'rawKeepAlive' });
				if (raw.error || raw.distinct !== FILES)
					throw new Error(`${key}: ${raw.error ?? `${raw.distinct} distinct ids`}`);
				const run = { ms: raw.ms, requests: sb.requests.length, items: raw.ids, serverMs: NaN };
				if (keep) runs.get(key)!.push(run);
				continue;
			}
			const variant = key.split(' ')[0] as N8nKey;
			const call = await bench.call(listing[variant], { settle: !key.endsWith('as is') });
			if (keep) unread.push({ key, variant, call });
		}
		progress(`listing ${keep ? `run ${round - WARMUPS + 1}/${RUNS}` : 'warm-up'}`);
	}
	progress(`listing: reading back ${unread.length} executions`);
	for (const { key, variant, call } of unread) {
		const execution = await bench.read(call);
		const nodes = variant === 'httpSplit' ? ['HTTP Request', 'Split Out'] : ['File Storage'];
		const tasks = nodes.map((node) => taskOf(execution, node));
		const items = tasks[tasks.length - 1].items;
		const ids = new Set(items.map(({ json }) => json.id ?? (json.data as IDataObject)?.id));
		if (items.length !== FILES || ids.size !== FILES)
			throw new Error(`${key}: ${items.length} items, ${ids.size} distinct ids`);
		runs.get(key)!.push({
			ms: tasks.reduce((sum, t) => sum + t.ms, 0),
			parts: nodes.length > 1 ? tasks.map((t) => t.ms).join('+') : undefined,
			wallMs: call.wallMs,
			requests: call.requests.length,
			items: items.length,
			serverMs: call.serverMs,
		});
	}
	const floor = stats(runs.get('rawNoKeepAlive')!).p50;
	const listingRow = (key: string) => {
		const r = runs.get(key)!;
		const { p50, p90 } = stats(r);
		const parts = r[0]?.parts
			? ` (p50: HTTP Request ${fmt(median(r.map((x) => Number(x.parts!.split('+')[0]))))} + Split Out ${fmt(median(r.map((x) => Number(x.parts!.split('+')[1]))))})`
			: '';
		const [variant, asIs] = key.split(' as ');
		return [
			`${LABELS[variant as N8nKey]}${asIs ? ', heap as is' : ''}${parts}`,
			`**${fmt(p50)}**`,
			`**${fmt(p90)}**`,
			`${fmt(Math.min(...r.map((x) => x.ms)))}–${fmt(Math.max(...r.map((x) => x.ms)))}`,
			times(p50 / floor),
			Math.max(...r.map((x) => x.requests)),
			Math.max(...r.map((x) => x.items)),
			key.startsWith('raw') ? '—' : fmt(median(r.map((x) => x.serverMs))),
			key.startsWith('raw') ? '—' : fmt(median(r.map((x) => x.wallMs!))),
		];
	};
	const listingHeader =
		'Variant | p50 (ms) | p90 (ms) | min–max | p50 × raw loop without keep-alive | Requests / run | Items | Sandbox (ms, p50) | Webhook round trip (ms, p50)';
	const targets: Target[] = [];
	const compare = (
		key: string,
		name: string,
		against: string,
		againstName: string,
		factor: number,
	) => {
		for (const stat of ['p50', 'p90'] as const) {
			const mine = stats(runs.get(key)!)[stat];
			const theirs = stats(runs.get(against)!)[stat];
			targets.push({
				target: `Listing 10,000 (${name}) ${stat} ≤ ${factor === 1 ? '' : `${factor}× `}${againstName}`,
				measured: `${fmt(mine)} ms vs ${fmt(theirs)} ms = ${times(mine / theirs)}`,
				ok: mine <= factor * theirs,
			});
		}
	};
	for (const asIs of ['', ' as is']) {
		const heap = asIs ? ', heap as is' : '';
		compare(
			`fsSimplify${asIs}`,
			`Simplify on${heap}`,
			`httpSplit${asIs}`,
			`HTTP Request + Split Out${heap}`,
			1,
		);
		compare(
			`fsSimplify${asIs}`,
			`Simplify on${heap}`,
			'rawNoKeepAlive',
			'the raw loop without keep-alive',
			1.1,
		);
		compare(
			`fsRaw${asIs}`,
			`Simplify off${heap}`,
			'rawNoKeepAlive',
			'the raw loop without keep-alive',
			1.05,
		);
	}

	// ----- batch operations ------------------------------------------------------------------------------------------
	const batchFlows = batchWorkflows(sb.baseUrl, batch!.share);
	const batchRuns = new Map<BatchKey, Run[]>();
	const batchKeys: BatchKey[] = ['fsRestore', 'httpRestore', 'fsDelete', 'httpDelete'];
	for (let round = 0; round < WARMUPS + RUNS; round++) {
		for (const key of rotate(batchKeys, round)) {
			const restore = key.endsWith('Restore');
			// Restore needs the items in the trash, Delete File or Folder outside it
			for (const t of batch!.targets) {
				const inTrash = sb.model.findItem(t.id)?.deletedAt;
				if (restore && !inTrash) sb.model.trashItem(t.id);
				if (!restore && inTrash) sb.model.restoreItem(t.id);
			}
			const run = await bench.run(batchFlows[key], {
				body: { items: batch!.targets },
				settle: true,
			});
			const { ms, items } = taskOf(
				run.execution,
				key.startsWith('fs') ? 'File Storage' : 'HTTP Request',
			);
			const wrong = batch!.targets.filter((t) => {
				const item = sb.model.findItem(t.id);
				return !item || (restore ? item.deletedAt !== null : item.deletedAt === null);
			});
			if (wrong.length || items.length !== BATCH_ITEMS)
				throw new Error(
					`${key}: ${items.length} output items, ${wrong.length} items left as they were`,
				);
			if (round < WARMUPS) continue;
			const list = batchRuns.get(key) ?? [];
			list.push({
				ms,
				wallMs: run.wallMs,
				requests: run.requests.length,
				items: items.length,
				serverMs: run.serverMs,
			});
			batchRuns.set(key, list);
		}
		progress(`batch ${round < WARMUPS ? 'warm-up' : `run ${round - WARMUPS + 1}/${RUNS}`}`);
	}
	const batchRows: Array<Array<string | number>> = [];
	let deleteNote = '';
	for (const [fsKey, httpKey, name] of [
		['fsRestore', 'httpRestore', 'Trash → Restore'],
		['fsDelete', 'httpDelete', 'Shared Folder → Delete File or Folder'],
	] as const) {
		const fsRuns = batchRuns.get(fsKey)!;
		const fsP50 = stats(fsRuns).p50;
		const httpP50 = stats(batchRuns.get(httpKey)!).p50;
		const server = median(fsRuns.map((r) => r.serverMs));
		for (const key of [fsKey, httpKey]) {
			const r = batchRuns.get(key)!;
			const requests = Math.max(...r.map((x) => x.requests));
			batchRows.push([
				name,
				key === fsKey ? 'File Storage (Batch Size 100)' : 'HTTP Request, one request per item',
				`**${fmt(stats(r).p50)}**`,
				fmt(stats(r).p90),
				requests,
				fmt(median(r.map((x) => x.serverMs))),
				fmt(median(r.map((x) => x.serverMs)) / requests),
				fmt(median(r.map((x) => x.ms - x.serverMs))),
				key === fsKey ? times(httpP50 / fsP50) : '—',
				fmt(median(r.map((x) => x.wallMs!))),
			]);
		}
		const requests = Math.max(...fsRuns.map((x) => x.requests));
		targets.push({
			target: `${name}: ≤ 10 requests for 1,000 items`,
			measured: `${requests} requests`,
			ok: requests <= 10,
		});
		const speedup = httpP50 / fsP50;
		targets.push({
			target: `${name}: ≥ 20× faster than one request per item (p50)`,
			measured: `${fmt(fsP50)} ms vs ${fmt(httpP50)} ms = ${times(speedup)} faster${speedup >= 20 ? '' : `; the server's own work is ${fmt(server)} ms of it (see Batch operations)`}`,
			ok: speedup >= 20,
		});
		if (fsKey === 'fsDelete')
			deleteNote = `Delete File or Folder: of File Storage's ${fmt(fsP50)} ms, the sandbox itself spends ${fmt(server)} ms (${((100 * server) / fsP50).toFixed(0)} %) moving 1,000 items to the trash: no client deletes faster than the server does.`;
	}

	// ----- trigger ---------------------------------------------------------------------------------------------------
	await bench.n8n.stop();
	const trigger = await triggerBench();
	targets.push(...trigger.targets);

	return [
		'## Listing, batch operations and the trigger',
		'',
		`Measured ${intro}; n8n ${bench.n8n.install.version} (\`n8n start\`, Node ${n8nNode}), the package installed from its packed tarball, the sandbox (in the benchmark's process, Node ${process.version}) on 127.0.0.1 (\`test/bench/main-bench.ts\`). ${RUNS} measured rounds after ${WARMUPS} warm-up, every variant once a round, the order rotating. *Time* is the nodes' own execution time from n8n's run data (HTTP Request + Split Out summed) or the raw loop's own time; *sandbox* the server's own time on the run's requests; *webhook round trip* the whole execution as the caller saw it. p50 / p90 are nearest-rank percentiles.`,
		'',
		`### Listing ${FILES.toLocaleString('en-US')} files of one folder`,
		'',
		"**On a settled heap**: before each n8n run n8n collects all its garbage (test/bench/probe.ts), so no collection of an earlier run's garbage lands in this one; the executions are read back only after the rounds. The raw loops run in a warm child process with n8n's Node: with keep-alive, and with a new connection per request as n8n's HTTP helper makes, the floor of a node that walks page by page.",
		'',
		table(
			listingHeader,
			['fsSimplify', 'fsRaw', 'httpSplit', 'rawKeepAlive', 'rawNoKeepAlive'].map(listingRow),
		),
		'',
		"**On the heap as the runs before left it** (same rounds): what a run costs when n8n's heap holds the garbage of its own earlier executions, as in a busy n8n.",
		'',
		table(
			listingHeader,
			variants.map((v) => listingRow(`${v} as is`)),
		),
		'',
		`### Batch operations on ${BATCH_ITEMS.toLocaleString('en-US')} input items`,
		'',
		'Webhook body `{ items }` → Split Out (not timed) → the measured node, on a settled heap. HTTP Request sends one request per item, all at once (its default). *Node − sandbox* is what remains for the client side.',
		'',
		table(
			'Operation | Variant | p50 (ms) | p90 (ms) | Requests / run | Sandbox (ms / run, p50) | Sandbox (ms / request) | Node − sandbox (ms, p50) | HTTP Request ÷ File Storage (p50) | Webhook round trip (ms, p50)',
			batchRows,
		),
		'',
		deleteNote,
		'',
		trigger.text,
		'',
		'### Targets',
		'',
		targetTable(targets),
	].join('\n');
}

function listingWorkflows(baseUrl: string, folderId: string): Record<N8nKey, BenchWorkflow> {
	return {
		fsSimplify: webhookWorkflow('bench-list-simplify', [getContents(folderId, true)]),
		fsRaw: webhookWorkflow('bench-list-raw', [getContents(folderId, false)]),
		httpSplit: webhookWorkflow('bench-list-http', httpListing(baseUrl, folderId)),
	};
}

/** Webhook → Split Out `body.items` → File Storage (batched, Batch Size 100) or HTTP Request (one request per item). */
function batchWorkflows(baseUrl: string, share: string): Record<BatchKey, BenchWorkflow> {
	const http = (method: string, url: string, body: string, auth = true) => ({
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.5,
		parameters: {
			method,
			url,
			...(auth
				? { authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' }
				: {}),
			sendBody: true,
			contentType: 'json',
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify(${body}) }}`,
			options: {},
		},
		...(auth ? { credentials: credential('header') } : {}),
	});
	const items = (node: ReturnType<typeof http> | ReturnType<typeof fileStorage>) => [
		splitOut('Split Input', 'body.items'),
		node,
	];
	return {
		fsRestore: webhookWorkflow(
			'bench-fs-restore',
			items(
				fileStorage('File Storage', {
					resource: 'trash',
					operation: 'restore',
					toHome: false,
					options: {},
				}),
			),
		),
		httpRestore: webhookWorkflow(
			'bench-http-restore',
			items(
				http(
					'POST',
					`${baseUrl}/api/v1/trash/restore`,
					'{ to_home: false, items: [{ type: $json.type, id: $json.id }] }',
				),
			),
		),
		fsDelete: webhookWorkflow(
			'bench-fs-delete',
			items(
				fileStorage(
					'File Storage',
					{ resource: 'sharedFolder', operation: 'deleteItems', permanent: false, options: {} },
					'share',
				),
			),
		),
		httpDelete: webhookWorkflow(
			'bench-http-delete',
			items(
				http(
					'DELETE',
					`${baseUrl}/api/v1/shares/${share}/items`,
					'{ items: [{ type: $json.type, id: $json.id, force_delete: false }] }',
					false,
				),
			),
		),
	};
}

/** The raw loops' process (raw-loop.ts): n8n's Node, forked once, kept warm. */
function startRawLoop(nodeBin: string): (request: RawLoopRequest) => Promise<RawLoopResult> {
	const child = fork(path.join(__dirname, 'raw-loop.js'), [], {
		execPath: nodeBin,
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		env: { PATH: process.env.PATH },
	});
	onStop(async () => child.connected && child.disconnect());
	return async (request) =>
		await new Promise<RawLoopResult>((resolve, reject) => {
			const onExit = (code: number | null) => reject(new Error(`the raw loop exited (${code})`));
			child.once('exit', onExit);
			child.once('message', (result: RawLoopResult) => {
				child.off('exit', onExit);
				resolve(result);
			});
			child.send(request);
		});
}
