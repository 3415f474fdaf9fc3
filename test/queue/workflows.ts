/**
 * Workflows of the queue suite: webhook-started ones that use the node (answered when the last node finished),
 * and one File Storage Trigger workflow per event that polls every 10 seconds.
 */
import { chain, splitOut, webhook } from '../bench/workflows';
import { NODE_TYPE } from '../e2e/checkout';
import type { WorkflowSpec } from '../e2e/cli';
import {
	CREDENTIALS,
	POLL_EVERY_10_SECONDS,
	SHA256_OF_DATA,
	triggerWorkflow,
} from '../e2e/fixtures';
import type { TriggerEvent } from '../e2e/fixtures';

export const NODE_NAME = 'File Storage';

/** A File Storage node (version 1) with its credential. */
function fileStorage(
	name: string,
	parameters: Record<string, unknown>,
	credential: { id: string; name: string; type: string } = CREDENTIALS.api,
) {
	const credentials = { [credential.type]: { id: credential.id, name: credential.name } };
	return { name, type: NODE_TYPE, typeVersion: 1, parameters, credentials };
}

/**
 * A File Request credential whose Base URL is a public-looking name of the sandbox (`http://files.example.com:<port>`),
 * which only the worker started with test/ui/host-alias.cjs resolves (to 127.0.0.1): what a server elsewhere looks
 * like to the node's reachability warning.
 */
export const PUBLIC_NAME_REQUEST_CREDENTIAL = {
	id: 'qFileRequestPublic',
	name: 'File Storage File Request API (public name)',
	type: CREDENTIALS.request.type,
} as const;
export const PUBLIC_SANDBOX_HOST = 'files.example.com';

export const WEBHOOKS = {
	listAll: { id: 'qListAll', path: 'queue-list-all' },
	restore: { id: 'qRestore', path: 'queue-restore' },
	download: { id: 'qDownload', path: 'queue-download' },
	upload: { id: 'qUpload', path: 'queue-upload' },
	uploadNoWait: { id: 'qUploadNoWait', path: 'queue-upload-no-wait' },
} as const;

export const CHECKSUM = 'Checksum';
const checksum = {
	name: CHECKSUM,
	type: 'n8n-nodes-base.crypto',
	typeVersion: 2,
	parameters: SHA256_OF_DATA,
};

/** Webhook → Folder → Get Contents with Return All (newest first): every page of the folder. */
export function listAllWorkflow(folderId: string): WorkflowSpec {
	return chain(WEBHOOKS.listAll.id, 'queue: list a folder, Return All', [
		webhook(WEBHOOKS.listAll.path),
		fileStorage(NODE_NAME, {
			resource: 'folder',
			operation: 'getContents',
			folder: { __rl: true, mode: 'id', value: folderId },
			returnAll: true,
			options: {},
		}),
	]);
}

/** Webhook (body `{ items: [{ id, type }] }`) → Split Out → Trash → Restore (default Batch Size 100). */
export function restoreWorkflow(): WorkflowSpec {
	return chain(WEBHOOKS.restore.id, 'queue: batched restore', [
		webhook(WEBHOOKS.restore.path),
		splitOut('Split Input', 'body.items'),
		fileStorage(NODE_NAME, { resource: 'trash', operation: 'restore', toHome: false, options: {} }),
	]);
}

/**
 * Webhook (body `{ url }`) → File → Download (From URL) → Crypto (SHA-256 of the binary): the worker stores the
 * binary where n8n's binary data mode says (queue mode: the database) and hashes what it stored.
 */
export function downloadWorkflow(): WorkflowSpec {
	return chain(WEBHOOKS.download.id, 'queue: download a file', [
		webhook(WEBHOOKS.download.path),
		fileStorage(NODE_NAME, {
			resource: 'file',
			operation: 'download',
			source: 'url',
			fileUrl: '={{ $json.body.url }}',
			options: {},
		}),
		checksum,
	]);
}

/** Webhook (body `{ files: [{ name, text }] }`) → Split Out → Convert to File: one file per entry, in binary `data`. */
function madeFiles() {
	return [
		splitOut('Files', 'body.files'),
		{
			name: 'Make file',
			type: 'n8n-nodes-base.convertToFile',
			typeVersion: 1.1,
			parameters: {
				operation: 'toText',
				sourceProperty: 'text',
				options: { fileName: '={{ $json.name }}' },
			},
		},
	];
}

export const UPLOAD = 'Upload';
export const UPLOADED = 'Uploaded file';

/**
 * Webhook → the files made from the body → File Request → Upload File (Wait for File) → File Request → Download of
 * the item it returned → Crypto (SHA-256). The worker makes n8n's signed link; the server fetches it from the main.
 */
export function uploadWorkflow(): WorkflowSpec {
	return chain(WEBHOOKS.upload.id, 'queue: upload a file the workflow made, and back', [
		webhook(WEBHOOKS.upload.path),
		...madeFiles(),
		fileStorage(
			UPLOAD,
			{ resource: 'fileRequest', operation: 'uploadFile', options: {} },
			CREDENTIALS.request,
		),
		fileStorage(UPLOADED, { resource: 'fileRequest', operation: 'download' }, CREDENTIALS.request),
		checksum,
	]);
}

/**
 * Webhook → the files made from the body → Upload File with Wait for File off, on the credential with the
 * public-looking Base URL: its output says what the server was told, and the warning when the link is private.
 */
export function uploadNoWaitWorkflow(): WorkflowSpec {
	return chain(WEBHOOKS.uploadNoWait.id, 'queue: upload without waiting (public server name)', [
		webhook(WEBHOOKS.uploadNoWait.path),
		...madeFiles(),
		fileStorage(
			UPLOAD,
			{ resource: 'fileRequest', operation: 'uploadFile', waitForFile: false, options: {} },
			PUBLIC_NAME_REQUEST_CREDENTIAL,
		),
	]);
}

export const CONTENT_TRIGGER = { id: 'qTrigContent', node: 'Trigger' } as const;

/**
 * New File in Folder with Include File Content, polling every 10 seconds → Crypto (SHA-256 of the content; an item
 * without content goes on unhashed). The main's poll downloads the content into n8n's binary data; a worker runs
 * the execution.
 */
export function contentTriggerWorkflow(folderId: string): WorkflowSpec {
	const trigger = triggerWorkflow(CONTENT_TRIGGER.id, 'folderFile', POLL_EVERY_10_SECONDS, {
		folder: { __rl: true, mode: 'id', value: folderId },
		options: { includeFileContent: true },
	});
	return {
		...trigger,
		name: 'queue trigger folderFile with content',
		nodes: [
			trigger.nodes[0],
			{
				id: '00000000-0000-4000-9000-00000000c0de',
				position: [220, 0],
				...checksum,
				onError: 'continueRegularOutput',
			},
		],
		connections: {
			[CONTENT_TRIGGER.node]: { main: [[{ node: CHECKSUM, type: 'main', index: 0 }]] },
		},
	};
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
