// The one retry loop of the transport: API calls and file downloads are both sent through it.

import type { IHttpRequestMethods } from 'n8n-workflow';

import type { RetryReport } from './errors';
import { isTimeout, networkCodeOf } from './noAnswer';
import type { RequestPolicy } from './retry';
import { backoffMs, isRetryable, retryAfterMs } from './retry';

/** How one request is tried: what to send, how to read the answer's status, what to do with a given-up answer. */
export interface Tries<Answer> {
	method: IHttpRequestMethods;
	policy: RequestPolicy;
	/** Sends the request once; throws when no answer came. */
	send(): Promise<Answer>;
	statusOf(answer: Answer): number;
	retryAfterOf(answer: Answer): unknown;
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
 * again when its status says so (429, 503, and 5xx for reads). Both within the policy's tries and total wait,
 * waiting what the server's Retry-After asks or backing off.
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
		if ((statusCode >= 200 && statusCode < 300) || !isRetryable(method, statusCode)) return final;
		if (tried >= policy.maxTries) return final;
		const wait = askedMs ?? backoffMs(tried + 1);
		// A Retry-After beyond what the node may wait is reported, not waited for.
		if (waitedMs + wait > policy.maxWaitMs) return { ...final, refusedWaitMs: askedMs };
		tries.discard?.(answer);
		await policy.wait(wait);
		waitedMs += wait;
	}
}
