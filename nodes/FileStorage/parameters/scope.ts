import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** Shows a parameter only for some operations of one resource. */
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
