// Trash → Restore: items back from the trash, many per request. The endpoint takes one `to_home` per request,
// so items are grouped by it.

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ApiClient, endpoints } from '../../../lib/transport';
import { batchOptionsProperty, serverMessageField } from '../../common/batch';
import type { BatchPlan } from '../../common/batch';
import type { ItemTarget } from '../../common/itemTarget';
import { itemTargetProperties, readItemTarget } from '../../common/itemTarget';
import { readRequestPolicy } from '../../common/requestOptions';

const properties: INodeProperties[] = [
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
];

export const description = updateDisplayOptions(
	{ show: { resource: ['trash'], operation: ['restore'] } },
	properties,
);

export function batchPlan(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): BatchPlan<ItemTarget & { toHome: boolean }, IDataObject> {
	const client = new ApiClient(this, 'fileStorageApi');
	return {
		prepare: (itemIndex) => ({
			...readItemTarget(this, itemIndex, items),
			toHome: this.getNodeParameter('toHome', itemIndex, false) as boolean,
		}),
		groupKey: (target) => String(target.toHome),
		send: async (targets, firstItemIndex, facts) => {
			const body = {
				to_home: targets[0].toHome,
				items: targets.map((target) => ({ type: target.type, id: target.id })),
			};
			const response = await client.request(endpoints.restoreFromTrash(body), {
				itemIndex: firstItemIndex,
				facts,
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
	};
}
