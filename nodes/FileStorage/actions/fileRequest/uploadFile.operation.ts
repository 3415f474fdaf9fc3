// File Request → Upload File: a file the workflow holds goes into a file request. The API has no byte upload; its
// one way in is the remote upload (endpoint 8), so n8n serves the binary at a signed, expiring link and the server
// fetches it. Waiting on: the node watches the request's listing (endpoint 6) until the file is there and outputs
// it as Get Contents does, with the name the workflow gave it.

import type { IBinaryData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	fileRequestFolderLocator,
	optionalParentId,
	REQUEST_ROOT,
} from '../../../lib/folderPickers/locators';
import { isToolExecution } from '../../../lib/n8n';
import { readSimplify, simplifyItem, simplifyProperty } from '../../../lib/resources/simplify';
import { ApiClient, endpoints } from '../../../lib/transport';
import { invalidParameter } from '../../../lib/validation';
import { batchOptionsProperty, serverMessageField } from '../../common/batch';
import type { BatchPlan } from '../../common/batch';
import { readRequestPolicy } from '../../common/requestOptions';
import type { Arrival, Listing, SentFile } from '../../upload/arrivals';
import { filesIn, waitForFiles } from '../../upload/arrivals';
import { statusFields, uploadStatus } from '../../upload/status';
import type { SignedLink } from '../../upload/signedLink';
import { reachabilityWarning, signedLink } from '../../upload/signedLink';

/** The most URLs one request carries, as Upload From URL's default: servers cap how many they fetch at once. */
const URLS_PER_REQUEST = 20;

const linkExpiryOption: INodeProperties = {
	displayName: 'Link Expiry (Minutes)',
	name: 'linkExpiry',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 60,
	description:
		'How long the server may take to fetch the file. n8n serves it at a private link that stops working after this; a server that queues uploads may need longer.',
};

const maxWaitOption: INodeProperties = {
	displayName: 'Max Wait Time (Seconds)',
	name: 'maxWait',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 120,
	description:
		'How long to wait for the file to show up in the file request before the item fails. The node checks every few seconds.',
	displayOptions: { show: { '/waitForFile': [true] } },
};

const properties: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		placeholder: 'e.g. data',
		hint: 'The name of the input binary field containing the file to be uploaded',
		description:
			'The server fetches the file from n8n at a private link, so it must be able to reach n8n at its public address (set WEBHOOK_URL on n8n), and n8n must keep binary data outside memory (N8N_DEFAULT_BINARY_DATA_MODE=filesystem, the default on n8n 2.x but not on 1.x)',
	},
	fileRequestFolderLocator(
		'parent',
		'Destination Folder',
		'Folder of the file request to upload into',
	),
	{
		displayName: 'Wait for File',
		name: 'waitForFile',
		type: 'boolean',
		default: true,
		description:
			'Whether to wait until the file is in the file request and output it. Off: output what the server said, as it may still be fetching the file.',
	},
	{ ...simplifyProperty, displayOptions: { show: { waitForFile: [true] } } },
	batchOptionsProperty(
		`How many files are sent together in one request when they share a destination folder (at most ${URLS_PER_REQUEST}, as servers cap how many they fetch at once)`,
		[linkExpiryOption, maxWaitOption],
		URLS_PER_REQUEST,
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['fileRequest'], operation: ['uploadFile'] } },
	properties,
);

interface Upload extends SignedLink {
	itemIndex: number;
	fileName: string;
	mimeType: string;
	binary: IBinaryData;
	parentId?: string;
}

/** What one request's items share: the server's result, and each file's arrival by item when waiting. */
interface Sent {
	result: IDataObject;
	arrivals: Map<number, Arrival>;
}

const ALIKE_WARNING =
	'Another file of this request has the same name and a size the listing cannot tell apart, so this may be the entry of the other one. Give the files different names to be sure.';

function readUpload(ctx: IExecuteFunctions, itemIndex: number, expiryMinutes: number): Upload {
	const field = ctx.getNodeParameter('binaryPropertyName', itemIndex) as string;
	const binary = ctx.getInputData()[itemIndex]?.binary?.[field];
	if (!binary) {
		const asTool = isToolExecution(ctx);
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'Input Binary Field',
			asTool
				? 'an AI agent or MCP client cannot hand files to this tool'
				: `the input item has no binary field "${field}"`,
			asTool
				? 'Upload the file in a workflow step (File Request → Upload File), or have the agent use Upload From URL with a public address of the file.'
				: 'Name the binary field that holds the file, e.g. "data" (see the input panel), or add a node before this one that produces the file.',
		);
	}
	const fileName =
		binary.fileName ?? `file${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
	return {
		itemIndex,
		fileName,
		mimeType: binary.mimeType,
		binary,
		...signedLink(ctx, itemIndex, binary, fileName, expiryMinutes),
		parentId: optionalParentId(ctx, itemIndex, 'parent', 'Destination Folder', [REQUEST_ROOT]),
	};
}

function readPositive(ctx: IExecuteFunctions, name: string, option: INodeProperties): number {
	const value = ctx.getNodeParameter(`options.${name}`, 0, option.default) as number;
	if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
		throw invalidParameter(
			ctx.getNode(),
			0,
			option.displayName,
			`must be a number above 0, got ${String(value)}`,
			`Set ${option.displayName} to ${String(option.default)} or another positive number.`,
		);
	}
	return value;
}

/** The file's size as n8n holds it (n8n 1.x keeps it only in the binary data's metadata); unknown if unreadable. */
async function bytesOf(ctx: IExecuteFunctions, binary: IBinaryData): Promise<number | undefined> {
	if (typeof binary.bytes === 'number') return binary.bytes;
	try {
		return (await ctx.helpers.getBinaryMetadata(String(binary.id))).fileSize;
	} catch {
		return undefined;
	}
}

async function sentFiles(ctx: IExecuteFunctions, uploads: Upload[]): Promise<SentFile[]> {
	return await Promise.all(
		uploads.map(async ({ itemIndex, fileName, shownUrl, binary }) => ({
			itemIndex,
			fileName,
			shownUrl,
			bytes: await bytesOf(ctx, binary),
		})),
	);
}

export function batchPlan(this: IExecuteFunctions): BatchPlan<Upload, Sent> {
	const client = new ApiClient(this, 'fileStorageFileRequestApi', 'upload');
	const expiryMinutes = readPositive(this, 'linkExpiry', linkExpiryOption);
	const wait = this.getNodeParameter('waitForFile', 0, true) as boolean;
	const maxWaitMs = wait ? readPositive(this, 'maxWait', maxWaitOption) * 1000 : 0;
	let deadline: number | undefined; // set when the first request is sent
	return {
		prepare: (itemIndex) => readUpload(this, itemIndex, expiryMinutes),
		groupKey: (upload) => upload.parentId ?? REQUEST_ROOT,
		urls: () => 1,
		maxUrls: URLS_PER_REQUEST,
		send: async (uploads, firstItemIndex, facts) => {
			const { parentId } = uploads[0];
			const policy = readRequestPolicy(this, firstItemIndex);
			const { baseUrl } = await client.credential(firstItemIndex, facts);
			const warning = reachabilityWarning(uploads[0].url, baseUrl);
			const before: Listing = wait
				? await filesIn(client, parentId, firstItemIndex, policy, facts)
				: new Map();
			const response = await client.request(
				endpoints.uploadToFileRequest({
					parent_id: parentId ?? null,
					urls: uploads.map((upload) => upload.url),
				}),
				{
					itemIndex: firstItemIndex,
					facts,
					policy,
					secrets: uploads.map((upload) => upload.token),
				},
			);
			const result: IDataObject = {
				status: uploadStatus(response.body.message),
				...serverMessageField(response.body),
				...(warning ? { warning } : {}),
			};
			if (!wait) return { result, arrivals: new Map() };
			deadline ??= Date.now() + maxWaitMs;
			const files = await sentFiles(this, uploads);
			const watch = { client, parentId, policy, deadline, maxWaitMs, warning, facts };
			const arrived = await waitForFiles(this, files, before, watch);
			return {
				result,
				arrivals: new Map(arrived.map((arrival, index) => [uploads[index].itemIndex, arrival])),
			};
		},
		output: (upload, { result, arrivals }) => {
			const arrival = arrivals.get(upload.itemIndex);
			if (arrival && 'error' in arrival) throw arrival.error;
			if (arrival) {
				const entry = readSimplify(this, upload.itemIndex)
					? simplifyItem(arrival.entry)
					: arrival.entry;
				return {
					...entry,
					fileName: upload.fileName,
					...(arrival.alike ? { warning: ALIKE_WARNING } : {}),
				};
			}
			return {
				fileName: upload.fileName,
				mimeType: upload.mimeType,
				parentId: upload.parentId ?? null,
				...statusFields(result),
				linkExpiresAt: upload.expiresAt,
				...(result.warning !== undefined ? { warning: result.warning } : {}),
			};
		},
	};
}
