// File → Get Recent Uploads: the account's most recently uploaded files, page by page.

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ApiClient, endpoints, list } from '../../../lib/transport';
import type { ItemWork } from '../../common/execution';
import { jsonItems } from '../../common/execution';
import { listingProperties, readListing, sortProperty } from '../../common/listing';
import { optionsCollection } from '../../common/requestOptions';

const properties: INodeProperties[] = [...listingProperties, optionsCollection(), sortProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['file'], operation: ['getRecentUploads'] } },
	properties,
);

export function itemWork(this: IExecuteFunctions): ItemWork {
	const client = new ApiClient(this, 'fileStorageApi');
	return {
		run: async (itemIndex) => {
			const listing = readListing(this, itemIndex, { sortable: true });
			const { wrappers } = await list(
				client,
				endpoints.recentUploads(listing.sortQuery),
				listing.options,
				listing.toItem,
			);
			return jsonItems(wrappers);
		},
	};
}
