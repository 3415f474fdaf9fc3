/* eslint-disable import-x/no-unresolved -- the MCP SDK's modules resolve through its package.json exports, which the lint's resolver does not read */
/** The node as AI tools behind n8n's MCP Server Trigger, the MCP SDK as the agent: `$fromAI` placeholders as the editor writes them. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import type { IDataObject } from 'n8n-workflow';

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
import { ids } from '../run-data';
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

/** Whether `property` shows for this `resource` (and `operation`). */
const shows = (property: ExportedProperty, resource: string, operation?: string) =>
	(property.displayOptions?.show?.resource ?? []).includes(resource) &&
	(!operation || (property.displayOptions?.show?.operation ?? []).includes(operation));

/** A value or the error `missing`. */
function found<T>(value: T | undefined, missing: string): T {
	if (value === undefined) throw new Error(missing);
	return value;
}

/** A parameter of one resource/operation of the loaded node type. */
const parameterOf = (type: ExportedNodeType, resource: string, operation: string, name: string) =>
	found(
		type.properties.find((p) => p.name === name && shows(p, resource, operation)),
		`${type.name} has no parameter "${name}" for ${resource} / ${operation}`,
	);

/** A field of a collection or of a fixed collection's entry. */
function fieldOf(parent: ExportedProperty, name: string): ExportedProperty {
	const options = (parent.options ?? []) as unknown as Array<
		ExportedProperty & { values?: ExportedProperty[] }
	>;
	const fields = options.flatMap((option) => option.values ?? [option]);
	return found(
		fields.find((field) => field.name === name),
		`${parent.name} has no field "${name}"`,
	);
}

/** The operation's action: n8n's automatic tool description. */
function actionOf(nodeType: ExportedNodeType, resource: string, operation: string): string {
	const operations = nodeType.properties.find((p) => p.name === 'operation' && shows(p, resource));
	return found(
		operations?.options?.find((o) => o.value === operation)?.action,
		`${nodeType.name} declares no action for ${resource} / ${operation}`,
	);
}

type FromAiType = 'string' | 'number' | 'boolean';

/** `={{ $fromAI(...) }}`, escaped as the editor does. */
function expression(p: { key: string; type: string; description: string }): string {
	const quoted = p.description.replace(/\\/g, '\\\\').replace(/`/g, '\\`');
	return `={{ $fromAI('${p.key}', \`${quoted}\`, '${p.type}') }}`;
}

type ToolSpec = ReturnType<typeof toolSpecs>[number];

/** Node name, resource, operation, what a model fills in (by parameter path), fixed parameters, credential (API). */
type Tool = [string, string, string, Record<string, FromAiType>, IDataObject, Credential?];
const [S, N] = ['string', 'number'] as const;
const TOOLS: Tool[] = [
	['File search', 'file', 'search', { folder: S, 'filters.nameContains': S, limit: N }, {}],
	[
		'Folder contents',
		'folder',
		'getContents',
		{ folder: S, limit: N, 'sort.rule.field': S, 'sort.rule.direction': S },
		{},
	],
	['Notifications', 'notification', 'getMany', { limit: N, unreadOnly: 'boolean' }, {}],
	['File download', 'file', 'download', { fileUrl: S }, { source: 'url' }],
	// nothing for a model to fill: a tool call carries no file, which is what the call shows
	['File upload', 'fileRequest', 'uploadFile', {}, {}, CREDENTIALS.request],
];

/** Each tool's parameters with `$fromAI` placeholders (a folder picker By ID). */
function toolSpecs(nodeType: ExportedNodeType) {
	return TOOLS.map(([nodeName, resource, operation, fill, fixed, credential = CREDENTIALS.api]) => {
		const parameters: IDataObject = { resource, operation, ...fixed };
		if (fill.limit) parameters.returnAll = false;
		const placeholders = Object.entries(fill).map(([at, type]) => {
			const names = at.split('.');
			const declared = parameterOf(nodeType, resource, operation, names[0]);
			const parameter = names.length > 1 ? fieldOf(declared, names[names.length - 1]) : declared;
			// as the editor names it: the display name, "_" for what a key cannot hold
			const key = parameter.displayName.replace(/[^a-zA-Z0-9_-]/g, '_');
			const placeholder = { key, type, description: parameter.description ?? '', parameter };
			let parent = parameters;
			for (const name of names.slice(0, -1)) parent = (parent[name] ??= {}) as IDataObject;
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
	const toolNode = ({ nodeName: name, parameters, credential }: ToolSpec, index: number) =>
		workflowNode({ name, type: TOOL_NODE_TYPE, parameters, credential }, [0, index * 200]);
	return {
		id: WORKFLOW_ID,
		name: 'e2e File Storage over MCP',
		nodes: [workflowNode(trigger, [400, 0]), ...tools.map(toolNode)],
		connections: Object.fromEntries(
			tools.map(({ nodeName }) => [
				nodeName,
				{ ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] },
			]),
		),
		settings: { executionOrder: 'v1' },
	};
}

type Items = Array<Record<string, unknown>>;

/** A tool call: whether it failed and its text; the whole answer is kept in `received`. */
async function callTool(name: string, args: Items[number]) {
	const result = (await client.callTool({ name, arguments: args })) as {
		isError?: boolean;
		content?: Array<{ type: string; text?: string }>;
	};
	const text = (result.content ?? [])
		.map((part) => (part.type === 'text' ? (part.text ?? '') : ''))
		.join('');
	received[`tool call #${Object.keys(received).length} ${name}`] = JSON.stringify(result);
	return { isError: result.isError === true, text };
}

/** A successful call's output items (n8n sends them as one JSON text). */
async function callForItems(name: string, args: Items[number]): Promise<Items> {
	const result = await callTool(name, args);
	if (result.isError) throw new Error(`tool ${name} failed: ${result.text}`);
	const items = JSON.parse(result.text) as unknown;
	if (!Array.isArray(items))
		throw new Error(`tool ${name} answered ${result.text.slice(0, 300)}, not a list of items`);
	return items as Items;
}

type Request = Sandbox['requests'][number];
/** The sandbox answered exactly these requests in this test: `METHOD path status`, then what `more` adds. */
const expectCalls = (expected: string[], more: (r: Request) => string = () => '') =>
	expect(sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}${more(r)}`)).toEqual(
		expected,
	);
const bearer = () => `Bearer ${sandbox.seed.users[0].accessToken}`;
const endpoint = () => new URL(`${n8n.baseUrl}/mcp/${MCP_PATH}`);

let tools: ToolSpec[];
let nodeType: ExportedNodeType;

export const mcpToolSuite: SharedSuite = {
	async prepare(given) {
		({ n8n, sandbox } = shared = given);
		secrets = seedSecrets(sandbox.seed);
		const loaded = (name: string) =>
			found(
				shared.nodeTypes.find((type) => type.name === name),
				`n8n ${n8n.install.version} does not load ${name}`,
			);
		[TOOL_NODE_TYPE, MCP_TRIGGER_TYPE].forEach(loaded);
		nodeType = loaded(NODE_TYPE) as unknown as ExportedNodeType;
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
		beforeEach(() => sandbox.clearRequests());

		test('the server lists the five tools with the automatic description and a schema of the placeholders', async () => {
			const listing = await client.listTools();
			received['tools/list'] = JSON.stringify(listing);
			const listed = [...listing.tools].sort((a, b) => a.name.localeCompare(b.name));
			const names = ['File_download', 'File_search', 'File_upload', 'Folder_contents'];
			expect(listed.map((tool) => tool.name)).toEqual([...names, 'Notifications']);
			for (const spec of tools) {
				const tool = listed.find((t) => t.name === spec.nodeName.replace(/ /g, '_'));
				// automatic description: the operation's action and the node's name
				expect(tool?.description).toBe(
					`${actionOf(nodeType, spec.resource, spec.operation)} in File Storage`,
				);
				// a schema of exactly the placeholders, each required
				const properties = Object.fromEntries(
					spec.placeholders.map(({ key, type, description }) => [key, { type, description }]),
				);
				expect(tool?.inputSchema).toEqual(expect.objectContaining({ type: 'object', properties }));
				const keys = spec.placeholders.map((p) => p.key).sort();
				expect([...(tool?.inputSchema.required ?? [])].sort()).toEqual(keys);
			}
		}, 60_000);

		test("the node's parameter descriptions tell an agent every value it may fill in", () => {
			const unfillable: string[] = [];
			for (const spec of tools) {
				for (const { key, description, parameter } of spec.placeholders) {
					const fails = (what: string) => unfillable.push(`${spec.nodeName} ${key}: ${what}`);
					if (description.trim().length < 10) fails('no description');
					// an options parameter: every accepted value must be named, quoted as it is sent
					for (const { value } of parameter.options ?? [])
						if (!description.includes(`"${String(value)}"`))
							fails(`does not name the value "${String(value)}"`);
					// a folder picker: By ID takes a UUID or the root's keyword
					const takesIds = /UUID/.test(description) && description.includes('"all"');
					if (parameter.type === 'resourceLocator' && !takesIds)
						fails('does not say it takes a folder UUID or "all"');
				}
			}
			expect(unfillable).toEqual([]);
		});

		test('Folder → Get Contents lists the root and a folder by ID exactly as the sandbox holds them', async () => {
			const root = `root:${sandbox.model.getUser(0).id}`;
			const list = (Folder: unknown, Limit: number, Sort_By: string, Order: string) =>
				callForItems('Folder_contents', { Folder, Limit, Sort_By, Order });
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
			const documentsId = String(documents?.id);
			const inside = await list(documentsId, 100, 'created_at', 'DESC');
			const insideExpected = sandbox.model.sortedChildren(documentsId, 'created_at', 'DESC');
			expect(insideExpected.length).toBeGreaterThan(0);
			expect(ids(inside)).toEqual(ids(insideExpected));
			expect(inside.every((item) => item.parentId === documentsId)).toBe(true);
			// the agent's arguments reached the API as the node's parameters
			expectCalls(
				[
					'GET /api/v1/browse/folders/all 200 name DESC',
					'GET /api/v1/browse/folders/all 200 name ASC',
					`GET /api/v1/browse/folders/${documentsId} 200 created_at DESC`,
				],
				(r) => ` ${String(r.query.sort)} ${String(r.query.direction)}`,
			);
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
			const all = sandbox.model.notificationsOf(0);
			const unread = all.filter((notification) => notification.readAt === null);
			expect(unread.length).toBeGreaterThan(1);
			expect(unread.length).toBeLessThan(all.length);
			const twoUnread = await callForItems('Notifications', { Limit: 2, Unread_Only: true });
			expect(ids(twoUnread)).toEqual(ids(unread.slice(0, 2)));
			expect(twoUnread.every((item) => item.read === false)).toBe(true);
			const everything = await callForItems('Notifications', { Limit: 100, Unread_Only: false });
			expect(everything.map((i) => [i.id, i.title])).toEqual(all.map((n) => [n.id, n.title]));
			expectCalls(Array(2).fill('GET /api/v1/notifications 200'));
		}, 60_000);

		test("File → Download gives an agent the file's name, type, size and URL, never its content", async () => {
			const notes = sandbox.model.itemAt(0, 'Documents/notes.txt') as FileRec;
			const fileUrl = `${sandbox.baseUrl}/file/${notes.basename}`;
			const items = await callForItems('File_download', { File_URL: fileUrl });
			// exactly the metadata: no binary field, no bytes of the file
			const { name, mimetype: mimeType, size } = notes;
			const note = expect.stringMatching(/not returned to an AI agent/);
			expect(items).toEqual([{ fileUrl, name, mimeType, size, content: 'file', note }]);
			// one request, with the credential (the URL is on the Base URL's server)
			expectCalls(
				[`GET /file/${notes.basename} 200 true`],
				(r) => ` ${r.authorization === bearer()}`,
			);
		}, 60_000);

		test('File Request → Upload File refuses a tool call, which carries no file, and says what to use instead', async () => {
			const result = await callTool('File_upload', {});
			expect(result.isError).toBe(true);
			expect(result.text).toMatch(
				/Input Binary Field: an AI agent or MCP client cannot hand files to this tool \[item 0\]/,
			);
			expect(result.text).toMatch(/Details: .*Upload From URL with a public address/);
			expectCalls([]);
		}, 60_000);

		test("a failed call is an MCP error carrying the node's message and how to fix it", async () => {
			const args = { Folder: UNKNOWN_FOLDER_ID, Limit: 5, Sort_By: 'name', Order: 'ASC' };
			const result = await callTool('Folder_contents', args);
			// n8n 2.x stores every tool call as a successful execution: the MCP result is where a failure shows
			expect(result.isError).toBe(true);
			expect(result.text).toMatch(/Not found \(HTTP 404\)/);
			expect(result.text).toMatch(
				/\n\nDetails: No folder with this ID in the account of this access token\. Pick the folder with "From List"/,
			);
			expectCalls([`GET /api/v1/browse/folders/${UNKNOWN_FOLDER_ID} 404`]);
		}, 60_000);

		test("no secret of the seed in any MCP answer (n8n's logs: e2e.test.ts)", () => {
			const toolCalls = Object.keys(received).filter((where) => where.startsWith('tool call'));
			expect(toolCalls.length).toBeGreaterThanOrEqual(6);
			expect(findLeaks(received, secrets)).toEqual([]);
		});
	});
}
