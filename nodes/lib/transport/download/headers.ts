// What a download's response headers say: its type, length, file name and redirect target.

import type { IDataObject } from 'n8n-workflow';

export function headerValue(headers: IDataObject, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' || typeof first === 'number' ? String(first) : undefined;
}

/** Content-Type without parameters, lower case. */
export function mimeTypeOf(headers: IDataObject): string | undefined {
	const value = headerValue(headers, 'content-type');
	const type = value?.split(';')[0].trim().toLowerCase();
	return type ? type : undefined;
}

/** Content-Length, when it is a valid one. */
export function contentLengthOf(headers: IDataObject): number | undefined {
	const value = headerValue(headers, 'content-length');
	if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
	return Number(value);
}

/** `filename*=UTF-8''…` or `filename="…"` of a Content-Disposition header. */
export function dispositionFileName(header: string | undefined): string | undefined {
	if (!header) return undefined;
	const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
	if (extended) {
		try {
			return decodeURIComponent(extended[1].trim());
		} catch {
			// fall back to the plain parameter
		}
	}
	const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
	const name = (plain?.[2] ?? plain?.[1])?.trim();
	return name ? name : undefined;
}

/** The absolute http(s) address a redirect points at, resolved against the URL that answered. */
export function redirectTarget(headers: IDataObject, from: string): string | undefined {
	const location = headerValue(headers, 'location');
	if (!location) return undefined;
	try {
		const next = new URL(location, from);
		return next.protocol === 'http:' || next.protocol === 'https:' ? next.href : undefined;
	} catch {
		return undefined;
	}
}
