/**
 * The Search section (BENCH_ONLY=search): File → Search, Return All, over 10,000 files in 500 folders, against a raw
 * client doing the same breadth-first walk (same concurrency, largest page, a new connection per request as n8n's
 * HTTP helper makes) with Node's `http.get` and with axios, in a process of its own with n8n's Node; Search with
 * Limit 1; and, as a reference, Folder → Get Contents of one folder holding as many files. Env: BENCH_SEARCH_RUNS (7).
 */
import { SEARCH_CONCURRENCY } from '../../nodes/FileStorage/actions/file/search.operation';
import { BenchN8n, jsonMb, knob, rounds, WARMUPS } from './lib';
import {
	blocks,
	distinct,
	fmt,
	listOf,
	maxOf,
	medianOf,
	table,
	targetTable,
	times,
} from './report';
import { addSearchTree, getContents, search } from './workflows';

const RUNS = knob('BENCH_SEARCH_RUNS', 7);
const TARGET_RATIO = 1.2;
const TARGET_MEMORY_TIMES_OUTPUT = 5;

const ROWS = {
	search: 'File → Search, Return All',
	http: 'raw client, same walk',
	axios: 'raw client, same walk, with axios',
	flat: '*reference:* Folder → Get Contents, Return All, one folder of as many files',
	limitOne: 'File → Search, Limit 1 (match in the searched folder)',
};
type Side = keyof typeof ROWS;

export async function searchBench(): Promise<string> {
	let tree = { rootId: '', entries: 0 };
	const bench = await BenchN8n.start('search', {}, async (sb) => {
		tree = addSearchTree(sb);
		// the reference, outside the tree: as many entries in one folder, listed in a few large pages instead of 501
		const flat = sb.model.addFolder(0, { name: 'Flat Reference' });
		for (let k = 0; k < tree.entries; k++)
			sb.model.addFile(0, { folderId: flat.id, name: `flat-${k}.txt`, size: 1000 + (k % 20) });
		const needle = { returnAll: false, limit: 1, filters: { nameContains: 'needle' } };
		return {
			search: [search('Search', tree.rootId, { returnAll: true })],
			limitOne: [search('Search', tree.rootId, needle)],
			flat: [getContents(flat.id)],
		};
	});
	const walk = bench.rawClient();
	const sides = Object.keys(ROWS) as Side[];
	const { measured: runs } = await rounds('search', sides, RUNS, async (side) => {
		const expect = (items: number) => {
			if (side !== 'limitOne' && items !== tree.entries)
				throw new Error(`${side}: ${items} entries, expected ${tree.entries}`);
		};
		if (side === 'http' || side === 'axios') {
			const [url, rootId, concurrency] = [bench.sandbox.baseUrl, tree.rootId, SEARCH_CONCURRENCY];
			const request = { kind: 'walk', url, rootId, concurrency, library: side } as const;
			const raw = await walk<{ ms: number; items: number; requests: number }>(request);
			expect(raw.items);
			return { ...raw, growthMb: NaN, outputMb: NaN, repeated: 0 };
		}
		return await bench.measure(side, {}, (items, call) => {
			expect(items.length);
			const pages = call.requests.filter((r) => r.path.startsWith('/api/v1/browse/folders/'));
			const asked = pages.map((r) => `${r.path}?${r.query.cursor ?? ''}`);
			const repeated = asked.length - new Set(asked).size;
			return { requests: pages.length, outputMb: jsonMb(items), repeated };
		});
	});
	const med = (side: Side) => medianOf(runs[side], 'ms');
	const row = (side: Side) => [
		ROWS[side],
		`${fmt(med(side))} ms`,
		listOf(runs[side], 'ms'),
		distinct(runs[side].map((r) => r.requests)),
		runs[side][0].items,
	];
	const growth = (side: Side) => maxOf(runs[side], 'growthMb');
	const output = (side: Side) => medianOf(runs[side], 'outputMb');
	const folderPages = runs.http[0].requests;
	const onePerPage = runs.search.every((r) => r.requests === folderPages && r.repeated === 0);
	const limitOne = Math.max(...runs.limitOne.map((r) => r.requests));
	return blocks(
		`## Search over ${tree.entries.toLocaleString('en-US')} entries in 501 folders`,
		`${bench.measuredOn}, ${RUNS} runs of each after ${WARMUPS} untimed round(s), in rotating order (\`test/bench/search-bench.ts\`). *File → Search* (Return All, Simplify on): its execution time from the run data. *Raw client*: the same breadth-first walk, ${SEARCH_CONCURRENCY} folders at once, a new connection per request, with \`http.get\` and with axios (the library under n8n's HTTP helper, which a community node must use), timed in a process of its own. *Reference*: Folder → Get Contents of one folder of as many files, outside the tree. Memory: n8n's peak resident size during the run minus its size right before it.`,
		table(' | median | runs (ms) | requests | items', sides.map(row)),
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
		`The reference row shows what is n8n's and not the walk's: the same number of items in ${runs.flat[0].requests} requests instead of ${folderPages}, and a memory peak of the same order, n8n holding and saving the items with whatever garbage V8 has not collected yet.`,
	);
}
