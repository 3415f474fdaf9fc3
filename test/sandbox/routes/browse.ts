/** Endpoints 1 and 2: browse a folder (or the root, `all`) and the latest files, paged by keyset cursor. */
import type { PageQuery } from '../cursors';
import { decodeCursor } from '../cursors';
import { invalid, isResult, nonEmpty, notFoundEntry, ok, unauthorized } from '../http-io';
import type { Result } from '../http-io';
import type { Model } from '../model';
import { folderWrapper, itemWrapper, rootWrapper } from '../representation';
import { ListQuery, parseInput } from '../schemas';
import { bearerUser } from './access';
import type { Route } from './router';

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
