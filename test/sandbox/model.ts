/**
 * The sandbox's in-memory state: one Model that wires the domain stores of `state/` (users, the item tree and its
 * sorted indexes, item creation, trash, shares, file requests, notifications) to one seeded PRNG, one clock and
 * one creation sequence, and offers their operations to the routes, the seed and tests (`sb.model`).
 */
import { paginate } from './cursors';
import type { CursorMode, Page, PageQuery } from './cursors';
import * as representation from './representation';
import type { RepresentationSource } from './representation';
import type { FileWrapperT, FolderWrapperT, ItemWrapperT, NotificationWrapperT } from './schemas';
import { applySeed, DEFAULT_SEED_OPTIONS } from './seed';
import type { SeedInfo, SeedOptions } from './seed';
import { SandboxClock, SEED_NOW } from './state/clock';
import { FileRequestStore } from './state/file-requests';
import type { AddFileRequestOptions } from './state/file-requests';
import { ItemTree } from './state/item-tree';
import { ItemFactory } from './state/items';
import type { AddFileOptions, AddFolderOptions } from './state/items';
import { NotificationStore } from './state/notifications';
import type { AddNotificationOptions } from './state/notifications';
import type {
	FileRec,
	FileRequestRec,
	FolderRec,
	ItemRec,
	ModelContext,
	NotificationRec,
	ShareRec,
	UserRec,
	UserRef,
} from './state/records';
import { Rng, RNG_SEED } from './state/rng';
import { ShareStore } from './state/shares';
import type { AddShareOptions } from './state/shares';
import type { Direction, SortField } from './state/sorted-index';
import { Trash } from './state/trash';
import { UserStore } from './state/users';

// Everything this module exported before it was split, so that importers keep working.
export { decodeCursor, encodeCursor, paginate } from './cursors';
export type { Cursor, Page, PageQuery } from './cursors';
export { formatFileSize, formatItemDate, formatNotificationDate } from './format';
export { SandboxClock, SEED_NOW } from './state/clock';
export type { AddFileRequestOptions } from './state/file-requests';
export { DEFAULT_FOLDER_COLOR, mimetypeForName } from './state/items';
export type { AddFileOptions, AddFolderOptions } from './state/items';
export type { AddNotificationOptions } from './state/notifications';
export type {
	ExifRec,
	FileRec,
	FileRequestRec,
	FolderRec,
	ItemRec,
	NotificationRec,
	ShareRec,
	UserRec,
	UserRef,
} from './state/records';
export { Rng, RNG_SEED } from './state/rng';
export type { AddShareOptions } from './state/shares';
export { SortedIndex, sortKeyOf } from './state/sorted-index';
export type { Direction, SortField } from './state/sorted-index';

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
