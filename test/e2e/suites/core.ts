/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** On the shared n8n (e2e.test.ts): every endpoint run as "Execute workflow" runs it, examples, credential tests, triggers. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { startFileServer } from '../../helpers/file-server';
import type { FileServer } from '../../helpers/file-server';
import { byId } from '../../helpers/parameters';
import { activeFileRequest, editorShare } from '../../sandbox/seed';
import type { FaultRule, Sandbox } from '../../sandbox/server';
import { NODE_TYPE, TRIGGER_NODE_TYPE } from '../checkout';
import type { WorkflowSpec } from '../cli';
import {
	allTestCredentials,
	BAD_CREDENTIALS,
	chain,
	CREDENTIALS,
	EXAMPLES,
	EXAMPLES_DIR,
	loadExample,
	manualWorkflow,
	POLL_EVERY_10_SECONDS,
	seedSecrets,
	triggerWorkflow,
	WRONG_ACCESS_TOKEN,
} from '../fixtures';
import type { Credential, TriggerEvent } from '../fixtures';
import { freePort } from '../processes';
import type { N8n } from '../rest-client';
import { expectOne, ids, nodeOutput } from '../run-data';
import type { RunData } from '../run-data';
import { manualRun } from '../shared-n8n';
import type { SharedN8n, SharedSuite } from '../shared-n8n';
import { executionAfter, executionsWith, pollNow } from '../triggers';

const NODE = 'File Storage';
const pdf = (text: string) => ({ type: 'application/pdf', body: Buffer.from(text) });
const REMOTE_FILES = {
	'/e2e-report.pdf': pdf('%PDF-1.4\n% e2e report\n'.repeat(40)),
	'/e2e-photo.png': { type: 'image/png', body: Buffer.alloc(2_345, 7) },
	'/e2e-request-upload.pdf': pdf('%PDF-1.4\n% uploaded through the file request\n'),
};
let shared: SharedN8n;
let n8n: N8n;
let sandbox: Sandbox;
let files: FileServer;
let secrets: string[];

type Items = Array<Record<string, unknown>>;
/** Folder path, name, size. */
type NewFile = [string, string, number];

/** A manual run from a clean request log, that must succeed (or fail), with no secret in anything of it. */
const run = async (workflowId: string, ok = true) =>
	await manualRun(shared, workflowId, { ok, secrets: () => secrets, sandboxes: [sandbox] });
/** The requests the sandbox answered, as `METHOD path status`. */
const calls = () => sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`);
/** The sandbox answered exactly one request, with these fields. */
const sawOne = (fields: Record<string, unknown>) => expectOne(sandbox.requests, fields);
const itemAt = (itemPath: string) => sandbox.model.itemAt(0, itemPath);
const requestFolderId = () => activeFileRequest(sandbox.seed).folderId;
const bearer = () => `Bearer ${sandbox.seed.users[0].accessToken}`;
const errorOf = (item: Record<string, unknown>) => String((item.error as IDataObject).message);

/** `body` with the sandbox answering by `rule`, faults cleared after. */
async function withFault<T>(rule: FaultRule, body: () => Promise<T>): Promise<T> {
	sandbox.fault(rule);
	try {
		return await body();
	} finally {
		sandbox.clearFaults();
	}
}

/** Which items exist and which are in the trash. */
const stateSnapshot = () =>
	JSON.stringify(
		[...sandbox.model.items.values()].map((i) => [i.id, i.deletedAt?.toISOString() ?? null]).sort(),
	);

/** Accounting/2026/Invoices/ for Search and New File in Folder: an invoice at each level, a report beside them. */
function accountingTree(model: Sandbox['model']) {
	const folder = (name: string, parentId?: string) => model.addFolder(0, { name, parentId }).id;
	const file = (folderId: string, name: string) =>
		model.addFile(0, { folderId, name, size: 10_000 }).id;
	const accounting = folder('Accounting');
	const year = folder('2026', accounting);
	const invoices = folder('Invoices', year);
	return {
		accounting,
		year,
		invoices,
		found: [
			{ id: file(accounting, 'invoice-summary.pdf'), folderPath: '/' },
			{ id: file(year, 'invoice-2026.pdf'), folderPath: '/2026' },
			{ id: file(invoices, 'invoice-001.pdf'), folderPath: '/2026/Invoices' },
		],
		other: file(year, 'report.docx'),
	};
}
let tree: ReturnType<typeof accountingTree>;

/** A UUID that names nothing in the sandbox. */
const MISSING_ID = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';

/** Each of `quotes` is in the sticky notes of "restore watched items" and in examples/README.md, in backticks. */
function notesQuote(quotes: string[]): void {
	const sticky = loadExample(EXAMPLES.restoreNightly)
		.nodes.map((node) => String((node.parameters as { content?: string }).content ?? ''))
		.join('\n');
	for (const notes of [sticky, fs.readFileSync(path.join(EXAMPLES_DIR, 'README.md'), 'utf8')])
		for (const quote of quotes) expect(notes).toContain(`\`${quote}\``);
}

/** The sandbox's token at a Base URL where nothing listens. */
const NO_SERVER_CREDENTIAL = {
	id: 'fsAccessNoServer',
	name: 'File Storage API (no server at the Base URL)',
	type: 'fileStorageApi',
};

const RESTORE_WITH: Record<string, Credential> = {
	'fs-ex-restore-token': BAD_CREDENTIALS.apiWrongToken,
	'fs-ex-restore-url': NO_SERVER_CREDENTIAL,
};

function restoreWith([workflowId, credential]: [string, Credential]): WorkflowSpec {
	const workflow = loadExample(EXAMPLES.restoreNightly);
	const credentials = { [credential.type]: { id: credential.id, name: credential.name } };
	return {
		...workflow,
		id: workflowId,
		name: `${workflow.name} (${credential.name})`,
		nodes: workflow.nodes.map((node) =>
			node.type === NODE_TYPE ? { ...node, credentials } : node,
		),
	};
}

const { api, share: shareCred, request: requestCred } = CREDENTIALS;
/** `resource`, `operation` and the other parameters of a File Storage node. */
const op = (resource: string, operation: string, rest: IDataObject = {}) => ({
	resource,
	operation,
	...rest,
});
const rootLocator = {
	__rl: true,
	mode: 'list',
	value: 'root',
	cachedResultName: 'File Request Root',
};

/** Manual Trigger → File Storage: `before` sets up (its id goes to `check`), `check` the output and the sandbox. */
interface Endpoint {
	title: string;
	parameters: () => IDataObject;
	/** The item (path) whose id is the `itemId` parameter, handed to `before` and `check`. */
	item?: string;
	before?: (itemId: string) => void;
	check: (items: Items, itemId: string) => void;
}

/** The working credential of a resource. */
const credentialFor = (resource: unknown) =>
	({ sharedFolder: shareCred, fileRequest: requestCred })[String(resource)] ?? api;
const endpointId = ({ title }: Endpoint) =>
	`e2eEndpoint${ENDPOINTS.findIndex((e) => e.title === title)}`;

const ENDPOINTS: Endpoint[] = [
	{
		title: 'folder / getContents lists the root by name, share tokens masked',
		parameters: () =>
			op('folder', 'getContents', {
				folder: byId('all'),
				returnAll: true,
				sort: { rule: { field: 'name', direction: 'ASC' } },
			}),
		check: (items) => {
			const expected = sandbox.model.activeChildren(`root:${sandbox.model.getUser(0).id}`, 'name');
			expect(items.map((i) => [i.id, i.name])).toEqual(expected.map((i) => [i.id, i.name]));
			// Simplify says whether a folder is shared; the permission is in the raw output
			expect(items.find((i) => i.id === sandbox.seed.shares[0].folderId)?.shared).toBe(true);
			const query = expect.objectContaining({ sort: 'name', direction: 'ASC' });
			const path = '/api/v1/browse/folders/all';
			sawOne({ method: 'GET', path, status: 200, authorization: bearer(), query });
		},
	},
	{
		title: 'file / getRecentUploads returns the five newest files with one request',
		parameters: () => ({ resource: 'file', operation: 'getRecentUploads', limit: 5 }),
		check: (items) => {
			const expected = [...sandbox.model.activeFiles(0, 'created_at')].reverse().slice(0, 5);
			expect(ids(items)).toEqual(expected.map((i) => i.id));
			expect(items.every((i) => i.type === 'file' && typeof i.size === 'number')).toBe(true);
			expect(sandbox.requests.map((r) => `${r.method} ${r.path} ${r.query.limit}`)).toEqual([
				'GET /api/v1/browse/latest 5',
			]);
		},
	},
	{
		title:
			'file / search finds the invoices at every level of a folder, each with its folder path, one request per folder',
		parameters: () =>
			op('file', 'search', {
				folder: byId(tree.accounting),
				returnAll: true,
				filters: { nameContains: 'invoice', extensions: 'pdf' },
			}),
		check: (items) => {
			expect(items.map(({ id, folderPath }) => ({ id, folderPath }))).toEqual(tree.found);
			const listed = sandbox.requests.map((r) => r.path).filter((p) => p.includes('/folders/'));
			expect(listed.sort()).toEqual(
				[tree.accounting, tree.year, tree.invoices]
					.map((id) => `/api/v1/browse/folders/${id}`)
					.sort(),
			);
		},
	},
	{
		title: 'trash / restore brings a trashed file back to its folder',
		parameters: () => op('trash', 'restore', { itemType: 'file', toHome: false }),
		item: 'Documents/notes.txt',
		before: (id) => {
			sandbox.model.trashItem(id);
			expect(sandbox.model.findItem(id)?.deletedAt).not.toBeNull();
		},
		check: (items, id) => {
			expectOne(items, { id, type: 'file', restored: true, toHome: false });
			const parentId = itemAt('Documents').id;
			expect(sandbox.model.findItem(id)).toMatchObject({ deletedAt: null, parentId });
			const body = { items: [{ id, type: 'file' }], to_home: false };
			sawOne({ method: 'POST', path: '/api/v1/trash/restore', status: 200, body });
		},
	},
	{
		title: 'sharedFolder / createFolder creates a folder at the top of the share',
		parameters: () =>
			op('sharedFolder', 'createFolder', { parent: '', name: 'Created by n8n e2e' }),
		check: (items) => {
			const { token, folderId: parentId } = editorShare(sandbox.seed);
			const created = sandbox.model.itemAt(0, 'Shared with Clients/Created by n8n e2e');
			expect(created).toMatchObject({ type: 'folder', parentId });
			const name = 'Created by n8n e2e';
			expectOne(items, { id: created.id, name, type: 'folder', parentId });
			const path = `/api/v1/shares/${token}/items`;
			sawOne({ method: 'POST', path, status: 201, body: { name } });
			expect(sandbox.requests[0].authorization).toBeUndefined();
		},
	},
	{
		title: 'sharedFolder / deleteItems moves a file of the share to the trash',
		parameters: () => op('sharedFolder', 'deleteItems', { itemType: 'file', permanent: false }),
		item: 'Shared with Clients/pricing.xlsx',
		check: (items, id) => {
			expectOne(items, { id, type: 'file', deleted: true, permanent: false });
			expect(sandbox.model.findItem(id)?.deletedAt).not.toBeNull();
			const body = { items: [{ id, type: 'file', force_delete: false }] };
			sawOne({ method: 'DELETE', body, status: 200 });
		},
	},
	{
		title: 'fileRequest / getContents lists the request root',
		parameters: () => op('fileRequest', 'getContents', { returnAll: true, parent: rootLocator }),
		check: (items) => {
			const expected = sandbox.model.sortedChildren(requestFolderId(), 'created_at', 'DESC');
			expect(expected.length).toBeGreaterThan(1);
			expect(ids(items)).toEqual(expected.map((i) => i.id));
			expect(calls()).toEqual([
				`GET /api/v1/requests/${activeFileRequest(sandbox.seed).id}/items 200`,
			]);
		},
	},
	{
		title: 'fileRequest / deleteItems deletes a received file permanently',
		parameters: () => op('fileRequest', 'deleteItems', { itemType: 'file', permanent: true }),
		item: 'Client Uploads/signed-form.pdf',
		check: (items, id) => {
			expectOne(items, { id, type: 'file', deleted: true, permanent: true });
			expect(sandbox.model.findItem(id)).toBeUndefined();
			const path = `/api/v1/requests/${activeFileRequest(sandbox.seed).id}/items`;
			const body = { items: [{ id, type: 'file', force_delete: true }] };
			sawOne({ method: 'DELETE', path, body });
		},
	},
	{
		title: 'fileRequest / uploadFromUrl has the server download two files',
		parameters: () =>
			op('fileRequest', 'uploadFromUrl', {
				parent: rootLocator,
				urls: `${files.url}/e2e-report.pdf\n${files.url}/e2e-photo.png`,
			}),
		before: () => void (files.hits.length = 0),
		check: (items) => {
			const urls = [`${files.url}/e2e-report.pdf`, `${files.url}/e2e-photo.png`];
			const uploaded = { status: 'uploaded', uploaded: true, queued: false };
			expectOne(items, { urls, parentId: null, ...uploaded });
			sawOne({ method: 'POST', body: { parent_id: null, urls }, status: 201 });
			expect(files.hits.sort()).toEqual(['/e2e-photo.png', '/e2e-report.pdf']);
			for (const name of ['e2e-report.pdf', 'e2e-photo.png']) {
				expect(sandbox.model.itemAt(0, `Client Uploads/${name}`)).toMatchObject({
					type: 'file',
					size: files.files[`/${name}`].body.length,
				});
			}
		},
	},
	{
		title: 'notification / getMany returns the unread notifications, newest first',
		parameters: () => op('notification', 'getMany', { returnAll: true, unreadOnly: true }),
		check: (items) => {
			const expected = sandbox.model.notificationsOf(0).filter((n) => n.readAt === null);
			expect(expected.length).toBeGreaterThan(0);
			expect(items.map((i) => [i.id, i.title])).toEqual(expected.map((n) => [n.id, n.title]));
			expect(calls()).toEqual(['GET /api/v1/notifications 200']);
		},
	},
];

/** Failed runs: message, every request's `authorization` and `status`. */
type Failure = [string, string, IDataObject, Credential, RegExp, string | undefined, number];
const FAILURES: Failure[] = [
	[
		'a refused access token',
		'e2eErrWrongToken',
		{ resource: 'folder', operation: 'getContents', folder: byId('all'), limit: 5 },
		BAD_CREDENTIALS.apiWrongToken,
		/401|token|authori/i,
		`Bearer ${WRONG_ACCESS_TOKEN}`,
		401,
	],
	[
		'an expired file request (id in the URL)',
		'e2eErrExpiredRequest',
		{ resource: 'fileRequest', operation: 'getContents', parent: rootLocator, returnAll: true },
		BAD_CREDENTIALS.requestExpired,
		/410|not active|expired/i,
		undefined,
		410,
	],
];

/** With Continue (using error output): a failure of each kind, the sandbox's status (if one). */
const ERROR_OUTPUTS: Array<[string, string, IDataObject, number | undefined]> = [
	[
		'a listing',
		'e2eErrOutListing',
		{ resource: 'folder', operation: 'getContents', folder: byId(MISSING_ID), limit: 5 },
		404,
	],
	[
		'a batch Restore',
		'e2eErrOutRestore',
		op('trash', 'restore', { itemType: 'file', itemId: MISSING_ID, toHome: false }),
		undefined,
	],
	[
		'Download',
		'e2eErrOutDownload',
		{ resource: 'file', operation: 'download', source: 'url', fileUrl: '/file/not-there.txt' },
		404,
	],
];

function endpointWorkflows(): WorkflowSpec[] {
	const workflow = (id: string, parameters: IDataObject, credential: Credential) =>
		manualWorkflow(id, `e2e ${id}`, NODE, parameters, credential);
	return [
		...ENDPOINTS.map((endpoint) => {
			const parameters = endpoint.parameters();
			if (endpoint.item) parameters.itemId = itemAt(endpoint.item).id;
			return workflow(endpointId(endpoint), parameters, credentialFor(parameters.resource));
		}),
		...FAILURES.map(([, id, parameters, credential]) => workflow(id, parameters, credential)),
		...ERROR_OUTPUTS.map(([, id, parameters]) => {
			const spec = workflow(id, parameters, api);
			spec.nodes[1].onError = 'continueErrorOutput';
			return spec;
		}),
	];
}

// trigger workflows' ids: at most 16 characters (n8n 1.x drops static data of longer ones; n8n-versions.ts)
const TRIGGER_EVENTS: Array<{ event: TriggerEvent; id: string }> = [
	{ event: 'notification', id: 'e2eTrigNotif' },
	{ event: 'upload', id: 'e2eTrigUpload' },
	{ event: 'fileRequestItem', id: 'e2eTrigReqItem' },
];
const FOLDER_TRIGGER = 'e2eTrigFolder';
const ALERT_WORKFLOW = 'e2eErrorAlert';
const OFFSET_TRIGGER = 'e2eTrigOffset';
const FAILING_TRIGGER = 'e2eTrigFails';

/** The triggers, and one whose Error workflow is Error Trigger → No Operation, as the README says to set it up. */
function triggerWorkflows(): WorkflowSpec[] {
	const failing = triggerWorkflow(FAILING_TRIGGER, 'upload', POLL_EVERY_10_SECONDS);
	failing.settings = { ...failing.settings, errorWorkflow: ALERT_WORKFLOW };
	return [
		...TRIGGER_EVENTS.map((t) => triggerWorkflow(t.id, t.event)),
		triggerWorkflow(FOLDER_TRIGGER, 'folderFile', undefined, { folder: byId(tree.accounting) }),
		triggerWorkflow(OFFSET_TRIGGER, 'upload'),
		failing,
		chain(ALERT_WORKFLOW, 'e2e alert on failed polls', [
			{ name: 'Error Trigger', type: 'n8n-nodes-base.errorTrigger' },
			{ name: 'Alert', type: 'n8n-nodes-base.noOp' },
		]),
	];
}

export const coreSuite: SharedSuite = {
	async prepare(given) {
		({ n8n, sandbox } = shared = given);
		tree = accountingTree(sandbox.model);
		secrets = seedSecrets(sandbox.seed);
		files = await startFileServer(REMOTE_FILES);
		const baseUrl = `http://127.0.0.1:${await freePort()}`;
		const accessToken = sandbox.seed.users[0].accessToken;
		const noServer = { ...NO_SERVER_CREDENTIAL, data: { baseUrl, accessToken } };
		return {
			credentials: [...allTestCredentials(sandbox.baseUrl, sandbox.seed), noServer],
			workflows: [
				...endpointWorkflows(),
				...Object.values(EXAMPLES).map(loadExample),
				...triggerWorkflows(),
				...Object.entries(RESTORE_WITH).map(restoreWith),
			],
		};
	},
	tests,
	stop: async () => await files?.close(),
};

function tests(): void {
	describe('manual runs: one workflow per endpoint', () => {
		test.each(ENDPOINTS)(
			'$title',
			async (endpoint) => {
				const itemId = endpoint.item ? itemAt(endpoint.item).id : '';
				endpoint.before?.(itemId);
				endpoint.check(nodeOutput((await run(endpointId(endpoint))).run, NODE), itemId);
			},
			120_000,
		);

		test.each(FAILURES)(
			'%s fails readably, without any secret in run data or logs',
			async (_what, id, _parameters, _credential, message, authorization, status) => {
				const { run: saved } = await run(id, false);
				const error = saved?.data.resultData.error;
				expect(error?.message).toMatch(message);
				expect(error?.message).not.toMatch(/\[object Object\]/);
				expect(String(error?.description ?? '')).toMatch(/\w{4,}/);
				expect(saved?.data.resultData.lastNodeExecuted).toBe(NODE);
				// at least one request, each sent with that authorization and answered with that status
				const sent = new Set(sandbox.requests.map((r) => `${r.status} ${r.authorization}`));
				expect([...sent]).toEqual([`${status} ${authorization}`]);
			},
			120_000,
		);

		test.each(ERROR_OUTPUTS)(
			'with Continue (using error output), %s that fails puts one readable item on the error output',
			async (_what, id, _parameters, status) => {
				const { run: saved } = await run(id);
				expect(nodeOutput(saved, NODE, 0)).toEqual([]);
				const failed = nodeOutput(saved, NODE, 1);
				const readable = { message: expect.any(String), description: expect.any(String) };
				expect(failed).toEqual([{ error: readable }]);
				const { message, description } = failed[0].error as IDataObject;
				expect(String(message)).not.toMatch(/\[object Object\]/);
				expect(String(description).length).toBeGreaterThan(20);
				expect(sandbox.requests.length).toBeGreaterThanOrEqual(1);
				if (status) expect(sandbox.requests.map((r) => r.status)).toContain(status);
			},
			120_000,
		);
	});

	// The examples' placeholders are filled with the sandbox's IDs by loadExample, as the demo imports them.
	describe('examples/ run as shipped', () => {
		const restoreId = loadExample(EXAMPLES.restoreNightly).id;

		test('"restore watched items" restores the trashed ones and reports the rest, as its notes quote', async () => {
			const [oldStuff, oldDraft, documents] = [
				'Old Stuff',
				'Documents/old-draft.docx',
				'Documents',
			].map(itemAt);
			expect([oldStuff.deletedAt, oldDraft.deletedAt].every((d) => d !== null)).toBe(true);
			const { run: saved } = await run(restoreId);
			expect(ids(nodeOutput(saved, 'Restored')).sort()).toEqual([oldStuff.id, oldDraft.id].sort());
			// Documents was not in the trash: declined by the server, reported, and the run stays green
			expectOne(nodeOutput(saved, 'Not in the trash'), {
				id: documents.id,
				error: {
					message: "The server declined the request: The requested entry wasn't found.",
					description: expect.stringMatching(/must be in the trash of this account/),
				},
			});
			expect(saved?.data.resultData.runData['Fail the run']).toBeUndefined();
			// the notes quote the beginnings the example recognises, not the server's words
			notesQuote(['The server declined the request', 'Not found (HTTP 404)']);
			for (const item of [oldStuff, oldDraft, itemAt('Old Stuff/old-1.txt'), documents])
				expect(sandbox.model.findItem(item.id)?.deletedAt).toBeNull();
			expect(sandbox.countRequests({ method: 'POST', path: '/api/v1/trash/restore' })).toBe(3);
		}, 120_000);

		// "Not in the trash" in other words, or as a 404, is recognised all the same: the example reads the declined item.
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
				const rule = { path: '/api/v1/trash/restore', times: Infinity, ...answer };
				const { run: saved } = await withFault(rule, () => run(restoreId));
				const notInTrash = nodeOutput(saved, 'Not in the trash');
				expect(notInTrash).toHaveLength(3);
				for (const item of notInTrash) expect(errorOf(item)).toMatch(says);
				expect(saved?.data.resultData.runData['Fail the run']).toBeUndefined();
			},
			120_000,
		);

		// The node's error output and the failed run's message: n8n rewrites a message that names a connection code.
		test.each([
			[
				'a refused access token',
				'fs-ex-restore-token',
				'The access token was refused (HTTP 401)',
				'The access token was refused (HTTP 401)',
				[401],
			],
			[
				'a Base URL where no server listens',
				'fs-ex-restore-url',
				'Could not reach the File Storage server (ECONNREFUSED)',
				'The service refused the connection - perhaps it is offline',
				[],
			],
		])(
			'"restore watched items" with %s fails the run as its notes say, restoring nothing',
			async (_what, workflowId, nodeSays, runFailsWith, statuses) => {
				const oldDraft = itemAt('Documents/old-draft.docx');
				sandbox.model.trashItem(oldDraft.id);
				try {
					const { run: saved } = await run(workflowId, false);
					const error = saved?.data.resultData.error;
					expect(String(error?.message).slice(0, runFailsWith.length)).toBe(runFailsWith);
					expect(String(error?.description)).toMatch(
						/paste a valid access token|Check the Base URL/,
					);
					const failed = nodeOutput(saved, 'Restore from trash', 1);
					expect(failed.map((item) => errorOf(item).slice(0, nodeSays.length))).toEqual(
						Array(3).fill(nodeSays),
					);
					notesQuote([nodeSays, runFailsWith]);
					expect(saved?.data.resultData.lastNodeExecuted).toBe('Fail the run');
					expect(nodeOutput(saved, 'Restored')).toEqual([]);
					expect(saved?.data.resultData.runData['Not in the trash']).toBeUndefined();
					expect(sandbox.model.findItem(oldDraft.id)?.deletedAt).not.toBeNull();
					// the sandbox refused every request of the wrong token; the other Base URL reached nothing
					expect([...new Set(sandbox.requests.map((r) => r.status))]).toEqual(statuses);
				} finally {
					sandbox.model.restoreItem(oldDraft.id);
				}
			},
			120_000,
		);

		test('"clean a file request" deletes only files older than 30 days', async () => {
			const day = 86_400_000;
			const add = (name: string, createdAt: Date) =>
				sandbox.model.addFile(0, { folderId: requestFolderId(), name, createdAt });
			const old = add('e2e-ancient.pdf', new Date(Date.now() - 90 * day));
			const fresh = add('e2e-fresh.pdf', new Date());
			try {
				const expected = sandbox.model
					.sortedChildren(requestFolderId(), 'created_at', 'DESC')
					.filter((i) => i.type === 'file' && i.createdAt.getTime() < Date.now() - 31 * day)
					.map((i) => i.id);
				expect(expected).toContain(old.id);
				const { run: saved } = await run(loadExample(EXAMPLES.cleanFileRequest).id);
				const deleted = nodeOutput(saved, 'Delete them');
				expect(ids(deleted).sort()).toEqual([...expected].sort());
				expect(deleted.every((i) => i.deleted === true && i.permanent === false)).toBe(true);
				for (const id of expected)
					expect(sandbox.model.findItem(id)?.deletedAt ?? 'gone').not.toBeNull();
				expect(sandbox.model.findItem(fresh.id)?.deletedAt).toBeNull();
				expect(itemAt('Client Uploads/Round 1').deletedAt).toBeNull();
			} finally {
				// dated by the real clock, months after the sandbox's: left, it would be the newest upload for the triggers
				sandbox.model.deleteItemPermanently(fresh.id);
			}
		}, 120_000);
	});

	describe('n8n start', () => {
		test('credential tests: one request each, readable placements, nothing changes on the server', async () => {
			const shareRefused = /read-only \(visitor\), password-protected/;
			const cases: Array<[{ id: string }, 'OK' | 'Error', RegExp?]> = [
				[CREDENTIALS.api, 'OK'],
				[BAD_CREDENTIALS.apiWrongToken, 'Error', /^The access token was refused/],
				[CREDENTIALS.share, 'OK'],
				[BAD_CREDENTIALS.shareVisitor, 'Error', shareRefused],
				[BAD_CREDENTIALS.shareProtected, 'Error', shareRefused],
				[BAD_CREDENTIALS.shareUnknown, 'Error', /share refused this token|unknown to this server/],
				[CREDENTIALS.request, 'OK'],
				[BAD_CREDENTIALS.requestExpired, 'Error', /^The file request is not active anymore/],
				[BAD_CREDENTIALS.requestUnknown, 'Error', /refused this file request ID|unknown to this/],
			];
			const before = stateSnapshot();
			sandbox.clearRequests();
			const outcomes = await shared.watch.time('credential tests (9)', async () => {
				const results: string[] = [];
				for (const [credential, , message] of cases) {
					const sent = sandbox.requests.length;
					const result = await n8n.testCredential(credential.id);
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
			expect(shareCalls.map((call) => [call.method, call.body ?? {}])).toEqual(
				Array(4).fill(['POST', {}]),
			);
			const sharePath = `/api/v1/shares/${editorShare(sandbox.seed).token}/items`;
			expect(sandbox.requests.filter((r) => r.path === sharePath)).toEqual([
				expect.objectContaining({ status: 422 }),
			]);
		}, 180_000);

		test('credential tests decide by the body the spec defines, whatever status a server uses', async () => {
			// A server answering every error with 200 (the spec gives no codes), one like the API's ancestor (401).
			const [shares, latest] = [/^\/api\/v1\/shares\//, '/api/v1/browse/latest'];
			const denied = { type: 'error', message: 'Access Denied' };
			const notAuthorized = { type: 'error', message: 'You are not authorized' };
			const invalid = {
				message: 'The given data was invalid.',
				errors: { name: ['The name field is required.'] },
			};
			const { api: apiCred, share, request } = CREDENTIALS;
			const probes: Array<[{ id: string }, 'OK' | 'Error', FaultRule]> = [
				[share, 'OK', { path: shares, status: 200, body: invalid }],
				[share, 'Error', { path: shares, status: 200, body: denied }],
				[apiCred, 'Error', { path: latest, body: notAuthorized }],
				[apiCred, 'Error', { path: latest, status: 401, body: { message: 'Unauthenticated.' } }],
				[apiCred, 'Error', { path: latest, status: 200, rawBody: '<html>Sign in</html>' }],
				[request, 'Error', { path: /^\/api\/v1\/requests\//, status: 200, body: denied }],
			];
			const before = stateSnapshot();
			const placements: string[] = [];
			for (const [credential, , fault] of probes) {
				const result = await withFault(fault, () => n8n.testCredential(credential.id));
				placements.push(result.status);
			}
			expect(placements).toEqual(probes.map(([, status]) => status));
			expect(stateSnapshot()).toEqual(before);
		}, 180_000);

		describe('File Storage Trigger (polling) in an active workflow', () => {
			const emitted = (execution: { data?: RunData['data'] }) =>
				ids(nodeOutput(execution, 'Trigger'));
			const after = <T>(id: string, event: 'upload' | 'folderFile', produce: () => T) =>
				executionAfter(n8n, sandbox, id, event, produce);

			/** What each event's stream holds now (ids): the expected emission is what is new since. */
			const streams = (): Record<TriggerEvent, Set<string>> => ({
				notification: new Set(sandbox.model.notificationsOf(0).map((n) => n.id)),
				upload: new Set(sandbox.model.activeFiles(0).map((f) => f.id)),
				fileRequestItem: new Set(
					ids(sandbox.model.sortedChildren(requestFolderId(), 'created_at', 'DESC')),
				),
			});

			/** A minute later a notification, an upload and an upload into the file request: per event, the new ids. */
			async function produceNewItems(tag: string): Promise<Record<TriggerEvent, string[]>> {
				const before = streams();
				sandbox.clock.advance(60_000);
				const notification = sandbox.model.addNotification(0, {
					title: `E2E notification ${tag}`,
					description: `Produced by the e2e suite (${tag}).`,
				});
				const folderId = itemAt('Documents').id;
				const upload = sandbox.model.addFile(0, {
					folderId,
					name: `e2e-upload-${tag}.pdf`,
					size: 1_234,
				});
				const requestId = activeFileRequest(sandbox.seed).id;
				const res = await fetch(`${sandbox.baseUrl}/api/v1/requests/${requestId}/uploads`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
					body: JSON.stringify({
						parent_id: null,
						urls: [`${files.url}/e2e-request-upload.pdf?${tag}`],
					}),
				});
				expect(res.status).toBe(201);
				const now = streams();
				const expected = {} as Record<TriggerEvent, string[]>;
				for (const event of TRIGGER_EVENTS.map((t) => t.event))
					expected[event] = [...now[event]].filter((id) => !before[event].has(id));
				expect(expected.notification).toContain(notification.id);
				expect(expected.upload).toContain(upload.id);
				expect(expected.fileRequestItem).toHaveLength(1);
				expect(expected.upload).toContain(expected.fileRequestItem[0]);
				return expected;
			}

			test('activation emits nothing; new items arrive once, in one execution per poll', async () => {
				const pollAll = async (first = false) => {
					for (const { id, event } of TRIGGER_EVENTS) await pollNow(n8n, sandbox, id, event, first);
				};
				await shared.watch.time('trigger: activate 3 workflows (first poll)', () => pollAll(true));
				const first = await produceNewItems('one');
				await shared.watch.time('trigger: forced poll → executions', async () => {
					await pollAll();
					for (const { id, event } of TRIGGER_EVENTS) {
						const list = await executionsWith(n8n, id, 1);
						// activation emitted nothing: the only execution is the one with the new items
						expect(list.map((e) => e.status)).toEqual(['success']);
						expect(emitted(list[0]).sort()).toEqual([...first[event]].sort());
					}
				});
				// a poll with nothing new emits nothing; the next new item arrives alone
				await pollAll();
				const second = await produceNewItems('two');
				await pollAll();
				for (const { id, event } of TRIGGER_EVENTS) {
					const list = await executionsWith(n8n, id, 2);
					expect(list).toHaveLength(2);
					expect(emitted(list[1]).sort()).toEqual([...second[event]].sort());
				}
				for (const { id } of TRIGGER_EVENTS) await n8n.deactivate(id);
			}, 240_000);

			test('New File in Folder emits uploads anywhere below the folder, oldest first, and none from elsewhere', async () => {
				let polled = 0;
				const [execution, expected] = await after(FOLDER_TRIGGER, 'folderFile', () => {
					const add = (folderId: string | null, name: string) =>
						sandbox.model.addFile(0, { folderId, name }).id;
					const below = [add(tree.invoices, 'e2e-deep.pdf'), add(tree.accounting, 'e2e-top.pdf')];
					add(itemAt('Documents').id, 'e2e-elsewhere.pdf');
					add(null, 'e2e-home.pdf');
					polled = sandbox.requests.length;
					return below;
				});
				expect(emitted(execution)).toEqual(expected);
				// Invoices and 2026 were met for the first time: one request each; Documents once, up to the top.
				const lookups = sandbox.requests.slice(polled).filter((r) => r.path.includes('/folders/'));
				expect(lookups.length).toBeLessThanOrEqual(3 + 1);
				// Idle: one request.
				const idle = sandbox.requests.length;
				await pollNow(n8n, sandbox, FOLDER_TRIGGER, 'folderFile');
				expect(sandbox.requests.slice(idle).map((r) => r.path)).toEqual(['/api/v1/browse/latest']);
				await n8n.deactivate(FOLDER_TRIGGER);
			}, 180_000);

			test('on a server whose cursors are positions, a multi-page burst changing mid-read is emitted once, oldest first', async () => {
				const folderId = itemAt('Documents').id;
				const add = (name: string) => sandbox.model.addFile(0, { folderId, name }).id;
				// between page 1 and 2 of the poll 5 uploads arrive and one read goes: page 2 shifts by 4 (by position)
				const arrived: string[] = [];
				try {
					const [first, burst] = await after(OFFSET_TRIGGER, 'upload', () => {
						sandbox.model.cursorMode = 'offset';
						// 600 uploads: three pages of the trigger's 251
						const uploads = Array.from({ length: 600 }, (_, k) => add(`burst-${k}.txt`));
						sandbox.fault({
							path: '/api/v1/browse/latest',
							times: Infinity,
							match: (request) => {
								if (request.query.cursor && !arrived.length) {
									for (let k = 0; k < 5; k++) arrived.push(add(`mid-read-${k}.txt`));
									sandbox.model.trashItem(uploads[500]);
								}
								return false;
							},
						});
						return uploads;
					});
					expect(arrived).toHaveLength(5);
					// the deleted upload was read before it went: it counts
					expect(emitted(first)).toEqual(burst);
					await pollNow(n8n, sandbox, OFFSET_TRIGGER, 'upload');
					const executions = await executionsWith(n8n, OFFSET_TRIGGER, 2);
					expect(executions).toHaveLength(2);
					expect(emitted(executions[1])).toEqual(arrived);
				} finally {
					sandbox.clearFaults();
					sandbox.model.cursorMode = 'keyset';
					await n8n.deactivate(OFFSET_TRIGGER);
				}
			}, 180_000);

			test('a failed poll runs the Error workflow with the readable message (secrets: the final leak check)', async () => {
				// n8n 2.x runs only the published version of an error workflow (1.x runs it as saved)
				const line2 = n8n.install.offers.line === 2;
				if (line2) await n8n.activate(ALERT_WORKFLOW);
				// activation polls at once and must succeed; the scheduled poll after it is the one that fails
				await pollNow(n8n, sandbox, FAILING_TRIGGER, 'upload', true);
				const body = { type: 'unauthorized', message: 'Unauthenticated.' };
				const rule = { path: /^\/api\/v1\/browse\/latest/, times: Infinity, status: 401, body };
				// Poll Times: every 10 seconds, so a scheduled poll comes within 10 s
				const [alert] = await withFault(rule, () =>
					executionsWith(n8n, ALERT_WORKFLOW, 1, 60_000),
				).finally(async () => {
					await n8n.deactivate(FAILING_TRIGGER);
					if (line2) await n8n.deactivate(ALERT_WORKFLOW);
				});
				const [told] = nodeOutput(alert, 'Alert');
				// n8n hands a trigger's failure to the Error Trigger under `trigger` (what the README tells users to read)
				const error = (told?.trigger as { error?: IDataObject } | undefined)?.error;
				expect(error?.message).toMatch(/refused \(HTTP 401\)/);
				expect(String(error?.description ?? '')).toMatch(/\w{4,}/);
				expect((told?.workflow as { id?: string } | undefined)?.id).toBe(FAILING_TRIGGER);
			}, 180_000);

			// [example, event, the new file, the precision its size is listed to ("4.32KB"), files it must not describe]
			test.each([
				[
					EXAMPLES.newInvoiceInFolder,
					'folderFile',
					['Documents/Invoices', 'invoice-2026-104.pdf', 4_321],
					0.005,
					[
						['Documents/Invoices', 'notes-2026-104.txt', 100],
						['Photos', 'invoice-elsewhere.pdf', 200],
					],
				],
				[EXAMPLES.onUpload, 'upload', ['Photos', 'e2e-holiday.jpg', 2_000_000], 0, []],
			] as Array<[string, 'upload' | 'folderFile', NewFile, number, NewFile[]]>)(
				'example %s describes exactly the new file: id, name, folder, size in bytes as listed',
				async (example, event, [folder, name, size], precision, others) => {
					const workflow = loadExample(example);
					const node = (type: string) => String(workflow.nodes.find((n) => n.type === type)?.name);
					const add = ([at, fileName, bytes]: NewFile) =>
						sandbox.model.addFile(0, { folderId: itemAt(at).id, name: fileName, size: bytes });
					const [execution, file] = await after(workflow.id, event, () => {
						const made = add([folder, name, size]);
						others.forEach(add);
						return made;
					});
					const [listed] = nodeOutput(execution, node(TRIGGER_NODE_TYPE));
					const described = nodeOutput(execution, node('n8n-nodes-base.set'));
					const sizeBytes = listed.size;
					expectOne(described, {
						fileId: file.id,
						fileName: name,
						folder: folder.split('/').pop(),
						sizeBytes,
					});
					expect(Math.abs(Number(listed.size) - size)).toBeLessThanOrEqual(size * precision);
					if (event === 'upload') expect(String(described[0].summary)).toContain(name);
					await n8n.deactivate(workflow.id);
				},
				180_000,
			);
		});
	});
}
