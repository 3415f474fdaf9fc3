/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Measuring from inside the real n8n process. The benchmark starts `n8n start` with
 * `NODE_OPTIONS=--require <this file>` and BENCH_PROBE_DIR set; this module then listens on 127.0.0.1 (a free
 * port, written to `<dir>/probe-<pid>.json`) and, between `POST /begin` and `POST /end`, records what one workflow
 * run costs the process:
 * - memory: RSS and heap before (after a full GC, on request), the peak RSS during the run (the kernel's high-water mark,
 *   reset at /begin) and the peak heap (V8's heap before each GC, and at /end);
 * - garbage collection: each pause by kind, from V8's GC profiler;
 * - on request, a CPU profile and an allocation profile (V8's sampling heap profiler, objects collected by GC
 *   included), written as .cpuprofile / .heapprofile files.
 * The server is unref'd (a CLI command that loads it still exits) and takes one measurement at a time.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';

export interface ProbeBegin {
	/** what is measured: written to n8n's stdout next to V8's GC trace (BENCH_TRACE_GC=1) */
	label?: string;
	/** a full GC first, so the memory figures start from a settled heap (off for timed runs: n8n's heap as it is) */
	settle?: boolean;
	/** path prefix of the profiles (`.cpuprofile`, `.heapprofile` are appended); none = no profiles */
	profileOut?: string;
	cpu?: boolean;
	allocations?: boolean;
}

export interface GcPause {
	kind: string;
	ms: number;
	usedBeforeMb: number;
	usedAfterMb: number;
}

export interface ProbeResult {
	rssBeforeMb: number;
	/** highest RSS between /begin and /end (VmHWM, reset at /begin) */
	rssPeakMb: number;
	rssAfterMb: number;
	/** at /begin (after the full GC, if asked for) */
	heapUsedBeforeMb: number;
	/** the largest heap seen: before any GC of the run, or at /end */
	heapUsedPeakMb: number;
	heapUsedAfterMb: number;
	gc: GcPause[];
	/** one instant on both clocks, taken at /begin: maps run data times (epoch ms) to profile times (µs) */
	clock: { epochMs: number; monotonicUs: number };
	cpuProfile?: string;
	allocationProfile?: string;
}

const MB = 1024 * 1024;

function procStatusKb(field: 'VmRSS' | 'VmHWM'): number {
	const match = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(
		fs.readFileSync('/proc/self/status', 'utf8'),
	);
	return match ? Number(match[1]) : NaN;
}

/** A full garbage collection without starting the process with --expose-gc. */
function fullGc(): void {
	v8.setFlagsFromString('--expose-gc');
	(vm.runInNewContext('gc') as () => void)();
}

interface Running {
	options: ProbeBegin;
	clock: ProbeResult['clock'];
	rssBeforeMb: number;
	heapUsedBeforeMb: number;
	gcProfiler: v8.GCProfiler;
	session?: Session;
}

let running: Running | undefined;

async function begin(options: ProbeBegin): Promise<void> {
	if (running) throw new Error('a measurement is already running');
	if (traceGc) process.stdout.write(`[probe] begin ${options.label ?? ''}\n`);
	if (options.settle) {
		fullGc();
		fullGc();
	}
	// 5 = reset the peak RSS (VmHWM) to the current RSS
	fs.writeFileSync('/proc/self/clear_refs', '5');
	const gcProfiler = new v8.GCProfiler();
	let session: Session | undefined;
	if (options.profileOut && (options.cpu || options.allocations)) {
		session = new Session();
		session.connect();
		if (options.cpu) {
			await session.post('Profiler.enable');
			await session.post('Profiler.setSamplingInterval', { interval: 100 });
			await session.post('Profiler.start');
		}
		if (options.allocations) {
			await session.post('HeapProfiler.enable');
			await session.post('HeapProfiler.startSampling', {
				samplingInterval: 16 * 1024,
				includeObjectsCollectedByMajorGC: true,
				includeObjectsCollectedByMinorGC: true,
			} as never);
		}
	}
	running = {
		options,
		// V8's profiles count time on the monotonic clock that process.hrtime reads
		clock: { epochMs: Date.now(), monotonicUs: Number(process.hrtime.bigint() / 1000n) },
		rssBeforeMb: procStatusKb('VmRSS') / 1024,
		heapUsedBeforeMb: process.memoryUsage().heapUsed / MB,
		gcProfiler,
		session,
	};
	gcProfiler.start();
}

interface GcStatistic {
	gcType: string;
	cost: number;
	beforeGC: { heapStatistics: { usedHeapSize: number } };
	afterGC: { heapStatistics: { usedHeapSize: number } };
}

async function end(): Promise<ProbeResult> {
	const run = running;
	if (!run) throw new Error('no measurement is running');
	running = undefined;
	if (traceGc) process.stdout.write(`[probe] end ${run.options.label ?? ''}\n`);
	const heapAtEnd = process.memoryUsage().heapUsed / MB;
	const stats =
		(run.gcProfiler.stop() as unknown as { statistics: GcStatistic[] } | undefined)?.statistics ??
		[];
	const rssPeakMb = procStatusKb('VmHWM') / 1024;
	const result: ProbeResult = {
		rssBeforeMb: run.rssBeforeMb,
		rssPeakMb,
		rssAfterMb: procStatusKb('VmRSS') / 1024,
		heapUsedBeforeMb: run.heapUsedBeforeMb,
		heapUsedPeakMb: Math.max(
			heapAtEnd,
			...stats.map((s) => s.beforeGC.heapStatistics.usedHeapSize / MB),
		),
		heapUsedAfterMb: heapAtEnd,
		clock: run.clock,
		gc: stats.map((s) => ({
			kind: s.gcType,
			ms: s.cost / 1000,
			usedBeforeMb: s.beforeGC.heapStatistics.usedHeapSize / MB,
			usedAfterMb: s.afterGC.heapStatistics.usedHeapSize / MB,
		})),
	};
	const { session, options } = run;
	if (session) {
		if (options.cpu) {
			const { profile } = await session.post('Profiler.stop');
			result.cpuProfile = `${options.profileOut}.cpuprofile`;
			fs.writeFileSync(result.cpuProfile, JSON.stringify(profile));
		}
		if (options.allocations) {
			const { profile } = await session.post('HeapProfiler.stopSampling');
			result.allocationProfile = `${options.profileOut}.heapprofile`;
			fs.writeFileSync(result.allocationProfile, JSON.stringify(profile));
		}
		session.disconnect();
	}
	return result;
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const text = Buffer.concat(chunks).toString('utf8');
	return text ? JSON.parse(text) : {};
}

function startProbe(dir: string): void {
	const server = http.createServer((req, res) => {
		const answer = (status: number, body: unknown) => {
			res.writeHead(status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		void (async () => {
			if (req.method === 'POST' && req.url === '/begin')
				await begin((await readJson(req)) as ProbeBegin);
			else if (req.method === 'POST' && req.url === '/end') return answer(200, await end());
			else if (req.method !== 'GET' || req.url !== '/ping')
				return answer(404, { error: `${req.method} ${req.url}` });
			answer(200, { pid: process.pid });
		})().catch((error: unknown) =>
			answer(500, { error: String((error as Error)?.stack ?? error) }),
		);
	});
	server.listen(0, '127.0.0.1', () => {
		const { port } = server.address() as AddressInfo;
		fs.writeFileSync(
			`${dir}/probe-${process.pid}.json`,
			JSON.stringify({ pid: process.pid, port }),
		);
	});
	server.unref();
}

/** BENCH_TRACE_GC=1: V8's own GC trace (each collection, its reason) in n8n's stdout, between the probe's marks */
const traceGc = process.env.BENCH_TRACE_GC === '1';

// --require loads this into n8n's worker threads too: only the main thread runs workflows and the probe
const probeDir = process.env.BENCH_PROBE_DIR;
if (probeDir && isMainThread) {
	if (traceGc) v8.setFlagsFromString('--trace-gc');
	startProbe(probeDir);
}
