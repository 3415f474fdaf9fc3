/* eslint-disable @n8n/community-nodes/no-restricted-globals */
/**
 * Fault injection: rules that replace or delay API responses. Rules are tried in the order they were added; a
 * matching rule lets `skip` requests through, then fires `times` times; the first rule that fires wins.
 */
import { matches } from './http';
import type { RecordedRequest, RequestFilter } from './http';

export type FaultRequest = Pick<RecordedRequest, 'method' | 'path' | 'query' | 'body'>;

/** `method` and `path` match as in `countRequests` */
export interface FaultRule extends RequestFilter {
	match?: (r: FaultRequest) => boolean;
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
	/** ends the connection without any answer (a reset) */
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

/** The rules in the order they were added; `pick` finds the one that fires, `delay` waits until `stop()`. */
export class FaultInjector {
	private active: Array<{ rule: FaultRule; seen: number; fired: number }> = [];
	private readonly delays = new Set<() => void>();

	/** Adds a rule; returns its remover. */
	add(rule: FaultRule): () => void {
		const f = { rule, seen: 0, fired: 0 };
		this.active.push(f);
		return () => {
			this.active = this.active.filter((x) => x !== f);
		};
	}

	clear(): void {
		this.active = [];
	}

	/** The rule that fires for this request, counting it as seen/fired; undefined = none. */
	pick(r: FaultRequest): FaultRule | undefined {
		for (const f of this.active) {
			const { rule } = f;
			if (!matches(rule, r) || (rule.match && !rule.match(r))) continue;
			if (++f.seen <= (rule.skip ?? 0) || f.fired >= (rule.times ?? 1)) continue;
			f.fired++;
			return rule;
		}
		return undefined;
	}

	/** Waits `ms`; stop() ends every pending wait at once. */
	delay(ms: number): Promise<void> {
		return new Promise<void>((resolve) => {
			const end = () => {
				clearTimeout(timer);
				this.delays.delete(end);
				resolve();
			};
			const timer = setTimeout(end, ms);
			this.delays.add(end);
		});
	}

	stop(): void {
		for (const end of [...this.delays]) end();
	}
}
