// Folder → Get Contents: the files and folders inside one folder of the account (or its root), page by page.

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { accountFolderId, accountFolderLocator } from '../../../lib/folderPickers/locators';
import { simplifyItem } from '../../../lib/resources/simplify';
import { ApiClient, endpoints, list } from '../../../lib/transport';
import type { ItemWork } from '../../common/execution';
import { jsonItems } from '../../common/execution';
import { listingProperties, readListing, sortProperty } from '../../common/listing';
import { optionsCollection } from '../../common/requestOptions';

const properties: INodeProperties[] = [
	accountFolderLocator(
		'folder',
		'Folder',
		'Folder to list. By ID takes the folder\'s UUID, or "all" for Root (All Files), the top level of your files.',
	),
	...listingProperties,
	optionsCollection([
		{
			displayName: 'Add Folder Details',
			name: 'includeFolder',
			type: 'boolean',
			default: false,
			description:
				"Whether to add the listed folder itself (its name, item count and size) to every item, under 'folder'",
		},
	]),
	sortProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['folder'], operation: ['getContents'] } },
	properties,
);

export function itemWork(this: IExecuteFunctions): ItemWork {
	const client = new ApiClient(this, 'fileStorageApi');
	return {
		run: async (itemIndex) => {
			const folderId = accountFolderId(this, 'folder', itemIndex, 'Folder');
			const includeFolder = this.getNodeParameter(
				'options.includeFolder',
				itemIndex,
				false,
			) as boolean;
			const listing = readListing(this, itemIndex, { sortable: true });
			const { wrappers, folder: listed } = await list(
				client,
				endpoints.folderContents(folderId, listing.sortQuery),
				listing.options,
				listing.toItem,
			);
			if (!includeFolder || !listed) return jsonItems(wrappers);
			const folder: IDataObject = listing.simplify ? simplifyItem(listed) : listed;
			return wrappers.map((entry) => ({ json: { ...entry, folder } }));
		},
	};
}
