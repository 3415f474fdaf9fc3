import {
	errorBody,
	isClientError,
	isNotFound,
	isTimeout,
	refusedField,
	statusOf,
} from '../../../../nodes/lib/transport/failures';

// classifyResponse and networkCodeOf: errors.test.ts, next to the wording they choose.

describe('transport/failures: the status of a thrown error', () => {
	// The trigger skips a folder it may not list (4xx) and the folder tree treats a 404 as "gone".
	it.each<[string, number | undefined, boolean, boolean, unknown]>([
		['404 as text', 404, true, true, { httpCode: '404' }],
		['404 as a number', 404, true, true, { httpCode: 404 }],
		['400', 400, false, true, { httpCode: '400' }],
		['499', 499, false, true, { httpCode: '499' }],
		['399', 399, false, false, { httpCode: '399' }],
		['500', 500, false, false, { httpCode: '500' }],
		['0', undefined, false, false, { httpCode: '0' }],
		['a negative number', undefined, false, false, { httpCode: '-404' }],
		['a fraction', undefined, false, false, { httpCode: '404.5' }],
		['a network code', undefined, false, false, { httpCode: 'ECONNRESET' }],
		['none', undefined, false, false, new Error('no route')],
		['nothing thrown', undefined, false, false, undefined],
	])('%s: status %s, not found %s, client error %s', (_what, status, notFound, client, error) => {
		expect(statusOf(error)).toBe(status);
		expect(isNotFound(error)).toBe(notFound);
		expect(isClientError(error)).toBe(client);
	});
});

describe('transport/failures: which field a 422 refused', () => {
	// Listings ask again without a page size the server refused (and only then).
	const refused = (body: unknown) => ({ errorResponse: { body } });
	it.each<[string, unknown, string, boolean]>([
		['the field named', refused({ errors: { limit: ['too large'] } }), 'limit', true],
		['another field', refused({ errors: { limit: ['too large'] } }), 'cursor', false],
		['errors as text', refused({ errors: 'limit' }), 'limit', false],
		['a body of text', refused('limit is too large'), 'limit', false],
		['no body', {}, 'limit', false],
		['nothing thrown', undefined, 'limit', false],
	])('%s', (_what, error, field, answer) => expect(refusedField(error, field)).toBe(answer));

	it('the body is the one the error carries', () => {
		expect(errorBody(refused({ errors: {} }))).toEqual({ errors: {} });
		expect(errorBody(undefined)).toBeUndefined();
	});
});

describe('transport/failures: a request that ran out of time', () => {
	// Not tried again (the server may still be working on it), and worded as a time-out.
	it.each<[string, unknown, boolean]>([
		['the aborted code', { code: 'ECONNABORTED', message: 'aborted' }, true],
		['the timed-out code', { code: 'ETIMEDOUT', message: 'connect failed' }, true],
		['the code on the cause', { message: 'x', cause: { code: 'ETIMEDOUT' } }, true],
		[
			"the cause's message",
			{ message: 'x', cause: { message: 'Timeout awaiting "request" for 30000ms' } },
			true,
		],
		[
			'a message two causes down',
			{ message: 'a', cause: { message: 'b', cause: { message: 'socket timeout' } } },
			true,
		],
		[
			"the client's text (n8n 1.x)",
			{ message: 'x', messages: ['timeout of 5000ms exceeded'] },
			true,
		],
		['a reset connection', { code: 'ECONNRESET', message: 'socket hang up' }, false],
		['a refused connection', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, false],
		['no code', new Error('no route'), false],
		['nothing thrown', undefined, false],
	])('%s', (_what, error, timedOut) => expect(isTimeout(error)).toBe(timedOut));

	it('a cause chain that loops back ends', () => {
		const loop: { message: string; cause?: unknown } = { message: 'x' };
		loop.cause = loop;
		expect(isTimeout(loop)).toBe(false);
	});
});
