import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { ApplicationError } from 'n8n-workflow';

import { FILE_REQUEST_ID_PLACEHOLDER } from '../../../credentials/FileStorageFileRequestApi.credentials';
import { SHARE_TOKEN_PLACEHOLDER } from '../../../credentials/FileStorageShareApi.credentials';
import { isUnsafePathSegment } from '../validation';

/** What to call: every endpoint of the spec, by name. How a call is sent is the request module's business. */

export type CredentialType = 'fileStorageApi' | 'fileStorageShareApi' | 'fileStorageFileRequestApi';

export const CREDENTIAL_LABELS: Record<CredentialType, string> = {
	fileStorageApi: 'File Storage API (access token)',
	fileStorageShareApi: 'File Storage Share API (share token)',
	fileStorageFileRequestApi: 'File Storage File Request API (file request ID)',
};

/**
 * What a successful answer must look like: a listing (`data` array), one resource (a wrapper with an id), or a
 * mutation's `{type, message}` (or an empty 204). Anything else is an error, never an empty result.
 */
export type AnswerShape = 'list' | 'resource' | 'message';

export type EndpointName =
	| 'folderContents'
	| 'recentUploads'
	| 'restoreFromTrash'
	| 'createFolderInShare'
	| 'deleteInShare'
	| 'fileRequestContents'
	| 'deleteInFileRequest'
	| 'uploadToFileRequest'
	| 'notifications';

export interface ApiCall {
	/** Which endpoint: error hints depend on it. */
	endpoint: EndpointName;
	credentialType: CredentialType;
	method: IHttpRequestMethods;
	expects: AnswerShape;
	/** Path below `/api/v1`; secrets appear only as the credential placeholders. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
}

/**
 * A value put into the path: URL-encoded, and never a dot segment or empty, which URL normalisation would turn
 * into another endpoint (`/browse/folders/..` → `/browse/`). Callers validate first; this is the last guard.
 */
function segment(value: string): string {
	if (isUnsafePathSegment(value)) throw new ApplicationError(`Refused to put "${value}" into a request path`);
	return encodeURIComponent(value);
}

/** The secrets of shares and file requests stay placeholders here: each credential's `authenticate` fills them. */
export const endpoints = {
	folderContents: (folderId: string, qs: IDataObject): ApiCall => ({
		endpoint: 'folderContents',
		credentialType: 'fileStorageApi',
		method: 'GET',
		expects: 'list',
		path: `/browse/folders/${segment(folderId)}`,
		qs,
	}),
	recentUploads: (qs: IDataObject): ApiCall => ({
		endpoint: 'recentUploads',
		credentialType: 'fileStorageApi',
		method: 'GET',
		expects: 'list',
		path: '/browse/latest',
		qs,
	}),
	restoreFromTrash: (body: IDataObject): ApiCall => ({
		endpoint: 'restoreFromTrash',
		credentialType: 'fileStorageApi',
		method: 'POST',
		expects: 'message',
		path: '/trash/restore',
		body,
	}),
	createFolderInShare: (body: IDataObject): ApiCall => ({
		endpoint: 'createFolderInShare',
		credentialType: 'fileStorageShareApi',
		method: 'POST',
		expects: 'resource',
		path: `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`,
		body,
	}),
	deleteInShare: (body: IDataObject): ApiCall => ({
		endpoint: 'deleteInShare',
		credentialType: 'fileStorageShareApi',
		method: 'DELETE',
		expects: 'message',
		path: `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`,
		body,
	}),
	fileRequestContents: (qs: IDataObject): ApiCall => ({
		endpoint: 'fileRequestContents',
		credentialType: 'fileStorageFileRequestApi',
		method: 'GET',
		expects: 'list',
		path: `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/items`,
		qs,
	}),
	deleteInFileRequest: (body: IDataObject): ApiCall => ({
		endpoint: 'deleteInFileRequest',
		credentialType: 'fileStorageFileRequestApi',
		method: 'DELETE',
		expects: 'message',
		path: `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/items`,
		body,
	}),
	uploadToFileRequest: (body: IDataObject): ApiCall => ({
		endpoint: 'uploadToFileRequest',
		credentialType: 'fileStorageFileRequestApi',
		method: 'POST',
		expects: 'message',
		path: `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/uploads`,
		body,
	}),
	notifications: (): ApiCall => ({
		endpoint: 'notifications',
		credentialType: 'fileStorageApi',
		method: 'GET',
		expects: 'list',
		path: '/notifications',
	}),
} satisfies Record<EndpointName, (...args: never[]) => ApiCall>;
