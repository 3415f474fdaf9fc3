import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { BASE_URL_EXPRESSION } from './FileStorageApi.credentials';

// The node builds shared-folder URLs with this placeholder; authenticate() swaps in the URL-encoded token, so
// the token never passes through node code or parameters.
export const SHARE_TOKEN_PLACEHOLDER = '{shareToken}';

export class FileStorageShareApi implements ICredentialType {
	name = 'fileStorageShareApi';

	displayName = 'File Storage Share API';

	icon: Icon = { light: 'file:../icons/fileStorage.svg', dark: 'file:../icons/fileStorage.dark.svg' };

	documentationUrl =
		'https://github.com/file-storage-community/n8n-nodes-file-storage#share-token-credential';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://files.example.com',
			description: 'Address of your File Storage server, without "/api/v1"',
			required: true,
		},
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
		const token = encodeURIComponent(String(credentials.shareToken ?? '').trim());
		return { ...requestOptions, url: requestOptions.url.split(SHARE_TOKEN_PLACEHOLDER).join(token) };
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
