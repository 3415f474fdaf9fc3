import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
} from 'n8n-workflow';

/** A scripted answer of the HTTP helper: a full response, or an error it throws (no answer at all). */
export type ScriptedAnswer = { statusCode: number; body?: unknown } | { throws: Error };

export interface FakeContext {
	ctx: IExecuteFunctions;
	/** Every request the transport handed to n8n's HTTP helper, in order. */
	sent: IHttpRequestOptions[];
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
};

/**
 * Just enough of an execution context for the transport's unit tests: credentials, the node, and an HTTP helper
 * that answers from a script (the last answer repeats). The engine-level suites run the real n8n helpers.
 */
export function fakeContext(
	answers: ScriptedAnswer[] | ((options: IHttpRequestOptions) => ScriptedAnswer),
	credentials: ICredentialDataDecryptedObject = { baseUrl: 'https://files.example.com/api/v1/', accessToken: 'tok-secret-1' },
): FakeContext {
	const fake: FakeContext = { ctx: undefined as unknown as IExecuteFunctions, sent: [], credentialReads: 0 };
	const answer = (options: IHttpRequestOptions): ScriptedAnswer =>
		typeof answers === 'function' ? answers(options) : answers[Math.min(fake.sent.length - 1, answers.length - 1)];
	fake.ctx = {
		getNode: () => FAKE_NODE,
		getCredentials: async () => {
			fake.credentialReads++;
			return credentials;
		},
		helpers: {
			httpRequestWithAuthentication: async (
				_type: string,
				options: IHttpRequestOptions,
				additional?: IAdditionalCredentialOptions,
			) => {
				// As n8n's helper: it reads (and decrypts) the credential itself unless the caller hands it over.
				if (!additional?.credentialsDecrypted) await fake.ctx.getCredentials(_type);
				// A copy: what was sent, even if the caller reuses its objects afterwards.
				fake.sent.push(structuredClone(options));
				const scripted = answer(options);
				if ('throws' in scripted) throw scripted.throws;
				const body = scripted.body;
				// The transport asks for text; the helper hands JSON back as the server's bytes.
				return { statusCode: scripted.statusCode, body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body) };
			},
		},
	} as unknown as IExecuteFunctions;
	return fake;
}
