/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * The core of the real-n8n suite, on the shared n8n (e2e.test.ts): the packed package loaded and imported with the
 * CLI, then every endpoint run as the editor's "Execute workflow" runs it (`POST /rest/workflows/<id>/run`, the
 * saved execution read back) against the sandbox, the examples, credential tests and polling triggers.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { startFileServer } from '../../helpers/file-server';
import type { FileServer } from '../../helpers/file-server';
import { byId } from '../../helpers/parameters';
import { findLeaks } from '../../helpers/secret-leaks';
import type { Sandbox } from '../../sandbox/server';
import { CREDENTIAL_TYPES, NODE_TYPE, TRIGGER_NODE_TYPE } from '../checkout';
import type { WorkflowSpec } from '../cli';
import {
	activeFileRequestId,
	allTestCredentials,
	BAD_CREDENTIALS,
	CREDENTIALS,
	editorShareToken,
	EXAMPLES,
	EXAMPLES_DIR,
	loadExample,
	manualWorkflow,
	POLL_EVERY_10_SECONDS,
	seedSecrets,
	triggerWorkflow,
	WRONG_ACCESS_TOKEN,
} from '../fixtures';
import type { Credential, FolderTriggerEvent, TriggerEvent } from '../fixtures';
import { freePort } from '../processes';
import type { ExecuteResult, N8n } from '../rest-client';
import type { SharedN8n, SharedSuite } from '../shared-n8n';
import * as triggers from '../triggers';
import { nodeOutput } from '../run-data';
import type { RunData } from '../run-data';

const NODE = 'File Storage';
/** What the sandbox downloads for "upload from URL" and for the file request upload of the trigger tests. */
const REMOTE_FILES = {
	'/e2e-report.pdf': {
		type: 'application/pdf',
		body: Buffer.from('%PDF-1.4\n% e2e report\n'.repeat(40)),
	},
	'/e2e-photo.png': { type: 'image/png', body: Buffer.alloc(2_345, 7) },
	'/e2e-request-upload.pdf': {
		type: 'application/pdf',
		body: Buffer.from('%PDF-1.4\n% uploaded through the file request\n'),
	},
};
let shared: SharedN8n;
let n8n: N8n;
let sandbox: Sandbox;
let files: FileServer;
let secrets: string[];

// ----- helpers -----------------------------------------------------------------------------------------------------

/** No secret of the seed in `text`, in any form (raw, trimmed, URL-encoded, JSON-escaped). */
function expectNoSecrets(text: string, where: string): void {
	expect(findLeaks({ [where]: text }, secrets)).toEqual([]);
}

/** What n8n answered and logged of a run, and its saved run data. */
function expectNoSecretsInRun(result: ExecuteResult, what: string): void {
	expectNoSecrets(result.output, `output of ${what}`);
	expectNoSecrets(JSON.stringify(result.run ?? null), `run data of ${what}`);
}

/** A successful manual run: a saved execution with status success, its run data, no secret in anything of it. */
async function executeOk(workflowId: string): Promise<ExecuteResult> {
	sandbox.clearRequests();
	const result = await n8n.execute(workflowId);
	if (result.code !== 0 || !result.run || result.run.data.resultData.error) {
		const error = result.run?.data.resultData.error;
		throw new Error(
			`workflow ${workflowId} failed (execution ${result.executionId}: ${result.status}): ${error?.message ?? 'no run data'} ${error?.description ?? ''}\nlogs: ${result.logFile}`,
		);
	}
	expect([result.status, result.mode]).toEqual(['success', 'manual']);
	expectNoSecretsInRun(result, `workflow ${workflowId}`);
	return result;
}

/** A failed manual run, as `n8n execute` exiting 1 showed it: the saved execution failed. */
function expectFailedRun(result: ExecuteResult): void {
	expect(result.code).toBe(1);
	expect([result.status, result.mode]).toEqual(['error', 'manual']);
}

function ids(items: Array<Record<string, unknown>>): string[] {
	return items.map((item) => String(item.id));
}

// ids of at most 16 characters (n8n 1.x drops static data of longer ones)
const ALERT_WORKFLOW = 'e2eErrorAlert';
const OFFSET_TRIGGER = 'e2eTrigOffset';
const FAILING_TRIGGER = 'e2eTrigFails';

/**
 * A New Upload trigger whose Settings → Error workflow is an alert workflow (Error Trigger → No Operation), as
 * the README tells users to set it up.
 */
function pollFailureWorkflows(): WorkflowSpec[] {
	const watched = triggerWorkflow(FAILING_TRIGGER, 'upload', POLL_EVERY_10_SECONDS);
	const alert: WorkflowSpec = {
		id: ALERT_WORKFLOW,
		name: 'e2e alert on failed polls',
		nodes: [
			{
				id: 'e2e-alert-trigger',
				name: 'Error Trigger',
				type: 'n8n-nodes-base.errorTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'e2e-alert-sink',
				name: 'Alert',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { 'Error Trigger': { main: [[{ node: 'Alert', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
	const offset = {
		...triggerWorkflow(OFFSET_TRIGGER, 'upload'),
		name: 'e2e trigger on an offset-cursor server',
	};
	return [
		alert,
		{
			...watched,
			name: 'e2e trigger with an error workflow',
			settings: { ...watched.settings, errorWorkflow: ALERT_WORKFLOW },
		},
		offset,
	];
}

/**
 * A nested tree for Search and New File in Folder: Accounting/ · Accounting/2026/ · Accounting/2026/Invoices/, an
 * invoice at each level and a report beside them.
 */
function accountingTree(model: Sandbox['model']) {
	const accounting = model.addFolder(0, { name: 'Accounting' });
	const year = model.addFolder(0, { name: '2026', parentId: accounting.id });
	const invoices = model.addFolder(0, { name: 'Invoices', parentId: year.id });
	const file = (folderId: string, name: string) =>
		model.addFile(0, { folderId, name, size: 10_000 }).id;
	return {
		accounting: accounting.id,
		year: year.id,
		invoices: invoices.id,
		found: [
			{ id: file(accounting.id, 'invoice-summary.pdf'), folderPath: '/' },
			{ id: file(year.id, 'invoice-2026.pdf'), folderPath: '/2026' },
			{ id: file(invoices.id, 'invoice-001.pdf'), folderPath: '/2026/Invoices' },
		],
		other: file(year.id, 'report.docx'),
	};
}
let tree: ReturnType<typeof accountingTree>;

/** A UUID that names nothing in the sandbox. */
const MISSING_ID = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';

/** What users read of the example "restore watched items": its sticky notes, then examples/README.md. */
function restoreNotes(): string[] {
	const sticky = loadExample(EXAMPLES.restoreNightly)
		.nodes.map((node) => String((node.parameters as { content?: string }).content ?? ''))
		.join('\n');
	return [sticky, fs.readFileSync(path.join(EXAMPLES_DIR, 'README.md'), 'utf8')];
}

/** A File Storage API credential with the sandbox's token whose Base URL is a port where nothing listens. */
const NO_SERVER_CREDENTIAL = {
	id: 'fsAccessNoServer',
	name: 'File Storage API (no server at the Base URL)',
	type: 'fileStorageApi',
};

/** NO_SERVER_CREDENTIAL with its data, to import: the Base URL a free port of 127.0.0.1. */
async function credentialWithoutServer() {
	return {
		...NO_SERVER_CREDENTIAL,
		data: {
			baseUrl: `http://127.0.0.1:${await freePort()}`,
			accessToken: sandbox.seed.users[0].accessToken,
		},
	};
}

/** The example "restore watched items" with its File Storage nodes on another credential. */
const RESTORE_WITH: Record<string, { id: string; name: string; type: string }> = {
	'fs-ex-restore-token': BAD_CREDENTIALS.apiWrongToken,
	'fs-ex-restore-url': NO_SERVER_CREDENTIAL,
};

function restoreWith(workflowId: string): WorkflowSpec {
	const credential = RESTORE_WITH[workflowId];
	const workflow = loadExample(EXAMPLES.restoreNightly);
	return {
		...workflow,
		id: workflowId,
		name: `${workflow.name} (${credential.name})`,
		nodes: workflow.nodes.map((node) =>
			node.type === NODE_TYPE
				? {
						...node,
						credentials: {
							[credential.type]: { id: credential.id, name: credential.name },
						},
					}
				: node,
		),
	};
}

function userId(): string {
	return sandbox.model.getUser(0).id;
}

function requestFolderId(): string {
	const seedRequest = sandbox.seed.fileRequests.find((r) => r.active);
	if (!seedRequest) throw new Error('no active file request in the seed');
	return seedRequest.folderId;
}

/** Which items exist and which are in the trash: compared before/after side-effect-free calls. */
function stateSnapshot(): string {
	return JSON.stringify(
		[...sandbox.model.items.values()]
			.map((item) => [item.id, item.deletedAt?.toISOString() ?? null])
			.sort(),
	);
}

// ----- workflows ---------------------------------------------------------------------------------------------------

const { api, share: shareCred, request: requestCred } = CREDENTIALS;
const rootLocator = {
	__rl: true,
	mode: 'list',
	value: 'root',
	cachedResultName: 'File Request Root',
};

/** Filled in prepare, once the sandbox (and its ids) exist. */
const WF: Record<string, WorkflowSpec> = {};

/**
 * One Manual Trigger → File Storage workflow per key: its id, the node's parameters, its credential, and whether
 * Settings → On Error → Continue (using error output) is set (for an operation, a batch and Download).
 */
function endpointWorkflows(): Record<string, WorkflowSpec> {
	const itemAt = (itemPath: string) => sandbox.model.itemAt(0, itemPath).id;
	const specs: Record<string, [string, Record<string, unknown>, Credential, 'errorOutput'?]> = {
		folderGetContents: [
			'e2eFolderContents',
			{
				resource: 'folder',
				operation: 'getContents',
				folder: byId('all'),
				returnAll: true,
				sort: { rule: { field: 'name', direction: 'ASC' } },
			},
			api,
		],
		fileSearch: [
			'e2eFileSearch',
			{
				resource: 'file',
				operation: 'search',
				folder: byId(tree.accounting),
				filters: { nameContains: 'invoice', extensions: 'pdf' },
				returnAll: true,
			},
			api,
		],
		fileRecentUploads: [
			'e2eRecentUploads',
			{ resource: 'file', operation: 'getRecentUploads', limit: 5 },
			api,
		],
		trashRestore: [
			'e2eTrashRestore',
			{
				resource: 'trash',
				operation: 'restore',
				itemType: 'file',
				itemId: itemAt('Documents/notes.txt'),
				toHome: false,
			},
			api,
		],
		sharedCreateFolder: [
			'e2eShareCreateFolder',
			{
				resource: 'sharedFolder',
				operation: 'createFolder',
				name: 'Created by n8n e2e',
				parent: '',
			},
			shareCred,
		],
		sharedDeleteItems: [
			'e2eShareDelete',
			{
				resource: 'sharedFolder',
				operation: 'deleteItems',
				itemType: 'file',
				itemId: itemAt('Shared with Clients/pricing.xlsx'),
				permanent: false,
			},
			shareCred,
		],
		requestGetContents: [
			'e2eRequestContents',
			{ resource: 'fileRequest', operation: 'getContents', parent: rootLocator, returnAll: true },
			requestCred,
		],
		requestDeleteItems: [
			'e2eRequestDelete',
			{
				resource: 'fileRequest',
				operation: 'deleteItems',
				itemType: 'file',
				itemId: itemAt('Client Uploads/signed-form.pdf'),
				permanent: true,
			},
			requestCred,
		],
		requestUploadFromUrl: [
			'e2eRequestUpload',
			{
				resource: 'fileRequest',
				operation: 'uploadFromUrl',
				urls: `${files.url}/e2e-report.pdf\n${files.url}/e2e-photo.png`,
				parent: rootLocator,
			},
			requestCred,
		],
		notifications: [
			'e2eNotifications',
			{ resource: 'notification', operation: 'getMany', returnAll: true, unreadOnly: true },
			api,
		],
		errWrongToken: [
			'e2eErrWrongToken',
			{ resource: 'folder', operation: 'getContents', folder: byId('all'), limit: 5 },
			BAD_CREDENTIALS.apiWrongToken,
		],
		errOutListing: [
			'e2eErrOutListing',
			{ resource: 'folder', operation: 'getContents', folder: byId(MISSING_ID), limit: 5 },
			api,
			'errorOutput',
		],
		errOutRestore: [
			'e2eErrOutRestore',
			{
				resource: 'trash',
				operation: 'restore',
				itemType: 'file',
				itemId: MISSING_ID,
				toHome: false,
			},
			api,
			'errorOutput',
		],
		errOutDownload: [
			'e2eErrOutDownload',
			{ resource: 'file', operation: 'download', source: 'url', fileUrl: '/file/not-there.txt' },
			api,
			'errorOutput',
		],
		errExpiredRequest: [
			'e2eErrExpiredRequest',
			{ resource: 'fileRequest', operation: 'getContents', parent: rootLocator, returnAll: true },
			BAD_CREDENTIALS.requestExpired,
		],
	};
	return Object.fromEntries(
		Object.entries(specs).map(([key, [id, parameters, credential, errorOutput]]) => {
			const workflow = manualWorkflow(id, `e2e ${key}`, NODE, parameters, credential);
			// nodes[1]: the File Storage node
			if (errorOutput) workflow.nodes[1].onError = 'continueErrorOutput';
			return [key, workflow];
		}),
	);
}

// trigger workflows' ids: at most 16 characters (n8n 1.x drops static data of longer ones; n8n-versions.ts)
const TRIGGER_EVENTS: Array<{ event: TriggerEvent; id: string }> = [
	{ event: 'notification', id: 'e2eTrigNotif' },
	{ event: 'upload', id: 'e2eTrigUpload' },
	{ event: 'fileRequestItem', id: 'e2eTrigReqItem' },
];
const FOLDER_TRIGGER = 'e2eTrigFolder';

// ----- the suite ---------------------------------------------------------------------------------------------------

export const coreSuite: SharedSuite = {
	async prepare(given) {
		({ n8n, sandbox } = shared = given);
		tree = accountingTree(sandbox.model);
		secrets = seedSecrets(sandbox.seed);
		files = await startFileServer(REMOTE_FILES);
		Object.assign(WF, endpointWorkflows());
		const triggers = TRIGGER_EVENTS.map((t) => triggerWorkflow(t.id, t.event));
		triggers.push(
			triggerWorkflow(FOLDER_TRIGGER, 'folderFile', undefined, {
				folder: byId(tree.accounting),
			}),
		);
		return {
			credentials: [
				...allTestCredentials(sandbox.baseUrl, sandbox.seed),
				await credentialWithoutServer(),
			],
			workflows: [
				...Object.values(WF),
				...Object.values(EXAMPLES).map(loadExample),
				...triggers,
				...pollFailureWorkflows(),
				...Object.keys(RESTORE_WITH).map(restoreWith),
			],
		};
	},
	tests,
	stop: async () => await files?.close(),
};

function tests(): void {
	// ----- the package in n8n ------------------------------------------------------------------------------------------

	describe('n8n loads the packed package', () => {
		test('export:nodes lists the node (and the trigger) with the three credential types', () => {
			const names = shared.nodeTypes.map((n) => n.name);
			expect(names).toContain(NODE_TYPE);
			expect(names).toContain(TRIGGER_NODE_TYPE);
			const node = shared.nodeTypes.find((n) => n.name === NODE_TYPE);
			expect((node?.credentials ?? []).map((c) => c.name).sort()).toEqual(
				[...CREDENTIAL_TYPES].sort(),
			);
			// node types come from the installed tarball, not from this checkout
			expect(
				fs.existsSync(
					path.join(n8n.userFolder, '.n8n/nodes/node_modules/n8n-nodes-file-storage/dist'),
				),
			).toBe(true);
		});

		test('credentials of all three types and the workflows imported with the CLI are listed by the started n8n', async () => {
			const listed = await n8n.api<{ data: Array<{ id: string }> }>('GET', '/workflows?limit=250');
			expect(listed.status).toBe(200);
			const listedIds = listed.body.data.map((workflow) => workflow.id);
			for (const workflow of Object.values(WF)) expect(listedIds).toContain(workflow.id);
			for (const id of Object.keys(RESTORE_WITH)) expect(listedIds).toContain(id);
		}, 60_000);
	});

	// ----- every endpoint, run as the editor runs a workflow --------------------------------------------------------------

	describe('manual runs: one workflow per endpoint', () => {
		test('folder / getContents lists the root by name, share tokens masked', async () => {
			const { run } = await executeOk(WF.folderGetContents.id);
			const items = nodeOutput(run, NODE);
			const expected = sandbox.model.activeChildren(`root:${userId()}`, 'name');
			expect(items.map((i) => i.name)).toEqual(expected.map((i) => i.name));
			expect(ids(items)).toEqual(expected.map((i) => i.id));
			const shared = items.find((i) => i.id === sandbox.seed.shares[0].folderId);
			// Simplify says whether a folder is shared; the permission is in the raw output
			expect(shared?.shared).toBe(true);
			expect(JSON.stringify(items)).not.toContain(editorShareToken(sandbox.seed));
			const calls = sandbox.requests.filter((r) => r.path.startsWith('/api/v1/browse/folders/'));
			expect(calls.length).toBe(1);
			expect(calls[0]).toMatchObject({
				method: 'GET',
				path: '/api/v1/browse/folders/all',
				status: 200,
				authorization: `Bearer ${sandbox.seed.users[0].accessToken}`,
			});
			expect(calls[0].query).toMatchObject({ sort: 'name', direction: 'ASC' });
		}, 120_000);

		test('file / getRecentUploads returns the five newest files with one request', async () => {
			const { run } = await executeOk(WF.fileRecentUploads.id);
			const expected = [...sandbox.model.activeFiles(0, 'created_at')].reverse().slice(0, 5);
			const items = nodeOutput(run, NODE);
			expect(ids(items)).toEqual(expected.map((i) => i.id));
			expect(items.every((i) => i.type === 'file' && typeof i.size === 'number')).toBe(true);
			expect(sandbox.requests.map((r) => `${r.method} ${r.path} ${r.query.limit}`)).toEqual([
				'GET /api/v1/browse/latest 5',
			]);
		}, 120_000);

		test('file / search finds the invoices at every level of a folder, each with its folder path, one request per folder', async () => {
			const { run } = await executeOk(WF.fileSearch.id);
			const items = nodeOutput(run, NODE);
			expect(items.map((item) => ({ id: item.id, folderPath: item.folderPath }))).toEqual(
				tree.found,
			);
			const listed = sandbox.requests
				.filter((r) => r.path.startsWith('/api/v1/browse/folders/'))
				.map((r) => r.path);
			expect(listed.sort()).toEqual(
				[tree.accounting, tree.year, tree.invoices]
					.map((id) => `/api/v1/browse/folders/${id}`)
					.sort(),
			);
		}, 120_000);

		test('trash / restore brings a trashed file back to its folder', async () => {
			const file = sandbox.model.itemAt(0, 'Documents/notes.txt');
			sandbox.model.trashItem(file.id);
			expect(sandbox.model.findItem(file.id)?.deletedAt).not.toBeNull();
			const { run } = await executeOk(WF.trashRestore.id);
			expect(nodeOutput(run, NODE)).toEqual([
				expect.objectContaining({ id: file.id, type: 'file', restored: true, toHome: false }),
			]);
			expect(sandbox.model.findItem(file.id)?.deletedAt).toBeNull();
			expect(sandbox.model.findItem(file.id)?.parentId).toBe(
				sandbox.model.itemAt(0, 'Documents').id,
			);
			expect(sandbox.requests).toEqual([
				expect.objectContaining({
					method: 'POST',
					path: '/api/v1/trash/restore',
					status: 200,
					body: { items: [{ id: file.id, type: 'file' }], to_home: false },
				}),
			]);
		}, 120_000);

		test('sharedFolder / createFolder creates a folder at the top of the share', async () => {
			const shareFolderId = sandbox.seed.shares.find(
				(s) => s.token === editorShareToken(sandbox.seed),
			)?.folderId;
			const { run } = await executeOk(WF.sharedCreateFolder.id);
			const created = sandbox.model.findItemByPath(0, 'Shared with Clients/Created by n8n e2e');
			expect(created?.type).toBe('folder');
			expect(created?.parentId).toBe(shareFolderId);
			expect(nodeOutput(run, NODE)).toEqual([
				expect.objectContaining({
					id: created?.id,
					name: 'Created by n8n e2e',
					type: 'folder',
					parentId: shareFolderId,
				}),
			]);
			expect(sandbox.requests).toEqual([
				expect.objectContaining({
					method: 'POST',
					path: `/api/v1/shares/${editorShareToken(sandbox.seed)}/items`,
					body: { name: 'Created by n8n e2e' },
					status: 201,
				}),
			]);
			expect(sandbox.requests[0].authorization).toBeUndefined();
		}, 120_000);

		test('sharedFolder / deleteItems moves a file of the share to the trash', async () => {
			const file = sandbox.model.itemAt(0, 'Shared with Clients/pricing.xlsx');
			const { run } = await executeOk(WF.sharedDeleteItems.id);
			expect(nodeOutput(run, NODE)).toEqual([
				expect.objectContaining({ id: file.id, type: 'file', deleted: true, permanent: false }),
			]);
			expect(sandbox.model.findItem(file.id)?.deletedAt).not.toBeNull();
			expect(sandbox.requests).toEqual([
				expect.objectContaining({
					method: 'DELETE',
					body: { items: [{ id: file.id, type: 'file', force_delete: false }] },
					status: 200,
				}),
			]);
		}, 120_000);

		test('fileRequest / getContents lists the request root', async () => {
			const { run } = await executeOk(WF.requestGetContents.id);
			const expected = sandbox.model.sortedChildren(requestFolderId(), 'created_at', 'DESC');
			expect(expected.length).toBeGreaterThan(1);
			expect(ids(nodeOutput(run, NODE))).toEqual(expected.map((i) => i.id));
			expect(sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
				`GET /api/v1/requests/${activeFileRequestId(sandbox.seed)}/items 200`,
			]);
		}, 120_000);

		test('fileRequest / deleteItems deletes a received file permanently', async () => {
			const file = sandbox.model.itemAt(0, 'Client Uploads/signed-form.pdf');
			const { run } = await executeOk(WF.requestDeleteItems.id);
			expect(nodeOutput(run, NODE)).toEqual([
				expect.objectContaining({ id: file.id, type: 'file', deleted: true, permanent: true }),
			]);
			expect(sandbox.model.findItem(file.id)).toBeUndefined();
			expect(sandbox.requests).toEqual([
				expect.objectContaining({
					method: 'DELETE',
					path: `/api/v1/requests/${activeFileRequestId(sandbox.seed)}/items`,
					body: { items: [{ id: file.id, type: 'file', force_delete: true }] },
				}),
			]);
		}, 120_000);

		test('fileRequest / uploadFromUrl has the server download two files', async () => {
			files.hits.length = 0;
			const { run } = await executeOk(WF.requestUploadFromUrl.id);
			const urls = [`${files.url}/e2e-report.pdf`, `${files.url}/e2e-photo.png`];
			expect(nodeOutput(run, NODE)).toEqual([
				expect.objectContaining({
					urls,
					parentId: null,
					status: 'uploaded',
					uploaded: true,
					queued: false,
				}),
			]);
			expect(sandbox.requests).toEqual([
				expect.objectContaining({ method: 'POST', body: { parent_id: null, urls }, status: 201 }),
			]);
			expect(files.hits.sort()).toEqual(['/e2e-photo.png', '/e2e-report.pdf']);
			for (const name of ['e2e-report.pdf', 'e2e-photo.png']) {
				const stored = sandbox.model.findItemByPath(0, `Client Uploads/${name}`);
				expect(stored?.type).toBe('file');
				expect(stored && 'size' in stored ? stored.size : undefined).toBe(
					files.files[`/${name}`].body.length,
				);
			}
		}, 120_000);

		test('notification / getMany returns the unread notifications, newest first', async () => {
			const { run } = await executeOk(WF.notifications.id);
			const expected = sandbox.model.notificationsOf(0).filter((n) => n.readAt === null);
			expect(expected.length).toBeGreaterThan(0);
			const items = nodeOutput(run, NODE);
			expect(ids(items)).toEqual(expected.map((n) => n.id));
			expect(items.map((i) => i.title)).toEqual(expected.map((n) => n.title));
			expect(sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
				'GET /api/v1/notifications 200',
			]);
		}, 120_000);

		test('a refused access token fails readably, without any secret in run data or logs', async () => {
			sandbox.clearRequests();
			const result = await n8n.execute(WF.errWrongToken.id);
			expectFailedRun(result);
			const error = result.run?.data.resultData.error;
			expect(typeof error?.message).toBe('string');
			expect(error?.message).toMatch(/401|token|authori/i);
			expect(error?.message).not.toMatch(/\[object Object\]/);
			expect(String(error?.description ?? '')).toMatch(/\w{4,}/);
			expect(result.run?.data.resultData.lastNodeExecuted).toBe(NODE);
			expect(result.output).not.toContain(WRONG_ACCESS_TOKEN);
			expectNoSecretsInRun(result, 'the failed run');
			const calls = sandbox.requests.filter(
				(r) => r.authorization === `Bearer ${WRONG_ACCESS_TOKEN}`,
			);
			expect(calls.length).toBeGreaterThanOrEqual(1);
			expect(calls.every((r) => r.status === 401)).toBe(true);
		}, 120_000);

		test.each([
			['a listing', 'errOutListing', 404],
			['a batch Restore', 'errOutRestore', undefined],
			['Download', 'errOutDownload', 404],
		])(
			'with Continue (using error output), %s that fails puts one readable item on the error output',
			async (_what, key, status) => {
				sandbox.clearRequests();
				const result = await n8n.execute(WF[key].id);
				expect(result.code).toBe(0);
				expect(result.status).toBe('success');
				expect(result.run?.data.resultData.error).toBeUndefined();
				expect(nodeOutput(result.run, NODE, 0)).toEqual([]);
				const failed = nodeOutput(result.run, NODE, 1);
				expect(failed).toEqual([
					{ error: { message: expect.any(String), description: expect.any(String) } },
				]);
				const { message, description } = failed[0].error as IDataObject;
				expect(String(message)).not.toMatch(/\[object Object\]/);
				expect(String(description).length).toBeGreaterThan(20);
				expectNoSecretsInRun(result, `the run of ${key}`);
				expect(sandbox.requests.length).toBeGreaterThanOrEqual(1);
				if (status) expect(sandbox.requests.map((r) => r.status)).toContain(status);
			},
			120_000,
		);

		test('an expired file request (id in the URL) fails readably, without the id in run data or logs', async () => {
			sandbox.clearRequests();
			const result = await n8n.execute(WF.errExpiredRequest.id);
			expectFailedRun(result);
			const error = result.run?.data.resultData.error;
			expect(error?.message).toMatch(/410|not active|expired/i);
			expect(String(error?.description ?? '')).toMatch(/\w{4,}/);
			expectNoSecretsInRun(result, 'the failed run');
			expect(sandbox.requests.map((r) => r.status)).toContain(410);
		}, 120_000);
	});

	// ----- the examples ------------------------------------------------------------------------------------------------

	// The examples' placeholders are filled with the sandbox's IDs by loadExample, as the demo imports them.
	describe('examples/ run as shipped', () => {
		test('"restore watched items" restores the trashed ones and reports the rest, as its notes quote', async () => {
			const workflow = loadExample(EXAMPLES.restoreNightly);
			const oldStuff = sandbox.model.itemAt(0, 'Old Stuff');
			const oldDraft = sandbox.model.itemAt(0, 'Documents/old-draft.docx');
			const documents = sandbox.model.itemAt(0, 'Documents');
			expect([oldStuff.deletedAt, oldDraft.deletedAt].every((d) => d !== null)).toBe(true);
			const { run } = await executeOk(workflow.id);
			expect(ids(nodeOutput(run, 'Restored')).sort()).toEqual([oldStuff.id, oldDraft.id].sort());
			// Documents was not in the trash: declined by the server, reported, and the run stays green
			const notInTrash = nodeOutput(run, 'Not in the trash');
			expect(notInTrash).toEqual([
				expect.objectContaining({
					id: documents.id,
					error: {
						message: "The server declined the request: The requested entry wasn't found.",
						description: expect.stringMatching(/must be in the trash of this account/),
					},
				}),
			]);
			expect(run?.data.resultData.runData['Fail the run']).toBeUndefined();
			// the notes quote what the node says
			// the notes quote the beginnings the example recognises, not the server's words
			for (const notes of restoreNotes())
				for (const start of ['The server declined the request', 'Not found (HTTP 404)'])
					expect(notes).toContain(`\`${start}\``);
			expect(sandbox.model.findItem(oldStuff.id)?.deletedAt).toBeNull();
			expect(sandbox.model.findItem(oldDraft.id)?.deletedAt).toBeNull();
			expect(sandbox.model.itemAt(0, 'Old Stuff/old-1.txt').deletedAt).toBeNull();
			expect(sandbox.model.findItem(documents.id)?.deletedAt).toBeNull();
			expect(sandbox.countRequests({ method: 'POST', path: '/api/v1/trash/restore' })).toBe(3);
		}, 120_000);

		// A server that says "not in the trash" in other words, or with a 404, is recognised all the same: the example
		// reads what the API guarantees (the item declined), not the test server's sentence.
		test.each([
			['a 404', { status: 404, body: { message: 'No such entry' } }, /^Not found \(HTTP 404\)/],
			[
				'an error answer in other words',
				{ status: 200, body: { type: 'error', message: 'Entry missing from the bin' } },
				/^The server declined the request: Entry missing from the bin/,
			],
		])(
			'"restore watched items" on a server that answers %s reports the items as not in the trash',
			async (_what, answer, says) => {
				const workflow = loadExample(EXAMPLES.restoreNightly);
				sandbox.fault({ path: '/api/v1/trash/restore', times: Infinity, ...answer });
				try {
					const { run } = await executeOk(workflow.id);
					const notInTrash = nodeOutput(run, 'Not in the trash');
					expect(notInTrash).toHaveLength(3);
					for (const item of notInTrash)
						expect(String((item.error as IDataObject).message)).toMatch(says);
					expect(run?.data.resultData.runData['Fail the run']).toBeUndefined();
				} finally {
					sandbox.clearFaults();
				}
			},
			120_000,
		);

		// What the node says on its error output, and what the failed run says: Stop and Error's message is n8n's own
		// wording when it names a connection code (n8n-workflow rewrites every error message that contains one).
		test.each([
			[
				'a refused access token',
				'fs-ex-restore-token',
				'The access token was refused (HTTP 401)',
				'The access token was refused (HTTP 401)',
			],
			[
				'a Base URL where no server listens',
				'fs-ex-restore-url',
				'Could not reach the File Storage server (ECONNREFUSED)',
				'The service refused the connection - perhaps it is offline',
			],
		])(
			'"restore watched items" with %s fails the run as its notes say, restoring nothing',
			async (_what, workflowId, nodeSays, runFailsWith) => {
				// imported with the others (restoreWith) before n8n started
				expect(Object.keys(RESTORE_WITH)).toContain(workflowId);
				const oldDraft = sandbox.model.itemAt(0, 'Documents/old-draft.docx');
				sandbox.model.trashItem(oldDraft.id);
				try {
					sandbox.clearRequests();
					const result = await n8n.execute(workflowId);
					// a failed execution, not a green run
					expectFailedRun(result);
					const error = result.run?.data.resultData.error;
					expect(String(error?.message).slice(0, runFailsWith.length)).toBe(runFailsWith);
					expect(String(error?.description)).toMatch(
						/paste a valid access token|Check the Base URL/,
					);
					const failed = nodeOutput(result.run, 'Restore from trash', 1);
					expect(
						failed.map((item) =>
							String((item.error as IDataObject).message).slice(0, nodeSays.length),
						),
					).toEqual([nodeSays, nodeSays, nodeSays]);
					for (const notes of restoreNotes())
						for (const quote of [nodeSays, runFailsWith]) expect(notes).toContain(`\`${quote}\``);
					expect(result.run?.data.resultData.lastNodeExecuted).toBe('Fail the run');
					expect(nodeOutput(result.run, 'Restored')).toEqual([]);
					expect(result.run?.data.resultData.runData['Not in the trash']).toBeUndefined();
					expectNoSecretsInRun(result, `workflow ${workflowId}`);
					expect(sandbox.model.findItem(oldDraft.id)?.deletedAt).not.toBeNull();
					// the sandbox refused every request of the wrong token; the other Base URL reached nothing
					expect([...new Set(sandbox.requests.map((r) => r.status))]).toEqual(
						workflowId === 'fs-ex-restore-token' ? [401] : [],
					);
				} finally {
					sandbox.model.restoreItem(oldDraft.id);
				}
			},
			120_000,
		);

		test('"clean a file request" deletes only files older than 30 days', async () => {
			const workflow = loadExample(EXAMPLES.cleanFileRequest);
			const day = 86_400_000;
			const old = sandbox.model.addFile(0, {
				folderId: requestFolderId(),
				name: 'e2e-ancient.pdf',
				createdAt: new Date(Date.now() - 90 * day),
			});
			const fresh = sandbox.model.addFile(0, {
				folderId: requestFolderId(),
				name: 'e2e-fresh.pdf',
				createdAt: new Date(),
			});
			try {
				const children = sandbox.model.sortedChildren(requestFolderId(), 'created_at', 'DESC');
				const expected = children
					.filter((i) => i.type === 'file' && i.createdAt.getTime() < Date.now() - 31 * day)
					.map((i) => i.id);
				expect(expected).toContain(old.id);
				const { run } = await executeOk(workflow.id);
				const deleted = nodeOutput(run, 'Delete them');
				expect(ids(deleted).sort()).toEqual([...expected].sort());
				expect(deleted.every((i) => i.deleted === true && i.permanent === false)).toBe(true);
				for (const id of expected)
					expect(sandbox.model.findItem(id)?.deletedAt ?? 'gone').not.toBeNull();
				expect(sandbox.model.findItem(fresh.id)?.deletedAt).toBeNull();
				expect(sandbox.model.itemAt(0, 'Client Uploads/Round 1').deletedAt).toBeNull();
			} finally {
				// Dated by the real clock (the example compares with n8n's $now), months after the sandbox's dates: left in
				// place it would be the newest upload, and the trigger takes uploads dated before that for restored files.
				sandbox.model.deleteItemPermanently(fresh.id);
			}
		}, 120_000);
	});

	// ----- n8n start: credential tests, triggers -----------------------------------------------------------------------

	describe('n8n start', () => {
		test('the editor knows the three credential types', async () => {
			const types = await n8n.credentialTypes();
			for (const type of CREDENTIAL_TYPES) expect(types).toContain(type);
		}, 60_000);

		test('credential tests: one request each, readable placements, nothing changes on the server', async () => {
			const cases: Array<[{ id: string }, 'OK' | 'Error', RegExp?]> = [
				[CREDENTIALS.api, 'OK'],
				[BAD_CREDENTIALS.apiWrongToken, 'Error', /^The access token was refused/],
				[CREDENTIALS.share, 'OK'],
				[BAD_CREDENTIALS.shareVisitor, 'Error', /read-only \(visitor\), password-protected/],
				[BAD_CREDENTIALS.shareProtected, 'Error', /read-only \(visitor\), password-protected/],
				[BAD_CREDENTIALS.shareUnknown, 'Error', /share refused this token|unknown to this server/],
				[CREDENTIALS.request, 'OK'],
				[BAD_CREDENTIALS.requestExpired, 'Error', /^The file request is not active anymore/],
				[
					BAD_CREDENTIALS.requestUnknown,
					'Error',
					/refused this file request ID|unknown to this server/,
				],
			];
			const before = stateSnapshot();
			sandbox.clearRequests();
			const outcomes = await shared.watch.time('credential tests (9)', async () => {
				const results: string[] = [];
				for (const [credential, , message] of cases) {
					const sent = sandbox.requests.length;
					const result = await n8n.testCredential(credential.id);
					expectNoSecrets(JSON.stringify(result), `credential test result of ${credential.id}`);
					if (message) expect(result.message).toMatch(message);
					// One request per test, also for a refused token (n8n retries a thrown 401 once).
					expect(sandbox.requests.length - sent).toBe(1);
					results.push(`${credential.id} ${result.status}`);
				}
				return results;
			});
			expect(outcomes).toEqual(cases.map(([credential, status]) => `${credential.id} ${status}`));
			expect(stateSnapshot()).toEqual(before);
			// The share probe asks to create a folder without a name: refused by validation for a usable share.
			const shareCalls = sandbox.requests.filter((r) => r.path.startsWith('/api/v1/shares/'));
			expect(shareCalls.length).toBe(4);
			for (const call of shareCalls) {
				expect(call.method).toBe('POST');
				expect(call.body ?? {}).toEqual({});
			}
			expect(
				sandbox.requests.filter(
					(r) => r.path === `/api/v1/shares/${editorShareToken(sandbox.seed)}/items`,
				),
			).toEqual([expect.objectContaining({ status: 422 })]);
		}, 180_000);

		test('credential tests decide by the body the spec defines, whatever status a server uses', async () => {
			// A server that answers every error with 200 (the spec gives no status codes), and one that answers like
			// the API's ancestor (401 Unauthenticated.): the placements stay the same.
			const probes: Array<[{ id: string }, 'OK' | 'Error', Parameters<Sandbox['fault']>[0]]> = [
				[
					CREDENTIALS.share,
					'OK',
					{
						path: /^\/api\/v1\/shares\//,
						status: 200,
						body: {
							message: 'The given data was invalid.',
							errors: { name: ['The name field is required.'] },
						},
					},
				],
				[
					CREDENTIALS.share,
					'Error',
					{
						path: /^\/api\/v1\/shares\//,
						status: 200,
						body: { type: 'error', message: 'Access Denied' },
					},
				],
				[
					CREDENTIALS.api,
					'Error',
					{
						path: '/api/v1/browse/latest',
						status: 200,
						body: { type: 'error', message: 'You are not authorized' },
					},
				],
				[
					CREDENTIALS.api,
					'Error',
					{ path: '/api/v1/browse/latest', status: 401, body: { message: 'Unauthenticated.' } },
				],
				[
					CREDENTIALS.api,
					'Error',
					{ path: '/api/v1/browse/latest', status: 200, rawBody: '<html>Sign in</html>' },
				],
				[
					CREDENTIALS.request,
					'Error',
					{
						path: /^\/api\/v1\/requests\//,
						status: 200,
						body: { type: 'error', message: 'Access Denied' },
					},
				],
			];
			const before = stateSnapshot();
			const placements: string[] = [];
			for (const [credential, , fault] of probes) {
				sandbox.clearFaults();
				sandbox.fault(fault);
				const result = await n8n.testCredential(credential.id);
				expectNoSecrets(JSON.stringify(result), `credential test result of ${credential.id}`);
				placements.push(result.status);
			}
			sandbox.clearFaults();
			expect(placements).toEqual(probes.map(([, status]) => status));
			expect(stateSnapshot()).toEqual(before);
		}, 180_000);

		describe('File Storage Trigger (polling) in an active workflow', () => {
			const pollNow = (id: string, event: TriggerEvent | FolderTriggerEvent, first = false) =>
				triggers.pollNow(n8n, sandbox, id, event, first);
			const executionsWith = (id: string, count: number, timeoutMs?: number) =>
				triggers.executionsWith(n8n, id, count, timeoutMs);

			function emitted(execution: { data?: RunData['data'] }): string[] {
				return ids(nodeOutput(execution, 'Trigger'));
			}

			/** What each event's stream holds now (ids): the expected emission is what is new since. */
			function streams(): Record<TriggerEvent, Set<string>> {
				return {
					notification: new Set(sandbox.model.notificationsOf(0).map((n) => n.id)),
					upload: new Set(sandbox.model.activeFiles(0).map((f) => f.id)),
					fileRequestItem: new Set(
						sandbox.model.sortedChildren(requestFolderId(), 'created_at', 'DESC').map((i) => i.id),
					),
				};
			}

			/**
			 * New things on the server, one minute later: a notification, an upload into a folder and a real upload
			 * into the file request through the API an uploader uses (which also notifies the owner, as real servers
			 * do). Returns, per event, the ids that appeared — exactly what its trigger must emit.
			 */
			async function produceNewItems(tag: string): Promise<Record<TriggerEvent, string[]>> {
				const before = streams();
				sandbox.clock.advance(60_000);
				const notification = sandbox.model.addNotification(0, {
					title: `E2E notification ${tag}`,
					description: `Produced by the e2e suite (${tag}).`,
				});
				const upload = sandbox.model.addFile(0, {
					folderId: sandbox.model.itemAt(0, 'Documents').id,
					name: `e2e-upload-${tag}.pdf`,
					size: 1_234,
				});
				const res = await fetch(
					`${sandbox.baseUrl}/api/v1/requests/${activeFileRequestId(sandbox.seed)}/uploads`,
					{
						method: 'POST',
						headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
						body: JSON.stringify({
							parent_id: null,
							urls: [`${files.url}/e2e-request-upload.pdf?${tag}`],
						}),
					},
				);
				expect(res.status).toBe(201);
				const after = streams();
				const fresh = (event: TriggerEvent) =>
					[...after[event]].filter((id) => !before[event].has(id));
				const expected = {
					notification: fresh('notification'),
					upload: fresh('upload'),
					fileRequestItem: fresh('fileRequestItem'),
				};
				expect(expected.notification).toContain(notification.id);
				expect(expected.upload).toContain(upload.id);
				expect(expected.fileRequestItem).toHaveLength(1);
				expect(expected.upload).toContain(expected.fileRequestItem[0]);
				return expected;
			}

			test('activation emits nothing; new items arrive once, in one execution per poll', async () => {
				await shared.watch.time('trigger: activate 3 workflows (first poll)', async () => {
					for (const { id, event } of TRIGGER_EVENTS) await pollNow(id, event, true);
				});
				const first = await produceNewItems('one');
				await shared.watch.time('trigger: forced poll → executions', async () => {
					for (const { id, event } of TRIGGER_EVENTS) await pollNow(id, event);
					for (const { id, event } of TRIGGER_EVENTS) {
						const list = await executionsWith(id, 1);
						// activation emitted nothing: the only execution is the one with the new items
						expect(list).toHaveLength(1);
						expect(list[0].status).toBe('success');
						expect(emitted(list[0]).sort()).toEqual([...first[event]].sort());
					}
				});
				// a poll with nothing new emits nothing; the next new item arrives alone
				for (const { id, event } of TRIGGER_EVENTS) await pollNow(id, event);
				const second = await produceNewItems('two');
				for (const { id, event } of TRIGGER_EVENTS) await pollNow(id, event);
				for (const { id, event } of TRIGGER_EVENTS) {
					const list = await executionsWith(id, 2);
					expect(list).toHaveLength(2);
					expect(emitted(list[1]).sort()).toEqual([...second[event]].sort());
					expectNoSecrets(JSON.stringify(list), `executions of ${id}`);
				}
				for (const { id } of TRIGGER_EVENTS) await n8n.deactivate(id);
			}, 240_000);

			test('New File in Folder emits uploads anywhere below the folder, oldest first, and none from elsewhere', async () => {
				sandbox.clearRequests();
				await pollNow(FOLDER_TRIGGER, 'folderFile', true);
				sandbox.clock.advance(60_000);
				const expected = [
					sandbox.model.addFile(0, { folderId: tree.invoices, name: 'e2e-deep.pdf' }).id,
					sandbox.model.addFile(0, { folderId: tree.accounting, name: 'e2e-top.pdf' }).id,
				];
				sandbox.model.addFile(0, {
					folderId: sandbox.model.itemAt(0, 'Documents').id,
					name: 'e2e-elsewhere.pdf',
				});
				sandbox.model.addFile(0, { folderId: null, name: 'e2e-home.pdf' });
				const polled = sandbox.requests.length;
				await pollNow(FOLDER_TRIGGER, 'folderFile');
				const [execution] = await executionsWith(FOLDER_TRIGGER, 1);
				expect(emitted(execution)).toEqual(expected);
				// Invoices and 2026 were met for the first time: one request each; Documents once, up to the top.
				const lookups = sandbox.requests
					.slice(polled)
					.filter((r) => r.path.startsWith('/api/v1/browse/folders/'));
				expect(lookups.length).toBeLessThanOrEqual(3 + 1);
				// Idle: one request.
				const idle = sandbox.requests.length;
				await pollNow(FOLDER_TRIGGER, 'folderFile');
				expect(sandbox.requests.slice(idle).map((r) => r.path)).toEqual(['/api/v1/browse/latest']);
				await n8n.deactivate(FOLDER_TRIGGER);
			}, 180_000);

			test('on a server whose cursors are positions, a multi-page burst changing mid-read is emitted once, oldest first', async () => {
				await pollNow(OFFSET_TRIGGER, 'upload', true);
				sandbox.model.cursorMode = 'offset';
				const folderId = sandbox.model.itemAt(0, 'Documents').id;
				try {
					sandbox.clock.advance(60_000);
					// 600 uploads: three pages of the trigger's 251
					const burst = Array.from(
						{ length: 600 },
						(_, k) => sandbox.model.addFile(0, { folderId, name: `burst-${k}.txt` }).id,
					);
					// between page 1 and page 2 of the poll: 5 uploads arrive at the top and one already read is deleted,
					// which shifts page 2 by 4 on a server that pages by position
					const arrived: string[] = [];
					let changed = false;
					sandbox.fault({
						path: '/api/v1/browse/latest',
						times: Infinity,
						match: (request) => {
							if (request.query.cursor && !changed) {
								changed = true;
								for (let k = 0; k < 5; k++)
									arrived.push(
										sandbox.model.addFile(0, { folderId, name: `mid-read-${k}.txt` }).id,
									);
								sandbox.model.trashItem(burst[500]);
							}
							return false;
						},
					});
					await pollNow(OFFSET_TRIGGER, 'upload');
					const [first] = await executionsWith(OFFSET_TRIGGER, 1);
					expect(changed).toBe(true);
					// the deleted upload was read before it went: it counts
					expect(emitted(first)).toEqual(burst);
					await pollNow(OFFSET_TRIGGER, 'upload');
					const executions = await executionsWith(OFFSET_TRIGGER, 2);
					expect(executions).toHaveLength(2);
					expect(emitted(executions[1])).toEqual(arrived);
				} finally {
					sandbox.clearFaults();
					sandbox.model.cursorMode = 'keyset';
					await n8n.deactivate(OFFSET_TRIGGER);
				}
			}, 180_000);

			test('a failed poll runs the Error workflow with the readable message, and no secret', async () => {
				// n8n 2.x runs only the published version of an error workflow (1.x runs it as saved)
				if (n8n.install.offers.line === 2) await n8n.activate(ALERT_WORKFLOW);
				// activation polls at once and must succeed; the scheduled poll after it is the one that fails
				await pollNow(FAILING_TRIGGER, 'upload', true);
				sandbox.fault({
					path: /^\/api\/v1\/browse\/latest/,
					times: Infinity,
					status: 401,
					body: { type: 'unauthorized', message: 'Unauthenticated.' },
				});
				try {
					// Poll Times: every 10 seconds, so a scheduled poll comes within 10 s
					const [alert] = await executionsWith(ALERT_WORKFLOW, 1, 60_000);
					const [told] = nodeOutput(alert, 'Alert');
					// n8n hands a trigger's failure to the Error Trigger under `trigger` (what the README tells users to read)
					const error = (
						told?.trigger as { error?: { message?: string; description?: string } } | undefined
					)?.error;
					expect(error?.message).toMatch(/refused \(HTTP 401\)/);
					expect(String(error?.description)).toMatch(/\w{4,}/);
					expect((told?.workflow as { id?: string } | undefined)?.id).toBe(FAILING_TRIGGER);
					expectNoSecrets(JSON.stringify(alert), 'the error workflow run');
				} finally {
					sandbox.clearFaults();
					await n8n.deactivate(FAILING_TRIGGER);
					if (n8n.install.offers.line === 2) await n8n.deactivate(ALERT_WORKFLOW);
				}
			}, 180_000);

			test('example "new invoice in a folder" downloads the invoices filed below the folder, and nothing else, and counts their bytes', async () => {
				const workflow = loadExample(EXAMPLES.newInvoiceInFolder);
				await pollNow(workflow.id, 'folderFile', true);
				sandbox.clock.advance(60_000);
				const invoices = sandbox.model.itemAt(0, 'Documents/Invoices').id;
				const invoice = sandbox.model.addFile(0, {
					folderId: invoices,
					name: 'invoice-2026-104.pdf',
					size: 4_321,
				});
				sandbox.model.addFile(0, { folderId: invoices, name: 'notes-2026-104.txt', size: 100 });
				sandbox.model.addFile(0, {
					folderId: sandbox.model.itemAt(0, 'Photos').id,
					name: 'invoice-elsewhere.pdf',
					size: 200,
				});
				await pollNow(workflow.id, 'folderFile');
				const [execution] = await executionsWith(workflow.id, 1);
				expect(execution.status).toBe('success');
				const [listed] = nodeOutput(execution, 'On new file in the folder');
				expect(nodeOutput(execution, 'Describe the invoice')).toEqual([
					expect.objectContaining({
						fileId: invoice.id,
						fileName: 'invoice-2026-104.pdf',
						folder: 'Invoices',
						// the size in bytes as File Storage lists it (a number), not the binary's display text ("4.32 kB")
						sizeBytes: listed.size,
					}),
				]);
				// servers list sizes as rounded text ("4.32KB"): the number is the file's size to that precision
				expect(Math.abs(Number(listed.size) - invoice.size)).toBeLessThanOrEqual(
					invoice.size * 0.005,
				);
				await n8n.deactivate(workflow.id);
			}, 180_000);

			test('example "when a file is uploaded" describes exactly the new upload', async () => {
				const workflow = loadExample(EXAMPLES.onUpload);
				const triggerNode = workflow.nodes.find((n) => n.type === TRIGGER_NODE_TYPE);
				expect(triggerNode).toBeDefined();
				await pollNow(workflow.id, 'upload', true);
				sandbox.clock.advance(60_000);
				const file = sandbox.model.addFile(0, {
					folderId: sandbox.model.itemAt(0, 'Photos').id,
					name: 'e2e-holiday.jpg',
					size: 2_000_000,
				});
				await pollNow(workflow.id, 'upload');
				const [execution] = await executionsWith(workflow.id, 1);
				const described = nodeOutput(execution, 'Describe the upload');
				expect(described).toEqual([
					expect.objectContaining({
						fileId: file.id,
						fileName: 'e2e-holiday.jpg',
						folder: 'Photos',
						sizeBytes: 2_000_000,
					}),
				]);
				expect(String(described[0].summary)).toContain('e2e-holiday.jpg');
				await n8n.deactivate(workflow.id);
			}, 180_000);
		});
	});
}
