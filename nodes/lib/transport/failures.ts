// What kind of failure a request met, for every part of the package that has to decide on one: the transport
// (what to try again, which error to build) and both nodes (a folder that is gone, a refused cursor).

import type { IHttpRequestMethods } from 'n8n-workflow';

import { isObject } from '../resources/wrappers';

export type FailureKind =
	| 'auth'
	| 'denied'
	| 'notFound'
	| 'gone'
	| 'validation'
	| 'rateLimited'
	| 'server'
	| 'notJson'
	| 'badJson'
	| 'errorBody'
	| 'other';

export const MUTATIONS: IHttpRequestMethods[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Undefined for a success; otherwise what kind of failure the answer is. */
export function classifyResponse(status: number, body: unknown): FailureKind | undefined {
	if (status >= 200 && status < 300) {
		// 204 and other empty answers are success; a web page is not.
		if (body === undefined || body === null || body === '') return undefined;
		if (typeof body === 'string') return /^\s*[[{]/.test(body) ? 'badJson' : 'notJson';
		// Real servers answer some failures with 200 and an error body (e.g. an item missing mid-batch).
		if (isObject(body) && (body.type === 'error' || body.type === 'gone')) return 'errorBody';
		return undefined;
	}
	if (status === 401) return 'auth';
	if (status === 403) return 'denied';
	if (status === 404) return 'notFound';
	if (status === 410) return 'gone';
	if (status === 422 || status === 400) return 'validation';
	if (status === 429) return 'rateLimited';
	if (status >= 500) return 'server';
	if (typeof body === 'string' && body.trim().startsWith('<')) return 'notJson';
	return 'other';
}

// ----- errors the transport threw -----------------------------------------------------------------------------

/** The HTTP status of the answer an error was built from; undefined when no answer came. */
export function statusOf(error: unknown): number | undefined {
	const status = Number((error as { httpCode?: unknown } | undefined)?.httpCode);
	return Number.isInteger(status) && status > 0 ? status : undefined;
}

export function isNotFound(error: unknown): boolean {
	return statusOf(error) === 404;
}

/** A 4xx answer: the server refused what was sent (a saved cursor, a value). */
export function isClientError(error: unknown): boolean {
	const status = statusOf(error);
	return status !== undefined && status >= 400 && status < 500;
}

/** The redacted response body that a transport error was built from. */
export function errorBody(error: unknown): unknown {
	return (error as { errorResponse?: { body?: unknown } })?.errorResponse?.body;
}

/** Whether the server refused the request because of one query or body field (a 422 naming it). */
export function refusedField(error: unknown, field: string): boolean {
	const body = errorBody(error);
	return isObject(body) && isObject(body.errors) && field in body.errors;
}

// ----- requests that got no (complete) answer ----------------------------------------------------------------

/** The HTTP client's code for an answer whose body ended before the length it announced. */
export const CUT_MID_ANSWER = 'ERR_BAD_RESPONSE';

/** Connection failures that happen before a request is sent: such a request cannot have been applied. */
export const NEVER_SENT = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

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

const CODE_TEXTS: Array<[RegExp, string]> = [
	[/timeout of \d+ ?ms exceeded|ETIMEDOUT|ECONNABORTED|connection was aborted/i, 'ECONNABORTED'],
	[/ERR_BAD_RESPONSE|stream has been aborted/i, CUT_MID_ANSWER],
	[/ECONNRESET|socket hang up|closed unexpectedly/i, 'ECONNRESET'],
	[/ECONNREFUSED|refused the connection/i, 'ECONNREFUSED'],
	[/ENOTFOUND|EAI_AGAIN/i, 'ENOTFOUND'],
];

/**
 * n8n 1.x keeps no cause on its wrapper (a class field resets it), only the client's message among `messages`
 * and its own wording as the message: read the code from those texts.
 */
function codeFromTexts(error: unknown): string | undefined {
	const { message, messages } = (error ?? {}) as { message?: unknown; messages?: unknown };
	const texts = [...(Array.isArray(messages) ? messages : []), message]
		.map((text) => String(text ?? ''))
		.join('\n');
	return CODE_TEXTS.find(([pattern]) => pattern.test(texts))?.[1];
}
