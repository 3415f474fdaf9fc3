/**
 * Download in the shared n8n (filesystem binary data), content checked by n8n's Crypto node (SHA-256): where the
 * token goes (a second sandbox is "another host"), cut and stalled bodies, an example, Upload File, the trigger.
 */
import { createHash, randomUUID } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { byId } from '../../helpers/parameters';
import { fileContent, iconContent, sha256OfContent, thumbnailContent } from '../../sandbox/content';
import type { FileRec } from '../../sandbox/model';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';
import { NODE_TYPE } from '../checkout';
import type { WorkflowSpec } from '../cli';
import type { Credential, Step } from '../fixtures';
import {
	activeFileRequestId,
	chain,
	CREDENTIALS,
	EXAMPLES,
	loadExample,
	MANUAL_TRIGGER,
	SHA256_OF_DATA,
	seedSecrets,
	TEXT_TO_FILE,
	triggerWorkflow,
} from '../fixtures';
import { expectNoLeaks } from '../leaks';
import type { ExecuteResult, N8n } from '../rest-client';
import type { RunData } from '../run-data';
import { expectOne, expectRun, nodeOutput } from '../run-data';
import type { SharedN8n, SharedSuite } from '../shared-n8n';
import { executionAfter, pollNow } from '../triggers';

const DOWNLOAD = 'Download';
const CHECKSUM = 'Checksum';

let shared: SharedN8n;
let n8n: N8n;
let sandbox: Sandbox;
/** "Another host": another origin, the same seed (the seed's token would work there). */
let other: Sandbox;
let secrets: string[];

const api = CREDENTIALS.api;
const request = CREDENTIALS.request;

const listRecent = (limit: number, simplify = true): Step => ({
	name: 'Recent uploads',
	type: NODE_TYPE,
	parameters: { resource: 'file', operation: 'getRecentUploads', limit, simplify },
	credential: api,
});
const download = (
	parameters: Record<string, unknown>,
	credential: Credential = api,
	onError?: Step['onError'],
): Step => ({
	name: DOWNLOAD,
	type: NODE_TYPE,
	parameters: {
		resource: credential === request ? 'fileRequest' : 'file',
		operation: 'download',
		...parameters,
	},
	credential,
	onError,
});
const checksum: Step = {
	name: CHECKSUM,
	type: 'n8n-nodes-base.crypto',
	typeVersion: 2,
	parameters: SHA256_OF_DATA,
};

/** Manual Trigger → the steps. */
const manual = (id: string, steps: Step[]) =>
	chain(id, `e2e download ${id}`, [MANUAL_TRIGGER, ...steps]);

/** New File in Folder with Include File Content → n8n's Crypto node (an item without content: an error item). */
const contentTrigger = (id: string, folderId: string): WorkflowSpec =>
	triggerWorkflow(
		id,
		'folderFile',
		undefined,
		{ folder: byId(folderId), options: { includeFileContent: true } },
		[{ ...checksum, onError: 'continueRegularOutput' }],
	);

const WF: Record<string, WorkflowSpec> = {};

/** n8n's signed tokens in the links the sandbox was asked to fetch. */
function signedTokens(): string[] {
	return sandbox.remoteUrls.flatMap((url) => new URL(url).searchParams.get('token') ?? []);
}

const expectNoSecrets = (value: unknown, where: string) =>
	expectNoLeaks(value, where, [...secrets, ...signedTokens()]);

async function execute(workflow: WorkflowSpec, ok: boolean): Promise<ExecuteResult> {
	sandbox.clearRequests();
	other.clearRequests();
	const result = await shared.watch.time(`manual run ${workflow.id}`, () =>
		n8n.execute(workflow.id, { timeoutMs: 180_000 }),
	);
	return expectRun(result, ok, [...secrets, ...signedTokens()]);
}

interface BinaryMeta {
	fileName?: string;
	mimeType?: string;
	bytes?: number;
	fileSize?: string;
	id?: string;
}

/** The binary metadata of a node's output items. */
function binaries(
	run: { data?: RunData['data'] } | undefined,
	node: string,
): Array<BinaryMeta | undefined> {
	const items = (run?.data?.resultData.runData[node]?.[0]?.data?.main?.[0] ?? []) as Array<{
		binary?: { data?: BinaryMeta };
	}>;
	return items.map((item) => item.binary?.data);
}

/** The size n8n recorded per file (undefined: none): 2.x exact `bytes`, 1.x only a `fileSize` text. */
function expectRecordedSizes(
	stored: Array<BinaryMeta | undefined>,
	sizes: Array<number | undefined>,
): void {
	if (n8n.install.offers.binaryBytes) {
		expect(stored.map((b) => b?.bytes)).toEqual(sizes);
		return;
	}
	expect(stored.map((b) => b?.bytes)).toEqual(sizes.map(() => undefined));
	expect(stored.map((b) => (b === undefined ? undefined : typeof b.fileSize))).toEqual(
		sizes.map((size) => (size === undefined ? undefined : 'string')),
	);
}

const contentRequests = (sb: Sandbox) => sb.requests.filter((r) => !r.path.startsWith('/api/'));
const bearer = () => `Bearer ${sandbox.seed.users[0].accessToken}`;

/** Files added as the newest uploads, newest first. */
function addNewest(specs: Array<{ name: string; size: number; mimetype?: string }>): FileRec[] {
	const folderId = sandbox.model.itemAt(0, 'Documents').id;
	return specs
		.map((spec) => {
			sandbox.clock.advance(60_000);
			return sandbox.model.addFile(0, { folderId, ...spec });
		})
		.reverse();
}

const UPLOADED = 'Uploaded file';

/** Webhook (path: the id; answers with the last items) → a file per `files` entry → Upload File → Download → SHA-256. */
function uploadWorkflow(id: string, uploadParameters: Record<string, unknown>) {
	return chain(id, `e2e download ${id}`, [
		{
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: randomUUID(),
			parameters: {
				httpMethod: 'POST',
				path: id,
				responseMode: 'lastNode',
				responseData: 'allEntries',
				options: {},
			},
		},
		{
			name: 'Files',
			type: 'n8n-nodes-base.splitOut',
			parameters: { fieldToSplitOut: 'body.files', options: {} },
		},
		TEXT_TO_FILE,
		{
			name: 'Upload',
			type: NODE_TYPE,
			parameters: { resource: 'fileRequest', operation: 'uploadFile', ...uploadParameters },
			credential: request,
		},
		{ ...download({}, request), name: UPLOADED },
		checksum,
	]);
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

const UPLOADS = {
	wait: uploadWorkflow('e2eUpWait', { options: { batchSize: 1 } }),
	unreachable: uploadWorkflow('e2eUpUnreach', { options: { maxWait: 6 } }),
	together: uploadWorkflow('e2eUpTogether', {}),
};
const UPLOAD_WORKFLOWS = Object.values(UPLOADS);

export const downloadSuite: SharedSuite = {
	async prepare(given) {
		({ n8n, sandbox } = shared = given);
		other = await startSandbox();
		secrets = seedSecrets(sandbox.seed);
		const round1 = sandbox.model.itemAt(0, 'Client Uploads/Round 1').id;
		const notes = sandbox.model.itemAt(0, 'Documents/notes.txt') as FileRec;
		Object.assign(WF, {
			recent: manual('e2eDlRecent', [listRecent(6), download({}), checksum]),
			raw: manual('e2eDlRaw', [listRecent(2, false), download({}), checksum]),
			thumbnails: manual('e2eDlThumbs', [
				listRecent(2),
				download({ content: 'thumbnail' }),
				checksum,
			]),
			fileRequest: manual('e2eDlRequest', [
				{
					name: 'Received',
					type: NODE_TYPE,
					parameters: {
						resource: 'fileRequest',
						operation: 'getContents',
						parent: { __rl: true, mode: 'id', value: round1 },
						returnAll: true,
					},
					credential: request,
				},
				download({}, request),
				checksum,
			]),
			otherHost: manual('e2eDlOtherHost', [
				download({ source: 'url', fileUrl: `${other.baseUrl}/file/${notes.basename}` }),
			]),
			redirect: manual('e2eDlRedirect', [
				download({ source: 'url', fileUrl: `${sandbox.baseUrl}/file/e2e-moved` }),
				checksum,
			]),
			cut: manual('e2eDlCut', [
				download({ source: 'url', fileUrl: `${sandbox.baseUrl}/file/${notes.basename}` }),
			]),
			continueOnFail: manual('e2eDlContinue', [
				listRecent(2),
				download({}, api, 'continueRegularOutput'),
			]),
			contentTrigger: contentTrigger(
				'e2eDlTrigContent',
				sandbox.model.itemAt(0, 'Client Uploads').id,
			),
			stalled: manual('e2eDlStalled', [
				download({ source: 'url', fileUrl: `/file/${notes.basename}`, options: { timeout: 2 } }),
			]),
		});
		return { workflows: [...Object.values(WF), ...UPLOAD_WORKFLOWS] };
	},
	tests,
	secrets: signedTokens,
	stop: async () => await other?.stop(),
};

function tests(): void {
	beforeAll(() => sandbox.reset());

	describe("Download in n8n (filesystem binary data), checked by n8n's Crypto node", () => {
		test('files of several sizes and types arrive byte for byte, with their names and types, on disk', async () => {
			const files = addNewest([
				{ name: 'empty.txt', size: 0 },
				{ name: 'one.bin', size: 1, mimetype: 'application/octet-stream' },
				{ name: 'block-plus-one.csv', size: 65_537 },
				{ name: 'Résumé 2026.pdf', size: 3_000_001 },
				{ name: 'photo.png', size: 1_234_567 },
				{ name: 'archive.zip', size: 25_000_000 },
			]);
			const { run } = await execute(WF.recent, true);
			expect(nodeOutput(run, CHECKSUM).map((json) => [json.id, json.sha256])).toEqual(
				files.map((f) => [f.id, sha256OfContent(fileContent(f))]),
			);
			expect(binaries(run, DOWNLOAD)).toEqual(
				files.map((f) =>
					expect.objectContaining({
						fileName: f.name,
						mimeType: f.mimetype,
						id: expect.stringMatching(/^filesystem-v2:/),
					}),
				),
			);
			expectRecordedSizes(
				binaries(run, DOWNLOAD),
				files.map((f) => f.size),
			);
			// the input's JSON flows on: the listing's fields are still there after the download
			expect(nodeOutput(run, DOWNLOAD).map((json) => json.name)).toEqual(files.map((f) => f.name));
			expect(contentRequests(sandbox).map((r) => [r.path, r.authorization, r.status])).toEqual(
				files.map((f) => [`/file/${f.basename}`, bearer(), 200]),
			);
		}, 240_000);

		test('raw input (Simplify off) and thumbnails', async () => {
			const [photo, doc] = addNewest([
				{ name: 'e2e-doc.pdf', size: 12_345 },
				{ name: 'e2e-photo.jpg', size: 456_789 },
			]);
			const raw = await execute(WF.raw, true);
			expect(nodeOutput(raw.run, CHECKSUM).map((json) => json.sha256)).toEqual(
				[photo, doc].map((f) => sha256OfContent(fileContent(f))),
			);
			const thumbs = await execute(WF.thumbnails, true);
			expect(nodeOutput(thumbs.run, CHECKSUM).map((json) => json.sha256)).toEqual([
				sha256OfContent(thumbnailContent(photo, 'xs')),
				sha256OfContent(iconContent('pdf')),
			]);
			expect(binaries(thumbs.run, DOWNLOAD).map((b) => [b?.fileName, b?.mimeType])).toEqual([
				['e2e-photo-thumbnail.jpg', 'image/jpeg'],
				['e2e-doc-thumbnail.svg', 'image/svg+xml'],
			]);
		}, 240_000);

		test('File Request → Download: no Authorization header, the request in the path', async () => {
			const { run } = await execute(WF.fileRequest, true);
			const scan = sandbox.model.itemAt(0, 'Client Uploads/Round 1/scan-001.pdf') as FileRec;
			expect(nodeOutput(run, CHECKSUM).map((json) => [json.name, json.sha256])).toEqual([
				['scan-001.pdf', sha256OfContent(fileContent(scan))],
			]);
			const [content] = contentRequests(sandbox);
			expect(content).toMatchObject({
				path: `/file/${scan.basename}/upload-request/${activeFileRequestId(sandbox.seed)}`,
				status: 200,
			});
			expect(content.authorization).toBeUndefined();
		}, 180_000);

		test('a file on another host gets no token; a redirect there drops it', async () => {
			const direct = await execute(WF.otherHost, false);
			expect(direct.run?.data.resultData.error?.message).toMatch(
				/^The server refused to send the file without valid credentials \(HTTP 401\)/,
			);
			expect(String(direct.run?.data.resultData.error?.description)).toMatch(
				/only to the Base URL's server/,
			);
			expect(other.requests).toHaveLength(1);
			expect(other.requests[0].authorization).toBeUndefined();

			sandbox.fault({
				path: '/file/e2e-moved',
				status: 302,
				headers: { Location: `${other.baseUrl}/assets/icons/pdf.svg` },
			});
			const redirected = await execute(WF.redirect, true);
			expect(nodeOutput(redirected.run, CHECKSUM)[0].sha256).toBe(
				sha256OfContent(iconContent('pdf')),
			);
			expectOne(contentRequests(sandbox), {
				path: '/file/e2e-moved',
				authorization: bearer(),
				status: 302,
			});
			expectOne(other.requests, { path: '/assets/icons/pdf.svg', status: 200 });
			expect(other.requests[0].authorization).toBeUndefined();
		}, 180_000);

		test('a cut body fails the node; with On Error → Continue it is an error item and the next file still arrives', async () => {
			const notes = sandbox.model.itemAt(0, 'Documents/notes.txt') as FileRec;
			sandbox.fault({ path: /^\/file\//, cutAfterBytes: 100 });
			const cut = await execute(WF.cut, false);
			expect(cut.run?.data.resultData.error?.message).toMatch(
				new RegExp(`^The download was cut short after \\d+ of ${notes.size} bytes`),
			);
			expect(nodeOutput(cut.run, DOWNLOAD)).toEqual([]);

			// newest first: the file to cut, then the one that arrives
			const [cutFile, okFile] = addNewest([
				{ name: 'e2e-ok.txt', size: 2_000 },
				{ name: 'e2e-cut.bin', size: 300_000 },
			]);
			sandbox.fault({ path: `/file/${cutFile.basename}`, cutAfterBytes: 70_000 });
			const { run } = await execute(WF.continueOnFail, true);
			const out = nodeOutput(run, DOWNLOAD);
			expect(out).toHaveLength(2);
			expect(String((out[0].error as { message?: string }).message)).toMatch(
				new RegExp(`^The download was cut short after \\d+ of ${cutFile.size} bytes`),
			);
			expect(binaries(run, DOWNLOAD)).toEqual([
				undefined,
				expect.objectContaining({ fileName: okFile.name }),
			]);
			expectRecordedSizes(binaries(run, DOWNLOAD), [undefined, okFile.size]);
		}, 180_000);

		test('a body that stops mid-way fails after the time limit', async () => {
			const notes = sandbox.model.itemAt(0, 'Documents/notes.txt') as FileRec;
			sandbox.fault({ path: /^\/file\//, stallAfterBytes: 200 });
			const { run } = await execute(WF.stalled, false);
			expect(run?.data.resultData.error?.message).toBe(
				`The download stalled: no data for 2 s after 200 of ${notes.size} bytes of ${sandbox.baseUrl}/file/${notes.basename} [item 0]`,
			);
		}, 180_000);
	});

	describe('example "when a file is uploaded → download → checksum"', () => {
		test('checksums exactly the new upload', async () => {
			const workflow = loadExample(EXAMPLES.onUploadDownload);
			const [execution, upload] = await executionAfter(n8n, sandbox, workflow.id, 'upload', () =>
				sandbox.model.addFile(0, {
					folderId: sandbox.model.itemAt(0, 'Photos').id,
					name: 'e2e-upload.jpg',
					size: 3_456_789,
				}),
			);
			expect(execution.status).toBe('success');
			expectOne(nodeOutput(execution, 'SHA-256 of the content'), {
				id: upload.id,
				name: 'e2e-upload.jpg',
				sha256: sha256OfContent(fileContent(upload)),
			});
			expectNoSecrets(JSON.stringify(execution), 'the example execution');
			await n8n.deactivate(workflow.id);
		}, 180_000);
	});

	describe('File Request → Upload File in n8n: a file the workflow makes goes in and comes back the same', () => {
		const { wait, unreachable, together } = UPLOADS;
		const workflows = UPLOAD_WORKFLOWS;
		let defaults: typeof sandbox.uploads;

		beforeAll(async () => {
			defaults = { ...sandbox.uploads };
			for (const workflow of workflows) await n8n.activate(workflow.id);
		}, 180_000);
		afterEach(() => {
			Object.assign(sandbox.uploads, defaults);
		});
		afterAll(async () => {
			for (const workflow of workflows) await n8n.deactivate(workflow.id);
		});

		/** One run of an upload workflow: n8n's answer, its items and the saved execution (no secret, no signed token). */
		async function upload(files: Array<{ name: string; text: string }>, workflow = together) {
			const answer = await n8n.callWebhook(workflow.id, { body: { files } });
			const [execution] = (await n8n.executions(workflow.id)).slice(-1);
			expectNoSecrets(execution, 'the upload execution');
			expect(JSON.stringify(execution)).not.toMatch(/token=ey/);
			const out = (answer.status === 200 ? JSON.parse(answer.text) : []) as Array<IDataObject>;
			return { answer, execution, out };
		}

		test('3 files, 1 of them queued by the server: same SHA-256, name and MIME type after the round trip', async () => {
			// one request per file (Batch Size 1); the server queues the one named so, and fetches it 1.5 s later
			sandbox.uploads.queueWhen = (urls) => urls.some((url) => url.includes('queued'));
			sandbox.uploads.queueDelayMs = 1_500;
			const files = [
				{ name: 'notes from n8n.txt', text: 'made by a workflow\n' },
				{ name: 'queued-report.csv', text: 'a,b\n1,2\n' },
				{ name: 'Résumé.md', text: '# Résumé\n' },
			];
			const { answer, execution, out } = await upload(files, wait);
			expect(answer.status).toBe(200);
			const binariesOf = (node: string) =>
				binaries(execution, node).map((binary) => [binary?.fileName, binary?.mimeType]);
			// what the workflow made, as the file request lists it, and as it downloads again
			const made = binariesOf('Make file');
			expect(made.map(([name]) => name)).toEqual(files.map((file) => file.name));
			expect(out.map((json) => [json.name, json.mimeType])).toEqual(made);
			expect(binariesOf(UPLOADED)).toEqual(made);
			expect(out.map((json) => json.sha256)).toEqual(files.map((file) => sha256Hex(file.text)));
			// the server fetched n8n's signed links, and the stored files are the same bytes
			const stored = out.map((json) => sandbox.model.findItem(String(json.id)) as FileRec);
			expect(stored.map((file) => sha256OfContent(fileContent(file)))).toEqual(
				files.map((file) => sha256Hex(file.text)),
			);
			const uploads = sandbox.requests.filter((r) => r.path.endsWith('/uploads'));
			expect(uploads).toHaveLength(3);
		}, 180_000);

		test('a server that cannot reach n8n: the readable error within the wait, naming the link without its token', async () => {
			sandbox.uploads.queueWhen = () => true;
			sandbox.uploads.unreachable = true;
			const started = Date.now();
			const { answer, execution } = await upload([{ name: 'never.txt', text: 'x' }], unreachable);
			expect(answer.status).toBe(500);
			expect(Date.now() - started).toBeLessThan(60_000);
			expect(execution.status).toBe('error');
			const error = execution.data?.resultData.error as { message?: string; description?: string };
			expect(error.message).toBe(
				'The file "never.txt" did not show up in the file request within 6 s [item 0]',
			);
			expect(error.description).toMatch(
				/^The server was asked to fetch http:\/\/127\.0\.0\.1:\d+\/rest\/binary-data\/signed\?token=\[redacted\]&filename=\/never\.txt\. /,
			);
		}, 120_000);

		test('a server that refuses the links at once and echoes them (HTTP 422): the token is in no field of the saved execution', async () => {
			sandbox.uploads.queueWhen = () => false;
			sandbox.uploads.unreachable = true;
			const tokensBefore = signedTokens().length;
			const { answer, execution } = await upload([
				{ name: 'refused.txt', text: 'x' },
				{ name: 'refused too.txt', text: 'y' },
			]);
			expect(answer.status).toBe(500);
			expect(execution.status).toBe('error');
			// the server was given two links and echoed both in its answer
			expect(signedTokens()).toHaveLength(tokensBefore + 2);
			const saved = JSON.stringify(execution);
			expect(saved).toContain('errorResponse');
			expect(saved).toMatch(/could not be downloaded/);
			expect(saved).not.toMatch(/token=(?!\[redacted\])/);
			const error = execution.data?.resultData.error as { message?: string; description?: string };
			expect(error.message).toMatch(
				/^The server rejected the request as invalid \(HTTP 422\): urls\.0: The file at http:\/\/127\.0\.0\.1:\d+\/rest\/binary-data\/signed\?token=\[redacted\]&filename=\/refused\.txt could not be downloaded/,
			);
			expect(error.description).toMatch(
				/^The server could not fetch the file from n8n's private link http:\/\/127\.0\.0\.1:\d+\/rest\/binary-data\/signed\?token=\[redacted\]&filename=\/refused\.txt \(and 1 more\)\. Check that the server can reach n8n at http:\/\/127\.0\.0\.1:\d+: WEBHOOK_URL on n8n sets that address\./,
			);
			expect(error.description).not.toMatch(/URLs per Request|urls\.N/);
		}, 120_000);

		test.each(['newest first', 'oldest first'] as const)(
			'two different files of the same name in one request, on a server that lists %s: each item gets its own file',
			async (listOrder) => {
				sandbox.uploads.listOrder = listOrder;
				const files = [
					{ name: 'invoice.pdf', text: 'the first invoice\n' },
					{ name: 'invoice.pdf', text: 'the second invoice, which is longer than the first\n' },
				];
				sandbox.clearRequests();
				const { answer, out } = await upload(files);
				expect(answer.status).toBe(200);
				expect(sandbox.requests.filter((r) => r.path.endsWith('/uploads'))).toHaveLength(1);
				expect(out.map((json) => json.sha256)).toEqual(files.map((file) => sha256Hex(file.text)));
				expect(new Set(out.map((json) => json.id)).size).toBe(2);
			},
			120_000,
		);

		test('"Résumé 2026.md" on each kind of server: the name it stores, and the original kept as fileName', async () => {
			const stored: Record<string, unknown[]> = {};
			for (const naming of ['url', 'ancestor', 'disposition'] as const) {
				sandbox.uploads.naming = naming;
				const { answer, out } = await upload([{ name: 'Résumé 2026.md', text: '# CV\n' }]);
				expect(answer.status).toBe(200);
				expect(out[0].sha256).toBe(sha256Hex('# CV\n'));
				stored[naming] = [out[0].name, out[0].fileName];
			}
			expect(stored).toEqual({
				url: ['Résumé 2026.md', 'Résumé 2026.md'],
				ancestor: ['R%C3%A9sum%C3%A9%202026', 'Résumé 2026.md'],
				disposition: ['R%C3%A9sum%C3%A9%202026.md', 'Résumé 2026.md'],
			});
		}, 120_000);
	});

	describe('File Storage Trigger with Include File Content, in n8n start', () => {
		test('New File in Folder with Include File Content emits the bytes; a file whose content fails comes once, without it', async () => {
			const workflow = WF.contentTrigger;
			const folderId = sandbox.model.itemAt(0, 'Client Uploads').id;
			const [execution, [whole, broken]] = await executionAfter(
				n8n,
				sandbox,
				workflow.id,
				'folderFile',
				() => {
					const whole = sandbox.model.addFile(0, {
						folderId,
						name: 'Scan März.pdf',
						size: 2_345_678,
					});
					sandbox.clock.advance(60_000);
					const broken = sandbox.model.addFile(0, { folderId, name: 'broken.txt', size: 4_321 });
					sandbox.fault({
						path: `/file/${broken.basename}`,
						cutAfterBytes: 1_000,
						times: Infinity,
					});
					return [whole, broken];
				},
			);
			expect(execution.status).toBe('success');
			const emitted = execution.data?.resultData.runData.Trigger?.[0]?.data?.main?.[0] as
				| Array<{ json: Record<string, unknown>; binary?: { data?: BinaryMeta } }>
				| undefined;
			expect(emitted?.map((item) => item.json.id)).toEqual([whole.id, broken.id]);
			expect(emitted?.[0].binary?.data).toMatchObject({
				fileName: 'Scan März.pdf',
				mimeType: 'application/pdf',
				id: expect.stringMatching(/^filesystem/),
			});
			expect(emitted?.[0].json.contentError).toBeUndefined();
			expect(emitted?.[1].binary).toBeUndefined();
			expect(String(emitted?.[1].json.contentError)).toMatch(
				/^The download was cut short after \d+ of 4321 bytes of http:\/\/127\.0\.0\.1:\d+\/file\/[^ ]+\. The file is output without its content/,
			);
			const hashed = nodeOutput(execution, CHECKSUM);
			expect(hashed[0]).toMatchObject({
				id: whole.id,
				sha256: sha256OfContent(fileContent(whole)),
			});
			expectNoSecrets(JSON.stringify(execution), 'the content trigger execution');
			// emitted once: the next poll finds nothing new, though the broken file's content still fails
			await pollNow(n8n, sandbox, workflow.id, 'folderFile');
			expect(await n8n.executions(workflow.id)).toHaveLength(1);
			await n8n.deactivate(workflow.id);
		}, 180_000);
	});
}
