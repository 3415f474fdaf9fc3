/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * The Download section (BENCH_ONLY=download): a 1 GiB file from the sandbox into n8n with filesystem binary data,
 * by File Storage → Download and by n8n's HTTP Request node (Response Format: File), against a raw Node stream of
 * the same URL to disk in a process of its own; n8n's CPU and the growth of its peak resident size (VmHWM, reset
 * before each run). Env: BENCH_DOWNLOAD_RUNS (3), BENCH_DOWNLOAD_MB (1024).
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { fileContent, sha256OfContent } from '../sandbox/content';
import type { FileRec } from '../sandbox/model';
import { BenchN8n, knob, rounds, WARMUPS } from './lib';
import { blocks, fmt, list, listOf, medianOf, table, targetTable } from './report';
import { fileStorage, httpRequest } from './workflows';

const RUNS = knob('BENCH_DOWNLOAD_RUNS', 3);
const SIZE_MB = knob('BENCH_DOWNLOAD_MB', 1024);
const TARGET_RATIO = 0.8;
const TARGET_GROWTH_MB = 64;

const SIDES = {
	fileStorage: "File Storage → Download (into n8n's binary data)",
	httpRequest: "n8n's HTTP Request node (Response Format: File)",
	raw: 'raw Node.js stream to disk (own process)',
};
type Side = keyof typeof SIDES;

export async function downloadBench(): Promise<string> {
	let file: FileRec | undefined;
	let url = '';
	const env = { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' };
	const bench = await BenchN8n.start('download', { env }, async (sb) => {
		const size = SIZE_MB * 1024 ** 2;
		file = sb.model.addFile(0, { name: 'bench.bin', size, mimetype: 'application/octet-stream' });
		url = `${sb.baseUrl}/file/${file.basename}`;
		const download = { source: 'url', fileUrl: url, options: { timeout: 120 } };
		const response = { response: { response: { responseFormat: 'file' } }, timeout: 120_000 };
		return {
			fileStorage: [fileStorage('Download', 'file download', download)],
			httpRequest: [httpRequest({ method: 'GET', url, options: response }, { typeVersion: 4.2 })],
		};
	});
	const rawStream = bench.rawClient();
	const sides = Object.keys(SIDES) as Side[];
	const { measured: runs, untimed } = await rounds('download', sides, RUNS, async (side, round) => {
		if (side === 'raw') {
			const target = path.join(bench.work, 'raw.bin');
			const request = { kind: 'stream', url, file: target } as const;
			const raw = await rawStream<{ ms: number; bytes: number }>(request);
			fs.rmSync(target, { force: true });
			if (raw.bytes !== file!.size) throw new Error(`the raw stream wrote ${raw.bytes} bytes`);
			return { ms: raw.ms, cpuS: NaN, growthMb: NaN };
		}
		return await bench.measure(side, {}, async (items) => {
			const binary = items[0]?.binary?.data;
			if (!binary?.id || binary.bytes !== file!.size)
				throw new Error(`${side}: stored ${binary?.bytes} bytes of ${file!.size}`);
			const stored = bench.binaryFile(binary);
			const checked = round === 0 && side === 'fileStorage';
			if (checked && (await sha256(stored)) !== sha256OfContent(fileContent(file!)))
				throw new Error('the stored file differs from the served bytes');
			fs.rmSync(stored, { force: true });
		});
	});
	const med = (side: Side) => medianOf(runs[side], 'ms');
	const row = (side: Side) => [
		SIDES[side],
		`${fmt(med(side) / 1000)} s`,
		`${list(runs[side].map((r) => r.ms / 1000))} s`,
		`${fmt(SIZE_MB / (med(side) / 1000))} MiB/s`,
		side === 'raw' ? '—' : `${fmt(medianOf(runs[side], 'cpuS'))} s`,
		side === 'raw' ? '—' : `${listOf(runs[side], 'growthMb')} MiB`,
	];
	const ratio = med('raw') / med('fileStorage');
	const warmupGrowth = untimed.fileStorage.map((r) => r.growthMb);
	const growth = Math.max(...runs.fileStorage.map((r) => r.growthMb), ...warmupGrowth);
	return blocks(
		`## Download of a ${SIZE_MB} MiB file`,
		`${bench.measuredOn} (\`N8N_DEFAULT_BINARY_DATA_MODE=filesystem\`), the sandbox serving the file generated on the fly, ${RUNS} runs of each after ${WARMUPS} untimed round(s), in rotating order (\`test/bench/download-bench.ts\`). Inside n8n: Webhook → the node, its execution time from the run data. *Raw stream*: Node's \`http.get\` piped to a file in a fresh process with n8n's Node. Memory: n8n's peak resident size during the run (VmHWM, reset through /proc/<pid>/clear_refs) minus its resident size right before it. The stored file is checked byte for byte (SHA-256) in the first round and its size in every run.`,
		table(' | median | runs | throughput | n8n CPU (median) | n8n memory growth', sides.map(row)),
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
		"Where the difference to the raw stream goes: every socket read allocates a new 64 KiB buffer outside the JavaScript heap, V8 may answer that growing external memory with full garbage collections, and their cost grows with the heap, several hundred MB in n8n against a few MB in a fresh process. n8n's own HTTP Request node pays the same.",
	);
}

async function sha256(file: string): Promise<string> {
	const hash = crypto.createHash('sha256');
	for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 }))
		hash.update(chunk as Buffer);
	return hash.digest('hex');
}
