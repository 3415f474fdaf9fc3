// What one input item asks to download, read and checked before any request: the file an item describes
// (simplified or raw output of a listing or the trigger) or a URL, the thumbnail size, the output field.

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { FileDescription } from '../../lib/fileContent/description';
import { fileDescriptionOf, resolveUrl, trimmedText } from '../../lib/fileContent/description';
import { SIMPLIFIED_THUMBNAIL_SIZE } from '../../lib/resources/simplify';
import { pickThumbnail } from '../../lib/resources/thumbnails';
import { invalidParameter } from '../../lib/validation';
import type { DownloadContent, DownloadRequest } from '../../lib/fileContent/naming';
import { thumbnailName } from '../../lib/fileContent/naming';

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
	const nameOption = trimmedText(
		ctx.getNodeParameter('options.fileName', itemIndex, '') as unknown,
	);

	let raw: string | undefined;
	let content: DownloadContent = 'file';
	let described: FileDescription = {};
	if (source === 'url') {
		raw = trimmedText(ctx.getNodeParameter('fileUrl', itemIndex, '') as unknown);
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
				'File to Download',
				`the input item is a folder${described.name ? ` ("${described.name}")` : ''}, not a file`,
				'Only files can be downloaded. Add a Filter before this node that keeps items whose type is not "folder".',
			);
		}
		if (content === 'thumbnail') {
			const size = ctx.getNodeParameter('thumbnailSize', itemIndex, 'lg') as string;
			raw = pickThumbnail(described.thumbnail, size);
			if (!raw) {
				throw invalidParameter(
					node,
					itemIndex,
					'File to Download',
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
					'File to Download',
					'the input item has no file URL ("fileUrl", or "data.attributes.file_url" in raw output)',
					'Connect a node that outputs files (Get Recent Uploads, Get Contents, the File Storage Trigger), or set File to Download to "From URL".',
				);
			}
		}
	}

	const url = resolveUrl(raw, baseUrl);
	if (!url) {
		throw invalidParameter(
			node,
			itemIndex,
			source === 'url' ? 'File URL' : 'File to Download',
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

/**
 * The Thumbnail Size chosen when it cannot apply to this input item: a simplified item (flat, `thumbnailUrl` one
 * URL) keeps one thumbnail, the Large one of a server that sends several. Undefined when the size applies.
 */
export function thumbnailSizeNotApplied(
	ctx: IExecuteFunctions,
	itemIndex: number,
	items: INodeExecutionData[],
): string | undefined {
	if ((ctx.getNodeParameter('source', itemIndex, 'input') as string) !== 'input') return undefined;
	if ((ctx.getNodeParameter('content', itemIndex, 'file') as string) !== 'thumbnail')
		return undefined;
	const size = ctx.getNodeParameter(
		'thumbnailSize',
		itemIndex,
		SIMPLIFIED_THUMBNAIL_SIZE,
	) as string;
	const json = items[itemIndex]?.json ?? {};
	const simplified = json.data === undefined && typeof json.thumbnailUrl === 'string';
	return simplified && size !== SIMPLIFIED_THUMBNAIL_SIZE ? size : undefined;
}
