/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// transport/download: origins, masked path secrets, URLs in errors, the counting body, and the hop decisions.
import { createHash } from 'node:crypto';
import { getEventListeners } from 'node:events';
import { Readable } from 'node:stream';

import type { IExecuteFunctions } from 'n8n-workflow';

import { FILE_REQUEST_ID_PLACEHOLDER } from '../../../../nodes/lib/credentialContract';
import type { CredentialType } from '../../../../nodes/lib/credentialContract';
import { ApiClient, EXECUTION_POLICY } from '../../../../nodes/lib/transport';
import type { DownloadTarget } from '../../../../nodes/lib/transport/download';
import { openDownload } from '../../../../nodes/lib/transport/download';
import type { BodyCheck, ByteStream } from '../../../../nodes/lib/transport/download/body';
import {
	DownloadWatch,
	readExcerpt,
	RequestAbort,
	verifiedBody,
} from '../../../../nodes/lib/transport/download/body';
import { describeUrl, originOf } from '../../../../nodes/lib/transport/download/errors';
import {
	contentOf,
	dispositionFileName,
	sameOrigin,
	unmaskPathSecrets,
} from '../../../../nodes/lib/transport/download/hops';
import type { ScriptedAnswer } from '../../../helpers/fake-context';
import { fakeContext } from '../../../helpers/fake-context';

describe('origins: where a credential may go', () => {
	it.each([
		['https://files.example.com/file/a.pdf', 'https://files.example.com', true],
		['https://FILES.example.com:443/file/a.pdf', 'https://files.example.com/api/v1', true],
		['http://files.example.com/file/a.pdf', 'https://files.example.com', false],
		['https://files.example.com:8443/file/a.pdf', 'https://files.example.com', false],
		['https://cdn.example.com/file/a.pdf', 'https://files.example.com', false],
		['https://files.example.com.evil.test/file/a.pdf', 'https://files.example.com', false],
		['https://user:pw@files.example.com/a', 'https://files.example.com', true],
		['ftp://files.example.com/a', 'ftp://files.example.com', false],
		['not a url', 'https://files.example.com', false],
	])('%s on %s: %s', (url, base, expected) => {
		expect(sameOrigin(url, base)).toBe(expected);
	});

	it('originOf gives http(s) origins only', () => {
		expect(originOf('https://a.example/x?y')).toBe('https://a.example');
		expect(originOf('http://a.example:80/x')).toBe('http://a.example');
		expect(originOf('file:///etc/passwd')).toBeUndefined();
		expect(originOf('/relative')).toBeUndefined();
	});
});

describe('masked file request IDs are put back only as the credential placeholder', () => {
	it.each([
		[
			'https://f.example/file/a.pdf/upload-request/[redacted]',
			`https://f.example/file/a.pdf/upload-request/${FILE_REQUEST_ID_PLACEHOLDER}`,
		],
		[
			'https://f.example/file/a.pdf/upload-request/%5Bredacted%5D?x=1',
			`https://f.example/file/a.pdf/upload-request/${FILE_REQUEST_ID_PLACEHOLDER}?x=1`,
		],
		[
			'https://f.example/file/a.pdf/upload-request/x[redacted]',
			'https://f.example/file/a.pdf/upload-request/x[redacted]',
		],
		['https://f.example/file/a.pdf?q=[redacted]', 'https://f.example/file/a.pdf?q=[redacted]'],
	])('%s', (url, expected) => {
		expect(unmaskPathSecrets(url, 'fileStorageFileRequestApi')).toBe(expected);
	});

	it('never for the access token credential', () => {
		const url = 'https://f.example/file/a.pdf/upload-request/[redacted]';
		expect(unmaskPathSecrets(url, 'fileStorageApi')).toBe(url);
	});
});

describe('URLs as errors show them: without query or user info, path and credential secrets redacted', () => {
	const F = 'https://f.example/file';
	it.each<[string, string, string[]?]>([
		['https://u:p@f.example/file/a.pdf?signature=abc', `${F}/a.pdf`],
		[`${F}/a.pdf/upload-request/4f1e2d3c-0000`, `${F}/a.pdf/upload-request/[redacted]`],
		[`${F}/a.pdf/shared/shareTok123`, `${F}/a.pdf/shared/[redacted]`],
		[`${F}/tok-secret-1.pdf`, `${F}/[redacted].pdf`, ['tok-secret-1']],
		// not a URL: up to its query
		['files/a.pdf?signature=abc', 'files/a.pdf'],
	])('%s → %s', (url, shown, secrets = []) => expect(describeUrl(url, secrets)).toBe(shown));
});

describe('Content-Disposition file names', () => {
	it.each([
		[`inline; filename*=UTF-8''R%C3%A9sum%C3%A9%202026.pdf`, 'Résumé 2026.pdf'],
		['attachment; filename="report final.pdf"', 'report final.pdf'],
		['attachment; filename=plain.txt', 'plain.txt'],
		[`attachment; filename="fallback.pdf"; filename*=UTF-8''better.pdf`, 'better.pdf'],
		['inline', undefined],
		[undefined, undefined],
		[`attachment; filename* = UTF-8''a%20b.pdf ; size=3`, 'a b.pdf'],
		['attachment; filename = " spaced.pdf " ; size=3', 'spaced.pdf'],
		[`attachment; filename*=UTF-8''%E0%A4%A; filename="readable.pdf"`, 'readable.pdf'],
		['attachment; filename=""', undefined],
		[`attachment; filename*=UTF-8'en'n%C3%A4me.pdf`, 'näme.pdf'],
	])('%s', (header, expected) => {
		expect(dispositionFileName(header)).toBe(expected);
	});
});

describe('what the headers say of the content', () => {
	it.each([
		[
			{ 'content-length': ' 12 ', 'content-type': ' Application/PDF ; charset=binary' },
			12,
			'application/pdf',
			undefined,
		],
		[{ 'content-length': '12abc', 'content-type': '' }, undefined, undefined, undefined],
		[{ 'content-length': 'abc12' }, undefined, undefined, undefined],
		[{ 'content-length': ['7', '8'], 'content-type': ['text/plain'] }, 7, 'text/plain', undefined],
		[
			{ 'content-length': 9, 'content-disposition': 'inline; filename="a.txt"' },
			9,
			undefined,
			'a.txt',
		],
	])('%j', (headers, contentLength, mimeType, dispositionName) => {
		expect(contentOf(headers)).toEqual({ contentLength, mimeType, dispositionName });
	});
});

// ----- the counting body -------------------------------------------------------------------------------------------

class Problem extends Error {}

interface Recorder {
	check: BodyCheck;
	aborted: Array<Error | undefined>;
	finished: number;
}

function recorder(expectedBytes: number | undefined, idleTimeoutMs = 1_000): Recorder {
	const record: Recorder = { aborted: [], finished: 0, check: undefined as unknown as BodyCheck };
	record.check = {
		expectedBytes,
		watch: new DownloadWatch(idleTimeoutMs),
		stalled: (received) => new Problem(`stalled after ${received}`),
		cut: (received, cause) => new Problem(`cut after ${received}: ${(cause as Error).message}`),
		tooLong: (received) => new Problem(`too long at ${received}`),
		abortConnection: (reason) => record.aborted.push(reason),
		finished: () => record.finished++,
	};
	return record;
}

async function drain(stream: ByteStream, pauseMs = 0): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) {
		chunks.push(Buffer.from(chunk));
		if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
	}
	return Buffer.concat(chunks);
}

const chunks = (count: number, size: number) =>
	Array.from({ length: count }, (_, i) => Buffer.alloc(size, i + 1));
/** `parts` read to their end through the checks of `record`. */
const read = (record: Recorder, parts: Iterable<Buffer> | AsyncIterable<Buffer>, pauseMs = 0) =>
	drain(verifiedBody(Readable.from(parts), record.check), pauseMs);

describe('verifiedBody: a body that is not whole is an error', () => {
	it('passes every byte through, in order, and says when the body is done', async () => {
		const parts = chunks(20, 10_000);
		const record = recorder(200_000);
		const out = await read(record, parts);
		const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
		expect(sha(out)).toBe(sha(Buffer.concat(parts)));
		expect(record.aborted).toEqual([]);
		expect(record.finished).toBe(1);
	});

	it('without a Content-Length, any length is whole', async () => {
		const record = recorder(undefined);
		expect((await read(record, chunks(3, 7))).length).toBe(21);
	});

	it('fewer bytes than announced: cut, and the connection is ended', async () => {
		const record = recorder(100);
		await expect(read(record, chunks(3, 10))).rejects.toThrow('cut after 30: the body ended early');
		expect(record.aborted).toHaveLength(1);
		expect(record.finished).toBe(0);
	});

	it('more bytes than announced: too long, as soon as it shows', async () => {
		const record = recorder(25);
		await expect(read(record, chunks(5, 10))).rejects.toThrow('too long at 30');
	});

	it('the source failing mid-way: cut, with what arrived and why', async () => {
		const record = recorder(1_000);
		async function* failing() {
			yield Buffer.alloc(40);
			throw new Error('socket hang up');
		}
		await expect(read(record, failing())).rejects.toThrow('cut after 40: socket hang up');
		expect(record.aborted).toHaveLength(1);
	});

	it('a source that stops sending: stalled after the time limit, and the connection is ended with that error', async () => {
		const record = recorder(1_000, 100);
		const source = new Readable({ read() {} });
		source.push(Buffer.alloc(64));
		const failure = await drain(verifiedBody(source, record.check)).catch(
			(error: unknown) => error,
		);
		expect(failure).toBeInstanceOf(Problem);
		expect((failure as Error).message).toBe('stalled after 64');
		expect(record.aborted[0]).toBe(failure);
		source.destroy();
	});

	it('a slow reader is not a stalled body: the limit counts only waits for the server', async () => {
		// every chunk is there at once; the reader takes 60 ms per chunk, more than the 30 ms limit
		const record = recorder(60, 30);
		const out = await read(record, chunks(6, 10), 60);
		expect(out.length).toBe(60);
		expect(record.aborted).toEqual([]);
	});

	it('a reader that gives up ends the connection', async () => {
		const record = recorder(100);
		const body = verifiedBody(Readable.from(chunks(10, 10)), record.check);
		for await (const chunk of body) {
			expect(chunk.length).toBe(10);
			break;
		}
		expect(record.aborted).toHaveLength(1);
		expect(record.finished).toBe(0);
	});
});

describe('a download that may not start, or may bring too much', () => {
	it('an execution already cancelled aborts the request and the watch at once', () => {
		const cancelled = AbortSignal.abort(new Problem('cancelled'));
		expect(new RequestAbort(cancelled).signal.reason).toBe(cancelled.reason);
		const watch = new DownloadWatch(1_000, undefined, cancelled);
		expect(watch.signal.reason).toBe(cancelled.reason);
		watch.stop();
	});

	it('without a Content-Length, the size limit holds as the body is counted; the limit itself is allowed', async () => {
		const limited = (maxBytes: number) => {
			const record = recorder(undefined);
			record.check.limit = {
				maxBytes,
				exceeded: (bytes, counted) => new Problem(`over at ${bytes} (counted: ${counted})`),
			};
			return record;
		};
		const record = limited(25);
		await expect(read(record, chunks(5, 10))).rejects.toThrow('over at 30 (counted: true)');
		expect(record.aborted).toHaveLength(1);
		const exact = limited(50);
		expect(await read(exact, chunks(5, 10))).toHaveLength(50);
	});

	it('a body that is not a Node.js stream is refused', () => {
		const notAStream = { destroy: () => undefined, [Symbol.asyncIterator]: chunks(1, 1).values };
		expect(() => verifiedBody(notAStream as never, recorder(1).check)).toThrow(
			'The HTTP helper returned a body that is not a Node.js stream',
		);
	});

	it('a deadline that passes ends the download, also while no read waits, and every read after it', async () => {
		const watch = new DownloadWatch(60_000, {
			at: Date.now() + 20,
			passed: () => new Problem('overdue'),
		});
		await new Promise((resolve) => watch.signal.addEventListener('abort', resolve));
		expect(watch.overdue).toBeInstanceOf(Problem);
		expect(watch.signal.reason).toBe(watch.overdue);
		await expect(watch.whileWaiting(Promise.resolve(1), () => new Problem('stalled'))).rejects.toBe(
			watch.overdue,
		);
	});

	it("no listener stays on the execution's cancel signal once a request or a download has ended", () => {
		const execution = new AbortController();
		for (let request = 0; request < 3; request++) {
			new RequestAbort(execution.signal).end(undefined);
			new DownloadWatch(1_000, undefined, execution.signal).stop();
		}
		expect(getEventListeners(execution.signal, 'abort')).toHaveLength(0);
	});

	it("an error body's excerpt is its first 16 KiB as text; the rest is not read", async () => {
		let sent = 0;
		async function* large() {
			for (; sent < 100; sent++) yield Buffer.alloc(1_000, 'a');
		}
		const abort = new RequestAbort(undefined);
		const text = await readExcerpt(Readable.from(large()), abort, new DownloadWatch(1_000));
		expect(text).toBe('a'.repeat(16 * 1_024));
		expect(sent).toBeLessThan(20);
		expect(abort.signal.aborted).toBe(true);
	});
});

// ----- hops ----------------------------------------------------------------------------------------------------------

type Answer = ScriptedAnswer;
const FILE = 'https://files.example.com/file/a.pdf';

/** A context whose helpers answer by URL; `hops` are the requests handed to them, in order. */
function hopContext(answer: (url: string, index: number) => Answer, executionCancel?: AbortSignal) {
	const fake = fakeContext((options, index) => answer(options.url, index), {
		credentials: {
			baseUrl: 'https://files.example.com',
			accessToken: 'tok-secret-1',
			fileRequestId: 'req-secret-1',
		},
		executionCancel,
	});
	return { ctx: fake.ctx, hops: fake.requests };
}

function target(url: string): DownloadTarget {
	return { url, policy: { ...EXECUTION_POLICY, timeoutMs: 5_000 }, itemIndex: 0 };
}

/** Opens a download with a client of the given credential, as the Download operations do. */
async function open(
	ctx: IExecuteFunctions,
	url: string,
	more: Partial<DownloadTarget> = {},
	credentialType: CredentialType = 'fileStorageApi',
) {
	return await openDownload(ctx, new ApiClient(ctx, credentialType), { ...target(url), ...more });
}
/** The error a download fails to open with. */
const failure = async (opening: Promise<unknown>) =>
	(await opening.then(
		() => new Error('opened'),
		(error: unknown) => error,
	)) as Error & { description?: string; httpCode?: string };
/** Each hop as "helper URL". */
const hopLines = (hops: Array<{ helper: string; options: { url: string } }>) =>
	hops.map((hop) => `${hop.helper} ${hop.options.url}`);

describe('openDownload: one origin decision per hop', () => {
	it("the Base URL's origin: the credential's helper; the body comes back unread, and is checked as it is read", async () => {
		const { ctx, hops } = hopContext(() => ({
			statusCode: 200,
			headers: { 'content-type': 'application/pdf; charset=binary', 'content-length': '3' },
			body: 'pdf',
		}));
		const opened = await open(ctx, FILE);
		expect(opened).toMatchObject({
			statusCode: 200,
			mimeType: 'application/pdf',
			contentLength: 3,
			authenticated: true,
		});
		expect(hops).toHaveLength(1);
		// the credential the client already read is handed over, not read and decrypted again
		expect(hops[0]).toMatchObject({
			helper: 'authenticated',
			credentialType: 'fileStorageApi',
			credentialId: 'c1',
		});
		// n8n's helper is asked for the stream itself (the engine-level Download suite proves it is not buffered), as
		// sent (byte-exact, so Content-Length holds), whatever its status, one hop at a time, in the node's time limit
		expect(hops[0].options).toMatchObject({
			method: 'GET',
			url: FILE,
			headers: { Accept: '*/*', 'Accept-Encoding': 'identity' },
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			maxRedirects: 0,
			sendCredentialsOnCrossOriginRedirect: false,
			timeout: 5_000,
		});
		expect((await drain(opened.body)).toString()).toBe('pdf');
		// read to its end: the request no longer listens to the execution's cancel signal
		expect(hops[0].contextSignal).toBe(hops[0].options.abortSignal);
	});

	it('a body that ends before its Content-Length fails as it is read, naming the file', async () => {
		const { ctx } = hopContext(() => ({
			statusCode: 200,
			headers: { 'content-length': '10' },
			body: 'pdf',
		}));
		const opened = await open(ctx, `${FILE}?sig=x`);
		await expect(drain(opened.body)).rejects.toThrow(
			`The download was cut short after 3 of 10 bytes of ${FILE}`,
		);
	});

	it.each([
		[
			{ 'content-length': '2' },
			'The download is longer than the server announced: more than 2 bytes, Content-Length 2',
		],
		[{}, `The download was cut short after 3 bytes of ${FILE}`],
	])('a body that does not keep to %j fails as it is read, saying so', async (headers, message) => {
		async function* breaking() {
			yield Buffer.from('pdf');
			throw new Error('socket hang up');
		}
		const { ctx } = hopContext(() => ({
			statusCode: 200,
			headers,
			body: Readable.from(breaking()),
		}));
		const opened = await open(ctx, `${FILE}?sig=1`);
		await expect(drain(opened.body)).rejects.toThrow(message);
	});

	it('close() before reading ends the connection', async () => {
		const { ctx, hops } = hopContext(() => ({ statusCode: 200, body: 'pdf' }));
		const opened = await open(ctx, FILE);
		opened.close();
		expect(hops[0].options.abortSignal?.aborted).toBe(true);
	});

	it('another origin: the plain helper, no credential', async () => {
		const { ctx, hops } = hopContext(() => ({ statusCode: 200 }));
		const opened = await open(ctx, 'https://cdn.example.com/file/a.pdf');
		opened.close();
		expect(hops.map((h) => h.helper)).toEqual(['anonymous']);
		expect(opened.authenticated).toBe(false);
	});

	it('a chain that leaves the origin never gets the credential back', async () => {
		const { ctx, hops } = hopContext((url) =>
			url.endsWith('/start')
				? { statusCode: 302, headers: { location: 'https://cdn.example.com/bounce' } }
				: url.endsWith('/bounce')
					? { statusCode: 307, headers: { location: FILE } }
					: { statusCode: 200 },
		);
		const opened = await open(ctx, 'https://files.example.com/start');
		opened.close();
		expect(hopLines(hops)).toEqual([
			'authenticated https://files.example.com/start',
			'anonymous https://cdn.example.com/bounce',
			`anonymous ${FILE}`,
		]);
	});

	it('relative redirects stay on the origin, with the credential', async () => {
		const { ctx, hops } = hopContext((url) =>
			url.endsWith('/old')
				? { statusCode: 301, headers: { location: '/file/new.pdf' } }
				: { statusCode: 200 },
		);
		(await open(ctx, 'https://files.example.com/old')).close();
		expect(hopLines(hops)).toEqual([
			'authenticated https://files.example.com/old',
			'authenticated https://files.example.com/file/new.pdf',
		]);
	});

	it('the file request credential gets the placeholder on its own origin only', async () => {
		const { ctx, hops } = hopContext(() => ({ statusCode: 200 }));
		const masked = (host: string) =>
			`https://${host}.example.com/file/a.pdf/upload-request/[redacted]`;
		for (const host of ['files', 'cdn'])
			(await open(ctx, masked(host), {}, 'fileStorageFileRequestApi')).close();
		expect(hops.map((h) => `${h.helper} ${h.credentialType ?? '-'} ${h.options.url}`)).toEqual([
			`authenticated fileStorageFileRequestApi https://files.example.com/file/a.pdf/upload-request/${FILE_REQUEST_ID_PLACEHOLDER}`,
			'anonymous - https://cdn.example.com/file/a.pdf/upload-request/[redacted]',
		]);
	});

	it('429 is tried again after Retry-After; the answer after it counts', async () => {
		const { ctx, hops } = hopContext((_url, index) =>
			index === 0 ? { statusCode: 429, headers: { 'retry-after': '0' } } : { statusCode: 200 },
		);
		const waits: number[] = [];
		const opened = await open(ctx, FILE, {
			policy: { ...EXECUTION_POLICY, wait: async (ms: number) => void waits.push(ms) },
		});
		opened.close();
		expect(hops).toHaveLength(2);
		// the answer left behind is ended, not left holding its connection
		expect(hops[0].options.abortSignal?.aborted).toBe(true);
		expect(waits).toEqual([0]);
		expect(opened.statusCode).toBe(200);
	});

	it.each([
		[
			'ECONNREFUSED',
			3,
			/^Could not reach the server of https:\/\/files\.example\.com\/file\/a\.pdf \(ECONNREFUSED\)/,
		],
		['ETIMEDOUT', 1, /^No answer within 5 s from https:\/\/files\.example\.com\/file\/a\.pdf/],
	])(
		'no answer (%s): tried %i times (a download is a GET; a time-out is not tried again), then an error without the query or a secret',
		async (code, tries, message) => {
			const cause = Object.assign(new Error(`${code} on tok-secret-1`), { code });
			const { ctx, hops } = hopContext(() => ({ throws: cause }));
			const error = await failure(
				open(ctx, `${FILE}?sig=tok-secret-1`, {
					policy: { ...EXECUTION_POLICY, timeoutMs: 5_000, wait: async () => undefined },
				}),
			);
			expect(error.message).toMatch(message);
			expect(hops).toHaveLength(tries);
			expect(JSON.stringify([error.message, error.description])).not.toContain('tok-secret-1');
		},
	);

	it("errors redact the credential's secrets and drop the query", async () => {
		const { ctx } = hopContext(() => ({
			statusCode: 404,
			body: '{"message":"no tok-secret-1 here"}',
		}));
		const error = await failure(open(ctx, `${FILE}?sig=tok-secret-1`));
		expect(error.message).toBe('The file was not found (HTTP 404): no [redacted] here [item 0]');
		expect(`${error.message} ${error.description}`).not.toContain('tok-secret-1');
	});

	it.each([
		[
			'text/html; charset=utf-8',
			'application/pdf',
			'a web page instead of the file (HTTP 200, text/html)',
		],
		[
			'application/json',
			'application/pdf',
			'JSON instead of the file (HTTP 200, application/json)',
		],
		['application/octet-stream', 'application/pdf', undefined],
		['application/json', 'Application/JSON', undefined],
		['text/html', undefined, undefined],
	])('answered as %s where %s is listed: %s', async (contentType, expectedMimeType, refused) => {
		const { ctx } = hopContext(() => ({
			statusCode: 200,
			headers: { 'content-type': contentType },
			body: '<html>Sign in</html>',
		}));
		const opened = open(ctx, FILE, { expectedMimeType });
		if (refused) {
			const error = await failure(opened);
			expect(error.message).toContain(`The server answered with ${refused}`);
			expect(error.httpCode).toBe('200');
		} else (await opened).close();
	});

	it.each([
		[300, {}, 'The server did not send the file (HTTP 300)'],
		[302, {}, 'without a usable http(s) address'],
		// a redirect to a non-http(s) address is refused
		[
			302,
			{ location: 'file:///etc/passwd' },
			'The server redirected the download (HTTP 302) without a usable http(s) address',
		],
		[302, { location: '/again' }, 'Too many redirects: more than 5 for one file'],
	])('HTTP %s %j: an error with that status, "%s"', async (statusCode, headers, message) => {
		const { ctx } = hopContext(() => ({ statusCode, headers }));
		const error = await failure(open(ctx, FILE));
		expect(error.message).toContain(message);
		expect(error.httpCode).toBe(String(statusCode));
	});

	it("a download read to its end leaves no listener on the execution's cancel signal; a poll has no such signal", async () => {
		const execution = new AbortController();
		const { ctx } = hopContext(() => ({ statusCode: 200, body: 'pdf' }), execution.signal);
		await drain((await open(ctx, FILE)).body);
		expect(getEventListeners(execution.signal, 'abort')).toHaveLength(0);
		const poll = hopContext(() => ({ statusCode: 200, body: 'pdf' })).ctx;
		delete (poll as Partial<IExecuteFunctions>).getExecutionCancelSignal;
		expect((await drain((await open(poll, FILE)).body)).toString()).toBe('pdf');
	});

	it('the execution being cancelled ends the connection', async () => {
		const execution = new AbortController();
		const { ctx, hops } = hopContext(() => ({ statusCode: 200 }), execution.signal);
		const opened = await open(ctx, FILE);
		expect(hops[0].options.abortSignal?.aborted).toBe(false);
		execution.abort();
		expect(hops[0].options.abortSignal?.aborted).toBe(true);
		opened.close();
	});
});
