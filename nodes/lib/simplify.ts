import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parseServiceDate } from './dates';
import { attributesOf, isObject, unwrapResource } from './json';
import { apiItemType } from './validation';

/**
 * Flat, readable views of the API's resources. Servers differ (see the README's "Tolerant reader"): dates are
 * not ISO, sizes are text, `relationships` may be `[]`, thumbnails may be objects. Every parsed value sits next
 * to the original text so nothing is lost when parsing fails.
 */

const SIZE_UNITS: Record<string, number> = {
	b: 1,
	kb: 1e3,
	mb: 1e6,
	gb: 1e9,
	tb: 1e12,
	kib: 1024,
	mib: 1024 ** 2,
	gib: 1024 ** 3,
	tib: 1024 ** 4,
};

/** `1.23MB` → 1230000 (base 1000, as the service prints); numbers pass through; unparseable → null. */
export function parseSize(value: unknown): number | null {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value !== 'string') return null;
	const match = /^\s*([\d.,]+)\s*([a-zA-Z]*)\s*$/.exec(value);
	if (!match) return null;
	const amount = Number(match[1].replace(',', '.'));
	const unit = SIZE_UNITS[(match[2] || 'b').toLowerCase()];
	if (!Number.isFinite(amount) || unit === undefined) return null;
	return Math.round(amount * unit);
}

function relationship(resource: IDataObject, name: string): IDataObject | undefined {
	const relationships = resource.relationships;
	// Some servers send `[]` when nothing is related.
	if (!isObject(relationships)) return undefined;
	const related = relationships[name];
	if (!isObject(related)) return undefined;
	const data = unwrapResource(related);
	return Object.keys(data).length ? data : undefined;
}

function textOrNull(value: unknown): string | null {
	return typeof value === 'string' ? value : null;
}

function simplifyShare(resource: IDataObject): IDataObject | null {
	const share = relationship(resource, 'shared');
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

function simplifyExif(resource: IDataObject): IDataObject | null {
	const exif = relationship(resource, 'exif');
	if (!exif) return null;
	return { id: exif.id ?? null, ...attributesOf(exif) };
}

function simplifyPerson(resource: IDataObject, name: string): IDataObject | null {
	const person = relationship(resource, name);
	if (!person) return null;
	const attributes = attributesOf(person);
	return { id: person.id ?? null, name: attributes.name ?? null };
}

/** One file or folder wrapper (or bare resource) → one flat object, built in one go (listings have thousands). */
export function simplifyItem(element: unknown): IDataObject {
	const resource = unwrapResource(element);
	const attributes = attributesOf(resource);
	const parent = relationship(resource, 'parent');
	const filesize = attributes.filesize;
	const deletedAt = attributes.deleted_at;
	const item: IDataObject = {
		id: resource.id ?? null,
		type: resource.type ?? null,
		itemType: apiItemType(resource.type) ?? null,
		name: attributes.name ?? null,
		parentId: attributes.parent_id ?? parent?.id ?? null,
		parentName: attributesOf(parent).name ?? null,
		size: parseSize(filesize),
		// The server's own text (files send `1.23MB`); a folder's numeric size is in `size` only.
		sizeText: typeof filesize === 'string' ? filesize : null,
		createdAt: parseServiceDate(attributes.created_at),
		createdAtText: textOrNull(attributes.created_at),
		updatedAt: parseServiceDate(attributes.updated_at),
		updatedAtText: textOrNull(attributes.updated_at),
		deletedAt: parseServiceDate(deletedAt),
		deletedAtText: textOrNull(deletedAt),
		trashed: deletedAt !== undefined && deletedAt !== null,
		shared: simplifyShare(resource),
	};
	if (resource.type === 'folder') {
		item.color = attributes.color ?? null;
		item.emoji = attributes.emoji ?? null;
		item.isTeamFolder = attributes.isTeamFolder ?? null;
		item.itemCount = attributes.items ?? null;
		item.trashedItemCount = attributes.trashed_items ?? null;
		item.owner = simplifyPerson(resource, 'user');
		return item;
	}
	item.basename = attributes.basename ?? null;
	item.mimeType = attributes.mimetype ?? null;
	item.fileUrl = attributes.file_url ?? null;
	item.thumbnail = attributes.thumbnail ?? null;
	item.creator = simplifyPerson(resource, 'creator');
	item.exif = simplifyExif(resource);
	return item;
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
