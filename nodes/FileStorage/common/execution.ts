// Running an operation over its input items: one output per item paired with it, continueOnFail honoured.

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** What an operation module exports: its parameters and how it runs over all input items. */
export interface OperationModule {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
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
 * Runs `run` once per input item; it returns that item's whole output items (JSON and binary), which are paired
 * with the input here. Under continueOnFail a failing item yields one error item instead of stopping the node.
 */
export async function forEachItemOutput(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	run: (itemIndex: number) => Promise<Array<Pick<INodeExecutionData, 'json' | 'binary'>>>,
): Promise<INodeExecutionData[]> {
	return await eachInputItem(ctx, items, async (itemIndex, output) => {
		for (const result of await run(itemIndex))
			output.push({ ...result, pairedItem: { item: itemIndex } });
	});
}

/**
 * Runs `run` once per input item. Each result entry becomes an output item paired with its input; under
 * continueOnFail a failing item yields one error item instead of stopping the node.
 */
export async function forEachItem(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	run: (itemIndex: number) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[]> {
	return await eachInputItem(ctx, items, async (itemIndex, output) => {
		// One object per output item: a listing has thousands.
		for (const json of await run(itemIndex)) output.push({ json, pairedItem: { item: itemIndex } });
	});
}

/** The loop over input items both share: `emit` adds an item's output once its work succeeded. */
async function eachInputItem(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	emit: (itemIndex: number, output: INodeExecutionData[]) => Promise<void>,
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			await emit(itemIndex, output);
		} catch (error) {
			if (ctx.continueOnFail()) {
				output.push(errorItem(error as Error, itemIndex));
				continue;
			}
			throw withItemIndex(ctx, error as Error, itemIndex);
		}
	}
	return output;
}
