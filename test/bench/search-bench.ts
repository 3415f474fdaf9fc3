/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * The Search section (BENCH_ONLY=search): File → Search, Return All, over 10,000 files in 500 folders, against a raw
 * client doing the same breadth-first walk (same concurrency, largest page, a new connection per request as n8n's
 * HTTP helper makes) with Node's `http.get` and with axios, in a process of its own with n8n's Node; Search with
 * Limit 1; and, as a reference, Folder → Get Contents of one folder holding as many files. Env: BENCH_SEARCH_RUNS (7),
 * BENCH_SEARCH_WARMUPS (1).
 */
import * as path from 'node:path';

import { SEARCH_CONCURRENCY } from '../../nodes/FileStorage/actions/file/search.operation';
import { runCommand } from '../e2e/processes';
import type { Sandbox } from '../sandbox/server';
import type { BenchWorkflow } from './lib';
import { BenchN8n, knob, machine, memoryMb, progress, resetPeak, rotate, taskOf } from './lib';
import { fmt, list, median, table, targetTable, times } from './report';
import { benchCredentials, fileStorage, getContents, webhookWorkflow } from './workflows';

const RUNS = knob('BENCH_SEARCH_RUNS', 7);
const WARMUPS = knob('BENCH_SEARCH_WARMUPS', 1, 0);
const TARGET_RATIO = 1.2;
const TARGET_MEMORY_TIMES_OUTPUT = 5;

/**
 * The searched tree: 20 top folders × 24 subfolders + the 20 = 500 folders, 20 files in each, and `needle.pdf` in the
 * searched folder itself. Returns its id and how many entries Search returns.
 */
export function buildSearchTree(sb: Sandbox): { rootId: string; entries: number } {
	const root = sb.model.addFolder(0, { name: 'Search Tree' });
	let entries = 1;
	const fill = (parentId: string, name: string) => {
		const folder = sb.model.addFolder(0, { name, parentId });
		for (let k = 0; k < 20; k++)
			sb.model.addFile(0, { folderId: folder.id, name: `f-${entries}-${k}.txt`, size: 1000 + k });
		entries += 21;
		return folder.id;
	};
	for (let a = 0; a < 20; a++) {
		const top = fill(root.id, `top-${a}`);
		for (let b = 0; b < 24; b++) fill(top, `sub-${a}-${b}`);
	}
	sb.model.addFile(0, { folderId: root.id, name: 'needle.pdf', size: 5000 });
	return { rootId: root.id, entries };
}

interface Run {
	ms: number;
	requests: number;
	items: number;
	growthMb?: number;
	outputMb?: number;
	repeated?: number;
}

export async function searchBench(): Promise<string> {
	const intro = machine();
	let tree = { rootId: '', entries: 0 };
	const flows: Record<'search' | 'limitOne' | 'flat', BenchWorkflow> = {} as never;
	const bench = await BenchN8n.start('search', {}, (sb) => {
		tree = buildSearchTree(sb);
		// the reference, outside the tree: as many entries in one folder, listed in a few large pages instead of 501
		const flat = sb.model.addFolder(0, { name: 'Flat Reference' });
		for (let k = 0; k < tree.entries; k++)
			sb.model.addFile(0, { folderId: flat.id, name: `flat-${k}.txt`, size: 1000 + (k % 20) });
		const search = {
			resource: 'file',
			operation: 'search',
			folder: { __rl: true, mode: 'id', value: tree.rootId },
		};
		flows.search = webhookWorkflow('bench-search', [
			fileStorage('Search', { ...search, returnAll: true }),
		]);
		flows.limitOne = webhookWorkflow('bench-search-one', [
			fileStorage('Search', {
				...search,
				returnAll: false,
				limit: 1,
				filters: { nameContains: 'needle' },
			}),
		]);
		flows.flat = webhookWorkflow('bench-search-flat', [getContents(flat.id)]);
		return {
			credentials: benchCredentials(sb.baseUrl, sb.seed.users[0].accessToken),
			workflows: Object.values(flows),
		};
	});
	const { sandbox: sb, pid } = bench;
	const nodeRun = async (which: keyof typeof flows): Promise<Run> => {
		resetPeak(pid);
		const before = memoryMb(pid).rss;
		const call = await bench.call(flows[which]);
		const growthMb = memoryMb(pid).peak - before;
		const { ms, items } = taskOf(
			await bench.read(call),
			which === 'flat' ? 'File Storage' : 'Search',
		);
		const pages = call.requests.filter((r) => r.path.startsWith('/api/v1/browse/folders/'));
		const asked = pages.map((r) => `${r.path}?${r.query.cursor ?? ''}`);
		const outputMb = Buffer.byteLength(JSON.stringify(items.map((i) => i.json))) / 1024 ** 2;
		return {
			ms,
			requests: pages.length,
			items: items.length,
			growthMb,
			outputMb,
			repeated: asked.length - new Set(asked).size,
		};
	};
	const runs: Record<'search' | 'http' | 'axios' | 'flat' | 'limitOne', Run[]> = {
		search: [],
		http: [],
		axios: [],
		flat: [],
		limitOne: [],
	};
	for (let round = 0; round < WARMUPS + RUNS; round++) {
		for (const side of rotate(['search', 'http', 'axios', 'flat'] as const, round)) {
			const run =
				side === 'http' || side === 'axios'
					? await rawWalk(
							bench.n8n.install.nodeBin,
							sb.baseUrl,
							sb.seed.users[0].accessToken,
							tree.rootId,
							side,
							bench.work,
						)
					: await nodeRun(side);
			if (run.items !== tree.entries)
				throw new Error(`${side}: ${run.items} entries, expected ${tree.entries}`);
			if (round >= WARMUPS) runs[side].push(run);
		}
		const one = await nodeRun('limitOne');
		if (round >= WARMUPS) runs.limitOne.push(one);
		progress(
			`search ${round < WARMUPS ? 'warm-up' : `run ${round - WARMUPS + 1}/${RUNS}`}: ${(['search', 'http', 'axios', 'flat'] as const).map((s) => `${s} ${fmt(runs[s][runs[s].length - 1]?.ms)}`).join(', ')} ms`,
		);
	}
	const med = (side: keyof typeof runs) => median(runs[side].map((r) => r.ms));
	const row = (label: string, side: keyof typeof runs) => [
		label,
		`${fmt(med(side))} ms`,
		list(runs[side].map((r) => r.ms)),
		[...new Set(runs[side].map((r) => r.requests))].join(', '),
		runs[side][0].items,
	];
	const growth = (side: 'search' | 'flat') => Math.max(...runs[side].map((r) => r.growthMb!));
	const output = (side: 'search' | 'flat') => median(runs[side].map((r) => r.outputMb!));
	const folderPages = runs.http[0].requests;
	const onePerPage = runs.search.every((r) => r.requests === folderPages && r.repeated === 0);
	const limitOne = Math.max(...runs.limitOne.map((r) => r.requests));
	return [
		`## Search over ${tree.entries.toLocaleString('en-US')} entries in 501 folders`,
		'',
		`Measured ${intro}; n8n ${bench.n8n.install.version}, ${RUNS} runs of each after ${WARMUPS} untimed round(s), in rotating order (\`test/bench/search-bench.ts\`). *File → Search* (Return All, Simplify on): its execution time from the run data. *Raw client*: the same breadth-first walk, ${SEARCH_CONCURRENCY} folders at once, a new connection per request, with \`http.get\` and with axios (the library under n8n's HTTP helper, which a community node must use), timed in a process of its own. *Reference*: Folder → Get Contents of one folder of as many files, outside the tree. Memory: n8n's peak resident size during the run minus its size right before it.`,
		'',
		table(' | median | runs (ms) | requests | items', [
			row('File → Search, Return All', 'search'),
			row('raw client, same walk', 'http'),
			row('raw client, same walk, with axios', 'axios'),
			row('*reference:* Folder → Get Contents, Return All, one folder of as many files', 'flat'),
			row('File → Search, Limit 1 (match in the searched folder)', 'limitOne'),
		]),
		'',
		targetTable([
			{
				target: `Return All ≤ ${TARGET_RATIO}× the raw client's time`,
				measured: `${times(med('search') / med('http'))} (median ${fmt(med('search'))} ms against ${fmt(med('http'))} ms; against the same walk on axios: ${times(med('search') / med('axios'))})`,
				ok: med('search') <= TARGET_RATIO * med('http'),
			},
			{
				target: 'exactly one listing request per folder page',
				measured: `${runs.search[0].requests} requests for ${folderPages} folder pages in every run, none repeated`,
				ok: onePerPage,
			},
			{
				target: 'Limit 1 with the match in the first folder: ≤ 2 requests',
				measured: String(limitOne),
				ok: limitOne <= 2,
			},
			{
				target: `n8n's peak memory growth ≤ ${TARGET_MEMORY_TIMES_OUTPUT}× the output's JSON`,
				measured: `${fmt(growth('search'))} MiB at most for ${fmt(output('search'))} MiB of output (${times(growth('search') / output('search'))}); the reference: ${fmt(growth('flat'))} MiB for ${fmt(output('flat'))} MiB`,
				ok: growth('search') <= TARGET_MEMORY_TIMES_OUTPUT * output('search'),
			},
		]),
		'',
		`The reference row shows what is n8n's and not the walk's: the same number of items in ${runs.flat[0].requests} requests instead of ${folderPages}, and a memory peak of the same order, n8n holding and saving the items with whatever garbage V8 has not collected yet.`,
	].join('\n');
}

/** The raw client's walk in a process of its own (n8n's Node): Node's `http.get`, or axios. */
async function rawWalk(
	nodeBin: string,
	baseUrl: string,
	token: string,
	rootId: string,
	library: 'http' | 'axios',
	work: string,
): Promise<Run> {
	const get =
		library === 'http'
			? `(url) => new Promise((resolve, reject) => http.get(url, { agent: false, headers }, (res) => {
  const chunks = []; res.on('data', (c) => chunks.push(c));
  res.on('end', () => res.statusCode === 200 ? resolve(JSON.parse(Buffer.concat(chunks).toString())) : reject(new Error('HTTP ' + res.statusCode)));
}).on('error', reject))`
			: `async (url) => JSON.parse((await require(process.env.BENCH_AXIOS).get(url, { httpAgent: new http.Agent(), headers, responseType: 'text', transformResponse: [(d) => d] })).data)`;
	const script = `
const http = require('node:http');
const [baseUrl, rootId] = process.argv.slice(1); const concurrency = Number(process.argv[3]);
const headers = { Authorization: 'Bearer ' + process.env.BENCH_TOKEN, Accept: 'application/json' };
const get = ${get};
const t0 = performance.now();
let entries = 0, requests = 0, active = 0;
const queue = [rootId];
async function listFolder(id) {
  let cursor = null;
  do {
    const body = await get(baseUrl + '/api/v1/browse/folders/' + id + '?sort=name&direction=ASC&limit=1000' + (cursor ? '&cursor=' + encodeURIComponent(cursor) : ''));
    requests++;
    for (const element of body.data) { entries++; if (element.data.type === 'folder') queue.push(element.data.id); }
    cursor = body.meta && body.meta.cursor ? body.meta.cursor.next_cursor : null;
  } while (cursor);
}
new Promise((resolve, reject) => {
  const pump = () => { while (active < concurrency && queue.length) { active++; listFolder(queue.shift()).then(() => { active--; if (!active && !queue.length) resolve(); else pump(); }, reject); } };
  pump();
}).then(() => process.stdout.write(JSON.stringify({ ms: performance.now() - t0, items: entries, requests })), (e) => { console.error(e); process.exit(1); });`;
	const result = await runCommand(
		nodeBin,
		['-e', script, baseUrl, rootId, String(SEARCH_CONCURRENCY)],
		{
			env: { ...process.env, BENCH_TOKEN: token, BENCH_AXIOS: require.resolve('axios') },
			logDir: path.join(work, 'logs'),
			name: `raw-search-${library}`,
			timeoutMs: 5 * 60_000,
		},
	);
	if (result.code !== 0)
		throw new Error(`the raw client (${library}) failed: ${result.stderr.slice(-1000)}`);
	return JSON.parse(result.stdout) as Run;
}
