// The URL rules of the package: what a Base URL is (also as an expression, for the credential tests, which run
// outside the node), what an http(s) URL is, and which values may go into a URL path.

const TRAILING_SLASHES = /\/+$/;
const API_SUFFIX = /\/api\/v1$/i;

/** Trim, drop trailing slashes and a pasted `/api/v1`, then trailing slashes again. */
export function normalizeBaseUrl(raw: unknown): string {
	return String(raw ?? '')
		.trim()
		.replace(TRAILING_SLASHES, '')
		.replace(API_SUFFIX, '')
		.replace(TRAILING_SLASHES, '');
}

/** The same rule as an n8n expression over `$credentials.<field>`. */
export function baseUrlExpression(field: string): string {
	return `={{ String($credentials.${field}).trim().replace(${String(TRAILING_SLASHES)}, "").replace(${String(API_SUFFIX)}, "").replace(${String(TRAILING_SLASHES)}, "") }}`;
}

/** Whether a normalised Base URL is an http(s) address with a host. */
export function isHttpBaseUrl(baseUrl: string): boolean {
	return /^https?:\/\/[^/]/i.test(baseUrl);
}

/** `url` (resolved against `base`) when it is an http(s) address; undefined for anything else or unparsable text. */
export function httpUrl(url: string, base?: string): URL | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url, base);
	} catch {
		return undefined;
	}
	return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
}

/**
 * Values that must not go into a URL path: empty, or `.`/`..`, which URL normalisation resolves into another
 * endpoint even when URL-encoded (`%2e` is a dot to URL parsers).
 */
export function isUnsafePathSegment(value: string): boolean {
	const trimmed = value.trim();
	return trimmed === '' || /^(\.|%2e){1,2}$/i.test(trimmed);
}

/** Percent-decoded text, or the text as it is where it is not valid percent-encoding. */
export function percentDecoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}
