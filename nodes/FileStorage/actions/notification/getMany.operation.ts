// Notification → Get Many: the account's notifications, newest first. The endpoint answers in one page, so Unread
// Only and Limit apply to what it sent.

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyNotification } from '../../../lib/resources/simplify';
import { isUnreadNotification } from '../../../lib/resources/wrappers';
import { ApiClient, endpoints, list } from '../../../lib/transport';
import type { ItemWork } from '../../common/execution';
import { jsonItems } from '../../common/execution';
import { listingProperties, readListing } from '../../common/listing';
import { optionsCollection } from '../../common/requestOptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Unread Only',
		name: 'unreadOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to return only notifications that have not been read yet',
	},
	...listingProperties,
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['notification'], operation: ['getMany'] } },
	properties,
);

export function itemWork(this: IExecuteFunctions): ItemWork {
	const client = new ApiClient(this, 'fileStorageApi');
	return {
		run: async (itemIndex) => {
			const listing = readListing(this, itemIndex, { sortable: false });
			const unreadOnly = this.getNodeParameter('unreadOnly', itemIndex, false) as boolean;
			const options = { ...listing.options, keep: unreadOnly ? isUnreadNotification : undefined };
			const { wrappers } = await list(
				client,
				endpoints.notifications(),
				options,
				listing.simplify ? simplifyNotification : undefined,
			);
			return jsonItems(wrappers);
		},
	};
}
