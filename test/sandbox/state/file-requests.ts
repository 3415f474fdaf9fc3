/** File requests: upload links into a folder, active until filled or past their expiry (sandbox clock). */
import type { ItemTree } from './item-tree';
import type { FileRequestRec, ModelContext } from './records';

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
