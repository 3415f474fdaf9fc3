/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * The scale section (BENCH_ONLY=scale): the cost curve of Folder → Get Contents, Return All (Simplify on), over
 * folders of 1,000, 10,000 and 100,000 files: time per item and n8n's peak memory growth against the output's JSON,
 * per size, and their picture (docs/benchmarks-scale.svg). The folders are added to the sandbox's model in the
 * benchmark's process (no HTTP). Env: BENCH_SCALE_RUNS (5), BENCH_SCALE_RUNS_100K (3: the largest size runs in the
 * first rounds only), BENCH_SCALE_WARMUPS (1).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { REPO_ROOT } from '../e2e/checkout';
import type { BenchWorkflow } from './lib';
import { BenchN8n, knob, machine, memoryMb, progress, resetPeak, taskOf } from './lib';
import { fmt, list, median, table } from './report';
import { lineChartsSvg } from './svg';
import { benchCredentials, getContents, webhookWorkflow } from './workflows';

const SIZES = [1_000, 10_000, 100_000];
const RUNS = knob('BENCH_SCALE_RUNS', 5);
const RUNS_LARGEST = Math.min(RUNS, knob('BENCH_SCALE_RUNS_100K', 3));
const WARMUPS = knob('BENCH_SCALE_WARMUPS', 1, 0);
const PICTURE = path.join(REPO_ROOT, 'docs', 'benchmarks-scale.svg');
const MiB = 1024 ** 2;

interface Run {
	ms: number;
	serverMs: number;
	wallMs: number;
	requests: number;
	growthMb: number;
	outputMb: number;
}

export async function scaleBench(): Promise<string> {
	const began = Date.now();
	const intro = machine();
	const flows = new Map<number, BenchWorkflow>();
	let seedMs = 0;
	const bench = await BenchN8n.start('scale', { probe: true }, (sb) => {
		const t0 = performance.now();
		for (const size of SIZES) {
			const folder = sb.model.addFolder(0, { name: `Scale ${size}` });
			const digits = String(size).length;
			for (let i = 0; i < size; i++)
				sb.model.addFile(0, {
					folderId: folder.id,
					name: `scale-${String(i).padStart(digits, '0')}.txt`,
					mimetype: 'text/plain',
					size: 1_000 + ((i * 7919) % 100_000),
				});
			flows.set(size, webhookWorkflow(`bench-scale-${size}`, [getContents(folder.id)]));
		}
		seedMs = performance.now() - t0;
		progress(`${SIZES.join(' + ')} files added to the sandbox in ${fmt(seedMs)} ms`);
		return {
			credentials: benchCredentials(sb.baseUrl, sb.seed.users[0].accessToken),
			workflows: [...flows.values()],
		};
	});
	const { pid } = bench;
	const runs = new Map<number, Run[]>(SIZES.map((s) => [s, []]));
	for (let round = 0; round < WARMUPS + RUNS; round++) {
		const keep = round >= WARMUPS;
		for (const size of SIZES) {
			if (size === SIZES[SIZES.length - 1] && keep && round - WARMUPS >= RUNS_LARGEST) continue;
			await bench.settle();
			resetPeak(pid);
			const before = memoryMb(pid).rss;
			const call = await bench.call(flows.get(size)!);
			const growthMb = memoryMb(pid).peak - before;
			// read back outside the measured window: n8n's work of serving 100,000 items is not the node's
			const { ms, items } = taskOf(await bench.read(call), 'File Storage');
			if (items.length !== size) throw new Error(`${size}: ${items.length} items`);
			const outputMb = Buffer.byteLength(JSON.stringify(items.map((i) => i.json))) / MiB;
			if (keep)
				runs.get(size)!.push({
					ms,
					serverMs: call.serverMs,
					wallMs: call.wallMs,
					requests: call.requests.length,
					growthMb,
					outputMb,
				});
			progress(
				`scale ${keep ? `run ${round - WARMUPS + 1}/${RUNS}` : 'warm-up'} ${size}: ${fmt(ms)} ms, +${fmt(growthMb)} MiB for ${fmt(outputMb)} MiB of output`,
			);
		}
	}
	const points = SIZES.map((size) => {
		const r = runs.get(size)!;
		const ms = median(r.map((x) => x.ms));
		const growth = median(r.map((x) => x.growthMb));
		const output = median(r.map((x) => x.outputMb));
		return {
			size,
			runs: r,
			ms,
			usPerItem: (1000 * ms) / size,
			sandboxUsPerItem: (1000 * median(r.map((x) => x.serverMs))) / size,
			growth,
			output,
			ratio: growth / output,
		};
	});
	fs.writeFileSync(
		PICTURE,
		lineChartsSvg(SIZES, [
			{
				title: 'Time per item (median)',
				unit: 'µs',
				series: [
					{ label: 'node', color: '#1f77b4', values: points.map((p) => p.usPerItem) },
					{
						label: "sandbox's own share",
						color: '#7f7f7f',
						dashed: true,
						values: points.map((p) => p.sandboxUsPerItem),
					},
				],
			},
			{
				title: "n8n's peak memory growth ÷ output JSON",
				unit: '×',
				series: [
					{
						label: 'peak RSS growth ÷ output JSON (median)',
						color: '#d62728',
						values: points.map((p) => p.ratio),
					},
				],
			},
		]),
	);
	return [
		'## Cost curve: Get Contents over 1,000 / 10,000 / 100,000 files',
		'',
		`Measured ${intro}; n8n ${bench.n8n.install.version} (\`test/bench/scale-bench.ts\`). Folder → Get Contents with its defaults (Return All, Simplify on) over a folder of each size (added to the sandbox's model in the benchmark's process: ${fmt(seedMs / 1000)} s for all ${SIZES.reduce((a, b) => a + b).toLocaleString('en-US')} files), ${RUNS} runs of 1,000 and 10,000 and ${RUNS_LARGEST} of 100,000 after ${WARMUPS} untimed round(s) of each, each on a settled heap; medians. *Time*: the node's execution time from the run data; *sandbox*: the server's own time on the run's requests. Memory: n8n's peak resident size during the webhook call (VmHWM, reset through /proc/<pid>/clear_refs after the settling GCs) minus its resident size right before it: what n8n holds and does with the output (run data, saving the execution) included. *Output JSON*: the node's output items as JSON.`,
		'',
		table(
			'Files | Runs | Requests | Node time (ms) | µs / item | Sandbox µs / item | Output JSON (MiB) | Peak RSS growth (MiB, median; runs) | ÷ output JSON | Webhook round trip (ms)',
			points.map((p) => [
				p.size.toLocaleString('en-US'),
				p.runs.length,
				[...new Set(p.runs.map((r) => r.requests))].join(', '),
				fmt(p.ms),
				`**${fmt(p.usPerItem)}**`,
				fmt(p.sandboxUsPerItem),
				fmt(p.output),
				`${fmt(p.growth)}; ${list(p.runs.map((r) => r.growthMb))}`,
				`**${fmt(p.ratio)}×**`,
				fmt(median(p.runs.map((r) => r.wallMs))),
			]),
		),
		'',
		'![Time per item and peak memory growth per MiB of output, by folder size](benchmarks-scale.svg)',
		'',
		`The section took ${((Date.now() - began) / 60_000).toFixed(1)} min, n8n's start and the package's build included.`,
	].join('\n');
}
