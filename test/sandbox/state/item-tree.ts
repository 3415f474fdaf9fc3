/**
 * The folder tree: every item (active and trashed) by id, the children of each folder or root, and the sorted
 * indexes of the active ones that listings are served from. Indexes change only through index()/unindex().
 */
import type { ItemRec } from './records';
import { newScope } from './sorted-index';
import type { Scope, SortField } from './sorted-index';

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
