// What the three credential types and the transport agree on: their names and fields, where each secret goes, and
// the pieces of their forms. Credentials import nothing else of the package, and this module imports only the URL
// rules (lib/urls.ts), so either side can change without reaching into the other.

import type {
	IAuthenticateRuleResponseSuccessBody,
	Icon,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { ApplicationError } from 'n8n-workflow';

import { baseUrlExpression, isUnsafePathSegment } from './urls';

export type CredentialType = 'fileStorageApi' | 'fileStorageShareApi' | 'fileStorageFileRequestApi';

export interface CredentialSecret {
	/** The credential field that holds it. */
	field: string;
	/** The field's label in the credential form. */
	displayName: string;
	/** How a sentence names it. */
	noun: string;
	/** Where the user finds it, for error descriptions. */
	whereToFind: string;
	/**
	 * For secrets that go into the URL path: the placeholder the transport writes in their place. Only the
	 * credential's `authenticate` swaps it for the value, so the secret never passes through node code.
	 */
	pathPlaceholder?: string;
}

export interface CredentialContract {
	/** The credential type's display name, as n8n's credential list shows it. */
	displayName: string;
	/** How messages name it: display name and what it holds. */
	label: string;
	secret: CredentialSecret;
}

export const CREDENTIALS: Record<CredentialType, CredentialContract> = {
	fileStorageApi: {
		displayName: 'File Storage API',
		label: 'File Storage API (access token)',
		secret: {
			field: 'accessToken',
			displayName: 'Access Token',
			noun: 'access token',
			whereToFind: 'a personal access token of the account',
		},
	},
	fileStorageShareApi: {
		displayName: 'File Storage Share API',
		label: 'File Storage Share API (share token)',
		secret: {
			field: 'shareToken',
			displayName: 'Share Token',
			noun: 'share token',
			whereToFind: 'the last part of the share link',
			pathPlaceholder: '{shareToken}',
		},
	},
	fileStorageFileRequestApi: {
		displayName: 'File Storage File Request API',
		label: 'File Storage File Request API (file request ID)',
		secret: {
			field: 'fileRequestId',
			displayName: 'File Request ID',
			noun: 'file request ID',
			whereToFind: 'the last part of the upload link',
			pathPlaceholder: '{fileRequestId}',
		},
	},
};

export const BASE_URL_FIELD = 'baseUrl';

/** Every credential field that holds a secret: what redaction looks for. */
export const SECRET_FIELDS: string[] = Object.values(CREDENTIALS).map(
	(credential) => credential.secret.field,
);

export const SHARE_TOKEN_PLACEHOLDER = CREDENTIALS.fileStorageShareApi.secret
	.pathPlaceholder as string;
export const FILE_REQUEST_ID_PLACEHOLDER = CREDENTIALS.fileStorageFileRequestApi.secret
	.pathPlaceholder as string;

/** The Base URL rule (lib/urls.ts) as an expression over `$credentials.baseUrl`: credential tests run outside the node. */
export const BASE_URL_EXPRESSION = baseUrlExpression(BASE_URL_FIELD);

// ----- pieces of the credential types -----------------------------------------------------------------------------

export const FILE_STORAGE_ICON: Icon = {
	light: 'file:../icons/fileStorage.svg',
	dark: 'file:../icons/fileStorage.dark.svg',
};

export const BASE_URL_PROPERTY: INodeProperties = {
	displayName: 'Base URL',
	name: BASE_URL_FIELD,
	type: 'string',
	default: '',
	placeholder: 'e.g. https://files.example.com',
	// normalizeBaseUrl drops a pasted "/api/v1", so the field says so instead of asking users to leave it out
	description: 'Address of your File Storage server. A "/api/v1" or "/" at the end is removed.',
	required: true,
};

/** The secret's field in the credential form. */
export function secretProperty(type: CredentialType, description: string): INodeProperties {
	const { field, displayName } = CREDENTIALS[type].secret;
	return {
		displayName,
		name: field,
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description,
		required: true,
	};
}

/**
 * For credentials whose secret goes in the URL path: swaps the placeholder (in the node's requests and in the
 * credential test) for the URL-encoded secret. An empty or dot-segment secret would address another endpoint
 * after URL normalisation, so it is refused here too, before anything is sent.
 */
export function fillPathSecret(
	type: CredentialType,
	requestOptions: IHttpRequestOptions,
	value: unknown,
): IHttpRequestOptions {
	const { pathPlaceholder, displayName } = CREDENTIALS[type].secret;
	if (!pathPlaceholder || !requestOptions.url.includes(pathPlaceholder)) return requestOptions;
	const secret = String(value ?? '').trim();
	if (isUnsafePathSegment(secret)) {
		throw new ApplicationError(
			`The ${displayName} is empty or a dot segment ("." or ".."): paste the real one`,
		);
	}
	return {
		...requestOptions,
		url: requestOptions.url.split(pathPlaceholder).join(encodeURIComponent(secret)),
	};
}

/**
 * A credential-test placement read from the answer's body (the spec gives no status codes): with
 * `ignoreHttpStatusErrors` every answer reaches the rules, and the first whose `key` has `value` fails the test
 * with its message. `undefined` matches a missing key, e.g. an answer that is not a listing.
 */
export function failWhen(
	key: string,
	value: unknown,
	message: string,
): IAuthenticateRuleResponseSuccessBody {
	return { type: 'responseSuccessBody', properties: { key, value, message } };
}
