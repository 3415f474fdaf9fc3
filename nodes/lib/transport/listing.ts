// The one way to read a listing, for the node, the trigger and the folder pickers: `pagesOf` yields its pages in
// order (cursor-paginated endpoints page by page, the others in one page), `list` collects them.
//
// A listing can change between two pages of one walk. With keyset cursors nothing is lost or repeated. With cursors
// that are positions (offset paging, Laravel's `paginate()`), an entry added above the page boundary is listed
// again on the next page, and an entry removed above it pulls one entry past the boundary, never listed. A walk
// therefore drops what it has already yielded, and where the listing's total (`meta.cursor.total`) moved between
// two pages, reads both pages again until it holds two taken without a change in between: together they cover the
// boundary, so no entry that existed throughout the walk is skipped.

import type { IDataObject } from 'n8n-workflow';

import { isObject, unwrapResource } from '../resources/wrappers';
import type { ApiClient, CallOptions } from './client';
import type { ApiCall } from './endpoints';
import { redactedError } from './errors';
import { refusedField } from './failures';
import { ADVICE } from './hints';

export interface Page {
	elements: IDataObject[];
	/** The cursor this page was asked for with (none for the first page). */
	cursor?: string;
	nextCursor?: string;
	/** Whether the listing ends with this page (whatever a walk left out of its elements). */
	last: boolean;
	/** `meta.cursor.total`: how many entries the listing had when this page was taken, when the server says. */
	total?: number;
	/** `meta.root` of folder and file request listings (the folder being browsed), when present. */
	root?: IDataObject;
}

/** Asked of every paginated endpoint; servers clamp it to their maximum, so each page is the largest offered. */
export const LARGEST_PAGE_REQUEST = 1000;

/** Times a boundary is read again before the walk gives up on a listing that does not hold still. */
const MAX_BOUNDARY_READS = 3;

export interface ListingOptions extends CallOptions {
	/** Stop after this many (kept) elements; each request asks only for what is still needed. Undefined: all. */
	limit?: number;
	/** The page size to ask for, when not the largest (the trigger asks for its window). */
	pageSize?: number;
	/** Where to start: a cursor saved by an earlier walk. */
	cursor?: string;
	/** Which elements count; the others are dropped before the limit is counted. */
	keep?(element: IDataObject): boolean;
}

export interface Listing<T> {
	elements: T[];
	root?: IDataObject;
}

function toPage(body: IDataObject, cursor: string | undefined, paginated: boolean): Page {
	const meta = isObject(body.meta) ? body.meta : {};
	const { next_cursor: next, total } = isObject(meta.cursor) ? meta.cursor : {};
	const elements = Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
	const nextCursor = paginated && typeof next === 'string' && next !== '' ? next : undefined;
	return {
		elements,
		cursor,
		nextCursor,
		last: nextCursor === undefined || elements.length === 0,
		total: paginated && typeof total === 'number' && Number.isFinite(total) ? total : undefined,
		root: isObject(meta.root) ? meta.root : undefined,
	};
}

/** Whether two pages were taken from listings of different sizes (a server that states no total never differs). */
function totalMoved(before: Page, after: Page): boolean {
	return before.total !== undefined && after.total !== undefined && before.total !== after.total;
}

/** The id by which a walk knows an element again; elements without one are never taken for repeats. */
function idOf(element: IDataObject): string | undefined {
	const id = unwrapResource(element).id;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The elements not listed before, in order (repeats within `elements` dropped too); remembers them. */
function unseen(listed: Set<string>, elements: IDataObject[]): IDataObject[] {
	const fresh: IDataObject[] = [];
	for (const element of elements) {
		const id = idOf(element);
		if (id !== undefined) {
			if (listed.has(id)) continue;
			listed.add(id);
		}
		fresh.push(element);
	}
	return fresh;
}

/**
 * The pages of a listing, in order, until it ends or `limit` elements are yielded. An entry is yielded once even
 * where a server that pages by position lists it twice, and none that existed throughout the walk is skipped. A
 * repeated cursor ends the walk: it would loop forever on a misbehaving server.
 */
export async function* pagesOf(
	client: ApiClient,
	call: ApiCall,
	options: ListingOptions = {},
): AsyncGenerator<Page> {
	const { limit, keep } = options;
	const largest = options.pageSize ?? LARGEST_PAGE_REQUEST;
	const paginated = call.paginated === true;
	const readPage = async (cursor: string | undefined, pageSize: number) =>
		toPage((await requestPage(client, call, cursor, pageSize, options)).body, cursor, paginated);
	const listed = new Set<string>();
	const seenCursors = new Set<string>();
	let yielded = 0;
	let cursor = paginated ? options.cursor : undefined;
	let previous: { page: Page; size: number } | undefined;
	for (;;) {
		const size = Math.min(limit === undefined ? largest : limit - yielded, largest);
		let page = await readPage(cursor, size);
		let elements = page.elements;
		if (paginated && previous && totalMoved(previous.page, page)) {
			const before = previous;
			({ page, elements } = await continueAfterChange(
				async () => await readPage(before.page.cursor, before.size),
				async (next) => await readPage(next, size),
				listed,
				() => keptChanging(client, options.itemIndex),
			));
		}
		previous = { page, size };
		if (paginated) elements = unseen(listed, elements);
		if (keep) elements = elements.filter((element) => keep(element));
		if (limit !== undefined) elements = elements.slice(0, limit - yielded);
		yielded += elements.length;
		const next = page.nextCursor;
		const last = page.last || (next !== undefined && seenCursors.has(next));
		yield { ...page, elements, last };
		if ((limit !== undefined && yielded >= limit) || last || next === undefined) return;
		seenCursors.add(next);
		cursor = next;
	}
}

/**
 * Where a walk stands after the listing changed between its previous page and the one it just read: the previous
 * page is read again, with the page its cursor now leads to, until both come from one state of the listing; the
 * walk continues past the last entry it listed. Entries before that one arrived above the walk (the next walk
 * finds them); entries after it include those pulled up past the boundary. When neither page shows a listed
 * entry (a first page read again after a burst of arrivals), the walk reads on until one shows up. Returns the
 * page the walk is on now and what it has not listed of it.
 */
async function continueAfterChange(
	readBefore: () => Promise<Page>,
	readByCursor: (cursor: string) => Promise<Page>,
	listed: Set<string>,
	keptChanging: () => Error,
): Promise<{ page: Page; elements: IDataObject[] }> {
	const wasListed = (element: IDataObject) => {
		const id = idOf(element);
		return id !== undefined && listed.has(id);
	};
	for (let read = 0; read < MAX_BOUNDARY_READS; read++) {
		const before = await readBefore();
		const after =
			before.nextCursor === undefined ? undefined : await readByCursor(before.nextCursor);
		if (after && totalMoved(before, after)) continue;
		let page = after ?? before;
		let pending = after ? [...before.elements, ...after.elements] : before.elements;
		for (let readOn = 0; ; readOn++) {
			let lastListed = pending.length - 1;
			while (lastListed >= 0 && !wasListed(pending[lastListed])) lastListed--;
			if (lastListed >= 0) return { page, elements: pending.slice(lastListed + 1) };
			if (readOn >= MAX_BOUNDARY_READS || !page.nextCursor) throw keptChanging();
			page = await readByCursor(page.nextCursor);
			pending = page.elements;
		}
	}
	throw keptChanging();
}

function keptChanging(client: ApiClient, itemIndex: number | undefined): Error {
	return redactedError(
		{ node: client.ctx.getNode(), itemIndex, secrets: [] },
		'The listing kept changing while it was read',
		`Entries were added or removed between its pages ${MAX_BOUNDARY_READS} times in a row, and this server pages by position, so a complete reading could not be taken. Nothing of it is used. ${ADVICE[client.caller].retry}`,
	);
}

/** Every element of a listing (or the first `limit`), each turned by `toItem` as its page is read. */
export async function list<T = IDataObject>(
	client: ApiClient,
	call: ApiCall,
	options: ListingOptions = {},
	toItem?: (element: IDataObject) => T,
): Promise<Listing<T>> {
	const elements: T[] = [];
	let root: IDataObject | undefined;
	// Turned page by page: the raw elements of a page never outlive it.
	for await (const page of pagesOf(client, call, options)) {
		root = root ?? page.root;
		for (const element of page.elements) elements.push(toItem ? toItem(element) : (element as T));
	}
	return { elements, root };
}

/**
 * Asks for one page. A server that refuses the page size gets its default, and the client remembers it: later
 * pages ask without it (one request per page, not two).
 */
async function requestPage(
	client: ApiClient,
	call: ApiCall,
	cursor: string | undefined,
	pageSize: number,
	options: CallOptions,
) {
	if (!call.paginated) return await client.request(call, options);
	const qs: IDataObject = { ...call.qs, ...(cursor ? { cursor } : {}) };
	if (!client.limitRefused) {
		const sized = await client
			.request({ ...call, qs: { ...qs, limit: pageSize } }, options)
			.catch((error: unknown) => {
				// Only a refused page size is handled here; every other failure reaches the caller as it is.
				if (refusedField(error, 'limit')) return undefined;
				throw error;
			});
		if (sized) return sized;
		client.limitRefused = true;
	}
	return await client.request({ ...call, qs }, options);
}
