/**
 * The model's records and stores: users, the item tree and its sorted indexes, item creation, trash, shares,
 * file requests, notifications, the seeded PRNG and the sandbox clock.
 */
import { pad2 } from './representation';

/**
 * The records the model keeps (users, items, shares, file requests, notifications), and what every store of the
 * model draws on to create them.
 */
/** Shared by the stores: the seeded PRNG (ids, tokens), the sandbox clock and the creation sequence. */
export interface ModelContext {
	readonly clock: SandboxClock;
	/** read at every use: reset() replaces it */
	readonly rng: Rng;
	/** the last creation sequence handed out */
	readonly lastSeq: number;
	nextSeq(): number;
}

export interface UserRec {
	id: string;
	index: number;
	name: string;
	email: string;
	color: string;
	accessToken: string;
	createdAt: Date;
}

interface ItemBase {
	id: string;
	name: string;
	userId: string;
	parentId: string | null;
	/** creation sequence: total order among items created at the same instant */
	seq: number;
	createdAt: Date;
	updatedAt: Date;
	deletedAt: Date | null;
	/** id of the item whose deletion put this one in the trash (itself, or a trashed ancestor) */
	trashRoot: string | null;
}

export interface FolderRec extends ItemBase {
	type: 'folder';
	color: string;
	emoji: string | null;
	isTeamFolder: boolean;
}

export interface ExifRec {
	id: string;
	date_time_original: string;
	artist: string;
	height: number;
	width: number;
	x_resolution: string;
	y_resolution: string;
	color_space: string;
	camera: string;
	model: string;
	aperture_value: number;
	exposure_time: string;
	focal_length: string;
	iso: number;
	aperture_f_number: number;
	ccd_width: string;
	longitude: string;
	latitude: string;
}

export interface FileRec extends ItemBase {
	type: 'file';
	basename: string;
	mimetype: string;
	size: number;
	creatorId: string;
	exif: ExifRec | null;
	/** the bytes a remote upload fetched; without it the content is generated */
	storedPath?: string;
}

export type ItemRec = FolderRec | FileRec;

export interface ShareRec {
	id: string;
	token: string;
	itemId: string;
	itemType: 'folder' | 'file';
	userId: string;
	permission: 'editor' | 'visitor';
	protected: boolean;
	/** hours */
	expireIn: number;
	createdAt: Date;
}

export interface FileRequestRec {
	id: string;
	folderId: string;
	userId: string;
	name: string;
	createdAt: Date;
	expiresAt: Date | null;
	filled: boolean;
}

export interface NotificationRec {
	id: string;
	userId: string;
	type: string;
	category: string;
	title: string;
	description: string;
	action: string;
	createdAt: Date;
	readAt: Date | null;
	seq: number;
}

export type UserRef = number | string;

/** Deterministic randomness: every id and token of the sandbox comes from one seeded PRNG. */
export const RNG_SEED = 0x5eed2026;

/** mulberry32: tiny seeded PRNG. */
export class Rng {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	int(maxExclusive: number): number {
		return Math.floor(this.next() * maxExclusive);
	}

	hex(length: number): string {
		let s = '';
		for (let i = 0; i < length; i++) s += this.int(16).toString(16);
		return s;
	}

	alnum(length: number): string {
		const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
		let s = '';
		for (let i = 0; i < length; i++) s += chars[this.int(chars.length)];
		return s;
	}

	/** RFC 4122 version 4 layout. */
	uuid(): string {
		const b: number[] = [];
		for (let i = 0; i < 16; i++) b.push(this.int(256));
		b[6] = (b[6] & 0x0f) | 0x40;
		b[8] = (b[8] & 0x3f) | 0x80;
		const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
		return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
	}
}

/** The sandbox clock: frozen at a fixed "now" unless told to run in real time. */
/** Fixed "now" of the seeded state: 10 Mar 2026 12:00 UTC. */
export const SEED_NOW = new Date('2026-03-10T12:00:00.000Z');

export class SandboxClock {
	private base: number = SEED_NOW.getTime();
	private setAt = Date.now();

	/** realtime: time flows from the last `set()`; frozen (default): time only moves with `set`/`advance`. */
	constructor(public realtime = false) {}

	now(): Date {
		return new Date(this.base + (this.realtime ? Date.now() - this.setAt : 0));
	}

	set(d: Date): void {
		this.base = d.getTime();
		this.setAt = Date.now();
	}

	advance(ms: number): void {
		this.set(new Date(this.now().getTime() + ms));
	}
}

/**
 * Sorted indexes (keyset friendly) that listings are served from: kept up to date on every mutation by binary
 * insertion, so adding 10k items and listing them stays cheap.
 */
export type SortField = 'created_at' | 'name';
export type Direction = 'ASC' | 'DESC';
export type Key = [number | string, number];

function compareKeys(a: Key, b: Key): number {
	if (a[0] < b[0]) return -1;
	if (a[0] > b[0]) return 1;
	return a[1] - b[1];
}

export function sortKeyOf(item: ItemRec, sort: SortField): Key {
	return sort === 'name'
		? [item.name.toLowerCase(), item.seq]
		: [item.createdAt.getTime(), item.seq];
}

/** Ascending array ordered by a unique key; binary insertion/removal. */
export class SortedIndex<T> {
	arr: T[] = [];

	constructor(private readonly keyOf: (t: T) => Key) {}

	get size(): number {
		return this.arr.length;
	}

	/** first index whose key is >= k */
	lowerBound(k: Key): number {
		let lo = 0;
		let hi = this.arr.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (compareKeys(this.keyOf(this.arr[mid]), k) < 0) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/** first index whose key is > k */
	upperBound(k: Key): number {
		let lo = 0;
		let hi = this.arr.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (compareKeys(this.keyOf(this.arr[mid]), k) <= 0) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	insert(t: T): void {
		const k = this.keyOf(t);
		const n = this.arr.length;
		if (n === 0 || compareKeys(this.keyOf(this.arr[n - 1]), k) < 0) {
			this.arr.push(t);
			return;
		}
		this.arr.splice(this.upperBound(k), 0, t);
	}

	remove(t: T): void {
		const i = this.lowerBound(this.keyOf(t));
		if (i < this.arr.length && this.arr[i] === t) {
			this.arr.splice(i, 1);
			return;
		}
		const j = this.arr.indexOf(t);
		if (j >= 0) this.arr.splice(j, 1);
	}

	insertMany(ts: T[]): void {
		if (ts.length <= 16) {
			for (const t of ts) this.insert(t);
			return;
		}
		this.arr.push(...ts);
		this.arr.sort((a, b) => compareKeys(this.keyOf(a), this.keyOf(b)));
	}

	removeMany(ts: Set<T>): void {
		if (ts.size <= 16) {
			for (const t of ts) this.remove(t);
			return;
		}
		this.arr = this.arr.filter((t) => !ts.has(t));
	}
}

/** The two orders of one listing (a folder, or the latest files of a user). */
export interface Scope {
	created_at: SortedIndex<ItemRec>;
	name: SortedIndex<ItemRec>;
}

export function newScope(): Scope {
	return {
		created_at: new SortedIndex<ItemRec>((i) => sortKeyOf(i, 'created_at')),
		name: new SortedIndex<ItemRec>((i) => sortKeyOf(i, 'name')),
	};
}

/** Users of the sandbox and their bearer tokens. */
export class UserStore {
	/** in creation order: index 0 is the demo user */
	list: UserRec[] = [];
	private byId = new Map<string, UserRec>();
	private byAccessToken = new Map<string, UserRec>();

	constructor(private readonly ctx: ModelContext) {}

	clear(): void {
		this.list = [];
		this.byId.clear();
		this.byAccessToken.clear();
	}

	add(name: string, email: string, color: string): UserRec {
		const user: UserRec = {
			id: this.ctx.rng.uuid(),
			index: this.list.length,
			name,
			email,
			color,
			accessToken: `${this.list.length + 1}|${this.ctx.rng.alnum(40)}`,
			createdAt: this.ctx.clock.now(),
		};
		this.list.push(user);
		this.byId.set(user.id, user);
		this.byAccessToken.set(user.accessToken, user);
		return user;
	}

	/** A user by index (0 = demo user) or id; throws when unknown. */
	get(ref: UserRef): UserRec {
		const user = typeof ref === 'number' ? this.list[ref] : this.byId.get(ref);
		if (!user) throw new Error(`Unknown sandbox user: ${String(ref)}`);
		return user;
	}

	/** Issues a new access token for the user; the old one stops working (a token rotation). */
	rotateAccessToken(ref: UserRef): string {
		const user = this.get(ref);
		this.byAccessToken.delete(user.accessToken);
		user.accessToken = `${user.index + 1}|${this.ctx.rng.alnum(40)}`;
		this.byAccessToken.set(user.accessToken, user);
		return user.accessToken;
	}

	byToken(token: string): UserRec | undefined {
		return this.byAccessToken.get(token);
	}
}

/**
 * The folder tree: every item (active and trashed) by id, the children of each folder or root, and the sorted
 * indexes of the active ones that listings are served from. Indexes change only through index()/unindex().
 */
export class ItemTree {
	items = new Map<string, ItemRec>();
	/** children (active and trashed) by scope key: folder id or `root:<userId>` */
	private children = new Map<string, Set<ItemRec>>();
	/** active children by scope key, sorted */
	private folderScopes = new Map<string, Scope>();
	/** active files by user id, sorted */
	private latestScopes = new Map<string, Scope>();

	clear(): void {
		this.items.clear();
		this.children.clear();
		this.folderScopes.clear();
		this.latestScopes.clear();
	}

	scopeKeyOf(item: ItemRec): string {
		return item.parentId ?? `root:${item.userId}`;
	}

	/** Adds a new item; it is indexed unless it is already trashed. */
	attach(item: ItemRec): void {
		this.items.set(item.id, item);
		this.childSet(this.scopeKeyOf(item)).add(item);
		if (item.deletedAt === null) this.index([item]);
	}

	/** Removes items for good: from the indexes (when active), their parents' children and the id map. */
	detach(items: ItemRec[]): void {
		this.unindex(items.filter((a) => !a.deletedAt));
		for (const a of items) {
			this.children.get(this.scopeKeyOf(a))?.delete(a);
			this.children.delete(a.id);
			this.folderScopes.delete(a.id);
			this.items.delete(a.id);
		}
	}

	/** Moves a trashed (so unindexed) item to the root of its owner. */
	moveToRoot(item: ItemRec): void {
		this.childSet(this.scopeKeyOf(item)).delete(item);
		item.parentId = null;
		this.childSet(this.scopeKeyOf(item)).add(item);
	}

	/** The item under the root of user `userId` at `path` (names joined by `/`), trashed items included. */
	findByPath(userId: string, path: string): ItemRec | undefined {
		let scope = `root:${userId}`;
		let found: ItemRec | undefined;
		for (const part of path.split('/').filter(Boolean)) {
			found = undefined;
			for (const child of this.children.get(scope) ?? []) {
				if (child.name === part) {
					found = child;
					break;
				}
			}
			if (!found) return undefined;
			scope = found.id;
		}
		return found;
	}

	/** All descendants (active and trashed), breadth first. */
	descendants(folderId: string): ItemRec[] {
		const out: ItemRec[] = [];
		const queue = [folderId];
		for (let q = 0; q < queue.length; q++) {
			const id = queue[q];
			for (const child of this.children.get(id) ?? []) {
				out.push(child);
				if (child.type === 'folder') queue.push(child.id);
			}
		}
		return out;
	}

	/** true when `item` is strictly below folder `ancestorId`. */
	isInside(item: ItemRec, ancestorId: string): boolean {
		let parentId = item.parentId;
		let guard = 0;
		while (parentId !== null && guard++ < 10_000) {
			if (parentId === ancestorId) return true;
			parentId = this.items.get(parentId)?.parentId ?? null;
		}
		return false;
	}

	/** The sorted active children of a folder or root, for paging. */
	folderScope(scopeKey: string): Scope | undefined {
		return this.folderScopes.get(scopeKey);
	}

	/** The sorted active files of a user, for paging. */
	latestScope(userId: string): Scope | undefined {
		return this.latestScopes.get(userId);
	}

	/** Active direct children, ascending by the sort key. Do not mutate the returned array. */
	activeChildren(scopeKey: string, sort: SortField = 'created_at'): readonly ItemRec[] {
		return this.folderScopes.get(scopeKey)?.[sort].arr ?? [];
	}

	/** Active files of a user, ascending by the sort key. Do not mutate the returned array. */
	activeFiles(userId: string, sort: SortField = 'created_at'): readonly ItemRec[] {
		return this.latestScopes.get(userId)?.[sort].arr ?? [];
	}

	trashedChildrenCount(scopeKey: string): number {
		return (
			(this.children.get(scopeKey)?.size ?? 0) -
			(this.folderScopes.get(scopeKey)?.created_at.size ?? 0)
		);
	}

	/** Bytes of all active files below a scope. */
	folderSize(scopeKey: string): number {
		let total = 0;
		for (const child of this.folderScopes.get(scopeKey)?.created_at.arr ?? []) {
			total += child.type === 'file' ? child.size : this.folderSize(child.id);
		}
		return total;
	}

	/** Puts items (just created or restored) into the sorted indexes of their folder and, for files, owner. */
	index(items: ItemRec[]): void {
		for (const [map, groups] of this.groupForIndexes(items)) {
			for (const [key, group] of groups) {
				const s = this.scope(map, key);
				s.created_at.insertMany(group);
				s.name.insertMany(group);
			}
		}
	}

	/** Takes items (being trashed or removed) out of the sorted indexes. */
	unindex(items: ItemRec[]): void {
		for (const [map, groups] of this.groupForIndexes(items)) {
			for (const [key, group] of groups) {
				const s = map.get(key);
				if (!s) continue;
				const set = new Set(group);
				s.created_at.removeMany(set);
				s.name.removeMany(set);
			}
		}
	}

	private groupForIndexes(items: ItemRec[]): Array<[Map<string, Scope>, Map<string, ItemRec[]>]> {
		const folder = new Map<string, ItemRec[]>();
		const latest = new Map<string, ItemRec[]>();
		for (const item of items) {
			const fk = this.scopeKeyOf(item);
			(folder.get(fk) ?? folder.set(fk, []).get(fk)!).push(item);
			if (item.type === 'file')
				(latest.get(item.userId) ?? latest.set(item.userId, []).get(item.userId)!).push(item);
		}
		return [
			[this.folderScopes, folder],
			[this.latestScopes, latest],
		];
	}

	private scope(map: Map<string, Scope>, key: string): Scope {
		let s = map.get(key);
		if (!s) {
			s = newScope();
			map.set(key, s);
		}
		return s;
	}

	private childSet(key: string): Set<ItemRec> {
		let s = this.children.get(key);
		if (!s) {
			s = new Set();
			this.children.set(key, s);
		}
		return s;
	}
}

/** Creating folders and files: defaults, mimetypes by extension, generated exif. */
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
	/** true = generate exif; an object = use it; default: generated for image/jpeg only when `exif: true` */
	exif?: boolean | Partial<ExifRec>;
	createdAt?: Date;
	/** the file's bytes on disk (a remote upload's) */
	storedPath?: string;
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

export const DEFAULT_FOLDER_COLOR = '#00BC7E';

export class ItemFactory {
	constructor(
		private readonly ctx: ModelContext,
		private readonly users: UserStore,
		private readonly tree: ItemTree,
	) {}

	private resolveParent(user: UserRec, parentId: string | null | undefined): FolderRec | null {
		if (parentId === undefined || parentId === null) return null;
		const parent = this.tree.items.get(parentId);
		if (!parent || parent.type !== 'folder') throw new Error(`Unknown sandbox folder: ${parentId}`);
		if (parent.userId !== user.id) throw new Error(`Folder ${parentId} belongs to another user`);
		if (parent.deletedAt) throw new Error(`Folder ${parentId} is in the trash`);
		return parent;
	}

	addFolder(userRef: UserRef, options: AddFolderOptions = {}): FolderRec {
		const user = this.users.get(userRef);
		const parent = this.resolveParent(user, options.parentId);
		const now = options.createdAt ?? this.ctx.clock.now();
		const folder: FolderRec = {
			id: this.ctx.rng.uuid(),
			type: 'folder',
			name: options.name ?? `Folder ${this.ctx.lastSeq + 1}`,
			userId: user.id,
			parentId: parent?.id ?? null,
			seq: this.ctx.nextSeq(),
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
		const user = this.users.get(userRef);
		const parent = this.resolveParent(user, options.folderId);
		const now = options.createdAt ?? this.ctx.clock.now();
		const seq = this.ctx.nextSeq();
		const name = options.name ?? `file-${seq}.txt`;
		const mimetype = options.mimetype ?? mimetypeForName(name);
		const ext = name.includes('.') ? `.${name.split('.').pop()!.toLowerCase()}` : '';
		const file: FileRec = {
			id: this.ctx.rng.uuid(),
			type: 'file',
			name,
			basename: `${this.ctx.rng.hex(32)}${ext}`,
			mimetype,
			size: options.size ?? 1000 + this.ctx.rng.int(4_999_000),
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
		const rng = this.ctx.rng;
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
			date_time_original: `${t.getUTCFullYear()}:${pad2(t.getUTCMonth() + 1)}:${pad2(t.getUTCDate())} ${pad2(
				t.getUTCHours(),
			)}:${pad2(t.getUTCMinutes())}:${pad2(t.getUTCSeconds())}`,
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
}

/** Soft delete (trash), restore, and permanent deletion of items with their descendants. */
export class Trash {
	constructor(
		private readonly ctx: ModelContext,
		private readonly tree: ItemTree,
		private readonly shares: ShareStore,
	) {}

	/** Soft delete: the item and its active descendants go to the trash. Returns the trashed items. */
	trash(id: string): ItemRec[] {
		const item = this.existing(id);
		if (item.deletedAt) return [];
		const now = this.ctx.clock.now();
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

	/**
	 * Restores a trashed item with everything that was trashed together with it. With `toHome`, or when its
	 * parent is no longer active, it is moved to the root of its owner.
	 */
	restore(id: string, options: { toHome?: boolean } = {}): ItemRec[] {
		const item = this.existing(id);
		if (!item.deletedAt) return [];
		const root = item.trashRoot;
		const affected = [item];
		if (item.type === 'folder') {
			for (const d of this.tree.descendants(item.id))
				if (d.deletedAt && d.trashRoot === root) affected.push(d);
		}
		const parent = item.parentId ? this.tree.items.get(item.parentId) : undefined;
		if (options.toHome || (item.parentId !== null && (!parent || parent.deletedAt)))
			this.tree.moveToRoot(item);
		const now = this.ctx.clock.now();
		for (const a of affected) {
			a.deletedAt = null;
			a.trashRoot = null;
			a.updatedAt = now;
		}
		this.tree.index(affected);
		return affected;
	}

	/** Permanent removal of the item and all its descendants (from the trash too), with their shares. */
	deletePermanently(id: string): ItemRec[] {
		const item = this.existing(id);
		const all = [item, ...(item.type === 'folder' ? this.tree.descendants(item.id) : [])];
		this.tree.detach(all);
		for (const a of all) this.shares.removeFor(a.id);
		return all;
	}

	private existing(id: string): ItemRec {
		const item = this.tree.items.get(id);
		if (!item) throw new Error(`Unknown sandbox item: ${id}`);
		return item;
	}
}

/** Share links of folders and files: creation, expiry (hours, against the sandbox clock), removal with the item. */
export interface AddShareOptions {
	permission?: 'editor' | 'visitor';
	protected?: boolean;
	expireIn?: number;
	createdAt?: Date;
}

export class ShareStore {
	byToken = new Map<string, ShareRec>();
	private byItem = new Map<string, ShareRec[]>();

	constructor(
		private readonly ctx: ModelContext,
		private readonly tree: ItemTree,
	) {}

	clear(): void {
		this.byToken.clear();
		this.byItem.clear();
	}

	add(itemId: string, options: AddShareOptions = {}): ShareRec {
		const item = this.tree.items.get(itemId);
		if (!item) throw new Error(`Unknown sandbox item: ${itemId}`);
		const share: ShareRec = {
			id: this.ctx.rng.uuid(),
			token: this.ctx.rng.alnum(16),
			itemId,
			itemType: item.type,
			userId: item.userId,
			permission: options.permission ?? 'editor',
			protected: options.protected ?? false,
			expireIn: options.expireIn ?? 720,
			createdAt: options.createdAt ?? this.ctx.clock.now(),
		};
		this.byToken.set(share.token, share);
		const list = this.byItem.get(itemId) ?? [];
		list.push(share);
		this.byItem.set(itemId, list);
		return share;
	}

	isExpired(share: ShareRec): boolean {
		return share.createdAt.getTime() + share.expireIn * 3_600_000 <= this.ctx.clock.now().getTime();
	}

	/** The first non-expired share of an item (shown as `relationships.shared`). */
	activeOf(itemId: string): ShareRec | undefined {
		return this.byItem.get(itemId)?.find((s) => !this.isExpired(s));
	}

	/** Drops every share of an item that is deleted for good. */
	removeFor(itemId: string): void {
		for (const share of this.byItem.get(itemId) ?? []) this.byToken.delete(share.token);
		this.byItem.delete(itemId);
	}
}

/** File requests: upload links into a folder, active until filled or past their expiry (sandbox clock). */
export interface AddFileRequestOptions {
	name?: string;
	expiresAt?: Date | null;
	filled?: boolean;
	createdAt?: Date;
}

export class FileRequestStore {
	byId = new Map<string, FileRequestRec>();

	constructor(
		private readonly ctx: ModelContext,
		private readonly tree: ItemTree,
	) {}

	clear(): void {
		this.byId.clear();
	}

	add(folderId: string, options: AddFileRequestOptions = {}): FileRequestRec {
		const folder = this.tree.items.get(folderId);
		if (!folder || folder.type !== 'folder') throw new Error(`Unknown sandbox folder: ${folderId}`);
		const req: FileRequestRec = {
			id: this.ctx.rng.uuid(),
			folderId,
			userId: folder.userId,
			name: options.name ?? folder.name,
			createdAt: options.createdAt ?? this.ctx.clock.now(),
			expiresAt: options.expiresAt ?? null,
			filled: options.filled ?? false,
		};
		this.byId.set(req.id, req);
		return req;
	}

	isActive(req: FileRequestRec): boolean {
		return (
			!req.filled &&
			(req.expiresAt === null || req.expiresAt.getTime() > this.ctx.clock.now().getTime())
		);
	}
}

/** Notifications of each user, kept ordered by (created_at, creation sequence). */
export interface AddNotificationOptions {
	category?: string;
	title?: string;
	description?: string;
	action?: string;
	type?: string;
	read?: boolean;
	createdAt?: Date;
}

export class NotificationStore {
	byId = new Map<string, NotificationRec>();
	/** per user id, ascending */
	private byUser = new Map<string, SortedIndex<NotificationRec>>();

	constructor(private readonly ctx: ModelContext) {}

	clear(): void {
		this.byId.clear();
		this.byUser.clear();
	}

	add(user: UserRec, options: AddNotificationOptions = {}): NotificationRec {
		const now = options.createdAt ?? this.ctx.clock.now();
		const n: NotificationRec = {
			id: this.ctx.rng.uuid(),
			userId: user.id,
			type: options.type ?? 'App\\Notifications\\FileRequestUploadNotification',
			category: options.category ?? 'upload',
			title: options.title ?? 'New files were uploaded',
			description: options.description ?? 'Files were uploaded into your file request.',
			action: options.action ?? 'view',
			createdAt: now,
			readAt: options.read ? now : null,
			seq: this.ctx.nextSeq(),
		};
		this.byId.set(n.id, n);
		let index = this.byUser.get(user.id);
		if (!index) {
			index = new SortedIndex<NotificationRec>((x) => [x.createdAt.getTime(), x.seq]);
			this.byUser.set(user.id, index);
		}
		index.insert(n);
		return n;
	}

	markRead(id: string): NotificationRec {
		const n = this.byId.get(id);
		if (!n) throw new Error(`Unknown sandbox notification: ${id}`);
		n.readAt ??= this.ctx.clock.now();
		return n;
	}

	/** Newest first (created_at, then creation sequence). */
	of(userId: string): NotificationRec[] {
		const arr = this.byUser.get(userId)?.arr ?? [];
		return arr.slice().reverse();
	}
}
