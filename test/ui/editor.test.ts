/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
/**
 * The editor as a new user meets it: Chromium (playwright-core) against a real n8n with the packed package installed
 * as Community Nodes installs it, and the sandbox. Each step saves a screenshot under .tmp/ui/n8n-<version>/shots/;
 * `npm run ui:screenshots` also writes the ones the README shows into docs/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import * as tls from 'node:tls';

import type { Browser, Locator, Page } from 'playwright-core';
import { chromium, selectors } from 'playwright-core';

import { simplifyItem } from '../../nodes/lib/resources/simplify';
import { NODE_TYPE, REPO_ROOT, TRIGGER_NODE_TYPE } from '../e2e/checkout';
import type { WorkflowSpec } from '../e2e/cli';
import {
	CREDENTIALS,
	EXAMPLES,
	loadExample,
	sandboxCredentials,
	UNKNOWN_SHARE_TOKEN,
	workflowNode,
	WRONG_ACCESS_TOKEN,
} from '../e2e/fixtures';
import type { Credential, Step } from '../e2e/fixtures';
import { preparePackagedN8n } from '../e2e/install';
import { selectedN8n } from '../e2e/n8n-versions';
import { stopAllChildren, waitFor } from '../e2e/processes';
import { Stopwatch } from '../e2e/progress';
import { N8n, TEST_OWNER } from '../e2e/rest-client';
import { itemWrapper } from '../sandbox/representation';
import { activeFileRequest, editorShare } from '../sandbox/seed';
import { startSandbox } from '../sandbox/server';
import type { Sandbox } from '../sandbox/server';
import type { Operation } from './editor-model';
import {
	expectedFields,
	NODE,
	operations,
	simplifiedKeys,
	TRIGGER,
	triggerActions,
} from './editor-model';

/** One folder per n8n version (its n8n home too): CI walks the editors of n8n 2.x and 1.x at the same time. */
const WORK = path.join(REPO_ROOT, '.tmp', 'ui', `n8n-${selectedN8n().version}`);
const LOGS = path.join(WORK, 'logs');
const SHOTS = path.join(WORK, 'shots');
/** `npm run ui:screenshots` (UI_SCREENSHOTS=docs): the screenshots the README shows go to docs/screenshots/. */
const DOC_SHOTS =
	process.env.UI_SCREENSHOTS === 'docs' ? path.join(REPO_ROOT, 'docs', 'screenshots') : undefined;
/** The screenshots the README shows (small: each is one panel of the editor). */
const README_SHOTS = new Set(
	`node-creator credential-accessToken credential-shareToken credential-fileRequestId folder-picker
	output-folder-get-contents output-file-search-json trigger-test-event`.split(/\s+/),
);
/** The credentials' address in the README's pictures (n8n reaches the sandbox behind it: startDocsFront). */
const DOCS_BASE_URL = 'https://files.example.com';
/** Credentials named as a user names them: after the account, the shared folder, the file request. */
const CREDENTIAL_NAMES: Record<string, string> = {
	fileStorageApi: 'File Storage account',
	fileStorageShareApi: 'Shared folder: Shared with Clients',
	fileStorageFileRequestApi: 'File request: Client uploads',
};
/** Flags without which Chromium keeps calling Google's hosts, which this machine's closed network refuses. */
const CHROMIUM_ARGS = (
	'--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking ' +
	'--disable-component-update --disable-sync'
).split(' ');
const OPERATIONS_WORKFLOW = 'e2eUiOperations';
const TRIGGER_WORKFLOW = 'e2eUiTrigger';
const UI_TIMEOUT_MS = 30_000;
/** A credential test: n8n's request to the server, then its answer in the form. */
const TEST_TIMEOUT_MS = 60_000;
/** A page loaded anew: beside the other CI suites, the editor's scripts and node types took more than 30 s. */
const PAGE_LOAD_TIMEOUT_MS = 120_000;
const VIEWPORT = { width: 1280, height: 800 };
const WIDE_VIEWPORT = { width: 1680, height: 860 };
const TALL_VIEWPORT = { width: 1280, height: 1500 };
/** Folders of the test seed that the README's folder picker shows under names a user would give them. */
const DOC_FOLDER_NAMES: Record<string, string> = {
	Empty: 'Archive',
	'Old Event': 'Events',
	'Closed Request': 'Supplier Uploads',
};

const watch = new Stopwatch();
let n8n: N8n;
let sandbox: Sandbox;
let baseUrl: string;
let docsFront: tls.Server | undefined;
let browser: Browser;
let page: Page;
const nodeIds = new Map<string, string>();

// n8n marks its elements with data-test-id
selectors.setTestIdAttribute('data-test-id');

/** The button that opens the node creator on an empty canvas (n8n's two canvases name it differently). */
function canvasPlusButton(): Locator {
	return page
		.getByTestId('canvas-plus-button')
		.or(page.getByTestId('node-creator-plus-button'))
		.first();
}

/** Closes the editor's toasts, which would lie cut off over the panel in a screenshot. */
async function dismissToasts(): Promise<void> {
	const toasts = page.locator('.el-notification').filter({ visible: true });
	await waitFor(
		'the toasts to be closed',
		async () => {
			for (const close of await toasts.locator('.el-notification__closeBtn').all())
				await close.click({ timeout: 1_000 }).catch(() => undefined);
			return (await toasts.count()) === 0;
		},
		{ timeoutMs: UI_TIMEOUT_MS },
	);
}

async function shot(name: string, target?: Locator): Promise<void> {
	await dismissToasts();
	fs.mkdirSync(SHOTS, { recursive: true });
	const file = path.join(SHOTS, `${name}.png`);
	await (target ?? page).screenshot({ path: file });
	if (DOC_SHOTS && README_SHOTS.has(name)) {
		fs.mkdirSync(DOC_SHOTS, { recursive: true });
		fs.copyFileSync(file, path.join(DOC_SHOTS, `${name}.png`));
	}
}

const credentialOf = (resource: string): Credential =>
	({ sharedFolder: CREDENTIALS.share, fileRequest: CREDENTIALS.request })[resource] ??
	CREDENTIALS.api;

/** The names n8n gives nodes added from the node creator: the action ("Get folder contents"), the trigger's default. */
const nodeName = (resource: string, name: string) =>
	operations().find((op) => op.resource === resource && op.operation === name)!.action;
const TRIGGER_NAME = TRIGGER.defaults.name as string;
const GET_FOLDER_CONTENTS = nodeName('folder', 'getContents');
const SEARCH_FILES = nodeName('file', 'search');
const NEWEST_UPLOAD = 'invoice-2026-004.pdf';

const ROOT = { __rl: true, mode: 'list', value: 'all', cachedResultName: 'Root (All Files)' };
/** Extra values an operation's node is opened with, where its defaults alone would not run in the editor. */
function parametersOf(op: Operation): Record<string, unknown> {
	const extra: Record<string, Record<string, unknown>> = {
		'folder.getContents': { folder: ROOT, returnAll: true },
		'file.search': { folder: ROOT, filters: { nameContains: 'invoice' } },
	};
	return {
		resource: op.resource,
		operation: op.operation,
		...(extra[`${op.resource}.${op.operation}`] ?? {}),
	};
}

/** A workflow of unconnected nodes, each with its credential (named as a user names it); keeps the nodes' ids. */
function workflowOf(
	id: string,
	name: string,
	nodes: Array<Step & { credential: Credential }>,
): WorkflowSpec {
	return {
		id,
		name,
		nodes: nodes.map((node, index) => {
			const credential = { ...node.credential, name: CREDENTIAL_NAMES[node.credential.type] };
			const position: [number, number] = [(index % 4) * 260, Math.floor(index / 4) * 200];
			const built = workflowNode({ ...node, credential }, position);
			nodeIds.set(node.name, String(built.id));
			return built;
		}),
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** Names the credential of the open form as a user would, in place of the name n8n proposes ("… account"). */
async function nameCredential(modal: Locator, name: string): Promise<void> {
	const title = modal.getByTestId('credential-name');
	await title.click();
	const input = title.locator('input');
	await input.fill(name);
	await input.press('Enter');
	await waitFor(
		'the new name in the title',
		async () => (await title.getByTestId('inline-edit-preview').innerText()).trim() === name,
		{ timeoutMs: UI_TIMEOUT_MS },
	);
}

/**
 * Saves the credential form, which n8n tests as it saves it (beside the other CI suites, 30 s and more), and waits for
 * the test's answer, then for `outcome` in the form: a failure says which of the two never came.
 */
async function saveAndTest(modal: Locator, outcome: string): Promise<void> {
	const tested = page.waitForResponse(
		(response) => new URL(response.url()).pathname === '/rest/credentials/test',
		{ timeout: TEST_TIMEOUT_MS },
	);
	await modal.getByTestId('credential-save-button').click();
	await tested;
	await modal.getByText(outcome).waitFor({ timeout: UI_TIMEOUT_MS });
}

/** Opens a node's panel: by double-click on the workflow's open canvas (a reload takes seconds), else by its URL. */
async function openNode(workflowId: string, name: string): Promise<Locator> {
	const ndv = page.getByTestId('ndv');
	const nodeId = nodeIds.get(name);
	const loaded = new URL(page.url()).pathname.startsWith(`/workflow/${workflowId}`);
	if (loaded) {
		// the panel's close button: Escape only closes a dropdown left open (n8n 1.x)
		if (await ndv.isVisible())
			await page
				.getByTestId('back-to-canvas')
				.or(page.getByTestId('ndv-close-button'))
				.filter({ visible: true })
				.first()
				.click();
		await ndv.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
		await page.locator(`.vue-flow__node[data-id="${nodeId}"]`).dblclick();
	} else {
		await page.goto(`${n8n.baseUrl}/workflow/${workflowId}/${nodeId}`);
	}
	await ndv.waitFor({ timeout: loaded ? UI_TIMEOUT_MS : PAGE_LOAD_TIMEOUT_MS });
	await page.getByTestId('node-parameters').waitFor({ timeout: UI_TIMEOUT_MS });
	return ndv;
}

/** The labels of the fields the Parameters tab shows (the credential picker aside). */
async function shownFields(): Promise<string[]> {
	const labels = page.getByTestId('node-parameters').locator('label').filter({ visible: true });
	const texts = await labels.evaluateAll((elements) =>
		elements
			// n8n 1.x labels the Fixed / Expression switch of each field too
			.filter((element) => !element.closest('[role="radiogroup"], [class*="radio" i]'))
			.map(
				(element) =>
					(element.querySelector('span') ?? element).textContent?.replace(/\s+/g, ' ').trim() ?? '',
			),
	);
	return texts.filter((text) => text !== '' && !/^Credential/.test(text));
}

/** The output table's column heads after a run (the editor remembers the last view picked: Table is picked here). */
async function outputColumns(): Promise<string[]> {
	const output = page.getByTestId('output-panel');
	await output.getByTestId('ndv-data-container').waitFor({ timeout: UI_TIMEOUT_MS });
	await output.getByRole('radio', { name: 'Table' }).click();
	const table = output.getByTestId('ndv-data-container').locator('table');
	await table.waitFor({ timeout: UI_TIMEOUT_MS });
	return (await table.locator('thead th').allInnerTexts())
		.map((text) => text.trim())
		.filter((text) => text !== '');
}

/** For the README's pictures: a TLS front for the sandbox as files.example.com, and n8n's environment to trust it. */
async function startDocsFront(): Promise<Record<string, string>> {
	const { hostname } = new URL(DOCS_BASE_URL);
	const key = path.join(WORK, 'docs-front.key');
	const cert = path.join(WORK, 'docs-front.crt');
	execFileSync(
		'openssl',
		[
			...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
			...['-keyout', key, '-out', cert, '-subj', `/CN=${hostname}`],
			...['-addext', `subjectAltName=DNS:${hostname}`],
		],
		{ stdio: 'ignore' },
	);
	const front = tls.createServer(
		{ key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
		(socket) => {
			const upstream = net.connect(sandbox.port, '127.0.0.1');
			socket.pipe(upstream).pipe(socket);
			socket.on('error', () => upstream.destroy());
			upstream.on('error', () => socket.destroy());
		},
	);
	await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
	docsFront = front;
	// the links in the outputs (fileUrl, thumbnailUrl) name the same server
	sandbox.model.baseUrl = DOCS_BASE_URL;
	const { port } = front.address() as net.AddressInfo;
	return {
		NODE_OPTIONS: `--require ${path.join(__dirname, 'host-alias.cjs')}`,
		NODE_EXTRA_CA_CERTS: cert,
		UI_HOST_ALIAS: `${hostname}:443=127.0.0.1:${port}`,
	};
}

/**
 * Drags the parameters to the panel's left edge and waits until every column of the output table is in view (for
 * the JSON view, until the edge has moved). The editor remembers the drag: the function returned drags them back.
 */
async function widenOutput(
	ndv: Locator,
	{ tableInView = true }: { tableInView?: boolean } = {},
): Promise<() => Promise<void>> {
	const handle = ndv.getByTestId('panel-drag-button');
	const box = await handle.boundingBox();
	if (!box) throw new Error('the panel has no drag handle');
	const y = box.y + box.height / 2;
	await page.mouse.move(box.x + box.width / 2, y);
	await page.mouse.down();
	await page.mouse.move(box.x - 1000, y, { steps: 20 });
	await page.mouse.up();
	const output = ndv.getByTestId('output-panel');
	await waitFor(
		tableInView ? 'every column of the output table in view' : 'the output panel to widen',
		async () => {
			const panel = await output.boundingBox();
			// the parameters' edge has moved well to the left
			if (!tableInView) return ((await handle.boundingBox())?.x ?? box.x) < box.x - 200;
			const heads = await output.locator('table thead th').all();
			const last = await heads[heads.length - 1]?.boundingBox();
			return !!panel && !!last && last.x + last.width <= panel.x + panel.width;
		},
		{ timeoutMs: UI_TIMEOUT_MS },
	);
	return async () => {
		const moved = await handle.boundingBox();
		if (!moved) return;
		await page.mouse.move(moved.x + moved.width / 2, y);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width / 2, y, { steps: 20 });
		await page.mouse.up();
	};
}

beforeAll(async () => {
	fs.rmSync(WORK, { recursive: true, force: true });
	fs.mkdirSync(LOGS, { recursive: true });
	const { install, userFolder } = await preparePackagedN8n(WORK, LOGS, watch);
	sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
	if (DOC_SHOTS)
		for (const [fixture, name] of Object.entries(DOC_FOLDER_NAMES))
			(sandbox.model.itemAt(0, fixture) as { name: string }).name = name;
	baseUrl = DOC_SHOTS ? DOCS_BASE_URL : sandbox.baseUrl;
	const env = DOC_SHOTS ? await startDocsFront() : {};
	n8n = await N8n.create({ install, userFolder, logDir: LOGS, env });
	await watch.time('import credentials + workflows', async () => {
		await n8n.importCredentials(
			sandboxCredentials(baseUrl, sandbox.seed).map((credential) => ({
				...credential,
				name: CREDENTIAL_NAMES[credential.type],
			})),
		);
		await n8n.importWorkflows([
			// one File Storage node per operation, as a user would place them
			workflowOf(
				OPERATIONS_WORKFLOW,
				'ui: every operation',
				operations().map((op) => ({
					name: op.action,
					type: NODE_TYPE,
					parameters: parametersOf(op),
					credential: credentialOf(op.resource),
				})),
			),
			workflowOf(TRIGGER_WORKFLOW, 'ui: trigger', [
				{
					name: TRIGGER_NAME,
					type: TRIGGER_NODE_TYPE,
					parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, event: 'upload' },
					credential: CREDENTIALS.api,
				},
			]),
			loadExample(EXAMPLES.cleanFileRequest),
		]);
	});
	await watch.time('n8n start', () => n8n.start());
	await n8n.setupOwner();
	browser = await chromium.launch({
		executablePath: process.env.UI_CHROMIUM ?? '/usr/bin/chromium',
		args: CHROMIUM_ARGS,
	});
	page = await browser.newPage({ viewport: VIEWPORT });
	page.setDefaultTimeout(UI_TIMEOUT_MS);
	await watch.time('sign in', async () => {
		await page.goto(`${n8n.baseUrl}/signin`);
		await page.getByTestId('emailOrLdapLoginId').locator('input').fill(TEST_OWNER.email);
		await page.getByTestId('password').locator('input').fill(TEST_OWNER.password);
		await page.getByTestId('form-submit-button').click();
		await page.waitForURL(/\/home\/|\/workflows/);
	});
	// the editor's first load, the slowest; the first test starts on the page it leaves
	await watch.time('open the editor', async () => {
		await page.goto(`${n8n.baseUrl}/workflow/new`);
		await canvasPlusButton().waitFor({ timeout: PAGE_LOAD_TIMEOUT_MS });
	});
}, 15 * 60_000);

afterAll(async () => {
	await browser?.close();
	await n8n?.stop();
	await stopAllChildren();
	await new Promise((resolve) => (docsFront ? docsFront.close(resolve) : resolve(undefined)));
	await sandbox?.stop();
	process.stdout.write(
		`\nUI phases (n8n ${selectedN8n().version}, screenshots in ${path.relative(REPO_ROOT, SHOTS)}):\n${watch.summary()}\n`,
	);
}, 60_000);

describe(`the editor of n8n ${selectedN8n().version} with the packed package`, () => {
	test('the node creator finds "File Storage" and lists every trigger and action by its name', async () => {
		// The README's picture shows every trigger and action: a window tall enough for the whole list
		if (DOC_SHOTS) await page.setViewportSize(TALL_VIEWPORT);
		if (new URL(page.url()).pathname !== '/workflow/new')
			await page.goto(`${n8n.baseUrl}/workflow/new`);
		await canvasPlusButton().click();
		await page.getByTestId('node-creator-search-bar').fill('File Storage');
		const creator = page.getByTestId('node-creator');
		await creator
			.getByTestId('item-iterator-item')
			.filter({ hasText: 'File Storage' })
			.first()
			.click();
		// Triggers are open; Actions is a collapsed category
		const items = creator.getByTestId('node-creator-item-name');
		await items.first().waitFor();
		const category = creator
			.getByTestId('node-creator-category-item')
			.filter({ hasText: /^Actions/ });
		await category.click();
		await waitFor(
			'the actions to be listed',
			async () => (await items.allInnerTexts()).length > triggerActions().length,
			{ timeoutMs: UI_TIMEOUT_MS },
		);
		const shown = (await items.allInnerTexts()).map((text) => text.trim());
		if (DOC_SHOTS) {
			const last = await items.last().boundingBox();
			const panel = await creator.boundingBox();
			// the whole list is in view, not cut after the first actions
			expect(last && panel && last.y + last.height <= panel.y + panel.height).toBe(true);
		}
		await shot('node-creator', creator);
		if (DOC_SHOTS) await page.setViewportSize(VIEWPORT);
		expect([...shown].sort()).toEqual(
			[...triggerActions(), ...operations().map((op) => op.action)].sort(),
		);
		await page.keyboard.press('Escape');
	});

	describe.each([
		[
			'File Storage API',
			'accessToken',
			() => sandbox.seed.users[0].accessToken,
			() => WRONG_ACCESS_TOKEN,
			/The access token was refused/,
			'fileStorageApi',
		],
		[
			'File Storage Share API',
			'shareToken',
			() => editorShare(sandbox.seed).token,
			() => UNKNOWN_SHARE_TOKEN,
			/share refused this token|unknown to this server/,
			'fileStorageShareApi',
		],
		[
			'File Storage File Request API',
			'fileRequestId',
			() => activeFileRequest(sandbox.seed).id,
			() => sandbox.seed.fileRequests.find((r) => !r.active)!.id,
			/not active anymore/,
			'fileStorageFileRequestApi',
		],
	])('the %s credential form', (typeName, secretField, goodSecret, badSecret, refusal, type) => {
		test('a refused secret shows why; the right one tests OK', async () => {
			// the form of the previous type closes onto this page: no reload of the editor
			const create = page.getByRole('button', { name: 'Create credential' });
			if (new URL(page.url()).pathname !== '/home/credentials') {
				await page.goto(`${n8n.baseUrl}/home/credentials`);
				await create.waitFor({ timeout: PAGE_LOAD_TIMEOUT_MS });
			}
			await create.click();
			await page.getByPlaceholder(/Search for app/).fill(typeName);
			await page
				.getByTestId('new-credential-type-select-option')
				.filter({ hasText: new RegExp(`^${typeName}$`) })
				.click();
			await page.getByTestId('new-credential-type-button').click();
			const modal = page.getByTestId('editCredential-modal');
			await modal.getByTestId('parameter-input-baseUrl').locator('input').fill(baseUrl);
			const secret = modal.getByTestId(`parameter-input-${secretField}`).locator('input');
			await secret.fill(badSecret());
			await saveAndTest(modal, 'Couldn’t connect with these settings');
			await modal.getByText('More details').click();
			await waitFor(
				'the reason of the refusal',
				async () => (await page.getByText(refusal).count()) > 0,
				{ timeoutMs: UI_TIMEOUT_MS },
			);
			await shot(`credential-${secretField}-refused`, modal);
			await secret.fill(goodSecret());
			await nameCredential(modal, CREDENTIAL_NAMES[type]);
			await saveAndTest(modal, 'Connection tested successfully');
			await shot(`credential-${secretField}`, modal);
			await page.keyboard.press('Escape');
		});
	});

	test.each(operations().map((op) => [op.action, op] as const))(
		'%s: the panel shows exactly its fields, as the README lists them',
		async (name, op) => {
			const ndv = await openNode(OPERATIONS_WORKFLOW, name);
			const shown = await shownFields();
			await shot(`panel-${op.resource}-${op.operation}`, ndv);
			// n8n shows the resource in the node's title bar, not as a field, once a node has one
			const expected = expectedFields(NODE, parametersOf(op)).filter(
				(field) => field !== 'Resource',
			);
			expect(shown).toEqual(expected);
			// every field is named in the README's row for the operation
			const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
			// prettier pads the table's cells: a row is found by its first two cells
			const row = readme.split('\n').find((line) => {
				const cells = line.split('|').map((cell) => cell.trim());
				return cells[1] === op.resourceName && cells[2] === op.operationName;
			});
			expect(row).toBeDefined();
			// Options is named once for all operations, above the table
			expect(readme).toContain('Every operation has **Options → Timeout**');
			const unnamed = shown.filter(
				(field) => field !== 'Operation' && field !== 'Options' && !row!.includes(field),
			);
			expect({ operation: name, unnamed }).toEqual({ operation: name, unnamed: [] });
		},
	);

	test("the folder picker lists the account's folders and its search narrows them", async () => {
		const ndv = await openNode(OPERATIONS_WORKFLOW, GET_FOLDER_CONTENTS);
		await ndv.getByTestId('rlc-input').click();
		// dropdowns opened earlier stay in the page, hidden
		const items = page.getByTestId('rlc-item').filter({ visible: true });
		await items.filter({ hasText: /^Documents$/ }).waitFor();
		const all = await items.allInnerTexts();
		await shot('folder-picker', page.getByTestId('ndv'));
		// the README's picture shows folders a user would have, not the test seed's fixtures
		for (const fixture of Object.keys(DOC_FOLDER_NAMES))
			expect(DOC_SHOTS ? all.map((text) => text.trim()) : []).not.toContain(fixture);
		expect(all.map((text) => text.trim())).toEqual(
			expect.arrayContaining(['Root (All Files)', 'Documents']),
		);
		await page.getByTestId('rlc-search').filter({ visible: true }).fill('Invoices');
		const narrowed = await waitFor(
			'the search to narrow the list',
			async () => {
				// the picked folder (Root) stays on top; the server's answer to the search replaces the rest a moment after typing
				const texts = (await items.allInnerTexts())
					.map((text) => text.trim())
					.filter((text) => text !== 'Root (All Files)');
				return texts.length > 0 && texts.every((text) => /Invoices/i.test(text))
					? texts
					: undefined;
			},
			{ timeoutMs: UI_TIMEOUT_MS },
		);
		expect(narrowed.length).toBeLessThan(all.length - 1);
		expect(narrowed).toContain('Documents / Invoices');
		await shot('folder-picker-search', page.getByTestId('ndv'));
		await page.keyboard.press('Escape');
	});

	test('running Folder → Get Contents shows the root in the output table with the simplified fields', async () => {
		// The README's picture shows the ten simplified fields side by side: a wide window and output panel
		if (DOC_SHOTS) await page.setViewportSize(WIDE_VIEWPORT);
		const ndv = await openNode(OPERATIONS_WORKFLOW, GET_FOLDER_CONTENTS);
		await ndv.getByTestId('node-execute-button').click();
		const columns = await outputColumns();
		if (DOC_SHOTS) {
			const restore = await widenOutput(ndv);
			await shot('output-folder-get-contents', ndv);
			await restore();
			await page.setViewportSize(VIEWPORT);
		} else {
			await shot('output-folder-get-contents', ndv);
		}
		const root = sandbox.model
			.activeChildren(`root:${sandbox.model.getUser(0).id}`)
			.map((item) => itemWrapper(sandbox.model, item));
		expect([...columns].sort()).toEqual(simplifiedKeys(simplifyItem, root).sort());
	});

	test('running File → Search shows the invoices with their folder paths', async () => {
		// The README's picture shows whole URLs in the JSON view: a wide window and output panel
		if (DOC_SHOTS) await page.setViewportSize(WIDE_VIEWPORT);
		const ndv = await openNode(OPERATIONS_WORKFLOW, SEARCH_FILES);
		await ndv.getByTestId('node-execute-button').click();
		const columns = await outputColumns();
		await shot('output-file-search', ndv);
		expect(columns).toContain('folderPath');
		expect(columns).not.toContain('parentName');
		const cells = await ndv.getByTestId('output-panel').locator('table tbody td').allInnerTexts();
		expect(cells.some((text) => /invoice/i.test(text))).toBe(true);
		expect(cells.some((text) => /^\/Documents\/Invoices$/.test(text.trim()))).toBe(true);
		// the JSON view shows each result's folderPath, off screen in the table
		await ndv.getByTestId('output-panel').getByRole('radio', { name: 'JSON' }).click();
		await ndv.getByTestId('output-panel').getByText('"folderPath"').first().waitFor();
		const restore = DOC_SHOTS ? await widenOutput(ndv, { tableInView: false }) : undefined;
		await shot('output-file-search-json', ndv);
		if (DOC_SHOTS) {
			// no line of the JSON is cut at the panel's edge
			const panel = await ndv.getByTestId('output-panel').boundingBox();
			const urls = ndv.getByTestId('output-panel').getByText(/https:\/\/files\.example\.com\//);
			for (const url of await urls.all()) {
				const box = await url.boundingBox();
				if (box && panel) expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
			}
			await restore?.();
			await page.setViewportSize(VIEWPORT);
		}
	});

	test("the trigger's Fetch Test Event shows the newest upload", async () => {
		sandbox.clock.advance(60_000);
		// the next invoice, as the seed names them
		const newest = sandbox.model.addFile(0, {
			folderId: sandbox.model.itemAt(0, 'Documents/Invoices').id,
			name: NEWEST_UPLOAD,
		});
		const ndv = await openNode(TRIGGER_WORKFLOW, TRIGGER_NAME);
		await shot('trigger-panel', ndv);
		await ndv
			.getByTestId('node-execute-button')
			.filter({ hasText: 'Fetch Test Event' })
			.first()
			.click();
		await outputColumns();
		await ndv.getByTestId('output-panel').getByText(newest.id).waitFor();
		expect(await ndv.getByTestId('output-panel').locator('table tbody tr').count()).toBe(1);
		expect(await ndv.getByTestId('output-panel').locator('table tbody').innerText()).toContain(
			NEWEST_UPLOAD,
		);
		// the panel shows the event picked; the JSON view shows every field of the one item, wider than the table
		expect(await shownFields()).toContain('Trigger On');
		await ndv.getByTestId('output-panel').getByRole('radio', { name: 'JSON' }).click();
		await ndv.getByTestId('output-panel').getByText('"thumbnailUrl"').waitFor();
		await shot('trigger-test-event', ndv);
	});

	test('the example "clean a file request" runs from the editor and deletes only the old files', async () => {
		const folderId = activeFileRequest(sandbox.seed).folderId;
		const old = sandbox.model.addFile(0, {
			folderId,
			name: 'ui-ancient.pdf',
			createdAt: new Date(Date.now() - 90 * 86_400_000),
		});
		const fresh = sandbox.model.addFile(0, {
			folderId,
			name: 'ui-fresh.pdf',
			createdAt: new Date(),
		});
		const workflow = loadExample(EXAMPLES.cleanFileRequest);
		await page.goto(`${n8n.baseUrl}/workflow/${workflow.id}`);
		const run = page.locator('[data-test-id^="execute-workflow-button"]').first();
		await run.waitFor({ timeout: PAGE_LOAD_TIMEOUT_MS });
		// the canvas pane lies over the button's edge for the pointer: a click event on the button is what a click does
		await run.dispatchEvent('click');
		await waitFor(
			'the old file to be deleted',
			() => (sandbox.model.findItem(old.id)?.deletedAt ?? null) !== null,
			{ timeoutMs: UI_TIMEOUT_MS },
		);
		await page
			.getByText(/Workflow executed successfully/)
			.first()
			.waitFor();
		await shot('example-clean-file-request');
		expect(sandbox.model.findItem(fresh.id)?.deletedAt).toBeNull();
		sandbox.model.deleteItemPermanently(fresh.id);
	});
});
