// The one way to read a listing (node, trigger, folder pickers): `pagesOf` yields its pages in order, `list`
// collects them. Where cursors are positions (offset paging, Laravel's `paginate()`), an entry added above a page
// boundary is listed again and one removed above it pulls an entry past it unlisted. So a walk drops what it has
// yielded, and where the total (`meta.cursor.total`) moved between two pages, reads both again until two are taken
// without a change between them: together they cover the boundary.

import type { IDataObject } from 'n8n-workflow';

import { isObject, unwrapResource } from '../resources/wrappers';
import type { ApiClient, CallOptions } from './client';
import type { ApiCall } from './endpoints';
import { redactedError } from './errors';
import { refusedField } from './failures';
import { FAILURE_HINTS } from './hints';
import { MESSAGES } from './messages';

export interface Page {
	wrappers: IDataObject[];
	cursor?: string; // the one this page was asked for with (none for the first page)
	nextCursor?: string;
	last: boolean; // the listing ends with this page (whatever a walk left out of its wrappers)
	total?: number; // `meta.cursor.total`: the listing's size when this page was taken, when the server says
	folder?: IDataObject; // `meta.root` of folder and file request listings: the folder being listed
}

/** Asked of every paginated endpoint; servers clamp it to their maximum, so each page is the largest offered. */
export const LARGEST_PAGE_REQUEST = 1000;

const MAX_REREADS = 3;

export interface ListingOptions extends CallOptions {
	limit?: number; // of kept wrappers; each request asks only for what is still needed
	pageSize?: number; // when not the largest (the trigger asks for its window)
	cursor?: string; // where to start: one saved by an earlier walk
	keep?(wrapper: IDataObject): boolean; // the others are dropped before the limit is counted
}

function toPage(body: IDataObject, cursor: string | undefined, paginated: boolean): Page {
	const meta = isObject(body.meta) ? body.meta : {};
	const { next_cursor: next, total } = isObject(meta.cursor) ? meta.cursor : {};
	const wrappers = Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
	const nextCursor = paginated && typeof next === 'string' && next !== '' ? next : undefined;
	return {
		wrappers,
		cursor,
		nextCursor,
		last: nextCursor === undefined || wrappers.length === 0,
		total: paginated && typeof total === 'number' && Number.isFinite(total) ? total : undefined,
		folder: isObject(meta.root) ? meta.root : undefined,
	};
}

function totalMoved(before: Page, after: Page): boolean {
	return before.total !== undefined && after.total !== undefined && before.total !== after.total;
}

// Wrappers without an id are never taken for repeats.
function idOf(wrapper: IDataObject): string | undefined {
	const id = unwrapResource(wrapper).id;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

function unseen(listed: Set<string>, wrappers: IDataObject[]): IDataObject[] {
	return wrappers.filter((wrapper) => {
		const id = idOf(wrapper);
		const fresh = id === undefined || !listed.has(id);
		if (id !== undefined) listed.add(id);
		return fresh;
	});
}

/** The pages of a listing, until it ends or `limit` wrappers are yielded; a repeated cursor ends it too. */
export async function* pagesOf(
	client: ApiClient,
	call: ApiCall,
	options: ListingOptions = {},
): AsyncGenerator<Page> {
	const { limit, keep, pageSize: largest = LARGEST_PAGE_REQUEST } = options;
	const paginated = call.paginated === true;
	const readPage = async (cursor: string | undefined, pageSize: number) => {
		const qs: IDataObject = { ...call.qs, ...(cursor ? { cursor } : {}) };
		const sized = paginated && !client.limitRefused ? { ...qs, limit: pageSize } : undefined;
		const response = await client
			.request({ ...call, qs: sized ?? qs }, options)
			.catch(async (error: unknown) => {
				// A refused page size: asked again without it, and later pages ask without it at once.
				if (!sized || !refusedField(error, 'limit')) throw error;
				client.limitRefused = true;
				return await client.request({ ...call, qs }, options);
			});
		return toPage(response.body, cursor, paginated);
	};
	const listed = new Set<string>();
	const seenCursors = new Set<string>();
	let yielded = 0;
	let cursor = paginated ? options.cursor : undefined;
	let previous: { page: Page; size: number } | undefined;
	for (;;) {
		const size = Math.min((limit ?? Infinity) - yielded, largest);
		let page = await readPage(cursor, size);
		let wrappers = page.wrappers;
		if (previous && totalMoved(previous.page, page)) {
			const fail = () => keptChanging(client, options);
			({ page, wrappers } = await continueAfterChange(readPage, previous, size, listed, fail));
		}
		previous = { page, size };
		if (paginated) wrappers = unseen(listed, wrappers);
		if (keep) wrappers = wrappers.filter((wrapper) => keep(wrapper));
		if (limit !== undefined) wrappers = wrappers.slice(0, limit - yielded);
		yielded += wrappers.length;
		const next = page.nextCursor;
		const last = page.last || (next !== undefined && seenCursors.has(next));
		yield { ...page, wrappers, last };
		if (yielded >= (limit ?? Infinity) || last || next === undefined) return;
		seenCursors.add(next);
		cursor = next;
	}
}

// After the listing changed between two pages: the previous page and the one after it are read again until both
// come from one state, and the walk goes on after the last entry it listed (those before it arrived above the
// walk: the next walk finds them), reading on when neither page shows one (after a burst of arrivals).
async function continueAfterChange(
	read: (cursor: string | undefined, pageSize: number) => Promise<Page>,
	previous: { page: Page; size: number },
	size: number,
	listed: Set<string>,
	keptChanging: () => Error,
): Promise<{ page: Page; wrappers: IDataObject[] }> {
	const wasListed = (wrapper: IDataObject) => {
		const id = idOf(wrapper);
		return id !== undefined && listed.has(id);
	};
	for (let attempt = 0; attempt < MAX_REREADS; attempt++) {
		const before = await read(previous.page.cursor, previous.size);
		const after = before.nextCursor ? await read(before.nextCursor, size) : undefined;
		if (after && totalMoved(before, after)) continue;
		let page = after ?? before;
		let pending = after ? [...before.wrappers, ...after.wrappers] : before.wrappers;
		for (let readOn = 0; ; readOn++) {
			let lastListed = pending.length - 1;
			while (lastListed >= 0 && !wasListed(pending[lastListed])) lastListed--;
			if (lastListed >= 0) return { page, wrappers: pending.slice(lastListed + 1) };
			if (readOn >= MAX_REREADS || !page.nextCursor) throw keptChanging();
			page = await read(page.nextCursor, size);
			pending = page.wrappers;
		}
	}
	throw keptChanging();
}

function keptChanging(client: ApiClient, { itemIndex, facts }: CallOptions): Error {
	return redactedError(
		{ node: client.ctx.getNode(), itemIndex, secrets: [], stops: client.stops, facts },
		MESSAGES.listingChanged,
		FAILURE_HINTS.listingChanged(client.caller, MAX_REREADS),
	);
}

/** Turned by `toItem` page by page: the raw wrappers of a page never outlive it. */
export async function list<T = IDataObject>(
	client: ApiClient,
	call: ApiCall,
	options: ListingOptions = {},
	toItem?: (wrapper: IDataObject) => T,
): Promise<{ wrappers: T[]; folder?: IDataObject }> {
	const wrappers: T[] = [];
	let folder: IDataObject | undefined;
	for await (const page of pagesOf(client, call, options)) {
		folder = folder ?? page.folder;
		for (const wrapper of page.wrappers) wrappers.push(toItem ? toItem(wrapper) : (wrapper as T));
	}
	return { wrappers, folder };
}
