import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { FILE_REQUEST_ID_PLACEHOLDER } from '../../../credentials/FileStorageFileRequestApi.credentials';
import { SHARE_TOKEN_PLACEHOLDER } from '../../../credentials/FileStorageShareApi.credentials';

/** What to call: every endpoint of the spec, by name. How a call is sent is the request module's business. */

export type CredentialType = 'fileStorageApi' | 'fileStorageShareApi' | 'fileStorageFileRequestApi';

export const CREDENTIAL_LABELS: Record<CredentialType, string> = {
	fileStorageApi: 'File Storage API (access token)',
	fileStorageShareApi: 'File Storage Share API (share token)',
	fileStorageFileRequestApi: 'File Storage File Request API (file request ID)',
};

export interface ApiCall {
	credentialType: CredentialType;
	method: IHttpRequestMethods;
	/** Path below `/api/v1`; secrets appear only as the credential placeholders. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
}

const enc = encodeURIComponent;

/** The secrets of shares and file requests stay placeholders here: each credential's `authenticate` fills them. */
export const endpoints = {
	folderContents: (folderId: string, qs: IDataObject): ApiCall => ({
		credentialType: 'fileStorageApi',
		method: 'GET',
		path: `/browse/folders/${enc(folderId)}`,
		qs,
	}),
	recentUploads: (qs: IDataObject): ApiCall => ({
		credentialType: 'fileStorageApi',
		method: 'GET',
		path: '/browse/latest',
		qs,
	}),
	restoreFromTrash: (body: IDataObject): ApiCall => ({
		credentialType: 'fileStorageApi',
		method: 'POST',
		path: '/trash/restore',
		body,
	}),
	createFolderInShare: (body: IDataObject): ApiCall => ({
		credentialType: 'fileStorageShareApi',
		method: 'POST',
		path: `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`,
		body,
	}),
	deleteInShare: (body: IDataObject): ApiCall => ({
		credentialType: 'fileStorageShareApi',
		method: 'DELETE',
		path: `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`,
		body,
	}),
	fileRequestContents: (qs: IDataObject): ApiCall => ({
		credentialType: 'fileStorageFileRequestApi',
		method: 'GET',
		path: `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/items`,
		qs,
	}),
	deleteInFileRequest: (body: IDataObject): ApiCall => ({
		credentialType: 'fileStorageFileRequestApi',
		method: 'DELETE',
		path: `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/items`,
		body,
	}),
	uploadToFileRequest: (body: IDataObject): ApiCall => ({
		credentialType: 'fileStorageFileRequestApi',
		method: 'POST',
		path: `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/uploads`,
		body,
	}),
	notifications: (): ApiCall => ({
		credentialType: 'fileStorageApi',
		method: 'GET',
		path: '/notifications',
	}),
};
