// A listing can change between two pages of one walk. With keyset cursors nothing is lost or repeated. With cursors
// that are positions (offset paging, Laravel's `paginate()`), an entry added above the page boundary is listed
// again on the next page, and an entry removed above it pulls one entry past the boundary, never listed. A walk
// therefore drops what it has already yielded, and where the listing's total (`meta.cursor.total`) moved between
// two pages, reads both pages again until it holds two taken without a change in between: together they cover the
// boundary, so no entry that existed throughout the walk is skipped.

import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { unwrapResource } from '../resources/wrappers';
import type { ApiClient } from './client';
import { ADVICE } from './hints';

/** Times a boundary is read again before the walk gives up on a listing that does not hold still. */
export const MAX_BOUNDARY_READS = 3;

/** The ids a walk has listed; elements without an id are never taken for repeats. */
export class ListedIds {
	private readonly ids = new Set<string>();

	/** Index of the last of `elements` the walk has listed already, or -1. */
	lastIndexIn(elements: IDataObject[]): number {
		let last = -1;
		elements.forEach((element, index) => {
			const id = unwrapResource(element).id;
			if ((typeof id === 'string' || typeof id === 'number') && this.ids.has(String(id)))
				last = index;
		});
		return last;
	}

	/** The elements not listed before, in order (repeats within `elements` dropped too); remembers them. */
	unseen(elements: IDataObject[]): IDataObject[] {
		const fresh: IDataObject[] = [];
		for (const element of elements) {
			const id = unwrapResource(element).id;
			if (typeof id === 'string' || typeof id === 'number') {
				const key = String(id);
				if (this.ids.has(key)) continue;
				this.ids.add(key);
			}
			fresh.push(element);
		}
		return fresh;
	}
}

/** A page as the boundary check needs it: its elements, the total it stated, and the cursor of the next. */
export interface BoundaryPage {
	elements: IDataObject[];
	total?: number;
	nextCursor?: string;
}

/** How to read the page before a boundary again, and a page by its cursor. */
export interface BoundaryReads<P extends BoundaryPage> {
	before: () => Promise<P>;
	byCursor: (cursor: string) => Promise<P>;
}

function keptChanging(client: ApiClient, itemIndex: number | undefined): NodeApiError {
	const message = 'The listing kept changing while it was read';
	return new NodeApiError(
		client.ctx.getNode(),
		{ message },
		{
			message,
			description: `Entries were added or removed between its pages ${MAX_BOUNDARY_READS} times in a row, and this server pages by position, so a complete reading could not be taken. Nothing of it is used. ${ADVICE[client.caller].retry}`,
			itemIndex,
		},
	);
}

/** Whether two pages were taken from listings of different sizes (a server that states no total never differs). */
export function totalMoved(before: BoundaryPage, after: BoundaryPage): boolean {
	return before.total !== undefined && after.total !== undefined && before.total !== after.total;
}

/**
 * Where a walk stands after the listing changed between its previous page and the one it just read: the previous
 * page is read again, with the page its cursor now leads to, until both come from one state of the listing; the
 * walk continues past the last entry it listed. Entries before that one arrived above the walk (the next walk
 * finds them); entries after it include those pulled up past the boundary. When neither page shows a listed
 * entry (a first page read again after a burst of arrivals), the walk reads on until one shows up. Returns the
 * page the walk is on now and what it has not listed of it.
 */
export async function continueAfterChange<P extends BoundaryPage>(
	client: ApiClient,
	listed: ListedIds,
	reads: BoundaryReads<P>,
	itemIndex?: number,
): Promise<{ page: P; elements: IDataObject[] }> {
	for (let read = 0; read < MAX_BOUNDARY_READS; read++) {
		const before = await reads.before();
		const after =
			before.nextCursor === undefined ? undefined : await reads.byCursor(before.nextCursor);
		if (after && totalMoved(before, after)) continue;
		let page = after ?? before;
		let pending = after ? [...before.elements, ...after.elements] : before.elements;
		for (let readOn = 0; ; readOn++) {
			const lastListed = listed.lastIndexIn(pending);
			if (lastListed >= 0) return { page, elements: pending.slice(lastListed + 1) };
			if (readOn >= MAX_BOUNDARY_READS || !page.nextCursor) throw keptChanging(client, itemIndex);
			page = await reads.byCursor(page.nextCursor);
			pending = page.elements;
		}
	}
	throw keptChanging(client, itemIndex);
}
