import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../lib/transport';
import { forEachItem } from '../../helpers/execution';
import { listItems } from '../../helpers/listing';
import { readListingOptions, sortedListingProperties } from '../../parameters/listing';
import { optionsCollection } from '../../parameters/request';
import { scoped } from '../../parameters/scope';

export const description: INodeProperties[] = scoped('file', 'getRecentUploads', [
	...sortedListingProperties,
	optionsCollection(),
]);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await forEachItem(this, items, async (itemIndex) => {
		const options = readListingOptions(this, itemIndex, { sortable: true });
		const { items: files } = await listItems(this, itemIndex, endpoints.recentUploads(options.sortQuery), options);
		return files;
	});
}
