import type {
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { isHttpBaseUrl, normalizeBaseUrl } from '../baseUrl';
import { isObject } from '../json';
import { isUnsafePathSegment } from '../validation';
import type { ApiCall, CredentialType } from './endpoints';
import { CREDENTIAL_LABELS } from './endpoints';
import { excerptOf, unmetPromise } from './answers';
import { answerError, classifyResponse, unexpectedAnswerError } from './errors';
import { networkCodeOf, timeoutError, unreachableError } from './no-answer';
import { decodeBody, secretsOf } from './redaction';
import type { RequestPolicy } from './retry';
import { backoffMs, EXECUTION_POLICY, isRetryable, retryAfterMs } from './retry';

/** How one call is sent: the credential's Base URL and secrets, the HTTP helper, the answer decoded and judged. */

export type FileStorageContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiResponse {
	statusCode: number;
	body: IDataObject;
}

interface RawResponse {
	statusCode: number;
	body: unknown;
	headers?: Record<string, unknown>;
}

/** What a request needs from its credential: the normalised Base URL, the secrets to redact, the credential itself. */
export interface Connection {
	baseUrl: string;
	secrets: string[];
	/**
	 * The credential as read here, handed to n8n's HTTP helper with every request: otherwise the helper reads it
	 * from n8n's database and decrypts it again for each one (each page of a listing).
	 */
	credential: ICredentialsDecrypted;
}

/** Credentials whose secret goes into the URL path, not a header. */
const PATH_SECRETS: Partial<Record<CredentialType, { field: string; name: string; where: string }>> = {
	fileStorageShareApi: { field: 'shareToken', name: 'Share Token', where: 'the last part of the share link' },
	fileStorageFileRequestApi: {
		field: 'fileRequestId',
		name: 'File Request ID',
		where: 'the last part of the upload link',
	},
};

/** Reads the credential once (n8n reads and decrypts it on every call), checking the Base URL. */
export async function connect(
	ctx: FileStorageContext,
	credentialType: CredentialType,
	itemIndex?: number,
): Promise<Connection> {
	const credentials = await ctx.getCredentials(credentialType);
	const pathSecret = PATH_SECRETS[credentialType];
	if (pathSecret && isUnsafePathSegment(String(credentials[pathSecret.field] ?? ''))) {
		const label = CREDENTIAL_LABELS[credentialType];
		throw new NodeApiError(
			ctx.getNode(),
			{ message: `Unusable ${pathSecret.name}` },
			{
				message: `The ${pathSecret.name} of the "${label}" credential is empty or a dot segment ("." or "..")`,
				description: `It is put into the request path, where such a value would address another endpoint, so nothing was sent. Open the "${label}" credential and paste the ${pathSecret.name} (${pathSecret.where}).`,
				itemIndex,
			},
		);
	}
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	if (!isHttpBaseUrl(baseUrl)) {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'Invalid Base URL' },
			{
				message: 'The Base URL of the credential is not an http(s) address',
				description: `Open the "${CREDENTIAL_LABELS[credentialType]}" credential and set Base URL to the server's address, e.g. https://files.example.com`,
				itemIndex,
			},
		);
	}
	const reference = ctx.getNode().credentials?.[credentialType];
	return {
		baseUrl,
		secrets: secretsOf(credentials),
		credential: { id: reference?.id ?? '', name: reference?.name ?? '', type: credentialType, data: credentials },
	};
}

export interface RequestOptions {
	itemIndex?: number;
	/** A connection resolved once for many requests (credential read once). */
	connection?: Connection;
	/** Time limit and retries; operations pass theirs (Timeout option), polls theirs (budget). */
	policy?: RequestPolicy;
}

/** Whether a request that got no answer ran into its time limit (the HTTP client's code, under n8n's wrapper). */
export function isTimeout(error: unknown): boolean {
	const code = networkCodeOf(error);
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return true;
	const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { message?: unknown } };
	return /timeout/i.test(`${String(message ?? '')} ${String(cause?.message ?? '')}`);
}

/**
 * Sends one call and returns its JSON body, or throws a redacted NodeApiError that says what to do. Transient
 * failures are tried again within the policy's bounds (see retry.ts), waiting with n8n's own `sleep`; an answer
 * that is not what the endpoint promises is an error.
 */
export async function apiRequest(
	ctx: FileStorageContext,
	call: ApiCall,
	options: RequestOptions = {},
): Promise<ApiResponse> {
	return readAnswer(ctx, await sendRequest(ctx, call, options));
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
 * policy's bounds and otherwise thrown as redacted NodeApiErrors. Cursor walks read a page's raw text before it is
 * decoded (see pagination.ts); everything else goes through `apiRequest`.
 */
export async function sendRequest(
	ctx: FileStorageContext,
	call: ApiCall,
	{ itemIndex, connection, policy = EXECUTION_POLICY }: RequestOptions = {},
): Promise<ReceivedAnswer> {
	const { baseUrl, secrets, credential } = connection ?? (await connect(ctx, call.credentialType, itemIndex));
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

	let waitedMs = 0;
	for (let tries = 1; ; tries++) {
		let raw: RawResponse;
		try {
			raw = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, call.credentialType, options, {
				credentialsDecrypted: credential,
			})) as RawResponse;
		} catch (error) {
			if (isTimeout(error)) throw timeoutError(ctx.getNode(), call, policy.timeoutMs, itemIndex);
			const wait = backoffMs(tries + 1);
			if (tries < policy.maxTries && isRetryable(call.method, undefined, networkCodeOf(error)) && waitedMs + wait <= policy.maxWaitMs) {
				await sleep(wait);
				waitedMs += wait;
				continue;
			}
			throw unreachableError(ctx.getNode(), call, error as Error, secrets, itemIndex, { tries, waitedMs });
		}
		if (isSuccess(raw.statusCode)) {
			return { call, statusCode: raw.statusCode, body: raw.body, headers: raw.headers, secrets, itemIndex, tries, waitedMs };
		}
		const body = decodeBody(raw.body, secrets);
		// Every status outside 2xx is a failure of some kind.
		const failure = classifyResponse(raw.statusCode, body) ?? 'other';
		const askedMs = retryAfterMs(raw.headers?.['retry-after'], Date.now());
		const wait = askedMs ?? backoffMs(tries + 1);
		const retryable = isRetryable(call.method, raw.statusCode);
		if (retryable && tries < policy.maxTries && waitedMs + wait <= policy.maxWaitMs) {
			await sleep(wait);
			waitedMs += wait;
			continue;
		}
		const refusedWaitMs = retryable && tries < policy.maxTries ? askedMs : undefined;
		throw answerError(ctx.getNode(), call, raw.statusCode, body, failure, secrets, itemIndex, {
			tries,
			waitedMs,
			refusedWaitMs,
			retryAfterMs: askedMs,
		});
	}
}

function isSuccess(statusCode: number): boolean {
	return statusCode >= 200 && statusCode < 300;
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
	const expected = unmetPromise(call.expects, body, statusCode);
	if (expected) {
		throw unexpectedAnswerError(ctx.getNode(), call, statusCode, expected, excerptOf(body), secrets, itemIndex);
	}
	return { statusCode, body: isObject(body) ? body : {} };
}
