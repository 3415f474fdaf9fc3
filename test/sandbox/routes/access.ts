/**
 * What a caller may touch: the user of a bearer token (endpoints 1–3, 9), and the folder that a share or file
 * request link confines its caller to (endpoints 4–8), with the batch delete both kinds of link offer inside it.
 */
import { error, invalid, notFoundEntry, ok } from '../http-io';
import type { Result } from '../http-io';
import type { FolderRec, ItemRec, Model, UserRec } from '../model';
import { DeleteItemsBody, MESSAGES, parseInput } from '../schemas';

export function bearerUser(model: Model, header: string | undefined): UserRec | undefined {
	const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header.trim()) : null;
	return m ? model.userByToken(m[1]) : undefined;
}

/** The folder itself or an active folder below it; otherwise undefined. */
export function folderWithin(
	model: Model,
	root: FolderRec,
	id: string | null | undefined,
): FolderRec | undefined {
	if (id === undefined || id === null) return root;
	const item = model.findItem(id);
	if (!item || item.type !== 'folder' || item.deletedAt) return undefined;
	return item.id === root.id || model.isInside(item, root.id) ? item : undefined;
}

/** Soft or force deletes a batch of items strictly below `root`; stops at the first item it cannot delete. */
export function deleteWithin(model: Model, root: FolderRec, body: unknown): Result {
	const r = parseInput(DeleteItemsBody, body);
	if (!r.ok) return invalid(r.errors);
	for (const ref of r.value.items) {
		const item: ItemRec | undefined = model.findItem(ref.id);
		if (!item || item.type !== ref.type) return notFoundEntry();
		if (!model.isInside(item, root.id)) return error(403, MESSAGES.accessDenied);
		if (ref.force_delete) model.deleteItemPermanently(item.id);
		else if (item.deletedAt) return notFoundEntry();
		else model.trashItem(item.id);
	}
	return ok(200, { type: 'success', message: MESSAGES.deleted });
}
