import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../lib/transport';
import { deleteItemsDescription, executeDeleteItems } from '../../helpers/itemDeletion';

export const description: INodeProperties[] = deleteItemsDescription(
	'fileRequest',
	'of the file request owner',
	'Some servers delete file request items permanently either way',
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await executeDeleteItems(this, items, endpoints.deleteInFileRequest);
}
