// Shared Folder → Delete File or Folder: files or folders inside the shared folder, many per request.

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ApiClient, endpoints } from '../../../lib/transport';
import type { BatchPlan } from '../../common/batch';
import type { DeleteTarget } from '../../common/deleteItems';
import { deleteItemsProperties, deleteItemsPlan } from '../../common/deleteItems';

export const description = updateDisplayOptions(
	{ show: { resource: ['sharedFolder'], operation: ['deleteItems'] } },
	deleteItemsProperties(
		'Whether to remove the item at once from the database and storage instead of moving it to the trash of the shared folder. Items must be inside the shared folder.',
	),
);

export function batchPlan(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): BatchPlan<DeleteTarget, IDataObject> {
	return deleteItemsPlan(
		this,
		items,
		new ApiClient(this, 'fileStorageShareApi'),
		endpoints.deleteInShare,
	);
}
