// A client of one credential for one run (an execution, a poll, a list search): every call goes through n8n's HTTP
// helper and the one retry loop, its response decoded (secrets redacted), judged and held to its endpoint's shape.

import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { ApplicationError } from 'n8n-workflow';

import type { CredentialType } from '../credentialContract';
import { isObject, unwrapResource } from '../resources/wrappers';
import type { CheckedCredential, FileStorageContext } from './credential';
import { readCredential } from './credential';
import { continuesOnFail } from '../n8n';
import type { ResponseShape, ApiCall, Caller, FailureFacts, SentRequest } from './endpoints';
import { responseError, timeoutError, unexpectedResponseError, unreachableError } from './errors';
import { classifyResponse, isTimeout } from './failures';
import { decodeBody, withSecrets } from './redaction';
import type { ResponseHead, RequestPolicy } from './retry';
import { EXECUTION_POLICY, sendWithRetries } from './retry';

// `secrets`: what the call itself carries that grants access (n8n's signed links), redacted like the credential's.
// `facts`: what the caller knows that its errors say (the items of a batch, the folder being listed).
export type CallOptions = {
	itemIndex?: number;
	policy?: RequestPolicy;
	secrets?: string[];
	facts?: FailureFacts;
};
type DecodedResponse = ResponseHead & { body: unknown }; // the body decoded once, secrets redacted; text if not JSON

type ShapeCheck = [has: (body: unknown, status: number) => boolean, expected: string];

// A 2xx response without its endpoint's shape is an error: `{}` read as an empty listing would end a listing early as
// if complete and make the trigger forget its window.
const SHAPES: Record<ResponseShape, ShapeCheck> = {
	list: [(body) => isObject(body) && Array.isArray(body.data), 'a listing with a "data" array'],
	resource: [
		(body) => isObject(body) && unwrapResource(body).id !== undefined,
		'the created item with an "id"',
	],
	// Servers send an empty 204 for deletes; an empty 200 (a proxy, a failed server) is no proof anything was done.
	message: [
		(body, status) =>
			((body === undefined || body === null || body === '') && status === 204) ||
			(isObject(body) && (typeof body.type === 'string' || typeof body.message === 'string')),
		'{type, message} or an empty 204',
	],
};

export class ApiClient {
	limitRefused = false; // the server refused `limit` once: later pages ask without it
	/** An error stops the node (no continueOnFail): its message names the items it concerns. */
	readonly stops: boolean;
	private checked?: CheckedCredential;

	constructor(
		readonly ctx: FileStorageContext,
		readonly credentialType: CredentialType,
		readonly caller: Caller = 'operation',
	) {
		this.stops = (caller === 'operation' || caller === 'upload') && !continuesOnFail(ctx);
	}

	// A failed read is not kept: under continueOnFail each item that needs the credential reports its own error.
	async credential(itemIndex?: number, facts?: FailureFacts): Promise<CheckedCredential> {
		const place = { node: this.ctx.getNode(), itemIndex, stops: this.stops, facts };
		this.checked ??= await readCredential(this.ctx, this.credentialType, place);
		return this.checked;
	}

	/** An error body sent with 200, a web page, or an response without its endpoint's shape is an error. */
	async request(
		call: ApiCall,
		{ itemIndex, policy = EXECUTION_POLICY, secrets: carried = [], facts }: CallOptions = {},
	): Promise<{ statusCode: number; body: IDataObject }> {
		if (call.credentialType !== this.credentialType)
			throw new ApplicationError(
				`A ${call.credentialType} call was sent with a ${this.credentialType} client`,
			);
		const { ctx } = this;
		const { baseUrl, secrets: own, decrypted } = await this.credential(itemIndex, facts);
		const secrets = carried.length ? withSecrets(own, carried) : own;
		const { caller, stops } = this;
		const sent: SentRequest = {
			node: ctx.getNode(),
			call,
			secrets,
			itemIndex,
			caller,
			stops,
			facts,
		};
		const options: IHttpRequestOptions = {
			method: call.method,
			url: `${baseUrl}/api/v1${call.path}`,
			headers: { Accept: 'application/json' },
			json: true,
			// As text: decodeBody checks the raw bytes for secrets before parsing them once.
			encoding: 'text',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			// The HTTP client reads 0 as "no time limit".
			timeout: Math.max(1, Math.round(policy.timeoutMs)),
		};
		if (call.qs && Object.keys(call.qs).length) options.qs = call.qs;
		if (call.body) options.body = call.body;
		const responded = await sendWithRetries<DecodedResponse>({
			method: call.method,
			policy,
			send: async () => {
				const raw = (await ctx.helpers.httpRequestWithAuthentication.call(
					ctx,
					call.credentialType,
					options,
					{ credentialsDecrypted: decrypted },
				)) as DecodedResponse;
				return { ...raw, body: decodeBody(raw.body, secrets) };
			},
			isIncomplete: (response) =>
				classifyResponse(response.statusCode, response.body) === 'badJson',
			noAnswer: (error, report) =>
				isTimeout(error)
					? timeoutError(sent, policy.timeoutMs)
					: unreachableError(sent, error as Error, report),
		});
		const { statusCode, body } = responded.response;
		const failure = classifyResponse(statusCode, body);
		if (failure) throw responseError(sent, statusCode, body, failure, responded);
		const [hasShape, expected] = SHAPES[call.expects];
		if (!hasShape(body, statusCode))
			throw unexpectedResponseError(sent, statusCode, expected, body);
		return { statusCode, body: isObject(body) ? body : {} };
	}
}
