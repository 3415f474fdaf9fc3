// What to call: the spec's nine endpoints, by name. How a call is sent is the client's business.

import type { IDataObject, IHttpRequestMethods, INode } from 'n8n-workflow';
import { ApplicationError } from 'n8n-workflow';

import type { CredentialType } from '../credentialContract';
import { FILE_REQUEST_ID_PLACEHOLDER, SHARE_TOKEN_PLACEHOLDER } from '../credentialContract';
import { isUnsafePathSegment } from '../urls';

// A successful answer is a listing (`data` array), one resource (with an id) or a mutation's `{type, message}`.
export type ResponseShape = 'list' | 'resource' | 'message';

type AccountEndpoint = 'folderContents' | 'recentUploads' | 'restoreFromTrash' | 'notifications';
type ShareEndpoint = 'createFolderInShare' | 'deleteInShare';
type FileRequestEndpoint = 'fileRequestContents' | 'deleteInFileRequest' | 'uploadToFileRequest';
export type EndpointName = AccountEndpoint | ShareEndpoint | FileRequestEndpoint;

export interface ApiCall {
	endpoint: EndpointName; // error hints depend on it
	credentialType: CredentialType;
	method: IHttpRequestMethods;
	expects: ResponseShape;
	paginated?: boolean; // cut into pages (`cursor`, `limit`, `meta.cursor`); the others answer whole
	path: string; // below `/api/v1`; secrets appear only as the credential placeholders
	qs?: IDataObject;
	body?: IDataObject;
}

// Where a call is made from, so that its errors say what to do there (run again, wait for the next poll…). `upload`:
// Upload File, whose URLs are n8n's own signed links, not the user's.
export type Caller = 'operation' | 'upload' | 'poll' | 'listSearch';

/** What the node knows of the items a request carries: the batch runner's account when the node stops on it. */
export interface BatchFacts {
	carried: number[]; // the items of this request
	done: number[]; // of earlier requests (or of this one, for an item that failed alone)
	notAttempted: number[]; // of later requests
	batched: boolean; // the endpoint took the items in one request
	accepted?: boolean; // the request went through: what failed came after it (Upload File's look for the files)
}

/** What a caller knows of a failure beyond the request itself, so that its error is worded once, when it is made. */
export interface FailureFacts {
	batch?: BatchFacts;
	subfolder?: string; // Search: the path of the folder below the searched one that this call lists
	watchedFolder?: string; // the trigger: this call lists the folder it watches, by ID
	urlsSent?: number; // Upload From URL: URLs of this item sent by earlier requests
}

export interface SentRequest {
	node: INode;
	call: ApiCall;
	secrets: string[]; // every form of the credential's secret, redacted from every text
	itemIndex?: number;
	caller: Caller;
	stops: boolean; // the node stops on this error (no continueOnFail): its message names the items
	facts?: FailureFacts;
}

// URL normalisation would turn a dot segment or an empty one into another endpoint (`/browse/folders/..` →
// `/browse/`). Callers validate first; this is the last guard.
function segment(value: string): string {
	if (isUnsafePathSegment(value))
		throw new ApplicationError(`Refused to put "${value}" into a request path`);
	return encodeURIComponent(value);
}

// `request`: method and path, as the spec writes them.
function call(
	endpoint: EndpointName,
	credentialType: CredentialType,
	request: string,
	expects: ResponseShape,
	more: Pick<ApiCall, 'qs' | 'body' | 'paginated'> = {},
): ApiCall {
	const [method, path] = request.split(' ') as [IHttpRequestMethods, string];
	return { endpoint, credentialType, method, path, expects, ...more };
}

const ACCOUNT: CredentialType = 'fileStorageApi';
const SHARE: CredentialType = 'fileStorageShareApi';
const REQUEST: CredentialType = 'fileStorageFileRequestApi';
// Path secrets stay placeholders here: each credential's `authenticate` fills them in.
const SHARE_ITEMS = `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`;
const FILE_REQUEST = `/requests/${FILE_REQUEST_ID_PLACEHOLDER}`;
const paged = (qs: IDataObject) => ({ qs, paginated: true });

export const endpoints = {
	folderContents: (folderId: string, qs: IDataObject) =>
		call('folderContents', ACCOUNT, `GET /browse/folders/${segment(folderId)}`, 'list', paged(qs)),
	recentUploads: (qs: IDataObject) =>
		call('recentUploads', ACCOUNT, 'GET /browse/latest', 'list', paged(qs)),
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
