/**
 * What the editor should show, read from the nodes' own descriptions (never a copy kept by hand): the actions of the
 * node creator, and for an operation the fields its panel shows with the values it is opened with.
 */
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { FileStorage } from '../../nodes/FileStorage/FileStorage.node';
import { FileStorageTrigger } from '../../nodes/FileStorageTrigger/FileStorageTrigger.node';

export const NODE: INodeTypeDescription = new FileStorage().description;
export const TRIGGER: INodeTypeDescription = new FileStorageTrigger().description;

function optionsOf(property: INodeProperties | undefined): INodePropertyOptions[] {
	return (property?.options ?? []) as INodePropertyOptions[];
}

export interface Operation {
	resource: string;
	resourceName: string;
	operation: string;
	operationName: string;
	action: string;
}

/** Every resource/operation pair of the node, with the names the editor shows. */
export function operations(): Operation[] {
	const resources = optionsOf(NODE.properties.find((p) => p.name === 'resource'));
	return resources.flatMap((resource) => {
		const picker = NODE.properties.find(
			(p) =>
				p.name === 'operation' && (p.displayOptions?.show?.resource ?? []).includes(resource.value),
		);
		return optionsOf(picker).map((option) => ({
			resource: String(resource.value),
			resourceName: resource.name,
			operation: String(option.value),
			operationName: option.name,
			action: String(option.action ?? option.name),
		}));
	});
}

/** The trigger's events as the node creator lists them ("On new upload"). */
export function triggerActions(): string[] {
	return optionsOf(TRIGGER.properties.find((p) => p.name === 'event')).map(
		(event) => `On ${event.name.toLowerCase()}`,
	);
}

/** n8n's display rule for one property, given the values the node has (its own, else the defaults). */
function isShown(property: INodeProperties, values: Record<string, unknown>): boolean {
	const matches = (key: string, allowed: unknown[]) => {
		// Not used as a tool in the editor's panel; node version 1.
		const value = key === '@tool' ? false : key === '@version' ? 1 : values[key];
		return allowed.includes(value);
	};
	const { show, hide } = property.displayOptions ?? {};
	for (const [key, allowed] of Object.entries(show ?? {}))
		if (!matches(key, allowed as unknown[])) return false;
	for (const [key, allowed] of Object.entries(hide ?? {}))
		if (matches(key, allowed as unknown[])) return false;
	return true;
}

/**
 * The labels of the fields the panel shows for `parameters` (top level; collections show their own label, not
 * their options until one is added). Notices are not fields.
 */
export function expectedFields(
	description: INodeTypeDescription,
	parameters: Record<string, unknown>,
): string[] {
	const values: Record<string, unknown> = {};
	for (const property of description.properties) {
		if (!(property.name in values))
			values[property.name] = parameters[property.name] ?? property.default;
	}
	Object.assign(values, parameters);
	return description.properties
		.filter((property) => property.type !== 'notice' && isShown(property, values))
		.flatMap((property) => [
			property.displayName,
			...setOptionsOf(property, parameters[property.name]),
		]);
}

/** A collection shows the options that hold a value, in the collection's order, below its own label. */
function setOptionsOf(property: INodeProperties, value: unknown): string[] {
	if (property.type !== 'collection' || !value || typeof value !== 'object') return [];
	const set = value as Record<string, unknown>;
	return ((property.options ?? []) as INodeProperties[])
		.filter((option) => option.name in set)
		.map((option) => option.displayName);
}

/** The simplified fields of a kind, as the output table heads its columns. */
export function simplifiedKeys(
	simplify: (element: unknown) => Record<string, unknown>,
	elements: unknown[],
): string[] {
	const keys = new Set<string>();
	for (const element of elements) for (const key of Object.keys(simplify(element))) keys.add(key);
	return [...keys];
}
