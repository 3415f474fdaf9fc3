/**
 * Model records as the spec's JSON wrappers (`{data:{id, type, attributes, relationships}}`), with URLs built on the
 * server's base URL, and the API's display formats: item and notification dates (UTC) and file sizes.
 */
import type { Model } from './model';
import { MONTHS } from './schemas';
import type { FileWrapperT, FolderWrapperT, ItemWrapperT, NotificationWrapperT } from './schemas';
import { DEFAULT_FOLDER_COLOR } from './state';
import type {
	ExifRec,
	FileRec,
	FolderRec,
	ItemRec,
	NotificationRec,
	ShareRec,
	UserRec,
	UserRef,
} from './state';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `DD. Mon. YYYY` in UTC. */
export function formatItemDate(d: Date): string {
	return `${pad2(d.getUTCDate())}. ${MONTHS[d.getUTCMonth()]}. ${d.getUTCFullYear()}`;
}

/** `DD. Mon. YYYY HH:MM` in UTC, 24-hour clock. */
export function formatNotificationDate(d: Date): string {
	return `${formatItemDate(d)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

/** Base 1000: `500B`, `1.50kB`, `1.23MB`. */
export function formatFileSize(bytes: number): string {
	const units = ['B', 'kB', 'MB', 'GB', 'TB'];
	let value = bytes;
	let unit = 0;
	while (value >= 1000 && unit < units.length - 1) {
		value /= 1000;
		unit++;
	}
	if (unit === 0) return `${Math.round(value)}B`;
	// 999.995kB would round to "1000.00kB": move to the next unit instead.
	if (Number(value.toFixed(2)) >= 1000 && unit < units.length - 1) {
		value /= 1000;
		unit++;
	}
	return `${value.toFixed(2)}${units[unit]}`;
}

/** What the wrappers read from the model. */
type RepresentationSource = Pick<
	Model,
	| 'baseUrl'
	| 'getUser'
	| 'findItem'
	| 'activeShareOf'
	| 'activeChildren'
	| 'trashedChildrenCount'
	| 'folderSize'
>;

const IMAGE_RE = /^image\//;

function userAttributes(src: RepresentationSource, user: UserRec) {
	return { name: user.name, avatar: `${src.baseUrl}/avatars/${user.id}.png`, color: user.color };
}

function shareWrapper(src: RepresentationSource, share: ShareRec) {
	return {
		data: {
			id: share.id,
			type: 'shared' as const,
			attributes: {
				permission: share.permission,
				protected: share.protected,
				item_id: share.itemId,
				expire_in: share.expireIn,
				token: share.token,
				link: `${src.baseUrl}/share/${share.token}`,
				type: share.itemType,
			},
		},
	};
}

function parentRelationship(src: RepresentationSource, item: ItemRec) {
	const parent = item.parentId ? src.findItem(item.parentId) : undefined;
	if (!parent) return undefined;
	return { data: { type: 'folder' as const, id: parent.id, attributes: { name: parent.name } } };
}

export function folderWrapper(src: RepresentationSource, folder: FolderRec): FolderWrapperT {
	const user = src.getUser(folder.userId);
	const share = src.activeShareOf(folder.id);
	const parent = parentRelationship(src, folder);
	return {
		data: {
			id: folder.id,
			type: 'folder',
			attributes: {
				name: folder.name,
				color: folder.color,
				emoji: folder.emoji,
				filesize: src.folderSize(folder.id),
				isTeamFolder: folder.isTeamFolder,
				items: src.activeChildren(folder.id).length,
				trashed_items: src.trashedChildrenCount(folder.id),
				created_at: formatItemDate(folder.createdAt),
				updated_at: formatItemDate(folder.updatedAt),
				deleted_at: folder.deletedAt ? formatItemDate(folder.deletedAt) : null,
			},
			relationships: {
				...(share ? { shared: shareWrapper(src, share) } : {}),
				...(parent ? { parent } : {}),
				user: { data: { type: 'user', id: user.id, attributes: userAttributes(src, user) } },
			},
		},
	};
}

/** Synthetic wrapper for the root (home) of a user: id `all`, name `Home`, no parent. */
export function rootWrapper(src: RepresentationSource, userRef: UserRef): FolderWrapperT {
	const user = src.getUser(userRef);
	const key = `root:${user.id}`;
	return {
		data: {
			id: 'all',
			type: 'folder',
			attributes: {
				name: 'Home',
				color: DEFAULT_FOLDER_COLOR,
				emoji: null,
				filesize: src.folderSize(key),
				isTeamFolder: false,
				items: src.activeChildren(key).length,
				trashed_items: src.trashedChildrenCount(key),
				created_at: formatItemDate(user.createdAt),
				updated_at: formatItemDate(user.createdAt),
				deleted_at: null,
			},
			relationships: {
				user: { data: { type: 'user', id: user.id, attributes: userAttributes(src, user) } },
			},
		},
	};
}

/** How the listing was reached: through a file request, content URLs carry it (`…/upload-request/<id>`), as in the ancestor. */
export interface ContentAccess {
	fileRequestId?: string;
}

export function fileWrapper(
	src: RepresentationSource,
	file: FileRec,
	access: ContentAccess = {},
): FileWrapperT {
	const creator = src.getUser(file.creatorId);
	const share = src.activeShareOf(file.id);
	const parent = parentRelationship(src, file);
	const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : 'file';
	const via = access.fileRequestId ? `/upload-request/${access.fileRequestId}` : '';
	return {
		data: {
			id: file.id,
			type: 'file',
			attributes: {
				filesize: formatFileSize(file.size),
				name: file.name,
				basename: file.basename,
				mimetype: file.mimetype,
				file_url: `${src.baseUrl}/file/${file.basename}${via}`,
				thumbnail: IMAGE_RE.test(file.mimetype)
					? `${src.baseUrl}/thumbnail/xs-${file.basename}${via}`
					: `${src.baseUrl}/assets/icons/${encodeURIComponent(ext)}.svg`,
				parent_id: file.parentId,
				created_at: formatItemDate(file.createdAt),
				updated_at: formatItemDate(file.updatedAt),
				deleted_at: file.deletedAt ? formatItemDate(file.deletedAt) : null,
			},
			relationships: {
				...(share ? { shared: shareWrapper(src, share) } : {}),
				...(parent ? { parent } : {}),
				creator: {
					data: { type: 'creator', id: creator.id, attributes: userAttributes(src, creator) },
				},
				...(file.exif ? { exif: { data: exifData(file.exif) } } : {}),
			},
		},
	};
}

export function itemWrapper(
	src: RepresentationSource,
	item: ItemRec,
	access: ContentAccess = {},
): ItemWrapperT {
	return item.type === 'folder' ? folderWrapper(src, item) : fileWrapper(src, item, access);
}

export function notificationWrapper(n: NotificationRec): NotificationWrapperT {
	return {
		data: {
			id: n.id,
			type: n.type,
			attributes: {
				category: n.category,
				title: n.title,
				description: n.description,
				action: n.action,
				created_at: formatNotificationDate(n.createdAt),
				read_at: n.readAt ? formatNotificationDate(n.readAt) : null,
			},
		},
	};
}

function exifData(e: ExifRec) {
	const { id, ...attributes } = e;
	return { id, type: 'exif' as const, attributes };
}
