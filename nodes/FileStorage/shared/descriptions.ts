import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** Parameters shared by several operations, built once here and scoped with `displayFor`. */

export function displayFor(resource: string, operations: string[]): IDisplayOptions {
	return { show: { resource: [resource], operation: operations } };
}

/** Scopes a group of operation parameters to one resource/operation pair. */
export function scoped(resource: string, operation: string, properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, ...displayFor(resource, [operation]).show },
		},
	}));
}

export const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return one flat object per entry (ID, name, size in bytes, ISO dates, share and photo details) instead of the raw API response',
};

export const sortProperty: INodeProperties = {
	displayName: 'Sort By',
	name: 'sort',
	type: 'options',
	options: [
		{ name: 'Created At', value: 'created_at' },
		{ name: 'Name', value: 'name' },
	],
	default: 'created_at',
	description: 'Field the server sorts the results by',
};

export const directionProperty: INodeProperties = {
	displayName: 'Direction',
	name: 'direction',
	type: 'options',
	options: [
		{ name: 'Descending', value: 'DESC' },
		{ name: 'Ascending', value: 'ASC' },
	],
	default: 'DESC',
	description: 'Sort direction: newest (or Z) first, or oldest (or A) first',
};

/** What every sortable file/folder listing offers: Return All, Limit, Sort By, Direction, Simplify. */
export const sortedListingProperties: INodeProperties[] = [
	returnAllProperty,
	limitProperty,
	sortProperty,
	directionProperty,
	simplifyProperty,
];

export const ROOT_FOLDER_ID = 'all';

/** Spec ids typed as uuid: any 8-4-4-4-12 hex string (the nil UUID included). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const UUID_REGEX_SOURCE = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Item type + ID of one target, defaulting to the fields a Simplified list outputs, so lists chain into it. */
export function itemTargetProperties(action: string): INodeProperties[] {
	return [
		{
			displayName: 'Item Type',
			name: 'itemType',
			type: 'string',
			default: '={{ $json.type }}',
			required: true,
			description: `Type of the item to ${action}: "folder" or "file" ("image", "video" and "audio" count as file). The default reads the field "type" of the incoming item.`,
			placeholder: 'e.g. file',
		},
		{
			displayName: 'Item ID',
			name: 'itemId',
			type: 'string',
			default: '={{ $json.id }}',
			required: true,
			description: `ID (UUID) of the item to ${action}. The default reads the field "ID" of the incoming item.`,
			placeholder: 'e.g. 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
		},
	];
}

export const batchSizeOption: INodeProperties = {
	displayName: 'Batch Size',
	name: 'batchSize',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 100,
	description:
		'How many input items are sent together in one request. If a request fails, every item of that batch reports the error.',
};
