// What a remote upload's answer says (both File Request uploads): the spec allows two success messages, and which
// one comes depends on the server's configuration.

import type { IDataObject } from 'n8n-workflow';

export type UploadStatus = 'uploaded' | 'queued' | 'unknown';

export function uploadStatus(message: unknown): UploadStatus {
	const text = typeof message === 'string' ? message.toLowerCase() : '';
	if (/queue/.test(text)) return 'queued';
	if (/upload/.test(text)) return 'uploaded';
	return 'unknown';
}

/** An upload's output fields: uploaded or queued, and the server's message when it sent one. */
export function statusFields(shared: IDataObject): IDataObject {
	return {
		status: shared.status,
		uploaded: shared.status === 'uploaded',
		queued: shared.status === 'queued',
		...(shared.message !== undefined ? { message: shared.message } : {}),
	};
}
