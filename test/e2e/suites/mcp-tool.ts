/* eslint-disable import-x/no-unresolved -- the MCP SDK's modules resolve through its package.json exports, which the lint's resolver does not read */
/**
 * The node as AI tools behind n8n's MCP Server Trigger, the MCP SDK client as the agent. A model sees a tool's name,
 * description and schema: the `$fromAI` placeholders, written as the editor's button writes them with the node's
 * parameter descriptions, so the schema shows whether those tell an agent what to fill in.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { findLeaks } from '../../helpers/secret-leaks';
import type { FileRec } from '../../sandbox/model';
import type { Sandbox } from '../../sandbox/server';
import { NODE_TYPE, PACKAGE_NAME } from '../checkout';
import type { WorkflowSpec } from '../cli';
import { CREDENTIALS, seedSecrets, UNKNOWN_FILE_REQUEST_ID, workflowNode } from '../fixtures';
import type { Credential, Step } from '../fixtures';
import { selectedN8n } from '../n8n-versions';
import { waitFor } from '../processes';
import type { N8n } from '../rest-client';
import type { SharedN8n, SharedSuite } from '../shared-n8n';

const TOOL_NODE_TYPE = `${PACKAGE_NAME}.fileStorageTool`;
const MCP_TRIGGER_TYPE = '@n8n/n8n-nodes-langchain.mcpTrigger';
const MCP_PATH = 'file-storage-e2e';
const WORKFLOW_ID = 'e2eMcpTools';
const UNKNOWN_FOLDER_ID = UNKNOWN_FILE_REQUEST_ID;

let shared: SharedN8n;
let n8n: N8n;
let sandbox: Sandbox;
let client: Client;
let secrets: string[];
/** Everything the MCP server sent the client, for the secret check. */
const received: Record<string, string> = {};

interface ExportedProperty {
	name: string;
	displayName: string;
	type: string;
	description?: string;
	options?: Array<{ name: string; value: string | number | boolean; action?: string }>;
	displayOptions?: { show?: Record<string, unknown[]> };
}

interface ExportedNodeType {
	name: string;
	properties: ExportedProperty[];
}

/** A parameter of one resource/operation of the loaded node type. */
function parameterOf(
	nodeType: ExportedNodeType,
	resource: string,
	operation: string,
	name: string,
): ExportedProperty {
	const found = nodeType.properties.find(
		(p) =>
			p.name === name &&
			(p.displayOptions?.show?.resource ?? []).includes(resource) &&
			(p.displayOptions?.show?.operation ?? []).includes(operation),
	);
	if (!found)
		throw new Error(`${nodeType.name} has no parameter "${name}" for ${resource} / ${operation}`);
	return found;
}

/** A field of a collection or of a fixed collection's entry. */
function fieldOf(parent: ExportedProperty, name: string): ExportedProperty {
	const options = (parent.options ?? []) as unknown as Array<
		ExportedProperty & { values?: ExportedProperty[] }
	>;
	const found = options
		.flatMap((option) => option.values ?? [option])
		.find((field) => field.name === name);
	if (!found) throw new Error(`${parent.name} has no field "${name}"`);
	return found;
}

/** The operation's action: n8n's automatic tool description. */
function actionOf(nodeType: ExportedNodeType, resource: string, operation: string): string {
	const operations = nodeType.properties.find(
		(p) => p.name === 'operation' && (p.displayOptions?.show?.resource ?? []).includes(resource),
	);
	const action = operations?.options?.find((o) => o.value === operation)?.action;
	if (!action)
		throw new Error(`${nodeType.name} declares no action for ${resource} / ${operation}`);
	return action;
}

type FromAiType = 'string' | 'number' | 'boolean';

interface Placeholder {
	key: string;
	type: FromAiType;
	description: string;
	parameter: ExportedProperty;
}

/** `={{ $fromAI(...) }}`, escaped as the editor does. */
function expression(placeholder: Placeholder): string {
	const quoted = placeholder.description.replace(/\\/g, '\\\\').replace(/`/g, '\\`');
	return `={{ $fromAI('${placeholder.key}', \`${quoted}\`, '${placeholder.type}') }}`;
}

interface ToolSpec {
	nodeName: string;
	resource: string;
	operation: string;
	placeholders: Placeholder[];
	parameters: Record<string, unknown>;
	credential: Credential;
}

/** Node name, resource, operation, what a model fills in (by parameter path), fixed parameters, credential (API). */
type Tool = [
	string,
	string,
	string,
	Record<string, FromAiType>,
	Record<string, unknown>,
	Credential?,
];
const TOOLS: Tool[] = [
	[
		'File search',
		'file',
		'search',
		{ folder: 'string', 'filters.nameContains': 'string', limit: 'number' },
		{ returnAll: false },
	],
	[
		'Folder contents',
		'folder',
		'getContents',
		{
			folder: 'string',
			limit: 'number',
			'sort.rule.field': 'string',
			'sort.rule.direction': 'string',
		},
		{ returnAll: false },
	],
	[
		'Notifications',
		'notification',
		'getMany',
		{ limit: 'number', unreadOnly: 'boolean' },
		{ returnAll: false },
	],
	['File download', 'file', 'download', { fileUrl: 'string' }, { source: 'url' }],
	// nothing for a model to fill: a tool call carries no file, which is what the call shows
	['File upload', 'fileRequest', 'uploadFile', {}, {}, CREDENTIALS.request],
];

/** Each tool's parameters with `$fromAI` placeholders (a folder picker By ID). */
function toolSpecs(nodeType: ExportedNodeType): ToolSpec[] {
	return TOOLS.map(([nodeName, resource, operation, fill, fixed, credential = CREDENTIALS.api]) => {
		const parameters: Record<string, unknown> = { resource, operation, ...fixed };
		const placeholders = Object.entries(fill).map(([at, type]) => {
			const names = at.split('.');
			const declared = parameterOf(nodeType, resource, operation, names[0]);
			const parameter = names.length > 1 ? fieldOf(declared, names[names.length - 1]) : declared;
			// as the editor names it: the display name, "_" for what a key cannot hold
			const key = parameter.displayName.replace(/[^a-zA-Z0-9_-]/g, '_');
			const placeholder = { key, type, description: parameter.description ?? '', parameter };
			let parent = parameters;
			for (const name of names.slice(0, -1))
				parent = (parent[name] ??= {}) as Record<string, unknown>;
			parent[names[names.length - 1]] =
				parameter.type === 'resourceLocator'
					? { __rl: true, mode: 'id', value: expression(placeholder) }
					: expression(placeholder);
			return placeholder;
		});
		return { nodeName, resource, operation, placeholders, parameters, credential };
	});
}

/** MCP Server Trigger (v2: Streamable HTTP at /mcp/<path>) ← the tool nodes. */
function mcpWorkflow(tools: ToolSpec[]): WorkflowSpec {
	const trigger: Step = {
		name: 'MCP Server Trigger',
		type: MCP_TRIGGER_TYPE,
		typeVersion: 2,
		// production webhooks are registered under this id at activation
		webhookId: '5b2f3c5e-0a51-4b0f-9d7c-3a4c2b1e0f11',
		parameters: { path: MCP_PATH, authentication: 'none' },
	};
	const toolNode = ({ nodeName, parameters, credential }: ToolSpec, index: number) =>
		workflowNode({ name: nodeName, type: TOOL_NODE_TYPE, parameters, credential }, [
			0,
			index * 200,
		]);
	return {
		id: WORKFLOW_ID,
		name: 'e2e File Storage over MCP',
		nodes: [workflowNode(trigger, [400, 0]), ...tools.map(toolNode)],
		connections: Object.fromEntries(
			tools.map((tool) => [
				tool.nodeName,
				{ ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] },
			]),
		),
		settings: { executionOrder: 'v1' },
	};
}

let callCount = 0;

async function callTool(
	name: string,
	args: Record<string, unknown>,
): Promise<{ isError: boolean; text: string }> {
	const result = (await client.callTool({ name, arguments: args })) as {
		isError?: boolean;
		content?: Array<{ type: string; text?: string }>;
	};
	const text = (result.content ?? [])
		.map((part) => (part.type === 'text' ? (part.text ?? '') : ''))
		.join('');
	received[`tool call #${++callCount} ${name}`] = JSON.stringify(result);
	return { isError: result.isError === true, text };
}

/** A successful call's output items (n8n sends them as one JSON text). */
async function callForItems(
	name: string,
	args: Record<string, unknown>,
): Promise<Array<Record<string, unknown>>> {
	const result = await callTool(name, args);
	if (result.isError) throw new Error(`tool ${name} failed: ${result.text}`);
	const items = JSON.parse(result.text) as unknown;
	if (!Array.isArray(items))
		throw new Error(`tool ${name} answered ${result.text.slice(0, 300)}, not a list of items`);
	return items as Array<Record<string, unknown>>;
}

const ids = (items: Array<{ id?: unknown }>) => items.map((item) => String(item.id));
const calls = (r: Sandbox['requests'][number]) => `${r.method} ${r.path} ${r.status}`;
const bearer = () => `Bearer ${sandbox.seed.users[0].accessToken}`;
const endpoint = () => new URL(`${n8n.baseUrl}/mcp/${MCP_PATH}`);

let tools: ToolSpec[];
let nodeType: ExportedNodeType;

export const mcpToolSuite: SharedSuite = {
	async prepare(given) {
		({ n8n, sandbox } = shared = given);
		secrets = seedSecrets(sandbox.seed);
		const names = shared.nodeTypes.map((type) => type.name);
		for (const needed of [TOOL_NODE_TYPE, MCP_TRIGGER_TYPE]) {
			if (!names.includes(needed))
				throw new Error(`n8n ${n8n.install.version} does not load ${needed}`);
		}
		nodeType = shared.nodeTypes.find(
			(type) => type.name === NODE_TYPE,
		) as unknown as ExportedNodeType;
		tools = toolSpecs(nodeType);
		return { workflows: [mcpWorkflow(tools)] };
	},
	tests,
};

function tests(): void {
	describe(`File Storage as MCP tools in n8n ${selectedN8n().version}`, () => {
		beforeAll(async () => {
			sandbox.reset();
			await shared.watch.time('MCP workflow activated, its endpoint registered', async () => {
				await n8n.activate(WORKFLOW_ID);
				// active workflows register their webhooks a moment after activation: 404 until then
				await waitFor('the MCP Server Trigger to register its endpoint', async () => {
					const probe = await fetch(endpoint(), { method: 'DELETE' });
					await probe.body?.cancel();
					return probe.status !== 404;
				});
			});
			client = new Client({ name: 'n8n-nodes-file-storage-e2e', version: '1.0.0' });
			await client.connect(new StreamableHTTPClientTransport(endpoint()));
		}, 180_000);
		afterAll(async () => {
			await client?.close();
			await n8n.deactivate(WORKFLOW_ID);
		});

		test('the server lists the five tools with the automatic description and a schema of the placeholders', async () => {
			const listing = await client.listTools();
			received['tools/list'] = JSON.stringify(listing);
			const listed = [...listing.tools].sort((a, b) => a.name.localeCompare(b.name));
			expect(listed.map((tool) => tool.name)).toEqual([
				'File_download',
				'File_search',
				'File_upload',
				'Folder_contents',
				'Notifications',
			]);
			for (const spec of tools) {
				const tool = listed.find((t) => t.name === spec.nodeName.replace(/ /g, '_'));
				// automatic description: the operation's action and the node's name
				expect(tool?.description).toBe(
					`${actionOf(nodeType, spec.resource, spec.operation)} in File Storage`,
				);
				const schema = tool?.inputSchema as {
					type: string;
					properties: Record<string, { type?: string; description?: string }>;
					required?: string[];
				};
				expect(schema.type).toBe('object');
				expect(Object.keys(schema.properties).sort()).toEqual(
					spec.placeholders.map((p) => p.key).sort(),
				);
				expect([...(schema.required ?? [])].sort()).toEqual(
					spec.placeholders.map((p) => p.key).sort(),
				);
				for (const placeholder of spec.placeholders) {
					expect(schema.properties[placeholder.key]).toEqual({
						type: placeholder.type,
						description: placeholder.description,
					});
				}
			}
		}, 60_000);

		test("the node's parameter descriptions tell an agent every value it may fill in", () => {
			const unfillable: string[] = [];
			for (const spec of tools) {
				for (const { key, description, parameter } of spec.placeholders) {
					if (description.trim().length < 10)
						unfillable.push(`${spec.nodeName} ${key}: no description`);
					// an options parameter: every accepted value must be named, quoted as it is sent
					for (const option of parameter.options ?? []) {
						if (!description.includes(`"${String(option.value)}"`)) {
							unfillable.push(
								`${spec.nodeName} ${key}: does not name the value "${String(option.value)}"`,
							);
						}
					}
					// a folder picker: By ID takes a UUID or the root's keyword
					if (
						parameter.type === 'resourceLocator' &&
						!(/UUID/.test(description) && description.includes('"all"'))
					) {
						unfillable.push(
							`${spec.nodeName} ${key}: does not say it takes a folder UUID or "all"`,
						);
					}
				}
			}
			expect(unfillable).toEqual([]);
		});

		test('Folder → Get Contents lists the root and a folder by ID exactly as the sandbox holds them', async () => {
			const root = `root:${sandbox.model.getUser(0).id}`;
			const list = (Folder: unknown, Limit: number, Sort_By: string, Order: string) =>
				callForItems('Folder_contents', { Folder, Limit, Sort_By, Order });
			sandbox.clearRequests();
			const all = await list('all', 100, 'name', 'DESC');
			const allExpected = [...sandbox.model.activeChildren(root, 'name')].reverse();
			expect(allExpected.length).toBeGreaterThan(2);
			expect(allExpected.length).toBeLessThan(100);
			expect(all.map((i) => [i.id, i.name])).toEqual(allExpected.map((i) => [i.id, i.name]));
			// the shared folder is listed as shared, never with its token
			expect(all.find((item) => item.id === sandbox.seed.shares[0].folderId)?.shared).toBe(true);
			const firstTwo = await list('all', 2, 'name', 'ASC');
			expect(ids(firstTwo)).toEqual(ids(sandbox.model.activeChildren(root, 'name').slice(0, 2)));
			// an ID an agent took from the first answer
			const documents = all.find((item) => item.name === 'Documents');
			expect(documents?.type).toBe('folder');
			const inside = await list(documents?.id, 100, 'created_at', 'DESC');
			const insideExpected = sandbox.model.sortedChildren(
				String(documents?.id),
				'created_at',
				'DESC',
			);
			expect(insideExpected.length).toBeGreaterThan(0);
			expect(ids(inside)).toEqual(ids(insideExpected));
			expect(inside.every((item) => item.parentId === documents?.id)).toBe(true);
			// the agent's arguments reached the API as the node's parameters
			expect(
				sandbox.requests.map(
					(r) => `${calls(r)} ${String(r.query.sort)} ${String(r.query.direction)}`,
				),
			).toEqual([
				'GET /api/v1/browse/folders/all 200 name DESC',
				'GET /api/v1/browse/folders/all 200 name ASC',
				`GET /api/v1/browse/folders/${String(documents?.id)} 200 created_at DESC`,
			]);
			expect(sandbox.requests.every((r) => r.authorization === bearer())).toBe(true);
		}, 60_000);

		test('File → Search finds files by name anywhere in the account, breadth first, with their folder paths', async () => {
			// The oracle: the account's tree walked level by level, each folder by name A to Z.
			const expected: Array<{ id: string; folderPath: string }> = [];
			const queue = [{ scope: `root:${sandbox.model.getUser(0).id}`, path: '' }];
			for (let folder = queue.shift(); folder; folder = queue.shift()) {
				for (const item of sandbox.model.sortedChildren(folder.scope, 'name', 'ASC')) {
					if (item.name.toLowerCase().includes('invoice'))
						expected.push({ id: item.id, folderPath: folder.path || '/' });
					if (item.type === 'folder')
						queue.push({ scope: item.id, path: `${folder.path}/${item.name}` });
				}
			}
			expect(expected.length).toBeGreaterThan(2);
			const search = async (Name_Contains: string, Limit: number) =>
				(await callForItems('File_search', { Folder: 'all', Name_Contains, Limit })).map(
					(item) => ({ id: item.id, folderPath: item.folderPath }),
				);
			expect(await search('Invoice', 2)).toEqual(expected.slice(0, 2));
			expect(await search('invoice', 100)).toEqual(expected);
		}, 60_000);

		test('Notification → Get Many returns the unread ones, or all, newest first', async () => {
			sandbox.clearRequests();
			const all = sandbox.model.notificationsOf(0);
			const unread = all.filter((notification) => notification.readAt === null);
			expect(unread.length).toBeGreaterThan(1);
			expect(unread.length).toBeLessThan(all.length);
			const twoUnread = await callForItems('Notifications', { Limit: 2, Unread_Only: true });
			expect(ids(twoUnread)).toEqual(ids(unread.slice(0, 2)));
			expect(twoUnread.every((item) => item.read === false)).toBe(true);
			const everything = await callForItems('Notifications', { Limit: 100, Unread_Only: false });
			expect(everything.map((i) => [i.id, i.title])).toEqual(all.map((n) => [n.id, n.title]));
			expect(sandbox.requests.map(calls)).toEqual(Array(2).fill('GET /api/v1/notifications 200'));
		}, 60_000);

		test("File → Download gives an agent the file's name, type, size and URL, never its content", async () => {
			const notes = sandbox.model.itemAt(0, 'Documents/notes.txt') as FileRec;
			const fileUrl = `${sandbox.baseUrl}/file/${notes.basename}`;
			sandbox.clearRequests();
			const items = await callForItems('File_download', { File_URL: fileUrl });
			// exactly the metadata: no binary field, no bytes of the file
			expect(items).toEqual([
				{
					fileUrl,
					name: notes.name,
					mimeType: notes.mimetype,
					size: notes.size,
					content: 'file',
					note: expect.stringMatching(/not returned to an AI agent/),
				},
			]);
			// one request, with the credential (the URL is on the Base URL's server)
			expect(sandbox.requests.map((r) => `${calls(r)} ${r.authorization === bearer()}`)).toEqual([
				`GET /file/${notes.basename} 200 true`,
			]);
		}, 60_000);

		test('File Request → Upload File refuses a tool call, which carries no file, and says what to use instead', async () => {
			sandbox.clearRequests();
			const result = await callTool('File_upload', {});
			expect(result.isError).toBe(true);
			expect(result.text).toMatch(
				/Input Binary Field: an AI agent or MCP client cannot hand files to this tool \[item 0\]/,
			);
			expect(result.text).toMatch(/Details: .*Upload From URL with a public address/);
			expect(sandbox.requests).toEqual([]);
		}, 60_000);

		test("a failed call is an MCP error carrying the node's message and how to fix it", async () => {
			sandbox.clearRequests();
			const result = await callTool('Folder_contents', {
				Folder: UNKNOWN_FOLDER_ID,
				Limit: 5,
				Sort_By: 'name',
				Order: 'ASC',
			});
			// n8n 2.x stores every tool call as a successful execution: the MCP result is where a failure shows
			expect(result.isError).toBe(true);
			expect(result.text).toMatch(/Not found \(HTTP 404\)/);
			expect(result.text).toMatch(
				/\n\nDetails: No folder with this ID in the account of this access token\. Pick the folder with "From List"/,
			);
			expect(sandbox.requests.map(calls)).toEqual([
				`GET /api/v1/browse/folders/${UNKNOWN_FOLDER_ID} 404`,
			]);
		}, 60_000);

		test("no secret of the seed in any MCP answer (n8n's logs: e2e.test.ts)", () => {
			expect(
				Object.keys(received).filter((where) => where.startsWith('tool call')).length,
			).toBeGreaterThanOrEqual(6);
			expect(findLeaks(received, secrets)).toEqual([]);
		});
	});
}
