// Batching for operations whose endpoint takes many targets per request (restore, deletes, uploads), and their
// Batch Size option:
// 1. Every input item is read and validated first, so a bad item fails before any request is sent.
// 2. Valid items are grouped (same `groupKey`, in input order) into requests of at most Batch Size.
// 3. Each input item gets exactly one output item, paired with it: the result, or the error of its batch.

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { FailureFacts } from '../../lib/transport';
import { invalidParameter } from '../../lib/validation';
import { errorItem, withItemIndex } from './execution';
import { optionsCollection } from './requestOptions';

export const batchSizeOption: INodeProperties = {
	displayName: 'Batch Size',
	name: 'batchSize',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 100,
	description:
		'How many input items are sent together in one request. When a request is refused, every item it carried reports why.',
};

/**
 * The Options collection of a batch operation: Batch Size (with an operation-specific description and default),
 * the operation's own options, and Timeout.
 */
export function batchOptionsProperty(
	description?: string,
	more: INodeProperties[] = [],
	defaultSize?: number,
): INodeProperties {
	return optionsCollection([
		{
			...batchSizeOption,
			...(description ? { description } : {}),
			...(defaultSize !== undefined ? { default: defaultSize } : {}),
		},
		...more,
	]);
}

/** Batch Size is read once per execution (item 0): batches span items. */
function readBatchSize(ctx: IExecuteFunctions): number {
	const size = ctx.getNodeParameter('options.batchSize', 0, batchSizeOption.default) as number;
	if (!Number.isInteger(size) || size < 1) {
		throw invalidParameter(
			ctx.getNode(),
			0,
			'Batch Size',
			`must be a whole number of at least 1, got ${size}`,
			'Set Batch Size to 1 or more.',
		);
	}
	return size;
}

export interface BatchPlan<T, Shared = IDataObject> {
	/** Reads and validates one item's parameters; throws a NodeOperationError naming the parameter. */
	prepare(itemIndex: number): T;
	/** Targets with different keys never share a request (e.g. different `to_home`). */
	groupKey?(target: T): string;
	/**
	 * Sends one request for the batch and returns what all its items share (e.g. the server message). `facts` go
	 * with the request, so that its errors say what was done and what was not.
	 */
	send(targets: T[], firstItemIndex: number, facts: FailureFacts): Promise<Shared>;
	/** The output of one item whose batch succeeded; throws when this item alone failed (e.g. a file never came). */
	output(target: T, shared: Shared): IDataObject;
	/** How many URLs one target sends (Upload From URL, Upload File); a request holds at most `maxUrls`. */
	urls?(target: T): number;
	maxUrls?: number;
	/** One request per input item (the endpoint has no batch form); no Batch Size option is read. */
	oneRequestPerItem?: boolean;
}

interface Planned<T> {
	itemIndex: number;
	target: T;
}

/**
 * Cuts a group into requests of at most `batchSize` targets and, where targets send URLs, at most `maxUrls`
 * in all; a target with more than `maxUrls` travels alone (its send splits it further).
 */
function requestsOf<T, Shared>(
	group: Array<Planned<T>>,
	batchSize: number,
	plan: BatchPlan<T, Shared>,
): Array<Array<Planned<T>>> {
	const requests: Array<Array<Planned<T>>> = [];
	let current: Array<Planned<T>> = [];
	let urls = 0;
	for (const planned of group) {
		const plannedUrls = plan.urls ? plan.urls(planned.target) : 0;
		const full =
			current.length >= batchSize ||
			(plan.maxUrls !== undefined && current.length > 0 && urls + plannedUrls > plan.maxUrls);
		if (full) {
			requests.push(current);
			current = [];
			urls = 0;
		}
		current.push(planned);
		urls += plannedUrls;
	}
	if (current.length) requests.push(current);
	return requests;
}

/**
 * The server's message for a mutation's output, or nothing: a 204 says nothing, and `message: null` would read as
 * if the server had said so.
 */
export function serverMessageField(body: IDataObject): IDataObject {
	const message = typeof body.message === 'string' ? body.message.trim() : '';
	return message ? { message } : {};
}

export async function runBatched<T, Shared = IDataObject>(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	plan: BatchPlan<T, Shared>,
): Promise<INodeExecutionData[]> {
	const results: Array<INodeExecutionData | undefined> = new Array(items.length);
	const batchSize = plan.oneRequestPerItem ? 1 : readBatchSize(ctx);
	const continueOnFail = ctx.continueOnFail();

	// Every item is read and checked before the first request, so a bad item fails the node with nothing sent.
	const prepared: Array<Planned<T>> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			prepared.push({ itemIndex, target: plan.prepare(itemIndex) });
		} catch (error) {
			if (!continueOnFail) throw withItemIndex(ctx, error as Error, itemIndex);
			results[itemIndex] = errorItem(error as Error, itemIndex);
		}
	}

	const groups = new Map<string, Array<Planned<T>>>();
	for (const entry of prepared) {
		const key = plan.groupKey ? plan.groupKey(entry.target) : '';
		const group = groups.get(key) ?? [];
		group.push(entry);
		groups.set(key, group);
	}
	const requests = [...groups.values()].flatMap((group) => requestsOf(group, batchSize, plan));

	const done: number[] = [];
	for (let position = 0; position < requests.length; position++) {
		const request = requests[position];
		const carried = request.map((entry) => entry.itemIndex);
		const notAttempted = requests
			.slice(position + 1)
			.flatMap((later) => later.map((entry) => entry.itemIndex));
		const batch = { carried, done: [...done], notAttempted, batched: !plan.oneRequestPerItem };
		let shared: Shared;
		try {
			shared = await plan.send(
				request.map((entry) => entry.target),
				carried[0],
				{ batch },
			);
		} catch (error) {
			if (!continueOnFail) throw withItemIndex(ctx, error as Error, carried[0]);
			for (const entry of request)
				results[entry.itemIndex] = errorItem(error as Error, entry.itemIndex);
			continue;
		}
		// Items of a request that went through can still fail one by one (their errors say so); the others keep
		// their results.
		let failed: { itemIndex: number; error: Error } | undefined;
		for (const entry of request) {
			try {
				results[entry.itemIndex] = {
					json: plan.output(entry.target, shared),
					pairedItem: { item: entry.itemIndex },
				};
				done.push(entry.itemIndex);
			} catch (error) {
				failed ??= { itemIndex: entry.itemIndex, error: error as Error };
				results[entry.itemIndex] = errorItem(error as Error, entry.itemIndex);
			}
		}
		if (failed && !continueOnFail) throw withItemIndex(ctx, failed.error, failed.itemIndex);
	}

	// Every input item was given exactly one result above.
	return results as INodeExecutionData[];
}
