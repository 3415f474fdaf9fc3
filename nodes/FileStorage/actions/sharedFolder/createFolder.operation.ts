// Shared Folder → Create Folder: one folder per input item. The spec has no batch create; every item is checked
// before the first request, so a bad name or parent in a later item sends nothing.

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionalParentId } from '../../../lib/folderPickers/locators';
import { readSimplify, simplifyItem, simplifyProperty } from '../../../lib/resources/simplify';
import { ApiClient, endpoints } from '../../../lib/transport';
import { invalidParameter } from '../../../lib/validation';

import type { BatchPlan } from '../../common/batch';
import { optionsCollection, readRequestPolicy } from '../../common/requestOptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Invoices 2026',
		description: 'Name of the new folder',
	},
	// A plain ID: the API offers no way to list a shared folder's contents, so there is no list to pick from.
	{
		displayName: 'Parent Folder ID',
		name: 'parent',
		type: 'string',
		default: '',
		description:
			'ID of the folder inside the shared folder to create the new folder in. Empty: the top of the shared folder.',
		placeholder: 'e.g. 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
	},
	simplifyProperty,
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sharedFolder'], operation: ['createFolder'] } },
	properties,
);

/** One folder to create, read from its input item. */
interface NewFolder {
	itemIndex: number;
	name: string;
	parentId?: string;
	simplify: boolean;
}

export function batchPlan(this: IExecuteFunctions): BatchPlan<NewFolder, IDataObject> {
	const client = new ApiClient(this, 'fileStorageShareApi');
	return {
		oneRequestPerItem: true,
		prepare: (itemIndex) => {
			const name = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim();
			if (!name) {
				throw invalidParameter(
					this.getNode(),
					itemIndex,
					'Name',
					'is empty',
					'Enter a name for the new folder.',
				);
			}
			const parentId = optionalParentId(this, itemIndex, 'parent', 'Parent Folder ID', []);
			return { itemIndex, name, parentId, simplify: readSimplify(this, itemIndex) };
		},
		send: async ([target], _first, facts) => {
			const body: IDataObject = { name: target.name };
			if (target.parentId) body.parent_id = target.parentId;
			const response = await client.request(endpoints.createFolderInShare(body), {
				itemIndex: target.itemIndex,
				policy: readRequestPolicy(this, target.itemIndex),
				facts,
			});
			return response.body;
		},
		output: (target, created) => (target.simplify ? simplifyItem(created) : created),
	};
}
