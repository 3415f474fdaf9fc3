import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { ROOT_FOLDER_ID, scoped, sortedListingProperties } from '../../shared/descriptions';
import { forEachItem, invalidParameter } from '../../shared/execution';
import { listItems, sortQuery } from '../../shared/list';
import { folderLocator, locatorValue } from '../../shared/locators';
import { simplifyItem } from '../../shared/simplify';
import { endpoints } from '../../transport';

export const description: INodeProperties[] = scoped('folder', 'getContents', [
	folderLocator,
	...sortedListingProperties,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Add Folder Details',
				name: 'includeFolder',
				type: 'boolean',
				default: false,
				description:
					'Whether to add the listed folder itself (its name, colour, item counts) to every output item under "folder"',
			},
		],
	},
]);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await forEachItem(this, items, async (itemIndex) => {
		const folderId = locatorValue(this, 'folder', itemIndex, ROOT_FOLDER_ID);
		if (!folderId) {
			throw invalidParameter(this, itemIndex, 'Folder', 'is empty', 'Pick a folder with "From List", or enter its ID or "all" for the root.');
		}
		const includeFolder = this.getNodeParameter('options.includeFolder', itemIndex, false) as boolean;
		const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
		const { items: entries, root } = await listItems(
			this,
			itemIndex,
			endpoints.folderContents(folderId, sortQuery(this, itemIndex)),
		);
		if (!includeFolder || !root) return entries;
		const folder: IDataObject = simplify ? simplifyItem(root) : root;
		return entries.map((entry) => ({ ...entry, folder }));
	});
}
