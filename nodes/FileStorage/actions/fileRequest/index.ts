import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../common/execution';
import * as getContents from './getContents.operation';
import * as deleteItems from './deleteItems.operation';
import * as download from './download.operation';
import * as uploadFile from './uploadFile.operation';
import * as uploadFromUrl from './uploadFromUrl.operation';

export const operations: Record<string, OperationModule> = {
	getContents,
	deleteItems,
	download,
	uploadFile,
	uploadFromUrl,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['fileRequest'] } },
		options: [
			{
				name: 'Delete Items',
				value: 'deleteItems',
				description: 'Delete files or folders a file request received',
				action: 'Delete items in file request',
			},
			{
				name: 'Download',
				value: 'download',
				description:
					'Download a file a file request received, or its thumbnail, into a binary field',
				action: 'Download file from file request',
			},
			{
				name: 'Get Contents',
				value: 'getContents',
				description: 'List the files and folders a file request received',
				action: 'Get file request contents',
			},
			{
				name: 'Upload File',
				value: 'uploadFile',
				description: "Upload a file from the workflow's binary data into a file request",
				action: 'Upload file to file request',
			},
			{
				name: 'Upload From URL',
				value: 'uploadFromUrl',
				description: 'Have the server download files from URLs into a file request',
				action: 'Upload files by URL to file request',
			},
		],
		default: 'getContents',
	},
	...getContents.description,
	...deleteItems.description,
	...uploadFile.description,
	...uploadFromUrl.description,
	...download.description,
];
