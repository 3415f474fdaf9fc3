import type { IHttpRequestOptions } from 'n8n-workflow';

import { FileStorageFileRequestApi } from '../../../../credentials/FileStorageFileRequestApi.credentials';
import { FileStorageShareApi } from '../../../../credentials/FileStorageShareApi.credentials';
import { CREDENTIALS } from '../../../../nodes/lib/credentialContract';
import type { ApiCall } from '../../../../nodes/lib/transport';
import { endpoints } from '../../../../nodes/lib/transport';

const share = CREDENTIALS.fileStorageShareApi.secret.pathPlaceholder as string;
const fileRequest = CREDENTIALS.fileStorageFileRequestApi.secret.pathPlaceholder as string;

describe('transport/endpoints: what each of the nine endpoints calls', () => {
	it.each([
		[
			'folderContents',
			endpoints.folderContents('a b/c', { sort: 'name' }),
			'fileStorageApi',
			'GET',
			'/browse/folders/a%20b%2Fc',
			true,
		],
		['recentUploads', endpoints.recentUploads({}), 'fileStorageApi', 'GET', '/browse/latest', true],
		[
			'restoreFromTrash',
			endpoints.restoreFromTrash({ items: [] }),
			'fileStorageApi',
			'POST',
			'/trash/restore',
			false,
		],
		[
			'createFolderInShare',
			endpoints.createFolderInShare({ name: 'x' }),
			'fileStorageShareApi',
			'POST',
			`/shares/${share}/items`,
			false,
		],
		[
			'deleteInShare',
			endpoints.deleteInShare({ items: [] }),
			'fileStorageShareApi',
			'DELETE',
			`/shares/${share}/items`,
			false,
		],
		[
			'fileRequestContents',
			endpoints.fileRequestContents({}),
			'fileStorageFileRequestApi',
			'GET',
			`/requests/${fileRequest}/items`,
			false,
		],
		[
			'deleteInFileRequest',
			endpoints.deleteInFileRequest({ items: [] }),
			'fileStorageFileRequestApi',
			'DELETE',
			`/requests/${fileRequest}/items`,
			false,
		],
		[
			'uploadToFileRequest',
			endpoints.uploadToFileRequest({ urls: [] }),
			'fileStorageFileRequestApi',
			'POST',
			`/requests/${fileRequest}/uploads`,
			false,
		],
		['notifications', endpoints.notifications(), 'fileStorageApi', 'GET', '/notifications', false],
	])('%s → %s %s %s (paginated: %s)', (_name, call, credentialType, method, path, paginated) => {
		expect(call).toMatchObject({ credentialType, method, path });
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
