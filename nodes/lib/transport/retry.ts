// When a request is tried again, and how long the node waits: bounded in tries and in total wait. The one retry
// loop of the package: API calls (a 2xx read whose JSON broke off included) and file downloads go through it.

import type { IHttpRequestMethods } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { isTimeout, networkCodeOf } from './failures';

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
		...EXECUTION_POLICY,
		budgetMs: budget,
		timeoutMs: Math.max(1_000, Math.min(DEFAULT_TIMEOUT_MS, Math.floor(budget / 3))),
		maxWaitMs: Math.min(15_000, Math.floor(budget / 4)),
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

/** What a retry report says: how often a request was tried and how long the node waited in between. */
export interface RetryReport {
	tries: number;
	waitedMs: number;
	/** A Retry-After the node did not wait for, because it exceeded what the node may wait. */
	refusedWaitMs?: number;
}

/** How one request is tried: what to send, how to read the answer's status, what to do with a given-up answer. */
export interface Tries<Answer> {
	method: IHttpRequestMethods;
	policy: RequestPolicy;
	/** Sends the request once and reads its answer; throws when no answer came. */
	send(): Promise<Answer>;
	statusOf(answer: Answer): number;
	retryAfterOf(answer: Answer): unknown;
	/** A 2xx answer that broke off (JSON cut short on the way): a read asks again, like after a reset. */
	isIncomplete?(answer: Answer): boolean;
	/** An answer given up for another try (a streamed one holds its connection until ended). */
	discard?(answer: Answer): void;
	/** The error of a request that got no answer and is not tried again: out of time, unreachable, broken. */
	noAnswer(error: unknown, report: RetryReport): Error;
}

export interface Answered<Answer> extends RetryReport {
	/** The last answer: a success, an error not worth repeating, or the last try. */
	answer: Answer;
	statusCode: number;
	/** The server's Retry-After of this answer, in ms, when it sent one. */
	retryAfterMs?: number;
}

/**
 * Sends until an answer is final. A request that got no answer is tried again when the failure was transient and
 * the method allows it (never after its time limit: the server may still be working on it); an answer is tried
 * again when its status says so (429, 503, and 5xx for reads) or, for reads, when it broke off. Both within the
 * policy's tries and total wait, waiting what the server's Retry-After asks or backing off.
 */
export async function sendWithRetries<Answer>(tries: Tries<Answer>): Promise<Answered<Answer>> {
	const { method, policy } = tries;
	let waitedMs = 0;
	for (let tried = 1; ; tried++) {
		let answer: Answer;
		try {
			answer = await tries.send();
		} catch (error) {
			const wait = backoffMs(tried + 1);
			const transient = !isTimeout(error) && isRetryable(method, undefined, networkCodeOf(error));
			if (transient && tried < policy.maxTries && waitedMs + wait <= policy.maxWaitMs) {
				await policy.wait(wait);
				waitedMs += wait;
				continue;
			}
			throw tries.noAnswer(error, { tries: tried, waitedMs });
		}
		const statusCode = tries.statusOf(answer);
		const askedMs = retryAfterMs(tries.retryAfterOf(answer), Date.now());
		const final = { answer, statusCode, tries: tried, waitedMs, retryAfterMs: askedMs };
		const success = statusCode >= 200 && statusCode < 300;
		const again = success
			? READS.includes(method) && tries.isIncomplete?.(answer) === true
			: isRetryable(method, statusCode);
		if (!again || tried >= policy.maxTries) return final;
		const wait = askedMs ?? backoffMs(tried + 1);
		// A Retry-After beyond what the node may wait is reported, not waited for.
		if (waitedMs + wait > policy.maxWaitMs) return { ...final, refusedWaitMs: askedMs };
		tries.discard?.(answer);
		await policy.wait(wait);
		waitedMs += wait;
	}
}
