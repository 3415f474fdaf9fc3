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
	])('%j → %s', (error, code) => expect(networkCodeOf(error)).toBe(code));
});
