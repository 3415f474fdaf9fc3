import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as file from './actions/file';
import * as fileRequest from './actions/fileRequest';
import * as folder from './actions/folder';
import * as notification from './actions/notification';
import { route } from './actions/router';
import * as sharedFolder from './actions/sharedFolder';
import * as trash from './actions/trash';
import { searchFileRequestFolders, searchFolders } from '../lib/folderPickers/listSearch';
import { operationSubtitle } from '../lib/subtitle';

const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'File', value: 'file' },
		{ name: 'File Request', value: 'fileRequest' },
		{ name: 'Folder', value: 'folder' },
		{ name: 'Notification', value: 'notification' },
		{ name: 'Shared Folder', value: 'sharedFolder' },
		{ name: 'Trash', value: 'trash' },
	],
	default: 'folder',
};

const operationProperties: INodeProperties[] = [
	...folder.description,
	...file.description,
	...trash.description,
	...sharedFolder.description,
	...fileRequest.description,
	...notification.description,
];

export class FileStorage implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'File Storage',
		name: 'fileStorage',
		icon: {
			light: 'file:../../icons/fileStorage.svg',
			dark: 'file:../../icons/fileStorage.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle([resourceProperty, ...operationProperties]),
		description:
			'Browse and search folders and recent uploads, download files, restore files and folders from the trash, manage shared folders, upload to file requests, and read notifications',
		defaults: { name: 'File Storage' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'fileStorageApi',
				required: true,
				displayOptions: { show: { resource: ['folder', 'file', 'trash', 'notification'] } },
			},
			{
				name: 'fileStorageShareApi',
				required: true,
				displayOptions: { show: { resource: ['sharedFolder'] } },
			},
			{
				name: 'fileStorageFileRequestApi',
				required: true,
				displayOptions: { show: { resource: ['fileRequest'] } },
			},
		],
		properties: [resourceProperty, ...operationProperties],
	};

	methods = {
		listSearch: { searchFolders, searchFileRequestFolders },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
