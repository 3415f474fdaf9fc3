/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** Fault injection: rules that replace an answer, drop the connection or shape a file's body (README.md). */
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

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
	/** the injected answer: `status` (default 500), JSON `body` or `rawBody` (HTML unless `contentType`) */
	status?: number;
	body?: unknown;
	rawBody?: string;
	contentType?: string;
	headers?: Record<string, string>;
	/** ends the connection without any answer */
	reset?: boolean;
	/** the head with the full Content-Length, this many bytes of the body, then the connection torn down (RST) */
	cutAfterBytes?: number;
	/** with `cutAfterBytes`: closed in order (FIN) instead */
	closeGracefully?: boolean;
	/** file content: this many bytes, then nothing until the sandbox stops */
	stallAfterBytes?: number;
	/** file content: a wait after each 64 KiB block */
	blockDelayMs?: number;
	/** file content: announces this Content-Length, then ends the connection */
	declaredLength?: number;
	/** file content: no Content-Length, sent chunked */
	omitLength?: boolean;
	/** never answers (until the sandbox stops) */
	hang?: boolean;
}

/** The rules in the order they were added; the first that fires wins. */
export class FaultInjector {
	private active: Array<{ rule: FaultRule; seen: number; fired: number }> = [];
	private readonly stopping = new AbortController();

	constructor() {
		// every pending delay listens to it: many at once are not a leak
		setMaxListeners(0, this.stopping.signal);
	}

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

	/** Waits `ms`; stop() ends every pending wait (and its timer) at once. */
	delay(ms: number): Promise<void> {
		return sleep(ms, undefined, { signal: this.stopping.signal }).catch(() => undefined);
	}

	stop(): void {
		this.stopping.abort();
	}
}
