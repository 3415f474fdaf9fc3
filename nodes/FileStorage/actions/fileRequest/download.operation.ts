import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runDownloads } from '../../helpers/download';
import { downloadProperties } from '../../parameters/download';
import { scoped } from '../../parameters/scope';

/**
 * File Request → Download: a file received by a file request. Its URL carries the request
 * (`…/file/<name>/upload-request/<ID>`), so no Authorization header is ever sent; the credential only puts back
 * the file request ID that this node's output masks.
 */

export const description: INodeProperties[] = scoped(
	'fileRequest',
	'download',
	downloadProperties('File Storage File Request API'),
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runDownloads(this, items, 'fileStorageFileRequestApi');
}
