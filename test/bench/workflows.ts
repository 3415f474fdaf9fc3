/**
 * Credentials, workflows and sandbox contents of the benchmark (the workflow builders also serve the queue suite,
 * test/queue/workflows.ts). Every measured workflow starts with a Webhook node answered when its last node
 * finished, so one warm `n8n start` runs them all.
 */
import * as crypto from 'node:crypto';

import { NODE_TYPE } from '../e2e/checkout';
import type { CredentialSpec, WorkflowSpec } from '../e2e/cli';
import type { Sandbox } from '../sandbox/server';

const CREDENTIAL_TYPES = {
	api: 'fileStorageApi',
	share: 'fileStorageShareApi',
	request: 'fileStorageFileRequestApi',
	header: 'httpHeaderAuth', // HTTP Request's, `Authorization: Bearer <token>`
} as const;
type Which = keyof typeof CREDENTIAL_TYPES;
const credential = (which: Which) => ({ id: `bench${which}`, name: `Bench ${which}` });

export function benchCredentials(
	baseUrl: string,
	accessToken: string,
	{
		shareToken = 'unused',
		fileRequestId = 'unused',
	}: { shareToken?: string; fileRequestId?: string } = {},
): CredentialSpec[] {
	const data = {
		api: { baseUrl, accessToken },
		share: { baseUrl, shareToken },
		request: { baseUrl, fileRequestId },
		header: { name: 'Authorization', value: `Bearer ${accessToken}` },
	};
	return (Object.keys(data) as Which[]).map((which) => ({
		...credential(which),
		type: CREDENTIAL_TYPES[which],
		data: data[which],
	}));
}

const credentials = (which: Which) => ({ [CREDENTIAL_TYPES[which]]: credential(which) });

export interface NodeSpec {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
}

/** Chains the nodes (each feeding the next) into a workflow. */
export function chain(id: string, name: string, nodes: NodeSpec[]): WorkflowSpec {
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < nodes.length; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return {
		id,
		name,
		nodes: nodes.map((node, i) => ({ id: crypto.randomUUID(), position: [i * 220, 0], ...node })),
		connections,
		settings: { executionOrder: 'v1' },
	};
}

export const webhook = (path: string): NodeSpec => ({
	name: 'Webhook',
	type: 'n8n-nodes-base.webhook',
	typeVersion: 2,
	webhookId: crypto.randomUUID(),
	parameters: {
		httpMethod: 'POST',
		path,
		responseMode: 'lastNode',
		responseData: 'noData',
		options: {},
	},
});

export const splitOut = (name: string, field: string): NodeSpec => ({
	name,
	type: 'n8n-nodes-base.splitOut',
	typeVersion: 1,
	parameters: { fieldToSplitOut: field, include: 'noOtherFields', options: {} },
});

export interface BenchWorkflow {
	id: string;
	path: string;
	spec: WorkflowSpec;
	/** the nodes whose execution time is measured: all after the Webhook but the untimed input steps */
	timed: string[];
}

/** A node name for a step that only prepares the measured node's input, not timed. */
export const UNTIMED = 'Input: ';

/** Webhook → the nodes; the webhook's path is the workflow's id (at most 21 characters: n8n's limit). */
export const webhookWorkflow = (id: string, nodes: NodeSpec[]): BenchWorkflow => ({
	id,
	path: id,
	spec: chain(id, `bench ${id}`, [webhook(id), ...nodes]),
	timed: nodes.map((n) => n.name).filter((name) => !name.startsWith(UNTIMED)),
});

/**
 * A File Storage node (or a variant's `type`) doing `<resource> <operation>`, on the user's credential (or the
 * share's, or the file request's).
 */
export function fileStorage(
	name: string,
	what: string,
	parameters: object,
	which: Which = 'api',
	type = NODE_TYPE,
): NodeSpec {
	const [resource, operation] = what.split(' ');
	return {
		name,
		type,
		typeVersion: 1,
		parameters: { resource, operation, ...parameters },
		credentials: credentials(which),
	};
}

const folder = (id: string) => ({ __rl: true, mode: 'id', value: id });

export const getContents = (folderId: string, simplify = true, type = NODE_TYPE): NodeSpec =>
	fileStorage(
		'File Storage',
		'folder getContents',
		{ folder: folder(folderId), returnAll: true, simplify, options: {} },
		'api',
		type,
	);

export const search = (name: string, folderId: string, options: object, type = NODE_TYPE) =>
	fileStorage(name, 'file search', { folder: folder(folderId), ...options }, 'api', type);

/** n8n's HTTP Request node, on the Bearer header credential unless `auth` is false. */
export const httpRequest = (
	parameters: object,
	{ auth = true, typeVersion = 4.5 } = {},
): NodeSpec => ({
	name: 'HTTP Request',
	type: 'n8n-nodes-base.httpRequest',
	typeVersion,
	parameters: {
		...(auth ? { authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' } : {}),
		options: {},
		...parameters,
	},
	...(auth ? { credentials: credentials('header') } : {}),
});

/** HTTP Request v4.5 with its cursor pagination (limit 500) then Split Out on `data`, as a user would build it. */
export const httpListing = (baseUrl: string, folderId: string): NodeSpec[] => [
	httpRequest({
		method: 'GET',
		url: `${baseUrl}/api/v1/browse/folders/${folderId}`,
		sendQuery: true,
		queryParameters: { parameters: [{ name: 'limit', value: '500' }] },
		options: {
			pagination: {
				pagination: {
					paginationMode: 'updateAParameterInEachRequest',
					parameters: {
						parameters: [
							{
								type: 'qs',
								name: 'cursor',
								value: '={{ $response.body.meta.cursor.next_cursor }}',
							},
						],
					},
					paginationCompleteWhen: 'other',
					completeExpression: '={{ !$response.body.meta.cursor.next_cursor }}',
				},
			},
		},
	}),
	splitOut('Split Out', 'data'),
];

/** Webhook body `{ items }` → Split Out (not timed) → the measured node. */
export const perItem = (node: NodeSpec): NodeSpec[] => [
	splitOut(`${UNTIMED}Split`, 'body.items'),
	node,
];

/** Trash → Restore with its default mappings (File or Folder ID `{{ $json.id }}`). */
export const restore = (type = NODE_TYPE): NodeSpec =>
	fileStorage('File Storage', 'trash restore', { toHome: false, options: {} }, 'api', type);

/** The input of the batch operations: `count` files of a folder "Batch", as `{ id, type }` items. */
export function addBatchFiles(sb: Sandbox, count: number) {
	const batch = sb.model.addFolder(0, { name: 'Batch' });
	const items = Array.from({ length: count }, (_, i) => ({
		id: sb.model.addFile(0, { folderId: batch.id, name: `batch-${i}.txt` }).id,
		type: 'file',
	}));
	return { folderId: batch.id, items };
}

/**
 * Search's tree: 20 top folders × 24 subfolders + the 20 = 500 folders, 20 files in each, and `needle.pdf` in the
 * searched folder itself. Returns its id and how many entries Search returns.
 */
export function addSearchTree(sb: Sandbox): { rootId: string; entries: number } {
	const root = sb.model.addFolder(0, { name: 'Search Tree' });
	let entries = 1;
	const fill = (parentId: string, name: string) => {
		const { id } = sb.model.addFolder(0, { name, parentId });
		for (let k = 0; k < 20; k++)
			sb.model.addFile(0, { folderId: id, name: `f-${entries}-${k}.txt`, size: 1000 + k });
		entries += 21;
		return id;
	};
	for (let a = 0; a < 20; a++) {
		const top = fill(root.id, `top-${a}`);
		for (let b = 0; b < 24; b++) fill(top, `sub-${a}-${b}`);
	}
	sb.model.addFile(0, { folderId: root.id, name: 'needle.pdf', size: 5000 });
	return { rootId: root.id, entries };
}
