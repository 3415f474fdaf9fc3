// Where a download's credential may go, and how its URL is shown: only the Base URL's origin gets the credential,
// masked file request IDs are put back only as the credential's placeholder, errors never show a secret.

import { FILE_REQUEST_ID_PLACEHOLDER } from '../../credentialContract';
import type { CredentialType } from '../../credentialContract';
import { REDACTED, redactText } from '../redaction';

/** `https://host:port` of an absolute URL; undefined when it is not one. */
export function originOf(url: string): string | undefined {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
	} catch {
		return undefined;
	}
}

/** Whether two URLs have the same scheme, host and port (default ports included): only then may a credential go. */
export function sameOrigin(url: string, baseUrl: string): boolean {
	const origin = originOf(url);
	return origin !== undefined && origin === originOf(baseUrl);
}

/**
 * The node's own output masks the file request ID in file URLs (`…/upload-request/[redacted]`). For requests to
 * the Base URL's origin made with the file request credential, the mask becomes the credential's placeholder,
 * which its `authenticate` fills in: the ID is put back without passing through node code.
 */
export function unmaskPathSecrets(url: string, credentialType: CredentialType): string {
	if (credentialType !== 'fileStorageFileRequestApi') return url;
	const masked = [REDACTED, encodeURIComponent(REDACTED), '%5Bredacted%5D'];
	const [beforeQuery, ...query] = url.split('?');
	const path = beforeQuery
		.split('/')
		.map((segment) => (masked.includes(segment) ? FILE_REQUEST_ID_PLACEHOLDER : segment))
		.join('/');
	return [path, ...query].join('?');
}

/** A URL as errors may show it: no query (signed URLs carry tokens there), no user info, secrets redacted. */
export function describeUrl(url: string, secrets: string[]): string {
	let described = url;
	try {
		const parsed = new URL(url);
		described = `${parsed.origin}${parsed.pathname}`;
	} catch {
		described = url.split('?')[0];
	}
	// The path secrets of shares and file requests are credentials, whoever's they are.
	described = described.replace(/\/(shared|upload-request)\/[^/]+/g, `/$1/${REDACTED}`);
	return redactText(described, secrets);
}
