/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Runs this package's nodes through n8n-core's real execution engine (WorkflowExecute, PollContext) with credentials
 * applied by the credential types' own `authenticate`. No n8n app: see docs/development.md, "Layout".
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';

// n8n-core writes its instance settings under N8N_USER_FOLDER when first loaded: keep that out of $HOME.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'fs-harness-'));
// The engine logs every node error; the tests assert on them instead.
process.env.N8N_LOG_LEVEL ??= 'silent';

import {
	BinaryDataConfig,
	BinaryDataService,
	ExecutionLifecycleHooks,
	FileTooLargeError,
	LoadOptionsContext,
	PollContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	IBinaryData,
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IExecuteData,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData, ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { FileStorageApi } from '../../credentials/FileStorageApi.credentials';
import { FileStorageFileRequestApi } from '../../credentials/FileStorageFileRequestApi.credentials';
import { FileStorageShareApi } from '../../credentials/FileStorageShareApi.credentials';
import { FileStorage } from '../../nodes/FileStorage/FileStorage.node';
import { FileStorageTrigger } from '../../nodes/FileStorageTrigger/FileStorageTrigger.node';
import { listenLocally } from '../helpers/file-server';

const PACKAGE = 'n8n-nodes-file-storage';
export const NODE_TYPE = `${PACKAGE}.fileStorage`;
export const TRIGGER_TYPE = `${PACKAGE}.fileStorageTrigger`;
/** The variant n8n derives for AI agents from a `usableAsTool` node: the same node under a `…Tool` type. */
export const TOOL_TYPE = `${PACKAGE}.fileStorageTool`;

const credentialTypes: Record<string, ICredentialType> = Object.fromEntries(
	[new FileStorageApi(), new FileStorageShareApi(), new FileStorageFileRequestApi()].map((type) => [
		type.name,
		type,
	]),
);

const registeredNodeTypes: Record<string, INodeType | IVersionedNodeType> = {
	[NODE_TYPE]: new FileStorage(),
	[TRIGGER_TYPE]: new FileStorageTrigger(),
	[TOOL_TYPE]: new FileStorage(),
};

const nodeTypes: INodeTypes = {
	getByName: (name) => {
		const type = registeredNodeTypes[name];
		if (!type) throw new Error(`Unknown node type ${name}`);
		return type;
	},
	getByNameAndVersion: (name, version) =>
		NodeHelpers.getVersionedNodeType(nodeTypes.getByName(name), version),
	getKnownTypes: () => ({}),
};
const versioned = (type: string) => NodeHelpers.getVersionedNodeType(nodeTypes.getByName(type), 1);

const notUsed = async (): Promise<never> => {
	throw new Error('not used by the harness');
};

/** Test credentials by type, as n8n would decrypt them. */
export type CredentialSet = Partial<Record<string, ICredentialDataDecryptedObject>>;

class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly credentials: CredentialSet) {
		super();
	}

	getParentTypes = (): string[] => [];
	isCredentialUsableByNode = () => true;
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes[typeName];
		const options = requestOptions as IHttpRequestOptions;
		if (!type?.authenticate) return options;
		if (typeof type.authenticate === 'function')
			return await type.authenticate(credentials, options);
		// Generic auth: resolve each `={{ $credentials.x }}` value and merge it in, as n8n does.
		const resolve = (value: unknown) =>
			typeof value === 'string' && value.startsWith('=') && workflow && node
				? workflow.expression.getSimpleParameterValue(node, value, 'internal', {
						$credentials: credentials,
					} as IDataObject)
				: value;
		const merged: IHttpRequestOptions = { ...options };
		for (const [target, values] of Object.entries(type.authenticate.properties)) {
			const key = target as 'headers' | 'qs' | 'body';
			const resolved: IDataObject = { ...((merged[key] as IDataObject) ?? {}) };
			for (const [name, value] of Object.entries(values as IDataObject)) {
				resolved[String(resolve(name))] = resolve(value) as IDataObject[string];
			}
			(merged as unknown as IDataObject)[key] = resolved;
		}
		return merged;
	}

	preAuthentication = async () => undefined;
	runPreAuthentication = async () => undefined;
	getCredentials = async (): Promise<ICredentials> => await notUsed();

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const found = this.credentials[type];
		if (!found) throw new Error(`No test credentials of type ${type}`);
		return { ...found };
	}

	updateCredentials = async () => {};
	updateCredentialsOauthTokenData = async () => {};
	getCredentialsProperties = (type: string): INodeProperties[] =>
		credentialTypes[type]?.properties ?? [];
}

function additionalDataFor(
	credentials: CredentialSet,
	restApiUrl = 'http://127.0.0.1:5678/rest',
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new TestCredentialsHelper(credentials),
		executeWorkflow: notUsed,
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl,
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		userId: 'harness-user',
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** n8n ignores references of types a node does not display; `ids` picks another stored credential of a type. */
function credentialRefs(
	credentials: CredentialSet,
	ids: Partial<Record<string, string>> = {},
): INode['credentials'] {
	return Object.fromEntries(
		Object.keys(credentials).map((type) => [
			type,
			{ id: ids[type] ?? `${type}-id`, name: `${type} (test)` },
		]),
	);
}

/** A node of this package, with a credential reference for every type we have test data for. */
const nodeOf = (
	node: Pick<INode, 'id' | 'name' | 'type' | 'parameters'> & Partial<INode>,
	credentials: CredentialSet,
	ids?: Partial<Record<string, string>>,
): INode => ({
	typeVersion: 1,
	position: [0, 0],
	credentials: credentialRefs(credentials, ids),
	...node,
});

export interface WorkflowNodeSpec {
	name: string;
	type?: string;
	parameters: INodeParameters;
	/** Settings → On Error: "Continue" (regular output) or "Continue (using error output)". */
	continueOnFail?: boolean | 'errorOutput';
}

export interface RunOptions {
	credentials: CredentialSet;
	/** Items fed to the first node. Default: one empty item, as a Manual Trigger gives. */
	input?: IDataObject[];
	/** Where n8n's REST API is, as signed binary links name it (see `startSignedBinaryServer`). */
	restApiUrl?: string;
}

export interface RunResult {
	run: IRun;
	/** Output items (main output 0) of each node that ran, by node name. */
	outputs: Record<string, INodeExecutionData[]>;
	/** Items of the error output (main output 1), for nodes set to "Continue (using error output)". */
	errorOutputs: Record<string, INodeExecutionData[]>;
	/** The error that stopped the run, if any. */
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
}

let executionCounter = 0;

/** Runs a chain of nodes (each feeding the next) through WorkflowExecute, starting at the first one. */
export async function runChain(chain: WorkflowNodeSpec[], options: RunOptions): Promise<RunResult> {
	const nodes = chain.map(({ name, type = NODE_TYPE, parameters, continueOnFail }, index) => {
		const node: INode = nodeOf(
			{ id: `node-${index}`, name, type, parameters },
			options.credentials,
		);
		node.position = [index * 200, 0];
		if (continueOnFail)
			node.onError =
				continueOnFail === 'errorOutput' ? 'continueErrorOutput' : 'continueRegularOutput';
		return node;
	});
	const connections: Workflow['connectionsBySourceNode'] = {};
	for (let index = 0; index + 1 < nodes.length; index++) {
		connections[nodes[index].name] = {
			main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]],
		};
	}
	const workflow = new Workflow({
		id: 'harness',
		name: 'harness',
		nodes,
		connections,
		nodeTypes,
		active: false,
		settings: { executionOrder: 'v1' },
	});
	const executionId = `harness-${++executionCounter}`;
	const additionalData = additionalDataFor(options.credentials, options.restApiUrl);
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		id: workflow.id,
		name: workflow.name,
		nodes,
		connections,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		settings: {},
	} as unknown as ConstructorParameters<typeof ExecutionLifecycleHooks>[2]);
	let finished: IRun | undefined;
	hooks.addHandler('workflowExecuteAfter', (run) => {
		finished = run;
	});
	(additionalData as unknown as { hooks: ExecutionLifecycleHooks }).hooks = hooks;
	additionalData.executionId = executionId;

	const input = (options.input ?? [{}]).map((json) => ({ json }));
	const startData: IExecuteData = { node: nodes[0], data: { main: [input] }, source: null };
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [startData] },
	});
	const execute = new WorkflowExecute(
		additionalData,
		'manual' as WorkflowExecuteMode,
		runExecutionData,
	);
	const run = (await execute.processRunExecutionData(workflow)) ?? finished;
	if (!run) throw new Error('The engine returned no run data');
	const outputs: Record<string, INodeExecutionData[]> = {};
	const errorOutputs: Record<string, INodeExecutionData[]> = {};
	for (const [name, tasks] of Object.entries(run.data.resultData.runData)) {
		const last = tasks[tasks.length - 1];
		outputs[name] = last?.data?.main?.[0] ?? [];
		errorOutputs[name] = last?.data?.main?.[1] ?? [];
	}
	return { run, outputs, errorOutputs, error: run.data.resultData.error as RunResult['error'] };
}

/** Runs one File Storage node with the given parameters. */
export async function runNode(
	parameters: INodeParameters,
	options: RunOptions & { continueOnFail?: WorkflowNodeSpec['continueOnFail'] },
): Promise<RunResult & { items: INodeExecutionData[]; errorItems: INodeExecutionData[] }> {
	const result = await runChain(
		[{ name: 'File Storage', parameters, continueOnFail: options.continueOnFail }],
		options,
	);
	return {
		...result,
		items: result.outputs['File Storage'] ?? [],
		errorItems: result.errorOutputs['File Storage'] ?? [],
	};
}

/** Calls a node's `methods.listSearch` method through n8n-core's LoadOptionsContext, as the editor does. */
export async function searchList(
	method: string,
	parameters: INodeParameters,
	credentials: CredentialSet,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const node = nodeOf(
		{ id: 'search', name: 'File Storage', type: NODE_TYPE, parameters },
		credentials,
	);
	const workflow = new Workflow({
		id: 'harness-search',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
	});
	const ctx = new LoadOptionsContext(
		workflow,
		node,
		additionalDataFor(credentials),
		'parameters.folder',
	);
	const search = versioned(NODE_TYPE).methods?.listSearch?.[method];
	if (!search) throw new Error(`No listSearch method ${method}`);
	return await search.call(ctx, filter, paginationToken);
}

/** The binary data service n8n-core's helpers use: n8n-core resolves its own copy of @n8n/di, so ask that one. */
async function coreContainer(): Promise<{ get<T>(type: new (...args: never[]) => T): T }> {
	const diPath = require.resolve('@n8n/di', { paths: [dirname(require.resolve('n8n-core'))] });
	return ((await import(diPath)) as { Container: { get<T>(type: new (...args: never[]) => T): T } })
		.Container;
}

const binaryDataService = async () => (await coreContainer()).get(BinaryDataService);

/** Every file under the filesystem binary data folder (temporary files included): to see what a run left there. */
export async function storedBinaryFiles(): Promise<string[]> {
	const root = (await coreContainer()).get(BinaryDataConfig).localStoragePath;
	if (!existsSync(root)) return [];
	return readdirSync(root, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name))
		.sort();
}

let filesystemReady = false;

/**
 * Where `prepareBinaryData` stores files: `filesystem` (n8n's default for one main process) under N8N_USER_FOLDER;
 * `memory` base64 in the items (the service's private mode `default`, also an uninitialised service's).
 */
export async function useBinaryDataMode(mode: 'filesystem' | 'memory'): Promise<void> {
	const service = await binaryDataService();
	if (mode === 'filesystem' && !filesystemReady) {
		await service.init();
		filesystemReady = true;
	}
	(service as unknown as { mode: string }).mode =
		mode === 'filesystem' ? 'filesystem-v2' : 'default';
}

/**
 * n8n's `database` binary data mode (queue mode's default), redone after n8n 2.41's DatabaseManager (in `n8n`, not
 * n8n-core): the whole file is read, then refused with FileTooLargeError over `maxFileSizeMb`
 * (N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE). Returns the rows (fileId → bytes); ids read `database:<fileId>`.
 */
export async function useDatabaseBinaryMode(maxFileSizeMb: number): Promise<Map<string, Buffer>> {
	const service = await binaryDataService();
	const rows = new Map<string, Buffer>();
	const meta = new Map<string, { fileName?: string; mimeType?: string }>();
	const read = async (data: Buffer | NodeJS.ReadableStream): Promise<Buffer> => {
		if (Buffer.isBuffer(data)) return data;
		const chunks: Buffer[] = [];
		for await (const chunk of data) chunks.push(Buffer.from(chunk as Buffer));
		return Buffer.concat(chunks);
	};
	service.setManager('database', {
		init: async () => undefined,
		store: async (
			_location: unknown,
			data: Buffer | NodeJS.ReadableStream,
			metadata: { fileName?: string; mimeType?: string },
		) => {
			const buffer = await read(data);
			const fileId = randomUUID();
			const fileSizeMb = buffer.length / 1024 ** 2;
			if (fileSizeMb > maxFileSizeMb)
				throw new FileTooLargeError({
					fileSizeMb,
					maxFileSizeMb,
					fileId,
					fileName: metadata.fileName,
				});
			rows.set(fileId, buffer);
			meta.set(fileId, metadata);
			return { fileId, fileSize: buffer.length };
		},
		getPath: (fileId: string) => `database://${fileId}`,
		getAsBuffer: async (fileId: string) => rows.get(fileId)!,
		getAsStream: async (fileId: string) => Readable.from(rows.get(fileId)!),
		getMetadata: async (fileId: string) => ({
			...meta.get(fileId),
			fileSize: rows.get(fileId)?.length ?? 0,
		}),
		deleteMany: async () => undefined,
		deleteManyByFileId: async (ids: string[]) => ids.forEach((id) => rows.delete(id)),
		copyByFileId: notUsed,
		copyByFilePath: notUsed,
		rename: async () => undefined,
	} as unknown as Parameters<BinaryDataService['setManager']>[1]);
	(service as unknown as { mode: string }).mode = 'database';
	return rows;
}

/** SHA-256 (hex) of a stored binary, read as a stream (large files stay out of memory). */
export async function binarySha256(binary: IBinaryData): Promise<string> {
	const hash = createHash('sha256');
	if (!binary.id) return hash.update(Buffer.from(binary.data, 'base64')).digest('hex');
	const service = await binaryDataService();
	for await (const chunk of await service.getAsStream(binary.id)) hash.update(chunk as Buffer);
	return hash.digest('hex');
}

/**
 * n8n 2.x's route for signed binary links (`GET <rest>/binary-data/signed?token=…`, no login): the token checked, the
 * file streamed with its type, length and percent-encoded name. Runs given its `restApiUrl` sign links to it.
 */
export async function startSignedBinaryServer(): Promise<{
	restApiUrl: string;
	hits: string[];
	/** names of files whose links answer 404: the server cannot fetch them */
	gone: string[];
	close(): Promise<void>;
}> {
	const service = await binaryDataService();
	const hits: string[] = [];
	const gone: string[] = [];
	const server = createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://n8n.local');
		hits.push(url.pathname + url.search);
		const fileName = url.searchParams.get('filename') ?? '';
		if (
			url.pathname !== '/rest/binary-data/signed' ||
			gone.some((name) => fileName.endsWith(name))
		) {
			res.writeHead(404).end();
			return;
		}
		void (async () => {
			let id: string;
			try {
				id = service.validateSignedToken(url.searchParams.get('token') ?? '');
			} catch (error) {
				res.writeHead(400).end((error as Error).message);
				return;
			}
			const metadata = await service.getMetadata(id);
			res.writeHead(200, {
				'Content-Type': metadata.mimeType ?? 'application/octet-stream',
				'Content-Length': metadata.fileSize,
				'Content-Disposition': metadata.fileName
					? `attachment; filename="${encodeURIComponent(metadata.fileName)}"`
					: 'attachment',
			});
			(await service.getAsStream(id)).pipe(res);
		})().catch(() => res.destroy());
	});
	const { url, close } = await listenLocally(server);
	return { restApiUrl: `${url}/rest`, hits, gone, close };
}

export interface PollerOptions {
	credentials: CredentialSet;
	parameters: INodeParameters;
	type?: string;
	/** Static data as n8n would have stored it (JSON). */
	staticData?: IDataObject;
	pollBudgetMs?: number;
	/** n8n ids of the credentials, by type (default: one fixed id per type). */
	credentialIds?: Partial<Record<string, string>>;
	/** Default: one per Poller; two Pollers of one id model one trigger whose polls saw different static data. */
	workflowId?: string;
}

let pollerWorkflows = 0;

export interface PollOutcome {
	items: INodeExecutionData[] | null;
	error?: Error & { httpCode?: string | null };
}

/**
 * A trigger node activated in a workflow. `poll()` stages static data like n8n-core 2.36+: each poll works on its own
 * copy, committed when the poll returns and changed it, discarded when it throws.
 */
export class Poller {
	readonly workflow: Workflow;
	readonly node: INode;
	private readonly nodeType: INodeType;
	private readonly additionalData: IWorkflowExecuteAdditionalData;
	private committed: IDataObject;
	/** What the last poll left in its staged static data (for asserting that manual mode leaves it alone). */
	lastStaged: IDataObject = {};

	constructor(private readonly options: PollerOptions) {
		const { type = TRIGGER_TYPE, parameters } = options;
		const node = { id: 'trigger', name: 'File Storage Trigger', type, parameters };
		this.node = nodeOf(node, options.credentials, options.credentialIds);
		this.workflow = new Workflow({
			id: options.workflowId ?? `harness-trigger-${++pollerWorkflows}`,
			nodes: [this.node],
			connections: {},
			nodeTypes,
			active: true,
		});
		this.nodeType = versioned(this.node.type);
		this.additionalData = additionalDataFor(options.credentials);
		this.committed = JSON.parse(JSON.stringify(options.staticData ?? {}));
	}

	/** The committed static data, serialised to JSON and back as n8n's database would. */
	get staticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.committed));
	}

	async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<PollOutcome> {
		const startedWith = JSON.stringify(this.committed);
		const staged: IDataObject = JSON.parse(startedWith);
		const ctx = new PollContext(
			this.workflow,
			this.node,
			this.additionalData,
			mode,
			'activate',
			() => {},
			() => {},
			async () => {},
			async (poll) => await poll(),
			() => staged,
			this.options.pollBudgetMs === undefined
				? undefined
				: () => this.options.pollBudgetMs as number,
		);
		this.lastStaged = staged;
		try {
			const result = await this.nodeType.poll!.call(ctx);
			// n8n commits only a changed copy: a poll that left it alone keeps what another poll committed meanwhile
			if (mode === 'trigger' && JSON.stringify(staged) !== startedWith)
				this.committed = JSON.parse(JSON.stringify(staged));
			return { items: result ? result[0] : null };
		} catch (error) {
			return { items: null, error: error as PollOutcome['error'] };
		}
	}
}
