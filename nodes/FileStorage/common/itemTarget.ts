// Item Type + Item ID of one target (Restore, Delete Items), declared and read here.

import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiItemType } from '../../lib/resources/wrappers';
import { invalidParameter, UUID_PATTERN } from '../../lib/validation';
import { parameterOrMappedField } from './mappedField';

/** Defaults read the fields a Simplified list outputs, so lists chain straight into these operations. */
export function itemTargetProperties(action: string): INodeProperties[] {
	return [
		{
			displayName: 'Item Type',
			name: 'itemType',
			type: 'string',
			default: '={{ $json.type }}',
			required: true,
			description: `Type of the item to ${action}: "folder" or "file" ("image", "video" and "audio" count as file). The default reads the field "type" of the incoming item; an AI tool call has no incoming item, so let the model define it there.`,
			placeholder: 'e.g. file',
		},
		{
			displayName: 'Item ID',
			name: 'itemId',
			type: 'string',
			default: '={{ $json.id }}',
			required: true,
			description: `ID (UUID) of the item to ${action}. The default reads the field "ID" of the incoming item; an AI tool call has no incoming item, so let the model define it there.`,
			placeholder: 'e.g. 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
		},
	];
}

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
	const rawType = parameterOrMappedField(ctx, 'itemType', itemIndex, items, '');
	const rawId = parameterOrMappedField(ctx, 'itemId', itemIndex, items, '');
	const typeText = rawType === undefined || rawType === null ? '' : String(rawType).trim().toLowerCase();
	const id = rawId === undefined || rawId === null ? '' : String(rawId).trim();
	const type = apiItemType(typeText);
	if (!type) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'Item Type',
			typeText ? `"${typeText}" is not an item type` : 'is empty',
			'Use "folder" or "file" ("image", "video" and "audio" count as file). When the item comes from a list with Simplify off, map {{ $json.data.type }}.',
		);
	}
	if (!UUID_PATTERN.test(id)) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'Item ID',
			id ? `"${id}" is not an item ID (a UUID)` : 'is empty',
			'Map the "id" field of a listed file or folder, e.g. {{ $json.id }} (with Simplify off: {{ $json.data.id }}).',
		);
	}
	return { id, type };
}
