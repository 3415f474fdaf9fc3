// What the list operations share: Return All, Limit, Simplify and the Sort rule, and their reader, which says how
// to read the listing for one input item.

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readSimplify, simplifyItem, simplifyProperty } from '../../lib/resources/simplify';
import type { ListingOptions } from '../../lib/transport';
import { invalidParameter } from '../../lib/validation';
import { readRequestPolicy } from './requestOptions';

export const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

/**
 * How the server orders the results, below Options (as n8n's Airtable search does). The API sorts by one field:
 * one rule, and without it, newest first.
 */
export const sortProperty: INodeProperties = {
	displayName: 'Sort',
	name: 'sort',
	type: 'fixedCollection',
	placeholder: 'Add Sort Rule',
	default: {},
	description: 'How the results are ordered. Without a rule, newest first.',
	options: [
		{
			displayName: 'Rule',
			name: 'rule',
			values: [
				{
					displayName: 'Sort By',
					name: 'field',
					type: 'options',
					options: [
						{ name: 'Date Created', value: 'created_at' },
						{ name: 'Name', value: 'name' },
					],
					default: 'created_at',
					description:
						'What the results are ordered by: Date Created or Name. In an expression, or when an AI model sets it: "created_at" or "name".',
				},
				{
					displayName: 'Order',
					name: 'direction',
					type: 'options',
					options: [
						{ name: 'Ascending', value: 'ASC', description: 'Oldest first, or A to Z' },
						{ name: 'Descending', value: 'DESC', description: 'Newest first, or Z to A' },
					],
					default: 'DESC',
					description:
						'Which way: Ascending (oldest first, or A to Z) or Descending (newest first, or Z to A). In an expression, or when an AI model sets it: "ASC" or "DESC".',
				},
			],
		},
	],
};

/** What every file and folder listing offers above its Options: Return All, Limit, Simplify. */
export const listingProperties: INodeProperties[] = [
	returnAllProperty,
	limitProperty,
	simplifyProperty,
];

export interface ListingRead {
	/** How to read the listing: the item, its Timeout, and Limit pushed down. */
	options: ListingOptions;
	simplify: boolean;
	/** Each file or folder as output: simplified, or the raw wrapper. */
	toItem?: (wrapper: IDataObject) => IDataObject;
	/** The spec's `sort` and `direction` query parameters (sortable listings only). */
	sortQuery: IDataObject;
}

/** Return All / Limit as one number (undefined = all). */
function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = ctx.getNodeParameter('limit', itemIndex, limitProperty.default) as number;
	if (!Number.isInteger(limit) || limit < 1) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'Limit',
			`must be a whole number of at least 1, got ${limit}`,
			'Set Limit to 1 or more, or turn on Return All.',
		);
	}
	return limit;
}

/** The spec's `sort` and `direction` query parameters: the Sort rule, else newest first. */
function readSortQuery(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const rule = ctx.getNodeParameter('sort.rule', itemIndex, {}) as IDataObject;
	return { sort: String(rule.field ?? 'created_at'), direction: String(rule.direction ?? 'DESC') };
}

export function readListing(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{ sortable }: { sortable: boolean },
): ListingRead {
	const limit = readLimit(ctx, itemIndex);
	const simplify = readSimplify(ctx, itemIndex);
	return {
		options: {
			itemIndex,
			policy: readRequestPolicy(ctx, itemIndex),
			limit,
		},
		simplify,
		toItem: simplify ? simplifyItem : undefined,
		sortQuery: sortable ? readSortQuery(ctx, itemIndex) : {},
	};
}
