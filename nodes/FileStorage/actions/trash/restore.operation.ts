import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiRequest, endpoints } from '../../../lib/transport';
import { runBatched, serverMessageField } from '../../helpers/batch';
import { batchOptionsProperty } from '../../parameters/batch';
import { itemTargetProperties, readItemTarget } from '../../parameters/itemTarget';
import { readRequestPolicy } from '../../parameters/request';
import { scoped } from '../../parameters/scope';

export const description: INodeProperties[] = scoped('trash', 'restore', [
	...itemTargetProperties('restore'),
	{
		displayName: 'Restore to Home',
		name: 'toHome',
		type: 'boolean',
		default: false,
		description:
			'Whether to move the restored item to the top level of the account instead of its original folder',
	},
	batchOptionsProperty(),
]);

/** Endpoint 3 takes many items per request but one `to_home`, so items are grouped by it. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatched(this, items, {
		prepare: (itemIndex) => ({
			...readItemTarget(this, itemIndex, items),
			toHome: this.getNodeParameter('toHome', itemIndex, false) as boolean,
		}),
		groupKey: (target) => String(target.toHome),
		send: async (targets, firstItemIndex) => {
			const body = {
				to_home: targets[0].toHome,
				items: targets.map((target) => ({ type: target.type, id: target.id })),
			};
			const response = await apiRequest(this, endpoints.restoreFromTrash(body), {
				itemIndex: firstItemIndex,
				policy: readRequestPolicy(this, firstItemIndex),
			});
			return serverMessageField(response.body);
		},
		output: (target, shared) => ({
			id: target.id,
			type: target.type,
			restored: true,
			toHome: target.toHome,
			...shared,
		}),
	});
}
