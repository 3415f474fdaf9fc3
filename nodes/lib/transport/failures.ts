// What kind of failure a request met: for what the transport retries and reports, and for both nodes.

import type { IHttpRequestMethods } from 'n8n-workflow';

import { isObject } from '../resources/wrappers';

type ByStatus = 'auth' | 'denied' | 'notFound' | 'gone' | 'validation' | 'rateLimited';
export type FailureKind = ByStatus | 'server' | 'notJson' | 'badJson' | 'errorBody' | 'other';

export const MUTATIONS: IHttpRequestMethods[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

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
	return typeof body === 'string' && body.trim().startsWith('<') ? 'notJson' : 'other';
}

export function statusOf(error: unknown): number | undefined {
	const status = Number((error as { httpCode?: unknown } | undefined)?.httpCode);
	return Number.isInteger(status) && status > 0 ? status : undefined;
}

export const isNotFound = (error: unknown) => statusOf(error) === 404;

export function isClientError(error: unknown): boolean {
	const status = statusOf(error) ?? 0;
	return status >= 400 && status < 500;
}

export function errorBody(error: unknown): unknown {
	return (error as { errorResponse?: { body?: unknown } })?.errorResponse?.body;
}

/** Whether a 422 names this query or body field. */
export function refusedField(error: unknown, field: string): boolean {
	const body = errorBody(error);
	return isObject(body) && isObject(body.errors) && field in body.errors;
}

/** The HTTP client's code for an answer whose body ended before the length it announced. */
export const CUT_MID_ANSWER = 'ERR_BAD_RESPONSE';

/** Failures before a request is sent: such a request cannot have been applied. */
export const NEVER_SENT = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

type Wrapped = { code?: unknown; message?: unknown; cause?: unknown };

/** An error and its causes: n8n wraps the HTTP client's error (streamed requests twice). */
function chainOf(error: unknown, depth = 5): Wrapped[] {
	const chain: Wrapped[] = [];
	for (let at = error; at && typeof at === 'object' && chain.length < depth; ) {
		chain.push(at as Wrapped);
		at = (at as Wrapped).cause;
	}
	return chain;
}

export function isTimeout(error: unknown): boolean {
	if (['ECONNABORTED', 'ETIMEDOUT'].includes(networkCodeOf(error) ?? '')) return true;
	const messages = chainOf(error, 3).map(({ message }) => String(message ?? ''));
	return /timeout/i.test(messages.join(' '));
}

export function networkCodeOf(error: unknown): string | undefined {
	const code = chainOf(error).find(({ code }) => typeof code === 'string' && code !== '')?.code;
	return (code as string | undefined) ?? codeFromTexts(error);
}

const CODE_TEXTS: Array<[RegExp, string]> = [
	[/timeout of \d+ ?ms exceeded|ETIMEDOUT|ECONNABORTED|connection was aborted/i, 'ECONNABORTED'],
	[/ERR_BAD_RESPONSE|stream has been aborted/i, CUT_MID_ANSWER],
	[/ECONNRESET|socket hang up|closed unexpectedly/i, 'ECONNRESET'],
	[/ECONNREFUSED|refused the connection/i, 'ECONNREFUSED'],
	[/ENOTFOUND|EAI_AGAIN/i, 'ENOTFOUND'],
];

/** n8n 1.x keeps no cause on its wrapper, only the client's message among `messages`: the code is read there. */
function codeFromTexts(error: unknown): string | undefined {
	const { message, messages } = (error ?? {}) as { message?: unknown; messages?: unknown };
	const texts = [...(Array.isArray(messages) ? messages : []), message]
		.map((text) => String(text ?? ''))
		.join('\n');
	return CODE_TEXTS.find(([pattern]) => pattern.test(texts))?.[1];
}
