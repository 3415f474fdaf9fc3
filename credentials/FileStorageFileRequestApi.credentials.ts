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
	FILE_REQUEST_ID_PLACEHOLDER,
	FILE_STORAGE_ICON,
	fillPathSecret,
	secretProperty,
} from '../nodes/lib/credentialContract';

const { field: FILE_REQUEST_ID } = CREDENTIALS.fileStorageFileRequestApi.secret;

export class FileStorageFileRequestApi implements ICredentialType {
	name = 'fileStorageFileRequestApi';

	displayName = 'File Storage File Request API';

	icon: Icon = FILE_STORAGE_ICON;

	documentationUrl =
		'https://github.com/file-storage-community/n8n-nodes-file-storage#file-request-id';

	properties: INodeProperties[] = [
		BASE_URL_PROPERTY,
		secretProperty(
			'fileStorageFileRequestApi',
			'Identifier of the file request: the last part of its upload link. Anyone holding it can upload, so it is stored as a secret.',
		),
	];

	// The node builds file-request URLs with the placeholder; this swaps in the URL-encoded ID.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return fillPathSecret(
			'fileStorageFileRequestApi',
			requestOptions,
			credentials[FILE_REQUEST_ID],
		);
	}

	// Browsing the request's root only reads. One request, judged by the body the spec defines.
	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: `/api/v1/requests/${FILE_REQUEST_ID_PLACEHOLDER}/items`,
			headers: { Accept: 'application/json' },
			ignoreHttpStatusErrors: true,
		},
		rules: [
			failWhen(
				'type',
				'gone',
				'The file request is not active anymore (filled or expired). Create a new file request and paste the last part of its upload link.',
			),
			failWhen(
				'message',
				'Access Denied',
				'The server refused this file request ID. Paste the last part of the upload link of an active file request.',
			),
			failWhen(
				'type',
				'error',
				'The server refused this file request ID. Check it against the upload link.',
			),
			failWhen(
				'data',
				undefined,
				'No file request listing came back: the ID is unknown to this server, or the Base URL is not a File Storage server. Check both.',
			),
		],
	};
}
