// Both Download operations: each input item's file streamed into n8n's binary data, or its metadata for agents.

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	NodeExecutionHint,
} from 'n8n-workflow';

import type { CredentialType } from '../../lib/credentialContract';
import type { OpenedDownload } from '../../lib/transport';
import { ApiClient, openDownload, redactText } from '../../lib/transport';
import { isToolExecution } from '../../lib/n8n';
import type { ItemOutput, ItemWork } from '../common/execution';
import { readRequestPolicy } from '../common/requestOptions';
import { outputMimeType, outputName } from '../../lib/fileContent/naming';
import type { DownloadRequest } from '../../lib/fileContent/naming';
import { readDownloadRequest, thumbnailSizeNotApplied } from './source';
import { BinaryStore } from '../../lib/fileContent/storage';

/** What an agent gets instead of the content: the file's name, type, size and URL. */
function toolResult(
	request: DownloadRequest,
	opened: OpenedDownload,
	name: string,
	secrets: string[],
): IDataObject {
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

/**
 * Downloads each input item's file in turn (one at a time: memory stays bounded whatever the item count). Output
 * items keep their input's JSON and binaries, so IDs flow on; under continueOnFail a failed item yields an error
 * item.
 */
export function downloadWork(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	credentialType: CredentialType,
): ItemWork {
	const toolMode = isToolExecution(ctx);
	const client = new ApiClient(ctx, credentialType);
	const store = new BinaryStore(ctx);
	const sizesNotApplied = new Set<string>();
	const run = async (itemIndex: number): Promise<ItemOutput[]> => {
		const credential = await client.credential(itemIndex);
		const request = readDownloadRequest(ctx, itemIndex, items, credential.baseUrl);
		const notApplied = thumbnailSizeNotApplied(ctx, itemIndex, items);
		if (notApplied) sizesNotApplied.add(notApplied);
		const opened = await openDownload(ctx, client, {
			url: request.url,
			policy: readRequestPolicy(ctx, itemIndex),
			itemIndex,
			expectedMimeType: request.expectedMimeType,
			// what n8n's binary mode can hold, when known; an agent gets no content, so no limit
			limit: toolMode ? undefined : store.limit(itemIndex),
		});
		const name = outputName(request, opened);
		if (toolMode) {
			opened.close();
			return [{ json: toolResult(request, opened, name, credential.secrets) }];
		}
		const binary = await store.store(
			opened,
			name,
			outputMimeType(request, opened, name),
			itemIndex,
		);
		const input = items[itemIndex];
		return [
			{
				json: input?.json ?? {},
				binary: { ...(input?.binary ?? {}), [request.binaryPropertyName]: binary },
			},
		];
	};
	const finish = () => {
		if (sizesNotApplied.size) ctx.addExecutionHints?.(thumbnailSizeHint([...sizesNotApplied]));
	};
	return { run, finish };
}

const SIZE_NAMES: Record<string, string> = {
	xs: 'Extra Small',
	sm: 'Small',
	md: 'Medium',
	lg: 'Large',
	xl: 'Extra Large',
};

/** Said in the output panel when Thumbnail Size could not apply: the input is a simplified listing. */
export function thumbnailSizeHint(sizes: string[]): NodeExecutionHint {
	const names = sizes.map((size) => SIZE_NAMES[size] ?? size).join(', ');
	return {
		type: 'warning',
		location: 'outputPane',
		message: `Thumbnail Size ${names} could not be chosen: the input items come from a listing with Simplify on, which keeps one thumbnail per file (Large, where the server offers several sizes). To choose the size, turn Simplify off in the node that lists the files.`,
	};
}
