/** Notifications of each user, kept ordered by (created_at, creation sequence). */
import type { ModelContext, NotificationRec, UserRec } from './records';
import { SortedIndex } from './sorted-index';

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
