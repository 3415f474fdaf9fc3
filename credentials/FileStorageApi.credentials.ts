import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { BASE_URL_EXPRESSION } from '../nodes/lib/baseUrl';

// What the three credential types share: the Base URL field (normalised by the one rule in nodes/lib/baseUrl,
// as an expression here because credential tests run outside the node), the icon and path-secret substitution.

export const FILE_STORAGE_ICON: Icon = {
	light: 'file:../icons/fileStorage.svg',
	dark: 'file:../icons/fileStorage.dark.svg',
};

export const BASE_URL_PROPERTY: INodeProperties = {
	displayName: 'Base URL',
	name: 'baseUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://files.example.com',
	description: 'Address of your File Storage server, without "/api/v1"',
	required: true,
};

/** For credentials whose secret goes in the URL path: swaps the node's placeholder for the URL-encoded secret. */
export function secretInPath(
	requestOptions: IHttpRequestOptions,
	placeholder: string,
	secret: unknown,
): IHttpRequestOptions {
	const encoded = encodeURIComponent(String(secret ?? '').trim());
	return { ...requestOptions, url: requestOptions.url.split(placeholder).join(encoded) };
}

export class FileStorageApi implements ICredentialType {
	name = 'fileStorageApi';

	displayName = 'File Storage API';

	icon: Icon = FILE_STORAGE_ICON;

	documentationUrl =
		'https://github.com/file-storage-community/n8n-nodes-file-storage#access-token-credential';

	properties: INodeProperties[] = [
		BASE_URL_PROPERTY,
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Personal access token of the account, sent as a Bearer token',
			required: true,
		},
	];

	// A function rather than a generic `=Bearer {{$credentials.accessToken}}`: n8n would evaluate that expression
	// in its sandbox for every request, which the benchmark showed costing ~2 ms a page.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.accessToken ?? '').trim()}` },
		};
	}

	// Listing one recent upload reads nothing but metadata and changes nothing.
	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/api/v1/browse/latest',
			qs: { limit: 1 },
			headers: { Accept: 'application/json' },
		},
	};
}
