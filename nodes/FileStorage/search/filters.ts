// Search's filters: read and checked once per input item (before any request), then matched against each listed
// file or folder. The API has no search: every filter is applied here, to what the folder listings return.

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseServiceDate } from '../../lib/resources/dates';
import { MB_UNIT, megabytesToBytes, parseSize } from '../../lib/resources/sizes';
import { attributesOf, unwrapResource } from '../../lib/resources/wrappers';
import { invalidParameter } from '../../lib/validation';

export const filtersProperty: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		{
			displayName: 'Created After',
			name: 'createdAfter',
			type: 'dateTime',
			default: '',
			description:
				'Only files and folders created on this day or later. The server dates them by day, so the time of day is not used.',
		},
		{
			displayName: 'Created Before',
			name: 'createdBefore',
			type: 'dateTime',
			default: '',
			description:
				'Only files and folders created on this day or earlier. The server dates them by day, so the time of day is not used.',
		},
		{
			displayName: 'File Extension',
			name: 'extensions',
			type: 'string',
			default: '',
			placeholder: 'e.g. pdf, docx',
			description: 'Only files whose name ends with one of these extensions (comma-separated)',
		},
		{
			displayName: 'Max Size (MB)',
			name: 'maxSizeMb',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 3 },
			default: 0,
			description: `Only files and folders of at most this size, in megabytes (${MB_UNIT}). 0, the default, means no upper limit.`,
		},
		{
			displayName: 'MIME Type',
			name: 'mimeTypes',
			type: 'string',
			default: '',
			placeholder: 'e.g. application/pdf, image/*',
			description:
				'Only files of one of these types (comma-separated); "image/*" matches every image',
		},
		{
			displayName: 'Min Size (MB)',
			name: 'minSizeMb',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 3 },
			default: 0,
			description: `Only files and folders of at least this size, in megabytes (${MB_UNIT}). 0, the default, means no lower limit.`,
		},
		{
			displayName: 'Name Contains',
			name: 'nameContains',
			type: 'string',
			default: '',
			placeholder: 'e.g. invoice',
			description:
				'Only files and folders whose name contains this text. Upper and lower case count as the same.',
		},
		{
			displayName: 'Name Matches',
			name: 'namePattern',
			type: 'string',
			default: '',
			placeholder: 'e.g. invoice-*.pdf',
			description:
				'Only files and folders whose whole name fits this pattern: * stands for any text, ? for one character. Upper and lower case count as the same.',
		},
		{
			displayName: 'Return',
			name: 'itemType',
			type: 'options',
			options: [
				{ name: 'Files and Folders', value: 'any' },
				{ name: 'Files Only', value: 'file' },
				{ name: 'Folders Only', value: 'folder' },
			],
			default: 'any',
			description:
				'Whether to return files, folders or both. The folders inside are searched either way.',
		},
	],
};

export interface SearchFilters {
	itemType: 'any' | 'file' | 'folder';
	nameContains?: string;
	namePattern?: RegExp;
	extensions?: string[];
	/** Exact types, and `type/` prefixes for `type/*`. */
	mimeTypes?: { exact: Set<string>; prefixes: string[] };
	/** Days (YYYY-MM-DD), inclusive. */
	createdAfter?: string;
	createdBefore?: string;
	/** Bytes, inclusive. */
	minSize?: number;
	maxSize?: number;
}

function listOf(text: unknown): string[] {
	return String(text ?? '')
		.split(',')
		.map((part) => part.trim().toLowerCase())
		.filter((part) => part !== '');
}

/** `invoice-*.pdf` → a case-insensitive regular expression for the whole name. */
function wildcardPattern(pattern: string): RegExp {
	const source = pattern
		.replace(/[.+^${}()|[\]\\]/g, '\\$&')
		.replace(/\*/g, '.*')
		.replace(/\?/g, '.');
	return new RegExp(`^${source}$`, 'is');
}

/** A dateTime parameter's day, or undefined when empty; anything else fails naming the filter. */
function dayOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	name: string,
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text =
		typeof value === 'string'
			? value
			: String((value as { toISO?: () => string }).toISO?.() ?? value);
	const day = /^(\d{4}-\d{2}-\d{2})/.exec(text.trim())?.[1];
	if (!day || Number.isNaN(Date.parse(day))) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			name,
			`"${text}" is not a date`,
			'Pick a date, e.g. 2026-03-01.',
		);
	}
	return day;
}

function sizeOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	name: string,
): number | undefined {
	if (value === undefined || value === null || value === '' || value === 0) return undefined;
	const bytes = megabytesToBytes(value);
	if (bytes === undefined) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			name,
			`must be a number of megabytes of 0 or more, got ${String(value)}`,
			`Enter a size in megabytes (${MB_UNIT}), e.g. 2.5, or remove the filter.`,
		);
	}
	return bytes;
}

export function readFilters(ctx: IExecuteFunctions, itemIndex: number): SearchFilters {
	const raw = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const itemType = String(raw.itemType ?? 'any');
	if (itemType !== 'any' && itemType !== 'file' && itemType !== 'folder') {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'Return',
			`"${itemType}" is not a choice`,
			'Pick Files and Folders, Files Only or Folders Only.',
		);
	}
	const nameContains = String(raw.nameContains ?? '')
		.trim()
		.toLowerCase();
	const pattern = String(raw.namePattern ?? '').trim();
	const mimeTypes = listOf(raw.mimeTypes);
	const extensions = listOf(raw.extensions).map((extension) => extension.replace(/^\*?\./, ''));
	const filters: SearchFilters = {
		itemType,
		nameContains: nameContains || undefined,
		namePattern: pattern ? wildcardPattern(pattern) : undefined,
		extensions: extensions.length ? extensions : undefined,
		mimeTypes: mimeTypes.length
			? {
					exact: new Set(mimeTypes.filter((type) => !type.endsWith('/*'))),
					prefixes: mimeTypes
						.filter((type) => type.endsWith('/*'))
						.map((type) => type.slice(0, -1)),
				}
			: undefined,
		createdAfter: dayOf(ctx, itemIndex, raw.createdAfter, 'Created After'),
		createdBefore: dayOf(ctx, itemIndex, raw.createdBefore, 'Created Before'),
		minSize: sizeOf(ctx, itemIndex, raw.minSizeMb, 'Min Size (MB)'),
		maxSize: sizeOf(ctx, itemIndex, raw.maxSizeMb, 'Max Size (MB)'),
	};
	if (
		filters.createdAfter &&
		filters.createdBefore &&
		filters.createdAfter > filters.createdBefore
	) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'Created Before',
			`${filters.createdBefore} is before Created After (${filters.createdAfter})`,
			'Pick a Created Before day on or after Created After, or remove one of them.',
		);
	}
	if (
		filters.minSize !== undefined &&
		filters.maxSize !== undefined &&
		filters.minSize > filters.maxSize
	) {
		throw invalidParameter(
			ctx.getNode(),
			itemIndex,
			'Max Size (MB)',
			'is smaller than Min Size (MB)',
			'Set Max Size (MB) to at least Min Size (MB), or remove one of them.',
		);
	}
	return filters;
}

/** Whether the filters look at file-only fields (type, extension): then folders never match. */
function filesOnly(filters: SearchFilters): boolean {
	return (
		filters.itemType === 'file' ||
		filters.extensions !== undefined ||
		filters.mimeTypes !== undefined
	);
}

/** Whether a listed file or folder (wrapper or bare resource) passes every filter. */
export function matches(filters: SearchFilters, wrapper: IDataObject): boolean {
	const resource = unwrapResource(wrapper);
	const isFolder = resource.type === 'folder';
	if (isFolder ? filesOnly(filters) : filters.itemType === 'folder') return false;
	const attributes = attributesOf(resource);
	const name = typeof attributes.name === 'string' ? attributes.name : '';
	if (filters.nameContains !== undefined && !name.toLowerCase().includes(filters.nameContains))
		return false;
	if (filters.namePattern !== undefined && !filters.namePattern.test(name)) return false;
	if (filters.extensions !== undefined) {
		const dot = name.lastIndexOf('.');
		if (dot < 0 || !filters.extensions.includes(name.slice(dot + 1).toLowerCase())) return false;
	}
	if (filters.mimeTypes !== undefined) {
		const type = String(attributes.mimetype ?? '').toLowerCase();
		const { exact, prefixes } = filters.mimeTypes;
		if (!exact.has(type) && !prefixes.some((prefix) => type.startsWith(prefix))) return false;
	}
	if (filters.createdAfter !== undefined || filters.createdBefore !== undefined) {
		// An item whose date cannot be read cannot be shown to be inside the range.
		const day = parseServiceDate(attributes.created_at)?.slice(0, 10);
		if (!day) return false;
		if (filters.createdAfter !== undefined && day < filters.createdAfter) return false;
		if (filters.createdBefore !== undefined && day > filters.createdBefore) return false;
	}
	if (filters.minSize !== undefined || filters.maxSize !== undefined) {
		const size = parseSize(attributes.filesize);
		if (size === null) return false;
		if (filters.minSize !== undefined && size < filters.minSize) return false;
		if (filters.maxSize !== undefined && size > filters.maxSize) return false;
	}
	return true;
}
