/** Soft delete (trash), restore, and permanent deletion of items with their descendants. */
import type { ItemTree } from './item-tree';
import type { ItemRec, ModelContext } from './records';
import type { ShareStore } from './shares';

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
