/**
 * The routes of /api/v1 (the nine endpoints) and of the file content URLs the listings link to, with the access
 * rules: bearer user, share link, file request link. A check that fails throws its answer; dispatch sends it.
 */
import type { z } from 'zod';

import { fileContent, iconContent, thumbnailContent, THUMBNAIL_SIZES } from './content';
import type { ThumbnailSize } from './content';
import { content, error, invalid, ok } from './http';
import type { Result } from './http';
import { decodeCursor } from './model';
import type { FileRec, FolderRec, Model, Page, PageQuery, UserRec } from './model';
import { folderWrapper, itemWrapper, notificationWrapper } from './representation';
import {
	CreateFolderBody,
	DeleteItemsBody,
	ListQuery,
	MESSAGES,
	RemoteUploadBody,
	RequestItemsQuery,
	RestoreBody,
	toValidationErrors,
} from './schemas';
import type { RemoteUploads } from './uploads';

export interface Ctx {
	/** the pattern's groups, URL-decoded; undefined where an optional group did not match */
	params: string[];
	query: Record<string, string>;
	body: unknown;
	authorization?: string;
}

type Handler = (ctx: Ctx) => Result | Promise<Result>;

export interface Route {
	pattern: RegExp;
	methods: Record<string, Handler>;
}
const route = (pattern: RegExp, methods: Record<string, Handler>): Route => ({ pattern, methods });

class Refusal extends Error {
	constructor(readonly result: Result) {
		super(`refused with ${result.status}`);
	}
}

function refuse(result: Result): never {
	throw new Refusal(result);
}

export async function dispatch(
	routes: Route[],
	method: string,
	path: string,
	ctx: Omit<Ctx, 'params'>,
): Promise<Result> {
	const noRoute = error(404, `The route ${path} could not be found.`);
	const route = routes.find((r) => r.pattern.test(path));
	if (!route) return noRoute;
	const handler = route.methods[method];
	if (!handler) {
		const allowed = Object.keys(route.methods).join(', ');
		return error(
			405,
			`The ${method} method is not supported for this route. Supported methods: ${allowed}.`,
		);
	}
	try {
		const params = route.pattern.exec(path)!.slice(1);
		return await handler({ ...ctx, params: params.map((p) => p && decodeURIComponent(p)) });
	} catch (e) {
		if (e instanceof Refusal) return e.result;
		if (e instanceof URIError) return noRoute;
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- a test server, not a node: the listener answers 500
		throw e;
	}
}

/** Parses a body or query, a non-object as `{}` so required fields are reported; 422 with Laravel-style errors. */
function parse<T>(schema: z.ZodType<T>, input: unknown): T {
	const isObject = input !== null && typeof input === 'object' && !Array.isArray(input);
	const r = schema.safeParse(isObject ? input : {});
	return r.success ? r.data : refuse(invalid(toValidationErrors(r.error)));
}

const withoutEmpty = (query: Record<string, string>) =>
	Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));

function denied(): never {
	refuse(error(403, MESSAGES.accessDenied));
}
function notFound(status = 200): never {
	refuse(error(status, MESSAGES.notFound));
}

/** `maxPageSize`: larger `limit` values are clamped */
export function apiRoutes(model: Model, uploads: RemoteUploads, maxPageSize: number): Route[] {
	/** The user of a bearer token (endpoints 1–3, 9 and account files); 401 otherwise. */
	const bearer = (header: string | undefined): UserRec => {
		const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header.trim()) : null;
		const user = m ? model.userByToken(m[1]) : undefined;
		return user ?? refuse(error(401, MESSAGES.unauthorized));
	};

	/** The folder itself (no id) or an active folder below it; 403 otherwise. */
	const folderWithin = (root: FolderRec, id: string | null | undefined): FolderRec => {
		if (id === undefined || id === null) return root;
		const item = model.findItem(id);
		const inside = item?.type === 'folder' && !item.deletedAt;
		return inside && (item.id === root.id || model.isInside(item, root.id)) ? item : denied();
	};

	/** An active file request whose folder is still active: 404 unknown, 410 expired or filled. */
	const requestAccess = (id: string) => {
		const req = model.fileRequests.get(id);
		const root = req && model.findItem(req.folderId);
		if (!req || root?.type !== 'folder' || root.deletedAt)
			refuse(error(404, MESSAGES.accessDenied));
		if (!model.isFileRequestActive(req)) refuse(ok(410, { type: 'gone', message: MESSAGES.gone }));
		return { req, root };
	};

	/** A live, unprotected editor share of an active folder: 404 unknown or expired, 403 otherwise. */
	const shareAccess = (token: string) => {
		const share = model.shares.get(token);
		const root = share && !model.isShareExpired(share) ? model.findItem(share.itemId) : undefined;
		if (!share || !root || root.deletedAt) return refuse(error(404, MESSAGES.accessDenied));
		if (share.protected || share.permission !== 'editor' || root.type !== 'folder') return denied();
		return { root, userId: share.userId };
	};

	/** Soft or force deletes a batch of items strictly below `root` (5, 7); stops at the first it cannot delete. */
	const deleteWithin = (root: FolderRec, body: unknown): Result => {
		for (const ref of parse(DeleteItemsBody, body).items) {
			const item = model.findItem(ref.id);
			if (!item || item.type !== ref.type) notFound();
			if (!model.isInside(item, root.id)) denied();
			if (ref.force_delete) model.deleteItemPermanently(item.id);
			else if (item.deletedAt) notFound();
			else model.trashItem(item.id);
		}
		return ok(200, { type: 'success', message: MESSAGES.deleted });
	};

	/** Query → page request; a cursor carries its own sort and direction, which the query may not contradict. */
	const pageQuery = (query: Record<string, string>): PageQuery => {
		const q = parse(ListQuery, withoutEmpty(query));
		const limit = Math.min(q.limit ?? 50, maxPageSize);
		if (q.cursor === undefined) {
			const { sort = 'created_at', direction = 'DESC', page } = q;
			return { sort, direction, limit, page };
		}
		const c = decodeCursor(q.cursor) ?? refuse(invalid({ cursor: ['The cursor is invalid.'] }));
		if ((q.sort && q.sort !== c.sort) || (q.direction && q.direction !== c.direction))
			refuse(invalid({ cursor: ['The cursor does not match the requested sort and direction.'] }));
		return { sort: c.sort, direction: c.direction, limit, cursor: c, rawCursor: q.cursor };
	};

	/** The active file with this stored name, of the bearer's account (401, 403) or in a file request's folder. */
	const fileOf = (basename: string, authorization?: string, requestId?: string) => {
		const user = requestId === undefined ? bearer(authorization) : undefined;
		const root = requestId === undefined ? undefined : requestAccess(requestId).root;
		const file = [...model.items.values()].find(
			(i): i is FileRec => i.type === 'file' && i.basename === basename && !i.deletedAt,
		);
		if (!file || (root && !model.isInside(file, root.id))) return notFound(404);
		if (user && file.userId !== user.id) return denied();
		return file;
	};
	const listing = (page: Page, meta?: { root: unknown }) =>
		ok(200, {
			data: page.items.map((i) => itemWrapper(model, i)),
			meta: { cursor: page.meta, ...meta },
		});
	const thumbnailOf = (file: FileRec, size: string) =>
		file.mimetype.startsWith('image/')
			? content(thumbnailContent(file, size as ThumbnailSize))
			: notFound(404);
	const sizes = THUMBNAIL_SIZES.join('|');

	return [
		// 1: a folder (or the root, `all`), paged by cursor
		route(/^\/api\/v1\/browse\/folders\/([^/]+)$/, {
			GET: ({ params: [id], query, authorization }) => {
				const user = bearer(authorization);
				const q = pageQuery(query);
				const folder = id === 'all' ? undefined : model.findItem(id);
				const own = folder?.type === 'folder' && folder.userId === user.id && !folder.deletedAt;
				if (id !== 'all' && !own) notFound(404);
				const page = model.folderPage(folder?.id ?? `root:${user.id}`, q);
				return listing(page, { root: folderWrapper(model, folder as FolderRec | undefined, user) });
			},
		}),
		// 2: the latest files of the user
		route(/^\/api\/v1\/browse\/latest$/, {
			GET: ({ query, authorization }) => {
				const user = bearer(authorization);
				return listing(model.latestPage(user.id, pageQuery(query)));
			},
		}),
		// 3: restore items of the caller from the trash
		route(/^\/api\/v1\/trash\/restore$/, {
			POST: ({ body, authorization }) => {
				const user = bearer(authorization);
				const b = parse(RestoreBody, body);
				for (const ref of b.items) {
					const item = model.findItem(ref.id);
					if (!item || item.type !== ref.type || item.userId !== user.id || !item.deletedAt)
						notFound();
					model.restoreItem(ref.id, { toHome: b.to_home });
				}
				return ok(200, { type: 'success', message: MESSAGES.restored });
			},
		}),
		// 4, 5: create a folder in, and delete items from, a folder shared by an editor link
		route(/^\/api\/v1\/shares\/([^/]+)\/items$/, {
			POST: ({ params: [token], body }) => {
				const access = shareAccess(token);
				const b = parse(CreateFolderBody, body);
				const parent = folderWithin(access.root, b.parent_id);
				const folder = model.addFolder(access.userId, { parentId: parent.id, name: b.name });
				return ok(201, folderWrapper(model, folder));
			},
			DELETE: ({ params: [token], body }) => deleteWithin(shareAccess(token).root, body),
		}),
		// 6, 7: browse, and delete items in, a file request's folder
		route(/^\/api\/v1\/requests\/([^/]+)\/items$/, {
			GET: ({ params: [id], query }) => {
				const { req, root } = requestAccess(id);
				const q = parse(RequestItemsQuery, withoutEmpty(query));
				const folder = folderWithin(root, q.parent_id);
				const { listOrder } = uploads.options;
				const items = listOrder
					? model.sortedChildren(
							folder.id,
							'created_at',
							listOrder === 'newest first' ? 'DESC' : 'ASC',
						)
					: model.sortedChildren(folder.id, q.sort ?? 'created_at', q.direction ?? 'DESC');
				return ok(200, {
					data: items.map((i) => itemWrapper(model, i, req.id)),
					meta: { root: folderWrapper(model, folder) },
				});
			},
			DELETE: ({ params: [id], body }) => deleteWithin(requestAccess(id).root, body),
		}),
		// 8: remote upload into a file request's folder
		route(/^\/api\/v1\/requests\/([^/]+)\/uploads$/, {
			POST: ({ params: [id], body }) => {
				const { req, root } = requestAccess(id);
				const b = parse(RemoteUploadBody, body);
				return uploads.upload(req, folderWithin(root, b.parent_id).id, b.urls);
			},
		}),
		// 9: the caller's notifications, newest first
		route(/^\/api\/v1\/notifications$/, {
			GET: ({ authorization }) => {
				const user = bearer(authorization);
				return ok(200, { data: model.notificationsOf(user.id).map(notificationWrapper) });
			},
		}),
		/*
		 * File content at the URLs the listings give, with the ancestor's access rules: an account's files and image
		 * thumbnails need the owner's Bearer token; files of a file request (`…/upload-request/<id>`) need none, the
		 * path carries the request; type icons are public.
		 */
		route(/^\/file\/([^/]+)(?:\/upload-request\/([^/]+))?$/, {
			GET: ({ params: [name, requestId], authorization }) =>
				content(fileContent(fileOf(name, authorization, requestId))),
		}),
		route(new RegExp(`^/thumbnail/(${sizes})-([^/]+)(?:/upload-request/([^/]+))?$`), {
			GET: ({ params: [size, name, requestId], authorization }) =>
				thumbnailOf(fileOf(name, authorization, requestId), size),
		}),
		route(/^\/assets\/icons\/([a-z0-9]{1,10})\.svg$/, {
			GET: ({ params: [ext] }) => content(iconContent(ext)),
		}),
	];
}
