// Running an operation over its input items (the router's loop): each item's output paired with it, a failed item
// an error item under continueOnFail. Operations that send items together run through batch.ts instead.

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** One output item of an input item: JSON, and binaries where there is a file (the router pairs it). */
export type ItemOutput = Pick<INodeExecutionData, 'json' | 'binary'>;

/** An operation's work on one input item at a time; `finish` runs once all items are done. */
export interface ItemWork {
	run(itemIndex: number): Promise<ItemOutput[]>;
	finish?(): void;
}

/** JSON objects (a listing's entries) as output items. */
export function jsonItems(objects: IDataObject[]): ItemOutput[] {
	return objects.map((json) => ({ json }));
}

/**
 * The item a failed input item becomes under continueOnFail: `{ error: { message, description } }`, as n8n's own
 * errors are read (the Error Trigger's `execution.error.message` and `.description`): `message` says what happened,
 * `description` what to do (empty when there is nothing to add). One key, `error`: "Continue (using error output)"
 * routes an item whose JSON is that key alone to the error output on every n8n version with it.
 */
export function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const description = (error as NodeApiError).description ?? '';
	return {
		json: { error: { message: error.message, description } },
		pairedItem: { item: itemIndex },
	};
}

/**
 * The error that stops the node, with the item n8n shows it for. The package's errors name their items when they
 * are made; anything foreign is wrapped, its message ending with the item as n8n's guidelines ask.
 */
export function withItemIndex(
	ctx: IExecuteFunctions,
	error: Error,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error, {
		itemIndex,
		message: `${error.message} [item ${itemIndex}]`,
	});
}

/**
 * Runs the work once per input item, in turn; each output item is paired with its input. Under continueOnFail a
 * failing item yields one error item instead of stopping the node.
 */
export async function forEachItem(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	work: ItemWork,
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const pairedItem = { item: itemIndex };
			for (const result of await work.run(itemIndex)) output.push({ ...result, pairedItem });
		} catch (error) {
			if (!ctx.continueOnFail()) throw withItemIndex(ctx, error as Error, itemIndex);
			output.push(errorItem(error as Error, itemIndex));
		}
	}
	work.finish?.();
	return output;
}
