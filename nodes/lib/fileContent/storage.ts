// Storing a download in n8n's binary data: the caps of its modes (a download's size limit, once the mode is known),
// and what to do when storing fails.

import type { IBinaryData, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { BinaryDataMode } from '../n8n';
import { knownBinaryDataMode, learnBinaryDataMode } from '../n8n';
import { formatSize } from '../resources/sizes';
import type { OpenedDownload, SizeLimit } from '../transport';
import { FAILURE_HINTS as HINTS, MESSAGES } from '../transport';

/** Where files are stored: an operation's execution, or a trigger's poll (its items carry the files). */
export type BinaryContext = IExecuteFunctions | IPollFunctions;

type BinaryInput = Parameters<BinaryContext['helpers']['prepareBinaryData']>[0];

/**
 * The largest file n8n's in-memory binary mode (`default`) can hold: it keeps files as base64 text, and V8 strings
 * have at most 2^29 − 24 characters.
 */
export const MEMORY_MODE_MAX_BYTES = 3 * Math.floor((2 ** 29 - 24) / 4);
/** n8n's database binary mode takes at most 1024 MiB per file (N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE; 512 by default). */
const DATABASE_MODE_MAX_MIB = 1024;
export const DATABASE_MODE_MAX_BYTES = DATABASE_MODE_MAX_MIB * 1024 ** 2;

/** A cap n8n states in MiB (N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE), as it is set and in the package's unit. */
function mebibytes(mib: number): string {
	return `${mib} MiB (${formatSize(mib * 1024 ** 2)})`;
}

const CAPS: Record<BinaryDataMode, number> = {
	memory: MEMORY_MODE_MAX_BYTES,
	database: DATABASE_MODE_MAX_BYTES,
	other: Infinity,
};

/** `bytes`: the announced length, or (`counted`) what was counted once past the cap. */
function tooLargeError(
	ctx: BinaryContext,
	itemIndex: number,
	bytes: number,
	counted: boolean,
	mode: 'memory' | 'database',
): NodeOperationError {
	const memory = mode === 'memory';
	const cap = memory ? formatSize(MEMORY_MODE_MAX_BYTES) : mebibytes(DATABASE_MODE_MAX_MIB);
	const size = counted ? `more than ${cap}` : formatSize(bytes, CAPS[mode]);
	return new NodeOperationError(
		ctx.getNode(),
		`${MESSAGES.tooLargeForMode(memory, size, cap)} [item ${itemIndex}]`,
		{ itemIndex, description: HINTS.tooLargeForMode(memory, cap) },
	);
}

/**
 * Why storing failed: the download's own errors (cut, stalled, wrong length) as they are, else a failure of n8n's
 * binary data service, said plainly with its fix.
 */
function storageError(
	ctx: BinaryContext,
	itemIndex: number,
	error: Error,
	bytes: number | undefined,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const message = String(error?.message ?? error);
	if (/max size limit|N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE/i.test(message)) {
		// n8n reads the whole file, then refuses it before writing anything. Its FileTooLargeError says "MB" of
		// sizes in MiB (the file's rounded): the file is said by its length, the cap in MiB as it is set.
		learnBinaryDataMode('database'); // only that mode refuses so
		const sizes = /size of ([\d.]+) MB exceeds the max size limit of ([\d.]+) MB/.exec(message);
		const size = bytes === undefined ? `${sizes?.[1]} MiB` : formatSize(bytes);
		const stated = sizes ? `: ${size}, at most ${mebibytes(Number(sizes[2]))} per file` : '';
		return new NodeOperationError(
			ctx.getNode(),
			`${MESSAGES.overDatabaseCap(stated)} [item ${itemIndex}]`,
			{ itemIndex, description: HINTS.overDatabaseCap(DATABASE_MODE_MAX_MIB) },
		);
	}
	if (
		/string longer than|ERR_STRING_TOO_LONG/i.test(
			`${message} ${(error as { code?: string }).code ?? ''}`,
		)
	) {
		learnBinaryDataMode('memory'); // only that mode makes the whole file one string
		return new NodeOperationError(
			ctx.getNode(),
			`${MESSAGES.tooLargeForMemory} [item ${itemIndex}]`,
			{
				itemIndex,
				description: HINTS.tooLargeForMemory,
			},
		);
	}
	return new NodeOperationError(
		ctx.getNode(),
		`${MESSAGES.notStored(message)} [item ${itemIndex}]`,
		{ itemIndex, description: HINTS.notStored },
	);
}

/** n8n's binary data store of one execution or poll. */
export class BinaryStore {
	constructor(private readonly ctx: BinaryContext) {}

	/**
	 * A download's size limit: `own` (Max File Size), or the cap of n8n's binary mode where that is smaller, once a
	 * stored file told the mode. A file over it is refused from its Content-Length before its body is read, else
	 * ended when counted past it. Until the mode is known, n8n refuses a file too large for it itself (below).
	 */
	limit(itemIndex: number, own?: SizeLimit): SizeLimit | undefined {
		const mode = knownBinaryDataMode();
		if (mode === undefined || mode === 'other' || (own && own.maxBytes <= CAPS[mode])) return own;
		return {
			maxBytes: CAPS[mode],
			exceeded: (bytes, counted) => tooLargeError(this.ctx, itemIndex, bytes, counted, mode),
		};
	}

	/** Streams the (checked) body into n8n's binary data; n8n removes a partial file when the body fails. */
	async store(
		opened: OpenedDownload,
		name: string,
		mimeType: string,
		itemIndex: number,
	): Promise<IBinaryData> {
		try {
			const binary = await this.ctx.helpers.prepareBinaryData(
				opened.body as unknown as BinaryInput,
				name,
				mimeType,
			);
			learnBinaryDataMode(binary);
			return binary;
		} catch (error) {
			opened.close();
			throw storageError(this.ctx, itemIndex, error as Error, opened.contentLength);
		}
	}
}
