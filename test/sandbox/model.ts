/**
 * In-memory state and domain logic of the sandbox: users, a folder tree with files, trash, shares, file requests
 * and notifications. Listings are served from sorted indexes that are maintained on every mutation (binary
 * insertion), so adding 10k items and listing them stays cheap.
 */
import { MONTHS } from './schemas';
import type {
	FileWrapperT,
	FolderWrapperT,
	ItemWrapperT,
	NotificationWrapperT,
	CursorMetaT,
} from './schemas';
import { applySeed, DEFAULT_SEED_OPTIONS } from './seed';
import type { SeedInfo, SeedOptions } from './seed';

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------------------------

export const RNG_SEED = 0x5eed2026;

/** mulberry32: tiny seeded PRNG; every id and token of the sandbox comes from it. */
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

// ---------------------------------------------------------------------------------------------------------------
// Clock and formatting
// ---------------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------------
// Sorted index (keyset friendly)
// ---------------------------------------------------------------------------------------------------------------

export type SortField = 'created_at' | 'name';
export type Direction = 'ASC' | 'DESC';
type Key = [number | string, number];

function compareKeys(a: Key, b: Key): number {
	if (a[0] < b[0]) return -1;
	if (a[0] > b[0]) return 1;
	return a[1] - b[1];
}

export function sortKeyOf(item: ItemRec, sort: SortField): Key {
	return sort === 'name' ? [item.name.toLowerCase(), item.seq] : [item.createdAt.getTime(), item.seq];
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

interface Scope {
	created_at: SortedIndex<ItemRec>;
	name: SortedIndex<ItemRec>;
}

function newScope(): Scope {
	return {
		created_at: new SortedIndex<ItemRec>((i) => sortKeyOf(i, 'created_at')),
		name: new SortedIndex<ItemRec>((i) => sortKeyOf(i, 'name')),
	};
}

// ---------------------------------------------------------------------------------------------------------------
// Cursors
// ---------------------------------------------------------------------------------------------------------------

/**
 * Decoded keyset cursor. Encoded as base64url(JSON) of
 * `{sort, direction, points: 'start'|'next'|'prev', value?, seq?, id?}`:
 * `value` = sort key of the boundary item (epoch ms for created_at, lower-cased name for name), `seq` = its
 * creation sequence (tie breaker), `id` = its id (informational).
 */
export interface Cursor {
	sort: SortField;
	direction: Direction;
	points: 'start' | 'next' | 'prev';
	value?: number | string;
	seq?: number;
	id?: string;
}

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
}

export interface Page {
	items: ItemRec[];
	meta: CursorMetaT;
}

// ---------------------------------------------------------------------------------------------------------------
// Model
// ---------------------------------------------------------------------------------------------------------------

const IMAGE_RE = /^image\//;

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

export interface ModelOptions {
	seed?: Partial<SeedOptions>;
	realtimeClock?: boolean;
}

export class Model {
	readonly clock: SandboxClock;
	/** base URL of the HTTP server; used for file_url, thumbnail, avatar and share links */
	baseUrl = 'http://127.0.0.1';
	/** incremented by reset(); background jobs of an older generation discard their results */
	generation = 0;

	rng = new Rng(RNG_SEED);
	users: UserRec[] = [];
	items = new Map<string, ItemRec>();
	shares = new Map<string, ShareRec>(); // by token
	fileRequests = new Map<string, FileRequestRec>();
	notifications = new Map<string, NotificationRec>();
	seedInfo!: SeedInfo;
	readonly seedOptions: SeedOptions;

	private seq = 0;
	private usersById = new Map<string, UserRec>();
	private usersByToken = new Map<string, UserRec>();
	/** children (active and trashed) by scope key: folder id or `root:<userId>` */
	private children = new Map<string, Set<ItemRec>>();
	/** active children by scope key, sorted */
	private folderScopes = new Map<string, Scope>();
	/** active files by user id, sorted */
	private latestScopes = new Map<string, Scope>();
	private sharesByItem = new Map<string, ShareRec[]>();
	/** notifications per user, ordered by (created_at, seq) ascending */
	private notificationIndex = new Map<string, SortedIndex<NotificationRec>>();

	constructor(options: ModelOptions = {}) {
		this.clock = new SandboxClock(options.realtimeClock ?? false);
		this.seedOptions = { ...DEFAULT_SEED_OPTIONS, ...options.seed };
		this.reset();
	}

	/** Back to the seeded state (same ids), clock at SEED_NOW. */
	reset(): void {
		this.generation++;
		this.rng = new Rng(RNG_SEED);
		this.seq = 0;
		this.users = [];
		this.items.clear();
		this.shares.clear();
		this.fileRequests.clear();
		this.notifications.clear();
		this.usersById.clear();
		this.usersByToken.clear();
		this.children.clear();
		this.folderScopes.clear();
		this.latestScopes.clear();
		this.sharesByItem.clear();
		this.notificationIndex.clear();
		this.seedInfo = applySeed(this, this.seedOptions);
		this.clock.set(SEED_NOW);
	}

	nextSeq(): number {
		return ++this.seq;
	}

	// ----- users ---------------------------------------------------------------------------------------------

	addUser(name: string, email: string, color: string): UserRec {
		const user: UserRec = {
			id: this.rng.uuid(),
			index: this.users.length,
			name,
			email,
			color,
			accessToken: `${this.users.length + 1}|${this.rng.alnum(40)}`,
			createdAt: this.clock.now(),
		};
		this.users.push(user);
		this.usersById.set(user.id, user);
		this.usersByToken.set(user.accessToken, user);
		return user;
	}

	/** A user by index (0 = demo user) or id; throws when unknown. */
	getUser(ref: UserRef): UserRec {
		const user = typeof ref === 'number' ? this.users[ref] : this.usersById.get(ref);
		if (!user) throw new Error(`Unknown sandbox user: ${String(ref)}`);
		return user;
	}

	userByToken(token: string): UserRec | undefined {
		return this.usersByToken.get(token);
	}

	// ----- items ---------------------------------------------------------------------------------------------

	findItem(id: string): ItemRec | undefined {
		return this.items.get(id);
	}

	/** e.g. findItemByPath(0, 'Documents/Invoices/invoice-2026-001.pdf'); includes trashed items. */
	findItemByPath(user: UserRef, path: string): ItemRec | undefined {
		const u = this.getUser(user);
		let scope = `root:${u.id}`;
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

	/** Like findItemByPath but throws when missing. */
	itemAt(user: UserRef, path: string): ItemRec {
		const item = this.findItemByPath(user, path);
		if (!item) throw new Error(`No sandbox item at ${path}`);
		return item;
	}

	scopeKeyOf(item: ItemRec): string {
		return item.parentId ?? `root:${item.userId}`;
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

	private indexItems(items: ItemRec[]): void {
		for (const [map, groups] of this.groupForIndexes(items)) {
			for (const [key, group] of groups) {
				const s = this.scope(map, key);
				s.created_at.insertMany(group);
				s.name.insertMany(group);
			}
		}
	}

	private unindexItems(items: ItemRec[]): void {
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
			if (item.type === 'file') (latest.get(item.userId) ?? latest.set(item.userId, []).get(item.userId)!).push(item);
		}
		return [
			[this.folderScopes, folder],
			[this.latestScopes, latest],
		];
	}

	private attach(item: ItemRec): void {
		this.items.set(item.id, item);
		this.childSet(this.scopeKeyOf(item)).add(item);
		if (item.deletedAt === null) this.indexItems([item]);
	}

	private resolveParent(user: UserRec, parentId: string | null | undefined): FolderRec | null {
		if (parentId === undefined || parentId === null) return null;
		const parent = this.items.get(parentId);
		if (!parent || parent.type !== 'folder') throw new Error(`Unknown sandbox folder: ${parentId}`);
		if (parent.userId !== user.id) throw new Error(`Folder ${parentId} belongs to another user`);
		if (parent.deletedAt) throw new Error(`Folder ${parentId} is in the trash`);
		return parent;
	}

	addFolder(userRef: UserRef, options: AddFolderOptions = {}): FolderRec {
		const user = this.getUser(userRef);
		const parent = this.resolveParent(user, options.parentId);
		const now = options.createdAt ?? this.clock.now();
		const folder: FolderRec = {
			id: this.rng.uuid(),
			type: 'folder',
			name: options.name ?? `Folder ${this.seq + 1}`,
			userId: user.id,
			parentId: parent?.id ?? null,
			seq: this.nextSeq(),
			createdAt: now,
			updatedAt: now,
			deletedAt: null,
			trashRoot: null,
			color: options.color ?? DEFAULT_FOLDER_COLOR,
			emoji: options.emoji ?? null,
			isTeamFolder: options.isTeamFolder ?? parent?.isTeamFolder ?? false,
		};
		this.attach(folder);
		return folder;
	}

	addFile(userRef: UserRef, options: AddFileOptions = {}): FileRec {
		const user = this.getUser(userRef);
		const parent = this.resolveParent(user, options.folderId);
		const now = options.createdAt ?? this.clock.now();
		const seq = this.nextSeq();
		const name = options.name ?? `file-${seq}.txt`;
		const mimetype = options.mimetype ?? mimetypeForName(name);
		const ext = name.includes('.') ? `.${name.split('.').pop()!.toLowerCase()}` : '';
		const file: FileRec = {
			id: this.rng.uuid(),
			type: 'file',
			name,
			basename: `${this.rng.hex(32)}${ext}`,
			mimetype,
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
		};
		if (options.exif) file.exif = this.makeExif(now, typeof options.exif === 'object' ? options.exif : {});
		this.attach(file);
		return file;
	}

	private makeExif(taken: Date, overrides: Partial<ExifRec>): ExifRec {
		const cameras: Array<[string, string]> = [
			['Canon', 'Canon EOS R6'],
			['Nikon', 'NIKON Z 6II'],
			['Apple', 'iPhone 15 Pro'],
			['Sony', 'ILCE-7M4'],
		];
		const [camera, model] = cameras[this.rng.int(cameras.length)];
		const landscape = this.rng.next() < 0.7;
		const apertures = [1.8, 2.8, 4, 5.6, 8];
		const f = apertures[this.rng.int(apertures.length)];
		const t = new Date(taken.getTime() - 86_400_000 * (1 + this.rng.int(60)));
		return {
			id: this.rng.uuid(),
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
			exposure_time: `1/${[60, 125, 250, 500, 1000][this.rng.int(5)]}`,
			focal_length: `${[24, 35, 50, 85][this.rng.int(4)]}/1`,
			iso: [100, 200, 400, 800][this.rng.int(4)],
			aperture_f_number: f,
			ccd_width: '35.9mm',
			longitude: (this.rng.next() * 360 - 180).toFixed(6),
			latitude: (this.rng.next() * 180 - 90).toFixed(6),
			...overrides,
		};
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

	/** Soft delete: the item and its active descendants go to the trash. Returns the trashed items. */
	trashItem(id: string): ItemRec[] {
		const item = this.items.get(id);
		if (!item) throw new Error(`Unknown sandbox item: ${id}`);
		if (item.deletedAt) return [];
		const now = this.clock.now();
		const affected = [item];
		if (item.type === 'folder') for (const d of this.descendants(item.id)) if (!d.deletedAt) affected.push(d);
		this.unindexItems(affected);
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
	restoreItem(id: string, options: { toHome?: boolean } = {}): ItemRec[] {
		const item = this.items.get(id);
		if (!item) throw new Error(`Unknown sandbox item: ${id}`);
		if (!item.deletedAt) return [];
		const root = item.trashRoot;
		const affected = [item];
		if (item.type === 'folder') {
			for (const d of this.descendants(item.id)) if (d.deletedAt && d.trashRoot === root) affected.push(d);
		}
		const parent = item.parentId ? this.items.get(item.parentId) : undefined;
		if (options.toHome || (item.parentId !== null && (!parent || parent.deletedAt))) {
			this.childSet(this.scopeKeyOf(item)).delete(item);
			item.parentId = null;
			this.childSet(this.scopeKeyOf(item)).add(item);
		}
		const now = this.clock.now();
		for (const a of affected) {
			a.deletedAt = null;
			a.trashRoot = null;
			a.updatedAt = now;
		}
		this.indexItems(affected);
		return affected;
	}

	/** Permanent removal of the item and all its descendants (from the trash too), with their shares. */
	deleteItemPermanently(id: string): ItemRec[] {
		const item = this.items.get(id);
		if (!item) throw new Error(`Unknown sandbox item: ${id}`);
		const all = [item, ...(item.type === 'folder' ? this.descendants(item.id) : [])];
		this.unindexItems(all.filter((a) => !a.deletedAt));
		for (const a of all) {
			this.children.get(this.scopeKeyOf(a))?.delete(a);
			this.children.delete(a.id);
			this.folderScopes.delete(a.id);
			this.items.delete(a.id);
			for (const share of this.sharesByItem.get(a.id) ?? []) this.shares.delete(share.token);
			this.sharesByItem.delete(a.id);
		}
		return all;
	}

	/** Active direct children, ascending by the sort key. Do not mutate the returned array. */
	activeChildren(scopeKey: string, sort: SortField = 'created_at'): readonly ItemRec[] {
		return this.folderScopes.get(scopeKey)?.[sort].arr ?? [];
	}

	/** Active files of a user, ascending by the sort key. Do not mutate the returned array. */
	activeFiles(userRef: UserRef, sort: SortField = 'created_at'): readonly ItemRec[] {
		return this.latestScopes.get(this.getUser(userRef).id)?.[sort].arr ?? [];
	}

	trashedChildrenCount(scopeKey: string): number {
		return (this.children.get(scopeKey)?.size ?? 0) - (this.folderScopes.get(scopeKey)?.created_at.size ?? 0);
	}

	/** Bytes of all active files below a scope. */
	folderSize(scopeKey: string): number {
		let total = 0;
		for (const child of this.folderScopes.get(scopeKey)?.created_at.arr ?? []) {
			total += child.type === 'file' ? child.size : this.folderSize(child.id);
		}
		return total;
	}

	// ----- listings -------------------------------------------------------------------------------------------

	folderPage(scopeKey: string, q: PageQuery): Page {
		return paginate(this.folderScopes.get(scopeKey), q);
	}

	latestPage(userRef: UserRef, q: PageQuery): Page {
		return paginate(this.latestScopes.get(this.getUser(userRef).id), q);
	}

	/** Full listing in the requested order (file request browse). */
	sortedChildren(scopeKey: string, sort: SortField, direction: Direction): ItemRec[] {
		const arr = this.activeChildren(scopeKey, sort).slice();
		return direction === 'DESC' ? arr.reverse() : arr;
	}

	// ----- shares and file requests ---------------------------------------------------------------------------

	addShare(itemId: string, options: AddShareOptions = {}): ShareRec {
		const item = this.items.get(itemId);
		if (!item) throw new Error(`Unknown sandbox item: ${itemId}`);
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
		const list = this.sharesByItem.get(itemId) ?? [];
		list.push(share);
		this.sharesByItem.set(itemId, list);
		return share;
	}

	isShareExpired(share: ShareRec): boolean {
		return share.createdAt.getTime() + share.expireIn * 3_600_000 <= this.clock.now().getTime();
	}

	/** The first non-expired share of an item (shown as `relationships.shared`). */
	activeShareOf(itemId: string): ShareRec | undefined {
		return this.sharesByItem.get(itemId)?.find((s) => !this.isShareExpired(s));
	}

	addFileRequest(folderId: string, options: AddFileRequestOptions = {}): FileRequestRec {
		const folder = this.items.get(folderId);
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
		return !req.filled && (req.expiresAt === null || req.expiresAt.getTime() > this.clock.now().getTime());
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
			seq: this.nextSeq(),
		};
		this.notifications.set(n.id, n);
		let index = this.notificationIndex.get(user.id);
		if (!index) {
			index = new SortedIndex<NotificationRec>((x) => [x.createdAt.getTime(), x.seq]);
			this.notificationIndex.set(user.id, index);
		}
		index.insert(n);
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
		const arr = this.notificationIndex.get(this.getUser(userRef).id)?.arr ?? [];
		return arr.slice().reverse();
	}

	// ----- API representations ---------------------------------------------------------------------------------

	private userAttributes(user: UserRec) {
		return { name: user.name, avatar: `${this.baseUrl}/avatars/${user.id}.png`, color: user.color };
	}

	private shareWrapper(share: ShareRec) {
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
					link: `${this.baseUrl}/share/${share.token}`,
					type: share.itemType,
				},
			},
		};
	}

	private parentRelationship(item: ItemRec) {
		const parent = item.parentId ? this.items.get(item.parentId) : undefined;
		if (!parent) return undefined;
		return { data: { type: 'folder' as const, id: parent.id, attributes: { name: parent.name } } };
	}

	folderWrapper(folder: FolderRec): FolderWrapperT {
		const user = this.getUser(folder.userId);
		const share = this.activeShareOf(folder.id);
		const parent = this.parentRelationship(folder);
		return {
			data: {
				id: folder.id,
				type: 'folder',
				attributes: {
					name: folder.name,
					color: folder.color,
					emoji: folder.emoji,
					filesize: this.folderSize(folder.id),
					isTeamFolder: folder.isTeamFolder,
					items: this.folderScopes.get(folder.id)?.created_at.size ?? 0,
					trashed_items: this.trashedChildrenCount(folder.id),
					created_at: formatItemDate(folder.createdAt),
					updated_at: formatItemDate(folder.updatedAt),
					deleted_at: folder.deletedAt ? formatItemDate(folder.deletedAt) : null,
				},
				relationships: {
					...(share ? { shared: this.shareWrapper(share) } : {}),
					...(parent ? { parent } : {}),
					user: { data: { type: 'user', id: user.id, attributes: this.userAttributes(user) } },
				},
			},
		};
	}

	/** Synthetic wrapper for the root (home) of a user: id `all`, name `Home`, no parent. */
	rootWrapper(userRef: UserRef): FolderWrapperT {
		const user = this.getUser(userRef);
		const key = `root:${user.id}`;
		return {
			data: {
				id: 'all',
				type: 'folder',
				attributes: {
					name: 'Home',
					color: DEFAULT_FOLDER_COLOR,
					emoji: null,
					filesize: this.folderSize(key),
					isTeamFolder: false,
					items: this.folderScopes.get(key)?.created_at.size ?? 0,
					trashed_items: this.trashedChildrenCount(key),
					created_at: formatItemDate(user.createdAt),
					updated_at: formatItemDate(user.createdAt),
					deleted_at: null,
				},
				relationships: {
					user: { data: { type: 'user', id: user.id, attributes: this.userAttributes(user) } },
				},
			},
		};
	}

	fileWrapper(file: FileRec): FileWrapperT {
		const creator = this.getUser(file.creatorId);
		const share = this.activeShareOf(file.id);
		const parent = this.parentRelationship(file);
		const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : 'file';
		return {
			data: {
				id: file.id,
				type: 'file',
				attributes: {
					filesize: formatFileSize(file.size),
					name: file.name,
					basename: file.basename,
					mimetype: file.mimetype,
					file_url: `${this.baseUrl}/file/${file.basename}`,
					thumbnail: IMAGE_RE.test(file.mimetype)
						? `${this.baseUrl}/thumbnail/xs-${file.basename}`
						: `${this.baseUrl}/assets/icons/${encodeURIComponent(ext)}.svg`,
					parent_id: file.parentId,
					created_at: formatItemDate(file.createdAt),
					updated_at: formatItemDate(file.updatedAt),
					deleted_at: file.deletedAt ? formatItemDate(file.deletedAt) : null,
				},
				relationships: {
					...(share ? { shared: this.shareWrapper(share) } : {}),
					...(parent ? { parent } : {}),
					creator: { data: { type: 'creator', id: creator.id, attributes: this.userAttributes(creator) } },
					...(file.exif ? { exif: { data: exifData(file.exif) } } : {}),
				},
			},
		};
	}

	itemWrapper(item: ItemRec): ItemWrapperT {
		return item.type === 'folder' ? this.folderWrapper(item) : this.fileWrapper(item);
	}

	notificationWrapper(n: NotificationRec): NotificationWrapperT {
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
}

function exifData(e: ExifRec) {
	const { id, ...attributes } = e;
	return { id, type: 'exif' as const, attributes };
}

// ---------------------------------------------------------------------------------------------------------------
// Keyset pagination over a sorted scope
// ---------------------------------------------------------------------------------------------------------------

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
	const before = (k: Key) => (!index ? 0 : q.direction === 'ASC' ? index.lowerBound(k) : n - index.upperBound(k));
	/** number of L-elements at or before key k */
	const atOrBefore = (k: Key) =>
		!index ? 0 : q.direction === 'ASC' ? index.upperBound(k) : n - index.lowerBound(k);
	const cursorFor = (item: ItemRec, points: 'next' | 'prev') => {
		const [value, seq] = sortKeyOf(item, q.sort);
		return encodeCursor({ sort: q.sort, direction: q.direction, points, value, seq, id: item.id });
	};

	let start: number;
	let end: number;
	const c = q.cursor;
	if (c && c.points === 'next') {
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
	else if (start === 0 || n === 0) current = encodeCursor({ sort: q.sort, direction: q.direction, points: 'start' });
	else current = cursorFor(at(Math.min(start, n) - 1), 'next');

	return {
		items,
		meta: {
			cursor: current,
			next_cursor: items.length && end < n ? cursorFor(at(end - 1), 'next') : null,
			prev_cursor: items.length && start > 0 ? cursorFor(at(start), 'prev') : null,
			limit: q.limit,
			total: n,
		},
	};
}
