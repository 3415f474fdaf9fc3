// One hop of a download: sent once per try (to the Base URL's origin with the credential, elsewhere without),
// through the transport's one retry loop.

import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	IPollFunctions,
} from 'n8n-workflow';

import type { CheckedCredential } from '../credential';
import { isTimeout, networkCodeOf } from '../failures';
import { redactText } from '../redaction';
import type { Answered, RequestPolicy } from '../retry';
import { sendWithRetries } from '../retry';
import { RequestAbort } from './abort';
import type { ByteStream } from './body';
import type { SentHop } from './errors';
import { downloadError } from './errors';
import { headerValue } from './headers';
import { unmaskPathSecrets } from './origins';

/** What downloads run in: an operation's execution, or a trigger's poll (Include File Content). */
export type DownloadContext = IExecuteFunctions | IPollFunctions;

export interface StreamResponse {
	statusCode: number;
	headers: IDataObject;
	body: ByteStream;
}

export interface HopAnswer {
	response: StreamResponse;
	abort: RequestAbort;
}

function requestOptions(
	url: string,
	policy: RequestPolicy,
	abortSignal: AbortSignal,
): IHttpRequestOptions {
	return {
		method: 'GET',
		url,
		// Byte-exact content: a compressed answer would be decompressed by the HTTP client and no longer match its
		// Content-Length.
		headers: { Accept: '*/*', 'Accept-Encoding': 'identity' },
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Redirects are followed hop, one origin decision per hop.
		disableFollowRedirect: true,
		maxRedirects: 0,
		sendCredentialsOnCrossOriginRedirect: false,
		timeout: policy.timeoutMs,
		abortSignal,
	};
}

function cancelSignalOf(ctx: DownloadContext): AbortSignal | undefined {
	const getSignal = (ctx as Partial<Pick<IExecuteFunctions, 'getExecutionCancelSignal'>>)
		.getExecutionCancelSignal;
	return typeof getSignal === 'function' ? getSignal.call(ctx) : undefined;
}

/**
 * One try of one hop. To the Base URL's origin the credential's `authenticate` is applied; n8n's authenticated
 * helper replaces the request's abort signal with the execution's cancel signal, so it is called on a view of the
 * context whose cancel signal also ends this one request. To any other origin: the plain helper, no credential.
 */
async function sendOnce(
	ctx: DownloadContext,
	credential: CheckedCredential,
	url: string,
	authenticate: boolean,
	policy: RequestPolicy,
): Promise<HopAnswer> {
	const abort = new RequestAbort(cancelSignalOf(ctx));
	const options = requestOptions(url, policy, abort.signal);
	let answered = false;
	try {
		const response = authenticate
			? await ctx.helpers.httpRequestWithAuthentication.call(
					Object.create(ctx, {
						getExecutionCancelSignal: { value: () => abort.signal },
					}) as DownloadContext,
					credential.type,
					options,
					{ credentialsDecrypted: credential.decrypted },
				)
			: await ctx.helpers.httpRequest(options);
		answered = true;
		return { response: response as StreamResponse, abort };
	} finally {
		// No answer: nothing will end this request's connection but this.
		if (!answered) abort.end(undefined);
	}
}

/** One hop, tried again (within the policy) after a failure before any answer, a 429 or a 5xx. */
export async function sendHop(
	ctx: DownloadContext,
	credential: CheckedCredential,
	policy: RequestPolicy,
	url: string,
	authenticate: boolean,
	hop: SentHop,
): Promise<Answered<HopAnswer>> {
	const sentUrl = authenticate ? unmaskPathSecrets(url, credential.type) : url;
	return await sendWithRetries<HopAnswer>({
		method: 'GET',
		policy,
		send: async () => await sendOnce(ctx, credential, sentUrl, authenticate, policy),
		statusOf: ({ response }) => response.statusCode,
		retryAfterOf: ({ response }) => headerValue(response.headers ?? {}, 'retry-after'),
		discard: ({ response, abort }) => abort.end(response.body),
		noAnswer: (error) => {
			if (isTimeout(error)) {
				return downloadError(
					hop,
					`No answer within ${Math.round(policy.timeoutMs / 1000)} s from ${hop.shownUrl}`,
					"The server did not start sending the file in time. Raise Timeout in the node's options if the server is slow, or check that it is running.",
				);
			}
			const code = networkCodeOf(error);
			const detail = redactText(String((error as Error)?.message ?? error), hop.secrets);
			return downloadError(
				hop,
				`Could not reach the server of ${hop.shownUrl}${code ? ` (${code})` : ''}`,
				`Check that the server is running and reachable from n8n, and that the file URL is right. Detail: ${detail}`,
			);
		},
	});
}
