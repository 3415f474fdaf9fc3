/**
 * What File → Download and File Request → Download share (nodes/FileStorage/download/ and the transport's download
 * hops), through n8n-core's engine: where the credential goes (a second sandbox on another port plays "another
 * host"), cut and stalled bodies, time limits, continueOnFail, answers that are not the file, tool mode and n8n's
 * size caps.
 */
import type { INodeParameters } from 'n8n-workflow';

import { MEMORY_MODE_MAX_BYTES } from '../../../nodes/lib/fileContent/storage';
import { formatSize } from '../../../nodes/lib/resources/sizes';
import {
	binarySha256,
	storedBinaryFiles,
	TOOL_TYPE,
	useBinaryDataMode,
	useDatabaseBinaryMode,
} from '../../harness/engine';
import { fileContent, iconContent, sha256OfContent } from '../../sandbox/content';
import { startSandbox } from '../../sandbox/server';
import type { Sandbox } from '../../sandbox/server';
import { useDownloadFixture } from '../../helpers/download';

const {
	fx,
	model,
	bearer,
	file,
	download,
	fromUrl,
	contentRequests,
	listed,
	bytesSentOnceDone,
	run,
	expectFile,
} = useDownloadFixture();

/** "Another host": same seed (so the same tokens would work there), another port, so another origin. */
let other: Sandbox;

beforeAll(async () => {
	other = await startSandbox();
});
beforeEach(() => other.reset());
afterAll(async () => await other.stop());

const notes = () => file('Documents/notes.txt');
const budget = () => file('Documents/budget.xlsx');
const addBinary = (name: string, size: number) =>
	model().addFile(0, { name, size, mimetype: 'application/octet-stream' });
/** The URL of a file on the credential's server. */
const urlOf = (f: { basename: string }) => `${fx.sandbox.baseUrl}/file/${f.basename}`;
/** A redirect from `from` on the credential's server (or `on` another) to `to`, `times` times. */
const redirect = (from: string, status: number, to: string, on = fx.sandbox, times = 1) =>
	on.fault({ path: from, status, headers: { Location: to }, times });
/** An input item whose file URL is on the other host. */
const fromOther = (path: string) => ({ input: [{ fileUrl: `${other.baseUrl}${path}` }] });
const REFUSED_401 = /^The server refused to send the file without valid credentials \(HTTP 401\)/;
/** The one request the other host got, without a credential: refused (401) unless the file is public. */
function expectElsewhere(path: string, status = 401) {
	expect(other.requests).toEqual([expect.objectContaining({ path, status })]);
	expect(other.requests[0].authorization).toBeUndefined();
}

describe("the access token goes only to the Base URL's origin", () => {
	it('a file on another host is fetched without credentials (and refused there, said so)', async () => {
		const { error } = await run(download(), fromOther(`/file/${notes().basename}`));
		expectElsewhere(`/file/${notes().basename}`);
		expect(error?.message).toMatch(REFUSED_401);
		expect(error?.description).toMatch(/sends credentials only to the Base URL's server/);
	});

	it('a public file on another host downloads, without credentials', async () => {
		const { items, error } = await run(download(), fromOther('/assets/icons/pdf.svg'));
		expect(error).toBeUndefined();
		expect(await binarySha256(items[0].binary!.data)).toBe(sha256OfContent(iconContent('pdf')));
		expectElsewhere('/assets/icons/pdf.svg', 200);
	});

	it('a redirect to another host drops the token; a redirect on the same host keeps it', async () => {
		redirect('/file/moved-away', 302, `${other.baseUrl}/file/${notes().basename}`);
		const away = await run(fromUrl(`${fx.sandbox.baseUrl}/file/moved-away`));
		expect(contentRequests(fx.sandbox)).toEqual([
			expect.objectContaining({ path: '/file/moved-away', authorization: bearer(), status: 302 }),
		]);
		expectElsewhere(`/file/${notes().basename}`);
		expect(away.error?.message).toMatch(/HTTP 401/);

		redirect('/file/moved-here', 301, `/file/${notes().basename}`);
		const here = await run(fromUrl(`${fx.sandbox.baseUrl}/file/moved-here`));
		expect(here.error).toBeUndefined();
		await expectFile(here.items[0], notes());
		expect(contentRequests(fx.sandbox).map((r) => [r.path, r.authorization])).toEqual([
			['/file/moved-here', bearer()],
			[`/file/${notes().basename}`, bearer()],
		]);
	});

	it('once a redirect chain has left the origin, coming back does not bring the token back', async () => {
		redirect('/file/out', 302, `${other.baseUrl}/bounce`);
		redirect('/bounce', 307, urlOf(notes()), other);
		const { error } = await run(fromUrl(`${fx.sandbox.baseUrl}/file/out`));
		const back = contentRequests(fx.sandbox).find((r) => r.path === `/file/${notes().basename}`);
		expect(back).toMatchObject({ status: 401 });
		expect(back?.authorization).toBeUndefined();
		expect(other.requests[0].authorization).toBeUndefined();
		expect(error?.message).toMatch(/HTTP 401/);
	});

	it('redirects are bounded', async () => {
		redirect('/file/loop', 302, '/file/loop', fx.sandbox, Infinity);
		const { error } = await run(fromUrl(`${fx.sandbox.baseUrl}/file/loop`));
		expect(error?.message).toBe('Too many redirects: more than 5 for one file [item 0]');
		expect(fx.sandbox.countRequests({ path: '/file/loop' })).toBe(6);
	});
});

describe('a body that does not arrive whole is an error, never a truncated file', () => {
	/** What arrived before the cut: at most what the sandbox sent (the client may drop its last buffered bytes). */
	function expectCut(message: string | undefined, sent: number, announced: number): void {
		const match = new RegExp(
			`^The download was cut short after (\\d+) of ${announced} bytes of ${urlOf(budget())} \\[item 0\\]$`,
		).exec(message ?? '');
		expect(match).not.toBeNull();
		expect(Number(match?.[1])).toBeLessThanOrEqual(sent);
	}

	it("a connection cut mid-body: an error, and nothing left in n8n's binary data folder", async () => {
		const before = await storedBinaryFiles();
		fx.sandbox.fault({ path: /^\/file\//, cutAfterBytes: 70_000 });
		const { items, error } = await run(fromUrl(urlOf(budget())));
		expect(items).toHaveLength(0);
		expectCut(error?.message, 70_000, budget().size);
		expect(error?.description).toMatch(/Nothing was stored/);
		expect(await storedBinaryFiles()).toEqual(before);
	});

	it('a Content-Length the body does not reach', async () => {
		fx.sandbox.fault({ path: /^\/file\//, declaredLength: budget().size + 1 });
		const { error } = await run(fromUrl(urlOf(budget())));
		expectCut(error?.message, budget().size, budget().size + 1);
	});

	it('continueOnFail: the failed item becomes an error item, the others still download', async () => {
		const files = [budget(), notes()];
		fx.sandbox.fault({ path: `/file/${files[0].basename}`, cutAfterBytes: 10 });
		const { items, error } = await run(download(), {
			input: await listed(files),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json).toEqual({
			error: {
				message: expect.stringMatching(
					new RegExp(`^The download was cut short after \\d+ of ${files[0].size} bytes`),
				),
				description: expect.stringMatching(/Nothing was stored/),
			},
		});
		expect(items[0].binary).toBeUndefined();
		await expectFile(items[1], files[1]);
	});

	it('continueOnFail with the error output: failures on output 1, files on output 0', async () => {
		const files = [notes(), budget()];
		fx.sandbox.fault({
			path: `/file/${files[1].basename}`,
			status: 404,
			body: { type: 'error', message: "The requested entry wasn't found." },
		});
		const { items, errorItems } = await run(download(), {
			input: await listed(files),
			continueOnFail: 'errorOutput',
		});
		expect(items).toHaveLength(1);
		await expectFile(items[0], files[0]);
		expect(errorItems).toEqual([
			expect.objectContaining({
				json: {
					error: {
						message: "The file was not found (HTTP 404): The requested entry wasn't found.",
						description: expect.stringMatching(/deleted or moved to the trash/),
					},
				},
				pairedItem: { item: 1 },
			}),
		]);
	});
});

describe('time limits (Options → Timeout)', () => {
	const halfASecond = { options: { timeout: 0.5 } };

	it('no answer at all within the time limit', async () => {
		fx.sandbox.fault({ path: /^\/file\//, hang: true });
		const { error } = await run(fromUrl(urlOf(notes()), halfASecond));
		expect(error?.message).toBe(`No answer within 500 ms from ${urlOf(notes())} [item 0]`);
		expect(error?.description).toMatch(/Raise Timeout/);
	});

	it('a body that stops mid-way', async () => {
		fx.sandbox.fault({ path: /^\/file\//, stallAfterBytes: 70_000 });
		const { error } = await run(fromUrl(urlOf(budget()), halfASecond));
		expect(error?.message).toBe(
			`The download stalled: no data for 500 ms after 70000 of ${budget().size} bytes of ${urlOf(budget())} [item 0]`,
		);
	});

	it('a slow body that keeps arriving is not cut by the time limit: it bounds each wait, not the whole file', async () => {
		const slow = addBinary('slow.bin', 12 * 65_536);
		// 12 blocks 80 ms apart: about 1 s in all, twice the 0.5 s limit, each wait a sixth of it
		fx.sandbox.fault({ path: /^\/file\//, blockDelayMs: 80 });
		const { items, error } = await run(fromUrl(`/file/${slow.basename}`, halfASecond));
		expect(error).toBeUndefined();
		await expectFile(items[0], slow);
	});
});

describe('answers that are not the file', () => {
	const input = async () => await listed([file('Documents/report-q1.docx')]);

	it.each([
		[
			401,
			'Unauthenticated.',
			'The server refused to send the file without valid credentials',
			/access token was refused/,
		],
		[403, 'Access Denied', 'Access to the file was denied', /account of the access token/],
		[404, 'Not found', 'The file was not found', /List the files again/],
		[500, 'Server Error', 'The server could not send the file', /Tried 3 times/],
	])('HTTP %i', async (status, answer, said, description) => {
		fx.sandbox.fault({ path: /^\/file\//, status, body: { message: answer }, times: Infinity });
		const { error } = await run(download(), { input: await input() });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe(`${said} (HTTP ${status}): ${answer} [item 0]`);
		expect(error?.description).toMatch(description);
		expect(error?.httpCode).toBe(String(status));
	});

	it("a refused access token (the real server's 401)", async () => {
		const credentials = fx.credentialsWith({
			fileStorageApi: { accessToken: '9|notTheRightTokenAtAll' },
		});
		const { error } = await run(fromUrl(`/file/${notes().basename}`), { credentials });
		expect(error?.message).toMatch(REFUSED_401);
		expect(contentRequests(fx.sandbox)[0].authorization).toBe('Bearer 9|notTheRightTokenAtAll');
	});

	it('a transient 503 is tried again, then the file arrives', async () => {
		fx.sandbox.fault({
			path: /^\/file\//,
			status: 503,
			headers: { 'Retry-After': '0' },
			body: { message: 'Maintenance' },
		});
		const { items, error } = await run(fromUrl(`/file/${notes().basename}`));
		expect(error).toBeUndefined();
		await expectFile(items[0], notes());
		expect(contentRequests(fx.sandbox).map((r) => r.status)).toEqual([503, 200]);
	});

	it.each([
		[
			'a login page',
			{ rawBody: '<!doctype html><title>Login</title>', contentType: 'text/html; charset=utf-8' },
			'The server answered with a web page instead of the file (HTTP 200, text/html) [item 0]',
			/login page/,
		],
		[
			'a JSON error with status 200',
			{ body: { type: 'error', message: "The requested entry wasn't found." } },
			"The server answered with JSON instead of the file (HTTP 200, application/json): The requested entry wasn't found. [item 0]",
			/^The file should be .*Check the file URL/,
		],
	])('%s instead of a document', async (_what, answer, message, description) => {
		fx.sandbox.fault({ path: /^\/file\//, status: 200, ...answer });
		const { error } = await run(download(), { input: await input() });
		expect(error?.message).toBe(message);
		expect(error?.description).toMatch(description);
	});

	it('an unreachable server', async () => {
		const closed = await startSandbox();
		const url = `${closed.baseUrl}/file/x.pdf`;
		await closed.stop();
		const { error } = await run(fromUrl(url));
		expect(error?.message).toBe(`Could not reach the server of ${url} (ECONNREFUSED) [item 0]`);
	});
});

describe('input that cannot be downloaded fails before any request, naming the item', () => {
	const noUrl =
		'the input item has no file URL ("fileUrl", or "data.attributes.file_url" in raw output)';
	it.each([
		[
			{ id: 'f1', type: 'folder', name: 'Documents', itemCount: 3 },
			{},
			'File to Download: the input item is a folder ("Documents"), not a file',
		],
		[{ id: 'x', name: 'a.pdf' }, {}, `File to Download: ${noUrl}`],
		[
			{ fileUrl: 'ftp://files.example.com/a.pdf' },
			{},
			'File to Download: "ftp://files.example.com/a.pdf" is not an http(s) address',
		],
		[{}, { source: 'url', fileUrl: '={{ $json.missing }}' }, 'File URL: is empty'],
		[
			{},
			{ source: 'url', fileUrl: 'report.pdf' },
			'File URL: "report.pdf" is not an http(s) address',
		],
		[{ fileUrl: '/file/a.pdf' }, { binaryPropertyName: ' ' }, 'Put Output File in Field: is empty'],
	])('%j %j', async (json, parameters, message) => {
		const { error } = await run(download(parameters as INodeParameters), { input: [json] });
		expect(error?.message).toBe(`${message} [item 0]`);
		expect(fx.sandbox.requests).toHaveLength(0);
	});
});

describe('as an AI tool: metadata and the URL, never binary', () => {
	it('returns name, type, size and URL; the content is not downloaded', async () => {
		const big = model().addFile(0, { name: 'manual.pdf', size: 40_000_000 });
		fx.sandbox.clearRequests();
		const { outputs, error } = await fx.chain([
			{ name: 'Tool', type: TOOL_TYPE, parameters: fromUrl(urlOf(big)) },
		]);
		expect(error).toBeUndefined();
		const [item] = outputs.Tool;
		expect(item.binary).toBeUndefined();
		expect(item.json).toEqual({
			fileUrl: urlOf(big),
			name: 'manual.pdf',
			mimeType: 'application/pdf',
			size: 40_000_000,
			content: 'file',
			note: expect.stringMatching(/not returned to an AI agent/),
		});
		expect(contentRequests(fx.sandbox)).toEqual([
			expect.objectContaining({ path: `/file/${big.basename}`, authorization: bearer() }),
		]);
		// the node closed the connection after the headers: the sandbox stopped writing long before the end
		expect(await bytesSentOnceDone()).toBeLessThan(big.size);
	});
});

describe("n8n's binary data modes", () => {
	afterEach(async () => await useBinaryDataMode('filesystem'));

	it('in-memory mode: small files are kept in the item; a file above its cap fails from the Content-Length, before the body is read', async () => {
		await useBinaryDataMode('memory');
		// the mode is read off a file n8n stored (no probe file is written): one small file first
		const small = await run(fromUrl(`/file/${notes().basename}`));
		expect(small.error).toBeUndefined();
		expect(small.items[0].binary?.data.id).toBeUndefined();
		expect(Buffer.from(small.items[0].binary!.data.data, 'base64').length).toBe(notes().size);
		expect(await binarySha256(small.items[0].binary!.data)).toBe(
			sha256OfContent(fileContent(notes())),
		);
		const huge = addBinary('huge.iso', 1024 ** 3);
		const { error } = await run(fromUrl(`/file/${huge.basename}`));
		expect(error?.message).toBe(
			`The file is too large for n8n's in-memory binary data mode: 1.07 GB, at most ${formatSize(MEMORY_MODE_MAX_BYTES)} [item 0]`,
		);
		expect(error?.description).toMatch(/N8N_DEFAULT_BINARY_DATA_MODE=filesystem/);
		expect(await bytesSentOnceDone()).toBeLessThan(100 * 1024 ** 2);
	});

	it("database mode (queue mode's default): a file over N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE fails naming it, nothing stored", async () => {
		const rows = await useDatabaseBinaryMode(1);
		const stored = await run(fromUrl(`/file/${notes().basename}`));
		expect(stored.error).toBeUndefined();
		expect(stored.items[0].binary?.data.id).toMatch(/^database:/);
		expect(rows.size).toBe(1);
		const { error } = await run(fromUrl(`/file/${addBinary('big.bin', 1_500_000).basename}`));
		expect(error?.message).toBe(
			"The file is too large for n8n's database binary data mode: 1.5 MB, at most 1 MiB (1.05 MB) per file; N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE on n8n sets the cap [item 0]",
		);
		expect(error?.description).toBe(
			'Nothing was stored. Have the n8n administrator raise N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE (in MiB: 1 MiB = 1,048,576 bytes; at most 1024, 512 by default) on the main and on every worker, or use S3 binary data storage.',
		);
		expect(rows.size).toBe(1);
	});
});
