// How both Delete Items operations (shared folder, file request) run: the same body, batched; only the endpoint
// and the credential differ.

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ApiCall, ApiClient } from '../../lib/transport';
import { runBatched, serverMessageField } from './batch';
import { readItemTarget } from './itemTarget';
import { readRequestPolicy } from './requestOptions';

export async function executeDeleteItems(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	client: ApiClient,
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
			const response = await client.request(endpoint(body), {
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
