/**
 * Credentials and workflows of the benchmark (and of the queue suite, test/queue/workflows.ts). Every measured
 * workflow starts with a Webhook node answered when its last node finished, so one warm `n8n start` runs them all.
 */
import * as crypto from 'node:crypto';

import { NODE_TYPE } from '../e2e/checkout';
import type { CredentialSpec, WorkflowSpec } from '../e2e/cli';
import type { BenchWorkflow } from './lib';

const CREDENTIALS = {
	api: { id: 'benchFsApi', name: 'Bench File Storage API', type: 'fileStorageApi' },
	share: { id: 'benchFsShare', name: 'Bench File Storage Share API', type: 'fileStorageShareApi' },
	request: {
		id: 'benchFsRequest',
		name: 'Bench File Storage File Request API',
		type: 'fileStorageFileRequestApi',
	},
	header: { id: 'benchHeaderAuth', name: 'Bench Header Auth (Bearer)', type: 'httpHeaderAuth' },
} as const;

export function benchCredentials(
	baseUrl: string,
	accessToken: string,
	shareToken = 'unused',
	fileRequestId = 'unused',
): CredentialSpec[] {
	return [
		{ ...CREDENTIALS.api, data: { baseUrl, accessToken } },
		{ ...CREDENTIALS.share, data: { baseUrl, shareToken } },
		{ ...CREDENTIALS.request, data: { baseUrl, fileRequestId } },
		{ ...CREDENTIALS.header, data: { name: 'Authorization', value: `Bearer ${accessToken}` } },
	];
}

export const credential = (which: keyof typeof CREDENTIALS) => ({
	[CREDENTIALS[which].type]: { id: CREDENTIALS[which].id, name: CREDENTIALS[which].name },
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

export function splitOut(name: string, field: string): NodeSpec {
	return {
		name,
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		parameters: { fieldToSplitOut: field, include: 'noOtherFields', options: {} },
	};
}

/** Webhook → the nodes; the webhook's path is the workflow's id (at most 21 characters: n8n's limit). */
export const webhookWorkflow = (id: string, nodes: NodeSpec[]): BenchWorkflow => ({
	id,
	path: id,
	spec: chain(id, `bench ${id}`, [webhook(id), ...nodes]),
});

/** A File Storage node on the user's credential (or the share's, or the file request's). */
export const fileStorage = (
	name: string,
	parameters: Record<string, unknown>,
	which: 'api' | 'share' | 'request' = 'api',
	type = NODE_TYPE,
): NodeSpec => ({ name, type, typeVersion: 1, parameters, credentials: credential(which) });

export const getContents = (folderId: string, simplify = true, type = NODE_TYPE): NodeSpec =>
	fileStorage(
		'File Storage',
		{
			resource: 'folder',
			operation: 'getContents',
			folder: { __rl: true, mode: 'id', value: folderId },
			returnAll: true,
			simplify,
			options: {},
		},
		'api',
		type,
	);

/** HTTP Request v4.5 with its cursor pagination (limit 500) then Split Out on `data`, as a user would build it. */
export const httpListing = (baseUrl: string, folderId: string): NodeSpec[] => [
	{
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.5,
		parameters: {
			method: 'GET',
			url: `${baseUrl}/api/v1/browse/folders/${folderId}`,
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
		credentials: credential('header'),
	},
	splitOut('Split Out', 'data'),
];
