// The folder pickers of both nodes (resource locators), and the readers of their values.

import type { IExecuteFunctions, INode, INodeProperties, INodePropertyMode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { invalidParameter, UUID_PATTERN, UUID_REGEX_SOURCE } from '../validation';

/** Value of the account folder locator that means "the top level of the account" (the spec's `all`). */
export const ROOT_FOLDER_ID = 'all';

/** Value of the file-request locator that means "the request's own top folder" (no `parent_id` is sent). */
export const REQUEST_ROOT = 'root';

const EXAMPLE_ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

/** By ID is checked in the editor: a folder ID, or the word that names the root. */
function folderIdValidation(rootWord: string): INodePropertyMode['validation'] {
	return [
		{
			type: 'regex',
			properties: {
				regex: `(${UUID_REGEX_SOURCE.slice(1, -1)})|^${rootWord}$`,
				errorMessage: `Enter a folder ID, e.g. ${EXAMPLE_ID}, or ${rootWord}`,
			},
		},
	];
}

/** A folder of the account: From List (the root first) or By ID ("all" is the root, as in the API). */
export function accountFolderLocator(
	name: string,
	displayName: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: ROOT_FOLDER_ID, cachedResultName: 'Root (All Files)' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchFolders', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${EXAMPLE_ID}`,
				validation: folderIdValidation(ROOT_FOLDER_ID),
			},
		],
	};
}

/** A folder inside the file request: From List (the request root first) or By ID ("root" is its top). */
export function fileRequestFolderLocator(
	name: string,
	displayName: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: REQUEST_ROOT, cachedResultName: 'File Request Root' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchFileRequestFolders', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${EXAMPLE_ID}`,
				validation: folderIdValidation(REQUEST_ROOT),
			},
		],
	};
}

/** Reads a locator's value as a trimmed string, whatever the mode or expression produced. */
export function locatorValue(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback = '',
): string {
	const value = ctx.getNodeParameter(name, itemIndex, fallback, { extractValue: true }) as unknown;
	return value === undefined || value === null ? '' : String(value).trim();
}

/**
 * The one check of a folder ID typed into either node, the same rule the editor's By ID applies: one of the words
 * for the top (`rootWords`, and empty where the parameter is optional), or a UUID, the form of every folder ID the
 * service issues. Anything else (a name, a dot segment that would address another endpoint) fails before a
 * request is sent, naming the parameter, and the item where there is one. Returns the ID, or undefined for the top.
 */
export function checkFolderId(
	node: INode,
	value: string,
	folder: { parameter: string; rootWords: string[]; optional: boolean; itemIndex?: number },
): string | undefined {
	const { parameter, rootWords, optional, itemIndex } = folder;
	if ((optional && value === '') || rootWords.includes(value.toLowerCase())) return undefined;
	if (UUID_PATTERN.test(value)) return value;
	const problem = value === '' ? 'is empty' : `"${value}" is not a folder ID`;
	const fix = rootWords.length
		? `Pick the folder with 'From List', or enter its ID (e.g. ${EXAMPLE_ID}) or '${rootWords[0]}'.`
		: `Enter the ID of a folder, e.g. ${EXAMPLE_ID}, or leave it empty.`;
	if (itemIndex !== undefined) throw invalidParameter(node, itemIndex, parameter, problem, fix);
	throw new NodeOperationError(node, `${parameter}: ${problem}`, { description: fix });
}

/** The account folder a locator names (`all` is the root). */
export function accountFolderId(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	displayName: string,
): string {
	const value = locatorValue(ctx, name, itemIndex, ROOT_FOLDER_ID);
	const folder = {
		parameter: displayName,
		rootWords: [ROOT_FOLDER_ID],
		optional: false,
		itemIndex,
	};
	return checkFolderId(ctx.getNode(), value, folder) ?? ROOT_FOLDER_ID;
}

/** An optional parent folder: undefined for the top (empty or one of `rootWords`), the ID otherwise. */
export function optionalParentId(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	displayName: string,
	rootWords: string[],
): string | undefined {
	const value = locatorValue(ctx, parameter, itemIndex);
	const folder = { parameter: displayName, rootWords, optional: true, itemIndex };
	return checkFolderId(ctx.getNode(), value, folder);
}
