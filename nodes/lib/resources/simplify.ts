// Simplify: at most ten flat fields per item, the ones a workflow builder reaches for, most used first. Servers
// differ (see docs/tolerant-reader.md): dates are not ISO, sizes are text, `relationships` may be `[]`,
// thumbnails may be objects of sizes. The raw answer, with every field as the server sent it, is one switch away.

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseServiceDate } from './dates';
import { parseSize } from './sizes';
import { pickThumbnail } from './thumbnails';
import { attributesOf, isObject, unwrapResource } from './wrappers';

/** The size of thumbnail simplified items link to, when a server offers several. */
export const SIMPLIFIED_THUMBNAIL_SIZE = 'lg';

/** Whether a resource has a related resource (`relationships.<name>`, wrapped or bare, not empty). */
function hasRelated(relationships: IDataObject | undefined, name: string): boolean {
	const relation = relationships?.[name];
	if (!isObject(relation)) return false;
	const data = unwrapResource(relation);
	for (const key in data) if (Object.prototype.hasOwnProperty.call(data, key)) return true;
	return false;
}

/** The `parent` relationship (the containing folder), when the server sent one. */
function parentOf(relationships: IDataObject | undefined): IDataObject | undefined {
	const parent = relationships?.parent;
	return isObject(parent) ? unwrapResource(parent) : undefined;
}

/**
 * One file or folder (wrapper or bare resource) → ten flat fields. Files (`type` file, image, video or audio):
 * id, name, type, mimeType, size (bytes), createdAt (ISO), parentId, parentName, fileUrl, thumbnailUrl. Folders:
 * id, name, type, itemCount, size (bytes), createdAt, parentId, parentName, shared, trashedItemCount. Listings
 * have thousands: each kind is one object literal, so all items of a kind share one shape.
 */
export function simplifyItem(wrapper: unknown): IDataObject {
	const resource = unwrapResource(wrapper);
	const attributes = attributesOf(resource);
	const relationships = isObject(resource.relationships) ? resource.relationships : undefined;
	const parent = parentOf(relationships);
	const parentId = attributes.parent_id ?? parent?.id ?? null;
	const parentName = attributesOf(parent).name ?? null;
	if (resource.type === 'folder') {
		return {
			id: resource.id ?? null,
			name: attributes.name ?? null,
			type: 'folder',
			itemCount: attributes.items ?? null,
			size: parseSize(attributes.filesize),
			createdAt: parseServiceDate(attributes.created_at),
			parentId,
			parentName,
			shared: hasRelated(relationships, 'shared'),
			trashedItemCount: attributes.trashed_items ?? null,
		};
	}
	return {
		id: resource.id ?? null,
		name: attributes.name ?? null,
		type: resource.type ?? null,
		mimeType: attributes.mimetype ?? null,
		size: parseSize(attributes.filesize),
		createdAt: parseServiceDate(attributes.created_at),
		parentId,
		parentName,
		fileUrl: attributes.file_url ?? null,
		thumbnailUrl: pickThumbnail(attributes.thumbnail, SIMPLIFIED_THUMBNAIL_SIZE) ?? null,
	};
}

/** One notification → id, title, description, category, action, createdAt (ISO), read, readAt, type. */
export function simplifyNotification(wrapper: unknown): IDataObject {
	const resource = unwrapResource(wrapper);
	const attributes = attributesOf(resource);
	return {
		id: resource.id ?? null,
		title: attributes.title ?? null,
		description: attributes.description ?? null,
		category: attributes.category ?? null,
		action: attributes.action ?? null,
		createdAt: parseServiceDate(attributes.created_at),
		read: attributes.read_at !== undefined && attributes.read_at !== null,
		readAt: parseServiceDate(attributes.read_at),
		// The notification's kind as the server names it (a class-like identifier).
		type: resource.type ?? null,
	};
}

/** The Simplify toggle both nodes offer, and its reader. */
export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

export function readSimplify(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return ctx.getNodeParameter('simplify', itemIndex, true) as boolean;
}
