/**
 * The route table of /api/v1 (the nine endpoints) and of the file content URLs the listings link to, with the
 * access rules: bearer user, share link, file request link. First matching pattern wins; 405/404 otherwise.
 */
import {
	error,
	invalid,
	notFoundEntry,
	ok,
	isResult,
	nonEmpty,
	unauthorized,
	content,
} from './http';
import type { Result } from './http';
import type {
	FolderRec,
	ItemRec,
	Model,
	UserRec,
	FileRequestRec,
	PageQuery,
	FileRec,
} from './model';
import {
	DeleteItemsBody,
	MESSAGES,
	parseInput,
	RemoteUploadBody,
	RequestItemsQuery,
	ListQuery,
	RestoreBody,
	CreateFolderBody,
} from './schemas';
import { folderWrapper, itemWrapper, rootWrapper, notificationWrapper } from './representation';
import type { RemoteUploads } from './uploads';
import { decodeCursor } from './model';
import { fileContent, iconContent, thumbnailContent, THUMBNAIL_SIZES } from './content';
import type { FileContent, ThumbnailSize } from './content';

/** The route table type and its dispatch: first matching pattern, 405 for a method it lacks, 404 for no match. */
export interface Ctx {
	/** the pattern's groups, URL-decoded */
	params: string[];
	query: Record<string, string>;
	body: unknown;
	authorization?: string;
}

export type Handler = (ctx: Ctx) => Result | Promise<Result>;

export interface Route {
	pattern: RegExp;
	methods: Record<string, Handler>;
}

export async function dispatch(
	routes: Route[],
	method: string,
	path: string,
	ctx: Omit<Ctx, 'params'>,
): Promise<Result> {
	for (const r of routes) {
		const m = r.pattern.exec(path);
		if (!m) continue;
		const handler = r.methods[method];
		if (!handler) {
			return error(
				405,
				`The ${method} method is not supported for this route. Supported methods: ${Object.keys(r.methods).join(', ')}.`,
			);
		}
		let params: string[];
		try {
			params = m.slice(1).map((p) => decodeURIComponent(p));
		} catch {
			return error(404, `The route ${path} could not be found.`);
		}
		return handler({ ...ctx, params });
	}
	return error(404, `The route ${path} could not be found.`);
}

/**
 * What a caller may touch: the user of a bearer token (endpoints 1–3, 9), and the folder that a share or file
 * request link confines its caller to (endpoints 4–8), with the batch delete both kinds of link offer inside it.
 */
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

/** Endpoints 6, 7 and 8: browse, delete items in, and upload remote files into a file request's folder. */
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
						data: items.map((i) => itemWrapper(model, i, access.req.id)),
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

/** Endpoints 1 and 2: browse a folder (or the root, `all`) and the latest files, paged by keyset cursor. */
/** Query → page request; a cursor carries its own sort and direction, which the query may not contradict. */
function parseListQuery(query: Record<string, string>, maxPageSize: number): PageQuery | Result {
	const q = nonEmpty(query);
	const r = parseInput(ListQuery, q);
	if (!r.ok) return invalid(r.errors);
	let sort = r.value.sort ?? 'created_at';
	let direction = r.value.direction ?? 'DESC';
	const limit = Math.min(r.value.limit ?? 50, maxPageSize);
	if (r.value.cursor !== undefined) {
		const c = decodeCursor(r.value.cursor);
		if (!c) return invalid({ cursor: ['The cursor is invalid.'] });
		if (
			(r.value.sort && r.value.sort !== c.sort) ||
			(r.value.direction && r.value.direction !== c.direction)
		) {
			return invalid({ cursor: ['The cursor does not match the requested sort and direction.'] });
		}
		sort = c.sort;
		direction = c.direction;
		return { sort, direction, limit, cursor: c, rawCursor: r.value.cursor };
	}
	return { sort, direction, limit, page: r.value.page };
}

export function browseRoutes(model: Model, maxPageSize: number): Route[] {
	return [
		{
			pattern: /^\/api\/v1\/browse\/folders\/([^/]+)$/,
			methods: {
				GET: ({ params, query, authorization }) => {
					const user = bearerUser(model, authorization);
					if (!user) return unauthorized();
					const q = parseListQuery(query, maxPageSize);
					if (isResult(q)) return q;
					let scopeKey: string;
					let root;
					if (params[0] === 'all') {
						scopeKey = `root:${user.id}`;
						root = rootWrapper(model, user.id);
					} else {
						const folder = model.findItem(params[0]);
						if (
							!folder ||
							folder.type !== 'folder' ||
							folder.userId !== user.id ||
							folder.deletedAt
						) {
							return notFoundEntry(404);
						}
						scopeKey = folder.id;
						root = folderWrapper(model, folder);
					}
					const page = model.folderPage(scopeKey, q);
					return ok(200, {
						data: page.items.map((i) => itemWrapper(model, i)),
						meta: { cursor: page.meta, root },
					});
				},
			},
		},
		{
			pattern: /^\/api\/v1\/browse\/latest$/,
			methods: {
				GET: ({ query, authorization }) => {
					const user = bearerUser(model, authorization);
					if (!user) return unauthorized();
					const q = parseListQuery(query, maxPageSize);
					if (isResult(q)) return q;
					const page = model.latestPage(user.id, q);
					return ok(200, {
						data: page.items.map((i) => itemWrapper(model, i)),
						meta: { cursor: page.meta },
					});
				},
			},
		},
	];
}

/** Endpoint 3: restore items of the caller from the trash. */
export function trashRoutes(model: Model): Route[] {
	return [
		{
			pattern: /^\/api\/v1\/trash\/restore$/,
			methods: {
				POST: ({ body, authorization }) => {
					const user = bearerUser(model, authorization);
					if (!user) return unauthorized();
					const r = parseInput(RestoreBody, body);
					if (!r.ok) return invalid(r.errors);
					for (const ref of r.value.items) {
						const item = model.findItem(ref.id);
						if (!item || item.type !== ref.type || item.userId !== user.id || !item.deletedAt) {
							return notFoundEntry();
						}
						model.restoreItem(item.id, { toHome: r.value.to_home });
					}
					return ok(200, { type: 'success', message: MESSAGES.restored });
				},
			},
		},
	];
}

/** Endpoints 4 and 5: create a folder and delete items through an editor share link of a folder. */
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

/** Endpoint 9: the caller's notifications, newest first. */
export function notificationRoutes(model: Model): Route[] {
	return [
		{
			pattern: /^\/api\/v1\/notifications$/,
			methods: {
				GET: ({ authorization }) => {
					const user = bearerUser(model, authorization);
					if (!user) return unauthorized();
					return ok(200, {
						data: model.notificationsOf(user.id).map((n) => notificationWrapper(n)),
					});
				},
			},
		},
	];
}

/**
 * File content at the URLs the listings give, with the ancestor's access rules: an account's files and image
 * thumbnails (`/file/<basename>`, `/thumbnail/<size>-<basename>`) need the owner's Bearer token; files of a file
 * request (`…/upload-request/<id>`) need no Authorization header, the path carries the request; type icons
 * (`/assets/icons/<ext>.svg`) are public. Answers are the bytes with the file's Content-Type and Content-Length
 * (see ../content.ts); failures are JSON like the API's.
 */
const IMAGE_RE = /^image\//;
const SIZES = THUMBNAIL_SIZES.join('|');

/** The active (not trashed) file with this stored name. */
function fileByBasename(model: Model, basename: string): FileRec | undefined {
	for (const item of model.items.values()) {
		if (item.type === 'file' && item.basename === basename && !item.deletedAt) return item;
	}
	return undefined;
}

/** The file of the bearer token's user; 401 without a valid token, 403 for another account's file. */
function ownFile(
	model: Model,
	authorization: string | undefined,
	basename: string,
): FileRec | Result {
	const user: UserRec | undefined = bearerUser(model, authorization);
	if (!user) return unauthorized();
	const file = fileByBasename(model, basename);
	if (!file) return error(404, MESSAGES.notFound);
	if (file.userId !== user.id) return error(403, MESSAGES.accessDenied);
	return file;
}

/** A file inside an active file request's folder; 404 for an unknown request or a file outside it, 410 when inactive. */
function requestFile(model: Model, requestId: string, basename: string): FileRec | Result {
	const access = requestAccess(model, requestId);
	if (isResult(access)) return access;
	const file = fileByBasename(model, basename);
	if (!file || !model.isInside(file, access.root.id)) return error(404, MESSAGES.notFound);
	return file;
}

function thumbnailOf(found: FileRec | Result, size: string): Result {
	if (isResult(found)) return found;
	if (!IMAGE_RE.test(found.mimetype)) return error(404, MESSAGES.notFound);
	return content(thumbnailContent(found, size as ThumbnailSize));
}

const fileOf = (found: FileRec | Result): Result =>
	isResult(found) ? found : content(fileContent(found));

export function contentRoutes(model: Model): Route[] {
	return [
		{
			pattern: /^\/file\/([^/]+)$/,
			methods: {
				GET: ({ params, authorization }) => fileOf(ownFile(model, authorization, params[0])),
			},
		},
		{
			pattern: /^\/file\/([^/]+)\/upload-request\/([^/]+)$/,
			methods: { GET: ({ params }) => fileOf(requestFile(model, params[1], params[0])) },
		},
		{
			pattern: new RegExp(`^/thumbnail/(${SIZES})-([^/]+)$`),
			methods: {
				GET: ({ params, authorization }) =>
					thumbnailOf(ownFile(model, authorization, params[1]), params[0]),
			},
		},
		{
			pattern: new RegExp(`^/thumbnail/(${SIZES})-([^/]+)/upload-request/([^/]+)$`),
			methods: {
				GET: ({ params }) => thumbnailOf(requestFile(model, params[2], params[1]), params[0]),
			},
		},
		{
			pattern: /^\/assets\/icons\/([a-z0-9]{1,10})\.svg$/,
			methods: { GET: ({ params }) => content(iconContent(params[0]) as FileContent) },
		},
	];
}

/** The route table: one group per endpoint family of the spec (/api/v1), and the file content the listings link to. */
export interface ApiRouteDeps {
	model: Model;
	uploads: RemoteUploads;
	/** larger `limit` values are clamped */
	maxPageSize: number;
}

export function apiRoutes({ model, uploads, maxPageSize }: ApiRouteDeps): Route[] {
	return [
		...browseRoutes(model, maxPageSize),
		...trashRoutes(model),
		...shareRoutes(model),
		...requestRoutes(model, uploads),
		...notificationRoutes(model),
		...contentRoutes(model),
	];
}
