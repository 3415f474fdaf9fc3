/**
 * `Model` (`sb.model`): the sandbox's records and stores (users, the item tree with its sorted listings, trash,
 * shares, file requests, notifications), drawn from one seeded PRNG, one clock and one creation sequence; and the
 * paging of its listings by keyset or offset cursor. Tests use it directly.
 */
import { z } from 'zod';

import type { CursorMetaT, ExifAttributesT } from './schemas';
import { SortDirection, SortKey } from './schemas';
import { applySeed } from './seed';
import type { SeedInfo, SeedOptions } from './seed';

export interface UserRec {
	id: string;
	index: number;
	name: string;
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

export type ExifRec = { id: string } & ExifAttributesT;

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

/** A user by index (0 = the demo user) or id. */
export type UserRef = number | string;

export const DEFAULT_FOLDER_COLOR = '#00BC7E';

/** mulberry32, seeded: every id and token of the sandbox comes from it, the same on every run. */
class Rng {
	private state = 0x5eed2026;

	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	int = (maxExclusive: number) => Math.floor(this.next() * maxExclusive);
	chars = (alphabet: string, length: number) =>
		Array.from({ length }, () => alphabet[this.int(alphabet.length)]).join('');
	hex = (length: number) => this.chars('0123456789abcdef', length);
	alnum = (length: number) =>
		this.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', length);

	/** RFC 4122 version 4 layout. */
	uuid(): string {
		const b = Array.from({ length: 16 }, () => this.int(256));
		b[6] = (b[6] & 0x0f) | 0x40;
		b[8] = (b[8] & 0x3f) | 0x80;
		const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
		return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
	}
}

/** Fixed "now" of the seeded state: 10 Mar 2026 12:00 UTC. */
export const SEED_NOW = new Date('2026-03-10T12:00:00.000Z');

/** Frozen at a fixed "now" (time moves only with `set`/`advance`) unless realtime: then it runs from the last set(). */
export class SandboxClock {
	private base = SEED_NOW.getTime();
	private setAt = Date.now();

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

export type SortField = 'created_at' | 'name';
export type Direction = 'ASC' | 'DESC';
type Key = [number | string, number];
const SORTS = ['created_at', 'name'] as const;

/** A listing (a folder's active children, or a user's active files) ascending in each order. */
type Listing = Record<SortField, ItemRec[]>;

/** (sort value, creation seq): unique, so an item added or removed never shifts another's place. */
const keyOf = (item: ItemRec, sort: SortField): Key => [
	sort === 'name' ? item.name.toLowerCase() : item.createdAt.getTime(),
	item.seq,
];
const compareKeys = (a: Key, b: Key) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]);

/** The first index of `arr` (ascending by `sort`) whose key is >= k (> k when `after`). */
function bound(arr: readonly ItemRec[], sort: SortField, k: Key, after = false): number {
	let lo = 0;
	let hi = arr.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		const c = compareKeys(keyOf(arr[mid], sort), k);
		if (c < 0 || (after && c === 0)) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/**
 * `arr` with `items` added or removed: one by one (binary insertion) when they are few, with one sort or filter for a
 * batch; so adding 10k items one by one and listing them between additions stays cheap.
 */
function updated(arr: ItemRec[], sort: SortField, items: ItemRec[], add: boolean): ItemRec[] {
	if (items.length > 16) {
		if (add) return arr.concat(items).sort((a, b) => compareKeys(keyOf(a, sort), keyOf(b, sort)));
		const gone = new Set(items);
		return arr.filter((t) => !gone.has(t));
	}
	for (const t of items) {
		if (add) arr.splice(bound(arr, sort, keyOf(t, sort), true), 0, t);
		else if (arr.includes(t)) arr.splice(arr.indexOf(t), 1);
	}
	return arr;
}

/**
 * Cursors, as Laravel's two paginators hand them out: keyset cursors (`cursorPaginate()`: the next page starts
 * after the last entry shown, whatever changed meanwhile) and offset cursors (`paginate()`: the next page starts N
 * entries further down). `cursorMode` picks which kind the sandbox hands out; both are read whatever the mode.
 */
const order = { sort: SortKey, direction: SortDirection };
const CursorSchema = z.union([
	z.object({ ...order, points: z.literal('start') }),
	z.object({ ...order, points: z.literal('offset'), offset: z.number().int().nonnegative() }),
	z
		.object({
			...order,
			points: z.enum(['next', 'prev']),
			value: z.union([z.number(), z.string()]),
			seq: z.number().int(),
			id: z.string().optional().catch(undefined),
		})
		.refine((c) => typeof c.value === (c.sort === 'name' ? 'string' : 'number')),
]);
export type Cursor = z.infer<typeof CursorSchema>;
export type CursorMode = 'keyset' | 'offset';

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

export function decodeCursor(s: string): Cursor | undefined {
	if (!/^[\w-]+$/.test(s)) return undefined;
	try {
		return CursorSchema.parse(JSON.parse(Buffer.from(s, 'base64url').toString('utf8')));
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

/**
 * A page of an ascending listing, read in `direction`'s order. A `next` cursor holds the key of the last item shown
 * (the page is what follows it), a `prev` cursor the key of the first one (the page is the `limit` items before it).
 */
function paginate(arr: readonly ItemRec[], q: PageQuery, mode: CursorMode): Page {
	const { sort, direction, limit, cursor: c } = q;
	const n = arr.length;
	const asc = direction === 'ASC';
	const at = (i: number) => arr[asc ? i : n - 1 - i];
	/** number of items before key k in the page order (at or before it with `including`) */
	const before = (k: Key, including: boolean) =>
		asc ? bound(arr, sort, k, including) : n - bound(arr, sort, k, !including);

	let start = Math.min(n, ((q.page ?? 1) - 1) * limit);
	if (c?.points === 'offset') start = Math.min(n, c.offset);
	else if (c?.points === 'next') start = before([c.value, c.seq], true);
	else if (c?.points === 'start') start = 0;
	let end = Math.min(n, start + limit);
	if (c?.points === 'prev') {
		end = before([c.value, c.seq], false);
		start = Math.max(0, end - limit);
	}

	const keyset = (i: number, points: 'next' | 'prev') => {
		const [value, seq] = keyOf(at(i), sort);
		return encodeCursor({ sort, direction, points, value, seq, id: at(i).id });
	};
	const offsets = mode === 'offset';
	/** the cursor of the page that starts at i */
	const startingAt = (i: number) =>
		offsets
			? encodeCursor({ sort, direction, points: 'offset', offset: i })
			: keyset(i - 1, 'next');
	const shown = end > start;
	return {
		items: Array.from({ length: end - start }, (_, i) => at(start + i)),
		meta: {
			cursor:
				q.rawCursor ??
				(start === 0 ? encodeCursor({ sort, direction, points: 'start' }) : startingAt(start)),
			next_cursor: shown && end < n ? startingAt(end) : null,
			prev_cursor:
				!shown || start === 0
					? null
					: offsets
						? startingAt(Math.max(0, start - limit))
						: keyset(start, 'prev'),
			limit,
			total: n,
		},
	};
}

export type AddFolderOptions = Partial<
	Pick<FolderRec, 'parentId' | 'name' | 'color' | 'emoji' | 'isTeamFolder' | 'createdAt'>
>;

export type AddFileOptions = Partial<
	Pick<FileRec, 'name' | 'mimetype' | 'size' | 'createdAt' | 'storedPath'>
> & {
	/** containing folder; omitted or null = root (home) of the user */
	folderId?: string | null;
	/** generate exif (default: none) */
	exif?: boolean;
};

const OOXML = 'application/vnd.openxmlformats-officedocument';
const MIME_BY_EXT: Record<string, string> = {
	...Object.fromEntries(['pdf', 'json', 'zip'].map((e) => [e, `application/${e}`])),
	...Object.fromEntries(['png', 'gif', 'webp'].map((e) => [e, `image/${e}`])),
	...{ txt: 'text/plain', md: 'text/markdown', csv: 'text/csv', svg: 'image/svg+xml' },
	...{ jpg: 'image/jpeg', jpeg: 'image/jpeg', mp4: 'video/mp4', mp3: 'audio/mpeg' },
	docx: `${OOXML}.wordprocessingml.document`,
	xlsx: `${OOXML}.spreadsheetml.sheet`,
	pptx: `${OOXML}.presentationml.presentation`,
};

/** The lower-cased text after the last dot ('' without one). */
export const extensionOf = (name: string) =>
	name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';

export class Model {
	readonly clock: SandboxClock;
	/** base URL of the HTTP server; used for file_url, thumbnail, avatar and share links */
	baseUrl = 'http://127.0.0.1';
	/** incremented by reset(); background jobs of an older generation discard their results */
	generation = 0;
	seedInfo!: SeedInfo;
	/** Which cursors the listings hand out (see CursorSchema); kept across `reset()`, like the clock. */
	cursorMode: CursorMode = 'keyset';

	/** in creation order: index 0 is the demo user */
	users: UserRec[] = [];
	/** every item, active and trashed, by id */
	readonly items = new Map<string, ItemRec>();
	/** by token */
	readonly shares = new Map<string, ShareRec>();
	readonly fileRequests = new Map<string, FileRequestRec>();
	readonly notifications = new Map<string, NotificationRec>();
	private rng = new Rng();
	private seq = 0;
	/** by scope key: a folder id or `root:<userId>` (its active children), `latest:<userId>` (active files) */
	private readonly listings = new Map<string, Listing>();
	/** direct children, active and trashed, by scope key: a lookup, as folder listings count the trashed ones */
	private readonly children = new Map<string, Set<ItemRec>>();

	constructor(
		private readonly seedOptions: Partial<SeedOptions> = {},
		realtimeClock = false,
	) {
		this.clock = new SandboxClock(realtimeClock);
		this.reset();
	}

	/** Back to the seeded state (same ids), clock at SEED_NOW. */
	reset(): void {
		this.generation++;
		this.rng = new Rng();
		this.seq = 0;
		this.users = [];
		for (const store of [this.items, this.listings, this.children]) store.clear();
		for (const store of [this.shares, this.fileRequests, this.notifications]) store.clear();
		this.seedInfo = applySeed(this, { bulkFolderFiles: 0, ...this.seedOptions });
		this.clock.set(SEED_NOW);
	}

	// ----- users ---------------------------------------------------------------------------------------------

	addUser(name: string, color: string): UserRec {
		const index = this.users.length;
		const id = this.rng.uuid();
		const accessToken = `${index + 1}|${this.rng.alnum(40)}`;
		const user = { id, index, name, color, accessToken, createdAt: this.clock.now() };
		this.users.push(user);
		return user;
	}

	/** Throws when unknown. */
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

	// ----- the item tree -------------------------------------------------------------------------------------

	findItem(id: string): ItemRec | undefined {
		return this.items.get(id);
	}

	/** e.g. itemAt(0, 'Documents/Invoices/invoice-2026-001.pdf'); trashed items too; throws when there is none. */
	itemAt(user: UserRef, path: string): ItemRec {
		let scope = `root:${this.getUser(user).id}`;
		let found: ItemRec | undefined;
		for (const part of path.split('/').filter(Boolean)) {
			found = this.childrenOf(scope).find((child) => child.name === part);
			if (!found) break;
			scope = found.id;
		}
		if (!found) throw new Error(`No sandbox item at ${path}`);
		return found;
	}

	private existing(id: string): ItemRec {
		const item = this.items.get(id);
		if (!item) throw new Error(`Unknown sandbox item: ${id}`);
		return item;
	}

	private parentFor(user: UserRec, parentId: string | null | undefined): FolderRec | null {
		if (parentId === undefined || parentId === null) return null;
		const parent = this.items.get(parentId);
		if (!parent || parent.type !== 'folder') throw new Error(`Unknown sandbox folder: ${parentId}`);
		if (parent.userId !== user.id) throw new Error(`Folder ${parentId} belongs to another user`);
		if (parent.deletedAt) throw new Error(`Folder ${parentId} is in the trash`);
		return parent;
	}

	private scopeKeyOf(item: ItemRec): string {
		return item.parentId ?? `root:${item.userId}`;
	}

	/** Direct children (active and trashed), in the order they came into the scope. */
	private childrenOf(scopeKey: string): ItemRec[] {
		return [...(this.children.get(scopeKey) ?? [])];
	}

	/** Adds the item to (`add`) or removes it from the children of its scope. */
	private setChild(item: ItemRec, add: boolean): void {
		const key = this.scopeKeyOf(item);
		const set = this.children.get(key) ?? this.children.set(key, new Set()).get(key)!;
		if (add) set.add(item);
		else set.delete(item);
	}

	/** Adds a new (active) item to the tree and its listings. */
	private attach<T extends ItemRec>(item: T): T {
		this.items.set(item.id, item);
		this.setChild(item, true);
		this.index([item]);
		return item;
	}

	addFolder(userRef: UserRef, options: AddFolderOptions = {}): FolderRec {
		const user = this.getUser(userRef);
		const parent = this.parentFor(user, options.parentId);
		const now = options.createdAt ?? this.clock.now();
		return this.attach({
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
		});
	}

	addFile(userRef: UserRef, options: AddFileOptions = {}): FileRec {
		const user = this.getUser(userRef);
		const parent = this.parentFor(user, options.folderId);
		const now = options.createdAt ?? this.clock.now();
		const seq = ++this.seq;
		const name = options.name ?? `file-${seq}.txt`;
		const ext = extensionOf(name);
		return this.attach<FileRec>({
			id: this.rng.uuid(),
			type: 'file',
			name,
			basename: `${this.rng.hex(32)}${name.includes('.') ? `.${ext}` : ''}`,
			mimetype: options.mimetype ?? MIME_BY_EXT[ext] ?? 'application/octet-stream',
			size: options.size ?? 1000 + this.rng.int(4_999_000),
			userId: user.id,
			creatorId: user.id,
			parentId: parent?.id ?? null,
			seq,
			createdAt: now,
			updatedAt: now,
			deletedAt: null,
			trashRoot: null,
			exif: options.exif ? this.makeExif(now) : null,
			...(options.storedPath ? { storedPath: options.storedPath } : {}),
		});
	}

	private makeExif(taken: Date): ExifRec {
		const rng = this.rng;
		const pick = <T>(values: T[]) => values[rng.int(values.length)];
		const [camera, model] = pick([
			['Canon', 'Canon EOS R6'],
			['Nikon', 'NIKON Z 6II'],
			['Apple', 'iPhone 15 Pro'],
			['Sony', 'ILCE-7M4'],
		]);
		const landscape = rng.next() < 0.7;
		const f = pick([1.8, 2.8, 4, 5.6, 8]);
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
			exposure_time: `1/${pick([60, 125, 250, 500, 1000])}`,
			focal_length: `${pick([24, 35, 50, 85])}/1`,
			iso: pick([100, 200, 400, 800]),
			aperture_f_number: f,
			ccd_width: '35.9mm',
			longitude: (rng.next() * 360 - 180).toFixed(6),
			latitude: (rng.next() * 180 - 90).toFixed(6),
		};
	}

	/** All descendants (active and trashed), breadth first; none for a file. */
	descendants(folderId: string): ItemRec[] {
		const out: ItemRec[] = [];
		if (this.items.get(folderId)?.type !== 'folder') return out;
		for (let queue = [folderId], q = 0; q < queue.length; q++) {
			for (const child of this.childrenOf(queue[q])) {
				out.push(child);
				if (child.type === 'folder') queue.push(child.id);
			}
		}
		return out;
	}

	/** true when `item` is strictly below folder `ancestorId`. */
	isInside(item: ItemRec, ancestorId: string): boolean {
		for (let p = item.parentId; p !== null; p = this.items.get(p)?.parentId ?? null)
			if (p === ancestorId) return true;
		return false;
	}

	/**
	 * Puts items (just created or restored) into the listings of their folder and, for files, owner (`add`), or
	 * takes them out (being trashed or removed); one update per listing and order for the whole batch.
	 */
	private index(items: ItemRec[], add = true): void {
		const groups = new Map<string, ItemRec[]>();
		const put = (key: string, item: ItemRec) =>
			(groups.get(key) ?? groups.set(key, []).get(key)!).push(item);
		for (const item of items) {
			put(this.scopeKeyOf(item), item);
			if (item.type === 'file') put(`latest:${item.userId}`, item);
		}
		for (const [key, group] of groups) {
			const listing = this.listings.get(key) ?? { created_at: [], name: [] };
			for (const sort of SORTS) listing[sort] = updated(listing[sort], sort, group, add);
			this.listings.set(key, listing);
		}
	}

	/** Soft delete: the item and its active descendants go to the trash. */
	trashItem(id: string): void {
		const item = this.existing(id);
		if (item.deletedAt) return;
		const affected = [item, ...this.descendants(item.id).filter((d) => !d.deletedAt)];
		this.index(affected, false);
		const deletedAt = this.clock.now();
		for (const a of affected) Object.assign(a, { deletedAt, trashRoot: item.id });
	}

	/** Restores a trashed item with what was trashed with it; to the root with `toHome` or when its parent is gone. */
	restoreItem(id: string, options: { toHome?: boolean } = {}): void {
		const item = this.existing(id);
		if (!item.deletedAt) return;
		const trashedWith = (d: ItemRec) => d.deletedAt && d.trashRoot === item.trashRoot;
		const affected = [item, ...this.descendants(item.id).filter(trashedWith)];
		const parent = item.parentId ? this.items.get(item.parentId) : undefined;
		if (options.toHome || (item.parentId !== null && (!parent || parent.deletedAt))) {
			this.setChild(item, false);
			item.parentId = null;
			this.setChild(item, true);
		}
		const updatedAt = this.clock.now();
		for (const a of affected) Object.assign(a, { deletedAt: null, trashRoot: null, updatedAt });
		this.index(affected);
	}

	/** Permanent removal of the item and all its descendants (from the trash too), with their shares. */
	deleteItemPermanently(id: string): void {
		const item = this.existing(id);
		const all = [item, ...this.descendants(item.id)];
		this.index(all, false); // trashed ones are in no listing: a no-op for them
		for (const a of all) {
			this.setChild(a, false);
			this.listings.delete(a.id);
			this.children.delete(a.id);
			this.items.delete(a.id);
		}
		for (const [token, share] of this.shares)
			if (!this.items.has(share.itemId)) this.shares.delete(token);
	}

	// ----- listings (a scope key is a folder id, or `root:<userId>`) --------------------------------------------

	/** Active direct children, ascending by the sort key. Do not mutate the returned array. */
	activeChildren(scopeKey: string, sort: SortField = 'created_at'): readonly ItemRec[] {
		return this.listings.get(scopeKey)?.[sort] ?? [];
	}

	/** Active files of a user, ascending by the sort key. Do not mutate the returned array. */
	activeFiles(userRef: UserRef, sort: SortField = 'created_at'): readonly ItemRec[] {
		return this.activeChildren(`latest:${this.getUser(userRef).id}`, sort);
	}

	trashedChildrenCount(scopeKey: string): number {
		return (this.children.get(scopeKey)?.size ?? 0) - this.activeChildren(scopeKey).length;
	}

	/** Bytes of all active files below a scope. */
	folderSize(scopeKey: string): number {
		let total = 0;
		for (const child of this.activeChildren(scopeKey))
			total += child.type === 'file' ? child.size : this.folderSize(child.id);
		return total;
	}

	folderPage(scopeKey: string, q: PageQuery): Page {
		return paginate(this.activeChildren(scopeKey, q.sort), q, this.cursorMode);
	}

	latestPage(userRef: UserRef, q: PageQuery): Page {
		return paginate(this.activeFiles(userRef, q.sort), q, this.cursorMode);
	}

	/** Full listing in the requested order (file request browse). */
	sortedChildren(scopeKey: string, sort: SortField, direction: Direction): ItemRec[] {
		const arr = this.activeChildren(scopeKey, sort).slice();
		return direction === 'DESC' ? arr.reverse() : arr;
	}

	// ----- shares, file requests and notifications -----------------------------------------------------------

	addShare(
		itemId: string,
		options: Partial<Pick<ShareRec, 'permission' | 'protected' | 'expireIn' | 'createdAt'>> = {},
	): ShareRec {
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
		return [...this.shares.values()].find((s) => s.itemId === itemId && !this.isShareExpired(s));
	}

	addFileRequest(
		folderId: string,
		options: Partial<Pick<FileRequestRec, 'name' | 'expiresAt' | 'filled' | 'createdAt'>> = {},
	): FileRequestRec {
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
		const expiresAt = req.expiresAt?.getTime() ?? Infinity;
		return !req.filled && expiresAt > this.clock.now().getTime();
	}

	addNotification(
		userRef: UserRef,
		options: Partial<Omit<NotificationRec, 'id' | 'userId' | 'readAt' | 'seq'>> & {
			read?: boolean;
		} = {},
	): NotificationRec {
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

	/** Newest first (created_at, then creation sequence). */
	notificationsOf(userRef: UserRef): NotificationRec[] {
		const userId = this.getUser(userRef).id;
		return [...this.notifications.values()]
			.filter((n) => n.userId === userId)
			.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.seq - a.seq);
	}
}
