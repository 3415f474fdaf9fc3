// How one API call is sent and its answer judged: the checked credential, n8n's HTTP helper, the one retry loop,
// the body decoded (secrets redacted) and held to the shape its endpoint promises.

import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { isObject } from '../resources/wrappers';
import { excerptOf, shapeProblem } from './answers';
import type { FileStorageContext } from './context';
import type { CheckedCredential } from './credential';
import type { ApiCall } from './endpoints';
import { answerError, classifyResponse, isIncompleteAnswer, unexpectedAnswerError } from './errors';
import { isTimeout, timeoutError, unreachableError } from './noAnswer';
import type { CallPlace, CallSite } from './place';
import { decodeBody } from './redaction';
import type { RequestPolicy } from './retry';
import { backoffMs, EXECUTION_POLICY, retryAfterMs } from './retry';
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
	site: CallSite;
	statusCode: number;
	/** The body as the HTTP helper returned it: text, for every call sent here. */
	body: unknown;
	headers?: Record<string, unknown>;
	policy: RequestPolicy;
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
	place: CallPlace,
	{ itemIndex, policy = EXECUTION_POLICY }: CallOptions = {},
): Promise<ReceivedAnswer> {
	const { baseUrl, secrets, decrypted } = credential;
	const site: CallSite = { node: ctx.getNode(), call, secrets, itemIndex, place };
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
				? timeoutError(site, policy.timeoutMs)
				: unreachableError(site, error as Error, report),
	});
	const { answer: raw, statusCode, tries, waitedMs } = answered;
	if (statusCode >= 200 && statusCode < 300) {
		return { site, statusCode, body: raw.body, headers: raw.headers, policy, tries, waitedMs };
	}
	const body = decodeBody(raw.body, secrets);
	// Every status outside 2xx is a failure of some kind.
	throw answerError(
		site,
		statusCode,
		body,
		classifyResponse(statusCode, body) ?? 'other',
		answered,
	);
}

/**
 * Decodes a 2xx answer and judges it: an error body sent with 200, a web page, or an answer without the shape its
 * endpoint promises is an error, never an empty result.
 */
export function readAnswer(answer: ReceivedAnswer): ApiResponse {
	const { site, statusCode } = answer;
	const body = decodeBody(answer.body, site.secrets);
	const failure = classifyResponse(statusCode, body);
	if (failure) {
		throw answerError(site, statusCode, body, failure, {
			tries: answer.tries,
			waitedMs: answer.waitedMs,
			retryAfterMs: retryAfterMs(answer.headers?.['retry-after'], Date.now()),
		});
	}
	const expected = shapeProblem(site.call.expects, body, statusCode);
	if (expected) throw unexpectedAnswerError(site, statusCode, expected, excerptOf(body));
	return { statusCode, body: isObject(body) ? body : {} };
}

/**
 * The answer read, or, for a read whose JSON broke off (cut short on the way), read again: a GET is safe to
 * repeat, like after a reset, within what is left of the same tries and wait. Mutations are never repeated.
 */
export async function readAnswerOrAskAgain(
	ask: (policy: RequestPolicy) => Promise<ReceivedAnswer>,
	first: ReceivedAnswer,
): Promise<ApiResponse> {
	let answer = first;
	for (;;) {
		let failure: unknown;
		try {
			return readAnswer(answer);
		} catch (error) {
			failure = error;
		}
		const { policy, tries, waitedMs } = answer;
		const wait = backoffMs(tries + 1);
		const again =
			answer.site.call.method === 'GET' &&
			tries < policy.maxTries &&
			waitedMs + wait <= policy.maxWaitMs;
		if (!again || !isIncompleteAnswer(failure)) return await Promise.reject(failure);
		await policy.wait(wait);
		const next = await ask({
			...policy,
			maxTries: policy.maxTries - tries,
			maxWaitMs: policy.maxWaitMs - waitedMs - wait,
		});
		answer = {
			...next,
			policy,
			tries: tries + next.tries,
			waitedMs: waitedMs + wait + next.waitedMs,
		};
	}
}
