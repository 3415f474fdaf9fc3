// Requests that got no (complete) answer: out of time, never connected, or the connection broke.

import { NodeApiError } from 'n8n-workflow';

import { CREDENTIALS } from '../credentialContract';
import type { RetryReport } from './errors';
import { MUTATIONS, retryNote } from './errors';
import type { CallSite } from './place';
import { tryAgain, whenNoAnswerInTime } from './place';
import { redactText } from './redaction';

/**
 * Whether a request that got no answer ran into its time limit: the HTTP client's code, under n8n's wrapper (and,
 * for streamed requests, under the wrapper's cause).
 */
export function isTimeout(error: unknown): boolean {
	const code = networkCodeOf(error);
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return true;
	const { message, cause } = (error ?? {}) as {
		message?: unknown;
		cause?: { message?: unknown; cause?: { message?: unknown } };
	};
	return /timeout/i.test(
		`${String(message ?? '')} ${String(cause?.message ?? '')} ${String(cause?.cause?.message ?? '')}`,
	);
}

/** A request that got no answer within its time limit. */
export function timeoutError(
	{ node, call, itemIndex, place }: CallSite,
	timeoutMs: number,
): NodeApiError {
	const limit =
		timeoutMs >= 1000
			? `${Math.round(timeoutMs / 1000)} s`
			: `${Math.max(1, Math.round(timeoutMs))} ms`;
	const message = `No answer within ${limit} to ${call.method} /api/v1${call.path}`;
	const applied = MUTATIONS.includes(call.method)
		? ' The request may still have been applied: check before running again.'
		: '';
	return new NodeApiError(
		node,
		{ message },
		{
			message,
			description: `The server did not answer in time.${applied} ${whenNoAnswerInTime({ node, call, itemIndex, place, secrets: [] }, limit)}`,
			itemIndex,
		},
	);
}

/** Connection failures that happen before a request is sent: such a request cannot have been applied. */
const NEVER_SENT = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

/**
 * The network code (ECONNRESET, ECONNABORTED…) of a request that got no answer. n8n's HTTP helper wraps the HTTP
 * client's error in a NodeApiError with its own wording and no code, so the code is found on a cause.
 */
export function networkCodeOf(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && code !== '') return code;
		current = (current as { cause?: unknown }).cause;
	}
	return codeFromTexts(error);
}

/**
 * n8n 1.x keeps no cause on its wrapper (a class field resets it), only the client's message among `messages`
 * and its own wording as the message: read the code from those texts.
 */
/** The HTTP client's code for an answer whose body ended before the length it announced. */
export const CUT_MID_ANSWER = 'ERR_BAD_RESPONSE';

const CODE_TEXTS: Array<[RegExp, string]> = [
	[/timeout of \d+ ?ms exceeded|ETIMEDOUT|ECONNABORTED|connection was aborted/i, 'ECONNABORTED'],
	[/ERR_BAD_RESPONSE|stream has been aborted/i, CUT_MID_ANSWER],
	[/ECONNRESET|socket hang up|closed unexpectedly/i, 'ECONNRESET'],
	[/ECONNREFUSED|refused the connection/i, 'ECONNREFUSED'],
	[/ENOTFOUND|EAI_AGAIN/i, 'ENOTFOUND'],
];

function codeFromTexts(error: unknown): string | undefined {
	const { message, messages } = (error ?? {}) as { message?: unknown; messages?: unknown };
	const texts = [...(Array.isArray(messages) ? messages : []), message]
		.map((text) => String(text ?? ''))
		.join('\n');
	return CODE_TEXTS.find(([pattern]) => pattern.test(texts))?.[1];
}

/** The error of a request that got no answer: never connected (refused, DNS), or the connection broke (reset). */
export function unreachableError(
	site: CallSite,
	error: Error,
	retries?: RetryReport,
): NodeApiError {
	const { node, call, secrets, itemIndex } = site;
	const detail = redactText(String(error?.message ?? error), secrets);
	const code = networkCodeOf(error);
	const neverSent = code !== undefined && NEVER_SENT.includes(code);
	const broke = code !== undefined && !neverSent;
	const cutMidAnswer = code === CUT_MID_ANSWER;
	const applied =
		MUTATIONS.includes(call.method) && !neverSent
			? ' The request may have been applied before the connection broke: check before running again.'
			: '';
	const check = broke
		? `The server, or a proxy between n8n and it, closed the connection before a complete answer. ${tryAgain(site.place)} If this repeats, check the server and its proxy.`
		: `Check the Base URL in the "${CREDENTIALS[call.credentialType].label}" credential and that the server is running and reachable from n8n.`;
	const message = cutMidAnswer
		? `The answer of the File Storage server broke off before its end (${code})`
		: broke
			? `The connection to the File Storage server broke before it answered (${code})`
			: `Could not reach the File Storage server${code ? ` (${code})` : ''}`;
	const unreachable = new NodeApiError(
		node,
		// The code stays out of the error response: NodeApiError would replace this message with its own wording.
		{ message: detail, networkCode: code ?? null },
		{
			message,
			description: `${check}${applied}${retryNote(retries)} Detail: ${detail}`,
			itemIndex,
		},
	);
	// NodeApiError also swaps a message that merely names a connection code for its generic wording: set ours again.
	unreachable.message = message;
	return unreachable;
}
