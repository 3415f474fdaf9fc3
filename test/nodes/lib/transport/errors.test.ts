import { NodeApiError } from 'n8n-workflow';

import { endpoints } from '../../../../nodes/lib/transport';
import type { ApiCall, Caller } from '../../../../nodes/lib/transport';
import type { FailureKind } from '../../../../nodes/lib/transport/failures';
import {
	excerptOf,
	responseError,
	retryNote,
	timeoutError,
	unreachableError,
} from '../../../../nodes/lib/transport/errors';
import {
	classifyResponse,
	errorBody,
	networkCodeOf,
	refusedField,
} from '../../../../nodes/lib/transport/failures';
import { FAKE_NODE } from '../../../helpers/fake-context';

// As under continueOnFail: the message leaves the item to the error item (request.test.ts shows it named).
const sentRequest = (
	call: ApiCall,
	secrets: string[] = [],
	caller: Caller = 'operation',
	itemIndex?: number,
) => ({
	node: FAKE_NODE,
	call,
	secrets,
	caller,
	itemIndex,
	stops: false,
});
/** The error for `status` and `body` answered to `call`, sent without secrets (by an operation unless `caller`). */
const answered = (
	call: ApiCall,
	status: number,
	body: unknown,
	kind: FailureKind,
	caller: Caller = 'operation',
) => responseError(sentRequest(call, [], caller), status, body, kind);

describe('transport/errors: status and body → what happened and how to fix it', () => {
	it.each([
		[200, { data: [] }, undefined],
		[204, '', undefined],
		[201, undefined, undefined],
		[200, '<html>login</html>', 'notJson'],
		[200, { type: 'error', message: 'The requested entry was not found.' }, 'errorBody'],
		[200, { type: 'gone', message: 'x' }, 'errorBody'],
		[401, { message: 'Unauthenticated.' }, 'auth'],
		[403, { message: '' }, 'denied'],
		[404, {}, 'notFound'],
		[410, { type: 'gone' }, 'gone'],
		[422, { errors: { limit: ['x'] } }, 'validation'],
		[400, {}, 'validation'],
		[429, {}, 'rateLimited'],
		[500, {}, 'server'],
		[503, '<html>', 'server'],
		[418, '<html>teapot</html>', 'notJson'],
		[409, { message: 'conflict' }, 'other'],
		// only 2xx is success: a redirect not followed, or an interim status, is not an answer
		[300, { data: [] }, 'other'],
		[302, '<html>Moved</html>', 'notJson'],
		[100, {}, 'other'],
		[299, { data: [] }, undefined],
		// JSON that broke off, also after white space, against text that merely holds a brace
		[200, '  {"data": [{"id"', 'badJson'],
		[200, '[{"id": 1}', 'badJson'],
		[200, 'Error: {"code": 5}', 'notJson'],
		// a web page after white space, against plain text
		[409, '\n  <!DOCTYPE html>', 'notJson'],
		[409, 'conflict', 'other'],
	])('HTTP %s %j → %s', (status, body, kind) => expect(classifyResponse(status, body)).toBe(kind));

	// n8n's scheduler reads why an operation failed (older n8n ignores it); the wait a server asked for comes along
	it.each([
		[429, 'rateLimited', { retryAfterMs: 30_000 }, { cause: 'rate-limited', retryAfterMs: 30_000 }],
		[429, 'rateLimited', {}, { cause: 'rate-limited' }],
		[
			503,
			'server',
			{ refusedWaitMs: 120_000 },
			{ cause: 'temporarily-unavailable', retryAfterMs: 120_000 },
		],
		[401, 'auth', { retryAfterMs: 5_000 }, { cause: 'credential-invalid' }],
		[500, 'server', {}, undefined],
		[404, 'notFound', {}, undefined],
	] as const)('HTTP %s (%s) %j: the failure n8n is told is %j', (status, kind, waits, failure) => {
		const retries = { tries: 1, waitedMs: 0, ...waits };
		const error = responseError(sentRequest(endpoints.notifications()), status, {}, kind, retries);
		expect(error.failure).toEqual(failure);
		expect(error.httpCode).toBe(String(status));
	});

	// Whether a mutation may have been applied, by what the status says
	it.each([
		['DELETE', 500, {}, 'server', 'applied before the server failed'],
		['DELETE', 502, {}, 'server', 'applied before the server failed'],
		['DELETE', 504, {}, 'server', 'applied before the server failed'],
		['DELETE', 503, {}, 'server', undefined],
		['DELETE', 200, '<html>', 'notJson', 'The status says it succeeded'],
		['DELETE', 200, { type: 'error', message: 'gone' }, 'errorBody', undefined],
		['DELETE', 300, {}, 'other', undefined],
		['GET', 500, {}, 'server', undefined],
	] as const)('%s answered %s %j: %s', (method, status, body, kind, warning) => {
		const call = method === 'GET' ? endpoints.notifications() : endpoints.deleteInShare({});
		const { description } = answered(call, status, body, kind);
		if (warning) expect(description).toContain(`${warning}`);
		expect(description?.includes('check before running again')).toBe(warning !== undefined);
	});

	it('a retry report says how often and how long, and a wait the node would not take', () => {
		expect(retryNote(undefined)).toBe('');
		expect(retryNote({ tries: 1, waitedMs: 0 })).toBe('');
		expect(retryNote({ tries: 3, waitedMs: 2_600, refusedWaitMs: 90_001 })).toBe(
			' Tried 3 times, waiting 3 s in all. The server asked to wait 91 s, longer than the node waits.',
		);
	});

	it.each([
		[undefined, '(empty body)'],
		[null, '(empty body)'],
		['', '(empty body)'],
		['  a \n\t b  ', 'a b'],
		[{ a: 1 }, '{"a":1}'],
		['x'.repeat(160), 'x'.repeat(160)],
		['x'.repeat(161), `${'x'.repeat(160)}…`],
	])('the excerpt of %j is %j', (body, excerpt) => expect(excerptOf(body)).toBe(excerpt));

	it("the server's message and refused fields are shown trimmed and joined; an error without a status has no code", () => {
		const error = answered(
			endpoints.restoreFromTrash({ items: [] }),
			422,
			{ message: '  invalid  ', errors: { 'items.0.id': ['a', 'b'], 'items.1.id': 'c' } },
			'validation',
		);
		expect(error.message).toBe(
			'The server rejected the request as invalid (HTTP 422): items.0.id: a b; items.1.id: c',
		);
		const notFound = (message: string) =>
			answered(endpoints.notifications(), 404, { message }, 'notFound').message;
		expect([notFound(' gone '), notFound('  ')]).toEqual([
			'Not found (HTTP 404): gone',
			'Not found (HTTP 404)',
		]);
		expect(timeoutError(sentRequest(endpoints.notifications()), 1_000).httpCode).not.toBe(
			'undefined',
		);
	});

	it('a validation error lists the refused fields, redacted, with the status', () => {
		const error = responseError(
			sentRequest(endpoints.restoreFromTrash({ items: [] }), ['tok-secret'], 'operation', 2),
			422,
			{ message: 'invalid', errors: { 'items.0.id': ['must be a uuid, got tok-secret'] } },
			'validation',
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			'The server rejected the request as invalid (HTTP 422): items.0.id: must be a uuid, got [redacted]',
		);
		expect(error.description).toContain('Batch Size');
		expect(error.httpCode).toBe('422');
		expect(error.context.itemIndex).toBe(2);
	});

	it.each([
		['fileStorageApi', endpoints.folderContents('f1', {}), 'access token'],
		['fileStorageShareApi', endpoints.deleteInShare({}), 'share link'],
		['fileStorageFileRequestApi', endpoints.fileRequestContents({}), 'upload link'],
	])('a 404 hint names the %s credential', (_type, call, words) => {
		const error = answered(call, 404, { message: 'Not Found' }, 'notFound');
		expect(error.message).toBe('Not found (HTTP 404): Not Found');
		expect(error.description).toContain(words);
	});

	it('an unreachable server names the credential and the code, without the secret', () => {
		const cause = Object.assign(new Error('connect ECONNREFUSED for tok-secret'), {
			code: 'ECONNREFUSED',
		});
		const error = unreachableError(sentRequest(endpoints.notifications(), ['tok-secret']), cause);
		expect(error.message).toBe('Could not reach the File Storage server (ECONNREFUSED)');
		expect(error.description).toContain('File Storage API (access token)');
		expect(error.description).toContain('ECONNREFUSED for [redacted]');
		expect(error.description).not.toContain('tok-secret');
	});

	// Whether a request was sent at all decides whether a mutation may have been applied.
	const REACH = 'Could not reach the File Storage server';
	const BROKE = 'The connection to the File Storage server broke before it answered';
	const CUT = 'The answer of the File Storage server broke off before its end';
	it.each<['GET' | 'DELETE', string | undefined, string, boolean]>([
		['DELETE', 'ECONNREFUSED', `${REACH} (ECONNREFUSED)`, false],
		['DELETE', 'ENOTFOUND', `${REACH} (ENOTFOUND)`, false],
		['DELETE', 'EAI_AGAIN', `${REACH} (EAI_AGAIN)`, false],
		['DELETE', 'EHOSTUNREACH', `${REACH} (EHOSTUNREACH)`, false],
		['DELETE', 'ENETUNREACH', `${REACH} (ENETUNREACH)`, false],
		['DELETE', 'ECONNRESET', `${BROKE} (ECONNRESET)`, true],
		['DELETE', 'EPIPE', `${BROKE} (EPIPE)`, true],
		['DELETE', 'ERR_BAD_RESPONSE', `${CUT} (ERR_BAD_RESPONSE)`, true],
		['DELETE', undefined, REACH, true],
		['GET', 'ECONNRESET', `${BROKE} (ECONNRESET)`, false],
	])('no answer to a %s: %s → %j, may have been applied: %s', (method, code, message, applied) => {
		const call = method === 'GET' ? endpoints.notifications() : endpoints.deleteInShare({});
		const error = unreachableError(
			sentRequest(call),
			Object.assign(new Error('no answer'), code === undefined ? {} : { code }),
		);
		expect(error.message).toBe(message);
		expect((error.description ?? '').includes('may have been applied')).toBe(applied);
	});

	it('refusedField tells which field a 422 refused, from the error body', () => {
		const error = answered(
			endpoints.recentUploads({}),
			422,
			{ errors: { cursor: ['bad'] } },
			'validation',
		);
		expect(errorBody(error)).toEqual({ errors: { cursor: ['bad'] } });
		expect(refusedField(error, 'cursor')).toBe(true);
		expect(refusedField(error, 'limit')).toBe(false);
		expect(refusedField(new Error('plain'), 'cursor')).toBe(false);
	});
});

describe('what to do next fits where the error appears', () => {
	const places: Caller[] = ['operation', 'poll', 'listSearch'];

	it.each(places)('%s: a rate limit', (place) => {
		const rateLimited = (call: ApiCall) =>
			answered(call, 429, {}, 'rateLimited', place).description ?? '';
		const listing = rateLimited(endpoints.recentUploads({}));
		const batch = rateLimited(endpoints.restoreFromTrash({ items: [] }));
		expect(batch.includes('Batch Size')).toBe(place === 'operation');
		expect(listing).not.toContain('Batch Size');
		expect(listing.includes('next poll')).toBe(place === 'poll');
		expect(listing.includes('open the list again')).toBe(place === 'listSearch');
	});

	it.each(places)('%s: a server that could not handle the request', (place) => {
		const description =
			answered(endpoints.notifications(), 503, '', 'server', place).description ?? '';
		expect(description.includes('input values')).toBe(place === 'operation');
		expect(description.includes('next poll')).toBe(place === 'poll');
	});

	it.each(places)('%s: no answer in time', (place) => {
		const description =
			timeoutError(sentRequest(endpoints.notifications(), [], place), 10_000).description ?? '';
		expect(description.includes("node's options")).toBe(place === 'operation');
		expect(description.includes('next poll')).toBe(place === 'poll');
	});

	it('a folder of the editor\'s list that is gone: open the list again, not "pick it From List"', () => {
		const call = endpoints.folderContents('f1', {});
		const { description } = answered(call, 404, {}, 'notFound', 'listSearch');
		expect(description).toMatch(/Open the list again/);
		expect(description).not.toMatch(/From List/);
	});
});

describe("no-answer: the network code behind n8n's wrapper", () => {
	/** n8n 1.x: no cause, only n8n's own wording and the client's text among `messages`. */
	const wrapped = (message: string, ...messages: string[]) => ({ message, messages });
	const CLOSED = 'The connection to the server was closed unexpectedly';
	it.each([
		[{ cause: { code: 'ECONNRESET' } }, 'ECONNRESET'],
		[
			wrapped(
				'The connection was aborted, perhaps the server is offline',
				'timeout of 2000ms exceeded',
			),
			'ECONNABORTED',
		],
		[wrapped(CLOSED, 'socket hang up'), 'ECONNRESET'],
		[wrapped('The service refused the connection - perhaps it is offline'), 'ECONNREFUSED'],
		// an answer that broke off before its announced length, on n8n 1.x only as the client's text
		[wrapped(CLOSED, 'stream has been aborted'), 'ERR_BAD_RESPONSE'],
		[{ cause: { code: 'ERR_BAD_RESPONSE' } }, 'ERR_BAD_RESPONSE'],
		[{ message: 'something else' }, undefined],
		// the HTTP client's own texts, without n8n's wording
		[wrapped('x', 'timeout of 30000ms exceeded'), 'ECONNABORTED'],
		[{ message: 'getaddrinfo ENOTFOUND files.example.com' }, 'ENOTFOUND'],
		[{ message: 'getaddrinfo EAI_AGAIN files.example.com' }, 'ENOTFOUND'],
		// an empty code says nothing: the cause's counts
		[{ code: '', cause: { code: 'ECONNRESET' } }, 'ECONNRESET'],
		// n8n wraps a streamed request twice: a code some links down is found
		[{ cause: { cause: { cause: { cause: { code: 'EPIPE' } } } } }, 'EPIPE'],
		[{ message: 'x', cause: null }, undefined],
		[null, undefined],
	])('%j → %s', (error, code) => expect(networkCodeOf(error)).toBe(code));
});
