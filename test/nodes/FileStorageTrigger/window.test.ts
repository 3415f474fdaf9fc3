import type { ListedEntry, WindowState } from '../../../nodes/FileStorageTrigger/window';
import {
	emptyState,
	decideWindow,
	isFullWindow,
	isWindowState,
	keyOf,
	WINDOW_MAX,
	WINDOW_MIN,
	WINDOW_SIZE,
	windowKey,
	windowOf,
} from '../../../nodes/FileStorageTrigger/window';

const entry = (id: string, date: string | null = '2026-03-10'): ListedEntry => ({
	id,
	date,
	wrapper: { id },
});
const ids = (entries: ListedEntry[]) => entries.map((item) => item.id);
const stateOf = (stretch: ListedEntry[], reachedEnd = true): WindowState => ({
	...emptyState('s'),
	...windowOf(stretch, reachedEnd),
});

describe('known window', () => {
	it('new items above the window are fresh, oldest first; an idle listing has none', () => {
		const old = [entry('c'), entry('b'), entry('a')];
		const state = stateOf(old);
		expect(decideWindow(state, old, true)?.fresh).toEqual([]);
		expect(ids(decideWindow(state, [entry('e'), entry('d'), ...old], true)!.fresh)).toEqual([
			'd',
			'e',
		]);
	});

	it('a window that covered the whole listing makes every unknown id new, even when all known ones are gone', () => {
		const state = stateOf([entry('b'), entry('a')]);
		expect(state.complete).toBe(true);
		expect(ids(decideWindow(state, [entry('x'), entry('y')], true)!.fresh)).toEqual(['y', 'x']);
	});

	it('keeps walking while the window may still be further down', () => {
		const listing = Array.from({ length: WINDOW_SIZE + 20 }, (_, n) => entry(`old-${n}`));
		const state = stateOf(listing, false);
		expect(state.complete).toBe(false);
		const burst = Array.from({ length: 300 }, (_, n) => entry(`new-${n}`));
		expect(decideWindow(state, burst, false)).toBeUndefined();
		expect(decideWindow(state, [...burst, ...listing.slice(0, 5)], false)?.fresh).toHaveLength(300);
	});

	it('ends the window at a date boundary, so dates separate new from old when every window item is deleted', () => {
		const listing = [
			...Array.from({ length: WINDOW_SIZE + 30 }, (_, n) => entry(`mar10-${n}`, '2026-03-10')),
			...Array.from({ length: 20 }, (_, n) => entry(`mar09-${n}`, '2026-03-09')),
		];
		// The listing goes on beyond this stretch (a longer one is not remembered whole).
		const state = stateOf(listing, false);
		expect(state.floor).toBe('2026-03-10');
		expect(state.floorShared).toBe(false);
		// Every 10 March item is deleted; two new ones arrive the same day.
		const now = [
			entry('new-1', '2026-03-10'),
			entry('new-0', '2026-03-10'),
			...listing.slice(WINDOW_SIZE + 30),
		];
		expect(ids(decideWindow(state, now, true)!.fresh)).toEqual(['new-0', 'new-1']);
	});

	it(`remembers a listing that ends within ${WINDOW_MAX} entries whole, so emptying it loses nothing`, () => {
		const listing = Array.from({ length: WINDOW_MAX - 10 }, (_, n) =>
			entry(`same-${n}`, '2026-03-10'),
		);
		const state = stateOf(listing, true);
		expect(state.known.length / 10).toBe(WINDOW_MAX - 10);
		expect(state.complete).toBe(true);
		// A workflow deletes everything; new items arrive the same day: all of them are new.
		const now = [entry('new-1', '2026-03-10'), entry('new-0', '2026-03-10')];
		expect(ids(decideWindow(state, now, true)!.fresh)).toEqual(['new-0', 'new-1']);
	});

	it('trims the window back to the previous date when the floor date runs on too long', () => {
		const listing = [
			...Array.from({ length: 100 }, (_, n) => entry(`mar11-${n}`, '2026-03-11')),
			...Array.from({ length: 600 }, (_, n) => entry(`mar10-${n}`, '2026-03-10')),
		];
		const state = stateOf(listing, false);
		expect(state.known.length / 10).toBe(100);
		expect(state.floor).toBe('2026-03-11');
		expect(state.floorShared).toBe(false);
	});

	it(`never trims the window below ${WINDOW_MIN} ids: a date boundary closer to the top is not used`, () => {
		const listing = [
			...Array.from({ length: WINDOW_MIN - 20 }, (_, n) => entry(`mar11-${n}`, '2026-03-11')),
			...Array.from({ length: 600 }, (_, n) => entry(`mar10-${n}`, '2026-03-10')),
		];
		const state = stateOf(listing, false);
		// Trimming back to the Mar 11 boundary would keep fewer than WINDOW_MIN ids, and extending through Mar 10
		// would pass WINDOW_MAX: the window keeps its normal size and says its floor date runs on beyond it.
		expect(state.known.length / 10).toBe(WINDOW_SIZE);
		expect(state.floor).toBe('2026-03-10');
		expect(state.floorShared).toBe(true);
	});

	it('counts same-date unknowns as old when the floor date is shared and the window is gone (documented limit)', () => {
		const listing = Array.from({ length: 700 }, (_, n) => entry(`same-${n}`, '2026-03-10'));
		const state = stateOf(listing, false);
		expect(state.floorShared).toBe(true);
		const now = [
			entry('later', '2026-03-11'),
			entry('same-day', '2026-03-10'),
			entry('older', '2026-03-01'),
		];
		expect(ids(decideWindow(state, now, true)!.fresh)).toEqual(['later']);
	});

	it('a window met after a short walk keeps the rest of the old one, so deleting what was just emitted leaves an anchor', () => {
		const old = Array.from({ length: 10 }, (_, n) => entry(`k${n}`));
		// The listing goes on below: the window is not the whole listing.
		const state = stateOf(old, false);
		const walked = [entry('n1'), entry('n0'), old[0]];
		const decided = decideWindow(state, walked, false)!;
		expect(ids(decided.fresh)).toEqual(['n0', 'n1']);
		expect(decided.next.known).toBe([...walked, ...old.slice(1)].map((e) => keyOf(e.id)).join(''));
		// A workflow deletes n0, n1 and the five newest old items: the rest of the old window still anchors.
		const next = { ...state, ...decided.next };
		expect(ids(decideWindow(next, [entry('x'), ...old.slice(5)], false)!.fresh)).toEqual(['x']);
	});

	it('tolerates unparseable dates by treating them as old once the window is gone', () => {
		const listing = Array.from({ length: 300 }, (_, n) => entry(`x-${n}`, null));
		const state = stateOf(listing, false);
		expect(state.floorShared).toBe(true);
		expect(decideWindow(state, [entry('y', null)], true)?.fresh).toEqual([]);
	});
});

describe('window key', () => {
	const state = {
		v: 1,
		source: 's',
		known: 'abcdefghij',
		floor: '2026-03-10',
		floorShared: false,
		top: '2026-03-10',
		resume: null,
		complete: false,
	};

	it('is the same for the same saved window, whatever its key order', () => {
		const reordered = Object.fromEntries(Object.entries(state).reverse());
		expect(windowKey(reordered)).toBe(windowKey(state));
		expect(windowKey(JSON.parse(JSON.stringify(state)))).toBe(windowKey(state));
	});

	it('differs when anything the next poll starts from differs', () => {
		for (const change of [
			{ known: 'abcdefghik' },
			{ resume: 'cursor' },
			{ source: 't' },
			{ complete: true },
			{ floor: '2026-03-09' },
		]) {
			expect(windowKey({ ...state, ...change })).not.toBe(windowKey(state));
		}
		expect(windowKey(undefined)).toBe('none');
		expect(windowKey(state)).not.toBe('none');
	});
});

describe('a saved window', () => {
	const saved = { ...emptyState('s'), known: 'abcdefghij', complete: false };

	// Anything else is a first activation: the trigger remembers the top of the listing and emits none of it.
	it.each<[string, boolean, unknown]>([
		['this source', true, saved],
		['an empty one', true, emptyState('s')],
		['another source', false, { ...saved, source: 't' }],
		['another format', false, { ...saved, v: 2 }],
		['no known ids', false, { ...saved, known: undefined }],
		['no end flag', false, { ...saved, complete: 'false' }],
		['none', false, undefined],
	])('%s: used: %s', (_what, used, value) => expect(isWindowState(value, 's')).toBe(used));

	// The walk reads on while the next window would be smaller than the saved one, up to a trigger page's worth.
	it.each<[number, number, boolean]>([
		[100, 100, true],
		[100, 120, true],
		[100, 99, false],
		[0, 0, true],
		[WINDOW_MAX, WINDOW_SIZE, true],
		[WINDOW_MAX, WINDOW_SIZE - 1, false],
	])('saved %s ids, next %s ids: full: %s', (savedIds, nextIds, full) => {
		const ofIds = (count: number) => 'k'.repeat(count * 10);
		const next = { ...windowOf([], true), known: ofIds(nextIds) };
		expect(isFullWindow({ ...saved, known: ofIds(savedIds) }, next)).toBe(full);
	});
});
