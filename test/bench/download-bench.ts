/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * The Download section (BENCH_ONLY=download): a 1 GiB file from the sandbox into n8n with filesystem binary data,
 * by File Storage → Download and by n8n's HTTP Request node (Response Format: File), against a raw Node stream of
 * the same URL to disk in a process of its own; n8n's CPU and the growth of its peak resident size (VmHWM, reset
 * before each run). Env: BENCH_DOWNLOAD_RUNS (3), BENCH_DOWNLOAD_WARMUPS (1), BENCH_DOWNLOAD_MB (1024).
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { runCommand } from '../e2e/processes';
import { fileContent, sha256OfContent } from '../sandbox/content';
import type { FileRec } from '../sandbox/model';
import type { BenchWorkflow } from './lib';
import {
	BenchN8n,
	cpuSeconds,
	knob,
	machine,
	memoryMb,
	progress,
	resetPeak,
	rotate,
	taskOf,
} from './lib';
import { fmt, list, median, table, targetTable } from './report';
import { benchCredentials, credential, fileStorage, webhookWorkflow } from './workflows';

const RUNS = knob('BENCH_DOWNLOAD_RUNS', 3);
const WARMUPS = knob('BENCH_DOWNLOAD_WARMUPS', 1, 0);
const SIZE_MB = knob('BENCH_DOWNLOAD_MB', 1024);
const TARGET_RATIO = 0.8;
const TARGET_GROWTH_MB = 64;

interface Run {
	ms: number;
	cpuS: number;
	growthMb: number;
}

export async function downloadBench(): Promise<string> {
	const intro = machine();
	let file: FileRec | undefined;
	let url = '';
	const workflows: Record<'fileStorage' | 'httpRequest', BenchWorkflow> = {} as never;
	const bench = await BenchN8n.start(
		'download',
		{ env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' } },
		(sb) => {
			file = sb.model.addFile(0, {
				name: 'bench.bin',
				size: SIZE_MB * 1024 ** 2,
				mimetype: 'application/octet-stream',
			});
			url = `${sb.baseUrl}/file/${file.basename}`;
			workflows.fileStorage = webhookWorkflow('bench-download', [
				fileStorage('Download', {
					resource: 'file',
					operation: 'download',
					source: 'url',
					fileUrl: url,
					options: { timeout: 120 },
				}),
			]);
			workflows.httpRequest = webhookWorkflow('bench-download-http', [
				{
					name: 'HTTP Request',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					parameters: {
						method: 'GET',
						url,
						authentication: 'genericCredentialType',
						genericAuthType: 'httpHeaderAuth',
						options: { response: { response: { responseFormat: 'file' } }, timeout: 120_000 },
					},
					credentials: credential('header'),
				},
			]);
			return {
				credentials: benchCredentials(sb.baseUrl, sb.seed.users[0].accessToken),
				workflows: Object.values(workflows),
			};
		},
	);
	const pid = bench.pid;
	const token = bench.sandbox.seed.users[0].accessToken;
	const nodeName = { fileStorage: 'Download', httpRequest: 'HTTP Request' } as const;
	const runs: Record<'fileStorage' | 'httpRequest' | 'raw', Run[]> = {
		fileStorage: [],
		httpRequest: [],
		raw: [],
	};
	const warmupGrowth: number[] = [];
	for (let round = 0; round < WARMUPS + RUNS; round++) {
		for (const side of rotate(['fileStorage', 'httpRequest', 'raw'] as const, round)) {
			if (side === 'raw') {
				const ms = await rawStream(bench.n8n.install.nodeBin, url, token, bench.work);
				if (round >= WARMUPS) runs.raw.push({ ms, cpuS: NaN, growthMb: NaN });
				continue;
			}
			resetPeak(pid);
			const before = memoryMb(pid).rss;
			const cpuBefore = cpuSeconds(pid);
			const run = await bench.run(workflows[side]);
			const cpuS = cpuSeconds(pid) - cpuBefore;
			const growthMb = memoryMb(pid).peak - before;
			const { ms, items } = taskOf(run.execution, nodeName[side]);
			const binary = items[0]?.binary?.data as { id?: string; bytes?: number } | undefined;
			if (!binary?.id || binary.bytes !== file!.size)
				throw new Error(`${side}: stored ${binary?.bytes} bytes of ${file!.size}`);
			// n8n keeps a filesystem binary as `filesystem-v2:<key>` under <user folder>/.n8n/storage
			const stored = path.join(
				bench.n8n.userFolder,
				'.n8n',
				'storage',
				binary.id.slice(binary.id.indexOf(':') + 1),
			);
			if (
				round === 0 &&
				side === 'fileStorage' &&
				(await sha256(stored)) !== sha256OfContent(fileContent(file!))
			)
				throw new Error('the stored file differs from the served bytes');
			fs.rmSync(stored, { force: true });
			if (round >= WARMUPS) runs[side].push({ ms, cpuS, growthMb });
			else if (side === 'fileStorage') warmupGrowth.push(growthMb);
			progress(
				`${side}: ${fmt(ms)} ms, n8n CPU ${cpuS.toFixed(1)} s, memory +${fmt(growthMb)} MiB`,
			);
		}
	}
	const med = (side: keyof typeof runs, pick: (r: Run) => number = (r) => r.ms) =>
		median(runs[side].map(pick));
	const mibPerS = (ms: number) => `${fmt(SIZE_MB / (ms / 1000))} MiB/s`;
	const row = (label: string, side: keyof typeof runs) => [
		label,
		`${fmt(med(side) / 1000)} s`,
		`${list(runs[side].map((r) => r.ms / 1000))} s`,
		mibPerS(med(side)),
		side === 'raw' ? '—' : `${fmt(med(side, (r) => r.cpuS))} s`,
		side === 'raw' ? '—' : `${list(runs[side].map((r) => r.growthMb))} MiB`,
	];
	const ratio = med('raw') / med('fileStorage');
	const growth = Math.max(...runs.fileStorage.map((r) => r.growthMb), ...warmupGrowth);
	return [
		`## Download of a ${SIZE_MB} MiB file`,
		'',
		`Measured ${intro}; n8n ${bench.n8n.install.version} (\`N8N_DEFAULT_BINARY_DATA_MODE=filesystem\`), the sandbox serving the file generated on the fly, ${RUNS} runs of each after ${WARMUPS} untimed round(s), in rotating order (\`test/bench/download-bench.ts\`). Inside n8n: Webhook → the node, its execution time from the run data. *Raw stream*: Node's \`http.get\` piped to a file in a fresh process with n8n's Node. Memory: n8n's peak resident size during the run (VmHWM, reset through /proc/<pid>/clear_refs) minus its resident size right before it. The stored file is checked byte for byte (SHA-256) in the first round and its size in every run.`,
		'',
		table(' | median | runs | throughput | n8n CPU (median) | n8n memory growth', [
			row("File Storage → Download (into n8n's binary data)", 'fileStorage'),
			row("n8n's HTTP Request node (Response Format: File)", 'httpRequest'),
			row('raw Node.js stream to disk (own process)', 'raw'),
		]),
		'',
		targetTable([
			{
				target: `throughput ≥ ${TARGET_RATIO}× the raw stream`,
				measured: `${ratio.toFixed(2)}× (n8n's HTTP Request node: ${(med('raw') / med('httpRequest')).toFixed(2)}×)`,
				ok: ratio >= TARGET_RATIO,
			},
			{
				target: `n8n's peak memory growth ≤ ${TARGET_GROWTH_MB} MB`,
				measured: `${fmt(growth)} MiB at most${warmupGrowth.length ? ` (untimed rounds, n8n's first execution of the workflow included: ${list(warmupGrowth)} MiB)` : ''}`,
				ok: growth <= TARGET_GROWTH_MB,
			},
		]),
		'',
		"Where the difference to the raw stream goes: every socket read allocates a new 64 KiB buffer outside the JavaScript heap, V8 may answer that growing external memory with full garbage collections, and their cost grows with the heap, several hundred MB in n8n against a few MB in a fresh process. n8n's own HTTP Request node pays the same.",
	].join('\n');
}

/** Node's http.get piped to a file, timed inside a process of its own (n8n's Node); returns its ms. */
async function rawStream(
	nodeBin: string,
	url: string,
	token: string,
	work: string,
): Promise<number> {
	const target = path.join(work, 'raw.bin');
	const script = `
const http = require('node:http'); const fs = require('node:fs'); const { pipeline } = require('node:stream/promises');
const t0 = performance.now();
http.get(process.argv[1], { headers: { Authorization: 'Bearer ' + process.env.BENCH_TOKEN } }, async (res) => {
  await pipeline(res, fs.createWriteStream(process.argv[2]));
  process.stdout.write(JSON.stringify({ ms: performance.now() - t0, bytes: fs.statSync(process.argv[2]).size }));
}).on('error', (e) => { console.error(e); process.exit(1); });`;
	const result = await runCommand(nodeBin, ['-e', script, url, target], {
		env: { ...process.env, BENCH_TOKEN: token },
		logDir: path.join(work, 'logs'),
		name: 'raw-stream',
		timeoutMs: 10 * 60_000,
	});
	fs.rmSync(target, { force: true });
	if (result.code !== 0) throw new Error(`the raw stream failed: ${result.stderr.slice(-1000)}`);
	const { ms, bytes } = JSON.parse(result.stdout) as { ms: number; bytes: number };
	if (bytes !== SIZE_MB * 1024 ** 2) throw new Error(`the raw stream wrote ${bytes} bytes`);
	return ms;
}

async function sha256(file: string): Promise<string> {
	const hash = crypto.createHash('sha256');
	for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 }))
		hash.update(chunk as Buffer);
	return hash.digest('hex');
}
