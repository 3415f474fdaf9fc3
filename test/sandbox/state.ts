/**
 * The model's records and stores: users, the item tree and its sorted indexes, item creation, trash, shares,
 * file requests, notifications, the seeded PRNG and the sandbox clock.
 */
/**
 * The records the model keeps (users, items, shares, file requests, notifications), and what every store of the
 * model draws on to create them.
 */
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

export const DEFAULT_FOLDER_COLOR = '#00BC7E';
