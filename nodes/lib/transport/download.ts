import type { IDataObject, IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { FILE_REQUEST_ID_PLACEHOLDER } from '../../../credentials/FileStorageFileRequestApi.credentials';
import { isObject } from '../json';
import { excerptOf } from './answers';
import type { CredentialType } from './endpoints';
import { CREDENTIAL_LABELS } from './endpoints';
import { networkCodeOf } from './no-answer';
import { REDACTED, redactText } from './redaction';
import type { Connection } from './request';
import { isTimeout } from './request';
import type { RequestPolicy } from './retry';
import { backoffMs, isRetryable, retryAfterMs } from './retry';

/**
 * File content, streamed: where the credential may go (only to the Base URL's origin, never through a redirect to
 * another one), redirects followed here and bounded, transient failures tried again before any byte of the body,
 * and a body that is counted as it passes, so a cut, stalled or short body is an error instead of a truncated
 * file. Nothing here buffers the body.
 */

/** What this module needs of a Node.js Readable (nodes may not import node:stream). */
export interface ByteStream extends AsyncIterable<Uint8Array> {
	destroy(error?: Error): unknown;
}

/** A Readable class: the body's own, found on its prototype chain, makes the counting pass-through. */
interface ReadableClass {
	name: string;
	from(source: AsyncIterable<Uint8Array>, options: { objectMode: boolean }): ByteStream;
}

export interface DownloadTarget {
	/** Absolute http(s) URL of the content. */
	url: string;
	/**
	 * The credential applied to requests to the Base URL's origin (and never to another origin). The access
	 * token credential adds its Bearer header; the file request credential adds no header, it only fills in the
	 * file request ID where the node's output masked it.
	 */
	credentialType: CredentialType;
	connection: Connection;
	policy: RequestPolicy;
	itemIndex: number;
	/** The MIME type the content should have, when known: a web page or a JSON answer instead of it is an error. */
	expectedMimeType?: string;
}

export interface OpenedDownload {
	/** Where the content finally came from (after redirects). */
	url: string;
	statusCode: number;
	/** Content-Type without parameters, lower case; undefined when the server sent none. */
	mimeType?: string;
	/** Content-Length, when the server sent a valid one. */
	contentLength?: number;
	/** The file name of a Content-Disposition header. */
	dispositionName?: string;
	/** Whether the credential was applied to the request that answered. */
	authenticated: boolean;
	body: ByteStream;
	/** Ends the connection: the body is not wanted (anymore). */
	close(reason?: Error): void;
	/** The body was read to its end: the connection needs nothing more. */
	release(): void;
}

interface StreamResponse {
	statusCode: number;
	headers: IDataObject;
	body: ByteStream;
}

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
/** How much of an error answer is read for its message. */
const ERROR_BODY_LIMIT = 16 * 1024;

// ----- origins and URLs --------------------------------------------------------------------------------------------

/** `https://host:port` of an absolute URL; undefined when it is not one. */
export function originOf(url: string): string | undefined {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
	} catch {
		return undefined;
	}
}

/** Whether two URLs have the same scheme, host and port (default ports included): only then may a credential go. */
export function sameOrigin(url: string, baseUrl: string): boolean {
	const origin = originOf(url);
	return origin !== undefined && origin === originOf(baseUrl);
}

/**
 * The node's own output masks the file request ID in file URLs (`…/upload-request/[redacted]`). For requests to
 * the Base URL's origin made with the file request credential, the mask becomes the credential's placeholder,
 * which its `authenticate` fills in: the ID is put back without passing through node code.
 */
export function unmaskPathSecrets(url: string, credentialType: CredentialType): string {
	if (credentialType !== 'fileStorageFileRequestApi') return url;
	const masked = [REDACTED, encodeURIComponent(REDACTED), '%5Bredacted%5D'];
	const [beforeQuery, ...query] = url.split('?');
	const path = beforeQuery
		.split('/')
		.map((segment) => (masked.includes(segment) ? FILE_REQUEST_ID_PLACEHOLDER : segment))
		.join('/');
	return [path, ...query].join('?');
}

/** A URL as errors may show it: no query (signed URLs carry tokens there), no user info, secrets redacted. */
export function describeUrl(url: string, secrets: string[]): string {
	let shown = url;
	try {
		const parsed = new URL(url);
		shown = `${parsed.origin}${parsed.pathname}`;
	} catch {
		shown = url.split('?')[0];
	}
	// The path secrets of shares and file requests are credentials, whoever's they are.
	shown = shown.replace(/\/(shared|upload-request)\/[^/]+/g, `/$1/${REDACTED}`);
	return redactText(shown, secrets);
}

function headerValue(headers: IDataObject, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' || typeof first === 'number' ? String(first) : undefined;
}

function mimeTypeOf(headers: IDataObject): string | undefined {
	const value = headerValue(headers, 'content-type');
	const type = value?.split(';')[0].trim().toLowerCase();
	return type ? type : undefined;
}

function contentLengthOf(headers: IDataObject): number | undefined {
	const value = headerValue(headers, 'content-length');
	if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
	return Number(value);
}

/** `filename*=UTF-8''…` or `filename="…"` of a Content-Disposition header. */
export function dispositionFileName(header: string | undefined): string | undefined {
	if (!header) return undefined;
	const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
	if (extended) {
		try {
			return decodeURIComponent(extended[1].trim());
		} catch {
			// fall back to the plain parameter
		}
	}
	const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
	const name = (plain?.[2] ?? plain?.[1])?.trim();
	return name ? name : undefined;
}

/** Whether a helper's error is a time limit that passed; n8n's authenticated helper wraps axios' error as `cause`. */
function timedOut(error: unknown): boolean {
	return isTimeout(error) || isTimeout((error as { cause?: unknown })?.cause);
}

/**
 * What ends one request's connection: the execution being cancelled, or this module (a stalled body, a body not
 * wanted). Destroying the body stream alone does not: the HTTP client wraps the socket's stream in another one
 * that waits for the socket's next bytes before it can close.
 */
class ConnectionAbort {
	private readonly controller = new AbortController();

	private readonly forwardCancel = () => this.controller.abort(this.cancel?.reason);

	constructor(private readonly cancel: AbortSignal | undefined) {
		if (cancel?.aborted) this.controller.abort(cancel.reason);
		else cancel?.addEventListener('abort', this.forwardCancel, { once: true });
	}

	get signal(): AbortSignal {
		return this.controller.signal;
	}

	/**
	 * Ends the connection. The body stream goes first: aborting a request whose body stream is still open makes the
	 * HTTP client emit an error on it, which nobody listens to any more.
	 */
	end(body: ByteStream | undefined, reason?: Error): void {
		body?.destroy();
		if (!this.controller.signal.aborted) this.controller.abort(reason);
		this.release();
	}

	/** Stops listening to the execution's cancel signal (one listener per request would pile up). */
	release(): void {
		this.cancel?.removeEventListener('abort', this.forwardCancel);
	}
}

// ----- errors ------------------------------------------------------------------------------------------------------

/** Where a download failed, for its errors: the node, the item, the URL as shown, the secrets to redact. */
interface Site {
	node: INode;
	itemIndex: number;
	where: string;
	secrets: string[];
	credentialType: CredentialType;
}

function siteOf(ctx: IExecuteFunctions, target: DownloadTarget, url: string): Site {
	return {
		node: ctx.getNode(),
		itemIndex: target.itemIndex,
		where: describeUrl(url, target.connection.secrets),
		secrets: target.connection.secrets,
		credentialType: target.credentialType,
	};
}

function downloadError(site: Site, message: string, description: string, httpCode?: number): NodeApiError {
	const text = redactText(message, site.secrets);
	const code = httpCode === undefined ? undefined : String(httpCode);
	const error = new NodeApiError(
		site.node,
		{ message: text, ...(code ? { httpCode: code } : {}) },
		{
			message: text,
			description: redactText(description, site.secrets),
			itemIndex: site.itemIndex,
			...(code ? { httpCode: code } : {}),
		},
	);
	// NodeApiError swaps a message that mentions a network code (ECONNREFUSED…) for generic wording; ours names the file.
	error.message = text;
	return error;
}

function serverSaid(text: string): string {
	try {
		const parsed: unknown = JSON.parse(text);
		if (isObject(parsed) && typeof parsed.message === 'string' && parsed.message.trim()) return `: ${parsed.message.trim()}`;
	} catch {
		// not JSON: the excerpt goes into the description instead
	}
	return '';
}

function statusHint(site: Site, status: number, authenticated: boolean, baseUrl: string): { message: string; hint: string } {
	const fileRequest = site.credentialType === 'fileStorageFileRequestApi';
	const label = CREDENTIAL_LABELS[site.credentialType];
	const elsewhere = `The file is not on the credential's server (${originOf(baseUrl) ?? baseUrl}): the node sends credentials only to the Base URL's server, never to another host, also not through a redirect. Make the file reachable without credentials there, or download it from the credential's server.`;
	switch (status) {
		case 401:
			return {
				message: 'The server refused to send the file without valid credentials',
				hint: !authenticated
					? elsewhere
					: fileRequest
						? 'File request downloads send no token: the URL carries the file request (…/upload-request/<ID>). Use the file URL a File Request listing gave, with the "File Storage File Request API" credential of that request.'
						: `The access token was refused. Open the "${label}" credential and paste a valid access token of the account the file belongs to.`,
			};
		case 403:
			return {
				message: 'Access to the file was denied',
				hint: !authenticated
					? elsewhere
					: fileRequest
						? 'The file must belong to the file request of the "File Storage File Request API" credential.'
						: 'The file must belong to the account of the access token. Files of other accounts, shares or file requests are downloaded with their own link.',
			};
		case 404:
			return {
				message: 'The file was not found',
				hint: fileRequest
					? 'The file was deleted, or it is not part of the file request of the credential, or the file request is unknown. List the file request again to get current file URLs.'
					: 'The file was deleted or moved to the trash, or the URL is wrong. List the files again to get a current file URL.',
			};
		case 410:
			return {
				message: 'The file request is not active anymore',
				hint: 'The file request was filled or has expired, so its files can no longer be downloaded through it. Download them with the owner\'s access token (File resource), or ask for a new file request.',
			};
		case 429:
			return {
				message: 'Too many requests: the server is rate limiting',
				hint: 'Wait and run again, or download fewer files per run.',
			};
		default:
			return status >= 500
				? { message: 'The server failed to send the file', hint: 'This is a server-side error. Try again later; if it persists, check the server logs.' }
				: { message: 'The download failed', hint: 'Check the file URL and the credential, then try again.' };
	}
}

// ----- reading bodies ----------------------------------------------------------------------------------------------

/** The Readable class of a stream: the nearest class on its prototype chain named Readable. */
function readableClassOf(stream: ByteStream): ReadableClass {
	for (let proto: unknown = Object.getPrototypeOf(stream); proto; proto = Object.getPrototypeOf(proto)) {
		const ctor = (proto as { constructor?: Partial<ReadableClass> }).constructor;
		if (ctor?.name === 'Readable' && typeof ctor.from === 'function') return ctor as ReadableClass;
	}
	throw new TypeError('The HTTP helper returned a body that is not a Node.js stream');
}

export interface BodyCheck {
	/** Bytes the body must have (Content-Length), when known. */
	expectedBytes?: number;
	/** Longest wait for the next bytes while the body is being read. */
	idleTimeoutMs: number;
	/** Errors for what can go wrong mid-body (the caller knows the node, the item and the URL). */
	stalled(received: number): Error;
	cut(received: number, cause: unknown): Error;
	/** More bytes than announced. (Fewer is `cut`: the body ended before its end.) */
	tooLong(received: number): Error;
	/** Ends the connection: a stalled body, or one whose reader gave up. */
	abortConnection(reason?: Error): void;
	/** The body was read to its end. */
	finished(): void;
}

/**
 * The body as a new stream that counts bytes as they pass: it fails when the body stalls longer than the time
 * limit (measured only while waiting for the server, not while the consumer writes), ends early or has another
 * length than announced. Backpressure is kept: the next chunk is read only when the consumer asks for it.
 */
export function verifiedBody(body: ByteStream, check: BodyCheck): ByteStream {
	const Readable = readableClassOf(body);
	async function* counted(): AsyncGenerator<Uint8Array> {
		const iterator = body[Symbol.asyncIterator]();
		const watchdog = new AbortController();
		let received = 0;
		let waitingSince: number | undefined;
		let stalledError: Error | undefined;
		/** Fails the current wait for the next chunk (one promise per wait: a long-lived one would keep every chunk). */
		let failWait: ((error: Error) => void) | undefined;
		let completed = false;
		const tick = Math.max(10, Math.min(1000, Math.floor(check.idleTimeoutMs / 4)));
		const watch = async () => {
			while (!watchdog.signal.aborted) {
				try {
					await sleep(tick, watchdog.signal);
				} catch {
					return; // the body ended: the watch ends with it
				}
				if (watchdog.signal.aborted) return;
				if (waitingSince !== undefined && Date.now() - waitingSince >= check.idleTimeoutMs) {
					stalledError = check.stalled(received);
					failWait?.(stalledError);
					check.abortConnection(stalledError);
					return;
				}
			}
		};
		void watch();
		try {
			for (;;) {
				waitingSince = Date.now();
				let next: IteratorResult<Uint8Array>;
				try {
					next = await new Promise<IteratorResult<Uint8Array>>((resolve, reject) => {
						failWait = reject;
						iterator.next().then(resolve, reject);
					});
				} catch (error) {
					throw stalledError ?? check.cut(received, error);
				} finally {
					failWait = undefined;
				}
				waitingSince = undefined;
				if (next.done) break;
				received += next.value.length;
				if (check.expectedBytes !== undefined && received > check.expectedBytes) throw check.tooLong(received);
				yield next.value;
			}
			if (check.expectedBytes !== undefined && received < check.expectedBytes) {
				throw check.cut(received, new Error('the body ended early'));
			}
			completed = true;
		} finally {
			watchdog.abort();
			// Ended early (an error, or the reader gave up): the connection is not needed anymore.
			if (completed) check.finished();
			else check.abortConnection();
			body.destroy();
		}
	}
	return Readable.from(counted(), { objectMode: false });
}

/** Up to `limit` bytes of a body as text (for error messages); the rest is discarded. */
async function readExcerpt(body: ByteStream, connection: ConnectionAbort, limit: number, idleTimeoutMs: number): Promise<string> {
	const chunks: Uint8Array[] = [];
	let size = 0;
	const bounded = verifiedBody(body, {
		idleTimeoutMs,
		stalled: () => new Error('stalled'),
		cut: (_received, cause) => (cause instanceof Error ? cause : new Error(String(cause))),
		tooLong: () => new Error('too long'),
		abortConnection: (reason) => connection.end(body, reason),
		finished: () => connection.end(body),
	});
	try {
		for await (const chunk of bounded) {
			chunks.push(chunk);
			size += chunk.length;
			if (size >= limit) break;
		}
	} catch {
		// what arrived before the failure is still worth showing
	} finally {
		bounded.destroy();
		connection.end(body);
	}
	return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

// ----- sending -----------------------------------------------------------------------------------------------------

function requestOptions(url: string, target: DownloadTarget, abortSignal: AbortSignal): IHttpRequestOptions {
	return {
		method: 'GET',
		url,
		// Byte-exact content: a compressed answer would be decompressed by the HTTP client and no longer match its
		// Content-Length.
		headers: { Accept: '*/*', 'Accept-Encoding': 'identity' },
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Redirects are followed here, one origin decision per hop.
		disableFollowRedirect: true,
		maxRedirects: 0,
		sendCredentialsOnCrossOriginRedirect: false,
		timeout: target.policy.timeoutMs,
		abortSignal,
	};
}

/**
 * A request to the Base URL's origin: the credential's `authenticate` is applied. n8n's authenticated helper
 * replaces the request's abort signal with the execution's cancel signal (`this.getExecutionCancelSignal()`), so
 * it is called on a view of the context whose cancel signal also ends this one connection.
 */
async function authenticatedGet(
	ctx: IExecuteFunctions,
	target: DownloadTarget,
	options: IHttpRequestOptions,
	abortSignal: AbortSignal,
): Promise<StreamResponse> {
	const view = Object.create(ctx, { getExecutionCancelSignal: { value: () => abortSignal } }) as IExecuteFunctions;
	// the credential the connection already read, as apiRequest hands it: n8n would otherwise read and decrypt it again
	return (await ctx.helpers.httpRequestWithAuthentication.call(view, target.credentialType, options, {
		credentialsDecrypted: target.connection.credential,
	})) as StreamResponse;
}

/** A request to any other origin: no credential at all. */
async function anonymousGet(ctx: IExecuteFunctions, options: IHttpRequestOptions): Promise<StreamResponse> {
	return (await ctx.helpers.httpRequest(options)) as StreamResponse;
}

function cancelSignalOf(ctx: IExecuteFunctions): AbortSignal | undefined {
	const getSignal = (ctx as Partial<Pick<IExecuteFunctions, 'getExecutionCancelSignal'>>).getExecutionCancelSignal;
	return typeof getSignal === 'function' ? getSignal.call(ctx) : undefined;
}

interface SentHop {
	response: StreamResponse;
	connection: ConnectionAbort;
	tries: number;
	waitedMs: number;
}

/** One hop, tried again (within the policy) after a failure before any answer, a 429 or a 5xx. */
async function sendHop(ctx: IExecuteFunctions, target: DownloadTarget, url: string, authenticate: boolean): Promise<SentHop> {
	const site = siteOf(ctx, target, url);
	const { policy } = target;
	const sentUrl = authenticate ? unmaskPathSecrets(url, target.credentialType) : url;
	let waitedMs = 0;
	for (let tries = 1; ; tries++) {
		const connection = new ConnectionAbort(cancelSignalOf(ctx));
		const options = requestOptions(sentUrl, target, connection.signal);
		let response: StreamResponse;
		try {
			response = authenticate
				? await authenticatedGet(ctx, target, options, connection.signal)
				: await anonymousGet(ctx, options);
		} catch (error) {
			connection.end(undefined);
			if (timedOut(error)) {
				throw downloadError(
					site,
					`No answer within ${Math.round(policy.timeoutMs / 1000)} s from ${site.where}`,
					"The server did not start sending the file in time. Raise Timeout in the node's options if the server is slow, or check that it is running.",
				);
			}
			const code = networkCodeOf(error);
			const wait = backoffMs(tries + 1);
			if (tries < policy.maxTries && isRetryable('GET', undefined, code) && waitedMs + wait <= policy.maxWaitMs) {
				await sleep(wait);
				waitedMs += wait;
				continue;
			}
			const detail = redactText(String((error as Error)?.message ?? error), site.secrets);
			throw downloadError(
				site,
				`Could not reach the server of ${site.where}${code ? ` (${code})` : ''}`,
				`Check that the server is running and reachable from n8n, and that the file URL is right. Detail: ${detail}`,
			);
		}
		const status = response.statusCode;
		if (tries < policy.maxTries && isRetryable('GET', status)) {
			const wait = retryAfterMs(headerValue(response.headers ?? {}, 'retry-after'), Date.now()) ?? backoffMs(tries + 1);
			if (waitedMs + wait <= policy.maxWaitMs) {
				connection.end(response.body);
				await sleep(wait);
				waitedMs += wait;
				continue;
			}
		}
		return { response, connection, tries, waitedMs };
	}
}

function isWebAnswerInsteadOf(mimeType: string | undefined, expected: string | undefined): boolean {
	if (!mimeType || !expected) return false;
	const unexpected = mimeType === 'text/html' || mimeType === 'application/json';
	return unexpected && mimeType !== expected.toLowerCase();
}

/**
 * Sends the request and follows redirects (at most MAX_REDIRECTS). The credential is applied to a hop only while
 * the chain has not left the Base URL's origin. Answers that are not the content (4xx/5xx, a web page or JSON
 * where a file of another type is expected) become errors that say what to do; the body of a returned download
 * is not read yet.
 */
export async function openDownload(ctx: IExecuteFunctions, target: DownloadTarget): Promise<OpenedDownload> {
	const { baseUrl } = target.connection;
	let url = target.url;
	let leftBaseOrigin = false;
	for (let redirects = 0; ; redirects++) {
		const authenticate = !leftBaseOrigin && sameOrigin(url, baseUrl);
		if (!authenticate) leftBaseOrigin = true;
		const site = siteOf(ctx, target, url);
		const { response, connection, tries, waitedMs } = await sendHop(ctx, target, url, authenticate);
		const status = response.statusCode;
		const headers = response.headers ?? {};

		if (REDIRECT_STATUSES.includes(status)) {
			connection.end(response.body);
			const location = headerValue(headers, 'location');
			let next: string | undefined;
			try {
				next = location ? new URL(location, url).href : undefined;
			} catch {
				next = undefined;
			}
			if (!next || !originOf(next)) {
				throw downloadError(
					site,
					`The server redirected the download (HTTP ${status}) without a usable http(s) address`,
					'Check the file URL; the server sent a redirect the node cannot follow.',
					status,
				);
			}
			if (redirects >= MAX_REDIRECTS) {
				throw downloadError(
					site,
					`Too many redirects: more than ${MAX_REDIRECTS} for one file`,
					'The server keeps redirecting (possibly in a loop). Check the file URL in a browser.',
					status,
				);
			}
			url = next;
			continue;
		}

		if (status < 200 || status >= 300) {
			const excerpt = response.body ? await readExcerpt(response.body, connection, ERROR_BODY_LIMIT, target.policy.timeoutMs) : '';
			connection.end(response.body);
			const { message, hint } = statusHint(site, status, authenticate, baseUrl);
			const retried = tries > 1 ? ` Tried ${tries} times, waiting ${Math.round(waitedMs / 1000)} s in all.` : '';
			const shown = excerpt.trim() ? ` The server answered ${excerptOf(excerpt)}.` : '';
			throw downloadError(site, `${message} (HTTP ${status})${serverSaid(excerpt)}`, `${hint}${retried}${shown}`, status);
		}

		const mimeType = mimeTypeOf(headers);
		if (isWebAnswerInsteadOf(mimeType, target.expectedMimeType)) {
			const excerpt = await readExcerpt(response.body, connection, ERROR_BODY_LIMIT, target.policy.timeoutMs);
			const page = mimeType === 'text/html';
			throw downloadError(
				site,
				`The server answered with ${page ? 'a web page' : 'JSON'} instead of the file (HTTP ${status}, ${mimeType})${page ? '' : serverSaid(excerpt)}`,
				`A ${target.expectedMimeType} file was expected. ${page ? 'A login page or the web app answered instead: check' : 'Check'} the file URL and that the Base URL of the "${CREDENTIAL_LABELS[target.credentialType]}" credential is the server the file is on. The server answered ${excerptOf(excerpt)}.`,
				status,
			);
		}

		return {
			url,
			statusCode: status,
			mimeType,
			contentLength: contentLengthOf(headers),
			dispositionName: dispositionFileName(headerValue(headers, 'content-disposition')),
			authenticated: authenticate,
			body: response.body,
			close: (reason) => connection.end(response.body, reason),
			release: () => connection.release(),
		};
	}
}

/** The checks of a download's body with errors that name the file, the item and what arrived. */
export function bodyCheckFor(
	ctx: IExecuteFunctions,
	target: DownloadTarget,
	opened: OpenedDownload,
): BodyCheck {
	const site = siteOf(ctx, target, opened.url);
	const expected = opened.contentLength;
	const of = (received: number) => (expected === undefined ? `${received} bytes` : `${received} of ${expected} bytes`);
	const seconds = Math.round(target.policy.timeoutMs / 1000);
	return {
		expectedBytes: expected,
		idleTimeoutMs: target.policy.timeoutMs,
		stalled: (received) =>
			downloadError(
				site,
				`The download stalled: no data for ${seconds} s after ${of(received)} of ${site.where}`,
				"Nothing was stored: a partial file is never output. Raise Timeout in the node's options if the server is slow, or run again.",
			),
		cut: (received, cause) =>
			downloadError(
				site,
				`The download was cut short after ${of(received)} of ${site.where}`,
				`The connection ended before the whole file arrived (${redactText(String((cause as Error)?.message ?? cause), site.secrets)}). Nothing was stored: a partial file is never output. Run again; if it repeats, check the server or a proxy in between.`,
			),
		tooLong: (received) =>
			downloadError(
				site,
				`The download is longer than the server announced: more than ${received - 1} bytes, Content-Length ${expected}`,
				'The file arrived altered (a server or proxy error, or a compressed answer), so nothing was stored. Run again; if it repeats, check the server.',
			),
		abortConnection: (reason) => opened.close(reason),
		finished: () => opened.release(),
	};
}
