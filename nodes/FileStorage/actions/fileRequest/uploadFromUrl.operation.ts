import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { fileRequestFolderLocator, optionalParentId, REQUEST_ROOT } from '../../../lib/locators';
import { apiRequest, endpoints } from '../../../lib/transport';
import { invalidParameter } from '../../../lib/validation';
import { runBatched } from '../../helpers/batch';
import { batchOptionsProperty } from '../../parameters/batch';
import { itemParameter } from '../../parameters/itemParameter';
import { readRequestPolicy } from '../../parameters/request';
import { scoped } from '../../parameters/scope';

export const description: INodeProperties[] = scoped('fileRequest', 'uploadFromUrl', [
	{
		displayName: 'URLs',
		name: 'urls',
		type: 'string',
		default: '',
		required: true,
		typeOptions: { rows: 3 },
		placeholder: 'e.g. https://example.com/report.pdf',
		description:
			'Public http(s) addresses of the files to upload, one per line or separated by commas. An expression may also return an array. The server downloads them itself.',
	},
	fileRequestFolderLocator(
		'parent',
		'Destination Folder',
		'Folder of the file request to upload into: its ID (a UUID: the ID of a folder that File Request → Get Contents listed), or "root" for the top of the request ("File Request Root" in the list)',
	),
	batchOptionsProperty(
		'How many input items (with all their URLs) are sent together in one request when they share a destination folder',
	),
]);

interface UploadTarget {
	urls: string[];
	parentId?: string;
}

export type UploadOutcome = 'uploaded' | 'queued' | 'unknown';

/** The spec allows two success messages; which one comes depends on the server's configuration. */
export function uploadOutcome(message: unknown): UploadOutcome {
	const text = typeof message === 'string' ? message.toLowerCase() : '';
	if (/queue/.test(text)) return 'queued';
	if (/upload/.test(text)) return 'uploaded';
	return 'unknown';
}

function splitUrls(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map((entry) => String(entry)) : String(value ?? '').split(/[\n,]/);
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}

function readTarget(ctx: IExecuteFunctions, itemIndex: number, items: INodeExecutionData[]): UploadTarget {
	const urls = splitUrls(itemParameter(ctx, 'urls', itemIndex, items, ''));
	if (!urls.length) {
		throw invalidParameter(ctx.getNode(), itemIndex, 'URLs', 'is empty', 'Enter at least one http(s) address of a file to upload.');
	}
	urls.forEach((url, position) => {
		let parsed: URL | undefined;
		try {
			parsed = new URL(url);
		} catch {
			parsed = undefined;
		}
		if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) {
			throw invalidParameter(
				ctx.getNode(),
				itemIndex,
				'URLs',
				`URL ${position + 1} ("${url}") is not an absolute http(s) address`,
				'Each URL must start with http:// or https:// and name a host, e.g. https://example.com/file.pdf.',
			);
		}
	});
	return { urls, parentId: optionalParentId(ctx, itemIndex, 'parent', 'Destination Folder', [REQUEST_ROOT]) };
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatched(this, items, {
		prepare: (itemIndex) => readTarget(this, itemIndex, items),
		groupKey: (target) => target.parentId ?? REQUEST_ROOT,
		send: async (targets, firstItemIndex) => {
			const body: IDataObject = {
				parent_id: targets[0].parentId ?? null,
				urls: targets.flatMap((target) => target.urls),
			};
			const response = await apiRequest(this, endpoints.uploadToFileRequest(body), {
				itemIndex: firstItemIndex,
				policy: readRequestPolicy(this, firstItemIndex),
			});
			const message = response.body.message ?? null;
			return { message, outcome: uploadOutcome(message) };
		},
		output: (target, shared) => ({
			urls: target.urls,
			parentId: target.parentId ?? null,
			status: shared.outcome,
			uploaded: shared.outcome === 'uploaded',
			queued: shared.outcome === 'queued',
			message: shared.message,
		}),
	});
}
