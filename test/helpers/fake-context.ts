/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The one fake execution context of the unit tests: credentials, the node, parameters, and n8n's two HTTP helpers
// answering from a script (the last answer repeats). The engine-level suites run the real n8n helpers.
import { Readable } from 'node:stream';

import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
} from 'n8n-workflow';

/** A scripted answer of the HTTP helper: a full response, or an error it throws (no answer at all). */
export type ScriptedAnswer =
	| { statusCode: number; body?: unknown; headers?: Record<string, string> }
	| { throws: Error };

/** One request handed to n8n's helpers. */
export interface SentRequest {
	helper: 'authenticated' | 'anonymous';
	credentialType?: string;
	options: IHttpRequestOptions;
	/** The cancel signal the authenticated helper reads from its `this` (n8n's replaces the request's with it). */
	contextSignal?: AbortSignal;
	/** The id of the credential handed to the helper (already read), if any. */
	credentialId?: string;
}

export interface FakeContext {
	ctx: IExecuteFunctions;
	/** The options of every request handed to n8n's HTTP helpers, in order (copies: what was sent). */
	sent: IHttpRequestOptions[];
	requests: SentRequest[];
	/** Reads of the credential: the transport's own, and the helper's when it was not handed the credential. */
	credentialReads: number;
}

export const FAKE_NODE: INode = {
	id: 'fake',
	name: 'File Storage',
	type: 'n8n-nodes-file-storage.fileStorage',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
	credentials: {
		fileStorageApi: { id: 'c1', name: 'File Storage account' },
		fileStorageShareApi: { id: 'c2', name: 'Share' },
		fileStorageFileRequestApi: { id: 'c3', name: 'File request' },
	},
};

export interface FakeContextOptions {
	credentials?: ICredentialDataDecryptedObject;
	/** The execution's cancel signal. */
	executionCancel?: AbortSignal;
	/** Anything else of the context a test needs (e.g. `getNodeParameter`). */
	overrides?: Partial<IExecuteFunctions>;
}

const DEFAULT_CREDENTIALS = {
	baseUrl: 'https://files.example.com/api/v1/',
	accessToken: 'tok-secret-1',
};

/**
 * The body as n8n's helper hands it back: a stream when the request asks for one (downloads), else the server's
 * bytes as text (the transport asks for text and parses it itself).
 */
function bodyFor(options: IHttpRequestOptions, body: unknown): unknown {
	if (body instanceof Readable) return body; // a stream the test controls, e.g. one that breaks off
	const text = typeof body === 'string' || body === undefined ? body : JSON.stringify(body);
	return options.encoding === 'stream' ? Readable.from([Buffer.from(text ?? '')]) : text;
}

export function fakeContext(
	answers: ScriptedAnswer[] | ((options: IHttpRequestOptions, index: number) => ScriptedAnswer),
	credentialsOrOptions: ICredentialDataDecryptedObject | FakeContextOptions = {},
): FakeContext {
	const options: FakeContextOptions = ['credentials', 'overrides', 'executionCancel'].some(
		(key) => key in credentialsOrOptions,
	)
		? (credentialsOrOptions as FakeContextOptions)
		: { credentials: credentialsOrOptions as ICredentialDataDecryptedObject };
	const credentials =
		options.credentials && Object.keys(options.credentials).length
			? options.credentials
			: DEFAULT_CREDENTIALS;
	const fake: FakeContext = {
		ctx: undefined as unknown as IExecuteFunctions,
		sent: [],
		requests: [],
		credentialReads: 0,
	};
	const respond = (request: SentRequest) => {
		// A copy: what was sent, even if the caller reuses its objects afterwards (an abort signal is kept as it is).
		const { abortSignal, ...rest } = request.options;
		const copy = {
			...structuredClone(rest),
			...(abortSignal ? { abortSignal } : {}),
		} as IHttpRequestOptions;
		fake.sent.push(copy);
		fake.requests.push({ ...request, options: copy });
		const index = fake.sent.length - 1;
		const scripted =
			typeof answers === 'function'
				? answers(copy, index)
				: answers[Math.min(index, answers.length - 1)];
		if ('throws' in scripted) throw scripted.throws;
		return {
			statusCode: scripted.statusCode,
			headers: scripted.headers ?? {},
			body: bodyFor(copy, scripted.body),
		};
	};
	fake.ctx = {
		getNode: () => FAKE_NODE,
		getCredentials: async () => {
			fake.credentialReads++;
			return credentials;
		},
		getExecutionCancelSignal: () => options.executionCancel,
		helpers: {
			async httpRequestWithAuthentication(
				this: IExecuteFunctions,
				credentialType: string,
				requestOptions: IHttpRequestOptions,
				additional?: IAdditionalCredentialOptions,
			) {
				// As n8n's helper: it reads (and decrypts) the credential itself unless the caller hands it over.
				if (!additional?.credentialsDecrypted) await fake.ctx.getCredentials(credentialType);
				return respond({
					helper: 'authenticated',
					credentialType,
					options: requestOptions,
					contextSignal: this?.getExecutionCancelSignal?.(),
					credentialId: additional?.credentialsDecrypted?.id,
				});
			},
			async httpRequest(requestOptions: IHttpRequestOptions) {
				return respond({ helper: 'anonymous', options: requestOptions });
			},
		},
		...options.overrides,
	} as unknown as IExecuteFunctions;
	return fake;
}
