// How one API call is sent and its answer judged: the checked credential, n8n's HTTP helper, the one retry loop,
// the body decoded (secrets redacted) and held to the shape its endpoint promises.

import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { isObject } from '../resources/wrappers';
import { excerptOf, shapeProblem } from './answers';
import type { FileStorageContext } from './context';
import type { CheckedCredential } from './credential';
import type { ApiCall } from './endpoints';
import { answerError, classifyResponse, unexpectedAnswerError } from './errors';
import { isTimeout, timeoutError, unreachableError } from './noAnswer';
import { decodeBody } from './redaction';
import type { RequestPolicy } from './retry';
import { EXECUTION_POLICY, retryAfterMs } from './retry';
import { sendWithRetries } from './retryLoop';

export interface ApiResponse {
	statusCode: number;
	body: IDataObject;
}

/** Where a call is made from: the item it is for (errors name it) and its time limit and retries. */
export interface CallOptions {
	itemIndex?: number;
	policy?: RequestPolicy;
}

interface RawResponse {
	statusCode: number;
	body: unknown;
	headers?: Record<string, unknown>;
}

/** A 2xx answer as it arrived (its body not yet decoded or judged), and what it took to get it. */
export interface ReceivedAnswer {
	call: ApiCall;
	statusCode: number;
	/** The body as the HTTP helper returned it: text, for every call sent here. */
	body: unknown;
	headers?: Record<string, unknown>;
	secrets: string[];
	itemIndex?: number;
	tries: number;
	waitedMs: number;
}

/**
 * Sends one call until it gets a 2xx answer, which it returns undecoded; failures are tried again within the
 * policy's bounds and otherwise thrown as redacted NodeApiErrors. Listings read a page's raw text before it is
 * decoded (see listing.ts); everything else reads it at once (`ApiClient.request`).
 */
export async function sendCall(
	ctx: FileStorageContext,
	credential: CheckedCredential,
	call: ApiCall,
	{ itemIndex, policy = EXECUTION_POLICY }: CallOptions = {},
): Promise<ReceivedAnswer> {
	const { baseUrl, secrets, decrypted } = credential;
	const options: IHttpRequestOptions = {
		method: call.method,
		url: `${baseUrl}/api/v1${call.path}`,
		headers: { Accept: 'application/json' },
		json: true,
		// The body comes back as text: decodeBody checks the raw bytes for secrets before parsing it once.
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// The HTTP client reads 0 as "no time limit": a Timeout that rounds to 0 ms must still limit the request.
		timeout: Math.max(1, Math.round(policy.timeoutMs)),
	};
	if (call.qs && Object.keys(call.qs).length) options.qs = call.qs;
	if (call.body) options.body = call.body;

	const answered = await sendWithRetries<RawResponse>({
		method: call.method,
		policy,
		send: async () =>
			(await ctx.helpers.httpRequestWithAuthentication.call(ctx, call.credentialType, options, {
				credentialsDecrypted: decrypted,
			})) as RawResponse,
		statusOf: (raw) => raw.statusCode,
		retryAfterOf: (raw) => raw.headers?.['retry-after'],
		noAnswer: (error, report) =>
			isTimeout(error)
				? timeoutError(ctx.getNode(), call, policy.timeoutMs, itemIndex)
				: unreachableError(ctx.getNode(), call, error as Error, secrets, itemIndex, report),
	});
	const { answer: raw, statusCode, tries, waitedMs } = answered;
	if (statusCode >= 200 && statusCode < 300) {
		return { call, statusCode, body: raw.body, headers: raw.headers, secrets, itemIndex, tries, waitedMs };
	}
	const body = decodeBody(raw.body, secrets);
	// Every status outside 2xx is a failure of some kind.
	const failure = classifyResponse(statusCode, body) ?? 'other';
	throw answerError(ctx.getNode(), call, statusCode, body, failure, secrets, itemIndex, answered);
}

/**
 * Decodes a 2xx answer and judges it: an error body sent with 200, a web page, or an answer without the shape its
 * endpoint promises is an error, never an empty result.
 */
export function readAnswer(ctx: FileStorageContext, answer: ReceivedAnswer): ApiResponse {
	const { call, statusCode, secrets, itemIndex } = answer;
	const body = decodeBody(answer.body, secrets);
	const failure = classifyResponse(statusCode, body);
	if (failure) {
		throw answerError(ctx.getNode(), call, statusCode, body, failure, secrets, itemIndex, {
			tries: answer.tries,
			waitedMs: answer.waitedMs,
			retryAfterMs: retryAfterMs(answer.headers?.['retry-after'], Date.now()),
		});
	}
	const expected = shapeProblem(call.expects, body, statusCode);
	if (expected) {
		throw unexpectedAnswerError(ctx.getNode(), call, statusCode, expected, excerptOf(body), secrets, itemIndex);
	}
	return { statusCode, body: isObject(body) ? body : {} };
}
