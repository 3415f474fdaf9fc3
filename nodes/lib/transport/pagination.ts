import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../json';
import type { ApiCall } from './endpoints';
import { refusedField } from './errors';
import { letRequestOut, peekNextCursor } from './prefetch';
import type { FileStorageContext, ReceivedAnswer, RequestOptions } from './request';
import { connect, readAnswer, sendRequest } from './request';

/** Cursor walking over the spec's listings (`data` array, `meta.cursor.next_cursor`, `meta.root`). */

export function listElements(body: IDataObject): IDataObject[] {
	return Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
}

export interface Page {
	elements: IDataObject[];
	nextCursor?: string;
	/** `meta.root` of folder and file request listings (the folder being browsed), when present. */
	root?: IDataObject;
}

/** Asked of every paginated endpoint; servers clamp it to their maximum, so each page is the largest offered. */
export const LARGEST_PAGE_REQUEST = 1000;

export function toPage(body: IDataObject): Page {
	const meta = isObject(body.meta) ? body.meta : {};
	const cursorMeta = isObject(meta.cursor) ? meta.cursor : {};
	const next = cursorMeta.next_cursor;
	return {
		elements: listElements(body),
		nextCursor: typeof next === 'string' && next !== '' ? next : undefined,
		root: isObject(meta.root) ? meta.root : undefined,
	};
}

/**
 * What a walk learned about the server's page size: once it refused `limit`, later pages of the same walk ask
 * without it (one request per page, not two).
 */
export interface PageSizing {
	limitRefused: boolean;
}

export interface PageRequest extends RequestOptions {
	sizing?: PageSizing;
}

/** Fetches one page of a cursor-paginated listing. A server that refuses the page size gets its default. */
export async function fetchPage(
	ctx: FileStorageContext,
	call: ApiCall,
	cursor: string | undefined,
	pageSize: number,
	request: PageRequest = {},
): Promise<Page> {
	return readPage(ctx, await requestPage(ctx, call, cursor, pageSize, request));
}

/** Asks for one page and returns the answer as it arrived (not yet read). */
async function requestPage(
	ctx: FileStorageContext,
	call: ApiCall,
	cursor: string | undefined,
	pageSize: number,
	{ sizing = { limitRefused: false }, ...options }: PageRequest,
): Promise<ReceivedAnswer> {
	const qs: IDataObject = { ...(call.qs ?? {}) };
	if (cursor) qs.cursor = cursor;
	if (!sizing.limitRefused) {
		const sized = await sendRequest(ctx, { ...call, qs: { ...qs, limit: pageSize } }, options).catch(
			async (error: unknown) =>
				// Only a refused page size is handled here; every other failure reaches the caller as it is.
				refusedField(error, 'limit') ? undefined : await Promise.reject(error),
		);
		if (sized) return sized;
		sizing.limitRefused = true;
	}
	return await sendRequest(ctx, { ...call, qs }, options);
}

function readPage(ctx: FileStorageContext, answer: ReceivedAnswer): Page {
	return toPage(readAnswer(ctx, answer).body);
}

export interface CollectResult<T = IDataObject> {
	elements: T[];
	root?: IDataObject;
}

/** A request sent before its cursor was confirmed (see prefetch.ts). */
interface EarlyRequest {
	cursor: string;
	answer: Promise<ReceivedAnswer>;
}

/**
 * Follows `next_cursor` until the listing ends or `limit` elements are collected. Each request asks only for what
 * is still needed (capped at the largest page), so no fetched page is thrown away. `toItem`, when given, turns each
 * element into what is collected as its page is read, so a page's raw elements are garbage once it is read instead
 * of living until the walk ends.
 *
 * With Return All the next page is asked for as soon as a page's text arrives, with the cursor that text states,
 * and the page is read while the server works on the next (prefetch.ts). The walk goes on with that request only
 * when the read page confirms its cursor; otherwise it asks again with the page's own. With a limit every request's
 * size depends on the pages before it, so the walk asks page by page.
 */
export async function collectPages(
	ctx: FileStorageContext,
	call: ApiCall,
	limit: number | undefined,
	options?: RequestOptions,
): Promise<CollectResult>;
export async function collectPages<T>(
	ctx: FileStorageContext,
	call: ApiCall,
	limit: number | undefined,
	options: RequestOptions,
	toItem: (element: IDataObject) => T,
): Promise<CollectResult<T>>;
export async function collectPages<T>(
	ctx: FileStorageContext,
	call: ApiCall,
	limit: number | undefined,
	options: RequestOptions = {},
	toItem?: (element: IDataObject) => T,
): Promise<CollectResult<T | IDataObject>> {
	const connection = options.connection ?? (await connect(ctx, call.credentialType, options.itemIndex));
	const sizing: PageSizing = { limitRefused: false };
	const request = (cursor: string | undefined, pageSize: number) =>
		requestPage(ctx, call, cursor, pageSize, { ...options, connection, sizing });
	const pageSizeFor = (collectedCount: number) =>
		Math.min(limit === undefined ? LARGEST_PAGE_REQUEST : limit - collectedCount, LARGEST_PAGE_REQUEST);
	const collected: Array<T | IDataObject> = [];
	let cursor: string | undefined;
	let root: IDataObject | undefined;
	const seenCursors = new Set<string>();
	let answer = request(undefined, pageSizeFor(0));
	for (;;) {
		const received = await answer;
		const early = limit === undefined ? askEarly(received, cursor, seenCursors, request) : undefined;
		if (early) await letRequestOut();
		const page = readPage(ctx, received);
		root = root ?? page.root;
		const take = limit === undefined ? page.elements.length : Math.min(page.elements.length, limit - collected.length);
		for (let index = 0; index < take; index++) {
			const element = page.elements[index];
			collected.push(toItem ? toItem(element) : element);
		}
		if (limit !== undefined && collected.length >= limit) break;
		// A repeated cursor would loop forever on a misbehaving server.
		if (!page.nextCursor || page.elements.length === 0 || seenCursors.has(page.nextCursor)) break;
		seenCursors.add(page.nextCursor);
		cursor = page.nextCursor;
		answer = early?.cursor === cursor ? early.answer : request(cursor, pageSizeFor(collected.length));
	}
	return { elements: collected, root };
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
