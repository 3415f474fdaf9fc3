import { NodeApiError } from 'n8n-workflow';

import { endpoints } from '../../../../nodes/lib/transport';
import type { ApiCall, Caller } from '../../../../nodes/lib/transport';
import {
	responseError,
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
		const error = responseError(sentRequest(call), 404, { message: 'Not Found' }, 'notFound');
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
	it.each<['GET' | 'DELETE', string | undefined, string, boolean]>([
		['DELETE', 'ECONNREFUSED', 'Could not reach the File Storage server (ECONNREFUSED)', false],
		['DELETE', 'ENOTFOUND', 'Could not reach the File Storage server (ENOTFOUND)', false],
		['DELETE', 'EAI_AGAIN', 'Could not reach the File Storage server (EAI_AGAIN)', false],
		['DELETE', 'EHOSTUNREACH', 'Could not reach the File Storage server (EHOSTUNREACH)', false],
		['DELETE', 'ENETUNREACH', 'Could not reach the File Storage server (ENETUNREACH)', false],
		[
			'DELETE',
			'ECONNRESET',
			'The connection to the File Storage server broke before it answered (ECONNRESET)',
			true,
		],
		[
			'DELETE',
			'EPIPE',
			'The connection to the File Storage server broke before it answered (EPIPE)',
			true,
		],
		[
			'DELETE',
			'ERR_BAD_RESPONSE',
			'The answer of the File Storage server broke off before its end (ERR_BAD_RESPONSE)',
			true,
		],
		['DELETE', undefined, 'Could not reach the File Storage server', true],
		[
			'GET',
			'ECONNRESET',
			'The connection to the File Storage server broke before it answered (ECONNRESET)',
			false,
		],
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
		const error = responseError(
			sentRequest(endpoints.recentUploads({})),
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
		const listing =
			responseError(sentRequest(endpoints.recentUploads({}), [], place), 429, {}, 'rateLimited')
				.description ?? '';
		const batch =
			responseError(
				sentRequest(endpoints.restoreFromTrash({ items: [] }), [], place),
				429,
				{},
				'rateLimited',
			).description ?? '';
		expect(batch.includes('Batch Size')).toBe(place === 'operation');
		expect(listing).not.toContain('Batch Size');
		expect(listing.includes('next poll')).toBe(place === 'poll');
		expect(listing.includes('open the list again')).toBe(place === 'listSearch');
	});

	it.each(places)('%s: a server that could not handle the request', (place) => {
		const description =
			responseError(sentRequest(endpoints.notifications(), [], place), 503, '', 'server')
				.description ?? '';
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
		const description =
			responseError(
				sentRequest(endpoints.folderContents('f1', {}), [], 'listSearch'),
				404,
				{},
				'notFound',
			).description ?? '';
		expect(description).toMatch(/Open the list again/);
		expect(description).not.toMatch(/From List/);
	});
});

describe("no-answer: the network code behind n8n's wrapper", () => {
	it.each([
		[{ cause: { code: 'ECONNRESET' } }, 'ECONNRESET'],
		// n8n 1.x: no cause, only the client's text among `messages` and n8n's own wording.
		[
			{
				message: 'The connection was aborted, perhaps the server is offline',
				messages: ['timeout of 2000ms exceeded'],
			},
			'ECONNABORTED',
		],
		[
			{
				message: 'The connection to the server was closed unexpectedly',
				messages: ['socket hang up'],
			},
			'ECONNRESET',
		],
		[
			{ message: 'The service refused the connection - perhaps it is offline', messages: [] },
			'ECONNREFUSED',
		],
		// an answer that broke off before its announced length, on n8n 1.x only as the client's text
		[
			{
				message: 'The connection to the server was closed unexpectedly',
				messages: ['stream has been aborted'],
			},
			'ERR_BAD_RESPONSE',
		],
		[{ cause: { code: 'ERR_BAD_RESPONSE' } }, 'ERR_BAD_RESPONSE'],
		[{ message: 'something else' }, undefined],
		// the HTTP client's own texts, without n8n's wording
		[{ message: 'x', messages: ['timeout of 30000ms exceeded'] }, 'ECONNABORTED'],
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
