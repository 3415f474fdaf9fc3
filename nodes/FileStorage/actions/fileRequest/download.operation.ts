// File Request → Download: a file received by a file request. Its URL carries the request
// (`…/file/<name>/upload-request/<ID>`), so no Authorization header is ever sent; the credential only puts back the
// file request ID that this node's output masks.

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { downloadProperties } from '../../download/description';
import type { ItemWork } from '../../common/execution';
import { downloadWork } from '../../download/run';

export const description = updateDisplayOptions(
	{ show: { resource: ['fileRequest'], operation: ['download'] } },
	downloadProperties('File Storage File Request API'),
);

export function itemWork(this: IExecuteFunctions, items: INodeExecutionData[]): ItemWork {
	return downloadWork(this, items, 'fileStorageFileRequestApi');
}
