// File → Download: an account's file (or its thumbnail), with the access token for the Base URL's server only.

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { downloadProperties } from '../../download/description';
import { runDownloads } from '../../download/run';

export const description = updateDisplayOptions(
	{ show: { resource: ['file'], operation: ['download'] } },
	downloadProperties('File Storage API'),
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runDownloads(this, items, 'fileStorageApi');
}
