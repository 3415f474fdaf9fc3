/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets */
/** Credentials pointing at a sandbox, the examples, and the builder of every generated workflow (e2e, queue, ui, bench). */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { activeFileRequest, editorShare, secretsOf } from '../sandbox/seed';
import type { SeedInfo } from '../sandbox/seed';
import { NODE_TYPE, REPO_ROOT, TRIGGER_NODE_TYPE } from './checkout';
import type { CredentialSpec, WorkflowSpec } from './cli';

const TYPE_NAMES = {
	fileStorageApi: 'File Storage API',
	fileStorageShareApi: 'File Storage Share API',
	fileStorageFileRequestApi: 'File Storage File Request API',
} as const;
type CredentialType = keyof typeof TYPE_NAMES;
const credential = <T extends CredentialType>(type: T, id: string, suffix: string) => ({
	id,
	name: `${TYPE_NAMES[type]} ${suffix}`,
	type,
});

/** The three credentials the examples reference (by these ids and names). */
export const CREDENTIALS = {
	api: credential('fileStorageApi', 'fsAccessToken', 'account'),
	share: credential('fileStorageShareApi', 'fsShareEditor', 'account'),
	request: credential('fileStorageFileRequestApi', 'fsFileRequest', 'account'),
};

/** Credentials that must fail. */
export const BAD_CREDENTIALS = {
	apiWrongToken: credential('fileStorageApi', 'fsAccessWrong', '(wrong token)'),
	shareVisitor: credential('fileStorageShareApi', 'fsShareVisitor', '(visitor share)'),
	shareProtected: credential('fileStorageShareApi', 'fsShareProtected', '(protected share)'),
	shareUnknown: credential('fileStorageShareApi', 'fsShareUnknown', '(unknown token)'),
	requestExpired: credential('fileStorageFileRequestApi', 'fsRequestExpired', '(expired)'),
	requestUnknown: credential('fileStorageFileRequestApi', 'fsRequestUnknown', '(unknown id)'),
};

/** Secrets that exist nowhere in the sandbox: a refused token must not leak either. */
export const WRONG_ACCESS_TOKEN = '9|wrongE2eTokenThatMustNeverBePrinted0000';
export const UNKNOWN_SHARE_TOKEN = 'unknownShareE2e1';
export const UNKNOWN_FILE_REQUEST_ID = '0b7a3c1e-9d2f-4e6a-8b5c-7f1e2d3c4b5a';

function share(seed: SeedInfo, predicate: (s: SeedInfo['shares'][number]) => boolean): string {
	const found = seed.shares.find(predicate);
	if (!found) throw new Error('the sandbox seed has no such share');
	return found.token;
}

function expiredFileRequest(seed: SeedInfo): string {
	const found = seed.fileRequests.find((r) => !r.active);
	if (!found) throw new Error('the sandbox seed has no expired file request');
	return found.id;
}

/** The three working credentials (all the demo imports). */
export function sandboxCredentials(baseUrl: string, seed: SeedInfo): CredentialSpec[] {
	return [
		{ ...CREDENTIALS.api, data: { baseUrl, accessToken: seed.users[0].accessToken } },
		{ ...CREDENTIALS.share, data: { baseUrl, shareToken: editorShare(seed).token } },
		{ ...CREDENTIALS.request, data: { baseUrl, fileRequestId: activeFileRequest(seed).id } },
	];
}

/** The working credentials plus one of each way to be refused. */
export function allTestCredentials(baseUrl: string, seed: SeedInfo): CredentialSpec[] {
	const bad = BAD_CREDENTIALS;
	const at = (credential: Credential, data: Record<string, string>) => ({
		...credential,
		data: { baseUrl, ...data },
	});
	return [
		...sandboxCredentials(baseUrl, seed),
		at(bad.apiWrongToken, { accessToken: WRONG_ACCESS_TOKEN }),
		at(bad.shareVisitor, { shareToken: share(seed, (s) => s.permission === 'visitor') }),
		at(bad.shareProtected, { shareToken: share(seed, (s) => s.protected) }),
		at(bad.shareUnknown, { shareToken: UNKNOWN_SHARE_TOKEN }),
		at(bad.requestExpired, { fileRequestId: expiredFileRequest(seed) }),
		at(bad.requestUnknown, { fileRequestId: UNKNOWN_FILE_REQUEST_ID }),
	];
}

/** Every secret of the seed (and the made-up ones): none may appear in output or logs. */
export const seedSecrets = (seed: SeedInfo): string[] => [
	...secretsOf(seed),
	WRONG_ACCESS_TOKEN,
	UNKNOWN_SHARE_TOKEN,
	UNKNOWN_FILE_REQUEST_ID,
];

export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');

export const EXAMPLES = {
	restoreNightly: 'restore-watched-items-nightly.json',
	cleanFileRequest: 'clean-file-request.json',
	onUpload: 'on-upload-describe.json',
	onUploadDownload: 'on-upload-download-checksum.json',
	newInvoiceInFolder: 'new-invoice-in-folder.json',
} as const;

/** The examples' placeholders for IDs of the user's own, and the seed's items they stand for (checked by path). */
export const SANDBOX_IDS_FOR_PLACEHOLDERS: Record<string, string> = {
	'<ID of a folder to watch>': 'c850c263-b869-4ff0-8f00-b7f1eb8d1520', // Old Stuff, in the trash
	'<ID of a file to watch>': '30eb6fd7-82e0-481f-9966-453f402880ec', // Documents/old-draft.docx, in the trash
	'<ID of another folder to watch>': '49427c1e-a6b0-4fbe-b5e3-268dadc29831', // Documents, not in the trash
	'<ID of the folder where invoices arrive>': '49427c1e-a6b0-4fbe-b5e3-268dadc29831', // Documents (Invoices is inside)
};

/** An example as the e2e suite and the demo import it: its placeholders filled with the sandbox's IDs. */
export function loadExample(file: string): WorkflowSpec {
	let text = fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8');
	for (const [placeholder, id] of Object.entries(SANDBOX_IDS_FOR_PLACEHOLDERS))
		text = text.split(placeholder).join(id);
	return JSON.parse(text) as WorkflowSpec;
}

export function usesNodeType(workflow: WorkflowSpec, type: string): boolean {
	return workflow.nodes.some((node) => node.type === type);
}

export type Credential = { id: string; name: string; type: string };

/** A node of a generated workflow; `chain` lays them out in a line. */
export interface Step {
	name: string;
	type: string;
	parameters?: Record<string, unknown>;
	credential?: Credential;
	typeVersion?: number;
	webhookId?: string;
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
}

export const MANUAL_TRIGGER: Step = { name: 'Start', type: 'n8n-nodes-base.manualTrigger' };

/** Convert to File: each item's `text` as a file named by its `name`, in binary `data`. */
export const TEXT_TO_FILE = {
	name: 'Make file',
	type: 'n8n-nodes-base.convertToFile',
	typeVersion: 1.1,
	parameters: {
		operation: 'toText',
		sourceProperty: 'text',
		options: { fileName: '={{ $json.name }}' },
	},
};

let nodeCounter = 0;

/** One workflow node: a fresh id, the step's credential as n8n references it (by id and name). */
export function workflowNode(step: Step, position: [number, number]): Record<string, unknown> {
	const { credential: cred, typeVersion = 1, parameters = {}, ...rest } = step;
	return {
		id: `00000000-0000-4000-8000-${String(++nodeCounter).padStart(12, '0')}`,
		...rest,
		typeVersion,
		position,
		parameters,
		...(cred ? { credentials: { [cred.type]: { id: cred.id, name: cred.name } } } : {}),
	};
}

/** The steps in a line, each node's main output into the next: the one way the suites build a workflow. */
export function chain(id: string, name: string, steps: Step[]): WorkflowSpec {
	const connections: Record<string, unknown> = {};
	steps.slice(1).forEach((step, index) => {
		connections[steps[index].name] = { main: [[{ node: step.name, type: 'main', index: 0 }]] };
	});
	return {
		id,
		name,
		nodes: steps.map((step, index) => workflowNode(step, [index * 220, 0])),
		connections,
		settings: { executionOrder: 'v1' },
	};
}

/** Webhook (POST /webhook/<path>), answered when the last node finished: without data, or with its items. */
export const webhook = (path: string, responseData: 'noData' | 'allEntries' = 'noData'): Step => ({
	name: 'Webhook',
	type: 'n8n-nodes-base.webhook',
	typeVersion: 2,
	webhookId: randomUUID(),
	parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData, options: {} },
});

/** Split Out: an item per entry of `field`, without the input's other fields. */
export const splitOut = (name: string, field: string): Step => ({
	name,
	type: 'n8n-nodes-base.splitOut',
	parameters: { fieldToSplitOut: field, include: 'noOtherFields', options: {} },
});

/** Manual Trigger → File Storage node named `nodeName`. */
export function manualWorkflow(
	id: string,
	name: string,
	nodeName: string,
	parameters: Record<string, unknown>,
	credential: Credential,
): WorkflowSpec {
	return chain(id, name, [
		MANUAL_TRIGGER,
		{ name: nodeName, type: NODE_TYPE, parameters, credential },
	]);
}

export type TriggerEvent = 'notification' | 'upload' | 'fileRequestItem';
/** Events that watch an account folder (they take a Folder parameter). */
export type FolderTriggerEvent = 'folderFile' | 'folderItem';

/** n8n's Crypto node parameters: the SHA-256 of the binary field `data`, as hex in `sha256`. */
export const SHA256_OF_DATA = {
	action: 'hash',
	type: 'SHA256',
	binaryData: true,
	binaryPropertyName: 'data',
	dataPropertyName: 'sha256',
	encoding: 'hex',
};

/** Poll Times that no run meets (New Year's midnight): a scheduled poll could read what a test meant for its own. */
export const POLL_ONLY_WHEN_ASKED = { item: [{ mode: 'custom', cronExpression: '0 0 0 1 1 *' }] };

/** Every 10 s: n8n refuses a cron firing more than once a minute, but takes six at fixed seconds. */
export const POLL_INTERVAL_SECONDS = 10;
export const POLL_EVERY_10_SECONDS = {
	item: Array.from({ length: 60 / POLL_INTERVAL_SECONDS }, (_, i) => ({
		mode: 'custom',
		cronExpression: `${i * POLL_INTERVAL_SECONDS} * * * * *`,
	})),
};

/** File Storage Trigger ("Trigger") → `next` (default No Operation, which shows what it emitted). */
export function triggerWorkflow(
	id: string,
	event: TriggerEvent | FolderTriggerEvent,
	pollTimes: Record<string, unknown> = POLL_ONLY_WHEN_ASKED,
	parameters: Record<string, unknown> = {},
	next: Step[] = [{ name: 'Received', type: 'n8n-nodes-base.noOp' }],
): WorkflowSpec {
	const trigger: Step = {
		name: 'Trigger',
		type: TRIGGER_NODE_TYPE,
		parameters: { pollTimes, event, ...parameters },
		credential: event === 'fileRequestItem' ? CREDENTIALS.request : CREDENTIALS.api,
	};
	return chain(id, `e2e trigger ${event}`, [trigger, ...next]);
}
