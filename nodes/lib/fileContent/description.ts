// What a listed item says about its file (simplified output, or the API's raw wrapper), and where its content is:
// read by both Download operations and by the trigger's Include File Content.

import type { IDataObject } from 'n8n-workflow';

import { attributesOf, isObject, unwrapResource } from '../resources/wrappers';
import { httpUrl } from '../urls';

/** What an input item says about a file: simplified output (`fileUrl`, `name`, …) or the API's raw wrapper. */
export interface FileDescription {
	type?: string;
	fileUrl?: string;
	name?: string;
	mimeType?: string;
	thumbnail?: unknown;
}

export function trimmedText(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function fileDescriptionOf(json: IDataObject): FileDescription {
	// The raw output is the spec's wrapper (or a bare resource with attributes); anything else is read as flat, as
	// the simplified output is.
	if (!isObject(json.data) && !isObject(json.attributes)) {
		return {
			type: trimmedText(json.type),
			fileUrl: trimmedText(json.fileUrl),
			name: trimmedText(json.name),
			mimeType: trimmedText(json.mimeType),
			thumbnail: json.thumbnailUrl ?? json.thumbnail,
		};
	}
	const resource = unwrapResource(json);
	const attributes = attributesOf(resource);
	return {
		type: trimmedText(resource.type),
		fileUrl: trimmedText(attributes.file_url),
		name: trimmedText(attributes.name),
		mimeType: trimmedText(attributes.mimetype),
		thumbnail: attributes.thumbnail,
	};
}

/** Absolute http(s) URL; a path starting with "/" is on the credential's server. */
export function resolveUrl(raw: string, baseUrl: string): string | undefined {
	return httpUrl(raw, raw.startsWith('/') ? `${baseUrl}/` : undefined)?.href;
}
