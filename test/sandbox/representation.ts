/**
 * Model records as the spec's JSON wrappers (`{data:{id, type, attributes, relationships}}`), with URLs built on the
 * server's base URL, and the API's display formats: item and notification dates (UTC) and file sizes.
 */
import { DEFAULT_FOLDER_COLOR, extensionOf } from './model';
import type { FileRec, FolderRec, ItemRec, Model, NotificationRec, UserRec } from './model';
import type { FileWrapperT, FolderWrapperT, ItemWrapperT, NotificationWrapperT } from './schemas';

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
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
	// 999.995kB would round to "1000.00kB": move to the next unit instead.
	while ((unit === 0 ? value : Number(value.toFixed(2))) >= 1000 && unit < units.length - 1) {
		value /= 1000;
		unit++;
	}
	return unit === 0 ? `${Math.round(value)}B` : `${value.toFixed(2)}${units[unit]}`;
}

/** `{data: …}`: the spec wraps every resource and relationship */
const wrapped = <T>(data: T) => ({ data });

const dates = (r: { createdAt: Date; updatedAt: Date; deletedAt: Date | null }) => ({
	created_at: formatItemDate(r.createdAt),
	updated_at: formatItemDate(r.updatedAt),
	deleted_at: r.deletedAt ? formatItemDate(r.deletedAt) : null,
});

const person = (m: Model, user: UserRec) => ({
	id: user.id,
	attributes: { name: user.name, avatar: `${m.baseUrl}/avatars/${user.id}.png`, color: user.color },
});

/** `shared` (a live share of the item) and `parent` (absent at the root), the relationships items have in common. */
function links(m: Model, item: ItemRec) {
	const share = m.activeShareOf(item.id);
	const parent = item.parentId ? m.findItem(item.parentId) : undefined;
	return {
		...(share && {
			shared: wrapped({
				id: share.id,
				type: 'shared' as const,
				attributes: {
					permission: share.permission,
					protected: share.protected,
					item_id: share.itemId,
					expire_in: share.expireIn,
					token: share.token,
					link: `${m.baseUrl}/share/${share.token}`,
					type: share.itemType,
				},
			}),
		}),
		...(parent && {
			parent: wrapped({
				type: 'folder' as const,
				id: parent.id,
				attributes: { name: parent.name },
			}),
		}),
	};
}

/**
 * A folder's wrapper; without a folder, the synthetic one of the owner's root (id `all`, name `Home`, no parent).
 * The counts and size are those of the folder, or of the root.
 */
export function folderWrapper(
	m: Model,
	folder: FolderRec | undefined,
	owner = m.getUser(folder!.userId),
): FolderWrapperT {
	const scopeKey = folder?.id ?? `root:${owner.id}`;
	const { createdAt } = owner;
	const f = folder ?? {
		...{ name: 'Home', color: DEFAULT_FOLDER_COLOR, emoji: null, isTeamFolder: false },
		...{ createdAt, updatedAt: createdAt, deletedAt: null },
	};
	return wrapped({
		id: folder?.id ?? 'all',
		type: 'folder',
		attributes: {
			name: f.name,
			color: f.color,
			emoji: f.emoji,
			filesize: m.folderSize(scopeKey),
			isTeamFolder: f.isTeamFolder,
			items: m.activeChildren(scopeKey).length,
			trashed_items: m.trashedChildrenCount(scopeKey),
			...dates(f),
		},
		relationships: {
			...(folder && links(m, folder)),
			user: wrapped({ type: 'user' as const, ...person(m, owner) }),
		},
	});
}

/** Listed through a file request (`fileRequestId`), content URLs carry it (`…/upload-request/<id>`), as in the ancestor. */
export function fileWrapper(m: Model, file: FileRec, fileRequestId?: string): FileWrapperT {
	const via = fileRequestId ? `/upload-request/${fileRequestId}` : '';
	const exif =
		file.exif &&
		(({ id, ...attributes }) => ({ id, type: 'exif' as const, attributes }))(file.exif);
	return wrapped({
		id: file.id,
		type: 'file',
		attributes: {
			filesize: formatFileSize(file.size),
			name: file.name,
			basename: file.basename,
			mimetype: file.mimetype,
			file_url: `${m.baseUrl}/file/${file.basename}${via}`,
			thumbnail: file.mimetype.startsWith('image/')
				? `${m.baseUrl}/thumbnail/xs-${file.basename}${via}`
				: `${m.baseUrl}/assets/icons/${encodeURIComponent(extensionOf(file.name) || 'file')}.svg`,
			parent_id: file.parentId,
			...dates(file),
		},
		relationships: {
			...links(m, file),
			creator: wrapped({ type: 'creator' as const, ...person(m, m.getUser(file.creatorId)) }),
			...(exif && { exif: wrapped(exif) }),
		},
	});
}

export const itemWrapper = (m: Model, item: ItemRec, fileRequestId?: string): ItemWrapperT =>
	item.type === 'folder' ? folderWrapper(m, item) : fileWrapper(m, item, fileRequestId);

export function notificationWrapper(n: NotificationRec): NotificationWrapperT {
	return wrapped({
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
	});
}
