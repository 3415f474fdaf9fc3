import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

// The credential test request runs outside the node, so base URL normalisation is repeated here as an
// expression: strip trailing slashes and a pasted "/api/v1".
export const BASE_URL_EXPRESSION =
	'={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "").replace(/\\/api\\/v1$/, "") }}';

export class FileStorageApi implements ICredentialType {
	name = 'fileStorageApi';

	displayName = 'File Storage API';

	icon: Icon = { light: 'file:../icons/fileStorage.svg', dark: 'file:../icons/fileStorage.dark.svg' };

	documentationUrl =
		'https://github.com/file-storage-community/n8n-nodes-file-storage#access-token-credential';

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
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Personal access token of the account, sent as a Bearer token',
			required: true,
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

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
