import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ApiCall } from '../../lib/transport';
import { apiRequest } from '../../lib/transport';
import { batchOptionsProperty } from '../parameters/batch';
import { itemTargetProperties, readItemTarget } from '../parameters/itemTarget';
import { readRequestPolicy } from '../parameters/request';
import { scoped } from '../parameters/scope';
import { runBatched, serverMessageField } from './batch';

/** Shared folders and file requests delete with the same body; only the endpoint and wording differ. */
export function deleteItemsDescription(resource: string, where: string, permanentNote: string): INodeProperties[] {
	return scoped(resource, 'deleteItems', [
		...itemTargetProperties('delete'),
		{
			displayName: 'Delete Permanently',
			name: 'permanent',
			type: 'boolean',
			default: false,
			description: `Whether to remove the item at once from the database and storage instead of moving it to the trash ${where}. ${permanentNote}.`,
		},
		batchOptionsProperty(),
	]);
}

export async function executeDeleteItems(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	endpoint: (body: IDataObject) => ApiCall,
): Promise<INodeExecutionData[]> {
	return await runBatched(ctx, items, {
		prepare: (itemIndex) => ({
			...readItemTarget(ctx, itemIndex, items),
			permanent: ctx.getNodeParameter('permanent', itemIndex, false) as boolean,
		}),
		send: async (targets, firstItemIndex) => {
			const body = {
				items: targets.map((target) => ({
					id: target.id,
					type: target.type,
					force_delete: target.permanent,
				})),
			};
			const response = await apiRequest(ctx, endpoint(body), {
				itemIndex: firstItemIndex,
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
	});
}
