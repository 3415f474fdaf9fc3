import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { attributesOf, isObject, unwrapResource } from '../../lib/json';
import { invalidParameter } from '../../lib/validation';
import { timeoutOption } from './request';

/** The parameters of both Download operations (File, File Request), and their reader. */

export type DownloadContent = 'file' | 'thumbnail';

/** Thumbnail sizes servers of this API send (as an object of URLs), smallest first. */
export const THUMBNAIL_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

export function downloadProperties(credentialName: string): INodeProperties[] {
	return [
		{
			displayName: 'File',
			name: 'source',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'By URL',
					value: 'url',
					description: 'A file URL given here, e.g. by an expression or by an AI agent',
				},
				{
					name: 'From Input Item',
					value: 'input',
					description:
						'The file each input item describes, as File Storage lists and the trigger output it (simplified or raw)',
				},
			],
			default: 'input',
			description: `Which file to download. The "${credentialName}" credential is used only when the file URL is on its Base URL's server. Used as an AI tool, the operation returns the file's name, type, size and URL, not its content: binary data cannot pass to an agent.`,
		},
		{
			displayName: 'File URL',
			name: 'fileUrl',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { source: ['url'] } },
			placeholder: 'e.g. https://files.example.com/file/report.pdf',
			description:
				'Address of the file content (the "fileUrl" of a listed file). A path starting with "/" is read on the credential\'s server. Files on other servers are downloaded without credentials.',
		},
		{
			displayName: 'Download',
			name: 'content',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { source: ['input'] } },
			options: [
				{ name: 'File', value: 'file', description: 'The file itself' },
				{ name: 'Thumbnail', value: 'thumbnail', description: 'Its preview image (for other files, a type icon)' },
			],
			default: 'file',
		},
		{
			displayName: 'Thumbnail Size',
			name: 'thumbnailSize',
			type: 'options',
			displayOptions: { show: { source: ['input'], content: ['thumbnail'] } },
			options: [
				{ name: 'Extra Large', value: 'xl' },
				{ name: 'Extra Small', value: 'xs' },
				{ name: 'Large', value: 'lg' },
				{ name: 'Medium', value: 'md' },
				{ name: 'Small', value: 'sm' },
			],
			default: 'lg',
			description:
				'For servers that offer thumbnails in several sizes; the nearest available size is used (larger first). Ignored when a file has one thumbnail.',
		},
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the output binary field to put the file in',
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			options: [
				{
					displayName: 'File Name',
					name: 'fileName',
					type: 'string',
					default: '',
					placeholder: 'e.g. invoice.pdf',
					description:
						'Name of the output file. Empty: the name of the file in File Storage, else the name the server sends, else the last part of the URL.',
				},
				{
					...timeoutOption,
					description:
						'Seconds to wait for the server to start answering, and for each next part of the file while it arrives (a large file may take longer in all). Rate-limited and unavailable servers are asked again a few times first.',
				},
			],
		},
	];
}

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

/** The file name in a content URL: the part after `/file/` or `/thumbnail/` (the ancestor's routes), else the last part. */
export function fileNameInUrl(url: string): string | undefined {
	let path: string;
	try {
		path = new URL(url).pathname;
	} catch {
		return undefined;
	}
	const segments = path.split('/').filter((segment) => segment !== '');
	const routed = segments.findIndex((segment) => segment === 'file' || segment === 'thumbnail');
	const segment = routed >= 0 && segments[routed + 1] ? segments[routed + 1] : segments[segments.length - 1];
	if (!segment) return undefined;
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

function extensionOf(name: string | undefined): string {
	const match = name ? /(\.[A-Za-z0-9]{1,8})$/.exec(name) : null;
	return match ? match[1] : '';
}

/** `beach.jpg` + thumbnail `…/xs-ab12.webp` → `beach-thumbnail.webp`. */
function thumbnailName(fileName: string | undefined, thumbnailUrl: string): string | undefined {
	if (!fileName) return undefined;
	const ext = extensionOf(fileName);
	const stem = ext ? fileName.slice(0, -ext.length) : fileName;
	return `${stem}-thumbnail${extensionOf(fileNameInUrl(thumbnailUrl)) || ext}`;
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
