import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { scoped, sortedListingProperties } from '../../shared/descriptions';
import { forEachItem, resultLimit } from '../../shared/execution';
import { sortQuery } from '../../shared/list';
import { fileRequestFolderLocator, optionalParentId, REQUEST_ROOT } from '../../shared/locators';
import { simplifyItem } from '../../shared/simplify';
import { apiRequest, endpoints, listElements } from '../../transport';

export const description: INodeProperties[] = scoped('fileRequest', 'getContents', [
	fileRequestFolderLocator(
		'parent',
		'Folder',
		'Folder of the file request to list. "File Request Root" is the top of the request.',
	),
	...sortedListingProperties,
]);

/** Endpoint 6 is not paginated: one request per input item, Limit applies here. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await forEachItem(this, items, async (itemIndex) => {
		const limit = resultLimit(this, itemIndex);
		const parentId = optionalParentId(this, itemIndex, 'parent', 'Folder', [REQUEST_ROOT]);
		const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
		const qs: IDataObject = sortQuery(this, itemIndex);
		if (parentId) qs.parent_id = parentId;
		const { body } = await apiRequest(this, endpoints.fileRequestContents(qs), itemIndex);
		const elements = listElements(body);
		const kept = limit === undefined ? elements : elements.slice(0, limit);
		return kept.map((element) => (simplify ? simplifyItem(element) : element));
	});
}
