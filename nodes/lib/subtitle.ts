// Node subtitles that show the titles users picked ("Get Contents: Folder"), not the values behind them.

import type { INodeProperties } from 'n8n-workflow';

/** Every option title of the parameters named `name`, by value. */
function titles(properties: INodeProperties[], name: string): Record<string, string> {
	const byValue: Record<string, string> = {};
	for (const property of properties) {
		if (property.name !== name || property.type !== 'options') continue;
		for (const option of property.options ?? []) {
			if ('value' in option && typeof option.value === 'string')
				byValue[option.value] = option.name;
		}
	}
	return byValue;
}

/** An expression that looks the parameter's value up among the titles (the value itself where none is known). */
function titleOf(properties: INodeProperties[], name: string): string {
	return `(${JSON.stringify(titles(properties, name))}[$parameter["${name}"]] || $parameter["${name}"])`;
}

/** `Operation: Resource`, in the titles the pickers show. */
export function operationSubtitle(properties: INodeProperties[]): string {
	return `={{ ${titleOf(properties, 'operation')} + ": " + ${titleOf(properties, 'resource')} }}`;
}

/** The title of the trigger's event. */
export function eventSubtitle(properties: INodeProperties[]): string {
	return `={{ ${titleOf(properties, 'event')} }}`;
}
