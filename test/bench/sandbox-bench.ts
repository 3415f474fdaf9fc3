/* eslint-disable @n8n/community-nodes/no-restricted-globals */
/**
 * `npm run bench:sandbox` (bash test/bench/run-sandbox-bench.sh): how fast the sandbox's own model and listings
 * are at 10,000 items. These budgets were wall-clock assertions in test/sandbox/control.test.ts (now conformance.test.ts); on a shared
 * machine they belong here. The suite keeps the deterministic side (no index is re-sorted). No assertions: a
 * reporting script that prints one table. Env: SANDBOX_BENCH_RUNS (5).
 */
import type { Sandbox } from '../sandbox/server';
import { startSandbox } from '../sandbox/server';
import { fmt, median, table } from './report';

const RUNS = Math.max(1, Number(process.env.SANDBOX_BENCH_RUNS ?? 5) || 5);

/** A folder of 9,900 active files, as a polling trigger sees them arrive (10,000 added, 1 in 100 trashed). */
function pollingEvents(sb: Sandbox): string {
	const folder = sb.model.addFolder(0, { name: 'Events' });
	for (let i = 0; i < 10_000; i++) {
		if (i % 10 === 0) sb.clock.advance(1_000);
		const f = sb.model.addFile(0, { folderId: folder.id, name: `event-${i}.txt`, size: 100 });
		sb.model.addNotification(0, { title: `n${i}` });
		if (i % 100 === 0) sb.model.trashItem(f.id);
		sb.model.latestPage(0, { sort: 'created_at', direction: 'DESC', limit: 50 });
	}
	return folder.id;
}

async function main(): Promise<void> {
	const [sb, big] = [
		await startSandbox(),
		await startSandbox({ seed: { bulkFolderFiles: 10_000 } }),
	];
	try {
		const bulkUrl = `${big.baseUrl}/api/v1/browse/folders/${big.seed.bulkFolderId}?limit=500&sort=name&direction=ASC`;
		const headers = { Authorization: `Bearer ${big.seed.users[0].accessToken}` };
		/** each case: its label, the budget the suite used to assert (ms), what runs before the timed part, the part */
		const cases: Array<[string, number, () => unknown, (before: unknown) => unknown]> = [
			[
				'10,000 polling events (add file + notification, trash 1 in 100, read a page of 50)',
				5_000,
				() => sb.reset(),
				() => pollingEvents(sb),
			],
			[
				'trash + restore of a folder with 9,900 files',
				1_000,
				() => (sb.reset(), pollingEvents(sb)),
				(folderId) => [
					sb.model.trashItem(folderId as string),
					sb.model.restoreItem(folderId as string),
				],
			],
			[
				'GET a page of 500 (name ASC) of a 10,000-file folder over HTTP',
				1_000,
				() => undefined,
				async () => {
					const res = await fetch(bulkUrl, { headers });
					if (res.status !== 200) throw new Error(`bulk page answered ${res.status}`);
					await res.json();
				},
			],
			['reset() of a sandbox with a 10,000-file folder', 2_000, () => undefined, () => big.reset()],
		];
		const rows = [];
		for (const [label, targetMs, prepare, run] of cases) {
			const times: number[] = [];
			for (let i = 0; i < RUNS; i++) {
				const before = prepare();
				const t0 = performance.now();
				await run(before);
				times.push(performance.now() - t0);
			}
			const worst = Math.max(...times);
			rows.push([label, fmt(median(times)), fmt(worst), targetMs, worst < targetMs ? '✅' : '❌']);
		}
		const header = 'Case | Median (ms) | Max (ms) | Target (ms) | Met';
		process.stdout.write(
			`Sandbox at 10,000 items, ${RUNS} runs each (Node ${process.version})\n\n${table(header, rows)}\n`,
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
