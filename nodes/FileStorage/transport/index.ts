import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { FILE_REQUEST_ID_PLACEHOLDER } from '../../../credentials/FileStorageFileRequestApi.credentials';
import { SHARE_TOKEN_PLACEHOLDER } from '../../../credentials/FileStorageShareApi.credentials';

/**
 * The one transport of the package: URLs, credentials, pagination, error mapping and redaction live here and
 * nowhere else. Operations describe *what* to call through `endpoints`; this module decides *how*.
 */

export type FileStorageContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export type CredentialType = 'fileStorageApi' | 'fileStorageShareApi' | 'fileStorageFileRequestApi';

export const CREDENTIAL_LABELS: Record<CredentialType, string> = {
	fileStorageApi: 'File Storage API (access token)',
	fileStorageShareApi: 'File Storage Share API (share token)',
	fileStorageFileRequestApi: 'File Storage File Request API (file request ID)',
};

export interface ApiCall {
	credentialType: CredentialType;
	method: IHttpRequestMethods;
	/** Path below `/api/v1`; secrets appear only as the credential placeholders. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
}

const enc = encodeURIComponent;

/** Every endpoint of the spec, by name. The secrets of shares and file requests stay placeholders here. */
export const endpoints = {
	folderContents: (folderId: string, qs: IDataObject): ApiCall => ({
		credentialType: 'fileStorageApi',
		method: 'GET',
		path: `/browse/folders/${enc(folderId)}`,
		qs,
	}),
	recentUploads: (qs: IDataObject): ApiCall => ({
		credentialType: 'fileStorageApi',
		method: 'GET',
		path: '/browse/latest',
		qs,
	}),
	restoreFromTrash: (body: IDataObject): ApiCall => ({
		credentialType: 'fileStorageApi',
		method: 'POST',
		path: '/trash/restore',
		body,
	}),
	createFolderInShare: (body: IDataObject): ApiCall => ({
		credentialType: 'fileStorageShareApi',
		method: 'POST',
		path: `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`,
		body,
	}),
	deleteInShare: (body: IDataObject): ApiCall => ({
		credentialType: 'fileStorageShareApi',
		method: 'DELETE',
		path: `/shares/${SHARE_TOKEN_PLACEHOLDER}/items`,
		body,
	}),
	fileRequestContents: (qs: IDataObject): ApiCall => ({
		credentialType: 'fileStorageFileRequestApi',
		method: 'GET',
		path: `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/items`,
		qs,
	}),
	deleteInFileRequest: (body: IDataObject): ApiCall => ({
		credentialType: 'fileStorageFileRequestApi',
		method: 'DELETE',
		path: `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/items`,
		body,
	}),
	uploadToFileRequest: (body: IDataObject): ApiCall => ({
		credentialType: 'fileStorageFileRequestApi',
		method: 'POST',
		path: `/requests/${FILE_REQUEST_ID_PLACEHOLDER}/uploads`,
		body,
	}),
	notifications: (): ApiCall => ({
		credentialType: 'fileStorageApi',
		method: 'GET',
		path: '/notifications',
	}),
};

// ---------------------------------------------------------------------------------------------------------------
// Base URL and secrets
// ---------------------------------------------------------------------------------------------------------------

/** Accepts what people paste: trailing slashes, a trailing `/api/v1`, surrounding spaces. */
export function normalizeBaseUrl(raw: unknown): string {
	return String(raw ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/api\/v1$/i, '')
		.replace(/\/+$/, '');
}

const SECRET_FIELDS = ['accessToken', 'shareToken', 'fileRequestId'];
export const REDACTED = '[redacted]';

/** Every form in which a credential's secrets could show up in text: as typed, trimmed, URL-encoded. */
export function secretsOf(credentials: ICredentialDataDecryptedObject): string[] {
	const found = new Set<string>();
	for (const field of SECRET_FIELDS) {
		const value = credentials[field];
		if (typeof value !== 'string') continue;
		for (const form of [value, value.trim(), enc(value.trim())]) {
			// Very short values would redact ordinary words; no real token is this short.
			if (form.length >= 4) found.add(form);
		}
	}
	// Longest first, so a secret that contains another is replaced whole.
	return [...found].sort((a, b) => b.length - a.length);
}

export function redactText(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) out = out.split(secret).join(REDACTED);
	return out;
}

/**
 * Redacts credential secrets from every string of a JSON value, and masks share tokens and share links
 * wherever a share wrapper appears: a share token is a credential that grants editing, whoever's it is.
 */
export function redactDeep<T>(value: T, secrets: string[]): T {
	return walk(value, secrets) as T;
}

/**
 * Parses a response body received as text, redacted. Most responses contain neither a secret nor a share
 * wrapper: a substring check on the server's own bytes proves it and the per-string walk (the costliest part of
 * a large listing) is skipped. Secrets are looked for in their JSON-escaped form too. Non-JSON stays text.
 */
export function decodeBody(raw: unknown, secrets: string[]): unknown {
	if (typeof raw !== 'string') return raw === undefined || raw === null ? raw : redactDeep(raw, secrets);
	const text = raw;
	if (text.trim() === '') return '';
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return redactText(text, secrets);
	}
	const needsWalk =
		text.includes('"shared"') ||
		secrets.some((secret) => text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1)));
	return needsWalk ? redactDeep(parsed, secrets) : parsed;
}

function walk(value: unknown, secrets: string[]): unknown {
	if (typeof value === 'string') return secrets.length ? redactText(value, secrets) : value;
	if (Array.isArray(value)) return value.map((entry) => walk(entry, secrets));
	if (value === null || typeof value !== 'object') return value;
	const source = value as IDataObject;
	const out: IDataObject = {};
	for (const [key, entry] of Object.entries(source)) out[key] = walk(entry, secrets) as IDataObject;
	if (source.type === 'shared' && isObject(out.attributes)) {
		const attributes = { ...(out.attributes as IDataObject) };
		if ('token' in attributes) attributes.token = REDACTED;
		if ('link' in attributes) attributes.link = REDACTED;
		out.attributes = attributes;
	}
	return out;
}

export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

export interface ApiResponse {
	statusCode: number;
	body: IDataObject;
}

interface RawResponse {
	statusCode: number;
	body: unknown;
}

/** Sends one call and returns its JSON body, or throws a redacted NodeApiError that says what to do. */
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
	if (!/^https?:\/\/[^/]/i.test(baseUrl)) {
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
		throw unreachableError(ctx, call, error as Error, secrets, itemIndex);
	}
	const body = decodeBody(raw.body, secrets);
	const failure = classifyResponse(raw.statusCode, body);
	if (failure) {
		throw buildApiError(ctx, call, raw.statusCode, body, failure, secrets, itemIndex);
	}
	return { statusCode: raw.statusCode, body: isObject(body) ? body : {} };
}

type FailureKind =
	| 'auth'
	| 'denied'
	| 'notFound'
	| 'gone'
	| 'validation'
	| 'rateLimited'
	| 'server'
	| 'notJson'
	| 'errorBody'
	| 'other';

function classifyResponse(status: number, body: unknown): FailureKind | undefined {
	if (status >= 200 && status < 300) {
		// 204 and other empty answers are success; a web page is not.
		if (body === undefined || body === null || body === '') return undefined;
		if (typeof body === 'string') return 'notJson';
		// Real servers answer some failures with 200 and an error body (e.g. an item missing mid-batch).
		if (isObject(body) && (body.type === 'error' || body.type === 'gone')) return 'errorBody';
		return undefined;
	}
	if (status === 401) return 'auth';
	if (status === 403) return 'denied';
	if (status === 404) return 'notFound';
	if (status === 410) return 'gone';
	if (status === 422 || status === 400) return 'validation';
	if (status === 429) return 'rateLimited';
	if (status >= 500) return 'server';
	if (typeof body === 'string' && body.trim().startsWith('<')) return 'notJson';
	return 'other';
}

function serverMessage(body: unknown): string {
	if (isObject(body) && typeof body.message === 'string') return body.message.trim();
	return '';
}

/** `{ "items.0.id": ["…"] }` → `items.0.id: …; urls.1: …` */
function fieldErrors(body: unknown): string {
	if (!isObject(body) || !isObject(body.errors)) return '';
	return Object.entries(body.errors)
		.map(([field, messages]) => {
			const text = Array.isArray(messages) ? messages.join(' ') : String(messages);
			return `${field}: ${text}`;
		})
		.join('; ');
}

const CREDENTIAL_HINTS: Record<CredentialType, { auth: string; denied: string; notFound: string }> = {
	fileStorageApi: {
		auth: 'The access token was refused. Open the "File Storage API" credential and paste a valid access token; check that the Base URL points at the same server that issued it.',
		denied:
			'The account of this access token may not do this. Check that the items belong to this account.',
		notFound:
			'Check the folder or item ID (use "From List" to pick one) and that it belongs to the account of this access token.',
	},
	fileStorageShareApi: {
		auth: 'The share token was refused. Check the "File Storage Share API" credential.',
		denied:
			'The share must have editor permission and no password, and the items or parent folder must be inside the shared folder. Ask the owner for an editor share link and update the "File Storage Share API" credential.',
		notFound:
			'The share token is unknown or the share has expired (expired shares are removed). Ask the owner for a new share link and update the "File Storage Share API" credential.',
	},
	fileStorageFileRequestApi: {
		auth: 'The file request ID was refused. Check the "File Storage File Request API" credential.',
		denied:
			'The items or parent folder must be inside the file request. Pick the parent with "From List" and check the item IDs.',
		notFound:
			'The file request ID is unknown. Copy the ID from the upload link into the "File Storage File Request API" credential.',
	},
};

function buildApiError(
	ctx: FileStorageContext,
	call: ApiCall,
	status: number,
	body: unknown,
	kind: FailureKind,
	secrets: string[],
	itemIndex?: number,
): NodeApiError {
	const said = serverMessage(body);
	const hints = CREDENTIAL_HINTS[call.credentialType];
	const saidSuffix = said ? `: ${said}` : '';
	let message: string;
	let description: string;
	switch (kind) {
		case 'auth':
			message = `Authorization failed (HTTP ${status})${saidSuffix}`;
			description = hints.auth;
			break;
		case 'denied':
			message = `Access denied (HTTP ${status})${saidSuffix}`;
			description = hints.denied;
			break;
		case 'notFound':
			message = `Not found (HTTP ${status})${saidSuffix}`;
			description = hints.notFound;
			break;
		case 'gone':
			message = `The file request is not active anymore (HTTP ${status})`;
			description =
				'The file request was filled or has expired. Create a new file request and put its ID in the "File Storage File Request API" credential.';
			break;
		case 'validation': {
			const fields = fieldErrors(body);
			message = `The server rejected the request as invalid (HTTP ${status})${fields ? `: ${fields}` : saidSuffix}`;
			description =
				'Fix the parameters named above. "items.N" is the Nth item of the batch sent (see Batch Size), "urls.N" the Nth URL.';
			break;
		}
		case 'rateLimited':
			message = `Too many requests: the server is rate limiting (HTTP ${status})`;
			description =
				'Wait and run again, lower how often the workflow runs, or raise Batch Size so fewer requests are sent.';
			break;
		case 'server':
			message = `The File Storage server failed (HTTP ${status})${saidSuffix}`;
			description =
				'This is a server-side error. Try again later; if it persists, check the input values (malformed values can crash some servers) and the server logs.';
			break;
		case 'notJson':
			message = `The server answered with a web page instead of JSON (HTTP ${status})`;
			description =
				'Check the Base URL of the credential: it must be the File Storage server itself, not a login page, proxy or the web app under a different path.';
			break;
		case 'errorBody':
			message = `The server reported an error${said ? `: ${said}` : ''}`;
			description =
				'The server stopped partway: for batch operations, items before the failing one in the same request may already be done. Check the item IDs (and, for Restore, that the items are in the trash), then run again.';
			break;
		default:
			message = `The request failed (HTTP ${status})${saidSuffix}`;
			description = 'Check the parameters and the credential, then try again.';
	}
	return new NodeApiError(
		ctx.getNode(),
		{ message: redactText(message, secrets), httpCode: String(status), body: body as JsonObject },
		{
			message: redactText(message, secrets),
			description: redactText(description, secrets),
			httpCode: String(status),
			itemIndex,
		},
	);
}

function unreachableError(
	ctx: FileStorageContext,
	call: ApiCall,
	error: Error,
	secrets: string[],
	itemIndex?: number,
): NodeApiError {
	const detail = redactText(String(error?.message ?? error), secrets);
	const code = (error as { code?: string })?.code;
	return new NodeApiError(
		ctx.getNode(),
		{ message: detail, code: code ?? null },
		{
			message: `Could not reach the File Storage server${code ? ` (${code})` : ''}`,
			description: `Check the Base URL in the "${CREDENTIAL_LABELS[call.credentialType]}" credential and that the server is running and reachable from n8n. Detail: ${detail}`,
			itemIndex,
		},
	);
}

// ---------------------------------------------------------------------------------------------------------------
// Lists and pagination
// ---------------------------------------------------------------------------------------------------------------

/** The spec wraps each list element as `{ data: {...} }`; some servers send the resource bare. */
export function unwrapResource(element: unknown): IDataObject {
	if (isObject(element) && isObject(element.data)) return element.data;
	return isObject(element) ? element : {};
}

export function listElements(body: IDataObject): IDataObject[] {
	return Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
}

export interface Page {
	elements: IDataObject[];
	nextCursor?: string;
	/** `meta.root` of folder and file request listings (the folder being browsed), when present. */
	root?: IDataObject;
}

/** Asked of every paginated endpoint; servers clamp it to their maximum, so each page is the largest offered. */
export const LARGEST_PAGE_REQUEST = 1000;

/** Fetches one page of a cursor-paginated listing. A server that refuses the page size gets its default. */
export async function fetchPage(
	ctx: FileStorageContext,
	call: ApiCall,
	cursor: string | undefined,
	pageSize: number,
	itemIndex?: number,
	connection?: Connection,
): Promise<Page> {
	const qs: IDataObject = { ...(call.qs ?? {}), limit: pageSize };
	if (cursor) qs.cursor = cursor;
	let response: ApiResponse;
	try {
		response = await apiRequest(ctx, { ...call, qs }, itemIndex, connection);
	} catch (error) {
		// Re-wrapping a NodeApiError hands back the same error.
		if (!refusedPageSize(error)) throw new NodeApiError(ctx.getNode(), error as JsonObject);
		delete qs.limit;
		response = await apiRequest(ctx, { ...call, qs }, itemIndex, connection);
	}
	return toPage(response.body);
}

/** The redacted response body that a transport error was built from. */
export function errorBody(error: unknown): unknown {
	return (error as { errorResponse?: { body?: unknown } })?.errorResponse?.body;
}

function refusedPageSize(error: unknown): boolean {
	const body = errorBody(error);
	return isObject(body) && isObject(body.errors) && 'limit' in body.errors;
}

export function toPage(body: IDataObject): Page {
	const meta = isObject(body.meta) ? body.meta : {};
	const cursorMeta = isObject(meta.cursor) ? meta.cursor : {};
	const next = cursorMeta.next_cursor;
	return {
		elements: listElements(body),
		nextCursor: typeof next === 'string' && next !== '' ? next : undefined,
		root: isObject(meta.root) ? meta.root : undefined,
	};
}

export interface CollectResult {
	elements: IDataObject[];
	root?: IDataObject;
}

/**
 * Follows `next_cursor` until the listing ends or `limit` elements are collected. Each request asks only for what
 * is still needed (capped at the largest page), so no fetched page is thrown away.
 */
export async function collectPages(
	ctx: FileStorageContext,
	call: ApiCall,
	limit: number | undefined,
	itemIndex?: number,
): Promise<CollectResult> {
	const connection = await connect(ctx, call.credentialType, itemIndex);
	const elements: IDataObject[] = [];
	let cursor: string | undefined;
	let root: IDataObject | undefined;
	const seenCursors = new Set<string>();
	for (;;) {
		const wanted = limit === undefined ? LARGEST_PAGE_REQUEST : limit - elements.length;
		const page = await fetchPage(
			ctx,
			call,
			cursor,
			Math.min(wanted, LARGEST_PAGE_REQUEST),
			itemIndex,
			connection,
		);
		root = root ?? page.root;
		for (const element of page.elements) {
			if (limit !== undefined && elements.length >= limit) break;
			elements.push(element);
		}
		if (limit !== undefined && elements.length >= limit) break;
		// A repeated cursor would loop forever on a misbehaving server.
		if (!page.nextCursor || page.elements.length === 0 || seenCursors.has(page.nextCursor)) break;
		seenCursors.add(page.nextCursor);
		cursor = page.nextCursor;
	}
	return { elements, root };
}
