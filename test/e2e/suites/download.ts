/** Download in the shared n8n, checked by n8n's Crypto node (SHA-256): token, cut and stalled bodies, Upload File, trigger. */
import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { byId } from '../../helpers/parameters';
import { fileContent, iconContent, sha256OfContent, thumbnailContent } from '../../sandbox/content';
import type { FileRec } from '../../sandbox/model';
import { activeFileRequest } from '../../sandbox/seed';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';
import { NODE_TYPE } from '../checkout';
import type { WorkflowSpec } from '../cli';
import type { Credential, Step } from '../fixtures';
import {
	chain,
	CREDENTIALS,
	EXAMPLES,
	loadExample,
	MANUAL_TRIGGER,
	SHA256_OF_DATA,
	seedSecrets,
	splitOut,
	TEXT_TO_FILE,
	triggerWorkflow,
	webhook,
} from '../fixtures';
import type { ExecuteResult, N8n } from '../rest-client';
import { binaries, expectError, expectOne, nodeItems, nodeOutput } from '../run-data';
import { manualRun } from '../shared-n8n';
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

const { api, request } = CREDENTIALS;
/** A File Storage node. */
const node = (name: string, parameters: IDataObject, credential: Credential = api): Step => ({
	name,
	type: NODE_TYPE,
	parameters,
	credential,
});
const listRecent = (limit: number, simplify = true) =>
	node('Recent uploads', { resource: 'file', operation: 'getRecentUploads', limit, simplify });
/** A Download node; a File Request credential downloads a file of the request. */
const download = (parameters: IDataObject, credential: Credential = api) => {
	const resource = credential === request ? 'fileRequest' : 'file';
	return node(DOWNLOAD, { resource, operation: 'download', ...parameters }, credential);
};
const crypto = 'n8n-nodes-base.crypto';
const checksum: Step = { name: CHECKSUM, type: crypto, typeVersion: 2, parameters: SHA256_OF_DATA };

/** Manual Trigger → the steps. */
const manual = (id: string, steps: Step[]) =>
	chain(id, `e2e download ${id}`, [MANUAL_TRIGGER, ...steps]);

const WF: Record<string, WorkflowSpec> = {};

/** n8n's signed tokens in the links the sandbox was asked to fetch. */
const signedTokens = () =>
	sandbox.remoteUrls.flatMap((url) => new URL(url).searchParams.get('token') ?? []);
const allSecrets = () => [...secrets, ...signedTokens()];
const execute = async (workflow: WorkflowSpec, ok: boolean): Promise<ExecuteResult> =>
	await manualRun(shared, workflow.id, { ok, secrets: allSecrets, sandboxes: [sandbox, other] });
/** How Download says a body ended after some bytes of `size`. */
const cutShort = (size: number) =>
	new RegExp(`^The download was cut short after \\d+ of ${size} bytes`);
/** n8n's signed link to `file`, token redacted, as a pattern. */
const signedLink = (file: string) =>
	String.raw`http:\/\/127\.0\.0\.1:\d+\/rest\/binary-data\/signed\?token=\[redacted\]&filename=\/` +
	file;

/** The size n8n recorded per file Download output (undefined: none): 2.x exact `bytes`, 1.x only a `fileSize` text. */
function expectRecordedSizes(run: ExecuteResult['run'], files: Array<FileRec | undefined>) {
	const [stored, sizes] = [binaries(run, DOWNLOAD), files.map((file) => file?.size)];
	const bytes = stored.map((b) => b?.bytes);
	if (n8n.install.offers.binaryBytes) return expect(bytes).toEqual(sizes);
	expect(bytes).toEqual(sizes.map(() => undefined));
	expect(stored.map((b) => b && typeof b.fileSize)).toEqual(
		sizes.map((size) => (size === undefined ? undefined : 'string')),
	);
}

const contentRequests = (sb: Sandbox) => sb.requests.filter((r) => !r.path.startsWith('/api/'));
const bearer = () => `Bearer ${sandbox.seed.users[0].accessToken}`;
const itemAt = (itemPath: string) => sandbox.model.itemAt(0, itemPath) as FileRec;

/** Files added as the newest uploads, newest first. */
function addNewest(specs: Array<{ name: string; size: number; mimetype?: string }>): FileRec[] {
	const folderId = itemAt('Documents').id;
	return specs
		.map((spec) => {
			sandbox.clock.advance(60_000);
			return sandbox.model.addFile(0, { folderId, ...spec });
		})
		.reverse();
}

const UPLOADED = 'Uploaded file';

/** Webhook (path: the id; answers with the last items) → a file per `files` entry → Upload File → Download → SHA-256. */
function uploadWorkflow(id: string, upload: IDataObject) {
	return chain(id, `e2e download ${id}`, [
		webhook(id, 'allEntries'),
		splitOut('Files', 'body.files'),
		TEXT_TO_FILE,
		node('Upload', { resource: 'fileRequest', operation: 'uploadFile', ...upload }, request),
		{ ...download({}, request), name: UPLOADED },
		checksum,
	]);
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
/** The SHA-256 of a sandbox file's bytes; the ones Crypto computed in a run. */
const sha256Of = (file: FileRec) => sha256OfContent(fileContent(file));
const checksums = (run: ExecuteResult['run']) =>
	nodeOutput(run, CHECKSUM).map((json) => json.sha256);

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
		const round1 = { __rl: true, mode: 'id', value: itemAt('Client Uploads/Round 1').id };
		const notes = itemAt('Documents/notes.txt');
		const fromUrl = (fileUrl: string, options?: IDataObject) =>
			download({ source: 'url', fileUrl, ...(options && { options }) });
		const received = { resource: 'fileRequest', operation: 'getContents', returnAll: true };
		Object.assign(WF, {
			recent: manual('e2eDlRecent', [listRecent(6), download({}), checksum]),
			raw: manual('e2eDlRaw', [listRecent(2, false), download({}), checksum]),
			thumbnails: manual('e2eDlThumbs', [
				listRecent(2),
				download({ content: 'thumbnail' }),
				checksum,
			]),
			fileRequest: manual('e2eDlRequest', [
				node('Received', { ...received, parent: round1 }, request),
				download({}, request),
				checksum,
			]),
			otherHost: manual('e2eDlOtherHost', [fromUrl(`${other.baseUrl}/file/${notes.basename}`)]),
			redirect: manual('e2eDlRedirect', [fromUrl(`${sandbox.baseUrl}/file/e2e-moved`), checksum]),
			cut: manual('e2eDlCut', [fromUrl(`${sandbox.baseUrl}/file/${notes.basename}`)]),
			continueOnFail: manual('e2eDlContinue', [
				listRecent(2),
				{ ...download({}), onError: 'continueRegularOutput' },
			]),
			// New File in Folder with Include File Content → Crypto (an item without content: an error item)
			contentTrigger: triggerWorkflow(
				'e2eDlTrigContent',
				'folderFile',
				undefined,
				{ folder: byId(itemAt('Client Uploads').id), options: { includeFileContent: true } },
				[{ ...checksum, onError: 'continueRegularOutput' }],
			),
			stalled: manual('e2eDlStalled', [fromUrl(`/file/${notes.basename}`, { timeout: 2 })]),
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
				files.map((f) => [f.id, sha256Of(f)]),
			);
			const id = expect.stringMatching(/^filesystem-v2:/);
			expect(binaries(run, DOWNLOAD)).toEqual(
				files.map((f) => expect.objectContaining({ fileName: f.name, mimeType: f.mimetype, id })),
			);
			expectRecordedSizes(run, files);
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
			expect(checksums(raw.run)).toEqual([photo, doc].map(sha256Of));
			const thumbs = await execute(WF.thumbnails, true);
			expect(checksums(thumbs.run)).toEqual([
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
			const scan = itemAt('Client Uploads/Round 1/scan-001.pdf');
			expect(nodeOutput(run, CHECKSUM).map((json) => [json.name, json.sha256])).toEqual([
				['scan-001.pdf', sha256Of(scan)],
			]);
			const [content] = contentRequests(sandbox);
			const path = `/file/${scan.basename}/upload-request/${activeFileRequest(sandbox.seed).id}`;
			expect(content).toMatchObject({ path, status: 200 });
			expect(content.authorization).toBeUndefined();
		}, 180_000);

		test('a file on another host gets no token; a redirect there drops it', async () => {
			const direct = await execute(WF.otherHost, false);
			expectError(
				direct.run?.data.resultData.error,
				/^The server refused to send the file without valid credentials \(HTTP 401\)/,
				/only to the Base URL's server/,
			);
			expect(other.requests.map((r) => r.authorization)).toEqual([undefined]);

			const Location = `${other.baseUrl}/assets/icons/pdf.svg`;
			sandbox.fault({ path: '/file/e2e-moved', status: 302, headers: { Location } });
			const redirected = await execute(WF.redirect, true);
			expect(checksums(redirected.run)).toEqual([sha256OfContent(iconContent('pdf'))]);
			const moved = { path: '/file/e2e-moved', authorization: bearer(), status: 302 };
			expectOne(contentRequests(sandbox), moved);
			expectOne(other.requests, { path: '/assets/icons/pdf.svg', status: 200 });
			expect(other.requests[0].authorization).toBeUndefined();
		}, 180_000);

		test('a cut body fails the node; with On Error → Continue it is an error item and the next file still arrives', async () => {
			const notes = itemAt('Documents/notes.txt');
			sandbox.fault({ path: /^\/file\//, cutAfterBytes: 100 });
			const cut = await execute(WF.cut, false);
			expectError(cut.run?.data.resultData.error, cutShort(notes.size));
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
			expectError(out[0].error as IDataObject, cutShort(cutFile.size));
			const arrived = expect.objectContaining({ fileName: okFile.name });
			expect(binaries(run, DOWNLOAD)).toEqual([undefined, arrived]);
			expectRecordedSizes(run, [undefined, okFile]);
		}, 180_000);

		test('a body that stops mid-way fails after the time limit', async () => {
			const notes = itemAt('Documents/notes.txt');
			sandbox.fault({ path: /^\/file\//, stallAfterBytes: 200 });
			const { run } = await execute(WF.stalled, false);
			expectError(
				run?.data.resultData.error,
				`The download stalled: no data for 2 s after 200 of ${notes.size} bytes of ${sandbox.baseUrl}/file/${notes.basename} [item 0]`,
			);
		}, 180_000);
	});

	describe('example "when a file is uploaded → download → checksum"', () => {
		test('checksums exactly the new upload', async () => {
			const workflow = loadExample(EXAMPLES.onUploadDownload);
			const folderId = itemAt('Photos').id;
			const [execution, upload] = await executionAfter(n8n, sandbox, workflow.id, 'upload', () =>
				sandbox.model.addFile(0, { folderId, name: 'e2e-upload.jpg', size: 3_456_789 }),
			);
			expectOne(nodeOutput(execution, 'SHA-256 of the content'), {
				id: upload.id,
				name: 'e2e-upload.jpg',
				sha256: sha256Of(upload),
			});
			await n8n.deactivate(workflow.id);
		}, 180_000);
	});

	describe('File Request → Upload File in n8n: a file the workflow makes goes in and comes back the same', () => {
		const { wait, unreachable, together } = UPLOADS;
		let defaults: typeof sandbox.uploads;

		beforeAll(async () => {
			defaults = { ...sandbox.uploads };
			for (const workflow of UPLOAD_WORKFLOWS) await n8n.activate(workflow.id);
		}, 180_000);
		afterEach(() => void Object.assign(sandbox.uploads, defaults));
		afterAll(async () => {
			for (const workflow of UPLOAD_WORKFLOWS) await n8n.deactivate(workflow.id);
		});

		/** A run of an upload workflow, answered 200 (`ok`) or 500: its items, the saved execution (no signed token in it). */
		async function upload(
			files: Array<{ name: string; text: string }>,
			workflow = together,
			ok = true,
		) {
			const answer = await n8n.callWebhook(workflow.id, { body: { files } });
			const [execution] = (await n8n.executions(workflow.id)).slice(-1);
			expect([answer.status, execution.status]).toEqual(ok ? [200, 'success'] : [500, 'error']);
			expect(JSON.stringify(execution)).not.toMatch(/token=ey/);
			const out = (ok ? JSON.parse(answer.text) : []) as Array<IDataObject>;
			return { execution, out };
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
			const { execution, out } = await upload(files, wait);
			const namesAndTypes = (node: string) =>
				binaries(execution, node).map((binary) => [binary?.fileName, binary?.mimeType]);
			// what the workflow made, as the file request lists it, and as it downloads again
			const made = namesAndTypes('Make file');
			expect(made.map(([name]) => name)).toEqual(files.map((file) => file.name));
			expect(out.map((json) => [json.name, json.mimeType])).toEqual(made);
			expect(namesAndTypes(UPLOADED)).toEqual(made);
			expect(out.map((json) => json.sha256)).toEqual(files.map((file) => sha256Hex(file.text)));
			// the server fetched n8n's signed links, and the stored files are the same bytes
			const stored = out.map((json) => sandbox.model.findItem(String(json.id)) as FileRec);
			expect(stored.map(sha256Of)).toEqual(files.map((file) => sha256Hex(file.text)));
			expect(sandbox.requests.filter((r) => r.path.endsWith('/uploads'))).toHaveLength(3);
		}, 180_000);

		test('a server that cannot reach n8n: the readable error within the wait, naming the link without its token', async () => {
			sandbox.uploads.queueWhen = () => true;
			sandbox.uploads.unreachable = true;
			const started = Date.now();
			const { execution } = await upload([{ name: 'never.txt', text: 'x' }], unreachable, false);
			expect(Date.now() - started).toBeLessThan(60_000);
			expectError(
				execution.data?.resultData.error,
				'The file "never.txt" did not show up in the file request within 6 s [item 0]',
				new RegExp(`^The server was asked to fetch ${signedLink('never\\.txt')}\\. `),
			);
		}, 120_000);

		test('a server that refuses the links at once and echoes them (HTTP 422): the token is in no field of the saved execution', async () => {
			sandbox.uploads.queueWhen = () => false;
			sandbox.uploads.unreachable = true;
			const tokensBefore = signedTokens().length;
			const files = [
				{ name: 'refused.txt', text: 'x' },
				{ name: 'refused too.txt', text: 'y' },
			];
			const { execution } = await upload(files, together, false);
			// the server was given two links and echoed both in its answer
			expect(signedTokens()).toHaveLength(tokensBefore + 2);
			const saved = JSON.stringify(execution);
			expect(saved).toContain('errorResponse');
			expect(saved).toMatch(/could not be downloaded/);
			expect(saved).not.toMatch(/token=(?!\[redacted\])/);
			const error = execution.data?.resultData.error;
			const link = signedLink('refused\\.txt');
			expectError(
				error,
				new RegExp(
					String.raw`^The server rejected the request as invalid \(HTTP 422\): urls\.0: The file at ${link} could not be downloaded`,
				),
				new RegExp(
					String.raw`^The server could not fetch the file from n8n's private link ${link} \(and 1 more\)\. Check that the server can reach n8n at http:\/\/127\.0\.0\.1:\d+: WEBHOOK_URL on n8n sets that address\.`,
				),
			);
			expect(error?.description).not.toMatch(/URLs per Request|urls\.N/);
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
				const { out } = await upload(files);
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
				const { out } = await upload([{ name: 'Résumé 2026.md', text: '# CV\n' }]);
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
			const { id } = WF.contentTrigger;
			const folderId = itemAt('Client Uploads').id;
			const add = (name: string, size: number) =>
				sandbox.model.addFile(0, { folderId, name, size });
			const [execution, [whole, broken]] = await executionAfter(
				n8n,
				sandbox,
				id,
				'folderFile',
				() => {
					const first = add('Scan März.pdf', 2_345_678);
					sandbox.clock.advance(60_000);
					const cut = add('broken.txt', 4_321);
					sandbox.fault({ path: `/file/${cut.basename}`, cutAfterBytes: 1_000, times: Infinity });
					return [first, cut];
				},
			);
			const emitted = nodeItems(execution, 'Trigger');
			expect(emitted.map((item) => item.json.id)).toEqual([whole.id, broken.id]);
			expect(emitted[0].binary?.data).toMatchObject({
				fileName: 'Scan März.pdf',
				mimeType: 'application/pdf',
				id: expect.stringMatching(/^filesystem/),
			});
			expect(emitted[0].json.contentError).toBeUndefined();
			expect(emitted[1].binary).toBeUndefined();
			expect(String(emitted[1].json.contentError)).toMatch(
				new RegExp(
					`${cutShort(4321).source} of http://127\\.0\\.0\\.1:\\d+/file/[^ ]+\\. The file is output without its content`,
				),
			);
			const sha256 = sha256Of(whole);
			expect(nodeOutput(execution, CHECKSUM)[0]).toMatchObject({ id: whole.id, sha256 });
			// emitted once: the next poll finds nothing new, though the broken file's content still fails
			await pollNow(n8n, sandbox, id, 'folderFile');
			expect(await n8n.executions(id)).toHaveLength(1);
			await n8n.deactivate(id);
		}, 180_000);
	});
}
