import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { simplifyItem } from '../../lib/simplify';
import type { ApiCall } from '../../lib/transport';
import { collectPages } from '../../lib/transport';
import type { ListingOptions } from '../parameters/listing';
import { readRequestPolicy } from '../parameters/request';

/** A cursor-paginated listing of files and folders, honouring Return All / Limit and Simplify. */
export async function listItems(
	ctx: IExecuteFunctions,
	itemIndex: number,
	call: ApiCall,
	options: ListingOptions,
): Promise<{ items: IDataObject[]; root?: IDataObject }> {
	const request = { itemIndex, policy: readRequestPolicy(ctx, itemIndex) };
	// Simplified page by page: the raw elements of a page never outlive it.
	const { elements, root } = options.simplify
		? await collectPages(ctx, call, options.limit, request, simplifyItem)
		: await collectPages(ctx, call, options.limit, request);
	return { items: elements, root };
}
