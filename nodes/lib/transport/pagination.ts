import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../json';
import type { ApiCall } from './endpoints';
import { refusedField } from './errors';
import type { FileStorageContext, RequestOptions } from './request';
import { apiRequest, connect } from './request';

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
	{ sizing = { limitRefused: false }, ...options }: PageRequest = {},
): Promise<Page> {
	const qs: IDataObject = { ...(call.qs ?? {}) };
	if (cursor) qs.cursor = cursor;
	if (!sizing.limitRefused) {
		const sized = await apiRequest(ctx, { ...call, qs: { ...qs, limit: pageSize } }, options).catch(
			async (error: unknown) =>
				// Only a refused page size is handled here; every other failure reaches the caller as it is.
				refusedField(error, 'limit') ? undefined : await Promise.reject(error),
		);
		if (sized) return toPage(sized.body);
		sizing.limitRefused = true;
	}
	return toPage((await apiRequest(ctx, { ...call, qs }, options)).body);
}

export interface CollectResult<T = IDataObject> {
	elements: T[];
	root?: IDataObject;
}

/**
 * Follows `next_cursor` until the listing ends or `limit` elements are collected. Each request asks only for what
 * is still needed (capped at the largest page), so no fetched page is thrown away. `toItem`, when given, turns each
 * element into what is collected as its page arrives, so a page's raw elements are garbage as soon as the next
 * page is asked for instead of living until the walk ends.
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
	const collected: Array<T | IDataObject> = [];
	let cursor: string | undefined;
	let root: IDataObject | undefined;
	const seenCursors = new Set<string>();
	for (;;) {
		const wanted = limit === undefined ? LARGEST_PAGE_REQUEST : limit - collected.length;
		const page = await fetchPage(ctx, call, cursor, Math.min(wanted, LARGEST_PAGE_REQUEST), {
			...options,
			connection,
			sizing,
		});
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
	}
	return { elements: collected, root };
}
