import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { isObject } from '../json';

/** Secrets never leave the node: not in output, not in errors. Share tokens are masked wherever they appear. */

const SECRET_FIELDS = ['accessToken', 'shareToken', 'fileRequestId'];
export const REDACTED = '[redacted]';

/** Every form in which a credential's secrets could show up in text: as typed, trimmed, URL-encoded. */
export function secretsOf(credentials: ICredentialDataDecryptedObject): string[] {
	const found = new Set<string>();
	for (const field of SECRET_FIELDS) {
		const value = credentials[field];
		if (typeof value !== 'string') continue;
		for (const form of [value, value.trim(), encodeURIComponent(value.trim())]) {
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
