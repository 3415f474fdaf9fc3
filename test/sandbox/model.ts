import type {
	CursorMetaT,
	FileWrapperT,
	FolderWrapperT,
	ItemWrapperT,
	NotificationWrapperT,
} from './schemas';
import {
	sortKeyOf,
	SandboxClock,
	SEED_NOW,
	FileRequestStore,
	ItemTree,
	ItemFactory,
	NotificationStore,
	Rng,
	RNG_SEED,
	ShareStore,
	Trash,
	UserStore,
} from './state';
import type {
	Direction,
	Key,
	Scope,
	SortField,
	ItemRec,
	AddFileRequestOptions,
	AddFileOptions,
	AddFolderOptions,
	AddNotificationOptions,
	FileRec,
	FileRequestRec,
	FolderRec,
	ModelContext,
	NotificationRec,
	ShareRec,
	UserRec,
	UserRef,
	AddShareOptions,
} from './state';
import * as representation from './representation';
import type { RepresentationSource } from './representation';
import { applySeed, DEFAULT_SEED_OPTIONS } from './seed';
import type { SeedInfo, SeedOptions } from './seed';
export { formatFileSize, formatItemDate, formatNotificationDate } from './representation';
export {
	SandboxClock,
	SEED_NOW,
	DEFAULT_FOLDER_COLOR,
	mimetypeForName,
	Rng,
	RNG_SEED,
	SortedIndex,
	sortKeyOf,
} from './state';
export type {
	AddFileRequestOptions,
	AddFileOptions,
	AddFolderOptions,
	AddNotificationOptions,
	ExifRec,
	FileRec,
	FileRequestRec,
	FolderRec,
	ItemRec,
	NotificationRec,
	ShareRec,
	UserRec,
	UserRef,
	AddShareOptions,
	Direction,
	SortField,
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

/**
 * The sandbox's in-memory state: one Model that wires the domain stores of `state.ts` (users, the item tree and its
 * sorted indexes, item creation, trash, shares, file requests, notifications) to one seeded PRNG, one clock and
 * one creation sequence, and offers their operations to the routes, the seed and tests (`sb.model`).
 */
// Everything this module exported before it was split, so that importers keep working.

export interface ModelOptions {
	seed?: Partial<SeedOptions>;
	realtimeClock?: boolean;
}

export class Model implements ModelContext, RepresentationSource {
	readonly clock: SandboxClock;
	/** base URL of the HTTP server; used for file_url, thumbnail, avatar and share links */
	baseUrl = 'http://127.0.0.1';
	/** incremented by reset(); background jobs of an older generation discard their results */
	generation = 0;

	rng = new Rng(RNG_SEED);
	seedInfo!: SeedInfo;
	readonly seedOptions: SeedOptions;

	private seq = 0;
	private readonly userStore = new UserStore(this);
	private readonly tree = new ItemTree();
	private readonly itemFactory = new ItemFactory(this, this.userStore, this.tree);
	private readonly shareStore = new ShareStore(this, this.tree);
	private readonly fileRequestStore = new FileRequestStore(this, this.tree);
	private readonly notificationStore = new NotificationStore(this);
	private readonly trash = new Trash(this, this.tree, this.shareStore);

	constructor(options: ModelOptions = {}) {
		this.clock = new SandboxClock(options.realtimeClock ?? false);
		this.seedOptions = { ...DEFAULT_SEED_OPTIONS, ...options.seed };
		this.reset();
	}

	/** in creation order: index 0 is the demo user */
	get users(): UserRec[] {
		return this.userStore.list;
	}

	/** every item, active and trashed, by id */
	get items(): Map<string, ItemRec> {
		return this.tree.items;
	}

	/** by token */
	get shares(): Map<string, ShareRec> {
		return this.shareStore.byToken;
	}

	get fileRequests(): Map<string, FileRequestRec> {
		return this.fileRequestStore.byId;
	}

	get notifications(): Map<string, NotificationRec> {
		return this.notificationStore.byId;
	}

	/** Back to the seeded state (same ids), clock at SEED_NOW. */
	reset(): void {
		this.generation++;
		this.rng = new Rng(RNG_SEED);
		this.seq = 0;
		this.userStore.clear();
		this.tree.clear();
		this.shareStore.clear();
		this.fileRequestStore.clear();
		this.notificationStore.clear();
		this.seedInfo = applySeed(this, this.seedOptions);
		this.clock.set(SEED_NOW);
	}

	get lastSeq(): number {
		return this.seq;
	}

	nextSeq(): number {
		return ++this.seq;
	}

	// ----- users ---------------------------------------------------------------------------------------------

	addUser(name: string, email: string, color: string): UserRec {
		return this.userStore.add(name, email, color);
	}

	/** A user by index (0 = demo user) or id; throws when unknown. */
	getUser(ref: UserRef): UserRec {
		return this.userStore.get(ref);
	}

	userByToken(token: string): UserRec | undefined {
		return this.userStore.byToken(token);
	}

	/** A new access token for the user; the old one is refused from now on. */
	rotateAccessToken(ref: UserRef): string {
		return this.userStore.rotateAccessToken(ref);
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

	scopeKeyOf(item: ItemRec): string {
		return this.tree.scopeKeyOf(item);
	}

	addFolder(userRef: UserRef, options: AddFolderOptions = {}): FolderRec {
		return this.itemFactory.addFolder(userRef, options);
	}

	addFile(userRef: UserRef, options: AddFileOptions = {}): FileRec {
		return this.itemFactory.addFile(userRef, options);
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
		return this.trash.trash(id);
	}

	/** Restores a trashed item with what was trashed with it; to the root with `toHome` or when its parent is gone. */
	restoreItem(id: string, options: { toHome?: boolean } = {}): ItemRec[] {
		return this.trash.restore(id, options);
	}

	/** Permanent removal of the item and all its descendants (from the trash too), with their shares. */
	deleteItemPermanently(id: string): ItemRec[] {
		return this.trash.deletePermanently(id);
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

	/**
	 * Which cursors the listings hand out: keyset (default) or offset, as a server built on Laravel's `paginate()`
	 * would. Kept across `reset()`, like the clock: a test or the control API sets it.
	 */
	cursorMode: CursorMode = 'keyset';

	folderPage(scopeKey: string, q: PageQuery): Page {
		return paginate(this.tree.folderScope(scopeKey), { cursorMode: this.cursorMode, ...q });
	}

	latestPage(userRef: UserRef, q: PageQuery): Page {
		return paginate(this.tree.latestScope(this.getUser(userRef).id), {
			cursorMode: this.cursorMode,
			...q,
		});
	}

	/** Full listing in the requested order (file request browse). */
	sortedChildren(scopeKey: string, sort: SortField, direction: Direction): ItemRec[] {
		const arr = this.activeChildren(scopeKey, sort).slice();
		return direction === 'DESC' ? arr.reverse() : arr;
	}

	// ----- shares and file requests ---------------------------------------------------------------------------

	addShare(itemId: string, options: AddShareOptions = {}): ShareRec {
		return this.shareStore.add(itemId, options);
	}

	isShareExpired(share: ShareRec): boolean {
		return this.shareStore.isExpired(share);
	}

	/** The first non-expired share of an item (shown as `relationships.shared`). */
	activeShareOf(itemId: string): ShareRec | undefined {
		return this.shareStore.activeOf(itemId);
	}

	addFileRequest(folderId: string, options: AddFileRequestOptions = {}): FileRequestRec {
		return this.fileRequestStore.add(folderId, options);
	}

	isFileRequestActive(req: FileRequestRec): boolean {
		return this.fileRequestStore.isActive(req);
	}

	// ----- notifications -------------------------------------------------------------------------------------

	addNotification(userRef: UserRef, options: AddNotificationOptions = {}): NotificationRec {
		return this.notificationStore.add(this.getUser(userRef), options);
	}

	markNotificationRead(id: string): NotificationRec {
		return this.notificationStore.markRead(id);
	}

	/** Newest first (created_at, then creation sequence). */
	notificationsOf(userRef: UserRef): NotificationRec[] {
		return this.notificationStore.of(this.getUser(userRef).id);
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
