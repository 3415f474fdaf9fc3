import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../common/operation';
import * as createFolder from './createFolder.operation';
import * as deleteItems from './deleteItems.operation';

export const operations: Record<string, OperationModule> = { createFolder, deleteItems };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sharedFolder'] } },
		options: [
			{
				name: 'Create Folder',
				value: 'createFolder',
				description: 'Create a new folder inside a shared folder',
				action: 'Create a folder in a shared folder',
			},
			{
				name: 'Delete File or Folder',
				value: 'deleteItems',
				description: 'Delete a file or folder inside a shared folder',
				action: 'Delete a file or folder in a shared folder',
			},
		],
		default: 'createFolder',
	},
	...createFolder.description,
	...deleteItems.description,
];
