// File Request → Upload From URL: the server downloads files from URLs into the file request. Items that share a
// destination folder go together, up to URLs per Request.

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	fileRequestFolderLocator,
	optionalParentId,
	REQUEST_ROOT,
} from '../../../lib/folderPickers/locators';
import { ApiClient, endpoints } from '../../../lib/transport';
import { httpUrl } from '../../../lib/urls';
import { invalidParameter } from '../../../lib/validation';
import { batchOptionsProperty, serverMessageField } from '../../common/batch';
import type { BatchPlan } from '../../common/batch';
import { parameterOrMappedField } from '../../common/mappedField';
import { readRequestPolicy } from '../../common/requestOptions';
import type { UploadStatus } from '../../upload/status';
import { statusFields, uploadStatus } from '../../upload/status';

const urlsPerRequestOption: INodeProperties = {
	displayName: 'URLs per Request',
	name: 'urlsPerRequest',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 20,
	description:
		'Most URLs sent in one request, as servers cap how many they download at once. An item with more URLs is sent in several requests.',
};

const properties: INodeProperties[] = [
	{
		displayName: 'URLs',
		name: 'urls',
		type: 'string',
		default: '',
		required: true,
		typeOptions: { rows: 3 },
		placeholder: 'e.g. https://example.com/report.pdf',
		description:
			'Public addresses of the files, one per line (or separated by a comma and a space). The server downloads them itself. An expression may also return a list of URLs.',
	},
	fileRequestFolderLocator(
		'parent',
		'Destination Folder',
		'Folder of the file request to upload into',
	),
	batchOptionsProperty(
		"How many input items are sent together in one request when they share a destination folder. See also 'URLs per Request'.",
		[urlsPerRequestOption],
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['fileRequest'], operation: ['uploadFromUrl'] } },
	properties,
);

function readUrlsPerRequest(ctx: IExecuteFunctions): number {
	const cap = ctx.getNodeParameter(
		'options.urlsPerRequest',
		0,
		urlsPerRequestOption.default,
	) as number;
	if (!Number.isInteger(cap) || cap < 1) {
		throw invalidParameter(
			ctx.getNode(),
			0,
			'URLs per Request',
			`must be a whole number of at least 1, got ${String(cap)}`,
			'Set URLs per Request to 1 or more (20 suits most servers).',
		);
	}
	return cap;
}

interface UploadTarget {
	urls: string[];
	parentId?: string;
}

/**
 * The URLs of one item: an array is taken as it is; text is split on line breaks, and on commas only where they
 * separate two URLs — followed by a space (never part of a URL) or by the next http(s) address. `…?ids=1,2` stays one.
 */
export function splitUrls(value: unknown): string[] {
	const parts = Array.isArray(value)
		? value.map((entry) => String(entry))
		: String(value ?? '').split(/\r?\n|,\s+|,(?=https?:\/\/)/i);
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}

function readTarget(
	ctx: IExecuteFunctions,
	itemIndex: number,
	items: INodeExecutionData[],
): UploadTarget {
	const urls = splitUrls(parameterOrMappedField(ctx, 'urls', itemIndex, items, ''));
	if (!urls.length) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'URLs',
			'is empty',
			'Enter at least one http(s) address of a file to upload.',
		);
	}
	urls.forEach((url, position) => {
		if (!httpUrl(url)?.hostname) {
			throw invalidParameter(
				ctx.getNode(),
				itemIndex,
				'URLs',
				`URL ${position + 1} ("${url}") is not an absolute http(s) address`,
				'Each URL must start with http:// or https:// and name a host, e.g. https://example.com/file.pdf.',
			);
		}
	});
	return {
		urls,
		parentId: optionalParentId(ctx, itemIndex, 'parent', 'Destination Folder', [REQUEST_ROOT]),
	};
}

export function batchPlan(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): BatchPlan<UploadTarget, IDataObject> {
	const client = new ApiClient(this, 'fileStorageFileRequestApi');
	const urlsPerRequest = readUrlsPerRequest(this);
	return {
		prepare: (itemIndex) => readTarget(this, itemIndex, items),
		groupKey: (target) => target.parentId ?? REQUEST_ROOT,
		urls: (target) => target.urls.length,
		maxUrls: urlsPerRequest,
		send: async (targets, firstItemIndex, facts) => {
			const urls = targets.flatMap((target) => target.urls);
			const policy = readRequestPolicy(this, firstItemIndex);
			const messages: unknown[] = [];
			// Only an item with more URLs than the cap is split; its parts go one after the other.
			for (let start = 0; start < urls.length; start += urlsPerRequest) {
				const body: IDataObject = {
					parent_id: targets[0].parentId ?? null,
					urls: urls.slice(start, start + urlsPerRequest),
				};
				const response = await client.request(endpoints.uploadToFileRequest(body), {
					itemIndex: firstItemIndex,
					policy,
					facts: { ...facts, urlsSent: start },
				});
				messages.push(serverMessageField(response.body).message as string | undefined);
			}
			const statuses = new Set(messages.map(uploadStatus));
			const status: UploadStatus = statuses.size === 1 ? [...statuses][0] : 'unknown';
			const said = messages.filter((message) => message !== undefined);
			return {
				status,
				...(said.length ? { message: [...new Set(said)].join(' ') } : {}),
			} as IDataObject;
		},
		output: (target, shared) => ({
			urls: target.urls,
			parentId: target.parentId ?? null,
			...statusFields(shared),
		}),
	};
}
