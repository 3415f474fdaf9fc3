import type {
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { ApplicationError } from 'n8n-workflow';

import { BASE_URL_EXPRESSION } from '../nodes/lib/baseUrl';
import { isUnsafePathSegment } from '../nodes/lib/validation';

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

/**
 * For credentials whose secret goes in the URL path: swaps the placeholder (in the node's requests and in the
 * credential test) for the URL-encoded secret. An empty or dot-segment secret would address another endpoint
 * after URL normalisation, so it is refused here too, before anything is sent.
 */
export function secretInPath(
	requestOptions: IHttpRequestOptions,
	placeholder: string,
	secret: unknown,
	secretName: string,
): IHttpRequestOptions {
	const value = String(secret ?? '').trim();
	if (!requestOptions.url.includes(placeholder)) return requestOptions;
	if (isUnsafePathSegment(value)) {
		throw new ApplicationError(`The ${secretName} is empty or a dot segment ("." or ".."): paste the real one`);
	}
	return { ...requestOptions, url: requestOptions.url.split(placeholder).join(encodeURIComponent(value)) };
}

/**
 * A credential-test verdict read from the answer's body (the spec gives no status codes): with
 * `ignoreHttpStatusErrors` every answer reaches the rules, and the first whose `key` has `value` fails the test
 * with its message. `undefined` matches a missing key, e.g. an answer that is not a listing.
 */
export function failWhen(key: string, value: unknown, message: string): IAuthenticateRuleResponseSuccessBody {
	return { type: 'responseSuccessBody', properties: { key, value, message } };
}

const ACCESS_TOKEN_REFUSED =
	'The access token was refused: it is wrong, expired or revoked. Paste a valid personal access token, and check that the Base URL is the server that issued it.';

const NOT_A_FILE_STORAGE_SERVER =
	'The answer is not what a File Storage server sends. Check the Base URL: the server\'s address, e.g. https://files.example.com, not a login page or another app.';

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
