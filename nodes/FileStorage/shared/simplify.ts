import type { IDataObject } from 'n8n-workflow';

import { isObject, unwrapResource } from '../transport';

/**
 * Flat, readable views of the API's resources. Servers differ (see the README's "Tolerant reader"): dates are
 * not ISO, sizes are text, `relationships` may be `[]`, thumbnails may be objects. Every parsed value sits next
 * to the original text so nothing is lost when parsing fails.
 */

const MONTHS: Record<string, number> = {
	jan: 1,
	feb: 2,
	mar: 3,
	apr: 4,
	may: 5,
	jun: 6,
	jul: 7,
	aug: 8,
	sep: 9,
	oct: 10,
	nov: 11,
	dec: 12,
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `05. Mar. 2026` → `2026-03-05`; `05. Mar. 2026 14:30` or `5. Mar. 2026, 2:30` → `2026-03-05T14:30`
 * (no zone: servers send the user's local time). Already-ISO text passes through; anything else → null.
 */
export function parseServiceDate(text: unknown): string | null {
	if (typeof text !== 'string') return null;
	// Listings repeat the same few dates thousands of times (day precision): parse each text once.
	let parsed = parsedDates.get(text);
	if (parsed === undefined) {
		if (parsedDates.size >= DATE_CACHE_LIMIT) parsedDates.clear();
		parsed = parseDateText(text);
		parsedDates.set(text, parsed);
	}
	return parsed;
}

const DATE_CACHE_LIMIT = 10_000;
const parsedDates = new Map<string, string | null>();

function parseDateText(text: string): string | null {
	if (!text.trim()) return null;
	const value = text.trim();
	const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
	if (iso) {
		return iso[4] ? `${iso[1]}-${iso[2]}-${iso[3]}T${iso[4]}:${iso[5]}${iso[6] ? `:${iso[6]}` : ''}` : `${iso[1]}-${iso[2]}-${iso[3]}`;
	}
	const match = /^(\d{1,2})\.?\s*([A-Za-z]{3})[A-Za-z]*\.?\s*,?\s*(\d{4})(?:\s*,?\s*(\d{1,2}):(\d{2}))?/.exec(value);
	if (!match) return null;
	const month = MONTHS[match[2].toLowerCase()];
	const day = Number(match[1]);
	if (!month || day < 1 || day > 31) return null;
	const date = `${match[3]}-${pad(month)}-${pad(day)}`;
	if (match[4] === undefined) return date;
	const hours = Number(match[4]);
	const minutes = Number(match[5]);
	if (hours > 23 || minutes > 59) return date;
	return `${date}T${pad(hours)}:${pad(minutes)}`;
}

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

/** The item types the restore and delete endpoints take; images, videos and audio are files there. */
export function apiItemType(type: unknown): 'folder' | 'file' | undefined {
	if (type === 'folder') return 'folder';
	if (type === 'file' || type === 'image' || type === 'video' || type === 'audio') return 'file';
	return undefined;
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

function attributesOf(resource: IDataObject | undefined): IDataObject {
	return resource && isObject(resource.attributes) ? resource.attributes : {};
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
		sizeText: filesize === undefined || filesize === null ? null : String(filesize),
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
		kind: resource.type ?? null,
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
