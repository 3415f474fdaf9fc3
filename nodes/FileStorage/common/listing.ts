// What the list operations share: Return All, Limit, Sort By, Direction and Simplify, and their reader, which
// says how to walk the listing for one input item.

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readSimplify, simplifyItem, simplifyProperty } from '../../lib/resources/simplify';
import type { PageWalk } from '../../lib/transport';
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

const sortProperty: INodeProperties = {
	displayName: 'Sort By',
	name: 'sort',
	type: 'options',
	options: [
		{ name: 'Created At', value: 'created_at' },
		{ name: 'Name', value: 'name' },
	],
	default: 'created_at',
	description: 'Field the server sorts the results by: "created_at" (Created At) or "name" (Name)',
};

const directionProperty: INodeProperties = {
	displayName: 'Direction',
	name: 'direction',
	type: 'options',
	options: [
		{ name: 'Descending', value: 'DESC' },
		{ name: 'Ascending', value: 'ASC' },
	],
	default: 'DESC',
	description: 'Sort direction: "DESC" (newest or Z first) or "ASC" (oldest or A first)',
};

/** What every sortable file/folder listing offers: Return All, Limit, Sort By, Direction, Simplify. */
export const sortedListingProperties: INodeProperties[] = [
	returnAllProperty,
	limitProperty,
	sortProperty,
	directionProperty,
	simplifyProperty,
];

/** What an unsorted listing offers: Return All, Limit (Simplify and filters are the operation's own). */
export const unsortedListingProperties: INodeProperties[] = [returnAllProperty, limitProperty];

export interface ListingRead {
	/** How to walk the listing: the item, its Timeout, Limit pushed down, and reading ahead with Return All. */
	walk: PageWalk;
	simplify: boolean;
	/** Each file or folder as output: simplified, or the raw element. */
	toItem?: (element: IDataObject) => IDataObject;
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

export function readListing(ctx: IExecuteFunctions, itemIndex: number, { sortable }: { sortable: boolean }): ListingRead {
	const limit = readLimit(ctx, itemIndex);
	const simplify = readSimplify(ctx, itemIndex);
	return {
		walk: { itemIndex, policy: readRequestPolicy(ctx, itemIndex), limit, readAhead: limit === undefined },
		simplify,
		toItem: simplify ? simplifyItem : undefined,
		sortQuery: sortable
			? {
					sort: ctx.getNodeParameter('sort', itemIndex, 'created_at') as string,
					direction: ctx.getNodeParameter('direction', itemIndex, 'DESC') as string,
				}
			: {},
	};
}
