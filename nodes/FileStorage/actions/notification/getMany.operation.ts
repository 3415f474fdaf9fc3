import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { isUnreadNotification } from '../../../lib/json';
import { simplifyNotification, simplifyProperty } from '../../../lib/simplify';
import { apiRequest, endpoints, listElements } from '../../../lib/transport';
import { forEachItem } from '../../helpers/execution';
import { readListingOptions, unsortedListingProperties } from '../../parameters/listing';
import { optionsCollection, readRequestPolicy } from '../../parameters/request';
import { scoped } from '../../parameters/scope';

export const description: INodeProperties[] = scoped('notification', 'getMany', [
	...unsortedListingProperties,
	{
		displayName: 'Unread Only',
		name: 'unreadOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to return only notifications that have not been read yet',
	},
	simplifyProperty,
	optionsCollection(),
]);

/** Endpoint 9 has no pagination: one request per input item, then Unread Only and Limit apply here. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await forEachItem(this, items, async (itemIndex) => {
		const { limit, simplify } = readListingOptions(this, itemIndex, { sortable: false });
		const unreadOnly = this.getNodeParameter('unreadOnly', itemIndex, false) as boolean;
		const { body } = await apiRequest(this, endpoints.notifications(), {
			itemIndex,
			policy: readRequestPolicy(this, itemIndex),
		});
		let elements = listElements(body);
		if (unreadOnly) elements = elements.filter(isUnreadNotification);
		if (limit !== undefined) elements = elements.slice(0, limit);
		return simplify ? elements.map(simplifyNotification) : elements;
	});
}
