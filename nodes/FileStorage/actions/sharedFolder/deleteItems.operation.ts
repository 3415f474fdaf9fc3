import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../lib/transport';
import { deleteItemsDescription, executeDeleteItems } from '../../helpers/itemDeletion';

export const description: INodeProperties[] = deleteItemsDescription(
	'sharedFolder',
	'of the shared folder',
	'Items must be inside the shared folder',
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await executeDeleteItems(this, items, endpoints.deleteInShare);
}
