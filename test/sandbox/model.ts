/**
 * `Model` (`sb.model`), the sandbox's state behind one object, and the paging of its listings by keyset or offset
 * cursor.
 */
import * as representation from './representation';
import type {
	CursorMetaT,
	FileWrapperT,
	FolderWrapperT,
	ItemWrapperT,
	NotificationWrapperT,
} from './schemas';
import { applySeed, DEFAULT_SEED_OPTIONS } from './seed';
import type { SeedInfo, SeedOptions } from './seed';
import {
	DEFAULT_FOLDER_COLOR,
	ItemTree,
	Rng,
	RNG_SEED,
	SandboxClock,
	SEED_NOW,
	sortKeyOf,
} from './state';
import type {
	Direction,
	ExifRec,
	FileRec,
	FileRequestRec,
	FolderRec,
	ItemRec,
	Key,
	NotificationRec,
	Scope,
	ShareRec,
	SortField,
	UserRec,
	UserRef,
} from './state';

export { formatFileSize, formatItemDate, formatNotificationDate } from './representation';
export { DEFAULT_FOLDER_COLOR, Rng, RNG_SEED, SandboxClock, SEED_NOW, sortKeyOf } from './state';
export type {
	Direction,
	ExifRec,
	FileRec,
	FileRequestRec,
	FolderRec,
	ItemRec,
	NotificationRec,
	ShareRec,
	SortField,
	UserRec,
	UserRef,
} from './state';

/**
 * Cursors: encoding, decoding, and paging a sorted listing with them (or with a page number). Two kinds, as
 * Laravel's two paginators have: keyset cursors (`cursorPaginate()`: the next page starts after the last entry
 * shown, whatever changed meanwhile) and offset cursors (`paginate()`: the next page starts N entries further
 * down, so an entry added or removed above it shifts what the next page shows). `CursorMode` picks which kind the
 * sandbox hands out; both are read whatever the mode.
 */
/**
 * Decoded keyset cursor. Encoded as base64url(JSON) of
 * `{sort, direction, points: 'start'|'next'|'prev', value?, seq?, id?}`:
 * `value` = sort key of the boundary item (epoch ms for created_at, lower-cased name for name), `seq` = its
 * creation sequence (tie breaker), `id` = its id (informational).
 */
export interface Cursor {
	sort: SortField;
	direction: Direction;
	points: 'start' | 'next' | 'prev' | 'offset';
	value?: number | string;
	seq?: number;
	id?: string;
	/** offset cursors: the position the page starts at */
	offset?: number;
}

export type CursorMode = 'keyset' | 'offset';

export function encodeCursor(c: Cursor): string {
	return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

export function decodeCursor(s: string): Cursor | undefined {
	try {
		if (!/^[A-Za-z0-9_-]+$/.test(s)) return undefined;
		const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Record<string, unknown>;
		if (c === null || typeof c !== 'object') return undefined;
		if (c.sort !== 'created_at' && c.sort !== 'name') return undefined;
		if (c.direction !== 'ASC' && c.direction !== 'DESC') return undefined;
		if (c.points === 'start') return { sort: c.sort, direction: c.direction, points: 'start' };
		if (c.points === 'offset') {
			if (typeof c.offset !== 'number' || !Number.isInteger(c.offset) || c.offset < 0)
				return undefined;
			return { sort: c.sort, direction: c.direction, points: 'offset', offset: c.offset };
		}
		if (c.points !== 'next' && c.points !== 'prev') return undefined;
		if (c.sort === 'created_at' && typeof c.value !== 'number') return undefined;
		if (c.sort === 'name' && typeof c.value !== 'string') return undefined;
		if (typeof c.seq !== 'number' || !Number.isInteger(c.seq)) return undefined;
		return {
			sort: c.sort,
			direction: c.direction,
			points: c.points,
			value: c.value as number | string,
			seq: c.seq,
			id: typeof c.id === 'string' ? c.id : undefined,
		};
	} catch {
		return undefined;
	}
}

export interface PageQuery {
	sort: SortField;
	direction: Direction;
	limit: number;
	page?: number;
	cursor?: Cursor;
	/** the cursor string as received, echoed in meta.cursor.cursor */
	rawCursor?: string;
	/** which kind of cursor the answer hands out (default keyset) */
	cursorMode?: CursorMode;
}

export interface Page {
	items: ItemRec[];
	meta: CursorMetaT;
}

/**
 * Logical order L = the index ascending (ASC) or reversed (DESC). A `next` cursor holds the key of the last item
 * shown and selects the items after it in L; a `prev` cursor holds the key of the first item shown and selects
 * the `limit` items before it. Keys are (sort value, creation seq), unique, so an item inserted or deleted
 * between two page fetches never shifts the boundary.
 */
export function paginate(scope: Scope | undefined, q: PageQuery): Page {
	const index = scope ? scope[q.sort] : undefined;
	const arr = index?.arr ?? [];
	const n = arr.length;
	const at = (i: number) => (q.direction === 'ASC' ? arr[i] : arr[n - 1 - i]);
	const keyOfCursor = (c: Cursor): Key => [c.value as number | string, c.seq as number];
	/** number of L-elements strictly before key k */
	const before = (k: Key) =>
		!index ? 0 : q.direction === 'ASC' ? index.lowerBound(k) : n - index.upperBound(k);
	/** number of L-elements at or before key k */
	const atOrBefore = (k: Key) =>
		!index ? 0 : q.direction === 'ASC' ? index.upperBound(k) : n - index.lowerBound(k);
	const keysetCursorFor = (item: ItemRec, points: 'next' | 'prev') => {
		const [value, seq] = sortKeyOf(item, q.sort);
		return encodeCursor({ sort: q.sort, direction: q.direction, points, value, seq, id: item.id });
	};
	const offsetCursor = (offset: number) =>
		encodeCursor({ sort: q.sort, direction: q.direction, points: 'offset', offset });

	let start: number;
	let end: number;
	const c = q.cursor;
	if (c && c.points === 'offset') {
		start = Math.min(n, c.offset as number);
		end = Math.min(n, start + q.limit);
	} else if (c && c.points === 'next') {
		start = atOrBefore(keyOfCursor(c));
		end = Math.min(n, start + q.limit);
	} else if (c && c.points === 'prev') {
		end = before(keyOfCursor(c));
		start = Math.max(0, end - q.limit);
	} else if (c) {
		start = 0;
		end = Math.min(n, q.limit);
	} else {
		start = Math.min(n, ((q.page ?? 1) - 1) * q.limit);
		end = Math.min(n, start + q.limit);
	}
	const items: ItemRec[] = [];
	for (let i = start; i < end; i++) items.push(at(i));

	let current: string;
	if (q.rawCursor !== undefined) current = q.rawCursor;
	else if (start === 0 || n === 0)
		current = encodeCursor({ sort: q.sort, direction: q.direction, points: 'start' });
	else
		current =
			q.cursorMode === 'offset'
				? offsetCursor(start)
				: keysetCursorFor(at(Math.min(start, n) - 1), 'next');

	const offsets = q.cursorMode === 'offset';
	const hasNext = items.length > 0 && end < n;
	const hasPrev = items.length > 0 && start > 0;
	return {
		items,
		meta: {
			cursor: current,
			next_cursor: hasNext
				? offsets
					? offsetCursor(end)
					: keysetCursorFor(at(end - 1), 'next')
				: null,
			prev_cursor: hasPrev
				? offsets
					? offsetCursor(Math.max(0, start - q.limit))
					: keysetCursorFor(at(start), 'prev')
				: null,
			limit: q.limit,
			total: n,
		},
	};
}

export interface AddFolderOptions {
	parentId?: string | null;
	name?: string;
	color?: string;
	emoji?: string | null;
	isTeamFolder?: boolean;
	createdAt?: Date;
}

export interface AddFileOptions {
	/** containing folder; omitted or null = root (home) of the user */
	folderId?: string | null;
	name?: string;
	mimetype?: string;
	/** bytes */
	size?: number;
	/** true = generate exif; an object = use it; default: none */
	exif?: boolean | Partial<ExifRec>;
	createdAt?: Date;
	/** the file's bytes on disk (a remote upload's) */
	storedPath?: string;
}

export interface AddShareOptions {
	permission?: 'editor' | 'visitor';
	protected?: boolean;
	expireIn?: number;
	createdAt?: Date;
}

export interface AddFileRequestOptions {
	name?: string;
	expiresAt?: Date | null;
	filled?: boolean;
	createdAt?: Date;
}

export interface AddNotificationOptions {
	category?: string;
	title?: string;
	description?: string;
	action?: string;
	type?: string;
	read?: boolean;
	createdAt?: Date;
}

const MIME_BY_EXT: Record<string, string> = {
	pdf: 'application/pdf',
	txt: 'text/plain',
	md: 'text/markdown',
	csv: 'text/csv',
	json: 'application/json',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
	zip: 'application/zip',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	gif: 'image/gif',
	svg: 'image/svg+xml',
	webp: 'image/webp',
	mp4: 'video/mp4',
	mp3: 'audio/mpeg',
};

export function mimetypeForName(name: string): string {
	const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
	return MIME_BY_EXT[ext] ?? 'application/octet-stream';
}

export interface ModelOptions {
	seed?: Partial<SeedOptions>;
	realtimeClock?: boolean;
}

/**
 * The sandbox's in-memory state (`sb.model`): users, the item tree (state.ts) with its sorted indexes, shares, file
 * requests and notifications, drawn from one seeded PRNG, one clock and one creation sequence. Tests use it directly.
 */
export class Model {
	readonly clock: SandboxClock;
	/** base URL of the HTTP server; used for file_url, thumbnail, avatar and share links */
	baseUrl = 'http://127.0.0.1';
	/** incremented by reset(); background jobs of an older generation discard their results */
	generation = 0;
	rng = new Rng(RNG_SEED);
	seedInfo!: SeedInfo;
	readonly seedOptions: SeedOptions;
	/**
	 * Which cursors the listings hand out: keyset (default) or offset, as a server built on Laravel's `paginate()`
	 * would. Kept across `reset()`, like the clock: a test sets it.
	 */
	cursorMode: CursorMode = 'keyset';

	/** in creation order: index 0 is the demo user */
	users: UserRec[] = [];
	/** by token */
	readonly shares = new Map<string, ShareRec>();
	readonly fileRequests = new Map<string, FileRequestRec>();
	readonly notifications = new Map<string, NotificationRec>();
	private seq = 0;
	private readonly tree = new ItemTree();

	constructor(options: ModelOptions = {}) {
		this.clock = new SandboxClock(options.realtimeClock ?? false);
		this.seedOptions = { ...DEFAULT_SEED_OPTIONS, ...options.seed };
		this.reset();
	}

	/** every item, active and trashed, by id */
	get items(): Map<string, ItemRec> {
		return this.tree.items;
	}

	/** Back to the seeded state (same ids), clock at SEED_NOW. */
	reset(): void {
		this.generation++;
		this.rng = new Rng(RNG_SEED);
		this.seq = 0;
		this.users = [];
		this.tree.clear();
		this.shares.clear();
		this.fileRequests.clear();
		this.notifications.clear();
		this.seedInfo = applySeed(this, this.seedOptions);
		this.clock.set(SEED_NOW);
	}

	// ----- users ---------------------------------------------------------------------------------------------

	addUser(name: string, email: string, color: string): UserRec {
		const index = this.users.length;
		const id = this.rng.uuid();
		const accessToken = `${index + 1}|${this.rng.alnum(40)}`;
		const user = { id, index, name, email, color, accessToken, createdAt: this.clock.now() };
		this.users.push(user);
		return user;
	}

	/** A user by index (0 = demo user) or id; throws when unknown. */
	getUser(ref: UserRef): UserRec {
		const user = typeof ref === 'number' ? this.users[ref] : this.users.find((u) => u.id === ref);
		if (!user) throw new Error(`Unknown sandbox user: ${String(ref)}`);
		return user;
	}

	userByToken(token: string): UserRec | undefined {
		return this.users.find((u) => u.accessToken === token);
	}

	/** A new access token for the user; the old one is refused from now on. */
	rotateAccessToken(ref: UserRef): string {
		const user = this.getUser(ref);
		user.accessToken = `${user.index + 1}|${this.rng.alnum(40)}`;
		return user.accessToken;
	}

	// ----- items ---------------------------------------------------------------------------------------------

	findItem(id: string): ItemRec | undefined {
		return this.tree.items.get(id);
	}

	/** e.g. findItemByPath(0, 'Documents/Invoices/invoice-2026-001.pdf'); includes trashed items. */
	findItemByPath(user: UserRef, path: string): ItemRec | undefined {
		return this.tree.findByPath(this.getUser(user).id, path);
	}

	/** Like findItemByPath but throws when missing. */
	itemAt(user: UserRef, path: string): ItemRec {
		const item = this.findItemByPath(user, path);
		if (!item) throw new Error(`No sandbox item at ${path}`);
		return item;
	}

	private existing(id: string): ItemRec {
		const item = this.tree.items.get(id);
		if (!item) throw new Error(`Unknown sandbox item: ${id}`);
		return item;
	}

	private parentFor(user: UserRec, parentId: string | null | undefined): FolderRec | null {
		if (parentId === undefined || parentId === null) return null;
		const parent = this.tree.items.get(parentId);
		if (!parent || parent.type !== 'folder') throw new Error(`Unknown sandbox folder: ${parentId}`);
		if (parent.userId !== user.id) throw new Error(`Folder ${parentId} belongs to another user`);
		if (parent.deletedAt) throw new Error(`Folder ${parentId} is in the trash`);
		return parent;
	}

	addFolder(userRef: UserRef, options: AddFolderOptions = {}): FolderRec {
		const user = this.getUser(userRef);
		const parent = this.parentFor(user, options.parentId);
		const now = options.createdAt ?? this.clock.now();
		const folder: FolderRec = {
			id: this.rng.uuid(),
			type: 'folder',
			name: options.name ?? `Folder ${this.seq + 1}`,
			userId: user.id,
			parentId: parent?.id ?? null,
			seq: ++this.seq,
			createdAt: now,
			updatedAt: now,
			deletedAt: null,
			trashRoot: null,
			color: options.color ?? DEFAULT_FOLDER_COLOR,
			emoji: options.emoji ?? null,
			isTeamFolder: options.isTeamFolder ?? parent?.isTeamFolder ?? false,
		};
		this.tree.attach(folder);
		return folder;
	}

	addFile(userRef: UserRef, options: AddFileOptions = {}): FileRec {
		const user = this.getUser(userRef);
		const parent = this.parentFor(user, options.folderId);
		const now = options.createdAt ?? this.clock.now();
		const seq = ++this.seq;
		const name = options.name ?? `file-${seq}.txt`;
		const ext = name.includes('.') ? `.${name.split('.').pop()!.toLowerCase()}` : '';
		const file: FileRec = {
			id: this.rng.uuid(),
			type: 'file',
			name,
			basename: `${this.rng.hex(32)}${ext}`,
			mimetype: options.mimetype ?? mimetypeForName(name),
			size: options.size ?? 1000 + this.rng.int(4_999_000),
			userId: user.id,
			creatorId: user.id,
			parentId: parent?.id ?? null,
			seq,
			createdAt: now,
			updatedAt: now,
			deletedAt: null,
			trashRoot: null,
			exif: null,
			...(options.storedPath ? { storedPath: options.storedPath } : {}),
		};
		if (options.exif)
			file.exif = this.makeExif(now, typeof options.exif === 'object' ? options.exif : {});
		this.tree.attach(file);
		return file;
	}

	private makeExif(taken: Date, overrides: Partial<ExifRec>): ExifRec {
		const rng = this.rng;
		const cameras: Array<[string, string]> = [
			['Canon', 'Canon EOS R6'],
			['Nikon', 'NIKON Z 6II'],
			['Apple', 'iPhone 15 Pro'],
			['Sony', 'ILCE-7M4'],
		];
		const [camera, model] = cameras[rng.int(cameras.length)];
		const landscape = rng.next() < 0.7;
		const apertures = [1.8, 2.8, 4, 5.6, 8];
		const f = apertures[rng.int(apertures.length)];
		const t = new Date(taken.getTime() - 86_400_000 * (1 + rng.int(60)));
		return {
			id: rng.uuid(),
			date_time_original: t.toISOString().slice(0, 19).replace(/-/g, ':').replace('T', ' '),
			artist: 'Demo User',
			height: landscape ? 4000 : 6000,
			width: landscape ? 6000 : 4000,
			x_resolution: '72/1',
			y_resolution: '72/1',
			color_space: 'sRGB',
			camera,
			model,
			aperture_value: Math.round(2 * Math.log2(f) * 100) / 100,
			exposure_time: `1/${[60, 125, 250, 500, 1000][rng.int(5)]}`,
			focal_length: `${[24, 35, 50, 85][rng.int(4)]}/1`,
			iso: [100, 200, 400, 800][rng.int(4)],
			aperture_f_number: f,
			ccd_width: '35.9mm',
			longitude: (rng.next() * 360 - 180).toFixed(6),
			latitude: (rng.next() * 180 - 90).toFixed(6),
			...overrides,
		};
	}

	/** All descendants (active and trashed), breadth first. */
	descendants(folderId: string): ItemRec[] {
		return this.tree.descendants(folderId);
	}

	/** true when `item` is strictly below folder `ancestorId`. */
	isInside(item: ItemRec, ancestorId: string): boolean {
		return this.tree.isInside(item, ancestorId);
	}

	/** Soft delete: the item and its active descendants go to the trash. Returns the trashed items. */
	trashItem(id: string): ItemRec[] {
		const item = this.existing(id);
		if (item.deletedAt) return [];
		const now = this.clock.now();
		const affected = [item];
		if (item.type === 'folder')
			for (const d of this.tree.descendants(item.id)) if (!d.deletedAt) affected.push(d);
		this.tree.unindex(affected);
		for (const a of affected) {
			a.deletedAt = now;
			a.trashRoot = item.id;
		}
		return affected;
	}

	/** Restores a trashed item with what was trashed with it; to the root with `toHome` or when its parent is gone. */
	restoreItem(id: string, options: { toHome?: boolean } = {}): ItemRec[] {
		const item = this.existing(id);
		if (!item.deletedAt) return [];
		const affected = [item];
		if (item.type === 'folder') {
			for (const d of this.tree.descendants(item.id))
				if (d.deletedAt && d.trashRoot === item.trashRoot) affected.push(d);
		}
		const parent = item.parentId ? this.tree.items.get(item.parentId) : undefined;
		if (options.toHome || (item.parentId !== null && (!parent || parent.deletedAt)))
			this.tree.moveToRoot(item);
		const now = this.clock.now();
		for (const a of affected) {
			a.deletedAt = null;
			a.trashRoot = null;
			a.updatedAt = now;
		}
		this.tree.index(affected);
		return affected;
	}

	/** Permanent removal of the item and all its descendants (from the trash too), with their shares. */
	deleteItemPermanently(id: string): ItemRec[] {
		const item = this.existing(id);
		const all = [item, ...(item.type === 'folder' ? this.tree.descendants(item.id) : [])];
		this.tree.detach(all);
		const gone = new Set(all.map((a) => a.id));
		for (const [token, share] of this.shares) if (gone.has(share.itemId)) this.shares.delete(token);
		return all;
	}

	// ----- listings (a scope key is a folder id, or `root:<userId>`) --------------------------------------------

	/** Active direct children, ascending by the sort key. Do not mutate the returned array. */
	activeChildren(scopeKey: string, sort: SortField = 'created_at'): readonly ItemRec[] {
		return this.tree.activeChildren(scopeKey, sort);
	}

	/** Active files of a user, ascending by the sort key. Do not mutate the returned array. */
	activeFiles(userRef: UserRef, sort: SortField = 'created_at'): readonly ItemRec[] {
		return this.tree.activeFiles(this.getUser(userRef).id, sort);
	}

	trashedChildrenCount(scopeKey: string): number {
		return this.tree.trashedChildrenCount(scopeKey);
	}

	/** Bytes of all active files below a scope. */
	folderSize(scopeKey: string): number {
		return this.tree.folderSize(scopeKey);
	}

	folderPage(scopeKey: string, q: PageQuery): Page {
		return paginate(this.tree.folderScope(scopeKey), { cursorMode: this.cursorMode, ...q });
	}

	latestPage(userRef: UserRef, q: PageQuery): Page {
		const scope = this.tree.latestScope(this.getUser(userRef).id);
		return paginate(scope, { cursorMode: this.cursorMode, ...q });
	}

	/** Full listing in the requested order (file request browse). */
	sortedChildren(scopeKey: string, sort: SortField, direction: Direction): ItemRec[] {
		const arr = this.activeChildren(scopeKey, sort).slice();
		return direction === 'DESC' ? arr.reverse() : arr;
	}

	// ----- shares and file requests ---------------------------------------------------------------------------

	addShare(itemId: string, options: AddShareOptions = {}): ShareRec {
		const item = this.existing(itemId);
		const share: ShareRec = {
			id: this.rng.uuid(),
			token: this.rng.alnum(16),
			itemId,
			itemType: item.type,
			userId: item.userId,
			permission: options.permission ?? 'editor',
			protected: options.protected ?? false,
			expireIn: options.expireIn ?? 720,
			createdAt: options.createdAt ?? this.clock.now(),
		};
		this.shares.set(share.token, share);
		return share;
	}

	isShareExpired(share: ShareRec): boolean {
		return share.createdAt.getTime() + share.expireIn * 3_600_000 <= this.clock.now().getTime();
	}

	/** The first non-expired share of an item (shown as `relationships.shared`). */
	activeShareOf(itemId: string): ShareRec | undefined {
		for (const s of this.shares.values())
			if (s.itemId === itemId && !this.isShareExpired(s)) return s;
		return undefined;
	}

	addFileRequest(folderId: string, options: AddFileRequestOptions = {}): FileRequestRec {
		const folder = this.tree.items.get(folderId);
		if (!folder || folder.type !== 'folder') throw new Error(`Unknown sandbox folder: ${folderId}`);
		const req: FileRequestRec = {
			id: this.rng.uuid(),
			folderId,
			userId: folder.userId,
			name: options.name ?? folder.name,
			createdAt: options.createdAt ?? this.clock.now(),
			expiresAt: options.expiresAt ?? null,
			filled: options.filled ?? false,
		};
		this.fileRequests.set(req.id, req);
		return req;
	}

	isFileRequestActive(req: FileRequestRec): boolean {
		const expiresAt = req.expiresAt?.getTime() ?? Infinity;
		return !req.filled && expiresAt > this.clock.now().getTime();
	}

	// ----- notifications -------------------------------------------------------------------------------------

	addNotification(userRef: UserRef, options: AddNotificationOptions = {}): NotificationRec {
		const user = this.getUser(userRef);
		const now = options.createdAt ?? this.clock.now();
		const n: NotificationRec = {
			id: this.rng.uuid(),
			userId: user.id,
			type: options.type ?? 'App\\Notifications\\FileRequestUploadNotification',
			category: options.category ?? 'upload',
			title: options.title ?? 'New files were uploaded',
			description: options.description ?? 'Files were uploaded into your file request.',
			action: options.action ?? 'view',
			createdAt: now,
			readAt: options.read ? now : null,
			seq: ++this.seq,
		};
		this.notifications.set(n.id, n);
		return n;
	}

	markNotificationRead(id: string): NotificationRec {
		const n = this.notifications.get(id);
		if (!n) throw new Error(`Unknown sandbox notification: ${id}`);
		n.readAt ??= this.clock.now();
		return n;
	}

	/** Newest first (created_at, then creation sequence). */
	notificationsOf(userRef: UserRef): NotificationRec[] {
		const userId = this.getUser(userRef).id;
		return [...this.notifications.values()]
			.filter((n) => n.userId === userId)
			.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.seq - a.seq);
	}

	// ----- API representations (representation.ts), for tests that build expected wire objects ---------------

	folderWrapper(folder: FolderRec): FolderWrapperT {
		return representation.folderWrapper(this, folder);
	}

	rootWrapper(userRef: UserRef): FolderWrapperT {
		return representation.rootWrapper(this, userRef);
	}

	fileWrapper(file: FileRec): FileWrapperT {
		return representation.fileWrapper(this, file);
	}

	itemWrapper(item: ItemRec): ItemWrapperT {
		return representation.itemWrapper(this, item);
	}

	notificationWrapper(n: NotificationRec): NotificationWrapperT {
		return representation.notificationWrapper(n);
	}
}
