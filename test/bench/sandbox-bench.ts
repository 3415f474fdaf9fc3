/* eslint-disable @n8n/community-nodes/no-restricted-globals */
/**
 * `npm run bench:sandbox` (bash test/bench/run-sandbox-bench.sh): how fast the sandbox's own model and listings
 * are at 10,000 items. These budgets were wall-clock assertions in test/sandbox/control.test.ts; on a shared
 * machine they belong here. The suite keeps the deterministic side (no index is re-sorted). No assertions: a
 * reporting script that prints one table. Env: SANDBOX_BENCH_RUNS (5).
 */
import type { Sandbox } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';
import { fmt as ms, median } from './report';

const RUNS = Math.max(1, Number(process.env.SANDBOX_BENCH_RUNS ?? 5) || 5);

interface Case {
	label: string;
	/** the budget the suite used to assert */
	targetMs: number;
	/** returns the measured milliseconds of one run */
	run(): Promise<number>;
}

async function timed(fn: () => unknown): Promise<number> {
	const t0 = performance.now();
	await fn();
	return performance.now() - t0;
}

/** The seeded sandbox plus a folder with 9,900 active files, built the way a polling trigger sees them arrive. */
function pollingEvents(sb: Sandbox): { folderId: string } {
	const folder = sb.model.addFolder(0, { name: 'Events' });
	for (let i = 0; i < 10_000; i++) {
		if (i % 10 === 0) sb.clock.advance(1_000);
		const f = sb.model.addFile(0, { folderId: folder.id, name: `event-${i}.txt`, size: 100 });
		sb.model.addNotification(0, { title: `n${i}` });
		if (i % 100 === 0) sb.model.trashItem(f.id);
		sb.model.latestPage(0, { sort: 'created_at', direction: 'DESC', limit: 50 });
	}
	return { folderId: folder.id };
}

async function main(): Promise<void> {
	const sb = await startSandbox();
	const big = await startSandbox({ seed: { bulkFolderFiles: 10_000 } });
	try {
		const bulkUrl = `${big.baseUrl}/api/v1/browse/folders/${big.seed.bulkFolderId}?limit=500&sort=name&direction=ASC`;
		const token = big.seed.users[0].accessToken;
		const cases: Case[] = [
			{
				label: '10,000 polling events (add file + notification, trash 1 in 100, read a page of 50)',
				targetMs: 5_000,
				run: async () => {
					sb.reset();
					return timed(() => pollingEvents(sb));
				},
			},
			{
				label: 'trash + restore of a folder with 9,900 files',
				targetMs: 1_000,
				run: async () => {
					sb.reset();
					const { folderId } = pollingEvents(sb);
					return timed(() => {
						sb.model.trashItem(folderId);
						sb.model.restoreItem(folderId);
					});
				},
			},
			{
				label: 'GET a page of 500 (name ASC) of a 10,000-file folder over HTTP',
				targetMs: 1_000,
				run: () =>
					timed(async () => {
						const res = await fetch(bulkUrl, { headers: { Authorization: `Bearer ${token}` } });
						if (res.status !== 200) throw new Error(`bulk page answered ${res.status}`);
						await res.json();
					}),
			},
			{
				label: 'reset() of a sandbox with a 10,000-file folder',
				targetMs: 2_000,
				run: () => timed(() => big.reset()),
			},
		];
		const rows: string[] = [
			'| Case | Median (ms) | Max (ms) | Target (ms) | Met |',
			'|---|---:|---:|---:|:-:|',
		];
		for (const c of cases) {
			const times: number[] = [];
			for (let i = 0; i < RUNS; i++) times.push(await c.run());
			const worst = Math.max(...times);
			rows.push(
				`| ${c.label} | ${ms(median(times))} | ${ms(worst)} | ${c.targetMs} | ${worst < c.targetMs ? '✅' : '❌'} |`,
			);
		}
		process.stdout.write(
			`Sandbox at 10,000 items, ${RUNS} runs each (Node ${process.version})\n\n${rows.join('\n')}\n`,
		);
	} finally {
		await sb.stop();
		await big.stop();
	}
}

main().catch((e: unknown) => {
	process.stderr.write(
		`sandbox bench could not measure: ${e instanceof Error ? e.stack : String(e)}\n`,
	);
	process.exit(1);
});
