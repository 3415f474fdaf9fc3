/** Test helpers for the sandbox suites (not a test file). */
import {
	AccessErrorResponse,
	FolderListResponse,
	LatestListResponse,
	MESSAGES,
	ValidationErrorResponse,
} from './schemas';
import type { ItemWrapperT } from './schemas';
import { startSandbox } from './server';
import type { Sandbox } from './server';

export interface ApiResponse {
	status: number;
	contentType: string | null;
	text: string;
	json: unknown;
}

export interface CallOptions {
	/** Bearer token; null = no Authorization header */
	token?: string | null;
	body?: unknown;
	rawBody?: string;
	contentType?: string;
	query?: Record<string, string | number | undefined>;
}

/** Calls `${baseUrl}${path}`; `path` includes /api/v1 or /__sandbox. */
export async function call(
	sb: Sandbox,
	method: string,
	path: string,
	opts: CallOptions = {},
): Promise<ApiResponse> {
	const url = new URL(sb.baseUrl + path);
	for (const [k, v] of Object.entries(opts.query ?? {}))
		if (v !== undefined) url.searchParams.set(k, String(v));
	const headers: Record<string, string> = { Accept: 'application/json' };
	if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
	let payload: string | undefined;
	if (opts.rawBody !== undefined) payload = opts.rawBody;
	else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
	if (payload !== undefined) headers['Content-Type'] = opts.contentType ?? 'application/json';
	const res = await fetch(url, { method, headers, body: payload });
	const text = await res.text();
	let json: unknown = undefined;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: res.status, contentType: res.headers.get('content-type'), text, json };
}

/** Shorthands bound to a sandbox and the demo user's token. */
export function client(sb: Sandbox) {
	const token = () => sb.seed.users[0].accessToken;
	const get = (path: string, query?: CallOptions['query'], tok: string | null = token()) =>
		call(sb, 'GET', `/api/v1${path}`, { token: tok, query });
	return {
		token,
		get,
		/** A folder listing ('all' = the root), parsed by its schema. */
		folder: async (id: string, query?: CallOptions['query']) =>
			FolderListResponse.parse((await get(`/browse/folders/${id}`, query)).json),
		latest: async (query?: CallOptions['query']) =>
			LatestListResponse.parse((await get('/browse/latest', query)).json),
		post: (path: string, body: unknown, tok: string | null = null) =>
			call(sb, 'POST', `/api/v1${path}`, { token: tok, body }),
		del: (path: string, body: unknown, tok: string | null = null) =>
			call(sb, 'DELETE', `/api/v1${path}`, { token: tok, body }),
	};
}

/** The status and the `{type:"error", message}` body every refusal of the API answers with. */
export function expectError(res: ApiResponse, status: number, message: string): void {
	expect(res.status).toBe(status);
	expect(AccessErrorResponse.parse(res.json)).toEqual({ type: 'error', message });
}

/** A 422 with exactly these Laravel-style validation errors. */
export function expectInvalid(res: ApiResponse, errors: Record<string, string[]>): void {
	expect(res.status).toBe(422);
	expect(ValidationErrorResponse.parse(res.json)).toEqual({ message: MESSAGES.invalid, errors });
}

export type Api = ReturnType<typeof client>;

/** One sandbox per test file, reset before each test; `onStart` receives it and its client. */
export function useSandbox(onStart: (sb: Sandbox, api: Api) => void): void {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startSandbox();
		onStart(sb, client(sb));
	});
	beforeEach(() => sb.reset());
	afterAll(async () => sb.stop());
}

export const ids = (data: ItemWrapperT[]) => data.map((w) => w.data.id);
