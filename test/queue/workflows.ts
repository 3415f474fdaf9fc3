/** Workflows of the queue suite (test/queue/README.md): webhook-started ones, and triggers polling every 10 s. */
import { NODE_TYPE } from '../e2e/checkout';
import type { WorkflowSpec } from '../e2e/cli';
import {
	chain,
	CREDENTIALS,
	POLL_EVERY_10_SECONDS,
	SHA256_OF_DATA,
	splitOut,
	TEXT_TO_FILE,
	triggerWorkflow,
	webhook,
} from '../e2e/fixtures';
import type { Credential, Step, TriggerEvent } from '../e2e/fixtures';
import { byId, OPS } from '../helpers/parameters';

export const NODE_NAME = 'File Storage';

/** A File Storage node (version 1) with its credential. */
const fileStorage = (
	name: string,
	parameters: Record<string, unknown>,
	credential: Credential = CREDENTIALS.api,
): Step => ({ name, type: NODE_TYPE, parameters, credential });

/** A File Request credential on a public-looking name of the sandbox, which only one worker resolves. */
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
const checksum: Step = {
	name: CHECKSUM,
	type: 'n8n-nodes-base.crypto',
	typeVersion: 2,
	parameters: SHA256_OF_DATA,
};

/** Webhook (answered when the last node finished) → `nodes`. */
const webhookFlow = (key: keyof typeof WEBHOOKS, name: string, nodes: Step[]) =>
	chain(WEBHOOKS[key].id, `queue: ${name}`, [webhook(WEBHOOKS[key].path), ...nodes]);

/** Webhook (body `{ files: [{ name, text }] }`) → Split Out → Convert to File: one file per entry, in binary `data`. */
const madeFiles = [splitOut('Files', 'body.files'), TEXT_TO_FILE];

export const UPLOAD = 'Upload';
const UPLOADED = 'Uploaded file';
const uploadFile = { ...OPS.uploadFile, options: {} };

/** Every workflow of the suite (test/queue/README.md); a webhook one's body in brackets. */
export const queueWorkflows = (listingFolderId: string, contentFolderId: string) => [
	// Get Contents with Return All (newest first): every page of the folder
	webhookFlow('listAll', 'list a folder, Return All', [
		fileStorage(NODE_NAME, {
			...OPS.folderContents,
			folder: byId(listingFolderId),
			returnAll: true,
			options: {},
		}),
	]),
	// ({ items: [{ id, type }] }) → Split Out → Trash → Restore (default Batch Size 100)
	webhookFlow('restore', 'batched restore', [
		splitOut('Split Input', 'body.items'),
		fileStorage(NODE_NAME, { ...OPS.restore, toHome: false, options: {} }),
	]),
	// ({ url }) → File → Download (From URL) → SHA-256 of the binary n8n stored (queue mode: in the database)
	webhookFlow('download', 'download a file', [
		fileStorage(NODE_NAME, {
			...OPS.download,
			source: 'url',
			fileUrl: '={{ $json.body.url }}',
			options: {},
		}),
		checksum,
	]),
	// files made on the worker → Upload File (Wait for File; the server fetches n8n's signed link from the main) →
	// File Request → Download of the item it returned → SHA-256
	webhookFlow('upload', 'upload a file the workflow made, and back', [
		...madeFiles,
		fileStorage(UPLOAD, uploadFile, CREDENTIALS.request),
		fileStorage(UPLOADED, OPS.requestDownload, CREDENTIALS.request),
		checksum,
	]),
	// Upload File with Wait for File off on the public-looking Base URL: the output carries any warning
	webhookFlow('uploadNoWait', 'upload without waiting (public server name)', [
		...madeFiles,
		fileStorage(UPLOAD, { ...uploadFile, waitForFile: false }, PUBLIC_NAME_REQUEST_CREDENTIAL),
	]),
	contentTriggerWorkflow(contentFolderId),
	...TRIGGERS.map(({ id, event }) => ({
		...triggerWorkflow(id, event, POLL_EVERY_10_SECONDS),
		name: `queue trigger ${event}`,
	})),
];

export const CONTENT_TRIGGER = { id: 'qTrigContent', node: 'Trigger' } as const;

/**
 * New File in Folder with Include File Content, polling every 10 seconds → Crypto (SHA-256 of the content; an item
 * without content goes on unhashed). The main's poll downloads the content into n8n's binary data; a worker runs
 * the execution.
 */
function contentTriggerWorkflow(folderId: string): WorkflowSpec {
	const trigger = triggerWorkflow(
		CONTENT_TRIGGER.id,
		'folderFile',
		POLL_EVERY_10_SECONDS,
		{ folder: byId(folderId), options: { includeFileContent: true } },
		[{ ...checksum, onError: 'continueRegularOutput' }],
	);
	return { ...trigger, name: 'queue trigger folderFile with content' };
}

export const TRIGGERS: Array<{ event: TriggerEvent; id: string }> = [
	{ event: 'upload', id: 'qTrigUpload' },
	{ event: 'notification', id: 'qTrigNotify' },
	{ event: 'fileRequestItem', id: 'qTrigRequestItem' },
];
