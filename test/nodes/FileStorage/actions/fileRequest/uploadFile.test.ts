/**
 * File Request → Upload File through n8n-core's engine, with filesystem binary data: a file the workflow holds (got
 * by File → Download) goes to the sandbox through n8n's signed link (`startSignedBinaryServer` answers as n8n does),
 * and comes out as the file request's new item, byte for byte. Both ways servers name a fetched file, queued
 * uploads, waiting off, and what fails: memory mode, a missing field, an AI tool call, a server that cannot reach
 * n8n, a file that never shows up.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSignedBinaryServer, TOOL_TYPE, useBinaryDataMode } from '../../../../harness/engine';
import { useFixture } from '../../../../helpers/fixture';
import { byId, OPS } from '../../../../helpers/parameters';
import { fileContent, sha256OfContent } from '../../../../sandbox/content';
import type { FileRec } from '../../../../sandbox/model';

const fx = useFixture();
let n8n: Awaited<ReturnType<typeof startSignedBinaryServer>>;

beforeAll(async () => {
	n8n = await startSignedBinaryServer();
	await useBinaryDataMode('filesystem');
});
afterAll(async () => await n8n.close());
afterEach(async () => {
	n8n.gone.length = 0;
	await useBinaryDataMode('filesystem');
	await fx.sandbox.idle();
});

const model = () => fx.sandbox.model;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const requestRoot = () => model().itemAt(0, 'Client Uploads');

/** Files in the account (outside the file request) for the workflow to download and upload: [name, size]. */
function sources(...specs: Array<[string, number]>): FileRec[] {
	const folderId = model().itemAt(0, 'Documents').id;
	return specs.map(([name, size]) => model().addFile(0, { folderId, name, size }));
}

/** File → Download of each source, then Upload File (the request log cleared first): into the file request. */
async function downloadThenUpload(
	files: FileRec[],
	parameters: INodeParameters = {},
	continueOnFail = false,
) {
	fx.sandbox.clearRequests();
	const result = await fx.chain(
		[
			{
				name: 'Download',
				parameters: { ...OPS.download, source: 'url', fileUrl: '={{ $json.url }}' },
			},
			{ name: 'Upload', parameters: { ...OPS.uploadFile, ...parameters }, continueOnFail },
		],
		{ input: files.map((file) => ({ url: `/file/${file.basename}` })), restApiUrl: n8n.restApiUrl },
	);
	return { ...result, items: result.outputs.Upload ?? [] };
}

const apiCalls = () =>
	fx.sandbox.requests
		.filter((r) => r.path.includes('/requests/'))
		.map((r) => `${r.method} ${r.path.replace(/^.*\/requests\/[^/]+/, '')}`);

/** The stored file the output item names, and its bytes' checksum. */
function storedOf(item: INodeExecutionData): { file: FileRec; sha256: string } {
	const file = model().findItem(String(item.json.id)) as FileRec;
	expect(file?.type).toBe('file');
	return { file, sha256: sha256OfContent(fileContent(file)) };
}
/** Each output item names a stored file with the bytes of the workflow's file of the same index. */
const expectStoredBytes = (items: INodeExecutionData[], files: FileRec[]) =>
	expect(items.map((item) => storedOf(item).sha256)).toEqual(
		files.map((file) => sha256OfContent(fileContent(file))),
	);

describe('Upload File', () => {
	test("the workflow's files arrive byte for byte, named and typed, and come out as the request's new items", async () => {
		const files = sources(['Q3 report (final).pdf', 70_001], ['photo.png', 1_234]);
		const { items, error } = await downloadThenUpload(files);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.name, item.json.mimeType, item.json.parentId])).toEqual(
			files.map((file) => [file.name, file.mimetype, requestRoot().id]),
		);
		expectStoredBytes(items, files);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		// the request's folder before, one upload for both files, the folder after
		expect(apiCalls()).toEqual(['GET /items', 'POST /uploads', 'GET /items']);
		// the server fetched n8n's link once per file
		expect(
			n8n.hits.slice(-2).every((hit) => hit.startsWith('/rest/binary-data/signed?token=')),
		).toBe(true);
	});

	test('a server that names files by Content-Disposition stores the name n8n sends, percent-encoded; the output keeps the original', async () => {
		fx.sandbox.uploads.naming = 'disposition';
		const files = sources(['Résumé 2026.md', 5_000], ['plain.txt', 50]);
		const { items, error } = await downloadThenUpload(files);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.name, item.json.fileName])).toEqual([
			['R%C3%A9sum%C3%A9%202026.md', 'Résumé 2026.md'],
			['plain.txt', 'plain.txt'],
		]);
	});

	test("the reference server's own way (no extension, not decoded) is recognised as the file; the output keeps the original", async () => {
		fx.sandbox.uploads.naming = 'ancestor';
		// meanwhile someone adds a folder of the first file's name without its extension: it is not that file
		fx.sandbox.uploads.queueWhen = () => {
			model().addFolder(0, { parentId: requestRoot().id, name: 'Q3 report' });
			return false;
		};
		const files = sources(['Q3 report.pdf', 5_000], ['Résumé 2026.md', 700]);
		const { items, error } = await downloadThenUpload(files);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.name, item.json.fileName])).toEqual([
			['Q3%20report', 'Q3 report.pdf'],
			['R%C3%A9sum%C3%A9%202026', 'Résumé 2026.md'],
		]);
		expectStoredBytes(items, files);
	});

	describe.each(['newest first', 'oldest first'] as const)(
		'same-named files, on a server that lists %s whatever is asked',
		(listOrder) => {
			beforeEach(() => (fx.sandbox.uploads.listOrder = listOrder));

			test('each item gets its own file, told apart by size', async () => {
				const files = [4_000, 90_000, 1_500_000].map((size) => sources(['invoice.pdf', size])[0]);
				const { items, error } = await downloadThenUpload(files);
				expect(error).toBeUndefined();
				expectStoredBytes(items, files);
				expect(new Set(items.map((item) => item.json.id)).size).toBe(3);
				expect(items.every((item) => item.json.warning === undefined)).toBe(true);
			});

			test('files of the same name and size are never given the same entry, and the output says they may be swapped', async () => {
				const files = sources(['copy.txt', 2_000], ['copy.txt', 2_000], ['other.txt', 2_000]);
				const { items, error } = await downloadThenUpload(files);
				expect(error).toBeUndefined();
				expect(new Set(items.map((item) => item.json.id)).size).toBe(3);
				const swappable = expect.stringMatching(
					/^Another file of this request has the same name and a size/,
				);
				expect(items.map((item) => item.json.warning)).toEqual([swappable, swappable, undefined]);
				expect(storedOf(items[2]).sha256).toBe(sha256OfContent(fileContent(files[2])));
			});
		},
	);

	test('Simplify off gives the raw element, as Get Contents does', async () => {
		const files = sources(['raw.txt', 10]);
		const { items } = await downloadThenUpload(files, { simplify: false });
		const raw = items[0].json as { data?: { id?: string; attributes?: IDataObject } };
		expect(raw.data?.attributes?.name).toBe('raw.txt');
		expect(storedOf({ json: { id: raw.data?.id } }).file.name).toBe('raw.txt');
	});

	test('a queued upload is waited for, one listing at a time, into the destination folder', async () => {
		fx.sandbox.uploads.queueWhen = () => true;
		fx.sandbox.uploads.queueDelayMs = 500;
		const round1 = model().itemAt(0, 'Client Uploads/Round 1');
		const files = sources(['late.csv', 3_000]);
		const { items, error } = await downloadThenUpload(files, { parent: byId(round1.id) });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.name, item.json.parentId])).toEqual([
			['late.csv', round1.id],
		]);
		const calls = apiCalls();
		expect(calls.slice(0, 2)).toEqual(['GET /items', 'POST /uploads']);
		// looked at least twice after the answer (the file came 0.5 s later), and only at the listing
		expect(calls.length).toBeGreaterThanOrEqual(4);
		expect(new Set(calls.slice(2))).toEqual(new Set(['GET /items']));
		expect(
			fx.sandbox.requests
				.filter((r) => r.method === 'GET' && r.path.endsWith('/items'))
				.every((r) => r.query.parent_id === round1.id),
		).toBe(true);
	});

	test('without waiting, the output says what the server said and when the link expires; no token in it', async () => {
		fx.sandbox.uploads.queueWhen = () => true;
		const files = sources(['later.txt', 10]);
		const before = Date.now();
		const { items, error } = await downloadThenUpload(files, {
			waitForFile: false,
			options: { linkExpiry: 90 },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			fileName: 'later.txt',
			mimeType: 'text/plain',
			parentId: null,
			status: 'queued',
			uploaded: false,
			queued: true,
			message: 'Files were added to the upload queue',
			linkExpiresAt: expect.any(String),
		});
		const expires = Date.parse(String(items[0].json.linkExpiresAt));
		expect(expires - before).toBeGreaterThanOrEqual(90 * 60_000 - 1_000);
		expect(expires - before).toBeLessThan(91 * 60_000);
		expect(apiCalls()).toEqual(['POST /uploads']);
		expect(JSON.stringify(items)).not.toMatch(/token/);
	});

	test.each([
		[
			'memory binary data',
			async () => {
				const files = sources(['in-memory.txt', 10]);
				await useBinaryDataMode('memory');
				return await downloadThenUpload(files);
			},
			'Input Binary Field: n8n keeps the file "in-memory.txt" in memory, so it cannot give the server a link to it [item 0]',
			/N8N_DEFAULT_BINARY_DATA_MODE=filesystem/,
		],
		[
			'a missing binary field',
			async () => await downloadThenUpload(sources(['a.txt', 10]), { binaryPropertyName: 'file' }),
			'Input Binary Field: the input item has no binary field "file" [item 0]',
			/Name the binary field that holds the file/,
		],
		[
			'as an AI tool, a call without a file',
			async () => await fx.chain([{ name: 'Tool', type: TOOL_TYPE, parameters: OPS.uploadFile }]),
			'Input Binary Field: an AI agent or MCP client cannot hand files to this tool [item 0]',
			/Upload From URL/,
		],
	])('%s: refused before any request, saying what to do', async (_what, runIt, message, fix) => {
		fx.sandbox.clearRequests();
		const { error } = await runIt();
		expect(error?.message).toBe(message);
		expect(error?.description).toMatch(fix);
		expect(apiCalls()).toEqual([]);
	});

	test('a server that cannot reach n8n and echoes the link: the token is in no field of the error', async () => {
		fx.sandbox.uploads.unreachable = true;
		const files = sources(['unreachable.pdf', 10], ['second.pdf', 10]);
		const { error } = await downloadThenUpload(files);
		const link = `${n8n.restApiUrl}/binary-data/signed?token=[redacted]&filename=/unreachable.pdf`;
		expect(error?.message).toBe(
			`The server rejected the request as invalid (HTTP 422): urls.0: The file at ${link} could not be downloaded: connect ECONNREFUSED ${new URL(n8n.restApiUrl).host}.; urls.1: The file at ${link.replace('unreachable', 'second')} could not be downloaded: connect ECONNREFUSED ${new URL(n8n.restApiUrl).host}. [items 0–1]`,
		);
		expect(error?.description).toMatch(
			new RegExp(
				`^The server could not fetch the file from n8n's private link ${escape(link)} \\(and 1 more\\)\\. Check that the server can reach n8n at ${escape(new URL(n8n.restApiUrl).origin)}: WEBHOOK_URL on n8n sets that address\\. The token of the link is not shown`,
			),
		);
		expect(error?.description).not.toMatch(/URLs per Request|urls\.N/);
		// every field n8n saves of an error: message, description, errorResponse (the body), messages, context…
		const tokens = fx.sandbox.requests
			.filter((r) => r.path.endsWith('/uploads'))
			.flatMap((r) => (r.body as { urls: string[] }).urls)
			.map((url) => new URL(url).searchParams.get('token') ?? '');
		expect(tokens).toEqual([expect.stringMatching(/^ey/), expect.stringMatching(/^ey/)]);
		const saved = JSON.stringify({ ...error, message: error?.message, stack: error?.stack });
		expect(saved).toContain('errorResponse');
		for (const token of tokens) expect(saved).not.toContain(token);
		expect(saved).not.toMatch(/token=(?!\[redacted\])/);
	});

	const askedToFetch = (name: string) =>
		`The server was asked to fetch ${n8n.restApiUrl}/binary-data/signed?token=[redacted]&filename=/${name}. Check that the server can reach n8n at that address (WEBHOOK_URL sets it) and that its upload queue is running.`;
	const raiseMaxWait = "If the server is just slow, raise 'Max Wait Time'.";

	test('a file that never shows up fails its item within Max Wait Time; the others keep their files', async () => {
		// One request for both, queued by a server that then fetches fine.txt but not never.txt, while someone
		// else's file arrives.
		n8n.gone.push('never.txt');
		fx.sandbox.uploads.queueWhen = () => {
			model().addFile(0, { folderId: requestRoot().id, name: 'not mine.pdf' });
			return true;
		};
		const files = sources(['fine.txt', 10], ['never.txt', 10]);
		const started = Date.now();
		const { items, error } = await downloadThenUpload(files, { options: { maxWait: 1 } }, true);
		expect(error).toBeUndefined();
		expect(Date.now() - started).toBeLessThan(15_000);
		expect(items[0].json.name).toBe('fine.txt');
		expect((items[1].json.error as IDataObject).message).toBe(
			'The file "never.txt" did not show up in the file request within 1 s [item 1]',
		);
		// the new files that did show up are named, the file of another item of the request is not
		expect((items[1].json.error as IDataObject).description).toBe(
			`${askedToFetch('never.txt')} New files that did show up: "not mine.pdf"; a server that names files its own way is not recognised. ${raiseMaxWait}`,
		);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('a look for the files that fails after the server accepted them says that they may be in the file request', async () => {
		// the file request fills up with this upload: the look after it is refused (the look before passes)
		const gone = { type: 'gone', message: 'The file request is not active anymore' };
		fx.sandbox.fault({ method: 'GET', path: /\/items$/, skip: 1, status: 410, body: gone });
		const files = sources(['one.txt', 10], ['two.txt', 10], ['three.txt', 10]);
		const { error } = await downloadThenUpload(files, { options: { batchSize: 2 } });
		expect(error?.message).toBe('The file request is not active anymore (HTTP 410) [items 0–1]');
		expect(error?.description).toBe(
			'The file request was filled or has expired. Create a new file request and put its ID in the "File Storage File Request API" credential. The server accepted the upload of items 0–1 before this failed, so their files may be in the file request: check before running again. Not attempted: item 2.',
		);
	});

	test('without Continue On Fail, a file that never shows up in a request that went through fails the node', async () => {
		// two requests of two files; the server queues the second and fetches all but never.txt
		n8n.gone.push('never.txt');
		fx.sandbox.uploads.queueWhen = (urls) => urls.some((url) => url.includes('never.txt'));
		const files = sources(['one.txt', 10], ['two.txt', 10], ['fine.txt', 10], ['never.txt', 10]);
		const { items, error } = await downloadThenUpload(files, {
			options: { batchSize: 2, maxWait: 1 },
		});
		expect(error?.message).toBe(
			'The file "never.txt" did not show up in the file request within 1 s [item 3]',
		);
		// a re-run sends the others again, those of the earlier request and of its own: the error says so
		expect(error?.description).toBe(
			`${askedToFetch('never.txt')} ${raiseMaxWait} Already done: items 0–2. Running the node again (or Retry On Fail) sends the done items again.`,
		);
		expect(items).toEqual([]);
	});
});
