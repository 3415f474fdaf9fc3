import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { limitProperty, returnAllProperty, scoped, simplifyProperty } from '../../shared/descriptions';
import { forEachItem, resultLimit } from '../../shared/execution';
import { simplifyNotification } from '../../shared/simplify';
import { apiRequest, endpoints, listElements, unwrapResource } from '../../transport';

export const description: INodeProperties[] = scoped('notification', 'getMany', [
	returnAllProperty,
	limitProperty,
	{
		displayName: 'Unread Only',
		name: 'unreadOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to return only notifications that have not been read yet',
	},
	simplifyProperty,
]);

/** Endpoint 9 has no pagination: one request per input item, then Unread Only and Limit apply here. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await forEachItem(this, items, async (itemIndex) => {
		const limit = resultLimit(this, itemIndex);
		const unreadOnly = this.getNodeParameter('unreadOnly', itemIndex, false) as boolean;
		const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
		const { body } = await apiRequest(this, endpoints.notifications(), itemIndex);
		let elements = listElements(body);
		if (unreadOnly) {
			elements = elements.filter((element) => {
				const attributes = unwrapResource(element).attributes as IDataObject | undefined;
				return attributes?.read_at === null || attributes?.read_at === undefined;
			});
		}
		if (limit !== undefined) elements = elements.slice(0, limit);
		return elements.map((element) => (simplify ? simplifyNotification(element) : element));
	});
}
