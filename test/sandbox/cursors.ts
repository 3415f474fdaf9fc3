/**
 * Cursors: encoding, decoding, and paging a sorted listing with them (or with a page number). Two kinds, as
 * Laravel's two paginators have: keyset cursors (`cursorPaginate()`: the next page starts after the last entry
 * shown, whatever changed meanwhile) and offset cursors (`paginate()`: the next page starts N entries further
 * down, so an entry added or removed above it shifts what the next page shows). `CursorMode` picks which kind the
 * sandbox hands out; both are read whatever the mode.
 */
import type { CursorMetaT } from './schemas';
import { sortKeyOf } from './state/sorted-index';
import type { Direction, Key, Scope, SortField } from './state/sorted-index';
import type { ItemRec } from './state/records';

/**
 * Decoded keyset cursor. Encoded as base64url(JSON) of
 * `{sort, direction, points: 'start'|'next'|'prev', value?, seq?, id?}`:
 * `value` = sort key of the boundary item (epoch ms for created_at, lower-cased name for name), `seq` = its
 * creation sequence (tie breaker), `id` = its id (informational).
 */
export interface Cursor {
	sort: SortField;
	direction: Direction;
	points: 'start' | 'next' | 'prev' | 'offset';
	value?: number | string;
	seq?: number;
	id?: string;
	/** offset cursors: the position the page starts at */
	offset?: number;
}

export type CursorMode = 'keyset' | 'offset';

export function encodeCursor(c: Cursor): string {
	return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

export function decodeCursor(s: string): Cursor | undefined {
	try {
		if (!/^[A-Za-z0-9_-]+$/.test(s)) return undefined;
		const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Record<string, unknown>;
		if (c === null || typeof c !== 'object') return undefined;
		if (c.sort !== 'created_at' && c.sort !== 'name') return undefined;
		if (c.direction !== 'ASC' && c.direction !== 'DESC') return undefined;
		if (c.points === 'start') return { sort: c.sort, direction: c.direction, points: 'start' };
		if (c.points === 'offset') {
			if (typeof c.offset !== 'number' || !Number.isInteger(c.offset) || c.offset < 0)
				return undefined;
			return { sort: c.sort, direction: c.direction, points: 'offset', offset: c.offset };
		}
		if (c.points !== 'next' && c.points !== 'prev') return undefined;
		if (c.sort === 'created_at' && typeof c.value !== 'number') return undefined;
		if (c.sort === 'name' && typeof c.value !== 'string') return undefined;
		if (typeof c.seq !== 'number' || !Number.isInteger(c.seq)) return undefined;
		return {
			sort: c.sort,
			direction: c.direction,
			points: c.points,
			value: c.value as number | string,
			seq: c.seq,
			id: typeof c.id === 'string' ? c.id : undefined,
		};
	} catch {
		return undefined;
	}
}

export interface PageQuery {
	sort: SortField;
	direction: Direction;
	limit: number;
	page?: number;
	cursor?: Cursor;
	/** the cursor string as received, echoed in meta.cursor.cursor */
	rawCursor?: string;
	/** which kind of cursor the answer hands out (default keyset) */
	cursorMode?: CursorMode;
}

export interface Page {
	items: ItemRec[];
	meta: CursorMetaT;
}

/**
 * Logical order L = the index ascending (ASC) or reversed (DESC). A `next` cursor holds the key of the last item
 * shown and selects the items after it in L; a `prev` cursor holds the key of the first item shown and selects
 * the `limit` items before it. Keys are (sort value, creation seq), unique, so an item inserted or deleted
 * between two page fetches never shifts the boundary.
 */
export function paginate(scope: Scope | undefined, q: PageQuery): Page {
	const index = scope ? scope[q.sort] : undefined;
	const arr = index?.arr ?? [];
	const n = arr.length;
	const at = (i: number) => (q.direction === 'ASC' ? arr[i] : arr[n - 1 - i]);
	const keyOfCursor = (c: Cursor): Key => [c.value as number | string, c.seq as number];
	/** number of L-elements strictly before key k */
	const before = (k: Key) =>
		!index ? 0 : q.direction === 'ASC' ? index.lowerBound(k) : n - index.upperBound(k);
	/** number of L-elements at or before key k */
	const atOrBefore = (k: Key) =>
		!index ? 0 : q.direction === 'ASC' ? index.upperBound(k) : n - index.lowerBound(k);
	const keysetCursorFor = (item: ItemRec, points: 'next' | 'prev') => {
		const [value, seq] = sortKeyOf(item, q.sort);
		return encodeCursor({ sort: q.sort, direction: q.direction, points, value, seq, id: item.id });
	};
	const offsetCursor = (offset: number) =>
		encodeCursor({ sort: q.sort, direction: q.direction, points: 'offset', offset });

	let start: number;
	let end: number;
	const c = q.cursor;
	if (c && c.points === 'offset') {
		start = Math.min(n, c.offset as number);
		end = Math.min(n, start + q.limit);
	} else if (c && c.points === 'next') {
		start = atOrBefore(keyOfCursor(c));
		end = Math.min(n, start + q.limit);
	} else if (c && c.points === 'prev') {
		end = before(keyOfCursor(c));
		start = Math.max(0, end - q.limit);
	} else if (c) {
		start = 0;
		end = Math.min(n, q.limit);
	} else {
		start = Math.min(n, ((q.page ?? 1) - 1) * q.limit);
		end = Math.min(n, start + q.limit);
	}
	const items: ItemRec[] = [];
	for (let i = start; i < end; i++) items.push(at(i));

	let current: string;
	if (q.rawCursor !== undefined) current = q.rawCursor;
	else if (start === 0 || n === 0)
		current = encodeCursor({ sort: q.sort, direction: q.direction, points: 'start' });
	else
		current =
			q.cursorMode === 'offset'
				? offsetCursor(start)
				: keysetCursorFor(at(Math.min(start, n) - 1), 'next');

	const offsets = q.cursorMode === 'offset';
	const hasNext = items.length > 0 && end < n;
	const hasPrev = items.length > 0 && start > 0;
	return {
		items,
		meta: {
			cursor: current,
			next_cursor: hasNext
				? offsets
					? offsetCursor(end)
					: keysetCursorFor(at(end - 1), 'next')
				: null,
			prev_cursor: hasPrev
				? offsets
					? offsetCursor(Math.max(0, start - q.limit))
					: keysetCursorFor(at(start), 'prev')
				: null,
			limit: q.limit,
			total: n,
		},
	};
}
