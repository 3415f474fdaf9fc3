// File Request → Upload File: a file the workflow holds goes into a file request. The API has no byte upload; its
// one way in is the remote upload (endpoint 8), so n8n serves the binary at a signed, expiring link and the server
// fetches it. Waiting on: the node watches the request's listing (endpoint 6) until the file is there and outputs
// it as Get Contents does.

import type {
	IBinaryData,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep, updateDisplayOptions } from 'n8n-workflow';

import {
	fileRequestFolderLocator,
	optionalParentId,
	REQUEST_ROOT,
} from '../../../lib/folderPickers/locators';
import { readSimplify, simplifyItem, simplifyProperty } from '../../../lib/resources/simplify';
import { attributesOf, unwrapResource } from '../../../lib/resources/wrappers';
import type { RequestPolicy } from '../../../lib/transport';
import { ApiClient, endpoints, list, redactText } from '../../../lib/transport';
import { invalidParameter } from '../../../lib/validation';
import { batchOptionsProperty, runBatched, serverMessageField } from '../../common/batch';
import { readRequestPolicy } from '../../common/requestOptions';
import { outcomeFields, uploadOutcome } from './uploadFromUrl.operation';
import type { UploadOutcome } from './uploadFromUrl.operation';

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

/** Between two looks at the listing: short at first (most uploads are quick), then every few seconds. */
const FIRST_CHECK_MS = 1_000;
const LONGEST_CHECK_MS = 8_000;

interface Upload {
	itemIndex: number;
	fileName: string;
	mimeType: string;
	/** the link the server is asked to fetch; it carries n8n's signed token: never output or shown */
	url: string;
	/** n8n's signed token in it, which grants access to the file */
	token: string;
	/** the link without its token, for messages */
	shownUrl: string;
	expiresAt: string;
	parentId?: string;
	/** set once the file shows up in the listing */
	arrived?: IDataObject;
	/** set when waiting ended without the file */
	missing?: NodeOperationError;
}

/** Whether a URL names an address only this machine or network can reach. */
function isPrivateAddress(url: string): boolean {
	const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
	return (
		host === 'localhost' ||
		host.endsWith('.localhost') ||
		host.endsWith('.local') ||
		host.endsWith('.internal') ||
		/^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(host) ||
		/^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
		host === '::1' ||
		/^f[cd][0-9a-f]{2}:/.test(host) ||
		(!host.includes('.') && !host.includes(':'))
	);
}

/**
 * A warning when n8n's link names a private address while the server is elsewhere: the server would fetch from a
 * place it cannot reach. Nothing when both are local (a test setup) or n8n's address is public.
 */
export function reachabilityWarning(signedUrl: string, baseUrl: string): string | undefined {
	if (!isPrivateAddress(signedUrl) || isPrivateAddress(baseUrl)) return undefined;
	return `n8n gave the server a link on ${new URL(signedUrl).host}, an address the server at ${new URL(baseUrl).host} probably cannot reach. Set WEBHOOK_URL on n8n to its public address.`;
}

/**
 * The link to send. The file name goes last, after a "/", because servers name a fetched file in one of two ways:
 * by the text after the URL's last "/" (the reference server reads the whole URL so, query included) or by the
 * Content-Disposition n8n sends with the file. n8n ignores the extra query parameter.
 */
function linkFor(signedUrl: string, fileName: string): string {
	return `${signedUrl}&filename=/${encodeURIComponent(fileName)}`;
}

function readUpload(ctx: IExecuteFunctions, itemIndex: number, expiryMinutes: number): Upload {
	const field = ctx.getNodeParameter('binaryPropertyName', itemIndex) as string;
	const binary = ctx.getInputData()[itemIndex]?.binary?.[field];
	if (!binary) {
		const asTool = ctx.getNode().type.endsWith('Tool');
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
		...signedLink(ctx, itemIndex, binary, fileName, expiryMinutes),
		parentId: optionalParentId(ctx, itemIndex, 'parent', 'Destination Folder', [REQUEST_ROOT]),
	};
}

function signedLink(
	ctx: IExecuteFunctions,
	itemIndex: number,
	binary: IBinaryData,
	fileName: string,
	expiryMinutes: number,
): Pick<Upload, 'url' | 'token' | 'shownUrl' | 'expiresAt'> {
	if (!binary.id) {
		// said in full here (not through invalidParameter) so the README's Troubleshooting can quote it
		throw new NodeOperationError(
			ctx.getNode(),
			`Input Binary Field: n8n keeps the file "${fileName}" in memory, so it cannot give the server a link to it [item ${itemIndex}]`,
			{
				itemIndex,
				description:
					'Store binary data outside memory: set N8N_DEFAULT_BINARY_DATA_MODE=filesystem on n8n (n8n 2.x does by default) and restart it.',
			},
		);
	}
	const signed = ctx.helpers.createBinarySignedUrl(binary, `${expiryMinutes}m`);
	const url = linkFor(signed, fileName);
	const token = new URL(signed).searchParams.get('token') ?? '';
	return {
		url,
		token,
		shownUrl: token ? url.replace(token, '…') : url,
		expiresAt: new Date(Date.now() + expiryMinutes * 60_000).toISOString(),
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

/** The files in one folder of the request, raw, by id. */
async function filesIn(
	client: ApiClient,
	parentId: string | undefined,
	itemIndex: number,
	policy: RequestPolicy,
): Promise<Map<string, IDataObject>> {
	const { elements } = await list(
		client,
		endpoints.fileRequestContents(parentId ? { parent_id: parentId } : {}),
		{ itemIndex, policy },
	);
	const files = new Map<string, IDataObject>();
	for (const element of elements) {
		const resource = unwrapResource(element);
		if (resource.type !== 'folder' && typeof resource.id === 'string')
			files.set(resource.id, element);
	}
	return files;
}

/**
 * A server may list the file under its name, or as the reference server stores it: the text of the link, so
 * percent-encoded where the name has spaces or symbols, and without the extension (kept apart).
 */
function isListedAs(element: IDataObject, fileName: string): boolean {
	const name = attributesOf(unwrapResource(element)).name;
	const stem = (text: string) => (text.includes('.') ? text.slice(0, text.lastIndexOf('.')) : text);
	const encoded = encodeURIComponent(fileName);
	return [fileName, stem(fileName), encoded, stem(encoded)].includes(String(name));
}

/** Gives each upload the first new file listed under its name; true when every upload has one. */
function claimArrivals(
	uploads: Upload[],
	listed: Map<string, IDataObject>,
	before: Map<string, IDataObject>,
	claimed: Set<string>,
): boolean {
	for (const upload of uploads) {
		if (upload.arrived) continue;
		for (const [id, element] of listed) {
			if (before.has(id) || claimed.has(id) || !isListedAs(element, upload.fileName)) continue;
			claimed.add(id);
			upload.arrived = element;
			break;
		}
	}
	return uploads.every((upload) => upload.arrived);
}

async function waitForArrivals(
	ctx: IExecuteFunctions,
	client: ApiClient,
	uploads: Upload[],
	before: Map<string, IDataObject>,
	policy: RequestPolicy,
	maxWaitMs: number,
	warning: string | undefined,
): Promise<void> {
	const { itemIndex, parentId } = uploads[0];
	const started = Date.now();
	const claimed = new Set<string>();
	let pause = FIRST_CHECK_MS;
	let listed = await filesIn(client, parentId, itemIndex, policy);
	while (!claimArrivals(uploads, listed, before, claimed)) {
		// the last look is at the deadline itself
		const remaining = maxWaitMs - (Date.now() - started);
		if (remaining <= 0) break;
		await sleep(Math.min(pause, remaining));
		pause = Math.min(pause * 2, LONGEST_CHECK_MS);
		listed = await filesIn(client, parentId, itemIndex, policy);
	}
	const others = [...listed]
		.filter(([id]) => !before.has(id) && !claimed.has(id))
		.map(([, element]) => `"${String(attributesOf(unwrapResource(element)).name)}"`);
	for (const upload of uploads) {
		if (upload.arrived) continue;
		upload.missing = new NodeOperationError(
			ctx.getNode(),
			`The file "${upload.fileName}" did not show up in the file request within ${Math.round(maxWaitMs / 1000)} s [item ${upload.itemIndex}]`,
			{
				itemIndex: upload.itemIndex,
				description: [
					`The server was asked to fetch ${upload.shownUrl}.`,
					warning ??
						'Check that the server can reach n8n at that address (WEBHOOK_URL sets it) and that its upload queue is running.',
					others.length
						? `New files that did show up: ${others.join(', ')}; a server that names files its own way is not recognised.`
						: '',
					"If the server is just slow, raise 'Max Wait Time'.",
				]
					.filter((part) => part !== '')
					.join(' '),
			},
		);
	}
}

/** The server's refusal, with the link it was given (without its token) and what to check. */
function explainRefusal(error: unknown, uploads: Upload[], warning: string | undefined): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const scrub = (text: string) =>
		redactText(
			text,
			uploads.map((upload) => upload.token).filter((token) => token !== ''),
		);
	error.message = scrub(error.message);
	error.description = [
		scrub(error.description ?? ''),
		`The server was asked to fetch ${uploads.map((upload) => upload.shownUrl).join(', ')}, n8n's private link to the file.`,
		warning ?? '',
	]
		.filter((part) => part !== '')
		.join(' ');
	return error;
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const client = new ApiClient(this, 'fileStorageFileRequestApi');
	const expiryMinutes = readPositive(this, 'linkExpiry', linkExpiryOption);
	const wait = this.getNodeParameter('waitForFile', 0, true) as boolean;
	const maxWaitMs = wait ? readPositive(this, 'maxWait', maxWaitOption) * 1000 : 0;
	return await runBatched(this, items, {
		prepare: (itemIndex) => readUpload(this, itemIndex, expiryMinutes),
		groupKey: (upload) => upload.parentId ?? REQUEST_ROOT,
		weight: () => 1,
		maxWeight: URLS_PER_REQUEST,
		send: async (uploads, firstItemIndex) => {
			const policy = readRequestPolicy(this, firstItemIndex);
			const { baseUrl } = await client.credential(firstItemIndex);
			const warning = reachabilityWarning(uploads[0].url, baseUrl);
			const before = wait
				? await filesIn(client, uploads[0].parentId, firstItemIndex, policy)
				: new Map<string, IDataObject>();
			const response = await client
				.request(
					endpoints.uploadToFileRequest({
						parent_id: uploads[0].parentId ?? null,
						urls: uploads.map((upload) => upload.url),
					}),
					{ itemIndex: firstItemIndex, policy },
				)
				.catch((error: unknown) => {
					throw explainRefusal(error, uploads, warning);
				});
			if (wait) await waitForArrivals(this, client, uploads, before, policy, maxWaitMs, warning);
			const outcome: UploadOutcome = uploadOutcome(response.body.message);
			return {
				outcome,
				...serverMessageField(response.body),
				...(warning ? { warning } : {}),
			};
		},
		output: (upload, shared) => {
			if (upload.missing) throw upload.missing;
			if (upload.arrived) {
				return readSimplify(this, upload.itemIndex) ? simplifyItem(upload.arrived) : upload.arrived;
			}
			return {
				fileName: upload.fileName,
				mimeType: upload.mimeType,
				parentId: upload.parentId ?? null,
				...outcomeFields(shared),
				linkExpiresAt: upload.expiresAt,
				...(shared.warning !== undefined ? { warning: shared.warning } : {}),
			};
		},
	});
}
