import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readSimplify, simplifyProperty } from '../../lib/simplify';
import { invalidParameter } from '../../lib/validation';

/** The parameters of the list operations (Return All, Limit, Sort By, Direction, Simplify) and their reader. */

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

export interface ListingOptions {
	/** Undefined = Return All. */
	limit: number | undefined;
	simplify: boolean;
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

export function readListingOptions(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{ sortable }: { sortable: boolean },
): ListingOptions {
	return {
		limit: readLimit(ctx, itemIndex),
		simplify: readSimplify(ctx, itemIndex),
		sortQuery: sortable
			? {
					sort: ctx.getNodeParameter('sort', itemIndex, 'created_at') as string,
					direction: ctx.getNodeParameter('direction', itemIndex, 'DESC') as string,
				}
			: {},
	};
}
