// What to call: the spec's nine endpoints, by name. How a call is sent is the client's business.

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

/** `request`: the method and the path, as the spec writes them. */
function call(
	endpoint: EndpointName,
	credentialType: CredentialType,
	request: string,
	expects: AnswerShape,
	more: Pick<ApiCall, 'qs' | 'body' | 'paginated'> = {},
): ApiCall {
	const [method, path] = request.split(' ') as [IHttpRequestMethods, string];
	return { endpoint, credentialType, method, path, expects, ...more };
}

const [ACCOUNT, SHARE, REQUEST]: CredentialType[] = [
	'fileStorageApi',
	'fileStorageShareApi',
	'fileStorageFileRequestApi',
];
// The secrets of shares and file requests stay placeholders here: each credential's `authenticate` fills them.
const SHARE_ITEMS = `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`;
const FILE_REQUEST = `/requests/${FILE_REQUEST_ID_PLACEHOLDER}`;

export const endpoints = {
	folderContents: (folderId: string, qs: IDataObject) =>
		call('folderContents', ACCOUNT, `GET /browse/folders/${segment(folderId)}`, 'list', {
			qs,
			paginated: true,
		}),
	recentUploads: (qs: IDataObject) =>
		call('recentUploads', ACCOUNT, 'GET /browse/latest', 'list', { qs, paginated: true }),
	restoreFromTrash: (body: IDataObject) =>
		call('restoreFromTrash', ACCOUNT, 'POST /trash/restore', 'message', { body }),
	createFolderInShare: (body: IDataObject) =>
		call('createFolderInShare', SHARE, `POST ${SHARE_ITEMS}`, 'resource', { body }),
	deleteInShare: (body: IDataObject) =>
		call('deleteInShare', SHARE, `DELETE ${SHARE_ITEMS}`, 'message', { body }),
	fileRequestContents: (qs: IDataObject) =>
		call('fileRequestContents', REQUEST, `GET ${FILE_REQUEST}/items`, 'list', { qs }),
	deleteInFileRequest: (body: IDataObject) =>
		call('deleteInFileRequest', REQUEST, `DELETE ${FILE_REQUEST}/items`, 'message', { body }),
	uploadToFileRequest: (body: IDataObject) =>
		call('uploadToFileRequest', REQUEST, `POST ${FILE_REQUEST}/uploads`, 'message', { body }),
	notifications: () => call('notifications', ACCOUNT, 'GET /notifications', 'list'),
} satisfies Record<EndpointName, (...args: never[]) => ApiCall>;
