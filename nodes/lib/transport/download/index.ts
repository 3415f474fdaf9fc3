// File content, streamed, with the credential, retry loop and redaction of every API call. Beside this file: one
// hop and where the credential may go (hops), the body counted as it passes (body), errors naming the file (errors).

import type { IExecuteFunctions } from 'n8n-workflow';

import { CREDENTIALS } from '../../credentialContract';
import { withCancelSignal } from '../../n8n';
import type { ApiClient } from '../client';
import type { DownloadContext } from '../credential';
import { excerptOf, redactedError } from '../errors';
import { FAILURE_HINTS as HINTS } from '../hints';
import { MESSAGES } from '../messages';
import type { RequestPolicy } from '../retry';
import type { ByteStream, Deadline, SizeLimit } from './body';
import { DownloadWatch, oversize, readExcerpt, verifiedBody } from './body';
import type { SentHop } from './errors';
import { httpUrl } from '../../urls';
import { bodyErrors, describeUrl, originOf, refusedError, messageSuffixOfText } from './errors';
import { contentOf, headerValue, sameOrigin, sendHop } from './hops';

export type { ByteStream, Deadline, SizeLimit } from './body';
export type { DownloadContext } from '../credential';
export { describeUrl } from './errors';

export interface DownloadTarget {
	url: string; // absolute http(s)
	policy: RequestPolicy;
	itemIndex: number;
	expectedMimeType?: string; // when known, a web page or JSON instead is an error
	limit?: SizeLimit; // the most it may bring: refused from its Content-Length, else ended when counted past
	deadline?: Deadline; // when the whole download must be over, the body included
}

export interface OpenedDownload {
	url: string; // where the content finally came from, after redirects
	statusCode: number;
	mimeType?: string; // Content-Type without parameters, lower case
	contentLength?: number;
	dispositionName?: string; // the file name of a Content-Disposition header
	authenticated: boolean; // the credential was applied to the request that answered
	body: ByteStream; // checked as it is read, not read yet
	close(reason?: Error): void; // the body is not wanted (anymore)
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

// Follows redirects, with the credential only while the chain has not left the Base URL's origin. Answers that are
// not the content (4xx/5xx, a web page or JSON instead of a file of another type) become errors.
export async function openDownload(
	ctx: DownloadContext,
	client: ApiClient,
	target: DownloadTarget,
): Promise<OpenedDownload> {
	const { policy, deadline } = target;
	const cancel = (ctx as Partial<IExecuteFunctions>).getExecutionCancelSignal?.(); // none in a poll
	// The download's one timer: each hop's request ends with its signal (hops.ts asks the context for it).
	const watch = new DownloadWatch(policy.timeoutMs, deadline, cancel);
	try {
		return await open(withCancelSignal(ctx, watch.signal), client, target, watch);
	} catch (error) {
		watch.stop();
		throw watch.overdue ?? error; // a request ended by the deadline says so, not that it broke off
	}
}

async function open(
	ctx: DownloadContext,
	client: ApiClient,
	target: DownloadTarget,
	watch: DownloadWatch,
): Promise<OpenedDownload> {
	const credential = await client.credential(target.itemIndex);
	const { baseUrl, secrets, type } = credential;
	const { policy, itemIndex, expectedMimeType, limit } = target;
	const place = {
		node: ctx.getNode(),
		itemIndex,
		secrets,
		credentialType: type,
		stops: client.stops,
	};
	let url = target.url;
	let authenticate = true;
	for (let redirects = 0; ; redirects++) {
		authenticate &&= sameOrigin(url, baseUrl);
		const hop: SentHop = { ...place, shownUrl: describeUrl(url, secrets) };
		const sent = await sendHop(ctx, credential, policy, url, authenticate, hop);
		const { statusCode: status, headers = {}, body: raw, abort } = sent.response;
		if (REDIRECT_STATUSES.includes(status)) {
			abort.end(raw);
			const location = headerValue(headers, 'location');
			const next = location ? httpUrl(location, url)?.href : undefined;
			if (!next)
				throw redactedError(
					hop,
					MESSAGES.redirectWithoutAddress(status),
					HINTS.redirectWithoutAddress,
					{ httpCode: status },
				);
			if (redirects >= MAX_REDIRECTS)
				throw redactedError(hop, MESSAGES.tooManyRedirects(MAX_REDIRECTS), HINTS.tooManyRedirects, {
					httpCode: status,
				});
			url = next;
			continue;
		}
		if (status < 200 || status >= 300) {
			const excerpt = raw ? await readExcerpt(raw, abort, watch) : '';
			abort.end(raw);
			throw refusedError(hop, status, excerpt, sent, authenticate ? undefined : originOf(baseUrl));
		}
		const { mimeType, contentLength, dispositionName } = contentOf(headers);
		const webAnswer = mimeType === 'text/html' || mimeType === 'application/json';
		if (webAnswer && expectedMimeType && mimeType !== expectedMimeType.toLowerCase()) {
			const excerpt = await readExcerpt(raw, abort, watch);
			const page = mimeType === 'text/html';
			throw redactedError(
				hop,
				MESSAGES.notAFile(page, status, mimeType, messageSuffixOfText(excerpt)),
				HINTS.notAFile(page, expectedMimeType, CREDENTIALS[type].label, excerptOf(excerpt)),
				{ httpCode: status },
			);
		}
		const close = (reason?: Error) => abort.end(raw, reason);
		const over = oversize(limit, contentLength, false); // before a byte of the body is read
		if (over) {
			close();
			throw over;
		}
		const body = verifiedBody(raw, {
			expectedBytes: contentLength,
			watch,
			limit,
			...bodyErrors(hop, contentLength, policy.timeoutMs),
			abortConnection: close,
			finished: () => abort.release(),
		});
		return {
			url,
			statusCode: status,
			mimeType,
			contentLength,
			dispositionName,
			authenticated: authenticate,
			body,
			close: (reason) => {
				watch.stop();
				body.destroy();
				close(reason);
			},
		};
	}
}
