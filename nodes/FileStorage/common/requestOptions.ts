// The Timeout option every operation offers, the Options collection that carries it, and their reader.

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { RequestPolicy } from '../../lib/transport';
import { executionPolicy } from '../../lib/transport';
import { invalidParameter } from '../../lib/validation';

export const timeoutOption: INodeProperties = {
	displayName: 'Timeout',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 30,
	description:
		'Seconds to wait for each answer of the server. A busy or rate-limited server is asked again a few times first.',
};

/** An operation's Options collection: its own options, then Timeout. */
export function optionsCollection(options: INodeProperties[] = []): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [...options, timeoutOption],
	};
}

export function readRequestPolicy(ctx: IExecuteFunctions, itemIndex: number): RequestPolicy {
	const seconds = ctx.getNodeParameter(
		'options.timeout',
		itemIndex,
		timeoutOption.default,
	) as number;
	if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'Timeout',
			`must be a number of seconds above 0, got ${String(seconds)}`,
			'Set Timeout to the seconds to wait for each answer, e.g. 30.',
		);
	}
	return executionPolicy(Math.round(seconds * 1000));
}
