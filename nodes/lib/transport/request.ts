import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isHttpBaseUrl, normalizeBaseUrl } from '../baseUrl';
import { isObject } from '../json';
import type { ApiCall, CredentialType } from './endpoints';
import { CREDENTIAL_LABELS } from './endpoints';
import { answerError, classifyResponse, unreachableError } from './errors';
import { decodeBody, secretsOf } from './redaction';

/** How one call is sent: the credential's Base URL and secrets, the HTTP helper, the answer decoded and judged. */

export type FileStorageContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface ApiResponse {
	statusCode: number;
	body: IDataObject;
}

interface RawResponse {
	statusCode: number;
	body: unknown;
}

/** What a request needs from its credential: the normalised Base URL and the secrets to redact. */
export interface Connection {
	baseUrl: string;
	secrets: string[];
}

/** Reads the credential once (n8n reads and decrypts it on every call), checking the Base URL. */
export async function connect(
	ctx: FileStorageContext,
	credentialType: CredentialType,
	itemIndex?: number,
): Promise<Connection> {
	const credentials = await ctx.getCredentials(credentialType);
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
	return { baseUrl, secrets: secretsOf(credentials) };
}

/**
 * Sends one call and returns its JSON body, or throws a redacted NodeApiError that says what to do. Callers
 * that send several requests pass the connection they resolved once.
 */
export async function apiRequest(
	ctx: FileStorageContext,
	call: ApiCall,
	itemIndex?: number,
	connection?: Connection,
): Promise<ApiResponse> {
	const { baseUrl, secrets } = connection ?? (await connect(ctx, call.credentialType, itemIndex));
	const options: IHttpRequestOptions = {
		method: call.method,
		url: `${baseUrl}/api/v1${call.path}`,
		headers: { Accept: 'application/json' },
		json: true,
		// The body comes back as text: decodeBody checks the raw bytes for secrets before parsing it once.
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (call.qs && Object.keys(call.qs).length) options.qs = call.qs;
	if (call.body) options.body = call.body;

	let raw: RawResponse;
	try {
		raw = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			call.credentialType,
			options,
		)) as RawResponse;
	} catch (error) {
		throw unreachableError(ctx.getNode(), call, error as Error, secrets, itemIndex);
	}
	const body = decodeBody(raw.body, secrets);
	const failure = classifyResponse(raw.statusCode, body);
	if (failure) {
		throw answerError(ctx.getNode(), call, raw.statusCode, body, failure, secrets, itemIndex);
	}
	return { statusCode: raw.statusCode, body: isObject(body) ? body : {} };
}
