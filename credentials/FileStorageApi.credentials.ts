import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { ApplicationError } from 'n8n-workflow';

import {
	BASE_URL_EXPRESSION,
	BASE_URL_PROPERTY,
	CREDENTIALS,
	failWhen,
	FILE_STORAGE_ICON,
	secretProperty,
} from '../nodes/lib/credentialContract';

const ACCESS_TOKEN_REFUSED =
	'The access token was refused: it is wrong, expired or revoked. Paste a valid personal access token, and check that the Base URL is the server that issued it.';

const NOT_A_FILE_STORAGE_SERVER =
	"The answer is not what a File Storage server sends. Check the Base URL: the server's address, e.g. https://files.example.com, not a login page or another app.";

const { field: ACCESS_TOKEN } = CREDENTIALS.fileStorageApi.secret;

export class FileStorageApi implements ICredentialType {
	name = 'fileStorageApi';

	displayName = 'File Storage API';

	icon: Icon = FILE_STORAGE_ICON;

	documentationUrl =
		'https://github.com/file-storage-community/n8n-nodes-file-storage#access-token';

	properties: INodeProperties[] = [
		BASE_URL_PROPERTY,
		secretProperty(
			'fileStorageApi',
			'A personal access token of your account, created in its settings on the File Storage server',
		),
	];

	// A function rather than a generic `=Bearer {{$credentials.accessToken}}`: n8n would evaluate that expression
	// in its sandbox for every request, which the benchmark showed costing ~2 ms a page.
	// An empty token is refused here, before anything is sent (also by the credential test).
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const token = String(credentials[ACCESS_TOKEN] ?? '').trim();
		if (!token)
			throw new ApplicationError(
				'The Access Token is empty: paste a personal access token of the account',
			);
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, Authorization: `Bearer ${token}` },
		};
	}

	// Listing one recent upload reads nothing and changes nothing. One request: with ignoreHttpStatusErrors n8n
	// does not retry a 401, and the verdict comes from the body, which the spec defines (its status codes it does not).
	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/api/v1/browse/latest',
			qs: { limit: 1 },
			headers: { Accept: 'application/json' },
			ignoreHttpStatusErrors: true,
		},
		rules: [
			failWhen('message', 'You are not authorized', ACCESS_TOKEN_REFUSED),
			failWhen('message', 'Unauthenticated.', ACCESS_TOKEN_REFUSED),
			failWhen(
				'type',
				'error',
				'The server refused the request with this access token. Check that the token belongs to an account of this server and has not been revoked.',
			),
			failWhen('data', undefined, NOT_A_FILE_STORAGE_SERVER),
		],
	};
}
