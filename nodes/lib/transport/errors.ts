// Every failure of a request → a NodeApiError, every text redacted: its message says what happened, its description
// how to fix it (hints.ts).

import type { Failure, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CREDENTIALS } from '../credentialContract';
import { isObject } from '../resources/wrappers';
import type { ApiCall, SentRequest } from './endpoints';
import type { FailureKind } from './failures';
import { CUT_MID_ANSWER, MUTATIONS, NEVER_SENT, networkCodeOf } from './failures';
import { inPlace, itemsWording } from './facts';
import { FAILURE_HINTS as HINTS, hintFor } from './hints';
import { MESSAGES, timeLimitText } from './messages';
import { redactText } from './redaction';
import type { RetryReport } from './retry';

export type ErrorPlace = Pick<SentRequest, 'node' | 'itemIndex' | 'secrets'> &
	Partial<Pick<SentRequest, 'stops' | 'facts'>>;

type ErrorDetails = { httpCode?: number; response?: JsonObject; failure?: Failure };

/**
 * The one way a failure becomes an error: the caller's facts say where it happened and which items it concerns,
 * every text is redacted, and nothing is changed once the error is made. The message is set again: NodeApiError
 * swaps one that names a connection code (a server's "could not fetch: connect ECONNREFUSED") for its own wording,
 * which would blame n8n's link to the server.
 */
export function redactedError(
	place: ErrorPlace,
	message: string,
	description: string,
	{ httpCode, response, failure }: ErrorDetails = {},
): NodeApiError {
	const { node, itemIndex, secrets, facts = {} } = place;
	const located = inPlace({ message, description, status: httpCode }, facts);
	const worded = itemsWording(place, located.message, located.description);
	const text = redactText(worded.message, secrets);
	const code: { httpCode?: string } = httpCode === undefined ? {} : { httpCode: String(httpCode) };
	const error = new NodeApiError(
		node,
		{ message: text, ...response, ...code },
		{
			message: text,
			description: redactText(worded.description, secrets),
			itemIndex,
			...code,
			...(failure ? { failure } : {}),
		},
	);
	error.message = text;
	return error;
}

/** One short line of what the server sent (callers redact it). */
export function excerptOf(body: unknown, limit = 160): string {
	if (body === undefined || body === null || body === '') return '(empty body)';
	const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > limit ? `${flat.slice(0, limit)}…` : flat;
}

/** `: <the server's message>` of an error body, or nothing. */
export function messageSuffix(body: unknown): string {
	return isObject(body) && typeof body.message === 'string' && body.message.trim()
		? `: ${body.message.trim()}`
		: '';
}

/** `{ "items.0.id": ["…"] }` → `items.0.id: …; urls.1: …` */
function fieldErrors(body: unknown): string {
	if (!isObject(body) || !isObject(body.errors)) return '';
	return Object.entries(body.errors)
		.map(([field, said]) => `${field}: ${Array.isArray(said) ? said.join(' ') : String(said)}`)
		.join('; ');
}

export function downloadMessage(kind: FailureKind, status: number, said: string): string {
	return `${MESSAGES.download[kind] ?? MESSAGES.downloadRefused} (HTTP ${status})${said}`;
}

export function retryNote(report: RetryReport | undefined): string {
	if (!report) return '';
	const { tries, refusedWaitMs } = report;
	const waited = Math.round(report.waitedMs / 1000);
	const tried = tries > 1 ? ` ${HINTS.tried(tries, waited)}` : '';
	const refused =
		refusedWaitMs !== undefined ? ` ${HINTS.refusedWait(Math.ceil(refusedWaitMs / 1000))}` : '';
	return `${tried}${refused}`;
}

// A mutation that may have been applied is checked before it is run again.
const appliedWarning = (call: ApiCall, what: string) =>
	MUTATIONS.includes(call.method) ? ` ${HINTS.checkBeforeRunning(what)}` : '';

function appliedNote(call: ApiCall, status: number, kind: FailureKind): string {
	if (status === 500 || status === 502 || status === 504)
		return appliedWarning(call, HINTS.mayBeApplied.serverFailed);
	// A success status with an unreadable body may well have been done; an error body explains itself.
	if (status >= 200 && status < 300 && kind !== 'errorBody')
		return appliedWarning(call, HINTS.mayBeApplied.statusSaysDone);
	return '';
}

/** Why the operation failed, for n8n's scheduler (newer n8n reads it; older versions ignore the option). */
function failureOf(kind: FailureKind, status: number, retryAfterMs?: number): Failure | undefined {
	const after = retryAfterMs !== undefined ? { retryAfterMs } : {};
	if (kind === 'rateLimited') return { cause: 'rate-limited', ...after };
	if (status === 503) return { cause: 'temporarily-unavailable', ...after };
	if (kind === 'auth') return { cause: 'credential-invalid' };
	return undefined;
}

export function responseError(
	sent: SentRequest,
	status: number,
	body: unknown,
	kind: FailureKind,
	retries?: RetryReport & { retryAfterMs?: number },
): NodeApiError {
	const failure = failureOf(kind, status, retries?.retryAfterMs ?? retries?.refusedWaitMs);
	return redactedError(
		sent,
		MESSAGES.response[kind](status, messageSuffix(body), sent, fieldErrors(body)),
		`${hintFor(sent, kind)}${retryNote(retries)}${appliedNote(sent.call, status, kind)}`,
		{ httpCode: status, response: { body: body as JsonObject }, failure },
	);
}

export function unexpectedResponseError(
	sent: SentRequest,
	status: number,
	expected: string,
	body: unknown,
): NodeApiError {
	const applied = appliedWarning(sent.call, HINTS.mayBeApplied.unexpected);
	return redactedError(
		sent,
		MESSAGES.unexpected(status, expected),
		HINTS.unexpected(sent.caller, excerptOf(body), applied),
		{ httpCode: status },
	);
}

export function timeoutError(sent: SentRequest, timeoutMs: number): NodeApiError {
	const { call, caller } = sent;
	const limit = timeLimitText(timeoutMs);
	const applied = appliedWarning(call, HINTS.mayBeApplied.timeout);
	return redactedError(sent, MESSAGES.timeout(limit, sent), HINTS.timeout(caller, limit, applied));
}

/** No answer: never connected (refused, DNS), or the connection broke (reset). */
export function unreachableError(
	sent: SentRequest,
	error: Error,
	report?: RetryReport,
): NodeApiError {
	const { call } = sent;
	const detail = redactText(String(error?.message ?? error), sent.secrets);
	const code = networkCodeOf(error);
	const neverSent = code !== undefined && NEVER_SENT.includes(code);
	const broke = code !== undefined && !neverSent;
	const applied = neverSent ? '' : appliedWarning(call, HINTS.mayBeApplied.connectionBroke);
	const check = broke
		? HINTS.connectionBroke(sent.caller)
		: HINTS.unreachable(CREDENTIALS[call.credentialType].label);
	const message =
		code === CUT_MID_ANSWER
			? MESSAGES.cutMidResponse(code)
			: broke
				? MESSAGES.connectionBroke(code)
				: MESSAGES.unreachable(code);
	// The code stays out of the error response: NodeApiError would replace the message with its own wording.
	return redactedError(
		sent,
		message,
		`${check}${applied}${retryNote(report)} ${HINTS.detail(detail)}`,
		{
			response: { message: detail, networkCode: code ?? null },
		},
	);
}
