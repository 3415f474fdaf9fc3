// Every failure of a request → a NodeApiError whose message says what happened and whose description says how to
// fix it, every text redacted: an answer that is a failure, a 2xx that is not what the endpoint promises, no answer
// in time, no answer at all.

import type { Failure, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CREDENTIALS } from '../credentialContract';
import { isObject } from '../resources/wrappers';
import type { ApiCall, SentCall } from './endpoints';
import type { FailureKind } from './failures';
import { CUT_MID_ANSWER, MUTATIONS, NEVER_SENT, networkCodeOf } from './failures';
import {
	hintFor,
	isBatchRequest,
	rateLimitAdvice,
	retryAdvice,
	serverErrorAdvice,
	timeoutAdvice,
} from './hints';
import { redactText } from './redaction';
import type { RetryReport } from './retry';

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
function fieldsNamed(sent: SentCall): string {
	if (sent.caller !== 'operation') {
		return "The server refused the request the node makes for this. Check that the credential's Base URL is a File Storage server that follows the API.";
	}
	if (Array.isArray(sent.call.body?.urls))
		return "Fix the values named above. 'urls.N' is the Nth URL of the request (see URLs per Request).";
	if (isBatchRequest(sent.call))
		return "Fix the values named above. 'items.N' is the Nth item of the request (see Batch Size).";
	return 'Fix the parameters named above.';
}

function describeFailure(
	sent: SentCall,
	status: number,
	body: unknown,
	kind: FailureKind,
): { message: string; description: string } {
	const { call } = sent;
	const said = serverMessage(body);
	const saidSuffix = said ? `: ${said}` : '';
	switch (kind) {
		case 'auth':
			return {
				message: `The ${CREDENTIALS[call.credentialType].secret.noun} was refused (HTTP ${status})${saidSuffix}`,
				description: hintFor(sent, 'auth'),
			};
		case 'denied':
			return {
				message: `Access denied (HTTP ${status})${saidSuffix}`,
				description: hintFor(sent, 'denied'),
			};
		case 'notFound':
			return {
				message: `Not found (HTTP ${status})${saidSuffix}`,
				description: hintFor(sent, 'notFound'),
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
				description: fieldsNamed(sent),
			};
		}
		case 'rateLimited':
			return {
				message: `Too many requests: the server is rate limiting (HTTP ${status})`,
				description: rateLimitAdvice(sent),
			};
		case 'server':
			return {
				message: `The File Storage server could not handle the request (HTTP ${status})${saidSuffix}`,
				description: serverErrorAdvice(sent.caller),
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
				description: `The answer started as JSON but could not be read, so nothing of it is used. ${retryAdvice(sent.caller)} If this repeats, check the server (or a proxy in between) for answers cut off mid-way.`,
			};
		case 'errorBody':
			return {
				message: `The server declined the request${saidSuffix}`,
				description: hintFor(sent, 'errorBody'),
			};
		default:
			return {
				message: `The server did not accept the request (HTTP ${status})${saidSuffix}`,
				description: `Check the parameters and the credential. ${retryAdvice(sent.caller)}`,
			};
	}
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
	sent: SentCall,
	status: number,
	body: unknown,
	kind: FailureKind,
	retries?: RetryReport & { retryAfterMs?: number },
): NodeApiError {
	const { node, call, secrets, itemIndex } = sent;
	const described = describeFailure(sent, status, body, kind);
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
	// n8n swaps a message that mentions a network code (a server's "could not fetch: connect ECONNREFUSED") for
	// its own "The service refused the connection", which would blame the wrong machine: keep the server's words.
	error.message = redactText(described.message, secrets);
	return error;
}

/** A 2xx answer that is not what the endpoint promises: an error, never an empty result. */
export function unexpectedAnswerError(
	sent: SentCall,
	status: number,
	expected: string,
	excerpt: string,
): NodeApiError {
	const { node, call, secrets, itemIndex } = sent;
	const message = `Unexpected answer from the server (HTTP ${status}): expected ${expected}`;
	const applied = MUTATIONS.includes(call.method)
		? ' The request may have been applied: check before running again.'
		: '';
	const description = `The server answered ${excerpt}. Nothing of this answer is used.${applied} Check that the Base URL of the credential points at the File Storage API itself (not a proxy or another app). ${retryAdvice(sent.caller)}`;
	return new NodeApiError(
		node,
		{ message, httpCode: String(status) },
		{ message, description: redactText(description, secrets), httpCode: String(status), itemIndex },
	);
}

/** A request that got no answer within its time limit. */
export function timeoutError(
	{ node, call, itemIndex, caller }: SentCall,
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
			description: `The server did not answer in time.${applied} ${timeoutAdvice(caller, limit)}`,
			itemIndex,
		},
	);
}

/** The error of a request that got no answer: never connected (refused, DNS), or the connection broke (reset). */
export function unreachableError(
	sent: SentCall,
	error: Error,
	retries?: RetryReport,
): NodeApiError {
	const { node, call, secrets, itemIndex } = sent;
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
		? `The server, or a proxy between n8n and it, closed the connection before a complete answer. ${retryAdvice(sent.caller)} If this repeats, check the server and its proxy.`
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
