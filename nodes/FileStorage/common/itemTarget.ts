// File or Folder + File or Folder ID of one target (Restore, Delete File or Folder), declared and read here.

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { apiItemType, isObject } from '../../lib/resources/wrappers';
import { invalidParameter, UUID_PATTERN } from '../../lib/validation';
import { parameterOrMappedField } from './mappedField';

/** File or Folder's default: the type the input item states (simplified or raw). */
const FROM_INPUT_ITEM = 'fromInputItem';

/**
 * Defaults read the fields a listing or the trigger outputs (simplified or not), so they chain straight into
 * these operations. Used as a tool there is no input item: the notice, shown only then, says what to do.
 */
export function itemTargetProperties(action: string): INodeProperties[] {
	return [
		{
			displayName:
				"Used as a tool, this node has no input item: let the model define 'File or Folder ID' and 'File or Folder' (the button next to each field)",
			name: 'toolNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { '@tool': [true] } },
		},
		{
			displayName: 'File or Folder ID',
			name: 'itemId',
			type: 'string',
			default: '={{ $json.id }}',
			required: true,
			description: `ID of the file or folder to ${action}. By default, the input item's ID.`,
			placeholder: 'e.g. 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
		},
		{
			displayName: 'File or Folder',
			name: 'itemType',
			type: 'options',
			options: [
				{ name: 'File', value: 'file' },
				{ name: 'Folder', value: 'folder' },
				{
					name: 'From Input Item',
					value: FROM_INPUT_ITEM,
					description:
						"The 'type' of the input item, as a listing or the trigger outputs it (images, videos and audio are files)",
				},
			],
			default: FROM_INPUT_ITEM,
			description: 'Whether the item is a file or a folder',
		},
	];
}

export interface ItemTarget {
	id: string;
	type: 'folder' | 'file';
}

/** The type an input item states: `type` of simplified output, `data.type` of the raw wrapper. */
function typeOfInputItem(json: IDataObject): unknown {
	return json.type ?? (isObject(json.data) ? json.data.type : undefined);
}

/** File or Folder + File or Folder ID of one input item, checked against the spec (type folder|file, id uuid). */
export function readItemTarget(
	ctx: IExecuteFunctions,
	itemIndex: number,
	items: INodeExecutionData[],
): ItemTarget {
	const chosenType = parameterOrMappedField(ctx, 'itemType', itemIndex, items, FROM_INPUT_ITEM);
	const rawType =
		chosenType === FROM_INPUT_ITEM ? typeOfInputItem(items[itemIndex]?.json ?? {}) : chosenType;
	const rawId = parameterOrMappedField(ctx, 'itemId', itemIndex, items, '');
	const typeText =
		rawType === undefined || rawType === null ? '' : String(rawType).trim().toLowerCase();
	const id = rawId === undefined || rawId === null ? '' : String(rawId).trim();
	const type = apiItemType(typeText);
	if (!type) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'File or Folder',
			typeText ? `"${typeText}" is neither "file" nor "folder"` : 'is empty',
			'Choose File or Folder, or keep From Input Item and connect a node that lists files or folders.',
		);
	}
	if (!UUID_PATTERN.test(id)) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'File or Folder ID',
			id ? `"${id}" is not a file or folder ID` : 'is empty',
			"Map the 'id' field of a listed file or folder, e.g. {{ $json.id }} (with Simplify off: {{ $json.data.id }}).",
		);
	}
	return { id, type };
}
