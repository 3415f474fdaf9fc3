import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { readBatchSize } from '../parameters/batch';
import { errorItem, withItemIndex } from './execution';

/**
 * Batching for operations whose endpoint takes many targets per request (restore, deletes, uploads).
 *
 * 1. Every input item is read and validated first, so a bad item fails before any request is sent.
 * 2. Valid items are grouped (same `groupKey`, in input order) into requests of at most `batchSize`.
 * 3. Each input item gets exactly one output item, paired with it: the result, or the error of its batch.
 */
export interface BatchPlan<T> {
	/** Reads and validates one item's parameters; throws a NodeOperationError naming the parameter. */
	prepare(itemIndex: number): T;
	/** Targets with different keys never share a request (e.g. different `to_home`). */
	groupKey?(target: T): string;
	/** Sends one request for the batch and returns what all its items share (e.g. the server message). */
	send(targets: T[], firstItemIndex: number): Promise<IDataObject>;
	/** The output of one item whose batch succeeded. */
	output(target: T, shared: IDataObject): IDataObject;
}

function describeItems(indexes: number[]): string {
	if (indexes.length === 1) return `item ${indexes[0]}`;
	const contiguous = indexes.every((value, position) => position === 0 || value === indexes[position - 1] + 1);
	return contiguous
		? `items ${indexes[0]}–${indexes[indexes.length - 1]}`
		: `items ${indexes.join(', ')}`;
}

export async function runBatched<T>(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	plan: BatchPlan<T>,
): Promise<INodeExecutionData[]> {
	const results: Array<INodeExecutionData | undefined> = new Array(items.length);
	const batchSize = readBatchSize(ctx);
	const continueOnFail = ctx.continueOnFail();

	const prepared: Array<{ itemIndex: number; target: T }> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			prepared.push({ itemIndex, target: plan.prepare(itemIndex) });
		} catch (error) {
			if (!continueOnFail) throw withItemIndex(ctx, error as Error, itemIndex);
			results[itemIndex] = errorItem(error as Error, itemIndex);
		}
	}

	const groups = new Map<string, Array<{ itemIndex: number; target: T }>>();
	for (const entry of prepared) {
		const key = plan.groupKey ? plan.groupKey(entry.target) : '';
		const group = groups.get(key) ?? [];
		group.push(entry);
		groups.set(key, group);
	}

	for (const group of groups.values()) {
		for (let start = 0; start < group.length; start += batchSize) {
			const batch = group.slice(start, start + batchSize);
			const indexes = batch.map((entry) => entry.itemIndex);
			try {
				const shared = await plan.send(
					batch.map((entry) => entry.target),
					indexes[0],
				);
				for (const entry of batch) {
					results[entry.itemIndex] = {
						json: plan.output(entry.target, shared),
						pairedItem: { item: entry.itemIndex },
					};
				}
			} catch (error) {
				const failure = error as Error;
				if (!continueOnFail) throw namingItems(ctx, failure, indexes);
				for (const entry of batch) {
					results[entry.itemIndex] = errorItem(failure, entry.itemIndex, { batchItems: indexes });
				}
			}
		}
	}

	// Every input item was given exactly one result above.
	return results as INodeExecutionData[];
}

/** The node fails naming every input item the failed request carried, so none is silently lost. */
function namingItems(ctx: IExecuteFunctions, error: Error, indexes: number[]): Error {
	const named = withItemIndex(ctx, error, indexes[0]);
	named.message = `${named.message} [${describeItems(indexes)}]`;
	if (named instanceof NodeApiError || named instanceof NodeOperationError) {
		const also = `The request carried ${describeItems(indexes)}; check them before running again.`;
		named.description = named.description ? `${named.description} ${also}` : also;
	}
	return named;
}
