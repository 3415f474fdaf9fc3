import type { INodeParameters } from 'n8n-workflow';

/** A resource locator set By ID, as the editor saves it. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The resource and operation of each of the node's operations: a test spreads in the rest of its parameters. */
export const OPS = {
	folderContents: { resource: 'folder', operation: 'getContents' },
	search: { resource: 'file', operation: 'search' },
	recentUploads: { resource: 'file', operation: 'getRecentUploads' },
	download: { resource: 'file', operation: 'download' },
	restore: { resource: 'trash', operation: 'restore' },
	createFolder: { resource: 'sharedFolder', operation: 'createFolder' },
	shareDelete: { resource: 'sharedFolder', operation: 'deleteItems' },
	requestContents: { resource: 'fileRequest', operation: 'getContents' },
	requestDelete: { resource: 'fileRequest', operation: 'deleteItems' },
	requestDownload: { resource: 'fileRequest', operation: 'download' },
	uploadFromUrl: { resource: 'fileRequest', operation: 'uploadFromUrl' },
	uploadFile: { resource: 'fileRequest', operation: 'uploadFile' },
	notifications: { resource: 'notification', operation: 'getMany' },
} satisfies Record<string, INodeParameters>;
