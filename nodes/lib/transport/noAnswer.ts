// Requests that got no (complete) answer: out of time, never connected, or the connection broke.

import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CREDENTIALS } from '../credentialContract';
import type { ApiCall } from './endpoints';
import type { RetryReport } from './errors';
import { MUTATIONS, retryNote } from './errors';
import { redactText } from './redaction';

/**
 * Whether a request that got no answer ran into its time limit: the HTTP client's code, under n8n's wrapper (and,
 * for streamed requests, under the wrapper's cause).
 */
export function isTimeout(error: unknown): boolean {
	const code = networkCodeOf(error);
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return true;
	const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { message?: unknown; cause?: { message?: unknown } } };
	return /timeout/i.test(`${String(message ?? '')} ${String(cause?.message ?? '')} ${String(cause?.cause?.message ?? '')}`);
}

/** A request that got no answer within its time limit. */
export function timeoutError(node: INode, call: ApiCall, timeoutMs: number, itemIndex?: number): NodeApiError {
	const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${Math.max(1, Math.round(timeoutMs))} ms`;
	const message = `No answer within ${limit} to ${call.method} /api/v1${call.path}`;
	const applied = MUTATIONS.includes(call.method) ? ' The request may still have been applied: check before running again.' : '';
	return new NodeApiError(
		node,
		{ message },
		{
			message,
			description: `The server did not answer in time.${applied} Raise Timeout in the node's options if the server is slow, or check that it is running.`,
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
const CODE_TEXTS: Array<[RegExp, string]> = [
	[/timeout of \d+ ?ms exceeded|ETIMEDOUT|ECONNABORTED|connection was aborted/i, 'ECONNABORTED'],
	[/ECONNRESET|socket hang up|closed unexpectedly/i, 'ECONNRESET'],
	[/ECONNREFUSED|refused the connection/i, 'ECONNREFUSED'],
	[/ENOTFOUND|EAI_AGAIN/i, 'ENOTFOUND'],
];

function codeFromTexts(error: unknown): string | undefined {
	const { message, messages } = (error ?? {}) as { message?: unknown; messages?: unknown };
	const texts = [...(Array.isArray(messages) ? messages : []), message].map((text) => String(text ?? '')).join('\n');
	return CODE_TEXTS.find(([pattern]) => pattern.test(texts))?.[1];
}

/** The error of a request that got no answer: never connected (refused, DNS), or the connection broke (reset). */
export function unreachableError(
	node: INode,
	call: ApiCall,
	error: Error,
	secrets: string[],
	itemIndex?: number,
	retries?: RetryReport,
): NodeApiError {
	const detail = redactText(String(error?.message ?? error), secrets);
	const code = networkCodeOf(error);
	const neverSent = code !== undefined && NEVER_SENT.includes(code);
	const broke = code !== undefined && !neverSent;
	const applied =
		MUTATIONS.includes(call.method) && !neverSent
			? ' The request may have been applied before the connection broke: check before running again.'
			: '';
	const check = broke
		? 'The server, or a proxy between n8n and it, closed the connection before a complete answer. Run again; if it repeats, check the server and its proxy.'
		: `Check the Base URL in the "${CREDENTIALS[call.credentialType].label}" credential and that the server is running and reachable from n8n.`;
	const message = broke
		? `The connection to the File Storage server broke before it answered (${code})`
		: `Could not reach the File Storage server${code ? ` (${code})` : ''}`;
	const unreachable = new NodeApiError(
		node,
		// The code stays out of the error response: NodeApiError would replace this message with its own wording.
		{ message: detail, networkCode: code ?? null },
		{ message, description: `${check}${applied}${retryNote(retries)} Detail: ${detail}`, itemIndex },
	);
	// NodeApiError also swaps a message that merely names a connection code for its generic wording: set ours again.
	unreachable.message = message;
	return unreachable;
}
