import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { BASE_URL_EXPRESSION } from '../nodes/lib/baseUrl';
import { BASE_URL_PROPERTY, FILE_STORAGE_ICON, secretInPath } from './FileStorageApi.credentials';

// The node builds shared-folder URLs with this placeholder; authenticate() swaps in the URL-encoded token, so
// the token never passes through node code or parameters.
export const SHARE_TOKEN_PLACEHOLDER = '{shareToken}';

export class FileStorageShareApi implements ICredentialType {
	name = 'fileStorageShareApi';

	displayName = 'File Storage Share API';

	icon: Icon = FILE_STORAGE_ICON;

	documentationUrl =
		'https://github.com/file-storage-community/n8n-nodes-file-storage#share-token-credential';

	properties: INodeProperties[] = [
		BASE_URL_PROPERTY,
		{
			displayName: 'Share Token',
			name: 'shareToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Token of the shared folder: the last part of its share link (…/share/<token>). It needs editor permission.',
			required: true,
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return secretInPath(requestOptions, SHARE_TOKEN_PLACEHOLDER, credentials.shareToken);
	}

	// The spec gives shared folders no read endpoint. Deleting an item with the nil UUID — which no item can
	// have — proves the token and its editor permission without changing anything: a valid token answers
	// "entry not found" (2xx), an unknown one 404 and a read-only or protected one 403.
	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '=/api/v1/shares/{{ encodeURIComponent(String($credentials.shareToken).trim()) }}/items',
			method: 'DELETE',
			headers: { Accept: 'application/json' },
			body: {
				items: [{ id: '00000000-0000-0000-0000-000000000000', type: 'folder', force_delete: false }],
			},
		},
	};
}
