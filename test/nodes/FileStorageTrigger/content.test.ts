/**
 * Include File Content through n8n-core's real PollContext: each new file's bytes (checked by SHA-256 against what
 * the sandbox serves), name and MIME type in binary data, for the four events whose items are files; off by
 * default; Max File Size (announced and unannounced lengths); a file whose content fails (an error answer, a cut
 * body, the poll's time running out) emitted once without content and with contentError, the others whole, the
 * window moving as usual; a file listed without a usable URL; Fetch Test Event the same; n8n's filesystem and
 * in-memory binary modes.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { CONTENT_BUDGET_SHARE } from '../../../nodes/FileStorageTrigger/content';
import { binarySha256, useBinaryDataMode, useDatabaseBinaryMode } from '../../harness/engine';
import type { Poller } from '../../harness/engine';
import { apiGet } from '../../helpers/api';
import { bytesSentOnceDone, contentRequests as contentRequestsOf } from '../../helpers/download';
import { useFixture } from '../../helpers/fixture';
import { byId } from '../../helpers/parameters';
import { triggerHelpers } from '../../helpers/trigger';
import { fileContent, sha256OfContent } from '../../sandbox/content';
import type { FileRec } from '../../sandbox/model';

const fx = useFixture();
const { poller, ids, requestFolder, ...trigger } = triggerHelpers(fx);

beforeAll(async () => await useBinaryDataMode('filesystem'));
afterEach(async () => await useBinaryDataMode('filesystem'));

const model = () => fx.sandbox.model;
const contentRequests = () => contentRequestsOf(fx.sandbox);
const withContent = (options: IDataObject = {}) => ({
	options: { includeFileContent: true, ...options },
});
const pollOk = async (t: Poller, mode?: 'manual') => (await trigger.pollOk(t, mode)) ?? [];
/** A trigger with file content on, activated (its first poll seeded the window). */
const activated = (parameters: INodeParameters, options: IDataObject = {}) =>
	trigger.activated({ ...parameters, ...withContent(options) });

async function expectContent(item: INodeExecutionData, f: FileRec, field = 'data') {
	expect(item.json.contentError).toBeUndefined();
	const binary = item.binary?.[field];
	expect(binary).toMatchObject({ fileName: f.name, mimeType: f.mimetype, bytes: f.size });
	expect(await binarySha256(binary!)).toBe(sha256OfContent(fileContent(f)));
}

function expectNoContent(item: INodeExecutionData, reason: RegExp) {
	expect(item.binary).toBeUndefined();
	expect(item.json.contentError).toMatch(reason);
}

/** A folder of its own for an event that watches one, and where files arrive for it. */
function inFolder(event: string) {
	let folderId = '';
	const watched = () => {
		folderId = model().addFolder(0, { name: event }).id;
		return { event, folder: byId(folderId) };
	};
	return [
		event,
		watched,
		(name: string, size: number) => model().addFile(0, { folderId, name, size }),
	] as const;
}

/** One watched place per event, and how a file arrives there. */
const EVENTS: Array<
	readonly [string, () => INodeParameters, (name: string, size: number) => FileRec]
> = [
	['upload', () => ({ event: 'upload' }), (name, size) => model().addFile(0, { name, size })],
	inFolder('folderFile'),
	inFolder('folderItem'),
	[
		'fileRequestItem',
		() => ({ event: 'fileRequestItem' }),
		(name, size) => model().addFile(0, { folderId: requestFolder(), name, size }),
	],
];

describe.each(EVENTS)('event %s', (_event, watched, arrive) => {
	it('off by default: items carry no binary and no content is requested', async () => {
		const t = await trigger.activated(watched());
		const f = arrive('report.pdf', 2_000);
		fx.sandbox.clearRequests();
		const items = await pollOk(t);
		expect(ids(items)).toEqual([f.id]);
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.contentError).toBeUndefined();
		expect(contentRequests()).toEqual([]);
	});

	it("on: each new file carries its bytes, name and MIME type; the item's JSON is as without content", async () => {
		const t = await activated(watched());
		const files = [arrive('a.pdf', 0), arrive('Résumé März.docx', 70_001), arrive('b.csv', 1_234)];
		const items = await pollOk(t);
		expect(ids(items)).toEqual(files.map((f) => f.id));
		for (const [index, f] of files.entries()) await expectContent(items[index], f);
		expect(items[1].json).toMatchObject({ name: 'Résumé März.docx', mimeType: files[1].mimetype });
		expect(await pollOk(t)).toEqual([]);
	});

	it('a file whose content fails is emitted once without content, with contentError; the others whole; the window moves', async () => {
		const t = await activated(watched());
		const [gone, cut, whole] = [
			arrive('gone.pdf', 5_000),
			arrive('cut.bin', 300_000),
			arrive('whole.txt', 3_000),
		];
		fx.sandbox.fault({ path: new RegExp(`^/file/${gone.basename}`), status: 404 });
		fx.sandbox.fault({ path: new RegExp(`^/file/${cut.basename}`), cutAfterBytes: 100_000 });
		const items = await pollOk(t);
		expect(ids(items)).toEqual([gone.id, cut.id, whole.id]);
		expectNoContent(items[0], /^The file was not found \(HTTP 404\).*File → Download/);
		expectNoContent(items[1], /cut short after 100000 of 300000 bytes/);
		await expectContent(items[2], whole);
		// the window moved: nothing again, and the next file is new
		expect(await pollOk(t)).toEqual([]);
		const next = arrive('next.txt', 10);
		expect(ids(await pollOk(t))).toEqual([next.id]);
	});

	it('Fetch Test Event shows the newest file with its content, or with contentError; it never fails for it', async () => {
		const t = await activated(watched(), { binaryPropertyName: 'upload' });
		const f = arrive('sample.pdf', 4_321);
		await expectContent((await pollOk(t, 'manual'))[0], f, 'upload');
		fx.sandbox.fault({ path: /^\/file\//, status: 403 });
		const [refused] = await pollOk(t, 'manual');
		expectNoContent(refused, /Access to the file was denied \(HTTP 403\)/);
	});
});

describe('Max File Size (MB)', () => {
	it('a file announced larger is emitted without content, before its body is read; smaller ones whole', async () => {
		const t = await activated({ event: 'upload' }, { maxFileSizeMb: 1 });
		// 1 MB = 1,000,000 bytes: a file of exactly Max File Size fits
		const big = model().addFile(0, { name: 'big.bin', size: 64_000_000 });
		const fits = model().addFile(0, { name: 'fits.bin', size: 1_000_000 });
		fx.sandbox.clearRequests();
		const items = await pollOk(t);
		expectNoContent(
			items[0],
			/^The file is larger than Max File Size \(MB\) allows: 64 MB, at most 1 MB\. .*raise Max File Size \(MB\) in the trigger's options/,
		);
		await expectContent(items[1], fits);
		// the connection was closed at the headers: the sandbox stopped writing long before the end
		expect(await bytesSentOnceDone(fx.sandbox, `/file/${big.basename}`)).toBeLessThan(big.size / 4);
	});

	it('a file sent without a length is cut off once it passes the limit', async () => {
		const t = await activated({ event: 'upload' }, { maxFileSizeMb: 1 });
		const big = model().addFile(0, { name: 'streamed.bin', size: 3 * 1024 ** 2 });
		const small = model().addFile(0, { name: 'small.bin', size: 1000 });
		fx.sandbox.fault({ path: /^\/file\//, omitLength: true, times: 2 });
		const items = await pollOk(t);
		expectNoContent(
			items[0],
			/larger than Max File Size \(MB\) allows: more than 1 MB, at most 1 MB/,
		);
		await expectContent(items[1], small);
		expect(ids(items)).toEqual([big.id, small.id]);
		expect(await pollOk(t)).toEqual([]);
	});

	it('an empty or negative size is a parameter error that names it', async () => {
		const outcome = await poller({ event: 'upload', ...withContent({ maxFileSizeMb: 0 }) }).poll();
		expect(outcome.error?.message).toBe('Max File Size (MB): 0 is not a positive number');
	});
});

describe('the poll keeps its time', () => {
	it("downloads end within the poll's budget: the slow file and those after it are emitted without content", async () => {
		const budgetMs = 3_000;
		const t = poller({ event: 'upload', ...withContent() }, { pollBudgetMs: budgetMs });
		await pollOk(t);
		const slow = model().addFile(0, { name: 'slow.bin', size: 40 * 65_536 });
		const after = model().addFile(0, { name: 'after.txt', size: 10 });
		// 40 blocks, 200 ms apart: 8 s in all, never idle long enough to count as stalled
		fx.sandbox.fault({ path: `/file/${slow.basename}`, blockDelayMs: 200 });
		const started = Date.now();
		const items = await pollOk(t);
		expect(Date.now() - started).toBeLessThan(budgetMs);
		expect(ids(items)).toEqual([slow.id, after.id]);
		const share = Math.round((budgetMs * CONTENT_BUDGET_SHARE) / 1000);
		const timeUp = new RegExp(
			`^Not included: the poll's time for downloads \\(${share} s of its 3 s budget\\) ran out`,
		);
		expectNoContent(items[0], timeUp);
		expectNoContent(items[1], timeUp);
	});
});

describe('what carries content', () => {
	const rawIds = (items: INodeExecutionData[]) =>
		items.map((item) => (item.json.data as IDataObject).id);

	it('folders never do; a file in a file request is fetched through its upload-request path without a token', async () => {
		const t = await activated({ event: 'fileRequestItem', simplify: false });
		const folder = model().addFolder(0, { name: 'Batch', parentId: requestFolder() });
		const f = model().addFile(0, { folderId: requestFolder(), name: 'scan.pdf', size: 9_999 });
		fx.sandbox.clearRequests();
		const items = await pollOk(t);
		expect(rawIds(items)).toEqual([folder.id, f.id]);
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json.contentError).toBeUndefined();
		await expectContent(items[1], f);
		expect(contentRequests().map((r) => [r.path, r.authorization])).toEqual([
			[`/file/${f.basename}/upload-request/${fx.sandbox.seed.fileRequests[0].id}`, undefined],
		]);
	});

	it('a file listed without a file URL, or with one that is not http(s), is emitted without content, saying which', async () => {
		const t = await activated({ event: 'upload', simplify: false });
		const files = [
			model().addFile(0, { name: 'no-url.pdf', size: 10 }),
			model().addFile(0, { name: 'ftp.pdf', size: 20 }),
			model().addFile(0, { name: 'fine.txt', size: 30 }),
		];
		// the listing as the server answers it, with the first file's URL left out and the second's another scheme
		const listing = await apiGet<{
			data: Array<{ data: { id: string; attributes: IDataObject } }>;
		}>(fx.sandbox, '/browse/latest');
		const attributesOf = (f: FileRec) =>
			listing.data.find((entry) => entry.data.id === f.id)!.data.attributes;
		delete attributesOf(files[0]).file_url;
		attributesOf(files[1]).file_url = 'ftp://files.example.com/ftp.pdf';
		fx.sandbox.fault({ path: '/api/v1/browse/latest', status: 200, body: listing });
		fx.sandbox.clearRequests();
		const items = await pollOk(t);
		expect(rawIds(items)).toEqual(files.map((f) => f.id));
		expectNoContent(
			items[0],
			/^The server listed no file URL for this file, so its content cannot be fetched\./,
		);
		expectNoContent(
			items[1],
			/^The file URL the server listed \(ftp:\/\/files\.example\.com\/ftp\.pdf\) is not an http\(s\) address\./,
		);
		await expectContent(items[2], files[2]);
		// only the usable URL was fetched
		expect(contentRequests().map((r) => r.path)).toEqual([`/file/${files[2].basename}`]);
	});

	it("n8n's in-memory binary mode (n8n 1.x's default) keeps the bytes in the item", async () => {
		await useBinaryDataMode('memory');
		const t = await activated({ event: 'upload' });
		const f = model().addFile(0, { name: 'memo.txt', size: 12_345 });
		const [item] = await pollOk(t);
		expect(item.binary?.data.id).toBeUndefined();
		await expectContent(item, f);
	});

	it("n8n's database binary mode (queue mode's default): a file over its cap comes without content, the reason naming N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE", async () => {
		const rows = await useDatabaseBinaryMode(1);
		const t = await activated({ event: 'upload' });
		const small = model().addFile(0, { name: 'fits.txt', size: 12_345 });
		const big = model().addFile(0, { name: 'over-cap.bin', size: 1_500_000 });
		const items = await pollOk(t);
		expect(ids(items)).toEqual([small.id, big.id]);
		expect(items[0].binary?.data.id).toMatch(/^database:/);
		await expectContent(items[0], small);
		expectNoContent(
			items[1],
			/^The file is too large for n8n's database binary data mode: 1\.5 MB, at most 1 MiB \(1\.05 MB\) per file; N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE on n8n sets the cap\. The file is output without its content; File → Download can fetch it later\.$/,
		);
		expect(rows.size).toBe(1);
	});
});
