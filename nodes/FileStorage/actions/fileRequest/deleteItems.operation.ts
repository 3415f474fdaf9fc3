// File Request → Delete Items: files or folders of the file request, many per request.

import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ApiClient, endpoints } from '../../../lib/transport';
import { batchOptionsProperty } from '../../common/batch';
import { executeDeleteItems } from '../../common/deleteItems';
import { itemTargetProperties } from '../../common/itemTarget';

const properties: INodeProperties[] = [
	...itemTargetProperties('delete'),
	{
		displayName: 'Delete Permanently',
		name: 'permanent',
		type: 'boolean',
		default: false,
		description:
			'Whether to remove the item at once from the database and storage instead of moving it to the trash of the file request owner. Some servers delete file request items permanently either way.',
	},
	batchOptionsProperty(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['fileRequest'], operation: ['deleteItems'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await executeDeleteItems(
		this,
		items,
		new ApiClient(this, 'fileStorageFileRequestApi'),
		endpoints.deleteInFileRequest,
	);
}
