/**
 * Workflows and credentials of the benchmark (see bench.ts). Every measured workflow starts with a Webhook node
 * (production webhook of an active workflow in `n8n start`, answered when the last node finished), so many runs
 * share one warm n8n process and the benchmark prepares the sandbox between runs. The listing workflows also exist
 * with a Manual Trigger, for the `n8n execute` wall times reported for transparency.
 */
import * as crypto from 'node:crypto';

import { NODE_TYPE } from '../e2e/checkout';
import type { CredentialSpec, WorkflowSpec } from '../e2e/cli';

export const BENCH_CREDENTIALS = {
	api: { id: 'benchFsApi', name: 'Bench File Storage API', type: 'fileStorageApi' },
	share: { id: 'benchFsShare', name: 'Bench File Storage Share API', type: 'fileStorageShareApi' },
	header: { id: 'benchHeaderAuth', name: 'Bench Header Auth (Bearer)', type: 'httpHeaderAuth' },
} as const;

type Credential = { id: string; name: string; type: string };

export function benchCredentials(
	baseUrl: string,
	accessToken: string,
	shareToken: string,
): CredentialSpec[] {
	return [
		{ ...BENCH_CREDENTIALS.api, data: { baseUrl, accessToken } },
		{ ...BENCH_CREDENTIALS.share, data: { baseUrl, shareToken } },
		{
			...BENCH_CREDENTIALS.header,
			data: { name: 'Authorization', value: `Bearer ${accessToken}` },
		},
	];
}

const credentialRef = (credential: Credential) => ({
	[credential.type]: { id: credential.id, name: credential.name },
});

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
	for (let index = 0; index + 1 < nodes.length; index++) {
		connections[nodes[index].name] = {
			main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]],
		};
	}
	return {
		id,
		name,
		nodes: nodes.map((node, index) => ({
			id: crypto.randomUUID(),
			position: [index * 220, 0],
			...node,
		})),
		connections,
		settings: { executionOrder: 'v1' },
	};
}

export function webhook(path: string): NodeSpec {
	return {
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
	};
}

const manualTrigger: NodeSpec = {
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	parameters: {},
};

export function splitOut(name: string, field: string): NodeSpec {
	return {
		name,
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		parameters: { fieldToSplitOut: field, include: 'noOtherFields', options: {} },
	};
}

// ----- listing ---------------------------------------------------------------------------------------------------

export const NODE_NAMES = {
	fileStorage: 'File Storage',
	httpRequest: 'HTTP Request',
	splitOut: 'Split Out',
	splitInput: 'Split Input',
} as const;

function fsListNode(bulkFolderId: string, simplify: boolean): NodeSpec {
	return {
		name: NODE_NAMES.fileStorage,
		type: NODE_TYPE,
		typeVersion: 1,
		parameters: {
			resource: 'folder',
			operation: 'getContents',
			folder: { __rl: true, mode: 'id', value: bulkFolderId },
			returnAll: true,
			simplify,
			options: {},
		},
		credentials: credentialRef(BENCH_CREDENTIALS.api),
	};
}

/** HTTP Request v4.x with its built-in cursor pagination (limit 500), as a user would configure it. */
function httpListNode(baseUrl: string, bulkFolderId: string): NodeSpec {
	return {
		name: NODE_NAMES.httpRequest,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.5,
		parameters: {
			method: 'GET',
			url: `${baseUrl}/api/v1/browse/folders/${bulkFolderId}`,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
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
		},
		credentials: credentialRef(BENCH_CREDENTIALS.header),
	};
}

export type ListingVariant = 'fsSimplify' | 'fsRaw' | 'httpSplit';

export interface ListingWorkflows {
	/** webhook path per variant (active workflows in `n8n start`) */
	paths: Record<ListingVariant, string>;
	webhookIds: Record<ListingVariant, string>;
	/** Manual Trigger copies for `n8n execute` */
	manualIds: Record<ListingVariant, string>;
	workflows: WorkflowSpec[];
}

export function listingWorkflows(baseUrl: string, bulkFolderId: string): ListingWorkflows {
	const bodies: Record<ListingVariant, () => NodeSpec[]> = {
		fsSimplify: () => [fsListNode(bulkFolderId, true)],
		fsRaw: () => [fsListNode(bulkFolderId, false)],
		httpSplit: () => [httpListNode(baseUrl, bulkFolderId), splitOut(NODE_NAMES.splitOut, 'data')],
	};
	const paths = {
		fsSimplify: 'bench-list-fs-simplify',
		fsRaw: 'bench-list-fs-raw',
		httpSplit: 'bench-list-http',
	};
	const webhookIds = {
		fsSimplify: 'benchListFsSimplify',
		fsRaw: 'benchListFsRaw',
		httpSplit: 'benchListHttp',
	};
	const manualIds = {
		fsSimplify: 'benchXListFsSimplify',
		fsRaw: 'benchXListFsRaw',
		httpSplit: 'benchXListHttp',
	};
	const workflows: WorkflowSpec[] = [];
	for (const variant of Object.keys(bodies) as ListingVariant[]) {
		workflows.push(
			chain(webhookIds[variant], `bench listing ${variant} (webhook)`, [
				webhook(paths[variant]),
				...bodies[variant](),
			]),
		);
		workflows.push(
			chain(manualIds[variant], `bench listing ${variant} (manual)`, [
				manualTrigger,
				...bodies[variant](),
			]),
		);
	}
	return { paths, webhookIds, manualIds, workflows };
}

// ----- scale curve ---------------------------------------------------------------------------------------------

export interface ScaleWorkflows {
	/** webhook path and workflow id per folder size */
	paths: Record<number, string>;
	ids: Record<number, string>;
	workflows: WorkflowSpec[];
}

/** File Storage → Folder → Get Contents, Return All, Simplify on (the defaults), one workflow per folder size. */
export function scaleWorkflows(
	folders: Array<{ items: number; folderId: string }>,
): ScaleWorkflows {
	const paths: Record<number, string> = {};
	const ids: Record<number, string> = {};
	const workflows = folders.map(({ items, folderId }) => {
		paths[items] = `bench-scale-${items}`;
		ids[items] = `benchScale${items}`;
		return chain(ids[items], `bench scale ${items}`, [
			webhook(paths[items]),
			fsListNode(folderId, true),
		]);
	});
	return { paths, ids, workflows };
}

// ----- batch operations --------------------------------------------------------------------------------------------

export type BatchVariant = 'fsRestore' | 'httpRestore' | 'fsDelete' | 'httpDelete';

export interface BatchWorkflows {
	paths: Record<BatchVariant, string>;
	ids: Record<BatchVariant, string>;
	/** the node whose execution time is measured */
	measuredNode: Record<BatchVariant, string>;
	workflows: WorkflowSpec[];
}

/**
 * Webhook (body `{ items: [{ id, type }, …] }`) → Split Out `body.items` (one item per target, untimed) → the
 * measured node: File Storage (batched, default Batch Size 100) or HTTP Request (one request per item).
 */
export function batchWorkflows(baseUrl: string, shareToken: string): BatchWorkflows {
	const fsRestore: NodeSpec = {
		name: NODE_NAMES.fileStorage,
		type: NODE_TYPE,
		typeVersion: 1,
		parameters: { resource: 'trash', operation: 'restore', toHome: false, options: {} },
		credentials: credentialRef(BENCH_CREDENTIALS.api),
	};
	const fsDelete: NodeSpec = {
		name: NODE_NAMES.fileStorage,
		type: NODE_TYPE,
		typeVersion: 1,
		parameters: {
			resource: 'sharedFolder',
			operation: 'deleteItems',
			permanent: false,
			options: {},
		},
		credentials: credentialRef(BENCH_CREDENTIALS.share),
	};
	const httpRestore: NodeSpec = {
		name: NODE_NAMES.httpRequest,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.5,
		parameters: {
			method: 'POST',
			url: `${baseUrl}/api/v1/trash/restore`,
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			sendBody: true,
			contentType: 'json',
			specifyBody: 'json',
			jsonBody:
				'={{ JSON.stringify({ to_home: false, items: [{ type: $json.type, id: $json.id }] }) }}',
			options: {},
		},
		credentials: credentialRef(BENCH_CREDENTIALS.header),
	};
	const httpDelete: NodeSpec = {
		name: NODE_NAMES.httpRequest,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.5,
		parameters: {
			method: 'DELETE',
			url: `${baseUrl}/api/v1/shares/${shareToken}/items`,
			sendBody: true,
			contentType: 'json',
			specifyBody: 'json',
			jsonBody:
				'={{ JSON.stringify({ items: [{ type: $json.type, id: $json.id, force_delete: false }] }) }}',
			options: {},
		},
	};
	const measured: Record<BatchVariant, NodeSpec> = { fsRestore, httpRestore, fsDelete, httpDelete };
	const paths = {
		fsRestore: 'bench-batch-fs-restore',
		httpRestore: 'bench-batch-http-restore',
		fsDelete: 'bench-batch-fs-delete',
		httpDelete: 'bench-batch-http-delete',
	};
	const ids = {
		fsRestore: 'benchBatchFsRestore',
		httpRestore: 'benchBatchHttpRestore',
		fsDelete: 'benchBatchFsDelete',
		httpDelete: 'benchBatchHttpDelete',
	};
	const workflows = (Object.keys(measured) as BatchVariant[]).map((variant) =>
		chain(ids[variant], `bench batch ${variant}`, [
			webhook(paths[variant]),
			splitOut(NODE_NAMES.splitInput, 'body.items'),
			measured[variant],
		]),
	);
	const measuredNode = {
		fsRestore: NODE_NAMES.fileStorage,
		httpRestore: NODE_NAMES.httpRequest,
		fsDelete: NODE_NAMES.fileStorage,
		httpDelete: NODE_NAMES.httpRequest,
	};
	return { paths, ids, measuredNode, workflows };
}
