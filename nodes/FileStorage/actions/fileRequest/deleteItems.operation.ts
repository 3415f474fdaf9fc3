// File Request → Delete File or Folder: files or folders of the file request, many per request.

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ApiClient, endpoints } from '../../../lib/transport';
import type { BatchPlan } from '../../common/batch';
import type { DeleteTarget } from '../../common/deleteItems';
import { deleteItemsProperties, deleteItemsPlan } from '../../common/deleteItems';

export const description = updateDisplayOptions(
	{ show: { resource: ['fileRequest'], operation: ['deleteItems'] } },
	deleteItemsProperties(
		'Whether to remove the item at once from the database and storage instead of moving it to the trash of the file request owner. Some servers delete file request items permanently either way.',
	),
);

export function batchPlan(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): BatchPlan<DeleteTarget, IDataObject> {
	return deleteItemsPlan(
		this,
		items,
		new ApiClient(this, 'fileStorageFileRequestApi'),
		endpoints.deleteInFileRequest,
	);
}
