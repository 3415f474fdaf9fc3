// File → Search: files and folders anywhere below a folder, found by name, type, date or size. The API has no
// search: the folder listings are walked breadth first (search/treeWalk.ts) and filtered here, and the walk stops
// as soon as Limit is met.

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { accountFolderId, accountFolderLocator } from '../../../lib/folderPickers/locators';
import { simplifyItem } from '../../../lib/resources/simplify';
import { ApiClient } from '../../../lib/transport';
import { invalidParameter } from '../../../lib/validation';
import type { ItemWork } from '../../common/execution';
import { jsonItems } from '../../common/execution';
import { listingProperties, readListing } from '../../common/listing';
import { optionsCollection } from '../../common/requestOptions';
import { filtersProperty, matches, readFilters } from '../../search/filters';
import type { TreeEntry } from '../../search/treeWalk';
import { walkTree } from '../../search/treeWalk';

/** Folders listed at once: enough to hide each answer's wait, few enough to stay polite to the server. */
export const SEARCH_CONCURRENCY = 4;

const properties: INodeProperties[] = [
	accountFolderLocator(
		'folder',
		'Folder',
		'Folder to search in. By ID takes the folder\'s UUID, or "all" for Root (All Files) to search all your files.',
	),
	{
		displayName: 'Include Subfolders',
		name: 'includeSubfolders',
		type: 'boolean',
		default: true,
		description: 'Whether to search the folders inside the folder too, level by level',
	},
	{
		displayName: 'Max Depth',
		name: 'maxDepth',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			'How many levels of subfolders to search: 1 searches only the folders directly inside. 0 means no limit.',
		displayOptions: { show: { includeSubfolders: [true] } },
	},
	filtersProperty,
	...listingProperties,
	optionsCollection(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['file'], operation: ['search'] } },
	properties,
);

function readMaxDepth(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (!(ctx.getNodeParameter('includeSubfolders', itemIndex, true) as boolean)) return 0;
	const depth = ctx.getNodeParameter('maxDepth', itemIndex, 0) as number;
	if (!Number.isInteger(depth) || depth < 0) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'Max Depth',
			`must be a whole number of 0 or more, got ${depth}`,
			'Set Max Depth to 0 (no limit) or the levels of subfolders to search.',
		);
	}
	return depth === 0 ? undefined : depth;
}

/**
 * A found item with the path of the folder it is in. Simplified, `folderPath` takes the place of `parentName` (the
 * path's last part), so an item keeps ten fields, in the same order.
 */
function toOutput({ wrapper, folder }: TreeEntry, simplify: boolean): IDataObject {
	if (!simplify) return { ...wrapper, folderPath: folder.path };
	const simplified = simplifyItem(wrapper);
	const found: IDataObject = {};
	for (const key in simplified) {
		if (key === 'parentName') found.folderPath = folder.path;
		else found[key] = simplified[key];
	}
	return found;
}

export function itemWork(this: IExecuteFunctions): ItemWork {
	const client = new ApiClient(this, 'fileStorageApi');
	return {
		run: async (itemIndex) => {
			const folderId = accountFolderId(this, 'folder', itemIndex, 'Folder');
			const maxDepth = readMaxDepth(this, itemIndex);
			const filters = readFilters(this, itemIndex);
			const { options, simplify } = readListing(this, itemIndex, { sortable: false });
			const found: IDataObject[] = [];
			const tree = walkTree(client, folderId, {
				itemIndex,
				policy: options.policy,
				concurrency: SEARCH_CONCURRENCY,
				maxDepth,
			});
			for await (const entry of tree) {
				if (!matches(filters, entry.wrapper)) continue;
				found.push(toOutput(entry, simplify));
				// Leaving the loop ends the walk: nothing more is asked of the server.
				if (options.limit !== undefined && found.length >= options.limit) break;
			}
			return jsonItems(found);
		},
	};
}
