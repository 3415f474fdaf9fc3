// One hop of a download (redirects are decided one at a time): where the credential may go, the request sent
// through the transport's one retry loop, and what its answer's headers say.

import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { FILE_REQUEST_ID_PLACEHOLDER } from '../../credentialContract';
import type { CredentialType } from '../../credentialContract';
import { withCancelSignal } from '../../n8n';
import type { CheckedCredential, DownloadContext } from '../credential';
import { redactedError } from '../errors';
import { isTimeout, networkCodeOf } from '../failures';
import { FAILURE_HINTS as HINTS } from '../hints';
import { MESSAGES, timeLimitText } from '../messages';
import { REDACTED, redactText } from '../redaction';
import type { Responded, ResponseHead, RequestPolicy } from '../retry';
import { sendWithRetries } from '../retry';
import type { ByteStream } from './body';
import { RequestAbort } from './body';
import type { SentHop } from './errors';
import { originOf } from './errors';

export type HopResponse = ResponseHead & { body: ByteStream; abort: RequestAbort };

/** Same scheme, host and port (default ports included): only then may a credential go. */
export function sameOrigin(url: string, baseUrl: string): boolean {
	const origin = originOf(url);
	return origin !== undefined && origin === originOf(baseUrl);
}

// The node's output masks the file request ID in file URLs (`…/upload-request/[redacted]`). Sent with the file
// request credential, the mask becomes the placeholder its `authenticate` fills: the ID never passes node code.
export function unmaskPathSecrets(url: string, credentialType: CredentialType): string {
	if (credentialType !== 'fileStorageFileRequestApi') return url;
	const masked = [REDACTED, encodeURIComponent(REDACTED)];
	const unmask = (segment: string) =>
		masked.includes(segment) ? FILE_REQUEST_ID_PLACEHOLDER : segment;
	const [path, ...query] = url.split('?');
	return [path.split('/').map(unmask).join('/'), ...query].join('?');
}

export function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
	const value = headers[name];
	const first: unknown = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' || typeof first === 'number' ? String(first) : undefined;
}

/** What the headers say of the content: its type (without parameters, lower case), length and file name. */
export function contentOf(headers: Record<string, unknown>) {
	const length = headerValue(headers, 'content-length')?.trim();
	return {
		mimeType: headerValue(headers, 'content-type')?.split(';')[0].trim().toLowerCase() || undefined,
		contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined,
		dispositionName: dispositionFileName(headerValue(headers, 'content-disposition')),
	};
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
	return (plain?.[2] ?? plain?.[1])?.trim() || undefined;
}

// One hop, tried again (within the policy) after a failure before any answer, a 429 or a 5xx. To the Base URL's
// origin the credential's `authenticate` is applied; to any other, the plain helper, no credential.
export async function sendHop(
	ctx: DownloadContext,
	credential: CheckedCredential,
	policy: RequestPolicy,
	url: string,
	authenticate: boolean,
	hop: SentHop,
): Promise<Responded<HopResponse>> {
	const sentUrl = authenticate ? unmaskPathSecrets(url, credential.type) : url;
	const cancelSignal = () => (ctx as Partial<IExecuteFunctions>).getExecutionCancelSignal?.(); // none in a poll
	const send = async (): Promise<HopResponse> => {
		const abort = new RequestAbort(cancelSignal());
		const options: IHttpRequestOptions = {
			method: 'GET',
			url: sentUrl,
			// Byte-exact: a decompressed answer would no longer match its Content-Length.
			headers: { Accept: '*/*', 'Accept-Encoding': 'identity' },
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			// Redirects are followed hop by hop, one origin decision per hop.
			disableFollowRedirect: true,
			maxRedirects: 0,
			sendCredentialsOnCrossOriginRedirect: false,
			timeout: policy.timeoutMs,
			abortSignal: abort.signal,
		};
		// n8n's authenticated helper takes the execution's cancel signal, not the request's: see withCancelSignal.
		const response = await (
			authenticate
				? ctx.helpers.httpRequestWithAuthentication.call(
						withCancelSignal(ctx, abort.signal),
						credential.type,
						options,
						{ credentialsDecrypted: credential.decrypted },
					)
				: ctx.helpers.httpRequest(options)
		).catch((error: unknown) => {
			abort.end(undefined); // no answer: nothing else will end this request's connection
			throw error;
		});
		return { ...(response as Omit<HopResponse, 'abort'>), abort };
	};
	return await sendWithRetries<HopResponse>({
		method: 'GET',
		policy,
		send,
		discard: ({ body, abort }) => abort.end(body),
		noAnswer: (error) => {
			if (isTimeout(error))
				return redactedError(
					hop,
					MESSAGES.downloadTimeout(timeLimitText(policy.timeoutMs), hop.shownUrl),
					HINTS.downloadTimeout,
				);
			const code = networkCodeOf(error);
			const detail = redactText(String((error as Error)?.message ?? error), hop.secrets);
			return redactedError(
				hop,
				MESSAGES.downloadUnreachable(hop.shownUrl, code),
				HINTS.downloadUnreachable(detail),
			);
		},
	});
}
