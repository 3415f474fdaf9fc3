import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runBatched } from '../common/batch';
import type { OperationModule } from '../common/operation';
import { forEachItem } from '../common/execution';
import * as file from './file';
import * as fileRequest from './fileRequest';
import * as folder from './folder';
import * as notification from './notification';
import * as sharedFolder from './sharedFolder';
import * as trash from './trash';

const resources: Record<string, Record<string, OperationModule>> = {
	folder: folder.operations,
	file: file.operations,
	trash: trash.operations,
	sharedFolder: sharedFolder.operations,
	fileRequest: fileRequest.operations,
	notification: notification.operations,
};

/**
 * Resource and operation are fixed per node (not per item), so one module's work runs over all input items: here,
 * item by item, or through the batch runner.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const module = resources[resource]?.[operation];
	if (!module) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not supported for resource "${resource}"`,
			{ description: 'Pick a resource and an operation from the lists.' },
		);
	}
	if ('batchPlan' in module)
		return [await runBatched(this, items, module.batchPlan.call(this, items))];
	return [await forEachItem(this, items, module.itemWork.call(this, items))];
}
