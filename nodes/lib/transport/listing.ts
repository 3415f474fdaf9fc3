// The one way to read a listing, for the node, the trigger and the folder pickers: `pagesOf` yields its pages in
// order (cursor-paginated endpoints page by page, the others in one page), `list` collects them.

import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../resources/wrappers';
import type { ApiClient } from './client';
import type { ApiCall } from './endpoints';
import { refusedField } from './errors';
import { continueAfterChange, ListedIds, totalMoved } from './listingChanges';
import { letRequestOut, peekNextCursor } from './prefetch';
import type { CallOptions, ReceivedAnswer } from './request';

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

export interface PageWalk extends CallOptions {
	/** Stop after this many (kept) elements; each request asks only for what is still needed. Undefined: all. */
	limit?: number;
	/** The page size to ask for, when not the largest (the trigger asks for its window). */
	pageSize?: number;
	/** Where to start: a cursor saved by an earlier walk. */
	cursor?: string;
	/**
	 * Ask for the next page as soon as a page's text arrives, before it is read (prefetch.ts). Only without a limit:
	 * with one, each request's size depends on the pages before it.
	 */
	readAhead?: boolean;
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
	walk: PageWalk = {},
): AsyncGenerator<Page> {
	const { limit, keep } = walk;
	const largest = walk.pageSize ?? LARGEST_PAGE_REQUEST;
	const paginated = call.paginated === true;
	const readAhead = walk.readAhead === true && limit === undefined && paginated;
	let yielded = 0;
	const sizeFor = () => Math.min(limit === undefined ? largest : limit - yielded, largest);
	const request = async (cursor: string | undefined, pageSize: number) =>
		await requestPage(client, call, cursor, pageSize, walk);
	const pageOf = async (received: ReceivedAnswer, cursor: string | undefined) =>
		toPage((await client.read(received)).body, cursor, paginated);
	const readPage = async (cursor: string | undefined, pageSize: number) =>
		await pageOf(await request(cursor, pageSize), cursor);
	const listedIds = paginated ? new ListedIds() : undefined;

	let cursor = paginated ? walk.cursor : undefined;
	let size = sizeFor();
	let previous: { page: Page; size: number } | undefined;
	const seenCursors = new Set<string>();
	let answer = request(cursor, size);
	for (;;) {
		const received = await answer;
		const early = readAhead ? askEarly(received, cursor, seenCursors, request) : undefined;
		if (early) await letRequestOut();
		let page = await pageOf(received, cursor);
		let listed = page.elements;
		if (listedIds && previous && totalMoved(previous.page, page)) {
			const before = previous;
			const pageSize = size;
			const moved = await continueAfterChange(
				client,
				listedIds,
				{
					before: async () => await readPage(before.page.cursor, before.size),
					at: async (at) => await readPage(at, pageSize),
				},
				walk.itemIndex,
			);
			page = moved.page;
			cursor = page.cursor;
			listed = moved.elements;
		}
		previous = { page, size };
		if (listedIds) listed = listedIds.unseen(listed);
		let elements = keep ? listed.filter((element) => keep(element)) : listed;
		if (limit !== undefined && elements.length > limit - yielded)
			elements = elements.slice(0, limit - yielded);
		yielded += elements.length;
		const next = page.nextCursor;
		const last = page.last || (next !== undefined && seenCursors.has(next));
		yield { ...page, elements, last };
		if (limit !== undefined && yielded >= limit) return;
		if (last || !next) return;
		seenCursors.add(next);
		cursor = next;
		size = sizeFor();
		answer = early?.cursor === cursor ? early.answer : request(cursor, size);
	}
}

/** Every element of a listing (or the first `limit`), each turned by `toItem` as its page is read. */
export async function list<T = IDataObject>(
	client: ApiClient,
	call: ApiCall,
	walk: PageWalk = {},
	toItem?: (element: IDataObject) => T,
): Promise<Listing<T>> {
	const elements: T[] = [];
	let root: IDataObject | undefined;
	// Turned page by page: the raw elements of a page never outlive it.
	for await (const page of pagesOf(client, call, walk)) {
		root = root ?? page.root;
		for (const element of page.elements) elements.push(toItem ? toItem(element) : (element as T));
	}
	return { elements, root };
}

/**
 * Asks for one page and returns the answer as it arrived (not yet read). A server that refuses the page size
 * gets its default, and the client remembers it: later pages ask without it (one request per page, not two).
 */
async function requestPage(
	client: ApiClient,
	call: ApiCall,
	cursor: string | undefined,
	pageSize: number,
	options: CallOptions,
): Promise<ReceivedAnswer> {
	if (!call.paginated) return await client.send(call, options);
	const qs: IDataObject = { ...(call.qs ?? {}) };
	if (cursor) qs.cursor = cursor;
	if (!client.paging.limitRefused) {
		const sized = await client
			.send({ ...call, qs: { ...qs, limit: pageSize } }, options)
			.catch(async (error: unknown) =>
				// Only a refused page size is handled here; every other failure reaches the caller as it is.
				refusedField(error, 'limit') ? undefined : await Promise.reject(error),
			);
		if (sized) return sized;
		client.paging.limitRefused = true;
	}
	return await client.send({ ...call, qs }, options);
}

/** A request sent before its cursor was confirmed (see prefetch.ts). */
interface EarlyRequest {
	cursor: string;
	answer: Promise<ReceivedAnswer>;
}

/** Sends the request for the page after `received` with the cursor its text states, when there is one to try. */
function askEarly(
	received: ReceivedAnswer,
	cursor: string | undefined,
	seenCursors: Set<string>,
	request: (cursor: string, pageSize: number) => Promise<ReceivedAnswer>,
): EarlyRequest | undefined {
	const next = typeof received.body === 'string' ? peekNextCursor(received.body) : undefined;
	if (next === undefined || next === cursor || seenCursors.has(next)) return undefined;
	const answer = request(next, LARGEST_PAGE_REQUEST);
	// A request the walk does not go on with (its page ended the walk, failed, or named another cursor) is dropped:
	// its own failure must not surface as an unhandled rejection.
	answer.catch(() => undefined);
	return { cursor: next, answer };
}
