import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../common/operation';
import * as getMany from './getMany.operation';

export const operations: Record<string, OperationModule> = { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['notification'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: "List the account's notifications, newest first",
				action: 'Get many notifications',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
