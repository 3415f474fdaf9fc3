import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { ApiClient, endpoints, list } from '../../../../nodes/lib/transport';
import type { ScriptedAnswer } from '../../../helpers/fake-context';
import { fakeContext } from '../../../helpers/fake-context';
import { seededRandom } from '../../../helpers/random';

/**
 * A newest-first listing (entries numbered by arrival, higher is newer) that changes before every request: new
 * entries arrive at the top, random ones are removed. Its cursors are positions (`offset`) or the number of the
 * last entry shown (`keyset`).
 */
function changingListing(mode: 'offset' | 'keyset', rand: () => number, pageSize: number) {
	let counter = 0;
	let entries: number[] = [];
	const arrive = () => entries.unshift(++counter);
	for (let k = 0; k < 200; k++) arrive();
	const initial = new Set(entries);
	const removed = new Set<number>();
	const answer = (options: IHttpRequestOptions): ScriptedAnswer => {
		if (rand() < 0.15) for (let k = Math.floor(rand() * 2 * pageSize); k > 0; k--) arrive();
		if (rand() < 0.15) {
			for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) {
				const gone = entries[Math.floor(rand() * entries.length)];
				removed.add(gone);
				entries = entries.filter((entry) => entry !== gone);
			}
		}
		const qs = (options.qs ?? {}) as IDataObject;
		const size = Math.min(Number(qs.limit ?? pageSize), pageSize);
		const start = !qs.cursor
			? 0
			: mode === 'offset'
				? Number(qs.cursor)
				: entries.findIndex((entry) => entry < Number(qs.cursor));
		const shown = start < 0 ? [] : entries.slice(start, start + size);
		const end = start + shown.length;
		const next =
			shown.length && end < entries.length
				? String(mode === 'offset' ? end : shown[shown.length - 1])
				: null;
		return {
			statusCode: 200,
			body: {
				data: shown.map((id) => ({ data: { id: String(id) } })),
				meta: { cursor: { next_cursor: next, total: entries.length } },
			},
		};
	};
	return { answer, initial, removed };
}

describe('transport/listingChanges: a listing that changes while it is walked', () => {
	it.each(
		(['offset', 'keyset'] as const).flatMap((mode) =>
			[1, 2, 3].map((seed) => [mode, seed] as const),
		),
	)(
		'%s cursors, seed %i: each entry once, newest first, none that stayed skipped',
		async (mode, seed) => {
			let walks = 0;
			let failed = 0;
			for (let walk = 0; walk < 40; walk++) {
				const listing = changingListing(mode, seededRandom(seed * 1000 + walk), 10);
				const fake = fakeContext(listing.answer);
				const result = await list(
					new ApiClient(fake.ctx, 'fileStorageApi'),
					endpoints.recentUploads({}),
					{ pageSize: 10 },
				).catch((error: Error) => error);
				if (result instanceof Error) {
					// a listing that never holds still may fail the walk, saying so, never answer with a partial reading
					expect(result.message).toBe('The listing kept changing while it was read');
					failed++;
					continue;
				}
				walks++;
				const ids = result.wrappers.map((wrapper) => Number((wrapper.data as IDataObject).id));
				// newest first, so no entry twice and none out of place
				for (let at = 1; at < ids.length; at++) expect(ids[at]).toBeLessThan(ids[at - 1]);
				// every entry there from the start of the walk to its end was read
				const skipped = [...listing.initial].filter(
					(id) => !listing.removed.has(id) && !ids.includes(id),
				);
				expect(skipped).toEqual([]);
			}
			expect(walks).toBeGreaterThan(30);
			expect(failed).toBeLessThan(10);
		},
	);
});
