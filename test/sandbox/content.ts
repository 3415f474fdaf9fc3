/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/**
 * The bytes of files, thumbnails and type icons, generated on the fly: no file content is stored, so a 1 GB file
 * costs nothing until it is read. The same record always gives the same bytes, and every 64 KiB block differs
 * (it carries its own index), so a reordered, repeated or missing block changes the checksum. Files a remote
 * upload fetched are the exception: their bytes are kept on disk and served as they are.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

import type { FileRec } from './model';

export const CONTENT_BLOCK_BYTES = 64 * 1024;

/** The thumbnail sizes the sandbox serves (`/thumbnail/<size>-<basename>`), smallest first. */
export const THUMBNAIL_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/** What a content route answers: length and type up front, then the bytes, block by block. */
export interface FileContent {
	length: number;
	contentType: string;
	/** the name sent in Content-Disposition */
	fileName: string;
	blocks(): Iterable<Buffer>;
}

const patterns = new Map<string, Buffer>();

/** One pseudo-random block per seed (SHA-256 in counter mode), kept for the sandbox's life (a few per test). */
function patternOf(seed: string): Buffer {
	let pattern = patterns.get(seed);
	if (!pattern) {
		pattern = Buffer.alloc(CONTENT_BLOCK_BYTES);
		for (let offset = 0, counter = 0; offset < CONTENT_BLOCK_BYTES; offset += 32, counter++) {
			createHash('sha256').update(`${seed}:${counter}`).digest().copy(pattern, offset);
		}
		if (patterns.size > 256) patterns.clear();
		patterns.set(seed, pattern);
	}
	return pattern;
}

/** `length` bytes for `seed`: the seed's block again and again, each copy stamped with its index. */
export function* generatedBlocks(seed: string, length: number): Generator<Buffer> {
	const pattern = patternOf(seed);
	for (let offset = 0, index = 0; offset < length; offset += CONTENT_BLOCK_BYTES, index++) {
		const size = Math.min(CONTENT_BLOCK_BYTES, length - offset);
		// a fresh buffer per block: the HTTP layer may still hold the previous one
		const block = Buffer.allocUnsafe(size);
		pattern.copy(block, 0, 0, size);
		const stamp = Buffer.alloc(8);
		stamp.writeBigUInt64BE(BigInt(index));
		stamp.copy(block, 0, 0, Math.min(8, size));
		yield block;
	}
}

/** A stored file's bytes, block by block (read as they are sent: a 1 GiB upload stays out of memory). */
function* storedBlocks(storedPath: string): Generator<Buffer> {
	const fd = openSync(storedPath, 'r');
	try {
		for (;;) {
			const block = Buffer.allocUnsafe(CONTENT_BLOCK_BYTES);
			const read = readSync(fd, block, 0, CONTENT_BLOCK_BYTES, null);
			if (read === 0) return;
			yield block.subarray(0, read);
		}
	} finally {
		closeSync(fd);
	}
}

export function fileContent(file: FileRec): FileContent {
	const { storedPath } = file;
	return {
		length: file.size,
		contentType: file.mimetype,
		fileName: file.name,
		blocks: () =>
			storedPath ? storedBlocks(storedPath) : generatedBlocks(`file:${file.id}`, file.size),
	};
}

/** Thumbnails of images: small, larger for larger sizes; the image's type. */
export function thumbnailContent(file: FileRec, size: ThumbnailSize): FileContent {
	const length = 1_000 * 2 ** THUMBNAIL_SIZES.indexOf(size) + (file.size % 997);
	return {
		length,
		contentType: file.mimetype,
		fileName: `${size}-${file.name}`,
		blocks: () => generatedBlocks(`thumbnail:${size}:${file.id}`, length),
	};
}

/** The type icons other files list as thumbnail (`/assets/icons/<ext>.svg`). */
export function iconContent(ext: string): FileContent {
	const svg = Buffer.from(
		`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="8" fill="#00BC7E"/><text x="32" y="38" font-size="14" text-anchor="middle" fill="#fff">${ext.replace(/[^a-z0-9]/gi, '').slice(0, 5)}</text></svg>`,
	);
	return {
		length: svg.length,
		contentType: 'image/svg+xml',
		fileName: `${ext}.svg`,
		blocks: () => [svg],
	};
}

/** SHA-256 (hex) of what a content route sends: the oracle downloads are compared with. */
export function sha256OfContent(content: FileContent): string {
	const hash = createHash('sha256');
	for (const block of content.blocks()) hash.update(block);
	return hash.digest('hex');
}
