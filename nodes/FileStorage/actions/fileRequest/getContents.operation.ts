import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { fileRequestFolderLocator, optionalParentId, REQUEST_ROOT } from '../../../lib/locators';
import { simplifyItem } from '../../../lib/simplify';
import { apiRequest, endpoints, listElements } from '../../../lib/transport';
import { forEachItem } from '../../helpers/execution';
import { readListingOptions, sortedListingProperties } from '../../parameters/listing';
import { optionsCollection, readRequestPolicy } from '../../parameters/request';
import { scoped } from '../../parameters/scope';

export const description: INodeProperties[] = scoped('fileRequest', 'getContents', [
	fileRequestFolderLocator(
		'parent',
		'Folder',
		'Folder of the file request to list: its ID (a UUID: the ID of a folder this operation listed), or "root" for the top of the request ("File Request Root" in the list)',
	),
	...sortedListingProperties,
	optionsCollection(),
]);

/** Endpoint 6 is not paginated: one request per input item, Limit applies here. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await forEachItem(this, items, async (itemIndex) => {
		const { limit, simplify, sortQuery } = readListingOptions(this, itemIndex, { sortable: true });
		const parentId = optionalParentId(this, itemIndex, 'parent', 'Folder', [REQUEST_ROOT]);
		const qs = parentId ? { ...sortQuery, parent_id: parentId } : sortQuery;
		const { body } = await apiRequest(this, endpoints.fileRequestContents(qs), {
			itemIndex,
			policy: readRequestPolicy(this, itemIndex),
		});
		const elements = listElements(body);
		const kept = limit === undefined ? elements : elements.slice(0, limit);
		return simplify ? kept.map(simplifyItem) : kept;
	});
}
