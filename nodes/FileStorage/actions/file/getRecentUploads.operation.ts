// File → Get Recent Uploads: the account's most recently uploaded files, page by page.

import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ApiClient, endpoints, list } from '../../../lib/transport';
import { forEachItem } from '../../common/execution';
import { listingProperties, readListing, sortProperty } from '../../common/listing';
import { optionsCollection } from '../../common/requestOptions';

const properties: INodeProperties[] = [...listingProperties, optionsCollection(), sortProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['file'], operation: ['getRecentUploads'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const client = new ApiClient(this, 'fileStorageApi');
	return await forEachItem(this, items, async (itemIndex) => {
		const listing = readListing(this, itemIndex, { sortable: true });
		const { elements } = await list(
			client,
			endpoints.recentUploads(listing.sortQuery),
			listing.options,
			listing.toItem,
		);
		return elements;
	});
}
