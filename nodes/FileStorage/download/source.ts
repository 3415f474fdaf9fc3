// What one input item asks to download, read and checked before any request: the file an item describes
// (simplified or raw output of a listing or the trigger) or a URL, the thumbnail size, the output field.

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { attributesOf, isObject, unwrapResource } from '../../lib/resources/wrappers';
import { invalidParameter } from '../../lib/validation';
import { thumbnailName } from './naming';

export type DownloadContent = 'file' | 'thumbnail';

/** Thumbnail sizes servers of this API send (as an object of URLs), smallest first. */
export const THUMBNAIL_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

/** What an input item says about a file: simplified output (`fileUrl`, `name`, …) or the API's raw wrapper. */
export interface FileDescription {
	type?: string;
	fileUrl?: string;
	name?: string;
	mimeType?: string;
	thumbnail?: unknown;
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function fileDescriptionOf(json: IDataObject): FileDescription {
	// Simplified output always has itemType; other flat items are read the same way.
	if ('itemType' in json || 'fileUrl' in json || 'thumbnail' in json || 'mimeType' in json) {
		return {
			type: text(json.type),
			fileUrl: text(json.fileUrl),
			name: text(json.name),
			mimeType: text(json.mimeType),
			thumbnail: json.thumbnail,
		};
	}
	const resource = unwrapResource(json);
	const attributes = attributesOf(resource);
	return {
		type: text(resource.type),
		fileUrl: text(attributes.file_url),
		name: text(attributes.name),
		mimeType: text(attributes.mimetype),
		thumbnail: attributes.thumbnail,
	};
}

/** A thumbnail sent as a URL, or as an object of sizes: the wanted size, else the nearest (larger first). */
export function pickThumbnail(thumbnail: unknown, size: string): string | undefined {
	if (typeof thumbnail === 'string') return text(thumbnail);
	if (!isObject(thumbnail)) return undefined;
	const wanted = THUMBNAIL_SIZES.indexOf(size as (typeof THUMBNAIL_SIZES)[number]);
	const order = [...THUMBNAIL_SIZES]
		.map((name, index) => ({ name, distance: wanted < 0 ? index : Math.abs(index - wanted), larger: index >= wanted }))
		.sort((a, b) => a.distance - b.distance || Number(b.larger) - Number(a.larger));
	for (const { name } of order) {
		const url = text(thumbnail[name]);
		if (url) return url;
	}
	// Sizes this node does not know: any URL the object has.
	return Object.values(thumbnail).map(text).find((url) => url !== undefined);
}

export interface DownloadRequest {
	/** Absolute URL to fetch. */
	url: string;
	content: DownloadContent;
	/** The File Name option, else the name from the input item; undefined: the response and the URL tell. */
	name?: string;
	/** The MIME type the file has in File Storage (files only; a thumbnail has its own). */
	expectedMimeType?: string;
	binaryPropertyName: string;
}

/** Absolute http(s) URL; a path starting with "/" is on the credential's server. */
function resolveUrl(raw: string, baseUrl: string): string | undefined {
	try {
		const resolved = new URL(raw, raw.startsWith('/') ? `${baseUrl}/` : undefined);
		if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return undefined;
		return resolved.href;
	} catch {
		return undefined;
	}
}

/** What to download for one input item, checked before any request. */
export function readDownloadRequest(
	ctx: IExecuteFunctions,
	itemIndex: number,
	items: INodeExecutionData[],
	baseUrl: string,
): DownloadRequest {
	const node = ctx.getNode();
	const source = ctx.getNodeParameter('source', itemIndex, 'input') as string;
	const binaryPropertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
	if (!binaryPropertyName) {
		throw invalidParameter(node, itemIndex, 'Put Output File in Field', 'is empty', 'Enter the name of the binary field for the file, e.g. data.');
	}
	const nameOption = text(ctx.getNodeParameter('options.fileName', itemIndex, '') as unknown);

	let raw: string | undefined;
	let content: DownloadContent = 'file';
	let described: FileDescription = {};
	if (source === 'url') {
		raw = text(ctx.getNodeParameter('fileUrl', itemIndex, '') as unknown);
		if (!raw) {
			throw invalidParameter(node, itemIndex, 'File URL', 'is empty', 'Enter the address of the file, e.g. the "fileUrl" of a listed file.');
		}
	} else {
		described = fileDescriptionOf(items[itemIndex]?.json ?? {});
		content = (ctx.getNodeParameter('content', itemIndex, 'file') as DownloadContent) === 'thumbnail' ? 'thumbnail' : 'file';
		if (described.type === 'folder') {
			throw invalidParameter(
				node,
				itemIndex,
				'File',
				`the input item is a folder${described.name ? ` ("${described.name}")` : ''}, not a file`,
				'Only files can be downloaded. Add a Filter before this node that keeps items whose itemType is "file".',
			);
		}
		if (content === 'thumbnail') {
			const size = ctx.getNodeParameter('thumbnailSize', itemIndex, 'lg') as string;
			raw = pickThumbnail(described.thumbnail, size);
			if (!raw) {
				throw invalidParameter(
					node,
					itemIndex,
					'File',
					'the input item has no thumbnail',
					'The server sent no thumbnail for this file (thumbnail is empty or null). Download the file instead.',
				);
			}
		} else {
			raw = described.fileUrl;
			if (!raw) {
				throw invalidParameter(
					node,
					itemIndex,
					'File',
					'the input item has no file URL ("fileUrl", or "data.attributes.file_url" in raw output)',
					'Connect a node that outputs files (Get Recent Uploads, Get Contents, the File Storage Trigger), or set File to "By URL".',
				);
			}
		}
	}

	const url = resolveUrl(raw, baseUrl);
	if (!url) {
		throw invalidParameter(
			node,
			itemIndex,
			source === 'url' ? 'File URL' : 'File',
			`"${raw}" is not an http(s) address`,
			'A file URL starts with http:// or https:// (or "/" for a path on the credential\'s server).',
		);
	}
	const describedName = content === 'thumbnail' ? thumbnailName(described.name, url) : described.name;
	return {
		url,
		content,
		name: nameOption ?? describedName,
		expectedMimeType: content === 'file' ? described.mimeType : undefined,
		binaryPropertyName,
	};
}
