// What one input item asks to download, read and checked before any request: the file an item describes
// (simplified or raw output of a listing or the trigger) or a URL, the thumbnail size, the output field.

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { pickThumbnail } from '../../lib/resources/thumbnails';
import { attributesOf, isObject, unwrapResource } from '../../lib/resources/wrappers';
import { invalidParameter } from '../../lib/validation';
import type { DownloadContent, DownloadRequest } from './naming';
import { thumbnailName } from './naming';

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
	// The raw output is the spec's wrapper (or a bare resource with attributes); anything else is read as flat, as
	// the simplified output is.
	if (!isObject(json.data) && !isObject(json.attributes)) {
		return {
			type: text(json.type),
			fileUrl: text(json.fileUrl),
			name: text(json.name),
			mimeType: text(json.mimeType),
			thumbnail: json.thumbnailUrl ?? json.thumbnail,
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
	const binaryPropertyName = String(
		ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '',
	).trim();
	if (!binaryPropertyName) {
		throw invalidParameter(
			node,
			itemIndex,
			'Put Output File in Field',
			'is empty',
			'Enter the name of the binary field for the file, e.g. data.',
		);
	}
	const nameOption = text(ctx.getNodeParameter('options.fileName', itemIndex, '') as unknown);

	let raw: string | undefined;
	let content: DownloadContent = 'file';
	let described: FileDescription = {};
	if (source === 'url') {
		raw = text(ctx.getNodeParameter('fileUrl', itemIndex, '') as unknown);
		if (!raw) {
			throw invalidParameter(
				node,
				itemIndex,
				'File URL',
				'is empty',
				'Enter the address of the file, e.g. the "fileUrl" of a listed file.',
			);
		}
	} else {
		described = fileDescriptionOf(items[itemIndex]?.json ?? {});
		content =
			(ctx.getNodeParameter('content', itemIndex, 'file') as DownloadContent) === 'thumbnail'
				? 'thumbnail'
				: 'file';
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
	const describedName =
		content === 'thumbnail' ? thumbnailName(described.name, url) : described.name;
	return {
		url,
		content,
		name: nameOption ?? describedName,
		expectedMimeType: content === 'file' ? described.mimeType : undefined,
		binaryPropertyName,
	};
}
