// One poll's walk down a newest-first listing: paging, the time budget, resuming an unfinished catch-up, falling
// back when the server refuses a saved cursor, and the decision of what is new (window.ts).

import type { IDataObject } from 'n8n-workflow';

import { parseServiceDate } from '../lib/resources/dates';
import { attributesOf, unwrapResource } from '../lib/resources/wrappers';
import type { ApiCall, ApiClient, FailureFacts, Page, PollPolicy } from '../lib/transport';
import { isClientError, pagesOf } from '../lib/transport';
import type { ListedEntry, WindowDecision, WindowState } from './window';
import { decideWindow, isFullWindow, WINDOW_SIZE } from './window';

/**
 * Listing page size of the trigger: the window plus the one item beyond it (whose date the window keeps) fit on
 * the first page, so an idle poll is one request.
 */
export const TRIGGER_PAGE_SIZE = WINDOW_SIZE + 1;
/** Pages one poll may walk before it saves where it stopped and continues next poll. */
export const MAX_PAGES_PER_POLL = 20;

export function toEntries(wrappers: IDataObject[]): ListedEntry[] {
	const entries: ListedEntry[] = [];
	for (const wrapper of wrappers) {
		const resource = unwrapResource(wrapper);
		if (typeof resource.id !== 'string' && typeof resource.id !== 'number') continue;
		entries.push({
			id: String(resource.id),
			date: parseServiceDate(attributesOf(resource).created_at),
			wrapper,
		});
	}
	return entries;
}

/** How a poll reads its listing: within its policy, and what its errors say of it. */
export interface PollRead {
	policy: PollPolicy;
	facts: FailureFacts;
}

/**
 * The listing's pages from a saved cursor, or from the top. A server that refuses the saved cursor (expired,
 * unknown, malformed) is walked from the top instead: nothing is emitted twice, because the window still marks
 * where emitted items begin.
 */
async function* pagesFrom(
	client: ApiClient,
	call: ApiCall,
	resume: string | undefined,
	read: PollRead,
): AsyncGenerator<Page> {
	const pagesFromCursor = (cursor?: string) =>
		pagesOf(client, call, { ...read, pageSize: TRIGGER_PAGE_SIZE, cursor });
	if (!resume) return yield* pagesFromCursor();
	const pages = pagesFromCursor(resume);
	const first = await pages.next().catch((error: unknown) => {
		// A refused cursor (a 4xx, whatever status the server uses for it); every other failure fails the poll.
		if (isClientError(error)) return undefined;
		throw error;
	});
	if (!first) return yield* pagesFromCursor();
	if (first.done) return;
	yield first.value;
	yield* pages;
}

/**
 * Files restored from the trash reappear in recent uploads with their original date, below the newest entry
 * the window saw: they are not uploads. Same-day restores cannot be told apart (dates have day precision).
 */
function withoutRestored(fresh: ListedEntry[], top: string | null | undefined): ListedEntry[] {
	if (!top) return fresh;
	return fresh.filter((entry) => entry.date === null || entry.date >= top);
}

export type WalkResult =
	/** What is new (oldest first), and the window to keep. */
	| { done: true; fresh: ListedEntry[]; next: WindowDecision['next'] }
	/** Too much at once: the walk stopped at the start of this page, where the next poll continues. */
	| { done: false; resume: string | null };

/**
 * Walks the listing newest first from the window's saved resume point (or the top) until the decision is made,
 * within MAX_PAGES_PER_POLL pages and half the poll's budget.
 */
export async function walkNewestFirst(
	client: ApiClient,
	call: ApiCall,
	state: WindowState,
	read: PollRead,
	restoredCountAsOld: boolean,
	/** Sees each page first, and may fail the poll (a watched folder gone to the trash). */
	checkPage: (page: Page) => void = () => undefined,
): Promise<WalkResult> {
	const started = Date.now();
	const listed: ListedEntry[] = [];
	let pages = 0;
	let lastCursor: string | undefined;
	let decided: WindowDecision | undefined;
	for await (const page of pagesFrom(client, call, state.resume ?? undefined, read)) {
		checkPage(page);
		pages++;
		lastCursor = page.cursor;
		listed.push(...toEntries(page.wrappers));
		decided = decideWindow(state, listed, page.last) ?? decided;
		// A server with small pages decides after a short walk. When the new window would then be smaller than the
		// saved one (mostly what was just emitted), the walk reads on to fill it, so that deleting what was emitted leaves it an anchor.
		if (decided && (page.last || isFullWindow(state, decided.next))) break;
		// The one-page overlap (the next poll starts at this page) guarantees it emits something even when the
		// window begins right after this page.
		if (
			pages >= MAX_PAGES_PER_POLL ||
			(pages >= 2 && Date.now() - started > read.policy.budgetMs / 2)
		)
			break;
	}
	if (decided) {
		const fresh = restoredCountAsOld ? withoutRestored(decided.fresh, state.top) : decided.fresh;
		return { done: true, fresh, next: decided.next };
	}
	// Stopped early, or a server that repeats a cursor ended the walk: continue from the last page next poll.
	return { done: false, resume: lastCursor ?? null };
}
