import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { UUID_PATTERN } from './descriptions';
import { invalidParameter, itemParameter } from './execution';
import { apiItemType } from './simplify';

export interface ItemTarget {
	id: string;
	type: 'folder' | 'file';
}

/** Item Type + Item ID of one input item, checked against the spec (type folder|file, id uuid). */
export function readItemTarget(
	ctx: IExecuteFunctions,
	itemIndex: number,
	items: INodeExecutionData[],
): ItemTarget {
	const rawType = itemParameter(ctx, 'itemType', itemIndex, items, '');
	const rawId = itemParameter(ctx, 'itemId', itemIndex, items, '');
	const typeText = rawType === undefined || rawType === null ? '' : String(rawType).trim().toLowerCase();
	const id = rawId === undefined || rawId === null ? '' : String(rawId).trim();
	const type = apiItemType(typeText);
	if (!type) {
		throw invalidParameter(
			ctx,
			itemIndex,
			'Item Type',
			typeText ? `"${typeText}" is not an item type` : 'is empty',
			'Use "folder" or "file" ("image", "video" and "audio" count as file). When the item comes from a list with Simplify off, map {{ $json.data.type }}.',
		);
	}
	if (!UUID_PATTERN.test(id)) {
		throw invalidParameter(
			ctx,
			itemIndex,
			'Item ID',
			id ? `"${id}" is not an item ID (a UUID)` : 'is empty',
			'Map the "id" field of a listed file or folder, e.g. {{ $json.id }} (with Simplify off: {{ $json.data.id }}).',
		);
	}
	return { id, type };
}
