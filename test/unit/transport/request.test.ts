import { NodeApiError } from 'n8n-workflow';

import { apiRequest, connect, endpoints } from '../../../nodes/lib/transport';
import { fakeContext } from './fake-context';

describe('transport/request: how one call is sent', () => {
	it('sends below the normalised Base URL, asks for JSON as text, passes query and body', async () => {
		const fake = fakeContext([{ statusCode: 200, body: { type: 'success', message: 'ok' } }]);
		const response = await apiRequest(fake.ctx, endpoints.restoreFromTrash({ to_home: false, items: [] }));
		expect(response).toEqual({ statusCode: 200, body: { type: 'success', message: 'ok' } });
		expect(fake.sent).toHaveLength(1);
		expect(fake.sent[0]).toMatchObject({
			method: 'POST',
			url: 'https://files.example.com/api/v1/trash/restore',
			headers: { Accept: 'application/json' },
			encoding: 'text',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			body: { to_home: false, items: [] },
		});
		expect(fake.sent[0].qs).toBeUndefined();
	});

	it('an empty 204 is a success with an empty body', async () => {
		const fake = fakeContext([{ statusCode: 204, body: '' }], { baseUrl: 'https://files.example.com', shareToken: 'share-tok-1' });
		expect(await apiRequest(fake.ctx, endpoints.deleteInShare({ items: [] }))).toEqual({ statusCode: 204, body: {} });
	});

	it('a refused answer becomes a NodeApiError carrying status and item, with the secret redacted', async () => {
		const fake = fakeContext([{ statusCode: 401, body: { message: 'token tok-secret-1 unknown' } }]);
		const error = await apiRequest(fake.ctx, endpoints.notifications(), { itemIndex: 4 }).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toBe('Authorization failed (HTTP 401): token [redacted] unknown');
		expect((error as NodeApiError).httpCode).toBe('401');
		expect((error as NodeApiError).context.itemIndex).toBe(4);
	});

	it('no answer at all becomes "could not reach", naming the credential to check', async () => {
		const fake = fakeContext([{ throws: new Error('socket hang up') }]);
		const error = (await apiRequest(fake.ctx, endpoints.notifications()).catch((caught: unknown) => caught)) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Could not reach the File Storage server');
		expect(error.description).toContain('"File Storage API (access token)" credential');
	});

	it('a Base URL that is not http(s) fails before any request, naming the credential', async () => {
		const fake = fakeContext([{ statusCode: 200, body: {} }], { baseUrl: 'files.example.com', accessToken: 'x' });
		await expect(connect(fake.ctx, 'fileStorageApi')).rejects.toThrow('The Base URL of the credential is not an http(s) address');
		await expect(apiRequest(fake.ctx, endpoints.notifications())).rejects.toThrow(NodeApiError);
		expect(fake.sent).toHaveLength(0);
	});

	it('hands n8n\'s HTTP helper the credential it read, so the helper does not read and decrypt it again', async () => {
		const fake = fakeContext([{ statusCode: 200, body: { data: [] } }]);
		await apiRequest(fake.ctx, endpoints.notifications());
		expect(fake.credentialReads).toBe(1);
	});

	it('a connection resolved once serves many requests without reading the credential again', async () => {
		const fake = fakeContext([{ statusCode: 200, body: { data: [] } }]);
		const connection = await connect(fake.ctx, 'fileStorageApi');
		await apiRequest(fake.ctx, endpoints.notifications(), { connection });
		await apiRequest(fake.ctx, endpoints.notifications(), { connection });
		expect(fake.credentialReads).toBe(1);
		expect(fake.sent).toHaveLength(2);
	});
});
