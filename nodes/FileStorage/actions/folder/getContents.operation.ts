import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { folderLocator, locatorValue, ROOT_FOLDER_ID } from '../../../lib/locators';
import { simplifyItem } from '../../../lib/simplify';
import { endpoints } from '../../../lib/transport';
import { invalidParameter, isUnsafePathSegment } from '../../../lib/validation';
import { forEachItem } from '../../helpers/execution';
import { listItems } from '../../helpers/listing';
import { readListingOptions, sortedListingProperties } from '../../parameters/listing';
import { optionsCollection } from '../../parameters/request';
import { scoped } from '../../parameters/scope';

export const description: INodeProperties[] = scoped('folder', 'getContents', [
	folderLocator,
	...sortedListingProperties,
	optionsCollection([
		{
			displayName: 'Add Folder Details',
			name: 'includeFolder',
			type: 'boolean',
			default: false,
			description:
				'Whether to add the listed folder itself (its name, colour, item counts) to every output item under "folder"',
		},
	]),
]);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await forEachItem(this, items, async (itemIndex) => {
		const folderId = locatorValue(this, 'folder', itemIndex, ROOT_FOLDER_ID);
		if (isUnsafePathSegment(folderId)) {
			// Empty, or a dot segment that URL normalisation would turn into another endpoint.
			throw invalidParameter(
				this.getNode(),
				itemIndex,
				'Folder',
				folderId ? `"${folderId}" is not a folder ID` : 'is empty',
				'Pick a folder with "From List", or enter its ID or "all" for the root.',
			);
		}
		const includeFolder = this.getNodeParameter('options.includeFolder', itemIndex, false) as boolean;
		const options = readListingOptions(this, itemIndex, { sortable: true });
		const { items: entries, root } = await listItems(
			this,
			itemIndex,
			endpoints.folderContents(folderId, options.sortQuery),
			options,
		);
		if (!includeFolder || !root) return entries;
		const folder: IDataObject = options.simplify ? simplifyItem(root) : root;
		return entries.map((entry) => ({ ...entry, folder }));
	});
}
