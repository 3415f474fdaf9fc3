/**
 * The one rule for the credentials' Base URL, shared by the transport and the credential tests (which run outside
 * the node, as an n8n expression): trim, drop trailing slashes and a pasted `/api/v1`, then trailing slashes again.
 */
const TRAILING_SLASHES = /\/+$/;
const API_SUFFIX = /\/api\/v1$/i;

export function normalizeBaseUrl(raw: unknown): string {
	return String(raw ?? '')
		.trim()
		.replace(TRAILING_SLASHES, '')
		.replace(API_SUFFIX, '')
		.replace(TRAILING_SLASHES, '');
}

/** The same rule as an expression over `$credentials.baseUrl`, for `ICredentialTestRequest.request.baseURL`. */
export const BASE_URL_EXPRESSION = `={{ String($credentials.baseUrl).trim().replace(${String(TRAILING_SLASHES)}, "").replace(${String(API_SUFFIX)}, "").replace(${String(TRAILING_SLASHES)}, "") }}`;

/** Whether a normalised Base URL is an http(s) address with a host. */
export function isHttpBaseUrl(baseUrl: string): boolean {
	return /^https?:\/\/[^/]/i.test(baseUrl);
}
