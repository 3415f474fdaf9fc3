/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * Summarises V8 .cpuprofile files (as written by profile-run.ts or `node --cpu-prof`): self and total (inclusive)
 * time per function, and time per area (this package, n8n-core / n8n-workflow, axios and http, JSON, GC, idle).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
	columnNumber: number;
}

interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	hitCount?: number;
	children?: number[];
}

interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
	startTime: number;
	endTime: number;
}

export interface FunctionTime {
	name: string;
	where: string;
	selfMs: number;
	totalMs: number;
}

export interface ProfileSummary {
	profiles: number;
	/** sampled time of all profiles together */
	totalMs: number;
	areas: Array<{ area: string; selfMs: number }>;
	topSelf: FunctionTime[];
	/** functions of this package (nodes/, credentials/), by inclusive time */
	packageFunctions: FunctionTime[];
	/**
	 * The innermost function of this package that still holds ≥ 80% of the time below the package's busiest
	 * function, and where the time inside it goes (self time by area, its synchronous subtree).
	 */
	focus?: { fn: FunctionTime; areas: Array<{ area: string; selfMs: number }> };
	/**
	 * Time spent evaluating n8n expressions (n8n-workflow's Expression, @n8n/expression-runtime with isolated-vm,
	 * the data proxy's luxon dates, their logging), by the nearest caller in this package or the harness.
	 */
	expressionCallers: Array<{ caller: string; ms: number }>;
}

/** Frames where an n8n expression evaluation starts. */
const EXPRESSION_ENTRY =
	/(n8n-workflow\/dist\/cjs\/(expression|workflow-expression)\.js|@n8n\/expression-runtime\/)/;

/** The package as n8n loads it (Community Nodes install): its compiled files map back to nodes/, credentials/. */
const INSTALLED_PACKAGE = 'n8n-nodes-file-storage/dist/';

/**
 * file:///…/node_modules/n8n-core/dist/x.js → n8n-core/dist/x.js; file:///…/nodes/… and the installed package's
 * …/node_modules/n8n-nodes-file-storage/dist/nodes/… → nodes/…
 */
export function shortUrl(url: string, repoRoot: string): string {
	let u = url.replace(/^file:\/\//, '');
	const nm = u.lastIndexOf('node_modules/');
	if (nm >= 0) {
		const inModules = u.slice(nm + 'node_modules/'.length);
		return inModules.startsWith(INSTALLED_PACKAGE)
			? inModules.slice(INSTALLED_PACKAGE.length)
			: inModules;
	}
	const build = u.indexOf('/.tmp/bench-build/');
	if (build >= 0) return u.slice(build + '/.tmp/bench-build/'.length);
	if (u.startsWith(repoRoot)) u = path.relative(repoRoot, u);
	return u;
}

const SPECIAL: Record<string, string> = {
	'(garbage collector)': 'garbage collector',
	'(idle)': 'idle (waiting for the server)',
	'(program)': '(program: V8/native, unattributed)',
	'(root)': '(root)',
};

/**
 * The area a frame's self time belongs to. Native frames without a script (JSON.parse, isolated-vm's
 * evalClosureSync, socket writes…) count for the area of the JavaScript that called them.
 */
export function areaOf(frame: CallFrame, where: string, callerArea: string | undefined): string {
	const name = frame.functionName;
	if (Object.hasOwn(SPECIAL, name)) return SPECIAL[name];
	if (where === '') return callerArea ?? 'Node.js core and native';
	if (/^(nodes|credentials)\//.test(where)) return 'this package (nodes/, credentials/)';
	if (/^test\//.test(where)) return 'benchmark harness (test/)';
	if (/^n8n-core\//.test(where)) return 'n8n-core';
	if (/^n8n-workflow\//.test(where)) return 'n8n-workflow (expressions, data proxy)';
	if (/^(axios|follow-redirects|form-data|proxy-from-env)\//.test(where)) return 'axios';
	if (/^(@n8n\/expression-runtime|isolated-vm)\//.test(where))
		return 'expression engine (@n8n/expression-runtime, isolated-vm)';
	if (/^luxon\//.test(where)) return 'luxon (dates for the expression data proxy)';
	if (/^@n8n\/tournament\//.test(where)) return 'expression parser (@n8n/tournament)';
	if (
		/^(@n8n\/backend-common\/dist\/logging|winston|callsites|logform|readable-stream)\//.test(where)
	)
		return 'logging (n8n logger, winston, callsites)';
	if (/^@n8n\/backend-network\//.test(where)) return "n8n's HTTP helper (@n8n/backend-network)";
	if (/^(@n8n\/db|typeorm|sqlite3|flatted)\//.test(where))
		return 'execution storage (@n8n/db, typeorm, sqlite3, flatted)';
	if (/^n8n\//.test(where)) return 'n8n server (webhooks, execution lifecycle)';
	if (/^node:/.test(where)) return 'Node.js core (http, sockets, buffers, streams)';
	const pkg = where.split('/')[0].startsWith('@')
		? where.split('/').slice(0, 2).join('/')
		: where.split('/')[0];
	return `other: ${pkg}`;
}

/** A time window on the profile's clock (µs, as `startTime`): only samples inside it count. */
export interface ProfileWindow {
	fromUs: number;
	toUs: number;
}

/** `windows[i]` (optional) restricts file i to the samples taken inside it, e.g. one node's execution. */
export function summariseProfiles(
	files: string[],
	repoRoot: string,
	top = 15,
	windows: Array<ProfileWindow | undefined> = [],
): ProfileSummary {
	const self = new Map<string, FunctionTime>();
	const total = new Map<string, FunctionTime>();
	const areas = new Map<string, number>();
	let totalUs = 0;
	const parsed = files.map((file, index) => ({
		...(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile),
		window: windows[index],
	}));
	/** self time per profile node: each sample (inside the window) gets the time until the next sample */
	const selfTimes = (profile: CpuProfile & { window?: ProfileWindow }) => {
		const selfUs = new Map<number, number>();
		let at = profile.startTime;
		for (let i = 0; i < profile.samples.length; i++) {
			at += profile.timeDeltas[i] ?? 0;
			if (profile.window && (at < profile.window.fromUs || at > profile.window.toUs)) continue;
			const delta = Math.max(0, i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0);
			selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + delta);
		}
		return selfUs;
	};
	const keyOf = (n: ProfileNode) => {
		const url = shortUrl(n.callFrame.url, repoRoot);
		const name = n.callFrame.functionName || '(anonymous)';
		const where = url ? `${url}:${n.callFrame.lineNumber + 1}` : '';
		return { key: `${name}@${where}`, name, where };
	};
	for (const profile of parsed) {
		const byId = new Map(profile.nodes.map((n) => [n.id, n]));
		const selfUs = selfTimes(profile);
		for (const us of selfUs.values()) totalUs += us;
		// inclusive time: self plus children, counted once per function along a stack (recursion)
		const inclusive = new Map<number, number>();
		const computeInclusive = (id: number): number => {
			const n = byId.get(id)!;
			let sum = selfUs.get(id) ?? 0;
			for (const child of n.children ?? []) sum += computeInclusive(child);
			inclusive.set(id, sum);
			return sum;
		};
		const root = profile.nodes[0];
		computeInclusive(root.id);
		const walk = (id: number, onStack: Set<string>, callerArea: string | undefined) => {
			const n = byId.get(id)!;
			const { key, name, where } = keyOf(n);
			const area = areaOf(n.callFrame, shortUrl(n.callFrame.url, repoRoot), callerArea);
			const s = selfUs.get(id) ?? 0;
			if (s > 0) {
				const entry = self.get(key) ?? { name, where, selfMs: 0, totalMs: 0 };
				entry.selfMs += s / 1000;
				self.set(key, entry);
				areas.set(area, (areas.get(area) ?? 0) + s / 1000);
			}
			const fresh = !onStack.has(key);
			if (fresh) {
				const entry = total.get(key) ?? { name, where, selfMs: 0, totalMs: 0 };
				entry.totalMs += (inclusive.get(id) ?? 0) / 1000;
				total.set(key, entry);
				onStack.add(key);
			}
			const passDown = Object.hasOwn(SPECIAL, n.callFrame.functionName) ? undefined : area;
			for (const child of n.children ?? []) walk(child, onStack, passDown);
			if (fresh) onStack.delete(key);
		};
		walk(root.id, new Set(), undefined);
	}
	const round = (x: number) => Math.round(x * 10) / 10;
	const finish = (key: string): FunctionTime => {
		const e = total.get(key) ?? self.get(key)!;
		return {
			name: e.name,
			where: e.where,
			selfMs: round(self.get(key)?.selfMs ?? 0),
			totalMs: round(e.totalMs),
		};
	};
	const topSelf = [...self.entries()]
		.sort((a, b) => b[1].selfMs - a[1].selfMs)
		.slice(0, top)
		.map(([key]) => finish(key));
	const expressionCallers = new Map<string, number>();
	for (const profile of parsed) {
		const byId = new Map(profile.nodes.map((n) => [n.id, n]));
		const selfUs = selfTimes(profile);
		const walkExpr = (id: number, owner: string | undefined, exprOwner: string | undefined) => {
			const n = byId.get(id)!;
			const { name, where } = keyOf(n);
			let nextOwner = owner;
			if (/^(nodes|credentials|test)\//.test(where)) nextOwner = `\`${name}\` ${where}`;
			let nextExprOwner = exprOwner;
			if (!nextExprOwner && EXPRESSION_ENTRY.test(n.callFrame.url))
				nextExprOwner = owner ?? 'n8n-core (the engine itself)';
			if (nextExprOwner)
				expressionCallers.set(
					nextExprOwner,
					(expressionCallers.get(nextExprOwner) ?? 0) + (selfUs.get(id) ?? 0) / 1000,
				);
			for (const child of n.children ?? []) walkExpr(child, nextOwner, nextExprOwner);
		};
		walkExpr(profile.nodes[0].id, undefined, undefined);
	}
	const packageEntries = [...total.entries()]
		.filter(([, e]) => /^(nodes|credentials)\//.test(e.where))
		.sort((a, b) => b[1].totalMs - a[1].totalMs);
	const packageFunctions = packageEntries.slice(0, top).map(([key]) => finish(key));
	let focus: ProfileSummary['focus'];
	if (packageEntries.length) {
		const busiest = packageEntries[0][1].totalMs;
		const candidates = packageEntries.filter(([, e]) => e.totalMs >= 0.8 * busiest);
		const [focusKey] = candidates[candidates.length - 1];
		const focusAreas = new Map<string, number>();
		for (const profile of parsed) {
			const byId = new Map(profile.nodes.map((n) => [n.id, n]));
			const selfUs = selfTimes(profile);
			const walkFocus = (id: number, inside: boolean, callerArea: string | undefined) => {
				const n = byId.get(id)!;
				const area = areaOf(n.callFrame, shortUrl(n.callFrame.url, repoRoot), callerArea);
				const within = inside || keyOf(n).key === focusKey;
				if (within)
					focusAreas.set(area, (focusAreas.get(area) ?? 0) + (selfUs.get(id) ?? 0) / 1000);
				const passDown = Object.hasOwn(SPECIAL, n.callFrame.functionName) ? undefined : area;
				for (const child of n.children ?? []) walkFocus(child, within, passDown);
			};
			walkFocus(profile.nodes[0].id, false, undefined);
		}
		focus = {
			fn: finish(focusKey),
			areas: [...focusAreas.entries()]
				.map(([area, value]) => ({ area, selfMs: round(value) }))
				.filter((a) => a.selfMs > 0)
				.sort((a, b) => b.selfMs - a.selfMs),
		};
	}
	return {
		profiles: files.length,
		totalMs: round(totalUs / 1000),
		areas: [...areas.entries()]
			.map(([area, ms]) => ({ area, selfMs: round(ms) }))
			.sort((a, b) => b.selfMs - a.selfMs),
		topSelf,
		packageFunctions,
		focus,
		expressionCallers: [...expressionCallers.entries()]
			.map(([caller, value]) => ({ caller, ms: round(value) }))
			.filter((e) => e.ms > 0)
			.sort((a, b) => b.ms - a.ms),
	};
}

/** A summary as text lines for a terminal: time per area, then the hottest functions, per profiled run and as a share. */
export function summaryLines(summary: ProfileSummary): string[] {
	const runs = Math.max(1, summary.profiles);
	const share = (ms: number) => `${((100 * ms) / summary.totalMs).toFixed(1)}%`;
	const perRun = (ms: number) => `${(ms / runs).toFixed(1)} ms/run`;
	return [
		...summary.areas.map((a) => `area ${a.area}: ${perRun(a.selfMs)} (${share(a.selfMs)})`),
		...summary.topSelf.map(
			(f) =>
				`self ${perRun(f.selfMs)} (${share(f.selfMs)}), total ${share(f.totalMs)}: ${f.name} ${f.where}`,
		),
	];
}
