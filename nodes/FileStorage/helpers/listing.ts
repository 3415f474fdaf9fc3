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
	const { elements, root } = await collectPages(ctx, call, options.limit, {
		itemIndex,
		policy: readRequestPolicy(ctx, itemIndex),
	});
	return { items: options.simplify ? elements.map(simplifyItem) : elements, root };
}
