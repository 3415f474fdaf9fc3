// File Request → Get Contents: the files and folders a file request received. The endpoint answers in one page,
// so Limit applies to what it sent.

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	fileRequestFolderLocator,
	optionalParentId,
	REQUEST_ROOT,
} from '../../../lib/folderPickers/locators';
import { ApiClient, endpoints, list } from '../../../lib/transport';
import type { ItemWork } from '../../common/execution';
import { jsonItems } from '../../common/execution';
import { listingProperties, readListing, sortProperty } from '../../common/listing';
import { optionsCollection } from '../../common/requestOptions';

const properties: INodeProperties[] = [
	fileRequestFolderLocator(
		'parent',
		'Folder',
		'Folder of the file request to list. File Request Root is where uploads land.',
	),
	...listingProperties,
	optionsCollection(),
	sortProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['fileRequest'], operation: ['getContents'] } },
	properties,
);

export function itemWork(this: IExecuteFunctions): ItemWork {
	const client = new ApiClient(this, 'fileStorageFileRequestApi');
	return {
		run: async (itemIndex) => {
			const listing = readListing(this, itemIndex, { sortable: true });
			const parentId = optionalParentId(this, itemIndex, 'parent', 'Folder', [REQUEST_ROOT]);
			const qs = parentId ? { ...listing.sortQuery, parent_id: parentId } : listing.sortQuery;
			const { wrappers } = await list(
				client,
				endpoints.fileRequestContents(qs),
				listing.options,
				listing.toItem,
			);
			return jsonItems(wrappers);
		},
	};
}
