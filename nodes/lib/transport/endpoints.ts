// What to call: the spec's nine endpoints, by name. How a call is sent is the request module's business.

import type { IDataObject, IHttpRequestMethods, INode } from 'n8n-workflow';
import { ApplicationError } from 'n8n-workflow';

import type { CredentialType } from '../credentialContract';
import { FILE_REQUEST_ID_PLACEHOLDER, SHARE_TOKEN_PLACEHOLDER } from '../credentialContract';
import { isUnsafePathSegment } from '../urls';

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
	/** Whether the listing is cut into pages (`cursor`, `limit`, `meta.cursor`); others answer whole. */
	paginated?: boolean;
	/** Path below `/api/v1`; secrets appear only as the credential placeholders. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
}

/**
 * Where calls are made from, so that their errors say what to do there: an operation has options and can be run
 * again, a poll tries again by itself, a list in the editor is opened again.
 */
export type Caller = 'operation' | 'poll' | 'listSearch';

/** A call as it was sent, with what its errors need to say what happened and how to go on. */
export interface SentCall {
	node: INode;
	call: ApiCall;
	/** Every form of the credential's secret: redacted from every text. */
	secrets: string[];
	itemIndex?: number;
	caller: Caller;
}

/**
 * A value put into the path: URL-encoded, and never a dot segment or empty, which URL normalisation would turn
 * into another endpoint (`/browse/folders/..` → `/browse/`). Callers validate first; this is the last guard.
 */
function segment(value: string): string {
	if (isUnsafePathSegment(value))
		throw new ApplicationError(`Refused to put "${value}" into a request path`);
	return encodeURIComponent(value);
}

const SHARE_ITEMS = `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`;
const FILE_REQUEST = `/requests/${FILE_REQUEST_ID_PLACEHOLDER}`;

/** The secrets of shares and file requests stay placeholders here: each credential's `authenticate` fills them. */
export const endpoints = {
	folderContents: (folderId: string, qs: IDataObject): ApiCall => ({
		endpoint: 'folderContents',
		credentialType: 'fileStorageApi',
		method: 'GET',
		expects: 'list',
		paginated: true,
		path: `/browse/folders/${segment(folderId)}`,
		qs,
	}),
	recentUploads: (qs: IDataObject): ApiCall => ({
		endpoint: 'recentUploads',
		credentialType: 'fileStorageApi',
		method: 'GET',
		expects: 'list',
		paginated: true,
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
		path: SHARE_ITEMS,
		body,
	}),
	deleteInShare: (body: IDataObject): ApiCall => ({
		endpoint: 'deleteInShare',
		credentialType: 'fileStorageShareApi',
		method: 'DELETE',
		expects: 'message',
		path: SHARE_ITEMS,
		body,
	}),
	fileRequestContents: (qs: IDataObject): ApiCall => ({
		endpoint: 'fileRequestContents',
		credentialType: 'fileStorageFileRequestApi',
		method: 'GET',
		expects: 'list',
		path: `${FILE_REQUEST}/items`,
		qs,
	}),
	deleteInFileRequest: (body: IDataObject): ApiCall => ({
		endpoint: 'deleteInFileRequest',
		credentialType: 'fileStorageFileRequestApi',
		method: 'DELETE',
		expects: 'message',
		path: `${FILE_REQUEST}/items`,
		body,
	}),
	uploadToFileRequest: (body: IDataObject): ApiCall => ({
		endpoint: 'uploadToFileRequest',
		credentialType: 'fileStorageFileRequestApi',
		method: 'POST',
		expects: 'message',
		path: `${FILE_REQUEST}/uploads`,
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
