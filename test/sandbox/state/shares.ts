/** Share links of folders and files: creation, expiry (hours, against the sandbox clock), removal with the item. */
import type { ItemTree } from './item-tree';
import type { ModelContext, ShareRec } from './records';

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
