// Flat, readable views of the API's resources. Servers differ (see the README's "Tolerant reader"): dates are
// not ISO, sizes are text, `relationships` may be `[]`, thumbnails may be objects. Every parsed value sits next
// to the original text so nothing is lost when parsing fails.

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseServiceDate } from './dates';
import { parseSize } from './sizes';
import { apiItemType, attributesOf, isObject, unwrapResource } from './wrappers';

/** Whether an object has an own key (without building the list of its keys, once per relationship per item). */
function hasOwnKey(value: IDataObject): boolean {
	for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) return true;
	return false;
}

/** A related resource (`relationships.<name>`, wrapped or bare); some servers send `relationships` as `[]`. */
function related(relationships: IDataObject | undefined, name: string): IDataObject | undefined {
	const relation = relationships?.[name];
	if (!isObject(relation)) return undefined;
	const data = unwrapResource(relation);
	return hasOwnKey(data) ? data : undefined;
}

function textOrNull(value: unknown): string | null {
	return typeof value === 'string' ? value : null;
}

function simplifyShare(share: IDataObject | undefined): IDataObject | null {
	if (!share) return null;
	const attributes = attributesOf(share);
	// Token and link are credentials of the share: they are never put in output.
	return {
		id: share.id ?? null,
		permission: attributes.permission ?? null,
		protected: attributes.protected ?? null,
		expiresInHours: attributes.expire_in ?? null,
		itemType: attributes.type ?? null,
	};
}

function simplifyExif(exif: IDataObject | undefined): IDataObject | null {
	return exif ? { id: exif.id ?? null, ...attributesOf(exif) } : null;
}

function simplifyPerson(person: IDataObject | undefined): IDataObject | null {
	return person ? { id: person.id ?? null, name: attributesOf(person).name ?? null } : null;
}

/**
 * One file or folder wrapper (or bare resource) → one flat object. Listings have thousands: each kind is built as
 * one object literal, so all items of a kind share one shape with every field in the object itself, and nothing
 * else is allocated on the way but the nested objects of the output.
 */
export function simplifyItem(element: unknown): IDataObject {
	const resource = unwrapResource(element);
	const attributes = attributesOf(resource);
	const relationships = isObject(resource.relationships) ? resource.relationships : undefined;
	const parent = related(relationships, 'parent');
	const filesize = attributes.filesize;
	const createdAt = attributes.created_at;
	const updatedAt = attributes.updated_at;
	const deletedAt = attributes.deleted_at;
	// The fields every item has, in output order (the kind's own fields follow).
	const id = resource.id ?? null;
	const type = resource.type ?? null;
	const itemType = apiItemType(resource.type) ?? null;
	const name = attributes.name ?? null;
	const parentId = attributes.parent_id ?? parent?.id ?? null;
	const parentName = attributesOf(parent).name ?? null;
	const size = parseSize(filesize);
	// The server's own text (files send `1.23MB`); a folder's numeric size is in `size` only.
	const sizeText = typeof filesize === 'string' ? filesize : null;
	const trashed = deletedAt !== undefined && deletedAt !== null;
	const shared = simplifyShare(related(relationships, 'shared'));
	if (resource.type === 'folder') {
		return {
			id,
			type,
			itemType,
			name,
			parentId,
			parentName,
			size,
			sizeText,
			createdAt: parseServiceDate(createdAt),
			createdAtText: textOrNull(createdAt),
			updatedAt: parseServiceDate(updatedAt),
			updatedAtText: textOrNull(updatedAt),
			deletedAt: parseServiceDate(deletedAt),
			deletedAtText: textOrNull(deletedAt),
			trashed,
			shared,
			color: attributes.color ?? null,
			emoji: attributes.emoji ?? null,
			isTeamFolder: attributes.isTeamFolder ?? null,
			itemCount: attributes.items ?? null,
			trashedItemCount: attributes.trashed_items ?? null,
			owner: simplifyPerson(related(relationships, 'user')),
		};
	}
	return {
		id,
		type,
		itemType,
		name,
		parentId,
		parentName,
		size,
		sizeText,
		createdAt: parseServiceDate(createdAt),
		createdAtText: textOrNull(createdAt),
		updatedAt: parseServiceDate(updatedAt),
		updatedAtText: textOrNull(updatedAt),
		deletedAt: parseServiceDate(deletedAt),
		deletedAtText: textOrNull(deletedAt),
		trashed,
		shared,
		basename: attributes.basename ?? null,
		mimeType: attributes.mimetype ?? null,
		fileUrl: attributes.file_url ?? null,
		thumbnail: attributes.thumbnail ?? null,
		creator: simplifyPerson(related(relationships, 'creator')),
		exif: simplifyExif(related(relationships, 'exif')),
	};
}

/** One notification wrapper → one flat object. */
export function simplifyNotification(element: unknown): IDataObject {
	const resource = unwrapResource(element);
	const attributes = attributesOf(resource);
	return {
		id: resource.id ?? null,
		// `type` is the API's own type everywhere: a notification's class here, `folder`/`file`/`image`… for items.
		type: resource.type ?? null,
		category: attributes.category ?? null,
		title: attributes.title ?? null,
		description: attributes.description ?? null,
		action: attributes.action ?? null,
		createdAt: parseServiceDate(attributes.created_at),
		createdAtText: textOrNull(attributes.created_at),
		readAt: parseServiceDate(attributes.read_at),
		readAtText: textOrNull(attributes.read_at),
		read: attributes.read_at !== undefined && attributes.read_at !== null,
	};
}

/** The Simplify toggle both nodes offer, and its reader. */
export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return one flat object per entry (ID, name, size in bytes, ISO dates, share and photo details) instead of the raw API response',
};

export function readSimplify(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return ctx.getNodeParameter('simplify', itemIndex, true) as boolean;
}
