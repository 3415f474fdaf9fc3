/** Endpoints 4 and 5: create a folder and delete items through an editor share link of a folder. */
import { error, invalid, isResult, ok } from '../http-io';
import type { Result } from '../http-io';
import type { FolderRec, Model } from '../model';
import { folderWrapper } from '../representation';
import { CreateFolderBody, MESSAGES, parseInput } from '../schemas';
import { deleteWithin, folderWithin } from './access';
import type { Route } from './router';

/** The shared folder and its owner, if the token names a live, unprotected editor share of an active folder. */
function shareAccess(model: Model, token: string): { root: FolderRec; userId: string } | Result {
	const share = model.shares.get(token);
	if (!share || model.isShareExpired(share)) return error(404, MESSAGES.accessDenied);
	const item = model.findItem(share.itemId);
	if (!item || item.deletedAt) return error(404, MESSAGES.accessDenied);
	if (share.protected || share.permission !== 'editor' || item.type !== 'folder') {
		return error(403, MESSAGES.accessDenied);
	}
	return { root: item, userId: share.userId };
}

export function shareRoutes(model: Model): Route[] {
	return [
		{
			pattern: /^\/api\/v1\/shares\/([^/]+)\/items$/,
			methods: {
				POST: ({ params, body }) => {
					const access = shareAccess(model, params[0]);
					if (isResult(access)) return access;
					const r = parseInput(CreateFolderBody, body);
					if (!r.ok) return invalid(r.errors);
					const parent = folderWithin(model, access.root, r.value.parent_id);
					if (!parent) return error(403, MESSAGES.accessDenied);
					const folder = model.addFolder(access.userId, {
						parentId: parent.id,
						name: r.value.name,
					});
					return ok(201, folderWrapper(model, folder));
				},
				DELETE: ({ params, body }) => {
					const access = shareAccess(model, params[0]);
					if (isResult(access)) return access;
					return deleteWithin(model, access.root, body);
				},
			},
		},
	];
}
