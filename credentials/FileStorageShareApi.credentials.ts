import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import {
	BASE_URL_EXPRESSION,
	BASE_URL_PROPERTY,
	CREDENTIALS,
	failWhen,
	FILE_STORAGE_ICON,
	fillPathSecret,
	SHARE_TOKEN_PLACEHOLDER,
	secretProperty,
} from '../nodes/lib/credentialContract';

const { field: SHARE_TOKEN } = CREDENTIALS.fileStorageShareApi.secret;

export class FileStorageShareApi implements ICredentialType {
	name = 'fileStorageShareApi';

	displayName = 'File Storage Share API';

	icon: Icon = FILE_STORAGE_ICON;

	documentationUrl = 'https://github.com/file-storage-community/n8n-nodes-file-storage#share-token';

	properties: INodeProperties[] = [
		BASE_URL_PROPERTY,
		secretProperty(
			'fileStorageShareApi',
			'Token of the shared folder: the last part of its share link (…/share/<token>). It needs editor permission.',
		),
	];

	// The node builds shared-folder URLs with the placeholder; this swaps in the URL-encoded token.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return fillPathSecret('fileStorageShareApi', requestOptions, credentials[SHARE_TOKEN]);
	}

	// The spec gives shared folders no read endpoint, and no status codes. It does define the two error bodies:
	// creating a folder without a name must be refused by validation ({message, errors}) for a share that may
	// create, and with the access error ({type: "error", message: "Access Denied"}) otherwise. So the test creates
	// nothing on any spec-valid server, and decides from the body. One request; the placeholder is filled by
	// authenticate() like the node's own requests.
	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: `/api/v1/shares/${SHARE_TOKEN_PLACEHOLDER}/items`,
			method: 'POST',
			headers: { Accept: 'application/json' },
			body: {},
			ignoreHttpStatusErrors: true,
		},
		rules: [
			failWhen(
				'message',
				'Access Denied',
				'The share refused this token: the share is read-only (visitor), password-protected, expired or gone. Ask the owner for an editor share link without a password and paste its last part.',
			),
			failWhen(
				'type',
				'error',
				'The server refused this share token. Ask the owner for an editor share link without a password and paste its last part.',
			),
			failWhen(
				'errors',
				undefined,
				'The share token is unknown to this server (or the share has expired), or the Base URL is not a File Storage server. Check both.',
			),
		],
	};
}
