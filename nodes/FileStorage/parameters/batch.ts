import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidParameter } from '../../lib/validation';
import { optionsCollection } from './request';

/** The Batch Size option of the operations that send many input items per request, and its reader. */

export const batchSizeOption: INodeProperties = {
	displayName: 'Batch Size',
	name: 'batchSize',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 100,
	description:
		'How many input items are sent together in one request. If a request fails, every item of that batch reports the error.',
};

/**
 * The Options collection of a batch operation: Batch Size (with an operation-specific description), the
 * operation's own options, and Timeout.
 */
export function batchOptionsProperty(description?: string, more: INodeProperties[] = []): INodeProperties {
	return optionsCollection([description ? { ...batchSizeOption, description } : batchSizeOption, ...more]);
}

/** Batch Size is read once per execution (item 0): batches span items. */
export function readBatchSize(ctx: IExecuteFunctions): number {
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
