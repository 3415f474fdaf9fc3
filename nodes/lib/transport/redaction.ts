// Secrets never leave the node: not in output, not in errors. Share tokens are masked wherever they appear.

import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { SECRET_FIELDS } from '../credentialContract';
import { isObject } from '../resources/wrappers';

export const REDACTED = '[redacted]';

/** Every form in which a credential's secrets could show up: as typed, trimmed, URL-encoded. */
export function secretsOf(credentials: ICredentialDataDecryptedObject): string[] {
	const values = SECRET_FIELDS.map((field) => credentials[field]);
	const forms = values.flatMap((value) =>
		typeof value === 'string' ? [value, value.trim(), encodeURIComponent(value.trim())] : [],
	);
	return withSecrets([], forms);
}

/** `secrets` and `more`, each once, longest first: a secret containing another is replaced whole. */
export function withSecrets(secrets: string[], more: string[]): string[] {
	// Very short values would redact ordinary words; no real token is this short.
	const found = new Set([...secrets, ...more.filter((form) => form.length >= 4)]);
	return [...found].sort((a, b) => b.length - a.length);
}

export function redactText(text: string, secrets: string[]): string {
	return secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

/** A copy, secrets redacted and share wrappers masked: a share token grants editing, whoever's it is. */
export const redactDeep = <T>(value: T, secrets: string[]) =>
	redactValue(value, secrets, false) as T;

// Most bodies hold neither a secret nor a share wrapper, which a substring check of the raw text proves: they are
// not walked. The others are redacted in place: nobody else holds the parsed value, and a copy would be waste.
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
	const hasSecret = secrets.some((secret) => {
		const escaped = JSON.stringify(secret).slice(1, -1);
		return raw.includes(secret) || (escaped !== secret && raw.includes(escaped));
	});
	if (!hasSecret && !raw.includes('"shared"')) return parsed;
	return redactValue(parsed, hasSecret ? secrets : [], true);
}

const OWN_KEY = { writable: true, enumerable: true, configurable: true };

function redactValue(value: unknown, secrets: string[], inPlace: boolean): unknown {
	if (typeof value === 'string') return secrets.length ? redactText(value, secrets) : value;
	if (value === null || typeof value !== 'object') return value;
	const source = value as IDataObject;
	const copy = Array.isArray(value) ? (new Array(value.length) as unknown as IDataObject) : {};
	const out = inPlace ? source : copy; // an array's keys are its indices
	for (const key of Object.keys(source)) {
		const entry = source[key];
		const redacted = redactValue(entry, secrets, inPlace);
		// Defined, not assigned, so that a key named "__proto__" is an own key like any other.
		if (!inPlace || redacted !== entry)
			Object.defineProperty(out, key, { ...OWN_KEY, value: redacted });
	}
	// `out.attributes` is this pass's own (a copy, or just parsed): masking it changes nobody else's value.
	if (source.type === 'shared' && isObject(out.attributes)) {
		if ('token' in out.attributes) out.attributes.token = REDACTED;
		if ('link' in out.attributes) out.attributes.link = REDACTED;
	}
	return out;
}
