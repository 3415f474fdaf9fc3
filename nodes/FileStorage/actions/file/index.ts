import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../common/operation';
import * as download from './download.operation';
import * as getRecentUploads from './getRecentUploads.operation';
import * as search from './search.operation';

export const operations: Record<string, OperationModule> = { getRecentUploads, download, search };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['file'] } },
		options: [
			{
				name: 'Download',
				value: 'download',
				description: 'Download a file, or its thumbnail, into a binary field',
				action: 'Download a file',
			},
			{
				name: 'Get Recent Uploads',
				value: 'getRecentUploads',
				description: 'List the files uploaded most recently to the account',
				action: 'Get many recent uploads',
			},
			{
				name: 'Search',
				value: 'search',
				description:
					'Find files and folders by name, type, date or size in a folder and its subfolders. Each result says which folder it is in.',
				action: 'Search a folder for files and folders',
			},
		],
		default: 'getRecentUploads',
	},
	...getRecentUploads.description,
	...download.description,
	...search.description,
];
