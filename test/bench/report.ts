/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** Statistics and the Markdown report of the benchmark (docs/benchmarks.md, also printed), and its scale chart. */
import * as path from 'node:path';

import { REPO_ROOT } from '../e2e/checkout';
import type { ProfileSummary } from './cpuprofile';
import type { AllocationSummary } from './heapprofile';
import type { ProbeResult } from './n8n-probe';
import type { TriggerResult } from './trigger-bench';
import { runStamp } from './report-sections';

export const SCALE_CHART = path.join(REPO_ROOT, 'docs', 'benchmarks-scale.svg');

export function median(values: number[]): number {
	return percentile(values, 50);
}

/** Nearest-rank percentile: the smallest value with at least p% of the values at or below it (p50 = median). */
export function percentile(values: number[], p: number): number {
	const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
	if (!sorted.length) return NaN;
	if (p === 50 && sorted.length % 2 === 0)
		return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (value: number): string =>
	!Number.isFinite(value)
		? 'n/a'
		: Math.abs(value) >= 100
			? value.toFixed(0)
			: Math.abs(value) >= 10
				? value.toFixed(1)
				: value.toFixed(2);

const range = (values: number[]): string => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
const check = (ok: boolean): string => (ok ? '✅' : '❌');
const counts = (values: number[]): string => {
	const distinct = [...new Set(values)];
	return distinct.length === 1
		? String(distinct[0])
		: `${Math.min(...values)}–${Math.max(...values)}`;
};
const loads = (load: number[] | undefined) =>
	load ? load.map((l) => l.toFixed(2)).join(' / ') : 'n/a';

/** Garbage collection in the n8n process during one webhook call (n8n-probe.ts, V8's GC profiler). */
export interface GcSummary {
	pauses: number;
	ms: number;
	/** full mark-compact collections of the old generation (n8n's whole long-lived heap) */
	majorPauses: number;
	majorMs: number;
}

export function gcOf(probe: ProbeResult): GcSummary {
	const major = probe.gc.filter((p) => p.kind === 'MarkSweepCompact');
	const sum = (pauses: ProbeResult['gc']) => pauses.reduce((total, p) => total + p.ms, 0);
	return {
		pauses: probe.gc.length,
		ms: sum(probe.gc),
		majorPauses: major.length,
		majorMs: sum(major),
	};
}

export interface MeasuredRun {
	/** the measured time: node execution time(s) from the run data, or the raw loop's own time */
	timeMs: number;
	/** node times by node name (sums into timeMs) */
	parts?: Record<string, number>;
	/** round trip of the webhook call that ran the workflow (n8n overhead included) */
	wallMs?: number;
	requests: number;
	items: number;
	/** the sandbox's own time on this run's requests (request read → answer written), summed */
	serverMs?: number;
	/** GC in the n8n process during the webhook call */
	gc?: GcSummary;
	/** n8n's used heap when the run started (after the full GC, for runs on a settled heap) */
	heapBeforeMb?: number;
}

export interface VariantResult {
	label: string;
	runs: MeasuredRun[];
	warmup?: MeasuredRun;
	problems: string[];
}

/** n8n variants without `AsIs` ran on a settled heap (a full GC just before), the `AsIs` ones on the heap as it was */
export type ListingKey =
	| 'fsSimplify'
	| 'fsRaw'
	| 'httpSplit'
	| 'fsSimplifyAsIs'
	| 'fsRawAsIs'
	| 'httpSplitAsIs'
	| 'rawKeepAlive'
	| 'rawNoKeepAlive';

export const LISTING_LABELS: Record<ListingKey, string> = {
	fsSimplify: 'File Storage, Simplify on (default)',
	fsRaw: 'File Storage, Simplify off',
	httpSplit: 'HTTP Request (pagination) + Split Out',
	fsSimplifyAsIs: 'File Storage, Simplify on (default), heap as is',
	fsRawAsIs: 'File Storage, Simplify off, heap as is',
	httpSplitAsIs: 'HTTP Request (pagination) + Split Out, heap as is',
	rawKeepAlive: 'raw axios loop, keep-alive',
	rawNoKeepAlive: 'raw axios loop, a new connection per request',
};

export interface ScaleRun {
	timeMs: number;
	wallMs: number;
	requests: number;
	serverMs: number;
	/** bytes of the output items' JSON (`JSON.stringify` of their `json`, UTF-8) */
	outputJsonBytes: number;
	probe: ProbeResult;
}

export interface ScalePoint {
	items: number;
	runs: ScaleRun[];
	problems: string[];
}

/** One listing variant profiled inside the n8n process (n8n-probe.ts): CPU, allocations, GC. */
export interface InN8nProfile {
	variant: string;
	label: string;
	runs: MeasuredRun[];
	/** the whole webhook call */
	cpu: ProfileSummary;
	/** only the samples inside the measured nodes' execution time (the window the timings measure) */
	cpuInNodes: ProfileSummary;
	allocations: AllocationSummary;
	files: string;
}

export interface ExecuteResultRow {
	label: string;
	wallMs: number;
	nodeMs: number;
	requests: number;
	items: number;
	ok: boolean;
}

export interface Facts {
	date: string;
	cores: number;
	cpuModel: string;
	memory: string;
	benchNode: string;
	n8nNode: string;
	n8nVersion: string;
	packageVersion: string;
	runs: number;
	maxRuns: number;
	warmups: number;
	bulkFiles: number;
	batchItems: number;
	/** measured listing rounds (≥ runs when the spread asked for more) */
	listingRounds?: number;
	/** load averages (1, 5, 15 min) */
	loadBefore: number[];
	loadListing?: number[];
	loadListingAfter?: number[];
	loadAfter?: number[];
	totalSeconds?: number;
}

export interface ProfileReport {
	title: string;
	why: string;
	engine: string;
	nodeVersion: string;
	runs: Array<{ wallMs: number; nodeMs: number; items: number }>;
	/** the same runs with the legacy expression engine (not profiled in the tables) */
	legacyRuns?: Array<{ wallMs: number; nodeMs: number; items: number }>;
	summary: ProfileSummary;
	files: string;
}

export interface BenchResults {
	facts: Facts;
	listing: Record<ListingKey, VariantResult>;
	listingExecute: ExecuteResultRow[];
	scale: ScalePoint[];
	inN8nProfiles: InN8nProfile[];
	batch: {
		fsRestore: VariantResult;
		httpRestore: VariantResult;
		fsDelete: VariantResult;
		httpDelete: VariantResult;
	};
	trigger: TriggerResult[];
	profiles: ProfileReport[];
}

export interface TargetRow {
	target: string;
	measured: string;
	ok: boolean;
}

const times = (v: VariantResult) => v.runs.map((r) => r.timeMs);
const p50 = (v: VariantResult) => percentile(times(v), 50);
const p90 = (v: VariantResult) => percentile(times(v), 90);
const medOf = (v: VariantResult, pick: (r: MeasuredRun) => number | undefined) =>
	median(v.runs.map((r) => pick(r) ?? NaN));
const maxRequests = (v: VariantResult) => Math.max(...v.runs.map((r) => r.requests));

export function targets(results: BenchResults): TargetRow[] {
	const { listing, batch, trigger } = results;
	const rows: TargetRow[] = [];
	const compare = (
		variant: VariantResult,
		name: string,
		against: VariantResult,
		againstName: string,
		factor: number,
	) => {
		for (const [stat, pick] of [
			['p50', p50],
			['p90', p90],
		] as const) {
			const mine = pick(variant);
			const theirs = pick(against);
			rows.push({
				target: `Listing 10,000 (${name}) ${stat} ≤ ${factor === 1 ? '' : `${factor}× `}${againstName}`,
				measured: `${ms(mine)} ms vs ${ms(theirs)} ms = ${ratio(mine / theirs)}`,
				ok: mine <= factor * theirs,
			});
		}
	};
	if (listing.fsSimplify.runs.length) {
		compare(listing.fsSimplify, 'Simplify on', listing.httpSplit, 'HTTP Request + Split Out', 1);
		compare(
			listing.fsSimplify,
			'Simplify on',
			listing.rawNoKeepAlive,
			'the raw loop without keep-alive',
			1.1,
		);
		compare(
			listing.fsRaw,
			'Simplify off',
			listing.rawNoKeepAlive,
			'the raw loop without keep-alive',
			1.05,
		);
	}
	if (listing.fsSimplifyAsIs.runs.length) {
		const asIs = 'heap as is';
		compare(
			listing.fsSimplifyAsIs,
			`Simplify on, ${asIs}`,
			listing.httpSplitAsIs,
			`HTTP Request + Split Out, ${asIs}`,
			1,
		);
		compare(
			listing.fsSimplifyAsIs,
			`Simplify on, ${asIs}`,
			listing.rawNoKeepAlive,
			'the raw loop without keep-alive',
			1.1,
		);
		compare(
			listing.fsRawAsIs,
			`Simplify off, ${asIs}`,
			listing.rawNoKeepAlive,
			'the raw loop without keep-alive',
			1.05,
		);
	}
	if (batch.fsRestore.runs.length) {
		for (const [fs, per, name] of [
			[batch.fsRestore, batch.httpRestore, 'Trash → Restore'],
			[batch.fsDelete, batch.httpDelete, 'Shared Folder → Delete Items'],
		] as const) {
			const requests = maxRequests(fs);
			rows.push({
				target: `${name}: ≤ 10 requests for 1,000 items`,
				measured: `${requests} requests`,
				ok: requests <= 10,
			});
			const speedup = p50(per) / p50(fs);
			// a miss says how much of the time is the server's own work, which no client can take away
			const server =
				speedup >= 20
					? ''
					: `; the server's own work is ${ms(medOf(fs, (r) => r.serverMs))} ms of it (see Batch operations)`;
			rows.push({
				target: `${name}: ≥ 20× faster than one request per item (p50)`,
				measured: `${ms(p50(fs))} ms vs ${ms(p50(per))} ms = ${ratio(speedup)} faster${server}`,
				ok: speedup >= 20,
			});
		}
	}
	for (const t of trigger) {
		rows.push({
			target: `Trigger ${t.event}: idle poll = 1 request`,
			measured: `${t.idlePollRequests} (after ${t.emitted.toLocaleString('en-US')} events: ${t.idlePollRequestsAfter})`,
			ok: t.idlePollRequests === 1 && t.idlePollRequestsAfter === 1,
		});
	}
	for (const t of trigger) {
		rows.push({
			target: `Trigger ${t.event}: static data ≤ 8 KB`,
			measured: `max ${t.staticBytesMax.toLocaleString('en-US')} B, final ${t.staticBytesFinal.toLocaleString('en-US')} B after ${t.emitted.toLocaleString('en-US')} events`,
			ok: t.staticBytesMax <= 8 * 1024,
		});
	}
	return rows;
}

function problemsOf(variants: Array<{ label: string; problems: string[] }>): string[] {
	return variants.flatMap((v) => v.problems.map((p) => `${v.label}: ${p}`));
}

function renderListing(results: BenchResults, out: string[]): void {
	const { listing, facts } = results;
	const floor = p50(listing.rawNoKeepAlive);
	const rounds = facts.listingRounds ?? listing.fsSimplify.runs.length;
	out.push(`### Listing ${facts.bulkFiles.toLocaleString('en-US')} files of one folder`);
	out.push('');
	out.push(
		`${rounds} measured rounds after ${facts.warmups} warm-up (at least ${facts.runs}; more when a variant's p90 was over 1.3× its p50, at most ${facts.maxRuns}), all variants interleaved in each round, their order rotating. p50 / p90 are nearest-rank percentiles of the runs. *Time* is the nodes' own execution time from n8n's run data (HTTP Request + Split Out summed) or the raw loop's own time; *sandbox* is the server's own time on the run's 20 requests; *GC* the garbage collection pauses of the n8n process during the webhook call (median per run, and in how many runs a full mark-compact of n8n's heap finished there); *webhook round trip* is the whole execution as the caller saw it. Load average (1/5/15 min) ${loads(facts.loadListing)} before, ${loads(facts.loadListingAfter)} after the listing rounds.`,
	);
	out.push('');
	const header = () => {
		out.push(
			'| Variant | p50 (ms) | p90 (ms) | min–max | p50 × raw loop without keep-alive | Requests / run | Items | Sandbox (ms, p50) | GC pauses (ms, p50) | Runs with a full GC | Webhook round trip (ms, p50) |',
		);
		out.push('|---|---|---|---|---|---|---|---|---|---|---|');
	};
	const row = (key: ListingKey) => {
		const v = listing[key];
		const gcRuns = v.runs.filter((r) => r.gc);
		const major = gcRuns.filter((r) => (r.gc?.majorPauses ?? 0) > 0).length;
		const parts = Object.keys(v.runs[0]?.parts ?? {})
			.map((name) => `${name} ${ms(median(v.runs.map((r) => r.parts?.[name] ?? NaN)))}`)
			.join(' + ');
		out.push(
			`| ${v.label}${parts ? ` (p50: ${parts})` : ''} | **${ms(p50(v))}** | **${ms(p90(v))}** | ${range(times(v))} | ${ratio(p50(v) / floor)} | ${counts(
				v.runs.map((r) => r.requests),
			)} | ${counts(v.runs.map((r) => r.items))} | ${ms(medOf(v, (r) => r.serverMs))} | ${gcRuns.length ? ms(medOf(v, (r) => r.gc?.ms)) : '—'} | ${
				gcRuns.length ? `${major} of ${gcRuns.length}` : '—'
			} | ${Number.isFinite(medOf(v, (r) => r.wallMs)) ? ms(medOf(v, (r) => r.wallMs)) : '—'} |`,
		);
	};
	out.push(
		"**On a settled heap**: before each n8n run the probe has n8n collect all its garbage, so no collection of garbage from earlier runs can land in this one: the nodes' own cost. The benchmark reads the executions back with their data (n8n loads, parses and serialises each again) only after the rounds, so that work of the benchmark's own never leaves garbage for a measured run.",
	);
	out.push('');
	header();
	for (const key of ['fsSimplify', 'fsRaw', 'httpSplit', 'rawKeepAlive', 'rawNoKeepAlive'] as const)
		row(key);
	out.push('');
	out.push(
		`The raw loops run in a child process of their own with n8n's Node (${facts.n8nNode}), warm, like n8n: the keep-alive loop reuses one connection; the other opens a new one per request, as n8n's HTTP helper does (it builds its agents for every request). What separates them is the host's connection cost, not any node's: the no-keep-alive loop is the floor for a node inside n8n that walks page by page, as HTTP Request's pagination does.`,
	);
	out.push('');
	if (listing.fsSimplifyAsIs.runs.length) {
		const settled = ['fsSimplify', 'fsRaw', 'httpSplit'] as const;
		const asIs = ['fsSimplifyAsIs', 'fsRawAsIs', 'httpSplitAsIs'] as const;
		const heapAt = (keys: readonly ListingKey[]) =>
			keys.flatMap((k) => listing[k].runs.map((r) => r.heapBeforeMb ?? NaN));
		const fullGcMs = asIs.flatMap((k) =>
			listing[k].runs.filter((r) => (r.gc?.majorPauses ?? 0) > 0).map((r) => r.gc?.majorMs ?? NaN),
		);
		out.push(
			`**On the heap as the runs before left it** (same rounds, interleaved with the runs above): what a run costs when n8n's heap holds the garbage of its own earlier executions (running them, saving them), as in a busy n8n. n8n's used heap at the start of a run: ${ms(median(heapAt(settled)))} MB on a settled heap (what is alive), ${ms(
				median(heapAt(asIs)),
			)} MB as is (p50; up to ${ms(Math.max(...heapAt(asIs)))} MB). When a full mark-compact of n8n's heap finishes inside a run it adds its pause: ${
				fullGcMs.length ? `${fullGcMs.length} times here, ${range(fullGcMs)} ms` : 'none did here'
			} (on a loaded 2-core machine the marking V8 would do on other threads gets little CPU and is left to the pause).`,
		);
		out.push('');
		header();
		for (const key of ['fsSimplifyAsIs', 'fsRawAsIs', 'httpSplitAsIs'] as const) row(key);
		out.push('');
	}
	if (results.listingExecute.length) {
		out.push(
			'`n8n execute` (one cold CLI process per variant, for transparency: start-up, migrations check, node loading, the run, shutdown):',
		);
		out.push('');
		out.push(
			'| Variant | `n8n execute` wall time (s) | Node time in that cold run (ms) | Requests | Items |',
		);
		out.push('|---|---|---|---|---|');
		for (const r of results.listingExecute) {
			out.push(
				`| ${r.label} | ${(r.wallMs / 1000).toFixed(1)} | ${ms(r.nodeMs)} | ${r.requests} | ${r.items}${r.ok ? '' : ' (failed)'} |`,
			);
		}
		out.push('');
	}
}

const MB = 1024 * 1024;

/** Per scale point: medians over its runs. */
function scaleFigures(point: ScalePoint) {
	const med = (pick: (r: ScaleRun) => number) => median(point.runs.map(pick));
	const timeMs = med((r) => r.timeMs);
	const serverMs = med((r) => r.serverMs);
	const jsonMb = med((r) => r.outputJsonBytes) / MB;
	const heapGrowthMb = med((r) => r.probe.heapUsedPeakMb - r.probe.heapUsedBeforeMb);
	const rssGrowthMb = med((r) => r.probe.rssPeakMb - r.probe.rssBeforeMb);
	return {
		timeMs,
		serverMs,
		usPerItem: (1000 * timeMs) / point.items,
		serverUsPerItem: (1000 * serverMs) / point.items,
		clientUsPerItem: (1000 * (timeMs - serverMs)) / point.items,
		jsonMb,
		heapGrowthMb,
		rssGrowthMb,
		gcMs: med((r) => gcOf(r.probe).ms),
		wallMs: med((r) => r.wallMs),
		requests: counts(point.runs.map((r) => r.requests)),
	};
}

function renderScale(results: BenchResults, out: string[]): void {
	if (!results.scale.length) return;
	out.push('### Cost curve: Return All over 1,000 / 10,000 / 100,000 files (Simplify on)');
	out.push('');
	out.push(
		"File Storage → Folder → Get Contents with its defaults (Return All, Simplify on) over folders of each size, after the listing rounds (a warm process), medians of the runs. Before each run the n8n process is settled (two full GCs, the kernel's peak-RSS mark reset); *peak growth* is the highest heap (V8's used heap before any GC of the run, or at its end) and the highest RSS of the n8n process during the webhook call, minus their values at its start — it includes what n8n itself holds and does with the output (run data, saving the execution). *Output JSON* is the size of the node's output items as JSON: the data itself. *Node − sandbox* takes the sandbox's own time (serving a page of a 100,000-item folder costs it more than one of 1,000) out of the node time.",
	);
	out.push('');
	out.push(
		'| Files | Runs | Requests | Node time (ms) | µs / item | Sandbox µs / item | Node − sandbox, µs / item | GC pauses (ms) | Output JSON (MB) | Peak heap growth (MB) | ÷ output JSON | Peak RSS growth (MB) | ÷ output JSON | Webhook round trip (ms) |',
	);
	out.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
	for (const point of results.scale) {
		const f = scaleFigures(point);
		out.push(
			`| ${point.items.toLocaleString('en-US')} | ${point.runs.length} | ${f.requests} | ${ms(f.timeMs)} | **${ms(f.usPerItem)}** | ${ms(f.serverUsPerItem)} | **${ms(f.clientUsPerItem)}** | ${ms(f.gcMs)} | ${ms(f.jsonMb)} | ${ms(
				f.heapGrowthMb,
			)} | **${ratio(f.heapGrowthMb / f.jsonMb)}** | ${ms(f.rssGrowthMb)} | ${ratio(f.rssGrowthMb / f.jsonMb)} | ${ms(f.wallMs)} |`,
		);
	}
	out.push('');
	out.push(
		`![Time per item and peak memory growth per MB of output, by folder size](${path.basename(SCALE_CHART)})`,
	);
	out.push('');
	const problems = problemsOf(
		results.scale.map((p) => ({ label: `${p.items} files`, problems: p.problems })),
	);
	if (problems.length) {
		out.push('**Problems seen during the scale runs:**');
		out.push('');
		for (const p of problems) out.push(`- ${p}`);
		out.push('');
	}
}

function renderBatch(results: BenchResults, out: string[]): void {
	const { batch, facts } = results;
	if (!batch.fsRestore.runs.length) return;
	out.push(`### Batch operations on ${facts.batchItems.toLocaleString('en-US')} input items`);
	out.push('');
	out.push(
		"The measured node's execution time (the Split Out that turns the webhook body into items is not counted). HTTP Request sends one request per item, all at once (its default: no batching). *Sandbox* is the server's own time on the run's requests (request read → answer written: routing, the model's work, the answer's JSON), summed over the run and per request; *node − sandbox* is what remains for the client side (n8n, the node, the connections).",
	);
	out.push('');
	out.push(
		'| Operation | Variant | p50 (ms) | p90 (ms) | Requests / run | Sandbox (ms / run, p50) | Sandbox (ms / request) | Node − sandbox (ms, p50) | HTTP Request ÷ File Storage (p50) | Webhook round trip (ms, p50) |',
	);
	out.push('|---|---|---|---|---|---|---|---|---|---|');
	for (const [op, fs, per] of [
		['Trash → Restore', batch.fsRestore, batch.httpRestore],
		['Shared Folder → Delete Items', batch.fsDelete, batch.httpDelete],
	] as const) {
		for (const v of [fs, per]) {
			const server = medOf(v, (r) => r.serverMs);
			const perRequest = median(v.runs.map((r) => (r.serverMs ?? NaN) / r.requests));
			const client = medOf(v, (r) => r.timeMs - (r.serverMs ?? NaN));
			out.push(
				`| ${op} | ${v.label} | **${ms(p50(v))}** | ${ms(p90(v))} | ${counts(v.runs.map((r) => r.requests))} | ${ms(server)} | ${ms(perRequest)} | ${ms(client)} | ${
					v === fs ? ratio(p50(per) / p50(fs)) : ''
				} | ${ms(medOf(v, (r) => r.wallMs))} |`,
			);
		}
	}
	out.push('');
	const del = batch.fsDelete;
	const delServer = medOf(del, (r) => r.serverMs);
	out.push(
		`Delete Items: of File Storage's ${ms(p50(del))} ms, the sandbox itself spends ${ms(delServer)} ms (${((100 * delServer) / p50(del)).toFixed(0)}%) moving 1,000 items to the trash (${ms(
			median(del.runs.map((r) => (r.serverMs ?? NaN) / r.requests)),
		)} ms per request of 100 items); restoring the same 1,000 items costs it ${ms(medOf(batch.fsRestore, (r) => r.serverMs))} ms. No client can delete faster than the server does, so the ≥ 20× target depends on the server's delete cost, not on batching.`,
	);
	out.push('');
}

export function renderTables(results: BenchResults): string {
	const out: string[] = [];
	if (results.listing.fsSimplify.runs.length) renderListing(results, out);
	renderScale(results, out);
	renderBatch(results, out);
	if (results.trigger.length) {
		out.push('### Trigger (engine level: n8n-core PollContext through test/harness/engine.ts)');
		out.push('');
		out.push(
			'| Event | Activation requests | Idle poll requests | Idle poll after the history | Events emitted (polls × new per poll) | Polls with wrong output | Requests of the burst polls | Static data after activation / max / final (bytes) |',
		);
		out.push('|---|---|---|---|---|---|---|---|');
		for (const t of results.trigger) {
			out.push(
				`| ${t.event} | ${t.activationRequests} | **${t.idlePollRequests}** | ${t.idlePollRequestsAfter} | ${t.emitted.toLocaleString('en-US')} (${t.polls} × ${t.perPoll.toLocaleString('en-US')}) | ${t.badPolls}${
					t.firstProblem ? ` (${t.firstProblem})` : ''
				} | ${t.burstRequests} | ${t.staticBytesAfterActivation} / **${t.staticBytesMax}** / ${t.staticBytesFinal} |`,
			);
		}
		out.push('');
	}
	out.push('### Targets');
	out.push('');
	out.push('| Target | Measured | Met |');
	out.push('|---|---|---|');
	for (const row of targets(results))
		out.push(`| ${row.target} | ${row.measured} | ${check(row.ok)} |`);
	const problems = problemsOf([...Object.values(results.listing), ...Object.values(results.batch)]);
	if (problems.length) {
		out.push('');
		out.push('**Problems seen during the runs** (the numbers above include these runs):');
		out.push('');
		for (const p of problems) out.push(`- ${p}`);
	}
	return out.join('\n');
}

function renderInN8nProfiles(profiles: InN8nProfile[]): string {
	const out: string[] = [];
	const n = (p: InN8nProfile) => Math.max(1, p.cpu.profiles);
	out.push('### Listing 10,000 files, profiled inside the n8n process');
	out.push('');
	out.push(
		`${profiles[0]?.runs.length ?? 0} runs per variant, interleaved, each from the webhook call to its answer: a CPU profile (V8's sampling profiler, 100 µs) and an allocation profile (V8's sampling heap profiler, objects collected by GC included) taken by n8n-probe.ts inside \`n8n start\`, and the GC pauses from V8's GC profiler. The profilers slow the runs; the tables compare variants under the same conditions. Everything n8n does in that window counts (webhook, execution set-up, the nodes, saving the execution). Files: ${profiles
			.map((p) => `\`${p.files}\``)
			.join(', ')}.`,
	);
	out.push('');
	out.push(
		`| Per run (medians; CPU and allocations: mean of the profiled runs) | ${profiles.map((p) => p.label).join(' | ')} |`,
	);
	out.push(`|---|${profiles.map(() => '---').join('|')}|`);
	out.push(
		`| node time, ms | ${profiles.map((p) => ms(median(p.runs.map((r) => r.timeMs)))).join(' | ')} |`,
	);
	out.push(
		`| webhook round trip, ms | ${profiles.map((p) => ms(median(p.runs.map((r) => r.wallMs ?? NaN)))).join(' | ')} |`,
	);
	out.push(
		`| GC pauses, ms (count) | ${profiles.map((p) => `${ms(median(p.runs.map((r) => r.gc?.ms ?? NaN)))} (${median(p.runs.map((r) => r.gc?.pauses ?? NaN))})`).join(' | ')} |`,
	);
	out.push(
		`| runs with a full mark-compact | ${profiles.map((p) => `${p.runs.filter((r) => (r.gc?.majorPauses ?? 0) > 0).length} of ${p.runs.length}`).join(' | ')} |`,
	);
	out.push(
		`| allocated, MB | ${profiles.map((p) => ms(p.allocations.totalMb / Math.max(1, p.allocations.profiles))).join(' | ')} |`,
	);
	out.push(
		`| CPU sampled in the nodes' time / whole call, ms | ${profiles.map((p) => `${ms(p.cpuInNodes.totalMs / n(p))} / ${ms(p.cpu.totalMs / n(p))}`).join(' | ')} |`,
	);
	out.push('');
	const areaNames = [...new Set(profiles.flatMap((p) => p.cpu.areas.map((a) => a.area)))];
	const cpuOf = (summary: ProfileSummary, area: string) =>
		(summary.areas.find((a) => a.area === area)?.selfMs ?? 0) / Math.max(1, summary.profiles);
	const allocOf = (p: InN8nProfile, area: string) =>
		(p.allocations.areas.find((a) => a.area === area)?.mb ?? 0) /
		Math.max(1, p.allocations.profiles);
	const shown = areaNames
		.filter((area) => profiles.some((p) => cpuOf(p.cpu, area) >= 1 || allocOf(p, area) >= 0.5))
		.sort(
			(a, b) =>
				cpuOf(profiles[0].cpuInNodes, b) - cpuOf(profiles[0].cpuInNodes, a) ||
				cpuOf(profiles[0].cpu, b) - cpuOf(profiles[0].cpu, a),
		);
	out.push(
		"Per area (self time; native calls count for their caller): CPU ms inside the nodes' execution time / CPU ms over the whole webhook call / MB allocated over the whole call, per run.",
	);
	out.push('');
	out.push(`| Area | ${profiles.map((p) => p.label).join(' | ')} |`);
	out.push(`|---|${profiles.map(() => '---').join('|')}|`);
	for (const area of shown) {
		out.push(
			`| ${area} | ${profiles.map((p) => `${ms(cpuOf(p.cpuInNodes, area))} / ${ms(cpuOf(p.cpu, area))} / ${ms(allocOf(p, area))}`).join(' | ')} |`,
		);
	}
	out.push('');
	for (const p of profiles.filter((x) => x.cpu.packageFunctions.length)) {
		out.push(
			`| ${p.label}: functions of this package | Where | CPU total ms / run | CPU self ms / run | Allocated MB / run |`,
		);
		out.push('|---|---|---|---|---|');
		const allocations = new Map(
			p.allocations.packageFunctions.map((f) => [
				`${f.name}@${f.where}`,
				f.mb / Math.max(1, p.allocations.profiles),
			]),
		);
		for (const f of p.cpu.packageFunctions.slice(0, 10)) {
			out.push(
				`| \`${f.name}\` | ${f.where} | ${ms(f.totalMs / n(p))} | ${ms(f.selfMs / n(p))} | ${ms(allocations.get(`${f.name}@${f.where}`) ?? 0)} |`,
			);
		}
		out.push('');
	}
	return out.join('\n');
}

function renderProfile(p: ProfileReport): string {
	const out: string[] = [];
	out.push(`#### ${p.title}`);
	out.push('');
	out.push(p.why);
	out.push('');
	out.push(
		`In-process runs (Node ${p.nodeVersion}, n8n-core's WorkflowExecute via test/harness/engine.ts, same sandbox, expression engine \`${p.engine}\` as in \`n8n start\`), node execution time per profiled run: ${p.runs
			.map((r) => `${ms(r.nodeMs)} ms`)
			.join(
				', ',
			)} (${p.runs[0]?.items ?? 0} items). Sampled ${ms(p.summary.totalMs)} ms over ${p.summary.profiles} profiled run(s) (after warm-up runs; the profiler slows the runs a little); profiles: \`${p.files}\` (open in Chrome DevTools → Performance).`,
	);
	if (p.legacyRuns?.length) {
		out.push('');
		out.push(
			`The same runs with n8n's \`legacy\` expression engine (\`N8N_EXPRESSION_ENGINE=legacy\`, not profiled): ${p.legacyRuns
				.map((r) => `${ms(r.nodeMs)} ms`)
				.join(', ')}.`,
		);
	}
	out.push('');
	out.push(
		'| Where the time goes, ms per run (self time; native calls count for their caller) | ms / run | share |',
	);
	out.push('|---|---|---|');
	for (const a of p.summary.areas.filter((x) => x.selfMs / p.summary.profiles >= 0.2)) {
		out.push(
			`| ${a.area} | ${ms(a.selfMs / p.summary.profiles)} | ${((100 * a.selfMs) / p.summary.totalMs).toFixed(1)}% |`,
		);
	}
	out.push('');
	const n = Math.max(1, p.summary.profiles);
	out.push('| Function (this package), by total time | Where | Total ms / run | Self ms / run |');
	out.push('|---|---|---|---|');
	for (const f of p.summary.packageFunctions)
		out.push(`| \`${f.name}\` | ${f.where} | ${ms(f.totalMs / n)} | ${ms(f.selfMs / n)} |`);
	out.push('');
	out.push('| Hottest functions (self time) | Where | Self ms / run | Total ms / run |');
	out.push('|---|---|---|---|');
	for (const f of p.summary.topSelf)
		out.push(
			`| \`${f.name}\` | ${f.where || '(native)'} | ${ms(f.selfMs / n)} | ${ms(f.totalMs / n)} |`,
		);
	return out.join('\n');
}

/** A small SVG: µs per item (node, sandbox, the difference) and peak memory growth ÷ output JSON, by folder size (log scale). */
export function renderScaleChart(points: ScalePoint[]): string {
	const W = 640;
	const H = 320;
	const left = 60;
	const right = 70;
	const top = 70;
	const bottom = 50;
	const figures = points.map((p) => ({ items: p.items, ...scaleFigures(p) }));
	const xs = figures.map((f) => Math.log10(f.items));
	const [xMin, xMax] = [Math.min(...xs), Math.max(...xs)];
	const x = (items: number) =>
		left + ((Math.log10(items) - xMin) / Math.max(1e-9, xMax - xMin)) * (W - left - right);
	const usMax = Math.max(1, ...figures.map((f) => f.usPerItem)) * 1.15;
	const factorMax =
		Math.max(1, ...figures.flatMap((f) => [f.heapGrowthMb / f.jsonMb, f.rssGrowthMb / f.jsonMb])) *
		1.15;
	const yUs = (v: number) => H - bottom - (v / usMax) * (H - top - bottom);
	const yFactor = (v: number) => H - bottom - (v / factorMax) * (H - top - bottom);
	const line = (
		pick: (f: (typeof figures)[number]) => number,
		y: (v: number) => number,
		color: string,
		dash = '',
	) => {
		const pts = figures
			.filter((f) => Number.isFinite(pick(f)))
			.map((f) => `${x(f.items).toFixed(1)},${y(pick(f)).toFixed(1)}`);
		return [
			`<polyline fill="none" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''} points="${pts.join(' ')}"/>`,
			...pts.map(
				(p) => `<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="3" fill="${color}"/>`,
			),
		].join('\n');
	};
	const text = (tx: number, ty: number, s: string, anchor = 'middle', color = '#333') =>
		`<text x="${tx.toFixed(1)}" y="${ty.toFixed(1)}" text-anchor="${anchor}" fill="${color}">${s}</text>`;
	const parts: string[] = [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
		`<rect width="${W}" height="${H}" fill="#fff"/>`,
		text(
			W / 2,
			18,
			'File Storage, Get Contents, Return All (Simplify on): cost per item and memory per output MB',
		),
		`<line x1="${left}" y1="${H - bottom}" x2="${W - right}" y2="${H - bottom}" stroke="#999"/>`,
		`<line x1="${left}" y1="${top}" x2="${left}" y2="${H - bottom}" stroke="#999"/>`,
		`<line x1="${W - right}" y1="${top}" x2="${W - right}" y2="${H - bottom}" stroke="#999"/>`,
	];
	for (const f of figures)
		parts.push(text(x(f.items), H - bottom + 16, f.items.toLocaleString('en-US')));
	parts.push(text(W / 2, H - 12, 'files listed (log scale)'));
	for (let i = 0; i <= 4; i++) {
		const us = (usMax * i) / 4;
		const factor = (factorMax * i) / 4;
		parts.push(text(left - 6, yUs(us) + 4, us.toFixed(0), 'end', '#1f77b4'));
		parts.push(
			text(W - right + 6, yFactor(factor) + 4, `${factor.toFixed(1)}×`, 'start', '#d62728'),
		);
		parts.push(
			`<line x1="${left}" y1="${yUs(us).toFixed(1)}" x2="${W - right}" y2="${yUs(us).toFixed(1)}" stroke="#eee"/>`,
		);
	}
	parts.push(line((f) => f.usPerItem, yUs, '#1f77b4'));
	parts.push(line((f) => f.serverUsPerItem, yUs, '#7f7f7f', '4 3'));
	parts.push(line((f) => f.clientUsPerItem, yUs, '#2ca02c'));
	parts.push(line((f) => f.heapGrowthMb / f.jsonMb, yFactor, '#d62728'));
	parts.push(line((f) => f.rssGrowthMb / f.jsonMb, yFactor, '#ff9896', '4 3'));
	const legend: Array<[string, string]> = [
		['#1f77b4', 'node time, µs / item (left)'],
		['#d62728', 'peak heap growth ÷ output JSON (right)'],
		['#7f7f7f', 'sandbox time, µs / item (left)'],
		['#ff9896', 'peak RSS growth ÷ output JSON (right)'],
		['#2ca02c', 'node − sandbox, µs / item (left)'],
	];
	legend.forEach(([color, label], i) => {
		const lx = left + 10 + (i % 2) * 250;
		const ly = 34 + Math.floor(i / 2) * 14;
		parts.push(`<rect x="${lx}" y="${ly - 9}" width="10" height="10" fill="${color}"/>`);
		parts.push(text(lx + 14, ly, label, 'start'));
	});
	parts.push('</svg>');
	return parts.join('\n') + '\n';
}

/** `run`: the `npm run bench` run this belongs to (report-sections.ts); the summary markers are filled at its end. */
export function renderReport(results: BenchResults, run: string = results.facts.date): string {
	const f = results.facts;
	const out: string[] = [];
	out.push('# Benchmarks');
	out.push('');
	out.push('<!-- summary:start -->');
	out.push('<!-- summary:end -->');
	out.push('');
	out.push(runStamp(run));
	out.push(
		`Generated by \`npm run bench\` (\`bash test/bench/run-bench.sh\`) on ${f.date}. The sections from Machine to Reproduce were measured side by side in this part of the run: a real n8n ${f.n8nVersion} (from the e2e cache, package installed from its packed tarball as Community Nodes does), the sandbox server on 127.0.0.1 in the benchmark process. The Download and queue-mode sections at the end each name their own machine and time.`,
	);
	out.push('');
	out.push('## Machine');
	out.push('');
	out.push('| | |');
	out.push('|---|---|');
	out.push(`| CPU | ${f.cpuModel} |`);
	out.push(`| Cores | ${f.cores} |`);
	out.push(`| Memory | ${f.memory} |`);
	out.push(
		`| Load average (1 / 5 / 15 min) | ${loads(f.loadBefore)} at the start, ${loads(f.loadAfter)} at the end (shared machine) |`,
	);
	out.push(`| Node.js of the benchmark process (sandbox, trigger) | ${f.benchNode} |`);
	out.push(`| Node.js of n8n (and of the raw loops and profiling runs) | ${f.n8nNode} |`);
	out.push(`| n8n | ${f.n8nVersion} (HTTP Request node v4.5, Split Out v1, Webhook v2) |`);
	out.push(`| Package | n8n-nodes-file-storage ${f.packageVersion} |`);
	out.push(
		`| Runs | ${f.warmups} warm-up + at least ${f.runs} measured per variant, variants interleaved round by round |`,
	);
	if (f.totalSeconds !== undefined)
		out.push(`| Benchmark wall time | ${(f.totalSeconds / 60).toFixed(1)} min |`);
	out.push('');
	out.push('## Results');
	out.push('');
	out.push(renderTables(results));
	out.push('');
	if (results.inN8nProfiles.length || results.profiles.length) {
		out.push('## Profiles');
		out.push('');
		if (results.inN8nProfiles.length) {
			out.push(renderInN8nProfiles(results.inN8nProfiles));
			out.push('');
		}
		if (results.profiles.length) {
			out.push('### Batch operations, profiled in-process');
			out.push('');
			out.push(
				"Each missed batch target is profiled in-process: the node's own code and n8n-core's engine, with n8n's default `vm` expression engine, against the same sandbox.",
			);
			out.push('');
			out.push(results.profiles.map(renderProfile).join('\n\n'));
			out.push('');
		}
	}
	out.push('## Method');
	out.push('');
	out.push(
		[
			`- **Sandbox**: \`startSandbox({ seed: { bulkFolderFiles: ${f.bulkFiles} } })\` in the benchmark process, plus folders of 1,000 and 100,000 files for the scale curve (\`model.addFile\`); the request counts are its request log (\`clearRequests()\` before each run), its own time per request comes from its \`onAnswered\` hook. Maximum page size 500.`,
			"- **Settled heap**: before each n8n run (except the listing's *heap as is* runs) the probe runs two full GCs in n8n, outside the measured window, so the garbage of earlier runs is not collected inside this one. The listing rounds read their executions back only after the rounds.",
			'- **n8n**: `n8n start` with the workflows active; each run is a POST to a production webhook (Webhook v2, "respond when the last node finishes"), then the execution is read through the public API (`/api/v1/executions/{id}?includeData=true`) for `runData[node][0].executionTime` and the output items. One warm process for all runs, so start-up never counts. `NODE_OPTIONS=--require test/bench/n8n-probe.js` loads a probe into that process (a local HTTP endpoint: GC profiler, peak memory, CPU and allocation profiles on request); it measures only between its `/begin` and `/end`, which bracket the webhook call.',
			"- **Listing**: (a) File Storage → Folder → Get Contents, Return All, Simplify on / off; (b) HTTP Request v4.5, Header Auth credential `Authorization: Bearer …`, query `limit=500`, Pagination \"Update a Parameter in Each Request\" (`cursor` = `{{ $response.body.meta.cursor.next_cursor }}`), complete when `{{ !$response.body.meta.cursor.next_cursor }}`, then Split Out on `data`; (c) axios loops over the same cursors (limit 500) in a warm child process with n8n's Node (test/bench/raw-loop.ts): with keep-alive, without it, and without it asking for the next page before parsing the page (with the cursor the page's text states, as File Storage does). Every run's output is checked: 10,000 distinct ids.",
			`- **Batch operations**: a "Batch" folder of ${f.batchItems} files (added in-process with \`model.addFile\`) with an editor share (\`model.addShare\`). Webhook body \`{ items: [{ id, type }] }\` → Split Out \`body.items\` → the measured node. Before each Restore run the benchmark trashes the files in the model; before each Delete run it restores them. File Storage uses its default Batch Size (100); HTTP Request sends one request per item (\`POST /api/v1/trash/restore\` with a one-item body; \`DELETE /api/v1/shares/{token}/items\` with a one-item body). Every run is checked in the sandbox's state (all restored / all trashed).`,
			'- **Trigger**: `Poller` of test/harness/engine.ts (n8n-core `PollContext`, static data staged and committed like n8n). Activation, one idle poll, then bursts of new entries with the clock one minute further each poll, every poll checked (exactly the new ids, oldest first), an idle poll after the history. Static data size = bytes of its JSON after each poll. Notifications and file request items are not paginated by the API (each poll reads the whole list), hence fewer, larger bursts for them.',
			"- **Profiles**: listings inside the n8n process (above); missed batch targets (or all, with `BENCH_PROFILE=1`) in-process through n8n-core (test/harness/engine.ts `runNode`) with n8n's Node, sampled by the V8 profiler (node:inspector, 100 µs) around the node runs only.",
		].join('\n'),
	);
	out.push('');
	out.push('## Reproduce');
	out.push('');
	out.push('```bash');
	out.push(
		'npm run bench                              # = bash test/bench/run-bench.sh: installs the toolchain and n8n when missing',
	);
	out.push(
		'BENCH_RUNS=25 npm run bench                # more measured rounds (at least 15 by default, up to BENCH_MAX_RUNS, 25 by default, when the spread is wide)',
	);
	out.push(
		'BENCH_SECTIONS=listing,scale npm run bench # only some sections (listing, scale, profiles, batch, execute, trigger)',
	);
	out.push(
		'BENCH_PROFILE=1 npm run bench              # in-process profiles of the batch operations even when their targets are met',
	);
	out.push(
		'BENCH_ONLY=main npm run bench              # only this part (test/bench/bench.ts); the sections below are kept',
	);
	out.push(
		'BENCH_ONLY=download npm run bench          # only the Download benchmark (test/bench/download-bench.ts, its own section below)',
	);
	out.push(
		'BENCH_ONLY=search npm run bench            # only the Search benchmark (test/bench/search-bench.ts, its own section below)',
	);
	out.push(
		"BENCH_ONLY=search BENCH_SEARCH_PROFILE=3 npm run bench # and where n8n's CPU goes in it (3 profiled runs, printed)",
	);
	out.push(
		'BENCH_ONLY=queue npm run bench             # only the queue-mode benchmark (test/bench/queue-bench.ts, its own section below)',
	);
	out.push('```');
	out.push('');
	out.push(
		'Logs, the n8n user folder, the profiles (.cpuprofile: Chrome DevTools → Performance; .heapprofile: → Memory) and results.json: `.tmp/bench/`. Timings depend on the machine; the request counts and static data sizes do not.',
	);
	out.push('');
	return out.join('\n');
}
