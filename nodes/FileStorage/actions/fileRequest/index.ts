import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../common/execution';
import * as getContents from './getContents.operation';
import * as deleteItems from './deleteItems.operation';
import * as download from './download.operation';
import * as uploadFromUrl from './uploadFromUrl.operation';

export const operations: Record<string, OperationModule> = { getContents, deleteItems, download, uploadFromUrl };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['fileRequest'] } },
		options: [
			{
				name: 'Get Contents',
				value: 'getContents',
				description: 'List the files and folders received by a file request',
				action: 'Get file request contents',
			},
			{
				name: 'Delete Items',
				value: 'deleteItems',
				description: 'Delete files or folders of a file request',
				action: 'Delete items in a file request',
			},
			{
				name: 'Download',
				value: 'download',
				description: 'Download the content of a file received by a file request (or its thumbnail) into a binary field',
				action: 'Download a file from a file request',
			},
			{
				name: 'Upload From URL',
				value: 'uploadFromUrl',
				description: 'Have the server download files from URLs into a file request',
				action: 'Upload files from links to a file request',
			},
		],
		default: 'getContents',
	},
	...getContents.description,
	...deleteItems.description,
	...uploadFromUrl.description,
	...download.description,
];
