/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * The Upload section (BENCH_ONLY=upload): File Request → Upload File of files of 1 MiB, 100 MiB and 1 GiB held in
 * n8n's filesystem binary data (a File → Download puts each there first, in the same execution), the sandbox
 * fetching n8n's signed link; against the sandbox fetching the same bytes from a plain static file server (its own
 * process, files on disk) in the same rounds. n8n's memory: the growth of its peak resident size during the whole
 * execution (Download and Upload File; VmHWM reset before each run). Env: BENCH_UPLOAD_MB (1,100,1024),
 * BENCH_UPLOAD_RUNS (3), BENCH_UPLOAD_WARMUPS (1).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { freePort, isPortFree, spawnLogged, stopChild, waitFor } from '../e2e/processes';
import { fileContent, sha256OfContent } from '../sandbox/content';
import type { FileRec } from '../sandbox/model';
import type { BenchWorkflow } from './lib';
import {
	BenchN8n,
	knob,
	machine,
	memoryMb,
	onStop,
	progress,
	resetPeak,
	rotate,
	taskOf,
} from './lib';
import { fmt, list, median, table, targetTable } from './report';
import { benchCredentials, fileStorage, webhookWorkflow } from './workflows';

const SIZES_MB = (process.env.BENCH_UPLOAD_MB ?? '1,100,1024')
	.split(',')
	.map((size) => Number(size))
	.filter((size) => Number.isFinite(size) && size > 0);
const RUNS = knob('BENCH_UPLOAD_RUNS', 3);
const WARMUPS = knob('BENCH_UPLOAD_WARMUPS', 1, 0);
const TARGET_GROWTH_MB = 64;

interface Run {
	ms: number;
	growthMb?: number;
}

/** A static file server in a process of its own (n8n's Node), serving `dir`; resolves with its origin. */
async function staticServer(nodeBin: string, dir: string, logDir: string): Promise<string> {
	const port = await freePort();
	const script = `
const http = require('node:http'); const fs = require('node:fs'); const path = require('node:path');
http.createServer((req, res) => {
  const file = path.join(process.argv[1], path.basename(decodeURIComponent(new URL(req.url, 'http://x').pathname)));
  fs.stat(file, (error, stat) => {
    if (error) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': stat.size });
    fs.createReadStream(file).pipe(res);
  });
}).listen(Number(process.argv[2]), '127.0.0.1');`;
	const server = spawnLogged(nodeBin, ['-e', script, dir, String(port)], {
		logPrefix: path.join(logDir, 'static-server'),
	});
	onStop(async () => await stopChild(server.child));
	await waitFor('the static file server to listen', async () => !(await isPortFree(port)));
	return `http://127.0.0.1:${port}`;
}

async function writeContent(file: FileRec, target: string): Promise<void> {
	const out = fs.createWriteStream(target);
	for (const block of fileContent(file).blocks()) {
		if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
	}
	await new Promise<void>((resolve, reject) =>
		out.end((error?: Error | null) => (error ? reject(error) : resolve())),
	);
}

export async function uploadBench(): Promise<string> {
	const intro = machine();
	const sources = new Map<number, FileRec>();
	const workflows = new Map<number, BenchWorkflow>();
	let requestId = '';
	const bench = await BenchN8n.start(
		'upload',
		{ env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' } },
		(sb) => {
			// one URL is fetched before the server answers, however long it takes
			sb.uploads.timeoutMs = 30 * 60_000;
			requestId = sb.seed.fileRequests[0].id;
			for (const mb of SIZES_MB) {
				const file = sb.model.addFile(0, {
					name: `bench-${mb}MiB.bin`,
					size: mb * 1024 ** 2,
					mimetype: 'application/octet-stream',
				});
				sources.set(mb, file);
				workflows.set(
					mb,
					webhookWorkflow(`bench-upload-${mb}`, [
						fileStorage('Download', {
							resource: 'file',
							operation: 'download',
							source: 'url',
							fileUrl: `${sb.baseUrl}/file/${file.basename}`,
							options: { timeout: 300 },
						}),
						fileStorage(
							'Upload File',
							{
								resource: 'fileRequest',
								operation: 'uploadFile',
								options: { timeout: 1800, maxWait: 1800 },
							},
							'request',
						),
					]),
				);
			}
			return {
				credentials: benchCredentials(
					sb.baseUrl,
					sb.seed.users[0].accessToken,
					'unused',
					requestId,
				),
				workflows: [...workflows.values()],
			};
		},
	);
	const sb = bench.sandbox;
	const pid = bench.pid;
	const staticDir = path.join(bench.work, 'static');
	fs.mkdirSync(staticDir, { recursive: true });
	for (const file of sources.values()) await writeContent(file, path.join(staticDir, file.name));
	const origin = await staticServer(
		bench.n8n.install.nodeBin,
		staticDir,
		path.join(bench.work, 'logs'),
	);
	const forget = (id: string) => {
		const stored = sb.model.findItem(id) as FileRec | undefined;
		if (stored?.storedPath) fs.rmSync(stored.storedPath, { force: true });
	};

	const runs = new Map<
		number,
		{ n8n: Run[]; static: Run[]; warmupGrowth: number[]; requests: number[] }
	>();
	for (const mb of SIZES_MB) {
		const file = sources.get(mb)!;
		const result = {
			n8n: [] as Run[],
			static: [] as Run[],
			warmupGrowth: [] as number[],
			requests: [] as number[],
		};
		runs.set(mb, result);
		for (let round = 0; round < WARMUPS + RUNS; round++) {
			for (const side of rotate(['n8n', 'static'] as const, round)) {
				if (side === 'static') {
					const started = performance.now();
					const res = await fetch(`${sb.baseUrl}/api/v1/requests/${requestId}/uploads`, {
						method: 'POST',
						headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
						body: JSON.stringify({ urls: [`${origin}/${encodeURIComponent(file.name)}`] }),
					});
					const ms = performance.now() - started;
					if (res.status !== 201)
						throw new Error(`static upload: HTTP ${res.status} ${await res.text()}`);
					const stored = sb.model
						.activeChildren(sb.seed.fileRequests[0].folderId)
						.filter((item) => item.name === file.name)
						.pop();
					if (stored) forget(stored.id);
					if (round >= WARMUPS) result.static.push({ ms });
					progress(`${mb} MiB from the static server: ${fmt(ms)} ms`);
					continue;
				}
				resetPeak(pid);
				const before = memoryMb(pid).rss;
				const run = await bench.run(workflows.get(mb)!);
				const growthMb = memoryMb(pid).peak - before;
				const { ms, items } = taskOf(run.execution, 'Upload File');
				const uploaded = items[0]?.json as
					| { id?: string; name?: string; size?: number }
					| undefined;
				const stored = sb.model.findItem(String(uploaded?.id)) as FileRec | undefined;
				if (!stored || stored.name !== file.name || stored.size !== file.size)
					throw new Error(`${mb} MiB: the request holds ${stored?.name} of ${stored?.size} bytes`);
				if (
					round === 0 &&
					sha256OfContent(fileContent(stored)) !== sha256OfContent(fileContent(file))
				)
					throw new Error(`${mb} MiB: the uploaded bytes differ`);
				result.requests.push(run.requests.filter((r) => r.path.includes('/requests/')).length);
				forget(stored.id);
				// n8n's copy from the Download step
				const binary = taskOf(run.execution, 'Download').items[0]?.binary?.data as
					| { id?: string }
					| undefined;
				if (binary?.id)
					fs.rmSync(
						path.join(
							bench.n8n.userFolder,
							'.n8n',
							'storage',
							binary.id.slice(binary.id.indexOf(':') + 1),
						),
						{ force: true },
					);
				if (round >= WARMUPS) result.n8n.push({ ms, growthMb });
				else result.warmupGrowth.push(growthMb);
				progress(`${mb} MiB by Upload File: ${fmt(ms)} ms, n8n memory +${fmt(growthMb)} MiB`);
			}
		}
	}

	const rows = SIZES_MB.map((mb) => {
		const r = runs.get(mb)!;
		const n8nMs = median(r.n8n.map((x) => x.ms));
		const staticMs = median(r.static.map((x) => x.ms));
		return [
			`${fmt(mb)} MiB`,
			`${fmt(n8nMs)} ms (${list(r.n8n.map((x) => x.ms))})`,
			`${fmt(staticMs)} ms (${list(r.static.map((x) => x.ms))})`,
			`${(n8nMs / staticMs).toFixed(2)}×`,
			`${list(r.n8n.map((x) => x.growthMb ?? NaN))} MiB`,
			[...new Set(r.requests)].join(', '),
		];
	});
	const growth = Math.max(
		...[...runs.values()].flatMap((r) => [...r.n8n.map((x) => x.growthMb ?? 0), ...r.warmupGrowth]),
	);
	const largest = Math.max(...SIZES_MB);
	return [
		'## Upload File',
		'',
		`Measured ${intro}; n8n ${bench.n8n.install.version} (\`N8N_DEFAULT_BINARY_DATA_MODE=filesystem\`), ${RUNS} runs of each size and side after ${WARMUPS} untimed round(s), in rotating order (\`test/bench/upload-bench.ts\`). *Upload File*: Webhook → File → Download (the file into n8n's binary data) → File Request → Upload File (Wait for File on), the Upload File node's execution time from the run data: a listing, the upload request, which the sandbox answers once it has fetched n8n's signed link to disk, and a listing. *Static server*: the same upload request with a link to the same bytes on a plain Node.js static file server (its own process, the file on disk), timed to the answer. Memory: n8n's peak resident size during the whole execution (Download and Upload File; VmHWM reset through /proc/<pid>/clear_refs) minus its resident size right before it. The stored file's name and size are checked in every run, its bytes (SHA-256) in the first round.`,
		'',
		table(
			'Size | Upload File (median, runs) | static server (median, runs) | time ratio | n8n memory growth | requests to the file request',
			rows,
		),
		'',
		targetTable([
			{
				target: `n8n's memory growth during the upload ≤ ${TARGET_GROWTH_MB} MiB (up to ${fmt(largest)} MiB)`,
				measured: `${fmt(growth)} MiB at most, untimed rounds included`,
				ok: growth <= TARGET_GROWTH_MB,
			},
		]),
	].join('\n');
}
