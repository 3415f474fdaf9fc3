/** Statistics and the Markdown report of the benchmark (docs/benchmarks.md, also printed). */
import type { ProfileSummary } from './cpuprofile';
import type { TriggerResult } from './trigger-bench';

export function median(values: number[]): number {
	const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
	if (!sorted.length) return NaN;
	const mid = sorted.length >> 1;
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const ms = (value: number): string =>
	!Number.isFinite(value) ? 'n/a' : value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);

const range = (values: number[]): string => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
const check = (ok: boolean): string => (ok ? '✅' : '❌');
const counts = (values: number[]): string => {
	const distinct = [...new Set(values)];
	return distinct.length === 1 ? String(distinct[0]) : `${Math.min(...values)}–${Math.max(...values)}`;
};

export interface MeasuredRun {
	/** the measured time: node execution time(s) from the run data, or the raw loop's own time */
	timeMs: number;
	/** node times by node name (sums into timeMs) */
	parts?: Record<string, number>;
	/** round trip of the webhook call that ran the workflow (n8n overhead included) */
	wallMs?: number;
	requests: number;
	items: number;
}

export interface VariantResult {
	label: string;
	runs: MeasuredRun[];
	warmup?: MeasuredRun;
	problems: string[];
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
	warmups: number;
	bulkFiles: number;
	batchItems: number;
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
	/** the raw axios loop profiled in the same kind of child process: where the floor spends its time */
	baseline?: { title: string; runs: Array<{ wallMs: number; nodeMs: number; items: number }>; summary: ProfileSummary };
	summary: ProfileSummary;
	files: string;
}

export interface BenchResults {
	facts: Facts;
	listing: { fsSimplify: VariantResult; fsRaw: VariantResult; httpSplit: VariantResult; raw: VariantResult };
	listingExecute: ExecuteResultRow[];
	batch: { fsRestore: VariantResult; httpRestore: VariantResult; fsDelete: VariantResult; httpDelete: VariantResult };
	trigger: TriggerResult[];
	profiles: ProfileReport[];
}

export interface TargetRow {
	target: string;
	measured: string;
	ok: boolean;
}

const med = (v: VariantResult) => median(v.runs.map((r) => r.timeMs));
const medWall = (v: VariantResult) => median(v.runs.map((r) => r.wallMs ?? NaN));
const maxRequests = (v: VariantResult) => Math.max(...v.runs.map((r) => r.requests));

export function targets(results: BenchResults): TargetRow[] {
	const { listing, batch, trigger } = results;
	const rows: TargetRow[] = [];
	const raw = med(listing.raw);
	const http = med(listing.httpSplit);
	for (const [variant, name] of [
		[listing.fsSimplify, 'Simplify on'],
		[listing.fsRaw, 'Simplify off'],
	] as const) {
		const fs = med(variant);
		rows.push({
			target: `Listing 10,000 (${name}) ≤ 1.15× the raw axios loop`,
			measured: `${ms(fs)} ms vs ${ms(raw)} ms = ${ratio(fs / raw)}`,
			ok: fs <= 1.15 * raw,
		});
		rows.push({
			target: `Listing 10,000 (${name}) no slower than HTTP Request + Split Out`,
			measured: `${ms(fs)} ms vs ${ms(http)} ms = ${ratio(fs / http)}`,
			ok: fs <= http,
		});
	}
	for (const [fs, per, name] of [
		[batch.fsRestore, batch.httpRestore, 'Trash → Restore'],
		[batch.fsDelete, batch.httpDelete, 'Shared Folder → Delete Items'],
	] as const) {
		const requests = maxRequests(fs);
		rows.push({ target: `${name}: ≤ 10 requests for 1,000 items`, measured: `${requests} requests`, ok: requests <= 10 });
		const speedup = med(per) / med(fs);
		rows.push({
			target: `${name}: ≥ 20× faster than one request per item`,
			measured: `${ms(med(fs))} ms vs ${ms(med(per))} ms = ${ratio(speedup)} faster`,
			ok: speedup >= 20,
		});
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

function problemsOf(variants: VariantResult[]): string[] {
	return variants.flatMap((v) => v.problems.map((p) => `${v.label}: ${p}`));
}

export function renderTables(results: BenchResults): string {
	const { listing, batch, facts } = results;
	const out: string[] = [];
	const raw = med(listing.raw);
	out.push(`### Listing ${facts.bulkFiles.toLocaleString('en-US')} files of one folder`);
	out.push('');
	out.push(
		`Median of ${facts.runs} runs after ${facts.warmups} warm-up (min–max in brackets). *Time* is the nodes' own execution time from n8n's run data (HTTP Request + Split Out summed); *webhook round trip* is the whole execution as the caller saw it, n8n's overhead included (webhook handling, execution set-up and bookkeeping).`,
	);
	out.push('');
	out.push('| Variant | Time (ms) | × raw loop | Requests / run | Items | Webhook round trip (ms) |');
	out.push('|---|---|---|---|---|---|');
	const listingRow = (v: VariantResult, detail = '') =>
		`| ${v.label}${detail} | **${ms(med(v))}** (${range(v.runs.map((r) => r.timeMs))}) | ${ratio(med(v) / raw)} | ${counts(
			v.runs.map((r) => r.requests),
		)} | ${counts(v.runs.map((r) => r.items))} | ${Number.isFinite(medWall(v)) ? ms(medWall(v)) : '—'} |`;
	out.push(listingRow(listing.fsSimplify));
	out.push(listingRow(listing.fsRaw));
	const httpParts = Object.keys(listing.httpSplit.runs[0]?.parts ?? {})
		.map((name) => `${name} ${ms(median(listing.httpSplit.runs.map((r) => r.parts?.[name] ?? NaN)))}`)
		.join(' + ');
	out.push(listingRow(listing.httpSplit, httpParts ? ` (${httpParts})` : ''));
	out.push(listingRow(listing.raw));
	out.push('');
	if (results.listingExecute.length) {
		out.push('`n8n execute` (one cold CLI process per variant, for transparency: start-up, migrations check, node loading, the run, shutdown):');
		out.push('');
		out.push('| Variant | `n8n execute` wall time (s) | Node time in that cold run (ms) | Requests | Items |');
		out.push('|---|---|---|---|---|');
		for (const row of results.listingExecute) {
			out.push(
				`| ${row.label} | ${(row.wallMs / 1000).toFixed(1)} | ${ms(row.nodeMs)} | ${row.requests} | ${row.items}${row.ok ? '' : ' (failed)'} |`,
			);
		}
		out.push('');
	}
	out.push(`### Batch operations on ${facts.batchItems.toLocaleString('en-US')} input items`);
	out.push('');
	out.push(
		'Median of the measured node\'s execution time (the Split Out that turns the webhook body into items is not counted). HTTP Request sends one request per item, all at once (its default: no batching).',
	);
	out.push('');
	out.push('| Operation | Variant | Node time (ms) | Requests / run | HTTP Request ÷ File Storage | Webhook round trip (ms) |');
	out.push('|---|---|---|---|---|---|');
	for (const [op, fs, per] of [
		['Trash → Restore', batch.fsRestore, batch.httpRestore],
		['Shared Folder → Delete Items', batch.fsDelete, batch.httpDelete],
	] as const) {
		for (const v of [fs, per]) {
			out.push(
				`| ${op} | ${v.label} | **${ms(med(v))}** (${range(v.runs.map((r) => r.timeMs))}) | ${counts(v.runs.map((r) => r.requests))} | ${
					v === fs ? ratio(med(per) / med(fs)) : ''
				} | ${ms(medWall(v))} |`,
			);
		}
	}
	out.push('');
	out.push('### Trigger (engine level: n8n-core PollContext through test/harness/engine.ts)');
	out.push('');
	out.push('| Event | Activation requests | Idle poll requests | Idle poll after the history | Events emitted (polls × new per poll) | Polls with wrong output | Requests of the burst polls | Static data after activation / max / final (bytes) |');
	out.push('|---|---|---|---|---|---|---|---|');
	for (const t of results.trigger) {
		out.push(
			`| ${t.event} | ${t.activationRequests} | **${t.idlePollRequests}** | ${t.idlePollRequestsAfter} | ${t.emitted.toLocaleString('en-US')} (${t.polls} × ${t.perPoll.toLocaleString('en-US')}) | ${t.badPolls}${
				t.firstProblem ? ` (${t.firstProblem})` : ''
			} | ${t.burstRequests} | ${t.staticBytesAfterActivation} / **${t.staticBytesMax}** / ${t.staticBytesFinal} |`,
		);
	}
	out.push('');
	out.push('### Targets');
	out.push('');
	out.push('| Target | Measured | Met |');
	out.push('|---|---|---|');
	for (const row of targets(results)) out.push(`| ${row.target} | ${row.measured} | ${check(row.ok)} |`);
	const problems = problemsOf([...Object.values(listing), ...Object.values(batch)]);
	if (problems.length) {
		out.push('');
		out.push('**Problems seen during the runs** (the numbers above include these runs):');
		out.push('');
		for (const p of problems) out.push(`- ${p}`);
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
			.join(', ')} (${p.runs[0]?.items ?? 0} items). Sampled ${ms(p.summary.totalMs)} ms over ${p.summary.profiles} profiled run(s) (after warm-up runs; the profiler slows the runs a little); profiles: \`${p.files}\` (open in Chrome DevTools → Performance).`,
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
	const perRun = (summary: ProfileSummary, area: string) =>
		(summary.areas.find((a) => a.area === area)?.selfMs ?? 0) / Math.max(1, summary.profiles);
	if (p.baseline) {
		const b = p.baseline;
		out.push(
			`Floor under the same conditions: ${b.title}, ${b.runs.map((r) => `${ms(r.wallMs)} ms`).join(', ')} per run (median ${ms(median(b.runs.map((r) => r.wallMs)))} ms vs ${ms(median(p.runs.map((r) => r.nodeMs)))} ms for the node).`,
		);
		out.push('');
		const areas = [...new Set([...p.summary.areas.map((a) => a.area), ...b.summary.areas.map((a) => a.area)])]
			.map((area) => ({ area, node: perRun(p.summary, area), floor: perRun(b.summary, area) }))
			.filter((a) => a.node >= 0.2 || a.floor >= 0.2)
			.sort((x, y) => y.node - y.floor - (x.node - x.floor));
		out.push('| Where the time goes, ms per run (self time; native calls count for their caller) | Node | Raw loop | Difference |');
		out.push('|---|---|---|---|');
		for (const a of areas) out.push(`| ${a.area} | ${ms(a.node)} | ${ms(a.floor)} | ${a.node - a.floor >= 0 ? '+' : ''}${ms(a.node - a.floor)} |`);
		const total = (summary: ProfileSummary) => summary.totalMs / Math.max(1, summary.profiles);
		out.push(`| **sampled total** | **${ms(total(p.summary))}** | **${ms(total(b.summary))}** | **+${ms(total(p.summary) - total(b.summary))}** |`);
	} else {
		out.push('| Where the time goes, ms per run (self time; native calls count for their caller) | ms / run | share |');
		out.push('|---|---|---|');
		for (const a of p.summary.areas.filter((x) => x.selfMs / p.summary.profiles >= 0.2)) {
			out.push(`| ${a.area} | ${ms(a.selfMs / p.summary.profiles)} | ${((100 * a.selfMs) / p.summary.totalMs).toFixed(1)}% |`);
		}
	}
	out.push('');
	const n = Math.max(1, p.summary.profiles);
	const focus = p.summary.focus;
	if (focus) {
		const sampled = p.summary.totalMs / n;
		out.push(
			`**Where it goes:** \`${focus.fn.name}\` (${focus.fn.where}) holds ${ms(focus.fn.totalMs / n)} ms per run (${(
				(100 * focus.fn.totalMs) /
				Math.max(1e-9, p.summary.totalMs)
			).toFixed(0)}% of the ${ms(sampled)} ms sampled), its own code ${ms(focus.fn.selfMs / n)} ms. Inside it (ms per run): ${focus.areas
				.slice(0, 7)
				.map((a) => `${a.area} ${ms(a.selfMs / n)}`)
				.join(', ')}.`,
		);
		out.push('');
	}
	if (p.summary.expressionCallers.length) {
		out.push('| n8n expression evaluation, by caller (n8n-workflow, @n8n/expression-runtime + isolated-vm, luxon, their logging) | ms / run |');
		out.push('|---|---|');
		const label = (caller: string) =>
			/^`(resolve|authenticate)` test\/harness\/engine/.test(caller)
				? `the credential type's generic \`authenticate\` expressions (e.g. \`Authorization: =Bearer {{$credentials.accessToken}}\`), resolved for every request (${caller}: the harness's CredentialsHelper, as n8n's does)`
				: /^`runChain` test\/harness/.test(caller)
					? `execution set-up (${caller})`
					: caller;
		for (const e of p.summary.expressionCallers.slice(0, 6)) out.push(`| ${label(e.caller)} | ${ms(e.ms / n)} |`);
		out.push('');
	}
	out.push('| Function (this package), by total time | Where | Total ms / run | Self ms / run |');
	out.push('|---|---|---|---|');
	for (const f of p.summary.packageFunctions) out.push(`| \`${f.name}\` | ${f.where} | ${ms(f.totalMs / n)} | ${ms(f.selfMs / n)} |`);
	out.push('');
	out.push('| Hottest functions (self time) | Where | Self ms / run | Total ms / run |');
	out.push('|---|---|---|---|');
	for (const f of p.summary.topSelf) out.push(`| \`${f.name}\` | ${f.where || '(native)'} | ${ms(f.selfMs / n)} | ${ms(f.totalMs / n)} |`);
	return out.join('\n');
}

export function renderReport(results: BenchResults): string {
	const f = results.facts;
	const rows = targets(results);
	const met = rows.filter((r) => r.ok).length;
	const out: string[] = [];
	out.push('# Benchmarks');
	out.push('');
	out.push(
		`Generated by \`npm run bench\` (\`bash test/bench/run-bench.sh\`) on ${f.date}. ${met} of ${rows.length} targets met. Everything below was measured side by side in one run: a real n8n ${f.n8nVersion} (from the e2e cache, package installed from its packed tarball as Community Nodes does), the sandbox server on 127.0.0.1 in the benchmark process.`,
	);
	out.push('');
	out.push('## Machine');
	out.push('');
	out.push('| | |');
	out.push('|---|---|');
	out.push(`| CPU | ${f.cpuModel} |`);
	out.push(`| Cores | ${f.cores} |`);
	out.push(`| Memory | ${f.memory} |`);
	out.push(`| Node.js of the benchmark process (sandbox, raw loop, trigger) | ${f.benchNode} |`);
	out.push(`| Node.js of n8n (and of the profiling runs) | ${f.n8nNode} |`);
	out.push(`| n8n | ${f.n8nVersion} (HTTP Request node v4.5, Split Out v1, Webhook v2) |`);
	out.push(`| Package | n8n-nodes-file-storage ${f.packageVersion} |`);
	out.push(`| Runs | ${f.warmups} warm-up + ${f.runs} measured per variant, variants interleaved round by round |`);
	if (f.totalSeconds !== undefined) out.push(`| Benchmark wall time | ${(f.totalSeconds / 60).toFixed(1)} min |`);
	out.push('');
	out.push('## Results');
	out.push('');
	out.push(renderTables(results));
	out.push('');
	if (results.profiles.length) {
		out.push('## Profiles');
		out.push('');
		out.push(
			"Each missed listing or batch target is profiled in-process: the node's own code and n8n-core's engine, with n8n's default `vm` expression engine, against the same sandbox. Costs that only exist inside the n8n server are not in these profiles (credentials read from the database and decrypted for every `getCredentials`, execution bookkeeping, garbage collection in a long-lived heap that holds earlier executions): compare the node times here with the tables above to see how much they add.",
		);
		out.push('');
		out.push(results.profiles.map(renderProfile).join('\n\n'));
		out.push('');
	}
	out.push('## Method');
	out.push('');
	out.push(
		[
			`- **Sandbox**: \`startSandbox({ seed: { bulkFolderFiles: ${f.bulkFiles} } })\` in the benchmark process; the request counts are its request log (\`clearRequests()\` before each run). Maximum page size 500.`,
			'- **n8n**: `n8n start` with the workflows active; each run is a POST to a production webhook (Webhook v2, "respond when the last node finishes"), then the execution is read through the public API (`/api/v1/executions/{id}?includeData=true`) for `runData[node][0].executionTime` and the output items. One warm process for all runs, so start-up never counts.',
			'- **Listing**: (a) File Storage → Folder → Get Contents, Return All, Simplify on / off; (b) HTTP Request v4.5, Header Auth credential `Authorization: Bearer …`, query `limit=500`, Pagination "Update a Parameter in Each Request" (`cursor` = `{{ $response.body.meta.cursor.next_cursor }}`), complete when `{{ !$response.body.meta.cursor.next_cursor }}`, then Split Out on `data`; (c) an axios loop over the same cursors (limit 500) in the benchmark process (Node of the benchmark process; the sandbox serves from the same event loop, as it does for n8n): the floor. Every run\'s output is checked: 10,000 distinct ids.',
			`- **Batch operations**: a "Batch" folder of ${f.batchItems} files (added in-process with \`model.addFile\`) with an editor share (\`model.addShare\`). Webhook body \`{ items: [{ id, type }] }\` → Split Out \`body.items\` → the measured node. Before each Restore run the benchmark trashes the files in the model; before each Delete run it restores them. File Storage uses its default Batch Size (100); HTTP Request sends one request per item (\`POST /api/v1/trash/restore\` with a one-item body; \`DELETE /api/v1/shares/{token}/items\` with a one-item body). Every run is checked in the sandbox's state (all restored / all trashed).`,
			'- **Trigger**: `Poller` of test/harness/engine.ts (n8n-core `PollContext`, static data staged and committed like n8n). Activation, one idle poll, then bursts of new entries with the clock one minute further each poll, every poll checked (exactly the new ids, oldest first), an idle poll after the history. Static data size = bytes of its JSON after each poll. Notifications and file request items are not paginated by the API (each poll reads the whole list), hence fewer, larger bursts for them.',
			'- **Profiles** (when a listing or batch target is missed, or with `BENCH_PROFILE=1`): the same operation in-process through n8n-core (test/harness/engine.ts `runNode`) with n8n\'s Node 24, against the same sandbox, sampled by the V8 profiler (node:inspector, 100 µs) around the node runs only.',
		].join('\n'),
	);
	out.push('');
	out.push('## Reproduce');
	out.push('');
	out.push('```bash');
	out.push('npm run bench                 # = bash test/bench/run-bench.sh: installs the toolchain and n8n when missing');
	out.push('BENCH_RUNS=9 npm run bench    # more measured runs (default 5, after 1 warm-up)');
	out.push('BENCH_PROFILE=1 npm run bench # CPU profiles even when every target is met');
	out.push('```');
	out.push('');
	out.push('Logs, the n8n user folder and the .cpuprofile files: `.tmp/bench/`. Timings depend on the machine; the request counts and static data sizes do not.');
	out.push('');
	return out.join('\n');
}
