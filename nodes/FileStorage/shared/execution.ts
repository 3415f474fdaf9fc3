import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** What an operation module exports: its parameters and how it runs over all input items. */
export interface OperationModule {
	description: import('n8n-workflow').INodeProperties[];
	execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
}

/**
 * The item a failed input item becomes under continueOnFail: `error` says what happened, `details` how to fix it
 * (and the HTTP status). Only these keys, because that is what "Continue (using error output)" routes by.
 */
export function errorItem(error: Error, itemIndex: number, extraDetails: IDataObject = {}): INodeExecutionData {
	const description = (error as NodeApiError).description;
	const httpCode = (error as NodeApiError).httpCode;
	return {
		json: {
			error: error.message,
			details: {
				...(description ? { description } : {}),
				...(httpCode ? { httpCode } : {}),
				...extraDetails,
			},
		},
		pairedItem: { item: itemIndex },
	};
}

/** Attaches the item index to an error so n8n shows which item failed; wraps anything foreign. */
export function withItemIndex(
	ctx: IExecuteFunctions,
	error: Error,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error, { itemIndex });
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
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const results = await run(itemIndex);
			for (const json of results) output.push({ json, pairedItem: { item: itemIndex } });
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

/** `={{ $json.field }}` or `={{ $json["field"] }}`: a mapping that only reads a field of the current item. */
const PLAIN_FIELD_MAPPING = /^=\s*\{\{\s*\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*(['"])([^'"]+)\2\s*\])\s*\}\}\s*$/;

/**
 * A per-item parameter. Mappings that only read a field of the current input item (the defaults of Item Type
 * and Item ID) are read from the item directly: n8n's expression engine builds a fresh context for every call,
 * which costs far more than the requests of a 1,000-item batch. Anything else goes through the engine.
 */
export function itemParameter(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	items: INodeExecutionData[],
	fallback: unknown,
): unknown {
	const raw = ctx.getNodeParameter(name, itemIndex, fallback, { rawExpressions: true }) as unknown;
	const plain = typeof raw === 'string' ? PLAIN_FIELD_MAPPING.exec(raw) : null;
	if (plain && items[itemIndex]) return items[itemIndex].json[plain[1] ?? plain[3]];
	return ctx.getNodeParameter(name, itemIndex, fallback) as unknown;
}

/** A parameter problem found before any request: names the parameter and the item. */
export function invalidParameter(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	problem: string,
	fix: string,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `[item ${itemIndex}] ${parameter}: ${problem}`, {
		itemIndex,
		description: fix,
	});
}

/** Return All / Limit as one number (undefined = all). */
export function resultLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = ctx.getNodeParameter('limit', itemIndex, 50) as number;
	if (!Number.isInteger(limit) || limit < 1) {
		throw invalidParameter(ctx, itemIndex, 'Limit', `must be a whole number of at least 1, got ${limit}`, 'Set Limit to 1 or more, or turn on Return All.');
	}
	return limit;
}
