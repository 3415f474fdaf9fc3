// The one way to read a listing, for the node, the trigger and the folder pickers: `pagesOf` yields its pages in
// order (cursor-paginated endpoints page by page, the others in one page), `list` collects them.

import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../resources/wrappers';
import type { ApiClient, ApiResponse, CallOptions } from './client';
import type { ApiCall } from './endpoints';
import { refusedField } from './failures';
import { continueAfterChange, ListedIds, totalMoved } from './listingChanges';

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

function listElements(body: IDataObject): IDataObject[] {
	return Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
}

function toPage(body: IDataObject, cursor: string | undefined, paginated: boolean): Page {
	const meta = isObject(body.meta) ? body.meta : {};
	const cursorMeta = isObject(meta.cursor) ? meta.cursor : {};
	const next = cursorMeta.next_cursor;
	const total = cursorMeta.total;
	const elements = listElements(body);
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

/**
 * The pages of a listing, in order, until it ends or `limit` elements are yielded. An entry is yielded once even
 * where a server that pages by position lists it twice, and none that existed throughout the walk is skipped
 * (listingChanges.ts). A repeated cursor ends the walk: it would loop forever on a misbehaving server.
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
	const listed = paginated ? new ListedIds() : undefined;
	const seenCursors = new Set<string>();
	let yielded = 0;
	let cursor = paginated ? options.cursor : undefined;
	let previous: { page: Page; size: number } | undefined;
	for (;;) {
		const size = Math.min(limit === undefined ? largest : limit - yielded, largest);
		let page = await readPage(cursor, size);
		let elements = page.elements;
		if (listed && previous && totalMoved(previous.page, page)) {
			const before = previous;
			const moved = await continueAfterChange(
				client,
				listed,
				{
					before: async () => await readPage(before.page.cursor, before.size),
					byCursor: async (next) => await readPage(next, size),
				},
				options.itemIndex,
			);
			page = moved.page;
			elements = moved.elements;
		}
		previous = { page, size };
		if (listed) elements = listed.unseen(elements);
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
): Promise<ApiResponse> {
	if (!call.paginated) return await client.request(call, options);
	const qs: IDataObject = { ...(call.qs ?? {}) };
	if (cursor) qs.cursor = cursor;
	if (!client.paging.limitRefused) {
		const sized = await client
			.request({ ...call, qs: { ...qs, limit: pageSize } }, options)
			.catch((error: unknown) => {
				// Only a refused page size is handled here; every other failure reaches the caller as it is.
				if (refusedField(error, 'limit')) return undefined;
				throw error;
			});
		if (sized) return sized;
		client.paging.limitRefused = true;
	}
	return await client.request({ ...call, qs }, options);
}
