// When a request is tried again, and how long the node waits: bounded in tries and in total wait.

import type { IHttpRequestMethods } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

export interface RequestPolicy {
	/** Time limit of one request, in ms. */
	timeoutMs: number;
	/** Tries in all, the first included. */
	maxTries: number;
	/** Total time the node may wait between tries, in ms. */
	maxWaitMs: number;
	/** How to wait between tries: n8n-workflow's `sleep` (nodes may not use timers); tests watch it here. */
	wait(ms: number): Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * For operations: 3 tries, at most 60 s of waiting in all. Every policy takes its `wait` from here, so a test that
 * puts a recorder in its place sees every wait the node asks for.
 */
export const EXECUTION_POLICY: RequestPolicy = {
	timeoutMs: DEFAULT_TIMEOUT_MS,
	maxTries: 3,
	maxWaitMs: 60_000,
	wait: async (ms) => await sleep(ms),
};

/** The execution policy with another time limit (an operation's Timeout option). */
export function executionPolicy(timeoutMs: number): RequestPolicy {
	return { ...EXECUTION_POLICY, timeoutMs };
}

export interface PollPolicy extends RequestPolicy {
	/** How long the whole poll may take (n8n's poll budget, or a minute where n8n does not say). */
	budgetMs: number;
}

/** Inside a poll, whose whole run n8n bounds: shorter requests and waits, from the poll budget when known. */
export function pollPolicy(budgetMs: number | undefined): PollPolicy {
	const budget = budgetMs && budgetMs > 0 ? budgetMs : 60_000;
	return {
		budgetMs: budget,
		timeoutMs: Math.max(1_000, Math.min(DEFAULT_TIMEOUT_MS, Math.floor(budget / 3))),
		maxTries: 3,
		maxWaitMs: Math.min(15_000, Math.floor(budget / 4)),
		wait: EXECUTION_POLICY.wait,
	};
}

const READS: IHttpRequestMethods[] = ['GET', 'HEAD'];

/**
 * Whether a failed try may be repeated. Reads change nothing, so every transient failure is retried. A mutation
 * only when the server signals it did not process the request (429, 503): after a 500, 502 or 504 it may have
 * been applied, and repeating a batch could apply it twice.
 */
export function isRetryable(
	method: IHttpRequestMethods,
	status: number | undefined,
	networkCode?: string,
): boolean {
	if (status === 429 || status === 503) return true;
	if (!READS.includes(method)) return false;
	if (status === 500 || status === 502 || status === 504) return true;
	// ERR_BAD_RESPONSE: the answer broke off before the length it announced (a read cut short).
	return (
		status === undefined &&
		networkCode !== undefined &&
		['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ERR_BAD_RESPONSE'].includes(networkCode)
	);
}

/** `Retry-After` as seconds or an HTTP date → ms from `now` (never negative); undefined when absent or unreadable. */
export function retryAfterMs(header: unknown, now: number): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait before try `nextTry` (2, 3, …) when the server gave no Retry-After: 1 s, 2 s, 4 s… */
export function backoffMs(nextTry: number): number {
	return 1000 * 2 ** Math.max(0, nextTry - 2);
}
