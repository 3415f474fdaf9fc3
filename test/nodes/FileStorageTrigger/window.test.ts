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
const many = (count: number, date: string | null, prefix = 'a') =>
	Array.from({ length: count }, (_, n) => entry(`${prefix}${n}`, date));
const ids = (entries: ListedEntry[]) => entries.map((item) => item.id);
/** The ids a decided poll finds fresh (it fails if the poll cannot decide). */
const freshIds = (state: WindowState, walked: ListedEntry[], reachedEnd: boolean) =>
	ids(decideWindow(state, walked, reachedEnd)!.fresh);
const stateOf = (stretch: ListedEntry[], reachedEnd = true): WindowState => ({
	...emptyState('s'),
	...windowOf(stretch, reachedEnd),
});

describe('known window', () => {
	it('new items above the window are fresh, oldest first; an idle listing has none', () => {
		const old = [entry('c'), entry('b'), entry('a')];
		const state = stateOf(old);
		expect(freshIds(state, old, true)).toEqual([]);
		expect(freshIds(state, [entry('e'), entry('d'), ...old], true)).toEqual(['d', 'e']);
	});

	it('a window that covered the whole listing makes every unknown id new, even when all known ones are gone', () => {
		const state = stateOf([entry('b'), entry('a')]);
		expect(state.complete).toBe(true);
		expect(freshIds(state, [entry('x'), entry('y')], true)).toEqual(['y', 'x']);
	});

	it('a window that covered the whole listing: below its newest known id, only the end proves an item new', () => {
		const state = stateOf([entry('c'), entry('b'), entry('a')]);
		expect(decideWindow(state, [entry('x')], false)).toBeUndefined();
		expect(freshIds(state, [entry('c')], false)).toEqual([]);
		expect(freshIds(state, [entry('e'), entry('c'), entry('x')], false)).toEqual(['e']);
		expect(freshIds(state, [entry('e'), entry('c'), entry('x')], true)).toEqual(['x', 'e']);
	});

	it('keeps walking while the window may still be further down', () => {
		const listing = many(WINDOW_SIZE + 20, '2026-03-10', 'old-');
		const state = stateOf(listing, false);
		expect(state.complete).toBe(false);
		expect(state.known.length / 10).toBe(WINDOW_SIZE);
		expect(state.top).toBe('2026-03-10');
		const burst = many(300, '2026-03-10', 'new-');
		expect(decideWindow(state, burst, false)).toBeUndefined();
		expect(decideWindow(state, [...burst, ...listing.slice(0, 5)], false)?.fresh).toHaveLength(300);
	});

	it('ends the window at a date boundary, so dates separate new from old when every window item is deleted', () => {
		const listing = [...many(WINDOW_SIZE + 30, '2026-03-10'), ...many(20, '2026-03-09', 'b')];
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
		expect(freshIds(state, now, true)).toEqual(['new-0', 'new-1']);
	});

	it(`remembers a listing that ends within ${WINDOW_MAX} entries whole, so emptying it loses nothing`, () => {
		const listing = many(WINDOW_MAX - 10, '2026-03-10');
		const state = stateOf(listing, true);
		expect(state.known.length / 10).toBe(WINDOW_MAX - 10);
		expect(state.complete).toBe(true);
		// A workflow deletes everything; new items arrive the same day: all of them are new.
		const now = [entry('new-1', '2026-03-10'), entry('new-0', '2026-03-10')];
		expect(freshIds(state, now, true)).toEqual(['new-0', 'new-1']);
	});

	it.each<[string, ListedEntry[], boolean, number, boolean]>([
		['ends exactly at the limit', many(WINDOW_MAX, '2026-03-10'), true, WINDOW_MAX, true],
		['ends beyond the limit', many(WINDOW_MAX + 100, '2026-03-10'), true, WINDOW_SIZE, false],
	])(
		'a listing that %s is remembered whole only within the limit',
		(_what, listing, end, held, complete) => {
			const state = stateOf(listing, end);
			expect(state.known.length / 10).toBe(held);
			expect(state.complete).toBe(complete);
		},
	);

	it(`extends the window through its floor date's block only up to ${WINDOW_MAX} ids`, () => {
		const listing = [
			...many(100, '2026-03-11'),
			...many(WINDOW_MAX - 100 + 1, '2026-03-10', 'b'),
			...many(10, '2026-03-09', 'c'),
		];
		// The 10 March block ends one past the limit: the window is trimmed back to 11 March instead.
		expect(stateOf(listing, false).known.length / 10).toBe(100);
	});

	it('counts an unparseable date beyond the window as sharing the floor date', () => {
		const state = stateOf([...many(WINDOW_SIZE, '2026-03-11'), ...many(10, null, 'u')], false);
		expect(state.known.length / 10).toBe(WINDOW_SIZE);
		expect(state.floorShared).toBe(true);
	});

	it('trims the window back to the previous date when the floor date runs on too long', () => {
		const listing = [...many(100, '2026-03-11'), ...many(600, '2026-03-10', 'b')];
		const state = stateOf(listing, false);
		expect(state.known.length / 10).toBe(100);
		expect(state.floor).toBe('2026-03-11');
		expect(state.floorShared).toBe(false);
	});

	it(`never trims the window below ${WINDOW_MIN} ids: a date boundary closer to the top is not used`, () => {
		const listing = [...many(WINDOW_MIN - 1, '2026-03-11'), ...many(600, '2026-03-10', 'b')];
		const state = stateOf(listing, false);
		// Trimming back to the Mar 11 boundary would keep fewer than WINDOW_MIN ids, and extending through Mar 10
		// would pass WINDOW_MAX: the window keeps its normal size and says its floor date runs on beyond it.
		expect(state.known.length / 10).toBe(WINDOW_SIZE);
		expect(state.floor).toBe('2026-03-10');
		expect(state.floorShared).toBe(true);
	});

	it('counts same-date unknowns as old when the floor date is shared and the window is gone (documented limit)', () => {
		const listing = many(700, '2026-03-10');
		const state = stateOf(listing, false);
		expect(state.floorShared).toBe(true);
		const now = [
			entry('later', '2026-03-11'),
			entry('same-day', '2026-03-10'),
			entry('older', '2026-03-01'),
		];
		expect(freshIds(state, now, true)).toEqual(['later']);
	});

	it('a window met after a short walk keeps the rest of the old one, so deleting what was just emitted leaves an anchor', () => {
		const old = many(10, '2026-03-10', 'k');
		// The listing goes on below: the window is not the whole listing.
		const state = stateOf(old, false);
		const walked = [entry('n1'), entry('n0'), old[0]];
		const decided = decideWindow(state, walked, false)!;
		expect(ids(decided.fresh)).toEqual(['n0', 'n1']);
		expect(decided.next.known).toBe([...walked, ...old.slice(1)].map((e) => keyOf(e.id)).join(''));
		// A workflow deletes n0, n1 and the five newest old items: the rest of the old window still anchors.
		const next = { ...state, ...decided.next };
		expect(freshIds(next, [entry('x'), ...old.slice(5)], false)).toEqual(['x']);
	});

	describe('when every window item is gone and the window did not reach the end, dates decide', () => {
		// 300 items of 10 March: the window keeps 250 and its floor date runs on beyond it.
		const state = { ...stateOf(many(300, '2026-03-10'), false), floorShared: false };

		it('reads on until the walk passes below the floor date; unparseable dates do not count as below', () => {
			expect(
				decideWindow(state, [entry('new', '2026-03-11'), entry('odd', null)], false),
			).toBeUndefined();
		});

		it('stops below the floor: newer ones are fresh, and nothing after the first older one counts', () => {
			const walked = [
				entry('newer', '2026-03-11'),
				entry('odd', null),
				entry('same-day', '2026-03-10'),
				entry('older', '2026-03-09'),
				entry('out-of-order', '2026-03-12'),
			];
			const decided = decideWindow(state, walked, false)!;
			expect(ids(decided.fresh)).toEqual(['same-day', 'newer']);
			expect(decided.next.known).toBe(walked.map((e) => keyOf(e.id)).join(''));
		});

		it('decides as soon as the walk starts below the floor, and nothing after that counts', () => {
			const walked = [entry('older', '2026-03-09'), entry('out-of-order', '2026-03-12')];
			expect(freshIds(state, walked, false)).toEqual([]);
		});

		it('at the end of the listing, every newer item is fresh, the last one too', () => {
			const walked = [entry('a', '2026-03-12'), entry('b', '2026-03-11')];
			expect(freshIds(state, walked, true)).toEqual(['b', 'a']);
		});

		it('without a floor date, nothing can be proven new', () => {
			const undated = stateOf(many(300, null), false);
			expect(undated.floor).toBeNull();
			// Only the end of the listing proves the window gone.
			expect(decideWindow(undated, [entry('new', '2026-03-11')], false)).toBeUndefined();
			expect(freshIds(undated, [entry('new', '2026-03-11')], true)).toEqual([]);
		});
	});

	describe('a window met after a short walk', () => {
		const keys = (entries: ListedEntry[]) => entries.map((e) => keyOf(e.id)).join('');
		const old = many(10, '2026-03-09', 'k');
		const fresh = (count: number) =>
			Array.from({ length: count }, (_, n) => entry(`n${count - n}`, '2026-03-12'));

		it("keeps the old window's floor and edge, and that it reached the end", () => {
			for (const complete of [true, false]) {
				const state = { ...stateOf(old, complete), floorShared: true };
				const next = decideWindow(state, [...fresh(2), old[0]], false)!.next;
				expect(next).toMatchObject({ floor: '2026-03-09', floorShared: true, complete });
				expect(next.known).toBe(keys([...fresh(2), ...old]));
			}
		});

		it('a window that reached the end stays complete, so emptying the listing later loses nothing', () => {
			const state = stateOf(old, true);
			const next = { ...state, ...decideWindow(state, [...fresh(2), old[0]], false)!.next };
			expect(freshIds(next, [entry('x'), entry('y')], true)).toEqual(['y', 'x']);
		});

		it('with nothing of the old window left to add, the new window is what was walked', () => {
			const state = stateOf(old.slice(0, 2), false);
			const next = decideWindow(state, [...fresh(1), ...old.slice(0, 2)], true)!.next;
			expect(next).toMatchObject({ complete: true, floor: '2026-03-09', floorShared: false });
			expect(next.known).toBe(keys([...fresh(1), ...old.slice(0, 2)]));
		});

		it('an idle poll that reads only the newest item keeps the whole window', () => {
			const state = stateOf(old, false);
			const decided = decideWindow(state, [old[0]], false)!;
			expect(decided.fresh).toEqual([]);
			expect(decided.next.known).toBe(keys(old));
		});

		it('an unknown item below the lowest known one met is not new (the listing goes on)', () => {
			const state = stateOf(old, false);
			const walked = [entry('n0'), old[0], old[1], entry('restored')];
			expect(freshIds(state, walked, false)).toEqual(['n0']);
		});

		it(`joins the old window only up to ${WINDOW_MAX} ids in all`, () => {
			const big = many(390, '2026-03-09', 'b');
			const state = { ...emptyState('s'), known: keys(big), floor: '2026-03-09', complete: false };
			const atMax = decideWindow(state, [...fresh(10), big[0]], false)!.next;
			expect(atMax.known).toBe(keys([...fresh(10), ...big]));
			const over = decideWindow(state, [...fresh(11), big[0]], false)!.next;
			expect(over.known).toBe(keys([...fresh(11), big[0]]));
			expect(over.floor).toBe('2026-03-09');
		});

		it('a walk longer than the new window is not joined with the old one', () => {
			const state = stateOf(old, false);
			const next = decideWindow(state, [...fresh(300), old[0]], false)!.next;
			// The window runs through the whole 12 March block (300), which ends above the old window.
			expect(next.known).toBe(keys(fresh(300)));
			expect(next.floor).toBe('2026-03-12');
		});
	});

	it('tolerates unparseable dates by treating them as old once the window is gone', () => {
		const state = stateOf(many(300, null), false);
		expect(state.floorShared).toBe(true);
		expect(freshIds(state, [entry('y', null)], true)).toEqual([]);
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
			{ floorShared: true },
			{ top: '2026-03-11' },
			{ saves: 3 },
		]) {
			expect(windowKey({ ...state, ...change })).not.toBe(windowKey(state));
		}
		expect(windowKey(undefined)).toBe('none');
		expect(windowKey('saved')).toBe('none');
		expect(windowKey(state)).not.toBe('none');
	});
});

describe('a saved window', () => {
	it('starts empty: nothing known, and as if the listing were empty to its end', () => {
		expect(emptyState('s')).toEqual({
			v: 1,
			source: 's',
			known: '',
			floor: null,
			floorShared: false,
			resume: null,
			complete: true,
		});
	});

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
