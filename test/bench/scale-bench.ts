/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * The scale section (BENCH_ONLY=scale): the cost curve of Folder → Get Contents, Return All (Simplify on), over
 * folders of 1,000, 10,000 and 100,000 files: time per item and n8n's peak memory growth against the output's JSON,
 * per size, and their picture (docs/benchmarks-scale.svg). The folders are added to the sandbox's model in the
 * benchmark's process (no HTTP). Env: BENCH_SCALE_RUNS (5), BENCH_SCALE_RUNS_100K (3: the largest size runs in the
 * first rounds only).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { REPO_ROOT } from '../e2e/checkout';
import { BenchN8n, jsonMb, knob, progress, rounds, WARMUPS } from './lib';
import { blocks, distinct, fmt, listOf, medianOf, table } from './report';
import { lineChartsSvg } from './svg';
import type { Step } from '../e2e/fixtures';
import { getContents } from './workflows';

const SIZES = [1_000, 10_000, 100_000];
const RUNS = knob('BENCH_SCALE_RUNS', 5);
const RUNS_LARGEST = Math.min(RUNS, knob('BENCH_SCALE_RUNS_100K', 3));
const PICTURE = path.join(REPO_ROOT, 'docs', 'benchmarks-scale.svg');

export async function scaleBench(): Promise<string> {
	const began = Date.now();
	let seedMs = 0;
	const bench = await BenchN8n.start('scale', { probe: true }, async (sb) => {
		const t0 = performance.now();
		const flows: Record<string, Step[]> = {};
		for (const size of SIZES) {
			const { id: folderId } = sb.model.addFolder(0, { name: `Scale ${size}` });
			const digits = String(size).length;
			for (let i = 0; i < size; i++) {
				const name = `scale-${String(i).padStart(digits, '0')}.txt`;
				const bytes = 1_000 + ((i * 7919) % 100_000);
				sb.model.addFile(0, { folderId, name, mimetype: 'text/plain', size: bytes });
			}
			flows[size] = [getContents(folderId)];
		}
		seedMs = performance.now() - t0;
		progress(`${SIZES.join(' + ')} files added to the sandbox in ${fmt(seedMs)} ms`);
		return flows;
	});
	const largest = String(SIZES[SIZES.length - 1]);
	const { measured } = await rounds('scale', SIZES.map(String), RUNS, async (size, round) => {
		if (size === largest && round - WARMUPS >= RUNS_LARGEST) return undefined;
		// read back after the measured window: n8n's work of serving 100,000 items is not the node's
		return await bench.measure(size, { settle: true }, (items) => {
			if (items.length !== Number(size)) throw new Error(`${size}: ${items.length} items`);
			return { outputMb: jsonMb(items) };
		});
	});
	const runs = SIZES.map((size) => measured[String(size)]);
	const usPerItem = (key: 'ms' | 'serverMs') =>
		runs.map((r, i) => (1000 * medianOf(r, key)) / SIZES[i]);
	const [node, sandbox] = [usPerItem('ms'), usPerItem('serverMs')];
	const ratio = runs.map((r) => medianOf(r, 'growthMb') / medianOf(r, 'outputMb'));
	const time = [
		{ label: 'node', color: '#1f77b4', values: node },
		{ label: "sandbox's own share", color: '#7f7f7f', dashed: true, values: sandbox },
	];
	const memory = [
		{ label: 'peak RSS growth ÷ output JSON (median)', color: '#d62728', values: ratio },
	];
	fs.writeFileSync(
		PICTURE,
		lineChartsSvg(SIZES, [
			{ title: 'Time per item (median)', unit: 'µs', series: time },
			{ title: "n8n's peak memory growth ÷ output JSON", unit: '×', series: memory },
		]),
	);
	return blocks(
		'## Cost curve: Get Contents over 1,000 / 10,000 / 100,000 files',
		`${bench.measuredOn} (\`test/bench/scale-bench.ts\`). Folder → Get Contents with its defaults (Return All, Simplify on) over a folder of each size (added to the sandbox's model in the benchmark's process: ${fmt(seedMs / 1000)} s for all ${SIZES.reduce((a, b) => a + b).toLocaleString('en-US')} files), ${RUNS} runs of 1,000 and 10,000 and ${RUNS_LARGEST} of 100,000 after ${WARMUPS} untimed round(s) of each, each on a settled heap; medians. *Time*: the node's execution time from the run data; *sandbox*: the server's own time on the run's requests. Memory: n8n's peak resident size during the webhook call (VmHWM, reset through /proc/<pid>/clear_refs after the settling GCs) minus its resident size right before it: what n8n holds and does with the output (run data, saving the execution) included. *Output JSON*: the node's output items as JSON.`,
		table(
			'Files | Runs | Requests | Node time (ms) | µs / item | Sandbox µs / item | Output JSON (MiB) | Peak RSS growth (MiB, median; runs) | ÷ output JSON | Webhook round trip (ms)',
			runs.map((r, i) => [
				SIZES[i].toLocaleString('en-US'),
				r.length,
				distinct(r.map((x) => x.requests)),
				fmt(medianOf(r, 'ms')),
				`**${fmt(node[i])}**`,
				fmt(sandbox[i]),
				fmt(medianOf(r, 'outputMb')),
				`${fmt(medianOf(r, 'growthMb'))}; ${listOf(r, 'growthMb')}`,
				`**${fmt(ratio[i])}×**`,
				fmt(medianOf(r, 'wallMs')),
			]),
		),
		'![Time per item and peak memory growth per MiB of output, by folder size](benchmarks-scale.svg)',
		`The section took ${((Date.now() - began) / 60_000).toFixed(1)} min, n8n's start and the package's build included.`,
	);
}
