import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiCall, CallOptions } from '../../../../nodes/lib/transport';
import { ApiClient, endpoints, EXECUTION_POLICY } from '../../../../nodes/lib/transport';
import { FAKE_NODE, fakeContext } from '../../../helpers/fake-context';

/** One call through a client of its own (the credential read for it). */
async function apiRequest(ctx: IExecuteFunctions, call: ApiCall, options?: CallOptions) {
	return await new ApiClient(ctx, call.credentialType).request(call, options);
}

/** The error a call fails with. */
const failure = async (ctx: IExecuteFunctions, call: ApiCall, options?: CallOptions) =>
	(await apiRequest(ctx, call, options).catch((caught: unknown) => caught)) as NodeApiError;
const RESTORE = endpoints.restoreFromTrash({ to_home: false, items: [] });

/** No answer came: n8n's HTTP helper throws its own NodeApiError around the HTTP client's error. */
const noAnswer = (code: string, message: string) => ({
	throws: new NodeApiError(
		FAKE_NODE,
		Object.assign(new Error(message), { code }) as unknown as JsonObject,
	),
});

describe('transport/request: how one call is sent', () => {
	it('sends below the normalised Base URL, asks for JSON as text, passes query and body', async () => {
		const fake = fakeContext([{ statusCode: 200, body: { type: 'success', message: 'ok' } }]);
		const response = await apiRequest(fake.ctx, RESTORE);
		expect(response).toEqual({ statusCode: 200, body: { type: 'success', message: 'ok' } });
		expect(fake.sent).toHaveLength(1);
		expect(fake.sent[0]).toMatchObject({
			method: 'POST',
			url: 'https://files.example.com/api/v1/trash/restore',
			headers: { Accept: 'application/json' },
			// n8n's helper sends the body as JSON
			json: true,
			encoding: 'text',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			body: { to_home: false, items: [] },
		});
		expect(fake.sent[0].qs).toBeUndefined();
	});

	it('an empty 204 is a success with an empty body', async () => {
		const fake = fakeContext([{ statusCode: 204, body: '' }], {
			baseUrl: 'https://files.example.com',
			shareToken: 'share-tok-1',
		});
		expect(await apiRequest(fake.ctx, endpoints.deleteInShare({ items: [] }))).toEqual({
			statusCode: 204,
			body: {},
		});
	});

	it('a refused answer becomes a NodeApiError carrying status and item, with the secret redacted', async () => {
		const fake = fakeContext([
			{ statusCode: 401, body: { message: 'token tok-secret-1 unknown' } },
		]);
		const error = await failure(fake.ctx, endpoints.notifications(), { itemIndex: 4 });
		expect(error).toBeInstanceOf(NodeApiError);
		// The node stops on it: its message ends with the item, as n8n's guidelines ask.
		expect(error.message).toBe(
			'The access token was refused (HTTP 401): token [redacted] unknown [item 4]',
		);
		expect(error.httpCode).toBe('401');
		expect(error.context.itemIndex).toBe(4);
	});

	it('under continueOnFail the message leaves the item to the error item it becomes', async () => {
		const fake = fakeContext([{ statusCode: 401, body: { message: 'token unknown' } }]);
		const ctx = Object.assign(fake.ctx, { continueOnFail: () => true });
		const error = await failure(ctx, endpoints.notifications(), { itemIndex: 4 });
		expect(error.message).toBe('The access token was refused (HTTP 401): token unknown');
		expect(error.context.itemIndex).toBe(4);
	});

	it('no answer at all becomes "could not reach", naming the credential to check', async () => {
		const fake = fakeContext([{ throws: new Error('no route') }]);
		const error = await failure(fake.ctx, endpoints.notifications());
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Could not reach the File Storage server');
		expect(error.description).toContain('"File Storage API (access token)" credential');
	});

	it.each([
		[
			'an empty Access Token',
			'fileStorageApi',
			{ baseUrl: 'https://files.example.com', accessToken: '  ' },
			'The Access Token of the "File Storage API (access token)" credential is empty',
			'Empty Access Token',
		],
		[
			'a File Request ID that is a dot segment',
			'fileStorageFileRequestApi',
			{ baseUrl: 'https://files.example.com', fileRequestId: '..' },
			'The File Request ID of the "File Storage File Request API (file request ID)" credential is empty or a dot segment',
			'Unusable File Request ID',
		],
		[
			'a Base URL that is not http(s)',
			'fileStorageApi',
			{ baseUrl: 'files.example.com', accessToken: 'x' },
			'The Base URL of the credential is not an http(s) address',
			'Invalid Base URL',
		],
	] as const)(
		'%s fails before any request, at the item that needed it, naming the credential',
		async (_case, type, credentials, message, title) => {
			const fake = fakeContext([{ statusCode: 200, body: {} }], { ...credentials });
			const error = (await new ApiClient(fake.ctx, type)
				.credential(2)
				.catch((caught: unknown) => caught)) as NodeApiError;
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toContain(message);
			// the short text n8n lists under the error's messages
			expect(error.messages).toEqual([title]);
			expect(error.context.itemIndex).toBe(2);
			expect(fake.sent).toHaveLength(0);
		},
	);

	it("hands n8n's HTTP helper the credential it read, so the helper does not read and decrypt it again", async () => {
		const fake = fakeContext([{ statusCode: 200, body: { data: [] } }]);
		await apiRequest(fake.ctx, endpoints.notifications());
		expect(fake.credentialReads).toBe(1);
		// the node's credential, by the id n8n knows it by
		expect(fake.requests[0].credentialId).toBe('c1');
	});

	it('one client serves many requests without reading the credential again', async () => {
		const fake = fakeContext([{ statusCode: 200, body: { data: [] } }]);
		const client = new ApiClient(fake.ctx, 'fileStorageApi');
		await client.request(endpoints.notifications());
		await client.request(endpoints.notifications());
		expect(fake.credentialReads).toBe(1);
		expect(fake.sent).toHaveLength(2);
	});

	describe('no answer, as n8n reports it (the code is on the cause)', () => {
		it('a read whose connection was reset is tried again, after the wait the policy asks for', async () => {
			const fake = fakeContext([
				noAnswer('ECONNRESET', 'socket hang up'),
				{ statusCode: 200, body: { data: [] } },
			]);
			const waits: number[] = [];
			const policy = { ...EXECUTION_POLICY, wait: async (ms: number) => void waits.push(ms) };
			expect(await apiRequest(fake.ctx, endpoints.notifications(), { policy })).toEqual({
				statusCode: 200,
				body: { data: [] },
			});
			expect(fake.sent).toHaveLength(2);
			expect(waits).toEqual([1000]);
		});

		it('a mutation whose connection broke is not repeated, and the error says it may have been applied', async () => {
			const fake = fakeContext([
				noAnswer('ECONNRESET', 'socket hang up'),
				{ statusCode: 200, body: { type: 'success', message: 'ok' } },
			]);
			const error = await failure(fake.ctx, RESTORE);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe(
				'The connection to the File Storage server broke before it answered (ECONNRESET)',
			);
			expect(error.description).toContain('may have been applied');
			expect(fake.sent).toHaveLength(1);
		});

		it('a refused connection says the server could not be reached; nothing was sent, so nothing was applied', async () => {
			const fake = fakeContext([noAnswer('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1')]);
			const error = await failure(fake.ctx, RESTORE);
			expect(error.message).toBe('Could not reach the File Storage server (ECONNREFUSED)');
			expect(error.description).not.toContain('may have been applied');
		});

		it('a request that ran out of time says so, naming the request, and is not repeated', async () => {
			const fake = fakeContext([noAnswer('ECONNABORTED', 'timeout of 1000ms exceeded')]);
			const policy = { ...EXECUTION_POLICY, timeoutMs: 1000 };
			const error = await failure(fake.ctx, endpoints.notifications(), { policy });
			expect(error.message).toBe('No answer within 1 s to GET /api/v1/notifications');
			expect(error.description).toMatch(/Raise Timeout/);
			expect(fake.sent).toHaveLength(1);
			expect(fake.sent[0].timeout).toBe(1000);
		});

		it('a time limit that rounds to 0 ms still limits the request (0 would mean none), and says so in ms', async () => {
			const fake = fakeContext([noAnswer('ECONNABORTED', 'timeout of 1ms exceeded')]);
			const policy = { ...EXECUTION_POLICY, timeoutMs: 0.1 };
			const error = await failure(fake.ctx, endpoints.notifications(), { policy });
			expect(fake.sent[0].timeout).toBe(1);
			expect(error.message).toBe('No answer within 1 ms to GET /api/v1/notifications');
		});
	});

	// Each endpoint promises a shape: a listing, the created item, or a message (or, for a delete, an empty 204).
	const LIST = endpoints.notifications();
	const CREATE = endpoints.createFolderInShare({ name: 'x' });
	const LISTING = 'a listing with a "data" array';
	const CREATED = 'the created item with an "id"';
	const MESSAGE = '{type, message} or an empty 204';
	const ACCEPTED = 'accepted';
	it.each([
		['a listing without "data"', LISTING, LIST, 200, {}],
		['a listing whose "data" is not an array', LISTING, LIST, 200, { data: {} }],
		['a listing that is a bare array', LISTING, LIST, 200, []],
		['an empty listing', ACCEPTED, LIST, 200, { data: [] }],
		['a created folder without an id', CREATED, CREATE, 201, { type: 'success', message: 'ok' }],
		['a created folder in a bare array', CREATED, CREATE, 201, [{ id: 'f1' }]],
		['a created folder with an id', ACCEPTED, CREATE, 201, { data: { id: 'f1' } }],
		['a restore answered with a listing', MESSAGE, RESTORE, 200, { data: [] }],
		['a restore answered with an array', MESSAGE, RESTORE, 200, ['success']],
		['a restore answered 204 with a body', MESSAGE, RESTORE, 204, { data: [] }],
		['a restore answered 204, empty', ACCEPTED, RESTORE, 204, ''],
		['a restore answered 204 with JSON null', ACCEPTED, RESTORE, 204, 'null'],
		['a restore answered 204 without a body', ACCEPTED, RESTORE, 204, undefined],
		['a restore answered with a type only', ACCEPTED, RESTORE, 200, { type: 'success' }],
		['a restore answered with a message only', ACCEPTED, RESTORE, 200, { message: 'Restored' }],
	] as const)('%s: %s', async (_case, expected, call, statusCode, body) => {
		const fake = fakeContext([{ statusCode, body }], {
			baseUrl: 'https://files.example.com',
			accessToken: 'x',
			shareToken: 'share-tok-1',
		});
		const outcome = await failure(fake.ctx, call);
		if (expected === ACCEPTED) expect(outcome).not.toBeInstanceOf(Error);
		else
			expect(outcome.message).toBe(
				`Unexpected answer from the server (HTTP ${statusCode}): expected ${expected}`,
			);
	});

	describe('a 2xx whose body is not what a mutation promises', () => {
		it('an empty 200 is not taken as done (only an empty 204 is)', async () => {
			const fake = fakeContext([{ statusCode: 200, body: '' }]);
			const error = await failure(fake.ctx, RESTORE);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe(
				'Unexpected answer from the server (HTTP 200): expected {type, message} or an empty 204',
			);
			expect(error.description).toContain('(empty body)');
			expect(error.description).toContain('may have been applied');
		});

		it.each([
			[
				'JSON cut short',
				'{"type":"success","mess',
				"The server's answer is not complete JSON (HTTP 200): it was cut short or is malformed",
			],
			[
				'a web page',
				'<html><body>OK</body></html>',
				'The server answered with a web page instead of JSON (HTTP 200)',
			],
		])('%s says the request may have been applied', async (_what, body, message) => {
			const fake = fakeContext([{ statusCode: 200, body }]);
			const error = await failure(fake.ctx, RESTORE);
			expect(error.message).toBe(message);
			expect(error.description).toContain(
				'The status says it succeeded, so the request may have been applied',
			);
		});

		it('the same answer to a read changes nothing, so it says nothing about applying', async () => {
			const fake = fakeContext([{ statusCode: 200, body: '{"data":[{"da' }]);
			// the read is asked for again after the policy's back-offs: recorded here, not slept
			const waits: number[] = [];
			const policy = { ...EXECUTION_POLICY, wait: async (ms: number) => void waits.push(ms) };
			const error = await failure(fake.ctx, endpoints.notifications(), { policy });
			expect(error.message).toMatch(/not complete JSON/);
			expect(error.description).not.toContain('applied');
			expect(waits).toEqual([1000, 2000]);
		});
	});
});
