// File content, streamed: a client of the same credential, retry loop and redaction as every API call. Beside this
// file: one hop and where the credential may go (hops), the body counted as it passes (body), the errors that
// name the file (errors).

import { CREDENTIALS } from '../../credentialContract';
import type { ApiClient } from '../client';
import { excerptOf, redactedError, retryNote } from '../errors';
import type { RequestPolicy } from '../retry';
import type { ByteStream } from './body';
import { readExcerpt, verifiedBody } from './body';
import type { DownloadContext } from './hops';
import type { SentHop } from './errors';
import { bodyErrors, describeUrl, originOf, refusal, serverSaid } from './errors';
import {
	contentLengthOf,
	dispositionFileName,
	headerValue,
	mimeTypeOf,
	redirectTarget,
	sameOrigin,
	sendHop,
} from './hops';

export type { ByteStream } from './body';
export { readableClassOf } from './body';
export type { DownloadContext } from './hops';
export { describeUrl } from './errors';

export interface DownloadTarget {
	/** Absolute http(s) URL of the content. */
	url: string;
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
	contentLength?: number;
	/** The file name of a Content-Disposition header. */
	dispositionName?: string;
	/** Whether the credential was applied to the request that answered. */
	authenticated: boolean;
	/**
	 * The content, checked as it is read: a body that stalls past the time limit, ends early or runs longer than
	 * its Content-Length fails with an error that names the file.
	 */
	body: ByteStream;
	/** Ends the connection: the body is not wanted (anymore). */
	close(reason?: Error): void;
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

/**
 * Sends the request and follows redirects (at most MAX_REDIRECTS). The credential is applied to a hop only while
 * the chain has not left the Base URL's origin. Answers that are not the content (4xx/5xx, a web page or JSON
 * where a file of another type is expected) become errors that say what to do; the returned body is checked as
 * it is read, and not read yet.
 */
export async function openDownload(
	ctx: DownloadContext,
	client: ApiClient,
	target: DownloadTarget,
): Promise<OpenedDownload> {
	const credential = await client.credential(target.itemIndex);
	const { baseUrl, secrets, type } = credential;
	const { policy, itemIndex, expectedMimeType } = target;
	let url = target.url;
	let authenticate = true;
	for (let redirects = 0; ; redirects++) {
		// Once the chain has left the Base URL's origin, no later hop gets the credential.
		authenticate &&= sameOrigin(url, baseUrl);
		const shownUrl = describeUrl(url, secrets);
		const hop: SentHop = {
			node: ctx.getNode(),
			itemIndex,
			shownUrl,
			secrets,
			credentialType: type,
		};
		const sent = await sendHop(ctx, credential, policy, url, authenticate, hop);
		const { response, abort } = sent.answer;
		const status = response.statusCode;
		const headers = response.headers ?? {};

		if (REDIRECT_STATUSES.includes(status)) {
			abort.end(response.body);
			const next = redirectTarget(headers, url);
			if (!next) {
				throw redactedError(
					hop,
					`The server redirected the download (HTTP ${status}) without a usable http(s) address`,
					'Check the file URL; the server sent a redirect the node cannot follow.',
					{ httpCode: status },
				);
			}
			if (redirects >= MAX_REDIRECTS) {
				throw redactedError(
					hop,
					`Too many redirects: more than ${MAX_REDIRECTS} for one file`,
					'The server keeps redirecting (possibly in a loop). Check the file URL in a browser.',
					{ httpCode: status },
				);
			}
			url = next;
			continue;
		}

		if (status < 200 || status >= 300) {
			const excerpt = response.body
				? await readExcerpt(response.body, abort, policy.timeoutMs)
				: '';
			abort.end(response.body);
			const { message, hint } = refusal(hop, status, authenticate ? undefined : originOf(baseUrl));
			const answered = excerpt.trim() ? ` The server answered ${excerptOf(excerpt)}.` : '';
			throw redactedError(
				hop,
				`${message} (HTTP ${status})${serverSaid(excerpt)}`,
				`${hint}${retryNote({ tries: sent.tries, waitedMs: sent.waitedMs })}${answered}`,
				{ httpCode: status },
			);
		}

		const mimeType = mimeTypeOf(headers);
		const webAnswer = mimeType === 'text/html' || mimeType === 'application/json';
		if (webAnswer && expectedMimeType && mimeType !== expectedMimeType.toLowerCase()) {
			const excerpt = await readExcerpt(response.body, abort, policy.timeoutMs);
			const page = mimeType === 'text/html';
			throw redactedError(
				hop,
				`The server answered with ${page ? 'a web page' : 'JSON'} instead of the file (HTTP ${status}, ${mimeType})${page ? '' : serverSaid(excerpt)}`,
				`The file should be ${expectedMimeType}. ${page ? 'A login page or the web app answered instead: check' : 'Check'} the file URL and that the Base URL of the "${CREDENTIALS[type].label}" credential is the server the file is on. The server answered ${excerptOf(excerpt)}.`,
				{ httpCode: status },
			);
		}

		const contentLength = contentLengthOf(headers);
		const close = (reason?: Error) => abort.end(response.body, reason);
		const body = verifiedBody(response.body, {
			expectedBytes: contentLength,
			idleTimeoutMs: policy.timeoutMs,
			...bodyErrors(hop, contentLength, policy.timeoutMs),
			abortConnection: close,
			finished: () => abort.release(),
		});
		return {
			url,
			statusCode: status,
			mimeType,
			contentLength,
			dispositionName: dispositionFileName(headerValue(headers, 'content-disposition')),
			authenticated: authenticate,
			body,
			close: (reason) => {
				body.destroy();
				close(reason);
			},
		};
	}
}
