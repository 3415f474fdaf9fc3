import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../common/operation';
import * as getContents from './getContents.operation';

export const operations: Record<string, OperationModule> = { getContents };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['folder'] } },
		options: [
			{
				name: 'Get Contents',
				value: 'getContents',
				description: 'List the files and folders inside a folder',
				action: 'Get the contents of a folder',
			},
		],
		default: 'getContents',
	},
	...getContents.description,
];
