import type { IHttpRequestOptions } from 'n8n-workflow';

import { FileStorageFileRequestApi } from '../../../../credentials/FileStorageFileRequestApi.credentials';
import { FileStorageShareApi } from '../../../../credentials/FileStorageShareApi.credentials';
import { CREDENTIALS } from '../../../../nodes/lib/credentialContract';
import type { CredentialType } from '../../../../nodes/lib/credentialContract';
import type { ApiCall } from '../../../../nodes/lib/transport';
import { endpoints } from '../../../../nodes/lib/transport';

const share = CREDENTIALS.fileStorageShareApi.secret.pathPlaceholder as string;
const fileRequest = CREDENTIALS.fileStorageFileRequestApi.secret.pathPlaceholder as string;

describe('transport/endpoints: what each of the nine endpoints calls', () => {
	/** Per credential: each endpoint's call, its method and path, and whether it is cut into pages. */
	const CALLS: Record<CredentialType, Array<[ApiCall, string, boolean]>> = {
		fileStorageApi: [
			[endpoints.folderContents('a b/c', { sort: 'name' }), 'GET /browse/folders/a%20b%2Fc', true],
			[endpoints.recentUploads({}), 'GET /browse/latest', true],
			[endpoints.restoreFromTrash({ items: [] }), 'POST /trash/restore', false],
			[endpoints.notifications(), 'GET /notifications', false],
		],
		fileStorageShareApi: [
			[endpoints.createFolderInShare({ name: 'x' }), `POST /shares/${share}/items`, false],
			[endpoints.deleteInShare({ items: [] }), `DELETE /shares/${share}/items`, false],
		],
		fileStorageFileRequestApi: [
			[endpoints.fileRequestContents({}), `GET /requests/${fileRequest}/items`, false],
			[
				endpoints.deleteInFileRequest({ items: [] }),
				`DELETE /requests/${fileRequest}/items`,
				false,
			],
			[endpoints.uploadToFileRequest({ urls: [] }), `POST /requests/${fileRequest}/uploads`, false],
		],
	};
	const rows = Object.entries(CALLS).flatMap(([credentialType, calls]) =>
		calls.map(
			([call, request, paginated]) =>
				[call.endpoint, credentialType, request, paginated, call] as const,
		),
	);
	it.each(rows)('%s → %s %s (paginated: %s)', (_name, credentialType, request, paginated, call) => {
		expect(call.credentialType).toBe(credentialType);
		expect(`${call.method} ${call.path}`).toBe(request);
		expect(call.paginated === true).toBe(paginated);
	});

	it('a value that URL normalisation would turn into another endpoint never becomes a path segment', () => {
		for (const unsafe of ['', ' ', '.', '..', '%2e%2E']) {
			expect(() => endpoints.folderContents(unsafe, {})).toThrow(/Refused to put/);
		}
	});

	// The paths hold placeholders only: the secret reaches the URL in the credential's own authenticate, URL-encoded.
	it.each([
		[
			'share token',
			new FileStorageShareApi(),
			{ shareToken: ' to/k en ' },
			endpoints.deleteInShare({}),
			'to%2Fk%20en',
		],
		[
			'file request ID',
			new FileStorageFileRequestApi(),
			{ fileRequestId: 'id?x' },
			endpoints.fileRequestContents({}),
			'id%3Fx',
		],
	])(
		'the %s goes into the path only through the credential',
		async (_name, type, secret, call: ApiCall, encoded) => {
			const options: IHttpRequestOptions = { url: `https://files.example.com/api/v1${call.path}` };
			const authenticated = await type.authenticate(
				{ baseUrl: 'https://files.example.com', ...secret },
				options,
			);
			expect(authenticated.url).toBe(
				`https://files.example.com/api/v1${call.path.replace(/\{\w+\}/, encoded)}`,
			);
			expect(call.path).not.toContain(encoded);
		},
	);
});
