// File → Download: an account's file (or its thumbnail), with the access token for the Base URL's server only.

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { downloadProperties } from '../../download/description';
import type { ItemWork } from '../../common/execution';
import { downloadWork } from '../../download/run';

export const description = updateDisplayOptions(
	{ show: { resource: ['file'], operation: ['download'] } },
	downloadProperties('File Storage API'),
);

export function itemWork(this: IExecuteFunctions, items: INodeExecutionData[]): ItemWork {
	return downloadWork(this, items, 'fileStorageApi');
}
