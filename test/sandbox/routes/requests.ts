/** Endpoints 6, 7 and 8: browse, delete items in, and upload remote files into a file request's folder. */
import { error, invalid, isResult, nonEmpty, ok } from '../http-io';
import type { Result } from '../http-io';
import type { FileRequestRec, FolderRec, Model } from '../model';
import { folderWrapper, itemWrapper } from '../representation';
import { MESSAGES, parseInput, RemoteUploadBody, RequestItemsQuery } from '../schemas';
import type { RemoteUploads } from '../uploads';
import { deleteWithin, folderWithin } from './access';
import type { Route } from './router';

/** The request and its folder, if the id names an active request whose folder is still active. */
export function requestAccess(
	model: Model,
	id: string,
): { req: FileRequestRec; root: FolderRec } | Result {
	const req = model.fileRequests.get(id);
	if (!req) return error(404, MESSAGES.accessDenied);
	const folder = model.findItem(req.folderId);
	if (!folder || folder.type !== 'folder' || folder.deletedAt)
		return error(404, MESSAGES.accessDenied);
	if (!model.isFileRequestActive(req)) return ok(410, { type: 'gone', message: MESSAGES.gone });
	return { req, root: folder };
}

export function requestRoutes(model: Model, uploads: RemoteUploads): Route[] {
	return [
		{
			pattern: /^\/api\/v1\/requests\/([^/]+)\/items$/,
			methods: {
				GET: ({ params, query }) => {
					const access = requestAccess(model, params[0]);
					if (isResult(access)) return access;
					const r = parseInput(RequestItemsQuery, nonEmpty(query));
					if (!r.ok) return invalid(r.errors);
					const folder = folderWithin(model, access.root, r.value.parent_id);
					if (!folder) return error(403, MESSAGES.accessDenied);
					const { listOrder } = uploads.options;
					const items = listOrder
						? model.sortedChildren(
								folder.id,
								'created_at',
								listOrder === 'newest first' ? 'DESC' : 'ASC',
							)
						: model.sortedChildren(
								folder.id,
								r.value.sort ?? 'created_at',
								r.value.direction ?? 'DESC',
							);
					return ok(200, {
						data: items.map((i) => itemWrapper(model, i, { fileRequestId: access.req.id })),
						meta: { root: folderWrapper(model, folder) },
					});
				},
				DELETE: ({ params, body }) => {
					const access = requestAccess(model, params[0]);
					if (isResult(access)) return access;
					return deleteWithin(model, access.root, body);
				},
			},
		},
		{
			pattern: /^\/api\/v1\/requests\/([^/]+)\/uploads$/,
			methods: {
				POST: async ({ params, body }) => {
					const access = requestAccess(model, params[0]);
					if (isResult(access)) return access;
					const r = parseInput(RemoteUploadBody, body);
					if (!r.ok) return invalid(r.errors);
					const target = folderWithin(model, access.root, r.value.parent_id);
					if (!target) return error(403, MESSAGES.accessDenied);
					return uploads.upload(access.req, target.id, r.value.urls);
				},
			},
		},
	];
}
