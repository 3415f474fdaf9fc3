import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { scoped, sortedListingProperties } from '../../shared/descriptions';
import { forEachItem } from '../../shared/execution';
import { listItems, sortQuery } from '../../shared/list';
import { endpoints } from '../../transport';

export const description: INodeProperties[] = scoped('file', 'getRecentUploads', [
	...sortedListingProperties,
]);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await forEachItem(this, items, async (itemIndex) => {
		const { items: files } = await listItems(this, itemIndex, endpoints.recentUploads(sortQuery(this, itemIndex)));
		return files;
	});
}
