// How both Delete File or Folder operations (shared folder, file request) run: the same body, batched; only the endpoint
// and the credential differ.

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { ApiCall, ApiClient } from '../../lib/transport';
import type { BatchPlan } from './batch';
import { batchOptionsProperty, serverMessageField } from './batch';
import type { ItemTarget } from './itemTarget';
import { itemTargetProperties, readItemTarget } from './itemTarget';
import { readRequestPolicy } from './requestOptions';

/** The screen both share: which item, whether for good (its description says where the trash is), batching. */
export function deleteItemsProperties(permanentDescription: string): INodeProperties[] {
	return [
		...itemTargetProperties('delete'),
		{
			displayName: 'Delete Permanently',
			name: 'permanent',
			type: 'boolean',
			default: false,
			description: permanentDescription,
		},
		batchOptionsProperty(),
	];
}

/** One file or folder to delete, read from its input item. */
export type DeleteTarget = ItemTarget & { permanent: boolean };

export function deleteItemsPlan(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	client: ApiClient,
	endpoint: (body: IDataObject) => ApiCall,
): BatchPlan<DeleteTarget, IDataObject> {
	return {
		prepare: (itemIndex) => ({
			...readItemTarget(ctx, itemIndex, items),
			permanent: ctx.getNodeParameter('permanent', itemIndex, false) as boolean,
		}),
		send: async (targets, firstItemIndex, facts) => {
			const body = {
				items: targets.map((target) => ({
					id: target.id,
					type: target.type,
					force_delete: target.permanent,
				})),
			};
			const response = await client.request(endpoint(body), {
				itemIndex: firstItemIndex,
				facts,
				policy: readRequestPolicy(ctx, firstItemIndex),
			});
			return serverMessageField(response.body);
		},
		output: (target, shared) => ({
			id: target.id,
			type: target.type,
			deleted: true,
			permanent: target.permanent,
			...shared,
		}),
	};
}
