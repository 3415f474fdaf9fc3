import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ApiCall } from '../transport';
import { collectPages } from '../transport';
import { resultLimit } from './execution';
import { simplifyItem } from './simplify';

/** Sort and direction as the spec's query parameters. */
export function sortQuery(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	return {
		sort: ctx.getNodeParameter('sort', itemIndex, 'created_at') as string,
		direction: ctx.getNodeParameter('direction', itemIndex, 'DESC') as string,
	};
}

/** A cursor-paginated listing of files and folders, honouring Return All / Limit and Simplify. */
export async function listItems(
	ctx: IExecuteFunctions,
	itemIndex: number,
	call: ApiCall,
): Promise<{ items: IDataObject[]; root?: IDataObject }> {
	const limit = resultLimit(ctx, itemIndex);
	const simplify = ctx.getNodeParameter('simplify', itemIndex, true) as boolean;
	const { elements, root } = await collectPages(ctx, call, limit, itemIndex);
	return { items: elements.map((element) => (simplify ? simplifyItem(element) : element)), root };
}
