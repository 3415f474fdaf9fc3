// What a downloaded file is called and what type it has: File Storage's own name and type first, then what the
// server and the URL say.

import type { OpenedDownload } from '../transport';
import { percentDecoded } from '../urls';

export type DownloadContent = 'file' | 'thumbnail';

/** What to download for one input item (source.ts reads it), and what names the output. */
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
	const segment =
		routed >= 0 && segments[routed + 1] ? segments[routed + 1] : segments[segments.length - 1];
	if (!segment) return undefined;
	return percentDecoded(segment);
}

function extensionOf(name: string | undefined): string {
	const match = name ? /(\.[A-Za-z0-9]{1,8})$/.exec(name) : null;
	return match ? match[1] : '';
}

/** `beach.jpg` + thumbnail `…/xs-ab12.webp` → `beach-thumbnail.webp`. */
export function thumbnailName(
	fileName: string | undefined,
	thumbnailUrl: string,
): string | undefined {
	if (!fileName) return undefined;
	const ext = extensionOf(fileName);
	const stem = ext ? fileName.slice(0, -ext.length) : fileName;
	return `${stem}-thumbnail${extensionOf(fileNameInUrl(thumbnailUrl)) || ext}`;
}

const EXTENSION_TYPES: Record<string, string> = {
	svg: 'image/svg+xml',
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	gif: 'image/gif',
	webp: 'image/webp',
};

/**
 * The output file's MIME type, always set (n8n cannot infer it from a stream): the server's Content-Type when it
 * is specific, else what File Storage lists for the file, else the extension of a thumbnail, else octet-stream.
 */
export function outputMimeType(
	request: DownloadRequest,
	opened: OpenedDownload,
	name: string,
): string {
	if (opened.mimeType && opened.mimeType !== 'application/octet-stream') return opened.mimeType;
	if (request.expectedMimeType) return request.expectedMimeType;
	const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
	return (
		(ext && request.content === 'thumbnail' && EXTENSION_TYPES[ext]) ||
		opened.mimeType ||
		'application/octet-stream'
	);
}

/** The File Name option, else the name File Storage lists, else Content-Disposition, else the URL's file name. */
export function outputName(request: DownloadRequest, opened: OpenedDownload): string {
	return (
		request.name ??
		opened.dispositionName ??
		fileNameInUrl(opened.url) ??
		fileNameInUrl(request.url) ??
		'download'
	);
}
