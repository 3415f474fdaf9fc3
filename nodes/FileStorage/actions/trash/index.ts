import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../common/operation';
import * as restore from './restore.operation';

export const operations: Record<string, OperationModule> = { restore };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['trash'] } },
		options: [
			{
				name: 'Restore',
				value: 'restore',
				description: 'Restore a file or folder from the trash',
				action: 'Restore a file or folder from the trash',
			},
		],
		default: 'restore',
	},
	...restore.description,
];
