import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Connection, CredentialType, DownloadTarget, OpenedDownload } from '../../lib/transport';
import { bodyCheckFor, connect, openDownload, redactText, verifiedBody } from '../../lib/transport';
import type { DownloadRequest } from '../parameters/download';
import { fileNameInUrl, readDownloadRequest } from '../parameters/download';
import { readRequestPolicy } from '../parameters/request';
import { forEachItemOutput } from './execution';

/** Both Download operations: each input item's file streamed into n8n's binary data, or its metadata for agents. */

type BinaryInput = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];

/**
 * The largest file n8n's in-memory binary mode (`default`) can hold: it keeps files as base64 text, and V8 strings
 * have at most 2^29 − 24 characters.
 */
export const MEMORY_MODE_MAX_BYTES = 3 * Math.floor((2 ** 29 - 24) / 4);
/** n8n refuses to configure its `database` binary mode for more than 1 GiB per file (default 512 MiB). */
export const DATABASE_MODE_MAX_BYTES = 1024 ** 3;

type BinaryMode = 'memory' | 'database' | 'other';

/** Whether the node runs as an AI agent's tool: its `…Tool` variant, or a context that says so (newer n8n). */
export function isToolExecution(ctx: IExecuteFunctions): boolean {
	if (ctx.getNode().type.endsWith('Tool')) return true;
	const says = (ctx as Partial<Pick<IExecuteFunctions, 'isToolExecution'>>).isToolExecution;
	return typeof says === 'function' && says.call(ctx) === true;
}

/**
 * Which binary data mode n8n stores in. Nodes cannot read n8n's configuration, so an empty file is stored once and
 * its id tells (none: in memory; `database:…`). Only asked for files larger than the smallest cap.
 */
async function binaryModeOf(ctx: IExecuteFunctions): Promise<BinaryMode> {
	const probe = await ctx.helpers.prepareBinaryData(Buffer.alloc(0), 'binary-mode-probe', 'application/octet-stream');
	if (!probe.id) return 'memory';
	return String(probe.id).startsWith('database:') ? 'database' : 'other';
}

function megabytes(bytes: number): string {
	return `${Math.round(bytes / 1024 ** 2)} MB`;
}

function tooLargeError(ctx: IExecuteFunctions, itemIndex: number, bytes: number, mode: BinaryMode): NodeOperationError {
	const cap = mode === 'memory' ? MEMORY_MODE_MAX_BYTES : DATABASE_MODE_MAX_BYTES;
	return new NodeOperationError(
		ctx.getNode(),
		`[item ${itemIndex}] The file is too large for n8n's ${mode === 'memory' ? 'in-memory' : 'database'} binary data mode: ${megabytes(bytes)}, at most ${megabytes(cap)}`,
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
function storageError(ctx: IExecuteFunctions, itemIndex: number, error: Error): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const message = String(error?.message ?? error);
	if (/max size limit|N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE/i.test(message)) {
		return new NodeOperationError(ctx.getNode(), `[item ${itemIndex}] n8n refused to store the file: ${message}`, {
			itemIndex,
			description:
				'The file was downloaded but is larger than n8n accepts in its database binary mode. Have the n8n administrator raise N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE (up to 1 GB) or use S3 binary data storage.',
		});
	}
	if (/string longer than|ERR_STRING_TOO_LONG/i.test(`${message} ${(error as { code?: string }).code ?? ''}`)) {
		return new NodeOperationError(ctx.getNode(), `[item ${itemIndex}] The file is too large for n8n's in-memory binary data mode`, {
			itemIndex,
			description: 'Have the n8n administrator store binary data on disk: N8N_DEFAULT_BINARY_DATA_MODE=filesystem (or S3).',
		});
	}
	return new NodeOperationError(ctx.getNode(), `[item ${itemIndex}] n8n could not store the downloaded file: ${message}`, {
		itemIndex,
		description: "Check the disk space and permissions of n8n's binary data folder (N8N_BINARY_DATA_STORAGE_PATH).",
	});
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
function outputMimeType(request: DownloadRequest, opened: OpenedDownload, name: string): string {
	if (opened.mimeType && opened.mimeType !== 'application/octet-stream') return opened.mimeType;
	if (request.expectedMimeType) return request.expectedMimeType;
	const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
	return (ext && request.content === 'thumbnail' && EXTENSION_TYPES[ext]) || opened.mimeType || 'application/octet-stream';
}

/** The File Name option, else the name File Storage lists, else Content-Disposition, else the URL's file name. */
function outputName(request: DownloadRequest, opened: OpenedDownload): string {
	return request.name ?? opened.dispositionName ?? fileNameInUrl(opened.url) ?? fileNameInUrl(request.url) ?? 'download';
}

/** What an agent gets instead of the content: the file's name, type, size and URL. */
function toolResult(request: DownloadRequest, opened: OpenedDownload, name: string, secrets: string[]): IDataObject {
	return {
		// As given (File Storage output masks file request IDs already); a secret typed into it is redacted.
		fileUrl: redactText(request.url, secrets),
		name,
		mimeType: outputMimeType(request, opened, name),
		size: opened.contentLength ?? null,
		content: request.content,
		note: 'The file content is not returned to an AI agent (binary data cannot pass to it); its URL is.',
	};
}

export interface DownloadState {
	connection?: Connection;
	binaryMode?: BinaryMode;
}

async function downloadOne(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	itemIndex: number,
	credentialType: CredentialType,
	state: DownloadState,
	toolMode: boolean,
): Promise<Pick<INodeExecutionData, 'json' | 'binary'>> {
	state.connection ??= await connect(ctx, credentialType, itemIndex);
	const connection = state.connection;
	const request = readDownloadRequest(ctx, itemIndex, items, connection.baseUrl);
	const target: DownloadTarget = {
		url: request.url,
		credentialType,
		connection,
		policy: readRequestPolicy(ctx, itemIndex),
		itemIndex,
		expectedMimeType: request.expectedMimeType,
	};
	const opened = await openDownload(ctx, target);
	const name = outputName(request, opened);
	if (toolMode) {
		opened.close();
		return { json: toolResult(request, opened, name, connection.secrets) };
	}
	if (opened.contentLength !== undefined && opened.contentLength > MEMORY_MODE_MAX_BYTES) {
		state.binaryMode ??= await binaryModeOf(ctx);
		const cap = { memory: MEMORY_MODE_MAX_BYTES, database: DATABASE_MODE_MAX_BYTES, other: Infinity }[state.binaryMode];
		if (opened.contentLength > cap) {
			opened.close();
			throw tooLargeError(ctx, itemIndex, opened.contentLength, state.binaryMode);
		}
	}
	const body = verifiedBody(opened.body, bodyCheckFor(ctx, target, opened));
	let binary: IBinaryData;
	try {
		binary = await ctx.helpers.prepareBinaryData(body as unknown as BinaryInput, name, outputMimeType(request, opened, name));
	} catch (error) {
		body.destroy();
		opened.close();
		throw storageError(ctx, itemIndex, error as Error);
	}
	const input = items[itemIndex];
	return { json: input?.json ?? {}, binary: { ...(input?.binary ?? {}), [request.binaryPropertyName]: binary } };
}

/**
 * Downloads each input item's file in turn (one at a time: memory stays bounded whatever the item count). Output
 * items keep their input's JSON, so IDs flow on; under continueOnFail a failed item yields an error item.
 */
export async function runDownloads(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	credentialType: CredentialType,
): Promise<INodeExecutionData[]> {
	const toolMode = isToolExecution(ctx);
	const state: DownloadState = {};
	return await forEachItemOutput(ctx, items, async (itemIndex) => [
		await downloadOne(ctx, items, itemIndex, credentialType, state, toolMode),
	]);
}
