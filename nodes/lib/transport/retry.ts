// The one retry loop (API calls, a 2xx read whose JSON broke off included, and downloads), bounded in tries and wait.

import type { IHttpRequestMethods } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { CUT_MID_ANSWER, isTimeout, networkCodeOf } from './failures';

export interface RequestPolicy {
	timeoutMs: number; // of one request
	maxTries: number; // the first included
	maxWaitMs: number; // between tries, in all
	wait(ms: number): Promise<void>; // n8n-workflow's `sleep`: nodes may not use timers
}

const DEFAULT_TIMEOUT_MS = 30_000;

// Every policy takes its `wait` from here, so a test that replaces it sees every wait the node asks for.
export const EXECUTION_POLICY: RequestPolicy = {
	timeoutMs: DEFAULT_TIMEOUT_MS,
	maxTries: 3,
	maxWaitMs: 60_000,
	wait: async (ms) => await sleep(ms),
};

export function executionPolicy(timeoutMs: number): RequestPolicy {
	return { ...EXECUTION_POLICY, timeoutMs };
}

// `budgetMs`: the whole poll's, n8n's poll budget or a minute where n8n does not say.
export type PollPolicy = RequestPolicy & { budgetMs: number };

// n8n bounds a poll's whole run: shorter requests and waits, taken from its budget.
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
const TRANSIENT_CODES = ['ECONNRESET', 'EPIPE', 'ECONNREFUSED', CUT_MID_ANSWER];

// A mutation is repeated only when the server says it did not process it (429, 503): after a 500, 502 or 504 it
// may have been applied, and a batch repeated could be applied twice.
function isRetryableStatus(method: IHttpRequestMethods, status: number): boolean {
	if (status === 429 || status === 503) return true;
	return READS.includes(method) && [500, 502, 504].includes(status);
}

// An HTTP date names its month and has hh:mm:ss; some servers send ISO 8601 instead.
const DATE =
	/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b.*\b\d{2}:\d{2}:\d{2}\b|^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function retryAfterMs(header: unknown, now: number): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	// Date.parse reads almost anything as a date ("in 5" is May 2001): anything else is no wait asked.
	if (!DATE.test(text)) return undefined;
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

// `refusedWaitMs`: a Retry-After longer than the node may wait, so not waited for.
export type RetryReport = { tries: number; waitedMs: number; refusedWaitMs?: number };
export type ResponseHead = { statusCode: number; headers?: Record<string, unknown> };

export interface Tries<Response extends ResponseHead> {
	method: IHttpRequestMethods;
	policy: RequestPolicy;
	send(): Promise<Response>; // throws when no response came
	isIncomplete?(response: Response): boolean; // a 2xx whose JSON broke off: a read asks again
	discard?(response: Response): void; // a streamed response holds its connection until ended
	noAnswer(error: unknown, report: RetryReport): Error;
}

// `response`: a success, an error not worth repeating, or the last try's.
export type Responded<Response> = RetryReport & { response: Response; retryAfterMs?: number };

// Sends until an response is final, within the policy's tries and total wait, waiting what Retry-After asks or
// backing off. No response is tried again only for a read that met a transient failure, never after a time-out:
// the server may still be working on it.
export async function sendWithRetries<Response extends ResponseHead>(
	tries: Tries<Response>,
): Promise<Responded<Response>> {
	const { method, policy } = tries;
	let waitedMs = 0;
	for (let tried = 1; ; tried++) {
		const backoffMs = 1000 * 2 ** (tried - 1);
		let response: Response;
		try {
			response = await tries.send();
		} catch (error) {
			const transient =
				READS.includes(method) &&
				!isTimeout(error) &&
				TRANSIENT_CODES.includes(networkCodeOf(error) ?? '');
			if (!transient || tried >= policy.maxTries || waitedMs + backoffMs > policy.maxWaitMs)
				throw tries.noAnswer(error, { tries: tried, waitedMs });
			await policy.wait(backoffMs);
			waitedMs += backoffMs;
			continue;
		}
		const { statusCode, headers } = response;
		const askedMs = retryAfterMs(headers?.['retry-after'], Date.now());
		const final = { response, tries: tried, waitedMs, retryAfterMs: askedMs };
		const again =
			statusCode >= 200 && statusCode < 300
				? READS.includes(method) && tries.isIncomplete?.(response) === true
				: isRetryableStatus(method, statusCode);
		if (!again || tried >= policy.maxTries) return final;
		const wait = askedMs ?? backoffMs;
		if (waitedMs + wait > policy.maxWaitMs) return { ...final, refusedWaitMs: askedMs };
		tries.discard?.(response);
		await policy.wait(wait);
		waitedMs += wait;
	}
}
