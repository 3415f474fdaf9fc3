import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runDownloads } from '../../helpers/download';
import { downloadProperties } from '../../parameters/download';
import { scoped } from '../../parameters/scope';

/** File → Download: an account's file (or its thumbnail), with the access token for the Base URL's server only. */

export const description: INodeProperties[] = scoped('file', 'download', downloadProperties('File Storage API'));

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runDownloads(this, items, 'fileStorageApi');
}
