import { FILE_REQUEST_ID_PLACEHOLDER } from '../../../credentials/FileStorageFileRequestApi.credentials';
import { SHARE_TOKEN_PLACEHOLDER } from '../../../credentials/FileStorageShareApi.credentials';
import { endpoints } from '../../../nodes/lib/transport';

describe('transport/endpoints: what each of the nine endpoints calls', () => {
	it.each([
		['folderContents', endpoints.folderContents('a b/c', { sort: 'name' }), 'fileStorageApi', 'GET', '/browse/folders/a%20b%2Fc'],
		['recentUploads', endpoints.recentUploads({}), 'fileStorageApi', 'GET', '/browse/latest'],
		['restoreFromTrash', endpoints.restoreFromTrash({ items: [] }), 'fileStorageApi', 'POST', '/trash/restore'],
		['createFolderInShare', endpoints.createFolderInShare({ name: 'x' }), 'fileStorageShareApi', 'POST', `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`],
		['deleteInShare', endpoints.deleteInShare({ items: [] }), 'fileStorageShareApi', 'DELETE', `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`],
		['fileRequestContents', endpoints.fileRequestContents({}), 'fileStorageFileRequestApi', 'GET', `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/items`],
		['deleteInFileRequest', endpoints.deleteInFileRequest({ items: [] }), 'fileStorageFileRequestApi', 'DELETE', `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/items`],
		['uploadToFileRequest', endpoints.uploadToFileRequest({ urls: [] }), 'fileStorageFileRequestApi', 'POST', `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/uploads`],
		['notifications', endpoints.notifications(), 'fileStorageApi', 'GET', '/notifications'],
	])('%s → %s %s %s', (_name, call, credentialType, method, path) => {
		expect(call).toMatchObject({ credentialType, method, path });
	});

	it('secrets of shares and file requests are never in the path the node builds, only placeholders', () => {
		expect(endpoints.deleteInShare({}).path).not.toMatch(/[0-9a-f]{8}/);
		expect(endpoints.fileRequestContents({}).path).toContain('{fileRequestId}');
	});
});
