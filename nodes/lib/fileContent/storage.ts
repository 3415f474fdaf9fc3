// Storing a download in n8n's binary data: the caps of its modes, checked before the body is read where the
// Content-Length tells, and what to do when storing fails.

import type { IBinaryData, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { OpenedDownload } from '../transport';

/** Where files are stored: an operation's execution, or a trigger's poll (its items carry the files). */
export type BinaryContext = IExecuteFunctions | IPollFunctions;

type BinaryInput = Parameters<BinaryContext['helpers']['prepareBinaryData']>[0];

/**
 * The largest file n8n's in-memory binary mode (`default`) can hold: it keeps files as base64 text, and V8 strings
 * have at most 2^29 − 24 characters.
 */
export const MEMORY_MODE_MAX_BYTES = 3 * Math.floor((2 ** 29 - 24) / 4);
/** n8n refuses to configure its `database` binary mode for more than 1 GiB per file (default 512 MiB). */
export const DATABASE_MODE_MAX_BYTES = 1024 ** 3;

type BinaryMode = 'memory' | 'database' | 'other';

/**
 * Which binary data mode n8n stores in. Nodes cannot read n8n's configuration, so an empty file is stored once and
 * its id tells (none: in memory; `database:…`). Only asked for files larger than the smallest cap.
 */
async function binaryModeOf(ctx: BinaryContext): Promise<BinaryMode> {
	const probe = await ctx.helpers.prepareBinaryData(
		Buffer.alloc(0),
		'binary-mode-probe',
		'application/octet-stream',
	);
	if (!probe.id) return 'memory';
	return String(probe.id).startsWith('database:') ? 'database' : 'other';
}

function megabytes(bytes: number): string {
	return `${Math.round(bytes / 1024 ** 2)} MB`;
}

function tooLargeError(
	ctx: BinaryContext,
	itemIndex: number,
	bytes: number,
	mode: BinaryMode,
): NodeOperationError {
	const cap = mode === 'memory' ? MEMORY_MODE_MAX_BYTES : DATABASE_MODE_MAX_BYTES;
	return new NodeOperationError(
		ctx.getNode(),
		`The file is too large for n8n's ${mode === 'memory' ? 'in-memory' : 'database'} binary data mode: ${megabytes(bytes)}, at most ${megabytes(cap)} [item ${itemIndex}]`,
		{
			itemIndex,
			description:
				mode === 'memory'
					? 'Nothing was downloaded. Have the n8n administrator store binary data on disk: N8N_DEFAULT_BINARY_DATA_MODE=filesystem (or S3).'
					: 'Nothing was downloaded. n8n keeps at most 1 GB per file in its database mode: have the n8n administrator use S3 binary data storage for larger files.',
		},
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
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const message = String(error?.message ?? error);
	if (/max size limit|N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE/i.test(message)) {
		// n8n reads the whole file, then refuses it before writing anything (its FileTooLargeError names both sizes)
		const sizes = /size of ([\d.]+) MB exceeds the max size limit of ([\d.]+) MB/.exec(message);
		return new NodeOperationError(
			ctx.getNode(),
			`The file is too large for n8n's database binary data mode${sizes ? `: ${sizes[1]} MB, at most ${sizes[2]} MB per file` : ''}; N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE on n8n sets the cap [item ${itemIndex}]`,
			{
				itemIndex,
				description:
					'Nothing was stored. Have the n8n administrator raise N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE (in MB, at most 1024; 512 by default) on the main and on every worker, or use S3 binary data storage.',
			},
		);
	}
	if (
		/string longer than|ERR_STRING_TOO_LONG/i.test(
			`${message} ${(error as { code?: string }).code ?? ''}`,
		)
	) {
		return new NodeOperationError(
			ctx.getNode(),
			`The file is too large for n8n's in-memory binary data mode [item ${itemIndex}]`,
			{
				itemIndex,
				description:
					'Have the n8n administrator store binary data on disk: N8N_DEFAULT_BINARY_DATA_MODE=filesystem (or S3).',
			},
		);
	}
	return new NodeOperationError(
		ctx.getNode(),
		`n8n could not store the downloaded file: ${message} [item ${itemIndex}]`,
		{
			itemIndex,
			description:
				"Check the disk space and permissions of n8n's binary data folder (N8N_BINARY_DATA_STORAGE_PATH).",
		},
	);
}

const CAPS: Record<BinaryMode, number> = {
	memory: MEMORY_MODE_MAX_BYTES,
	database: DATABASE_MODE_MAX_BYTES,
	other: Infinity,
};

/** n8n's binary data store of one execution: its mode is found out once, when a large file first needs it. */
export class BinaryStore {
	private mode?: BinaryMode;

	constructor(private readonly ctx: BinaryContext) {}

	/**
	 * Fails a download whose announced length n8n's binary mode cannot hold, before any of its body is read (the
	 * connection is closed).
	 */
	async refuseTooLarge(opened: OpenedDownload, itemIndex: number): Promise<void> {
		const bytes = opened.contentLength;
		if (bytes === undefined || bytes <= MEMORY_MODE_MAX_BYTES) return;
		this.mode ??= await binaryModeOf(this.ctx);
		if (bytes <= CAPS[this.mode]) return;
		opened.close();
		throw tooLargeError(this.ctx, itemIndex, bytes, this.mode);
	}

	/** Streams the (checked) body into n8n's binary data; n8n removes a partial file when the body fails. */
	async store(
		opened: OpenedDownload,
		name: string,
		mimeType: string,
		itemIndex: number,
	): Promise<IBinaryData> {
		try {
			return await this.ctx.helpers.prepareBinaryData(
				opened.body as unknown as BinaryInput,
				name,
				mimeType,
			);
		} catch (error) {
			opened.close();
			throw storageError(this.ctx, itemIndex, error as Error);
		}
	}
}
