/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * The ablation section (BENCH_ONLY=ablation; BENCH_ABLATION=0 leaves it out): what each mechanism that exists only
 * for speed buys. Each variant is the package built from a copy of its source with one named patch (the product code
 * has no switches for this) and packed under a name of its own, so all are node types of one n8n, measured round by
 * round against the package as it is, each run on a settled heap. A mechanism is kept where the median of the
 * rounds' own gains is at least 10 % on its row. Rows: the listing of 10,000 files, Search over 501 folders, Trash →
 * Restore of 1,000 input items. Env: BENCH_ABLATION_RUNS (19).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { NODE_TYPE, PACKAGE_NAME, REPO_ROOT } from '../e2e/checkout';
import { assertOk, runCommand } from '../e2e/processes';
import { BenchN8n, knob, progress, rounds, WARMUPS } from './lib';
import { blocks, distinct, fmt, listOf, median, medianOf, table, targetTable } from './report';
import type { Step } from '../e2e/fixtures';
import {
	addBatchFiles,
	addSearchTree,
	getContents,
	httpListing,
	perItem,
	restore,
	search,
} from './workflows';

const RUNS = knob('BENCH_ABLATION_RUNS', 19);
const KEEP_GAIN = 0.1;

const BATCH_ITEMS = 1_000;

type Row = 'listing' | 'search' | 'restore';
const ROW_TEXT: Record<Row, string> = {
	listing: 'Folder → Get Contents, Return All, 10,000 files',
	search: 'File → Search, Return All, 501 folders',
	restore: 'Trash → Restore, 1,000 input items, File or Folder ID `{{ $json.id }}` (its default)',
};

/**
 * The speed mechanisms the package has, each with the patch that switches it off (`from` must occur exactly once).
 * Those an earlier run removed are in REMOVED.
 */
const MECHANISMS = [
	{
		key: 'concurrency',
		name: "Search's concurrency 4",
		without: 'one folder listed at a time',
		row: 'search' as Row,
		file: 'nodes/FileStorage/actions/file/search.operation.ts',
		from: 'export const SEARCH_CONCURRENCY = 4;',
		to: 'export const SEARCH_CONCURRENCY = 1;',
	},
	{
		key: 'mapping',
		name: 'a plain `{{ $json.field }}` mapping read from the item, not by the expression engine',
		without: "every per-item parameter through n8n's `getNodeParameter`",
		row: 'restore' as Row,
		file: 'nodes/FileStorage/common/mappedField.ts',
		from: 'const raw = ctx.getNodeParameter(name, itemIndex, fallback, { rawExpressions: true }) as unknown;',
		to: 'const raw: unknown = undefined;',
	},
];

/**
 * The rows the run of 2026-11-27 00:19 UTC (19 rounds, the same method) measured of the mechanisms it removed; their
 * code is gone, so no later run measures them again.
 */
const REMOVED = [
	'the listing asking for its next page from the raw text, before parsing | page by page | listing | 265 | 255 | -3.9 % | **9.7 %** | 12 of 19',
	'an event-loop nudge (two `sleep(0)`) after asking early | asks early, no nudge | listing | 265 | 224 | -18.3 % | **-3.6 %** | 9 of 19',
	"Search's read-ahead of 32 folders | read-ahead = concurrency (4) | search | 742 | 694 | -6.9 % | **-0.6 %** | 8 of 19",
	'a memo of parsed dates | every date parsed | listing | 265 | 245 | -8.2 % | **-1.8 %** | 8 of 19',
	'a memo of parsed dates | every date parsed | search | 742 | 727 | -2.1 % | **1.4 %** | 11 of 19',
].map((line) => line.split(' | ').map((cell) => ROW_TEXT[cell as Row] ?? cell));

export async function ablationBench(): Promise<string> {
	/** the variants: `<mechanism off, or all, or http> <row>`, each its label */
	const cells: Record<string, string> = {};
	/** Restore's input: files of a folder, trashed in the model before each run of the row */
	let targets: Array<{ id: string; type: string }> = [];
	let expected: Record<Row, number> = { listing: 10_000, search: 0, restore: BATCH_ITEMS };
	const bench = await BenchN8n.start(
		'ablation',
		{ sandbox: { seed: { bulkFolderFiles: 10_000 } }, probe: true },
		async (sb, n8n) => {
			const tree = addSearchTree(sb);
			expected = { listing: 10_000, search: tree.entries, restore: BATCH_ITEMS };
			targets = addBatchFiles(sb, BATCH_ITEMS).items;
			const nodesOf: Record<Row, (type: string) => Step[]> = {
				listing: (type) => [getContents(sb.seed.bulkFolderId!, true, type)],
				search: (type) => [search('File Storage', tree.rootId, { returnAll: true }, type)],
				restore: (type) => perItem(restore(type)),
			};
			const flows: Record<string, Step[]> = {};
			for (const row of Object.keys(ROW_TEXT) as Row[]) {
				cells[`all ${row}`] = 'all mechanisms on (the package as it is)';
				flows[`all ${row}`] = nodesOf[row](NODE_TYPE);
			}
			cells['http listing'] = 'HTTP Request (pagination) + Split Out';
			flows['http listing'] = httpListing(sb.baseUrl, sb.seed.bulkFolderId!);
			for (const m of MECHANISMS) {
				cells[`${m.key} ${m.row}`] = `${m.key} off: ${m.without}`;
				const variant = await installVariant(n8n.userFolder, m);
				flows[`${m.key} ${m.row}`] = nodesOf[m.row](`${variant}.fileStorage`);
			}
			return flows;
		},
	);
	const { sandbox: sb } = bench;
	const rowOf = (cell: string) => cell.split(' ')[1] as Row;
	const { measured } = await rounds('ablation', Object.keys(cells), RUNS, async (cell) => {
		const restoring = rowOf(cell) === 'restore';
		if (restoring) for (const t of targets) sb.model.trashItem(t.id);
		const body = restoring ? { items: targets } : {};
		return await bench.measure(cell, { settle: true, body }, (items) => {
			if (items.length !== expected[rowOf(cell)])
				throw new Error(`${cell}: ${items.length} items, expected ${expected[rowOf(cell)]}`);
			const left = targets.filter((t) => sb.model.findItem(t.id)?.deletedAt !== null).length;
			if (restoring && left)
				throw new Error(`${cell}: ${left} of ${targets.length} items left in the trash`);
		});
	});
	const times = (key: string, row: Row) => measured[`${key} ${row}`].map((r) => r.ms);
	const outcomes = MECHANISMS.map((m) => {
		const [on, off] = [times('all', m.row), times(m.key, m.row)];
		const paired = on.map((ms, k) => (off[k] - ms) / off[k]);
		const gain = (median(off) - median(on)) / median(off);
		return [
			m.name,
			m.without,
			ROW_TEXT[m.row],
			fmt(median(on)),
			fmt(median(off)),
			`${(gain * 100).toFixed(1)} %`,
			`**${(median(paired) * 100).toFixed(1)} %**`,
			`${paired.filter((g) => g > 0).length} of ${paired.length}`,
			median(paired) >= KEEP_GAIN ? 'kept' : 'to be removed',
		];
	});
	const listingAll = median(times('all', 'listing'));
	const listingHttp = median(times('http', 'listing'));
	const removed = REMOVED.map((cells) => [...cells, 'removed']);
	const mechanismHeader =
		'Mechanism | Without it | Row | With (median ms) | Without (median ms) | Gain of the medians | Gain, median of the rounds | Rounds slower without it | Outcome';
	return blocks(
		'## Ablation: what each speed mechanism buys',
		`${bench.measuredOn} (\`test/bench/ablation-bench.ts\`). Every variant is the package built from a copy of its source with one named patch (\`MECHANISMS\` in the script), packed under a name of its own and installed into the one n8n; ${RUNS} rounds after ${WARMUPS} warm-up round(s), every variant once a round, the order rotating, each run on a settled heap. *Time*: the node's own execution time (HTTP Request + Split Out summed); Restore's input is a webhook body of 1,000 \`{ id, type }\` items through a Split Out that is not timed, the files trashed in the sandbox before each run and checked restored after it. *Gain*: the share of the row's time the mechanism saves, (without − with) / without. **Outcome**: kept where the median of the rounds' gains is at least ${KEEP_GAIN * 100} %: a round compares the variants under one load, the medians of a whole run on a shared machine do not.`,
		table(mechanismHeader, outcomes),
		'Removed by the run of 2026-11-27 00:19 UTC, which measured them the same way (their code is gone, so no later run measures them):',
		table(mechanismHeader, removed),
		table(
			'Variant | Row | Median (ms) | Runs (ms) | Requests / run',
			Object.entries(cells).map(([cell, label]) => {
				const [runs, row] = [measured[cell], ROW_TEXT[rowOf(cell)]];
				const requests = distinct(runs.map((r) => r.requests));
				return [label, row, fmt(medianOf(runs, 'ms')), listOf(runs, 'ms'), requests];
			}),
		),
		targetTable([
			{
				target: 'Listing 10,000 (the package as it is): median ≤ HTTP Request + Split Out',
				measured: `${fmt(listingAll)} ms vs ${fmt(listingHttp)} ms = ${(listingAll / listingHttp).toFixed(2)}×`,
				ok: listingAll <= listingHttp,
			},
		]),
	);
}

/**
 * Builds the variant from a patched copy of the source (package name, node types, the mechanism's patch), packs it
 * and unpacks it into the user folder's `.n8n/nodes/node_modules` (all npm does for a package without dependencies).
 * Returns its package name.
 */
async function installVariant(userFolder: string, m: (typeof MECHANISMS)[number]): Promise<string> {
	const name = `${PACKAGE_NAME}-ablation-${m.key}`;
	const work = path.join(REPO_ROOT, '.tmp', 'bench', 'ablation-variants', m.key);
	fs.rmSync(work, { recursive: true, force: true });
	fs.mkdirSync(work, { recursive: true });
	for (const entry of ['package.json', 'tsconfig.json', 'nodes', 'credentials', 'icons'])
		fs.cpSync(path.join(REPO_ROOT, entry), path.join(work, entry), { recursive: true });
	fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
	const patches = [
		{ file: 'package.json', from: `"name": "${PACKAGE_NAME}",`, to: `"name": "${name}",` },
		...['FileStorage/FileStorage', 'FileStorageTrigger/FileStorageTrigger'].map((node) => ({
			file: `nodes/${node}.node.json`,
			from: `"node": "${PACKAGE_NAME}.`,
			to: `"node": "${name}.`,
		})),
		m,
	];
	for (const { file, from, to } of patches) {
		const text = fs.readFileSync(path.join(work, file), 'utf8');
		if (text.split(from).length !== 2)
			throw new Error(
				`${JSON.stringify(from)} is not in ${file} exactly once: update ablation-bench.ts`,
			);
		fs.writeFileSync(path.join(work, file), text.replace(from, to));
	}
	progress(`building and packing ${name}`);
	const logDir = path.join(work, 'logs');
	const step = async (what: string, command: string, ...args: string[]) =>
		assertOk(await runCommand(command, args, { cwd: work, logDir, timeoutMs: 5 * 60_000 }), what);
	await step(`n8n-node build (${m.key})`, 'npx', 'n8n-node', 'build');
	await step(`npm pack (${m.key})`, 'npm', 'pack', '--pack-destination', work);
	const tarball = fs.readdirSync(work).find((f) => f.startsWith(name) && f.endsWith('.tgz'))!;
	const target = path.join(userFolder, '.n8n', 'nodes', 'node_modules', name);
	fs.mkdirSync(target, { recursive: true });
	const unpack = ['-xzf', path.join(work, tarball), '--strip-components=1', '-C', target];
	await step(`unpacking ${name}`, 'tar', ...unpack);
	return name;
}
