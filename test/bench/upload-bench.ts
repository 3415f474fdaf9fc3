/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * The Upload section (BENCH_ONLY=upload): File Request → Upload File of files of 1 MiB, 100 MiB and 1 GiB held in
 * n8n's filesystem binary data (a File → Download puts each there first, in the same execution), the sandbox
 * fetching n8n's signed link; against the sandbox fetching the same bytes from a plain static file server (its own
 * process, files on disk) in the same rounds. n8n's memory: the growth of its peak resident size during the whole
 * execution (Download and Upload File; VmHWM reset before each run). Env: BENCH_UPLOAD_MB (1,100,1024),
 * BENCH_UPLOAD_RUNS (3).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { fileContent, sha256OfContent } from '../sandbox/content';
import type { FileRec } from '../sandbox/model';
import { BenchN8n, knob, rounds, taskOf, WARMUPS } from './lib';
import { blocks, distinct, fmt, listOf, medianOf, table, targetTable } from './report';
import type { Step } from '../e2e/fixtures';
import { fileStorage, UNTIMED } from './workflows';

const SIZES_MB = (process.env.BENCH_UPLOAD_MB ?? '1,100,1024')
	.split(',')
	.map(Number)
	.filter((size) => Number.isFinite(size) && size > 0);
const RUNS = knob('BENCH_UPLOAD_RUNS', 3);
const TARGET_GROWTH_MB = 64;
const SIDES = ['n8n', 'static'] as const;

const writeContent = async (file: FileRec, target: string) =>
	await pipeline(Readable.from(fileContent(file).blocks()), fs.createWriteStream(target));

export async function uploadBench(): Promise<string> {
	const sources = new Map<number, FileRec>();
	const env = { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' };
	const bench = await BenchN8n.start('upload', { env }, async (sb) => {
		// one URL is fetched before the server answers, however long it takes
		sb.uploads.timeoutMs = 30 * 60_000;
		const flows: Record<string, Step[]> = {};
		const upload = { options: { timeout: 1800, maxWait: 1800 } };
		for (const mb of SIZES_MB) {
			const [name, size] = [`bench-${mb}MiB.bin`, mb * 1024 ** 2];
			const file = sb.model.addFile(0, { name, size, mimetype: 'application/octet-stream' });
			sources.set(mb, file);
			const fileUrl = `${sb.baseUrl}/file/${file.basename}`;
			const download = { source: 'url', fileUrl, options: { timeout: 300 } };
			flows[mb] = [
				fileStorage(`${UNTIMED}Download`, 'file download', download),
				fileStorage('Upload File', 'fileRequest uploadFile', upload, 'request'),
			];
		}
		return flows;
	});
	const sb = bench.sandbox;
	const request = sb.seed.fileRequests[0];
	const staticDir = path.join(bench.work, 'static');
	fs.mkdirSync(staticDir, { recursive: true });
	for (const file of sources.values()) await writeContent(file, path.join(staticDir, file.name));
	const serve = bench.rawClient({ warm: true });
	const { port } = await serve<{ port: number }>({ kind: 'serve', dir: staticDir });
	const forget = (id: string | undefined) => {
		const stored = sb.model.findItem(String(id)) as FileRec | undefined;
		if (stored?.storedPath) fs.rmSync(stored.storedPath, { force: true });
	};
	const sha = (file: FileRec) => sha256OfContent(fileContent(file));
	/** the same upload request with a link to the static server, timed to the answer */
	const viaStatic = async (file: FileRec) => {
		const started = performance.now();
		const res = await fetch(`${sb.baseUrl}/api/v1/requests/${request.id}/uploads`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify({ urls: [`http://127.0.0.1:${port}/${encodeURIComponent(file.name)}`] }),
		});
		const ms = performance.now() - started;
		if (res.status !== 201)
			throw new Error(`static upload: HTTP ${res.status} ${await res.text()}`);
		const uploaded = sb.model.activeChildren(request.folderId).filter((i) => i.name === file.name);
		forget(uploaded.pop()?.id);
		return { ms, growthMb: NaN, fileRequests: NaN };
	};
	const measureSize = async (mb: number) => {
		const file = sources.get(mb)!;
		return await rounds(`upload ${mb} MiB`, SIDES, RUNS, async (side, round) => {
			if (side === 'static') return await viaStatic(file);
			return await bench.measure(String(mb), {}, (items, call, execution) => {
				const stored = sb.model.findItem(String(items[0]?.json.id)) as FileRec | undefined;
				if (!stored || stored.name !== file.name || stored.size !== file.size)
					throw new Error(`${mb} MiB: the request holds ${stored?.name} of ${stored?.size} bytes`);
				if (round === 0 && sha(stored) !== sha(file))
					throw new Error(`${mb} MiB: the uploaded bytes differ`);
				forget(stored.id);
				// n8n's copy from the Download step
				const { items: downloaded } = taskOf(execution, `${UNTIMED}Download`);
				fs.rmSync(bench.binaryFile(downloaded[0]?.binary?.data), { force: true });
				const fileRequests = call.requests.filter((r) => r.path.includes('/requests/'));
				return { fileRequests: fileRequests.length };
			});
		});
	};
	const results = new Map<number, Awaited<ReturnType<typeof measureSize>>>();
	for (const mb of SIZES_MB) results.set(mb, await measureSize(mb));

	const rows = SIZES_MB.map((mb) => {
		const { measured: r, untimed } = results.get(mb)!;
		const [n8nMs, staticMs] = [medianOf(r.n8n, 'ms'), medianOf(r.static, 'ms')];
		return [
			`${fmt(mb)} MiB`,
			`${fmt(n8nMs)} ms (${listOf(r.n8n, 'ms')})`,
			`${fmt(staticMs)} ms (${listOf(r.static, 'ms')})`,
			`${(n8nMs / staticMs).toFixed(2)}×`,
			`${listOf(r.n8n, 'growthMb')} MiB`,
			distinct([...untimed.n8n, ...r.n8n].map((x) => x.fileRequests)),
		];
	});
	const growth = Math.max(
		...[...results.values()].flatMap((r) =>
			[...r.measured.n8n, ...r.untimed.n8n].map((x) => x.growthMb),
		),
	);
	return blocks(
		'## Upload File',
		`${bench.measuredOn} (\`N8N_DEFAULT_BINARY_DATA_MODE=filesystem\`), ${RUNS} runs of each size and side after ${WARMUPS} untimed round(s), in rotating order (\`test/bench/upload-bench.ts\`). *Upload File*: Webhook → File → Download (the file into n8n's binary data) → File Request → Upload File (Wait for File on), the Upload File node's execution time from the run data: a listing, the upload request, which the sandbox answers once it has fetched n8n's signed link to disk, and a listing. *Static server*: the same upload request with a link to the same bytes on a plain Node.js static file server (its own process, the file on disk), timed to the answer. Memory: n8n's peak resident size during the whole execution (Download and Upload File; VmHWM reset through /proc/<pid>/clear_refs) minus its resident size right before it. The stored file's name and size are checked in every run, its bytes (SHA-256) in the first round.`,
		table(
			'Size | Upload File (median, runs) | static server (median, runs) | time ratio | n8n memory growth | requests to the file request',
			rows,
		),
		targetTable([
			{
				target: `n8n's memory growth during the upload ≤ ${TARGET_GROWTH_MB} MiB (up to ${fmt(Math.max(...SIZES_MB))} MiB)`,
				measured: `${fmt(growth)} MiB at most, untimed rounds included`,
				ok: growth <= TARGET_GROWTH_MB,
			},
		]),
	);
}
