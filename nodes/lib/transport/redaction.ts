// Secrets never leave the node: not in output, not in errors. Share tokens are masked wherever they appear.

import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { SECRET_FIELDS } from '../credentialContract';
import { isObject } from '../resources/wrappers';

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
 * Redacts credential secrets from every string of a JSON value (a copy), and masks share tokens and share links
 * wherever a share wrapper appears: a share token is a credential that grants editing, whoever's it is.
 */
export function redactDeep<T>(value: T, secrets: string[]): T {
	return redactValue(value, secrets, false) as T;
}

/**
 * Parses a response body received as text, redacted; non-JSON stays text. Most bodies contain neither a secret
 * (as typed or JSON-escaped) nor a share wrapper: a substring check of the server's own bytes proves it and the
 * pass over the value is skipped. A needed pass redacts the freshly parsed value in place: nobody else holds it,
 * and a copy of every object of a large listing would be waste.
 */
export function decodeBody(raw: unknown, secrets: string[]): unknown {
	if (typeof raw !== 'string')
		return raw === undefined || raw === null ? raw : redactDeep(raw, secrets);
	if (raw.trim() === '') return '';
	let parsed: unknown;
	try {
		parsed = JSON.parse(raw);
	} catch {
		return redactText(raw, secrets);
	}
	// One scan where the secret's JSON-escaped form is the same.
	const hasSecret = secrets.some((secret) => {
		const escaped = JSON.stringify(secret).slice(1, -1);
		return raw.includes(secret) || (escaped !== secret && raw.includes(escaped));
	});
	if (!hasSecret && !raw.includes('"shared"')) return parsed;
	return redactValue(parsed, hasSecret ? secrets : [], true);
}

/** Redacts every string of a JSON value and masks share wrappers; `inPlace` changes objects where they are. */
function redactValue(value: unknown, secrets: string[], inPlace: boolean): unknown {
	if (typeof value === 'string') return secrets.length ? redactText(value, secrets) : value;
	if (value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) {
		const list: unknown[] = inPlace ? value : new Array(value.length);
		for (let index = 0; index < value.length; index++)
			list[index] = redactValue(value[index], secrets, inPlace);
		return list;
	}
	const source = value as IDataObject;
	const out: IDataObject = inPlace ? source : {};
	for (const key of Object.keys(source)) {
		const entry = source[key];
		const redacted = redactValue(entry, secrets, inPlace);
		// Defined, not assigned, so that a key named "__proto__" is an own key like any other.
		if (!inPlace || redacted !== entry) {
			Object.defineProperty(out, key, {
				value: redacted,
				writable: true,
				enumerable: true,
				configurable: true,
			});
		}
	}
	// A share wrapper's token and link (its attributes, already this pass's own) are masked.
	if (source.type === 'shared' && isObject(out.attributes)) {
		if ('token' in out.attributes) out.attributes.token = REDACTED;
		if ('link' in out.attributes) out.attributes.link = REDACTED;
	}
	return out;
}
