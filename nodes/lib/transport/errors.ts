// Status and body → a NodeApiError whose message says what happened and whose description says how to fix it.

import type { Failure, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CREDENTIALS } from '../credentialContract';
import { isObject } from '../resources/wrappers';
import type { ApiCall } from './endpoints';
import { hintFor } from './hints';
import type { CallSite } from './place';
import { isBatchRequest, slowDown, tryAgain, whenTheServerStumbles } from './place';
import { redactText } from './redaction';

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

/** Undefined for a success; otherwise what kind of failure the answer is. */
export function classifyResponse(status: number, body: unknown): FailureKind | undefined {
	if (status >= 200 && status < 300) {
		// 204 and other empty answers are success; a web page is not.
		if (body === undefined || body === null || body === '') return undefined;
		if (typeof body === 'string') return looksLikeJson(body) ? 'badJson' : 'notJson';
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

/** Text that starts like JSON but did not parse: cut short, or malformed. */
function looksLikeJson(text: string): boolean {
	return /^\s*[[{]/.test(text);
}

function serverMessage(body: unknown): string {
	if (isObject(body) && typeof body.message === 'string') return body.message.trim();
	return '';
}

/** `{ "items.0.id": ["…"] }` → `items.0.id: …; urls.1: …` */
function fieldErrors(body: unknown): string {
	if (!isObject(body) || !isObject(body.errors)) return '';
	return Object.entries(body.errors)
		.map(([field, messages]) => {
			const text = Array.isArray(messages) ? messages.join(' ') : String(messages);
			return `${field}: ${text}`;
		})
		.join('; ');
}

/** What the fields a validation error names are, for the request that was sent. */
function fieldsNamed(site: CallSite): string {
	if (site.place !== 'operation') {
		return "The server refused the request the node makes for this. Check that the credential's Base URL is a File Storage server that follows the API.";
	}
	if (Array.isArray(site.call.body?.urls))
		return "Fix the values named above. 'urls.N' is the Nth URL of the request (see URLs per Request).";
	if (isBatchRequest(site.call))
		return "Fix the values named above. 'items.N' is the Nth item of the request (see Batch Size).";
	return 'Fix the parameters named above.';
}

function describeFailure(
	site: CallSite,
	status: number,
	body: unknown,
	kind: FailureKind,
): { message: string; description: string } {
	const { call } = site;
	const said = serverMessage(body);
	const saidSuffix = said ? `: ${said}` : '';
	switch (kind) {
		case 'auth':
			return {
				message: `The ${CREDENTIALS[call.credentialType].secret.noun} was refused (HTTP ${status})${saidSuffix}`,
				description: hintFor(site, 'auth'),
			};
		case 'denied':
			return {
				message: `Access denied (HTTP ${status})${saidSuffix}`,
				description: hintFor(site, 'denied'),
			};
		case 'notFound':
			return {
				message: `Not found (HTTP ${status})${saidSuffix}`,
				description: hintFor(site, 'notFound'),
			};
		case 'gone':
			return {
				message: `The file request is not active anymore (HTTP ${status})`,
				description:
					'The file request was filled or has expired. Create a new file request and put its ID in the "File Storage File Request API" credential.',
			};
		case 'validation': {
			const fields = fieldErrors(body);
			return {
				message: `The server rejected the request as invalid (HTTP ${status})${fields ? `: ${fields}` : saidSuffix}`,
				description: fieldsNamed(site),
			};
		}
		case 'rateLimited':
			return {
				message: `Too many requests: the server is rate limiting (HTTP ${status})`,
				description: slowDown(site),
			};
		case 'server':
			return {
				message: `The File Storage server could not handle the request (HTTP ${status})${saidSuffix}`,
				description: whenTheServerStumbles(site),
			};
		case 'notJson':
			return {
				message: `The server answered with a web page instead of JSON (HTTP ${status})`,
				description:
					'Check the Base URL of the credential: it must be the File Storage server itself, not a login page, proxy or the web app under a different path.',
			};
		case 'badJson':
			return {
				message: `The server's answer is not complete JSON (HTTP ${status}): it was cut short or is malformed`,
				description: `The answer started as JSON but could not be read, so nothing of it is used. ${tryAgain(site.place)} If this repeats, check the server (or a proxy in between) for answers cut off mid-way.`,
			};
		case 'errorBody':
			return {
				message: `The server declined the request${saidSuffix}`,
				description: hintFor(site, 'errorBody'),
			};
		default:
			return {
				message: `The server did not accept the request (HTTP ${status})${saidSuffix}`,
				description: `Check the parameters and the credential. ${tryAgain(site.place)}`,
			};
	}
}

/** What the retries did before the error, for its description. */
export interface RetryReport {
	tries: number;
	waitedMs: number;
	/** A Retry-After the node did not wait for, because it exceeded what the node may wait. */
	refusedWaitMs?: number;
}

export function retryNote(report: RetryReport | undefined): string {
	if (!report || (report.tries <= 1 && report.refusedWaitMs === undefined)) return '';
	const tried =
		report.tries > 1
			? ` Tried ${report.tries} times, waiting ${Math.round(report.waitedMs / 1000)} s in all.`
			: '';
	const refused =
		report.refusedWaitMs !== undefined
			? ` The server asked to wait ${Math.ceil(report.refusedWaitMs / 1000)} s, longer than the node waits.`
			: '';
	return `${tried}${refused}`;
}

export const MUTATIONS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** For a mutation whose answer does not say it was not applied: tell the user to check before running again. */
function appliedNote(call: ApiCall, status: number, kind: FailureKind): string {
	if (!MUTATIONS.includes(call.method)) return '';
	if (status === 500 || status === 502 || status === 504) {
		return ' The request may have been applied before the server failed: check before running again.';
	}
	// A success status with an unreadable body (a web page, JSON cut short): the server may well have done it.
	// An error body explains itself (items before the failing one are done).
	if (status >= 200 && status < 300 && kind !== 'errorBody') {
		return ' The status says it succeeded, so the request may have been applied: check before running again.';
	}
	return '';
}

/** Why the operation failed, for n8n's scheduler (newer n8n reads it; older versions ignore the option). */
function failureOf(
	kind: FailureKind,
	status: number,
	retryAfter: number | undefined,
): Failure | undefined {
	if (kind === 'rateLimited')
		return {
			cause: 'rate-limited',
			...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}),
		};
	if (status === 503)
		return {
			cause: 'temporarily-unavailable',
			...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}),
		};
	if (kind === 'auth') return { cause: 'credential-invalid' };
	return undefined;
}

/** The error of an answer that `classifyResponse` judged a failure; every text is redacted. */
export function answerError(
	site: CallSite,
	status: number,
	body: unknown,
	kind: FailureKind,
	retries?: RetryReport & { retryAfterMs?: number },
): NodeApiError {
	const { node, call, secrets, itemIndex } = site;
	const described = describeFailure(site, status, body, kind);
	const description = `${described.description}${retryNote(retries)}${appliedNote(call, status, kind)}`;
	const failure = failureOf(kind, status, retries?.retryAfterMs ?? retries?.refusedWaitMs);
	const error = new NodeApiError(
		node,
		{
			message: redactText(described.message, secrets),
			httpCode: String(status),
			body: body as JsonObject,
		},
		{
			message: redactText(described.message, secrets),
			description: redactText(description, secrets),
			httpCode: String(status),
			itemIndex,
			...(failure ? { failure } : {}),
		},
	);
	if (kind === 'badJson') incompleteAnswers.add(error);
	return error;
}

/** Errors of 2xx answers whose JSON broke off: a read may ask again for them. */
const incompleteAnswers = new WeakSet<Error>();

export function isIncompleteAnswer(error: unknown): boolean {
	return error instanceof Error && incompleteAnswers.has(error);
}

/** A 2xx answer that is not what the endpoint promises: an error, never an empty result. */
export function unexpectedAnswerError(
	site: CallSite,
	status: number,
	expected: string,
	excerpt: string,
): NodeApiError {
	const { node, call, secrets, itemIndex } = site;
	const message = `Unexpected answer from the server (HTTP ${status}): expected ${expected}`;
	const applied = MUTATIONS.includes(call.method)
		? ' The request may have been applied: check before running again.'
		: '';
	const description = `The server answered ${excerpt}. Nothing of this answer is used.${applied} Check that the Base URL of the credential points at the File Storage API itself (not a proxy or another app). ${tryAgain(site.place)}`;
	return new NodeApiError(
		node,
		{ message, httpCode: String(status) },
		{ message, description: redactText(description, secrets), httpCode: String(status), itemIndex },
	);
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
