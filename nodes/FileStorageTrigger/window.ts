// "What is new" for newest-first listings whose dates have only day or minute precision.
//
// Identity and order come from ids and listing order. Static data keeps the *known window*: short hashes of the
// K newest ids as of the last successful poll (a contiguous run of the listing). A poll walks the listing
// newest first until it meets the window. Every unknown id above the lowest known id it meets is new; anything
// below is old. Deleting window items is harmless while one of them survives.
//
// When a burst is larger than one poll may walk, the walk's end is saved as `resume`; the next poll continues
// from there, emits that oldest part of the burst first, and makes its top the new window, so later polls
// drain the rest from the top down — nothing is skipped and output stays oldest first.

import type { IDataObject } from 'n8n-workflow';

import { shortHash } from './hashes';

/**
 * Ids remembered per source: a whole trigger page, so that up to 249 of the newest items can be deleted between
 * two polls without losing the anchor; 250 × 10 chars ≈ 2.5 KB of static data.
 */
export const WINDOW_SIZE = 250;
/** Bounds of the window when its edge is moved to a date boundary: at most 400 × 10 chars ≈ 4 KB. */
export const WINDOW_MAX = 400;
export const WINDOW_MIN = 50;
const KEY_LENGTH = 10;

export interface WindowState extends IDataObject {
	/** Format version. */
	v: number;
	/** Hash of what is being watched (event, server, credential, options): a change starts over. */
	source: string;
	/** Concatenated KEY_LENGTH-char keys of the window, newest first. */
	known: string;
	/**
	 * Date of the oldest window entry (ISO, day or minute precision). Items beyond the window are dated no later,
	 * so when every window item was deleted, an unknown item dated after the floor is new.
	 */
	floor: string | null;
	/** Whether the first item beyond the window shares the floor date (then floor-dated unknowns are ambiguous). */
	floorShared: boolean;
	/**
	 * Date of the newest window entry. Absent in windows saved before it existed. An unknown entry dated before it
	 * was not just added at the top: for uploads, a file restored from the trash.
	 */
	top?: string | null;
	/** Cursor of the page where an unfinished catch-up walk continues. */
	resume: string | null;
	/**
	 * Whether the window reached the end of the listing: then every id not in it is new, whatever was deleted
	 * (e.g. a file request that a workflow empties after each run).
	 */
	complete: boolean;
	/** How many times the window was saved (absent in windows saved before it existed). */
	saves?: number;
	/** New File in Folder: remembered placements of folders, inside the watched tree or not (ancestry.ts). */
	folders?: string;
}

/** 60 bits of SHA-256, base64url: collisions are negligible for windows of 250 against any listing. */
export function keyOf(id: string): string {
	return shortHash(id, KEY_LENGTH);
}

export function sourceHash(parts: unknown[]): string {
	return shortHash(JSON.stringify(parts), 16);
}

/** What a saved window is, in a few characters: equal keys mean the same saved window (or none saved). */
export function windowKey(saved: unknown): string {
	if (!saved || typeof saved !== 'object') return 'none';
	const state = saved as Partial<WindowState>;
	return sourceHash([
		state.v,
		state.source,
		state.known,
		state.floor ?? null,
		state.floorShared ?? null,
		state.top ?? null,
		state.resume ?? null,
		state.complete ?? null,
		state.saves ?? null,
	]);
}

export function knownKeys(state: WindowState): Set<string> {
	const keys = new Set<string>();
	for (let at = 0; at + KEY_LENGTH <= state.known.length; at += KEY_LENGTH) {
		keys.add(state.known.slice(at, at + KEY_LENGTH));
	}
	return keys;
}

export interface ListedEntry {
	id: string;
	/** Parsed listing date (ISO), or null when the server's text could not be parsed. */
	date: string | null;
	wrapper: IDataObject;
}

export interface WindowDecision {
	/** New entries, oldest first. */
	fresh: ListedEntry[];
	/** The window state to keep if this poll succeeds. */
	next: Pick<WindowState, 'known' | 'floor' | 'floorShared' | 'complete' | 'top'>;
}

/**
 * The window made of the first entries of a contiguous newest-first run, and what its edge looks like. A
 * listing that ends within WINDOW_MAX entries is remembered whole.
 *
 * Where the entries show it, the window ends at a date boundary (extended through the floor date's block, up to
 * WINDOW_MAX, or trimmed back to the previous date, keeping WINDOW_MIN): then nothing beyond it shares the floor
 * date, and even the loss of every window item leaves new and old apart.
 */
export function windowOf(listed: ListedEntry[], reachedEnd: boolean): WindowDecision['next'] {
	let end = Math.min(WINDOW_SIZE, listed.length);
	const edgeDate = end > 0 ? listed[end - 1].date : null;
	if (reachedEnd && listed.length <= WINDOW_MAX) {
		// The whole listing fits: remember all of it, so every unknown id is new whatever gets deleted.
		end = listed.length;
	} else if (end < listed.length && edgeDate !== null) {
		let extended = end;
		while (extended < listed.length && extended < WINDOW_MAX && listed[extended].date === edgeDate)
			extended++;
		let trimmed = end;
		while (trimmed > WINDOW_MIN && listed[trimmed - 1].date === edgeDate) trimmed--;
		if (extended < listed.length && listed[extended].date !== edgeDate) end = extended;
		else if (listed[trimmed - 1].date !== edgeDate) end = trimmed;
	}
	const inside = listed.slice(0, end);
	const floor = end > 0 ? inside[end - 1].date : null;
	const beyond = listed[end];
	return {
		known: inside.map((entry) => keyOf(entry.id)).join(''),
		floor,
		// Unknown (unparseable) dates beyond the window count as shared: ambiguity is resolved towards "old".
		floorShared: beyond !== undefined && (beyond.date === null || beyond.date === floor),
		complete: reachedEnd && end === listed.length,
		top: end > 0 ? inside[0].date : null,
	};
}

/**
 * Judges a contiguous newest-first run of the listing (from the walk's start to where it stopped).
 * `reachedEnd` says these entries end at the end of the listing. Undefined means: walk further.
 */
export function decideWindow(
	state: WindowState,
	listed: ListedEntry[],
	reachedEnd: boolean,
): WindowDecision | undefined {
	const known = knownKeys(state);
	const isKnown = (entry: ListedEntry) => known.has(keyOf(entry.id));
	let lowestKnown = -1;
	let found = 0;
	// Once every known key is found, nothing further down can matter: stop hashing (long unpaginated listings).
	for (let index = 0; index < listed.length && found < known.size; index++) {
		if (isKnown(listed[index])) {
			lowestKnown = index;
			found++;
		}
	}
	let fresh: ListedEntry[];
	if (state.complete) {
		// Nothing existed beyond the window, so every unknown id is new; below the window only the end proves it.
		if (lowestKnown < 0 && !reachedEnd) return undefined;
		fresh = listed.filter((entry, index) => !isKnown(entry) && (index < lowestKnown || reachedEnd));
	} else if (lowestKnown >= 0) {
		fresh = listed.slice(0, lowestKnown).filter((entry) => !isKnown(entry));
	} else {
		// The window was not met. Its items are dated at or after its floor, so it is gone only once the walk
		// passes below the floor date (or the end); until then it may just be further down.
		const floor = state.floor;
		const below =
			floor === null ? -1 : listed.findIndex((entry) => entry.date !== null && entry.date < floor);
		if (below < 0 && !reachedEnd) return undefined;
		// Every window item was deleted: dates decide. Older items are dated at most the floor, and share it only
		// if the item beyond the window did. Without parseable dates nothing can be proven new.
		const candidates = below < 0 ? listed : listed.slice(0, below);
		fresh = candidates.filter(
			(entry) =>
				!isKnown(entry) &&
				floor !== null &&
				entry.date !== null &&
				(entry.date > floor || (entry.date === floor && !state.floorShared)),
		);
	}
	const next = windowOf(listed, reachedEnd);
	return {
		fresh: fresh.reverse(),
		next: lowestKnown >= 0 ? joinedWithRest(state, listed, next) : next,
	};
}

/** Whether the next window is no smaller than the saved one (or holds WINDOW_SIZE entries, a trigger page's worth). */
export function isFullWindow(state: WindowState, next: WindowDecision['next']): boolean {
	return next.known.length >= Math.min(state.known.length, WINDOW_SIZE * KEY_LENGTH);
}

/**
 * A window met after a short walk (a server whose pages are small) would shrink to that walk. When the new window
 * holds the whole walk, the rest of the old window below it is kept too, up to WINDOW_MAX: it continues the same
 * part of the listing down to the old floor, so a cleanup that deletes what was just emitted still leaves an
 * anchor.
 */
function joinedWithRest(
	state: WindowState,
	listed: ListedEntry[],
	next: WindowDecision['next'],
): WindowDecision['next'] {
	const held = next.known.length / KEY_LENGTH;
	if (held !== listed.length) return next;
	const walked = new Set(listed.map((entry) => keyOf(entry.id)));
	const rest: string[] = [];
	for (const key of knownKeys(state)) if (!walked.has(key)) rest.push(key);
	if (rest.length === 0 || held + rest.length > WINDOW_MAX) return next;
	return {
		...next,
		known: next.known + rest.join(''),
		floor: state.floor,
		floorShared: state.floorShared,
		complete: state.complete,
	};
}

export function emptyState(source: string): WindowState {
	return { v: 1, source, known: '', floor: null, floorShared: false, resume: null, complete: true };
}

export function isWindowState(value: unknown, source: string): value is WindowState {
	const state = value as WindowState | undefined;
	return (
		!!state &&
		state.v === 1 &&
		state.source === source &&
		typeof state.known === 'string' &&
		typeof state.complete === 'boolean'
	);
}
