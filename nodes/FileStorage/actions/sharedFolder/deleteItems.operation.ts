// Shared Folder → Delete File or Folder: files or folders inside the shared folder, many per request.

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ApiClient, endpoints } from '../../../lib/transport';
import { deleteItemsProperties, executeDeleteItems } from '../../common/deleteItems';

export const description = updateDisplayOptions(
	{ show: { resource: ['sharedFolder'], operation: ['deleteItems'] } },
	deleteItemsProperties(
		'Whether to remove the item at once from the database and storage instead of moving it to the trash of the shared folder. Items must be inside the shared folder.',
	),
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await executeDeleteItems(
		this,
		items,
		new ApiClient(this, 'fileStorageShareApi'),
		endpoints.deleteInShare,
	);
}
