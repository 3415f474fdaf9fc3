/**
 * Workflows of the queue suite: webhook-started ones that use the node (answered when the last node finished),
 * and one File Storage Trigger workflow per event that polls every 10 seconds.
 */
import { chain, splitOut, webhook } from '../bench/workflows';
import { NODE_TYPE } from '../e2e/checkout';
import type { WorkflowSpec } from '../e2e/cli';
import { CREDENTIALS, POLL_EVERY_10_SECONDS, triggerWorkflow } from '../e2e/fixtures';
import type { TriggerEvent } from '../e2e/fixtures';

export const NODE_NAME = 'File Storage';

const apiCredential = {
	[CREDENTIALS.api.type]: { id: CREDENTIALS.api.id, name: CREDENTIALS.api.name },
};

export const WEBHOOKS = {
	listAll: { id: 'qListAll', path: 'queue-list-all' },
	restore: { id: 'qRestore', path: 'queue-restore' },
	download: { id: 'qDownload', path: 'queue-download' },
} as const;

/** Webhook → Folder → Get Contents with Return All (newest first): every page of the folder. */
export function listAllWorkflow(folderId: string): WorkflowSpec {
	return chain(WEBHOOKS.listAll.id, 'queue: list a folder, Return All', [
		webhook(WEBHOOKS.listAll.path),
		{
			name: NODE_NAME,
			type: NODE_TYPE,
			typeVersion: 1,
			parameters: {
				resource: 'folder',
				operation: 'getContents',
				folder: { __rl: true, mode: 'id', value: folderId },
				returnAll: true,
				options: {},
			},
			credentials: apiCredential,
		},
	]);
}

/** Webhook (body `{ items: [{ id, type }] }`) → Split Out → Trash → Restore (default Batch Size 100). */
export function restoreWorkflow(): WorkflowSpec {
	return chain(WEBHOOKS.restore.id, 'queue: batched restore', [
		webhook(WEBHOOKS.restore.path),
		splitOut('Split Input', 'body.items'),
		{
			name: NODE_NAME,
			type: NODE_TYPE,
			typeVersion: 1,
			parameters: { resource: 'trash', operation: 'restore', toHome: false, options: {} },
			credentials: apiCredential,
		},
	]);
}

/**
 * Webhook (body `{ url }`) → File → Download (By URL) → Crypto (SHA-256 of the binary): the worker stores the
 * binary where n8n's binary data mode says (queue mode: the database) and hashes what it stored.
 */
export function downloadWorkflow(): WorkflowSpec {
	return chain(WEBHOOKS.download.id, 'queue: download a file', [
		webhook(WEBHOOKS.download.path),
		{
			name: NODE_NAME,
			type: NODE_TYPE,
			typeVersion: 1,
			parameters: {
				resource: 'file',
				operation: 'download',
				source: 'url',
				fileUrl: '={{ $json.body.url }}',
				options: {},
			},
			credentials: apiCredential,
		},
		{
			name: 'Checksum',
			type: 'n8n-nodes-base.crypto',
			typeVersion: 2,
			parameters: {
				action: 'hash',
				type: 'SHA256',
				binaryData: true,
				binaryPropertyName: 'data',
				dataPropertyName: 'sha256',
				encoding: 'hex',
			},
		},
	]);
}

export const TRIGGERS: Array<{ event: TriggerEvent; id: string }> = [
	{ event: 'upload', id: 'qTrigUpload' },
	{ event: 'notification', id: 'qTrigNotify' },
	{ event: 'fileRequestItem', id: 'qTrigRequestItem' },
];

export function triggerWorkflows(): WorkflowSpec[] {
	return TRIGGERS.map(({ id, event }) => ({
		...triggerWorkflow(id, event, POLL_EVERY_10_SECONDS),
		name: `queue trigger ${event}`,
	}));
}
