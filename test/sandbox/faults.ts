/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Fault injection: rules that replace or delay API responses. Rules are tried in the order they were added; a
 * matching rule lets `skip` requests through, then fires `times` times; the first rule that fires wins.
 */
import type * as http from 'node:http';

import { pathMatches } from './http';

export interface FaultRule {
	method?: string;
	/** matched against the pathname: a string must be equal, a RegExp must match */
	path?: string | RegExp;
	match?: (r: {
		method: string;
		path: string;
		query: Record<string, string>;
		body: unknown;
	}) => boolean;
	/** let N matching requests through first */
	skip?: number;
	/** default 1; Infinity allowed */
	times?: number;
	status?: number;
	/** JSON */
	body?: unknown;
	rawBody?: string;
	contentType?: string;
	/** extra response headers, e.g. `{ 'Retry-After': '2' }` */
	headers?: Record<string, string>;
	/** alone = slow pass-through */
	delayMs?: number;
	/** ends the connection without any answer (a reset), after `delayMs` if set */
	reset?: boolean;
	/**
	 * sends the headers (with the full Content-Length) and only this many bytes of the body, then ends the
	 * connection: of the rule's own body, or, without one, of the file content the route answers
	 */
	cutAfterBytes?: number;
	/** With cutAfterBytes: the connection is closed in order (FIN) instead of torn down (RST). */
	closeGracefully?: boolean;
	/** file content only: sends this many bytes, then nothing more (the connection stays open) until the sandbox stops */
	stallAfterBytes?: number;
	/** file content only: waits this long after each 64 KiB block (a slow body) */
	blockDelayMs?: number;
	/** file content only: announces this Content-Length whatever the real length, then ends the connection */
	declaredLength?: number;
	/** file content only: no Content-Length, the body is sent chunked (a server that streams without knowing the size) */
	omitLength?: boolean;
	/** never answers (until the sandbox stops): a server that hangs */
	hang?: boolean;
}

interface ActiveFault {
	id: number;
	rule: FaultRule;
	seen: number;
	fired: number;
}

export class FaultInjector {
	private active: ActiveFault[] = [];
	private lastId = 0;
	private readonly delays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

	/** Adds a rule; `remove` takes it out again. */
	add(rule: FaultRule): { id: number; remove: () => void } {
		const f: ActiveFault = { id: ++this.lastId, rule, seen: 0, fired: 0 };
		this.active.push(f);
		return {
			id: f.id,
			remove: () => {
				this.active = this.active.filter((x) => x !== f);
			},
		};
	}

	clear(): void {
		this.active = [];
	}

	/** The rule that fires for this request, counting it as seen/fired; undefined = none. */
	pick(r: {
		method: string;
		path: string;
		query: Record<string, string>;
		body: unknown;
	}): FaultRule | undefined {
		for (const f of this.active) {
			const rule = f.rule;
			if (rule.method && rule.method.toUpperCase() !== r.method) continue;
			if (!pathMatches(rule.path, r.path)) continue;
			if (rule.match && !rule.match(r)) continue;
			f.seen++;
			if (f.seen <= (rule.skip ?? 0)) continue;
			if (f.fired >= (rule.times ?? 1)) continue;
			f.fired++;
			return rule;
		}
		return undefined;
	}

	/** Waits `ms`; stop() ends every pending wait at once. */
	delay(ms: number): Promise<void> {
		return new Promise<void>((resolve) => {
			const entry = {
				timer: setTimeout(() => {
					this.delays.delete(entry);
					resolve();
				}, ms),
				resolve,
			};
			this.delays.add(entry);
		});
	}

	stop(): void {
		for (const d of this.delays) {
			clearTimeout(d.timer);
			d.resolve();
		}
		this.delays.clear();
	}
}

/** true when the rule sends its own response (or none at all); a delay-only rule passes through. */
export function replacesResponse(rule: FaultRule): boolean {
	return (
		rule.status !== undefined ||
		rule.body !== undefined ||
		rule.rawBody !== undefined ||
		rule.reset === true ||
		rule.hang === true
	);
}

/**
 * Sends the rule's response: status 500 unless given; `rawBody` as HTML and `body` as JSON unless `contentType`
 * says otherwise; `status` alone sends an empty body.
 */
export function writeInjectedResponse(res: http.ServerResponse, rule: FaultRule): void {
	let text = '';
	let contentType = rule.contentType;
	if (rule.rawBody !== undefined) {
		text = rule.rawBody;
		contentType ??= 'text/html; charset=utf-8';
	} else if (rule.body !== undefined) {
		text = JSON.stringify(rule.body);
		contentType ??= 'application/json';
	}
	if (rule.reset) {
		res.socket?.destroy();
		return;
	}
	const headers: Record<string, string | number> = {
		...(rule.headers ?? {}),
		'Content-Length': Buffer.byteLength(text),
	};
	if (contentType) headers['Content-Type'] = contentType;
	res.writeHead(rule.status ?? 500, headers);
	if (rule.cutAfterBytes !== undefined) {
		// The promised length never arrives: the client sees the connection end mid-body.
		res.write(Buffer.from(text).subarray(0, rule.cutAfterBytes));
		if (rule.closeGracefully) res.socket?.end();
		else res.socket?.destroy();
		return;
	}
	res.end(text);
}
