/**
 * Credentials, workflows (built by the e2e fixtures' `chain`) and sandbox contents of the benchmark. Every measured
 * workflow starts with a Webhook node answered when its last node finished, so one warm `n8n start` runs them all.
 */
import { NODE_TYPE } from '../e2e/checkout';
import type { CredentialSpec, WorkflowSpec } from '../e2e/cli';
import { chain, CREDENTIALS, sandboxCredentials, splitOut, webhook } from '../e2e/fixtures';
import type { Step } from '../e2e/fixtures';
import type { SeedInfo } from '../sandbox/seed';
import type { Sandbox } from '../sandbox/server';

/** The examples' credentials (e2e fixtures) and HTTP Request's: the header `Authorization: Bearer <token>`. */
const CREDENTIAL = {
	...CREDENTIALS,
	header: { id: 'benchHeader', name: 'Bench header', type: 'httpHeaderAuth' },
};
type Which = keyof typeof CREDENTIAL;

/** The sandbox's working credentials (e2e fixtures; the share's token `shareToken` if given) and the header. */
export function benchCredentials(
	baseUrl: string,
	seed: SeedInfo,
	shareToken?: string,
): CredentialSpec[] {
	const header = { name: 'Authorization', value: `Bearer ${seed.users[0].accessToken}` };
	return [
		...sandboxCredentials(baseUrl, seed).map((c) =>
			shareToken && c.type === CREDENTIAL.share.type ? { ...c, data: { baseUrl, shareToken } } : c,
		),
		{ ...CREDENTIAL.header, data: header },
	];
}

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
export const webhookWorkflow = (id: string, nodes: Step[]): BenchWorkflow => ({
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
): Step {
	const [resource, operation] = what.split(' ');
	return {
		name,
		type,
		typeVersion: 1,
		parameters: { resource, operation, ...parameters },
		credential: CREDENTIAL[which],
	};
}

const folder = (id: string) => ({ __rl: true, mode: 'id', value: id });

export const getContents = (folderId: string, simplify = true, type = NODE_TYPE): Step =>
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
export const httpRequest = (parameters: object, { auth = true, typeVersion = 4.5 } = {}): Step => ({
	name: 'HTTP Request',
	type: 'n8n-nodes-base.httpRequest',
	typeVersion,
	parameters: {
		...(auth ? { authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' } : {}),
		options: {},
		...parameters,
	},
	...(auth ? { credential: CREDENTIAL.header } : {}),
});

/** HTTP Request v4.5 with its cursor pagination (limit 500) then Split Out on `data`, as a user would build it. */
export const httpListing = (baseUrl: string, folderId: string): Step[] => [
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
export const perItem = (node: Step): Step[] => [splitOut(`${UNTIMED}Split`, 'body.items'), node];

/** Trash → Restore with its default mappings (File or Folder ID `{{ $json.id }}`). */
export const restore = (type = NODE_TYPE): Step =>
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
