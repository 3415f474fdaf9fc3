import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from '../../common/operation';
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
				name: 'Delete File or Folder',
				value: 'deleteItems',
				description: 'Delete a file or folder a file request received',
				action: 'Delete a file or folder in a file request',
			},
			{
				name: 'Download',
				value: 'download',
				description:
					'Download a file a file request received, or its thumbnail, into a binary field',
				action: 'Download a file from a file request',
			},
			{
				name: 'Get Contents',
				value: 'getContents',
				description: 'List the files and folders a file request received',
				action: 'Get the contents of a file request folder',
			},
			{
				name: 'Upload File',
				value: 'uploadFile',
				description:
					"Upload a file from the workflow's binary data into a file request. The server fetches it from n8n, so it must be able to reach n8n.",
				action: 'Upload a file to a file request',
			},
			{
				name: 'Upload From URL',
				value: 'uploadFromUrl',
				description: 'Have the server download a file from a URL into a file request',
				action: 'Upload a file from a URL to a file request',
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
