// A client of one credential for one run (an execution, a poll, a list search): the credential read once, every
// call sent through n8n's HTTP helper and the one retry loop, its answer read in the same pass: decoded (secrets
// redacted), judged, and held to the shape its endpoint promises (shapeProblem).

import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { ApplicationError } from 'n8n-workflow';

import type { CredentialType } from '../credentialContract';
import { isObject, unwrapResource } from '../resources/wrappers';
import type { CheckedCredential, FileStorageContext } from './credential';
import { readCredential } from './credential';
import type { AnswerShape, ApiCall, Caller, SentCall } from './endpoints';
import { answerError, timeoutError, unexpectedAnswerError, unreachableError } from './errors';
import { classifyResponse, isTimeout } from './failures';
import { decodeBody } from './redaction';
import type { RequestPolicy } from './retry';
import { EXECUTION_POLICY, sendWithRetries } from './retry';

export interface ApiResponse {
	statusCode: number;
	body: IDataObject;
}

/** The item a call is for (errors name it), and its time limit and retries. */
export interface CallOptions {
	itemIndex?: number;
	policy?: RequestPolicy;
}

interface Answer {
	statusCode: number;
	/** Decoded once, secrets redacted; text when it is not JSON. */
	body: unknown;
	headers?: Record<string, unknown>;
}

/**
 * What a successful (2xx) answer lacks of the shape its endpoint promises, or undefined when it has it. A body
 * that is not, e.g. `{}` or `{data: {}}` for a listing, is an error: read as "empty" it would end a listing early
 * as if complete and make the trigger forget its window.
 */
export function shapeProblem(
	expects: AnswerShape,
	body: unknown,
	status: number,
): string | undefined {
	const empty = body === undefined || body === null || body === '';
	switch (expects) {
		case 'list':
			return isObject(body) && Array.isArray(body.data)
				? undefined
				: 'a listing with a "data" array';
		case 'resource':
			return isObject(body) && unwrapResource(body).id !== undefined
				? undefined
				: 'the created item with an "id"';
		case 'message':
			// The spec's `{type, message}`, or an empty 204 (No Content), which real servers send for deletes. An empty
			// 200 is neither: a proxy or a server that failed may send it, and reading it as done would report
			// items as restored or deleted that were not.
			return (empty && status === 204) ||
				(isObject(body) && (typeof body.type === 'string' || typeof body.message === 'string'))
				? undefined
				: '{type, message} or an empty 204';
	}
}

export class ApiClient {
	/** The server refused the `limit` query parameter once: later pages ask without it. */
	limitRefused = false;

	private checked?: CheckedCredential;

	/** `caller`: where the calls are made from, so their errors say what to do there. */
	constructor(
		readonly ctx: FileStorageContext,
		readonly credentialType: CredentialType,
		readonly caller: Caller = 'operation',
	) {}

	/**
	 * The credential, read on first use. A failed read is not kept: under continueOnFail each item that needs it
	 * reports its own error.
	 */
	async credential(itemIndex?: number): Promise<CheckedCredential> {
		this.checked ??= await readCredential(this.ctx, this.credentialType, itemIndex);
		return this.checked;
	}

	/**
	 * Sends a call and reads its answer. Failures are tried again within the policy's bounds (a read whose JSON
	 * broke off too) and otherwise thrown as redacted NodeApiErrors; an error body sent with 200, a web page, or an
	 * answer without the shape its endpoint promises is an error, never an empty result.
	 */
	async request(
		call: ApiCall,
		{ itemIndex, policy = EXECUTION_POLICY }: CallOptions = {},
	): Promise<ApiResponse> {
		if (call.credentialType !== this.credentialType) {
			throw new ApplicationError(
				`A ${call.credentialType} call was sent with a ${this.credentialType} client`,
			);
		}
		const { ctx } = this;
		const { baseUrl, secrets, decrypted } = await this.credential(itemIndex);
		const sent: SentCall = { node: ctx.getNode(), call, secrets, itemIndex, caller: this.caller };
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

		const answered = await sendWithRetries<Answer>({
			method: call.method,
			policy,
			send: async () => {
				const raw = (await ctx.helpers.httpRequestWithAuthentication.call(
					ctx,
					call.credentialType,
					options,
					{ credentialsDecrypted: decrypted },
				)) as Answer;
				return { ...raw, body: decodeBody(raw.body, secrets) };
			},
			statusOf: (answer) => answer.statusCode,
			retryAfterOf: (answer) => answer.headers?.['retry-after'],
			isIncomplete: (answer) => classifyResponse(answer.statusCode, answer.body) === 'badJson',
			noAnswer: (error, report) =>
				isTimeout(error)
					? timeoutError(sent, policy.timeoutMs)
					: unreachableError(sent, error as Error, report),
		});
		const { statusCode, answer } = answered;
		const failure = classifyResponse(statusCode, answer.body);
		if (failure) throw answerError(sent, statusCode, answer.body, failure, answered);
		const expected = shapeProblem(call.expects, answer.body, statusCode);
		if (expected) {
			throw unexpectedAnswerError(sent, statusCode, expected, answer.body);
		}
		return { statusCode, body: isObject(answer.body) ? answer.body : {} };
	}
}
