import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import type { ApiCall, ListingOptions, Page } from '../../../../nodes/lib/transport';
import {
	ApiClient,
	endpoints,
	LARGEST_PAGE_REQUEST,
	list,
	pagesOf,
} from '../../../../nodes/lib/transport';
import type { FakeContext, ScriptedAnswer } from '../../../helpers/fake-context';
import { fakeContext } from '../../../helpers/fake-context';

/** A listing (Recent Uploads unless `call` is given) walked by a client of its own, as the node does. */
async function walk<T = IDataObject>(
	fake: FakeContext,
	options: ListingOptions = {},
	toItem?: (wrapper: IDataObject) => T,
	call: ApiCall = endpoints.recentUploads({}),
) {
	return await list(new ApiClient(fake.ctx, call.credentialType), call, options, toItem);
}

/** Every page of a Recent Uploads listing, as `pagesOf` yields them. */
async function allPages(fake: FakeContext, options: ListingOptions = {}) {
	const pages: Page[] = [];
	const client = new ApiClient(fake.ctx, 'fileStorageApi');
	for await (const page of pagesOf(client, endpoints.recentUploads({}), options)) pages.push(page);
	return pages;
}

/** The first page of a listing, from `cursor`. */
async function firstPage(
	client: ApiClient,
	call: ApiCall,
	cursor?: string,
	pageSize?: number,
): Promise<Page | undefined> {
	return (await pagesOf(client, call, { cursor, pageSize }).next()).value;
}

const ids = (wrappers: IDataObject[]) =>
	wrappers.map((wrapper) => (wrapper.data as IDataObject).id);
/** One query parameter of every request sent, in order. */
const sentQuery = (fake: FakeContext, name: string) =>
	fake.sent.map((options) => (options.qs as IDataObject | undefined)?.[name]);

/** A page of a listing as the server answers it: its entries, the next cursor, the total and the listed folder. */
const listed = (
	data: unknown[],
	next: string | null,
	{ total, root }: { total?: unknown; root?: IDataObject } = {},
): ScriptedAnswer => ({
	statusCode: 200,
	body: { data, meta: { cursor: { next_cursor: next, total }, root } },
});

/** A listing of `total` entries served in pages of at most `maxPage`, keyed by a numeric cursor. */
function pagedListing(total: number, maxPage: number) {
	return (options: IHttpRequestOptions): ScriptedAnswer => {
		const qs = (options.qs ?? {}) as IDataObject;
		const start = qs.cursor ? Number(qs.cursor) : 0;
		const size = Math.min(Number(qs.limit ?? maxPage), maxPage);
		const data = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, at) => ({
			data: { id: `e${start + at}` },
		}));
		const next = start + size < total ? String(start + size) : null;
		return listed(data, next, { root: { data: { id: 'root' } } });
	};
}

describe('transport/listing: reading listings', () => {
	it('a page holds its wrappers, the cursor it was asked with, the next cursor and the listed folder', async () => {
		const fake = fakeContext([
			listed([{ a: 1 }], 'c2', { root: { id: 'r' } }),
			listed([{ b: 2 }], ''),
		]);
		expect(await allPages(fake)).toEqual([
			{ wrappers: [{ a: 1 }], nextCursor: 'c2', last: false, folder: { id: 'r' } },
			// an empty next cursor ends the listing
			{ wrappers: [{ b: 2 }], cursor: 'c2', nextCursor: undefined, last: true, folder: undefined },
		]);
	});

	it('an endpoint without pages is one request, whatever cursor its answer names; Limit and the filter apply to it', async () => {
		const data = [1, 2, 3, 4, 5].map((n) => ({
			data: { id: `n${n}`, attributes: { read_at: n % 2 ? null : 'x' } },
		}));
		const fake = fakeContext([listed(data, 'ignored')]);
		const unread = (wrapper: IDataObject) =>
			((wrapper.data as IDataObject).attributes as IDataObject).read_at === null;
		const result = await walk(
			fake,
			{ limit: 2, keep: unread },
			undefined,
			endpoints.notifications(),
		);
		expect(ids(result.wrappers)).toEqual(['n1', 'n3']);
		expect(fake.sent).toHaveLength(1);
		expect(fake.sent[0].qs).toBeUndefined();
	});

	it('Return All follows cursors with the largest page until the end', async () => {
		const fake = fakeContext(pagedListing(2500, 1000));
		const result = await walk(fake, {}, undefined, endpoints.recentUploads({ sort: 'name' }));
		expect(ids(result.wrappers)).toEqual(Array.from({ length: 2500 }, (_, at) => `e${at}`));
		expect(sentQuery(fake, 'limit')).toEqual([LARGEST_PAGE_REQUEST, 1000, 1000]);
		expect(sentQuery(fake, 'sort')).toEqual(['name', 'name', 'name']);
		expect(fake.credentialReads).toBe(1);
	});

	it('Limit asks only for what is still needed, so no page is thrown away; toItem sees only what it keeps', async () => {
		const fake = fakeContext(pagedListing(5000, 500));
		const turned: string[] = [];
		const result = await walk(fake, { limit: 700 }, (wrapper) => {
			turned.push((wrapper.data as IDataObject).id as string);
			return wrapper;
		});
		expect(result.wrappers).toHaveLength(700);
		expect(turned).toEqual(Array.from({ length: 700 }, (_, at) => `e${at}`));
		expect(sentQuery(fake, 'limit')).toEqual([700, 200]);
	});

	it('a server that ignores the page size asked: Limit still holds on every page', async () => {
		const page = (first: number) =>
			listed(
				[first, first + 1].map((n) => ({ data: { id: `e${n}` } })),
				String(first + 2),
			);
		const fake = fakeContext([page(0), page(2)]);
		expect(ids((await walk(fake, { limit: 3 })).wrappers)).toEqual(['e0', 'e1', 'e2']);
		expect(fake.sent).toHaveLength(2);
	});

	it('an empty page ends the listing, whatever next cursor it names', async () => {
		const fake = fakeContext([listed([], 'c2')]);
		expect((await walk(fake)).wrappers).toEqual([]);
		expect(fake.sent).toHaveLength(1);
	});

	it('Return All turns each page into items before it asks for the next, with the cursor the page names', async () => {
		const fake = fakeContext(pagedListing(2500, 1000));
		const requestsSentAtTurn: number[] = [];
		const result = await walk(fake, {}, (wrapper) => {
			requestsSentAtTurn.push(fake.sent.length);
			return `item ${(wrapper.data as IDataObject).id as string}`;
		});
		expect(result.wrappers).toEqual(Array.from({ length: 2500 }, (_, at) => `item e${at}`));
		expect(result.folder).toEqual({ data: { id: 'root' } });
		// one page at a time: its wrappers are turned while no request for the next is out; the last page names no
		// next cursor, so nothing more is asked
		expect(requestsSentAtTurn).toEqual([
			...Array(1000).fill(1),
			...Array(1000).fill(2),
			...Array(500).fill(3),
		]);
		expect(sentQuery(fake, 'cursor')).toEqual([undefined, '1000', '2000']);
	});

	it("the next cursor is the listing's own (meta.cursor), never a field of a wrapper that has the same name", async () => {
		// `meta` first and a wrapper with a `next_cursor` field of its own last: the text's last "next_cursor" is
		// not the listing's
		const page = (cursor: string | undefined) => {
			const start = cursor ? Number(cursor) : 0;
			const next = start + 2 < 6 ? String(start + 2) : null;
			return `{"meta":{"cursor":{"next_cursor":${JSON.stringify(next)}}},"data":[{"data":{"id":"e${start}"}},{"data":{"id":"e${start + 1}","next_cursor":"decoy"}}]}`;
		};
		const fake = fakeContext((options) => ({
			statusCode: 200,
			body: page((options.qs as IDataObject).cursor as string | undefined),
		}));
		const result = await walk(fake);
		expect(ids(result.wrappers)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5']);
		expect(sentQuery(fake, 'cursor')).toEqual([undefined, '2', '4']);
	});

	it('a page that cannot be read fails the walk with its own error, and nothing after it is asked for', async () => {
		const fake = fakeContext((options) =>
			(options.qs as IDataObject).cursor === 'c2'
				? { statusCode: 404, body: { message: 'Not found' } }
				: {
						statusCode: 200,
						body: '{"data":"not a list","meta":{"cursor":{"next_cursor":"c2"}}}',
					},
		);
		await expect(walk(fake)).rejects.toThrow(/listing with a "data" array/);
		expect(sentQuery(fake, 'cursor')).not.toContain('c2');
	});

	it('a repeated cursor ends the walk instead of looping', async () => {
		const fake = fakeContext([listed([{ id: 'a' }], 'same')]);
		const result = await walk(fake);
		expect(fake.sent).toHaveLength(2);
		// the same entry on both pages is yielded once
		expect(result.wrappers).toEqual([{ id: 'a' }]);
	});

	describe('a listing that changes between two pages of one walk (cursors that are positions)', () => {
		/** Offset paging in pages of 3 over `entries` (e5..e0), which `change` alters before each request. */
		function changing(
			change: (entries: string[], index: number) => unknown,
			entries = ['e5', 'e4', 'e3', 'e2', 'e1', 'e0'],
		) {
			let requests = 0;
			return fakeContext((options: IHttpRequestOptions): ScriptedAnswer => {
				change(entries, requests++);
				const qs = (options.qs ?? {}) as IDataObject;
				const start = qs.cursor ? Number(qs.cursor) : 0;
				const size = Math.min(Number(qs.limit ?? 3), 3);
				const data = entries.slice(start, start + size).map((id) => ({ data: { id } }));
				const next = start + size < entries.length ? String(start + size) : null;
				return listed(data, next, { total: entries.length });
			});
		}
		/** `change` alters the listing once, before the second request. */
		const changedOnce = (change: (entries: string[]) => unknown) =>
			changing((entries, index) => index === 1 && change(entries));
		const ALL = ['e5', 'e4', 'e3', 'e2', 'e1', 'e0'];

		it('an entry added above the boundary is not yielded twice', async () => {
			const fake = changedOnce((entries) => entries.unshift('new'));
			// e3 is pushed back onto page 2 and comes once; 'new' arrived above where the walk is, out of its reach
			expect(ids((await walk(fake, { pageSize: 3 })).wrappers)).toEqual(ALL);
		});

		it.each([
			[
				'an entry removed above the boundary does not make the walk skip the one pulled past it',
				1,
				1,
			],
			[
				'entries removed above the boundary, down to the last one listed: the walk goes on after it',
				0,
				2,
			],
		])('%s', async (_case, start, count) => {
			const fake = changedOnce((entries) => entries.splice(start, count));
			// what moved onto page 1 after it was read is found by reading page 1 again
			expect(ids((await walk(fake, { pageSize: 3 })).wrappers)).toEqual(ALL);
			expect(sentQuery(fake, 'cursor')).toEqual([undefined, '3', undefined, '3']);
		});

		it('a burst of arrivals larger than a page is not taken for entries pulled past the boundary', async () => {
			const fake = changedOnce((entries) => entries.unshift('n3', 'n2', 'n1', 'n0'));
			// page 1 read again shows only arrivals: they are newer than everything yielded and stay out of order's way
			expect(ids((await walk(fake, { pageSize: 3 })).wrappers)).toEqual(ALL);
		});

		it('the last page is marked as such even when all it shows was yielded already', async () => {
			const fake = changedOnce((entries) => entries.unshift('n2', 'n1', 'n0'));
			const pages = await allPages(fake, { pageSize: 3 });
			// page 2 now shows e5..e3 again (yielded): it is empty but not the end; the listing goes on to e0
			expect(pages.map((page) => [ids(page.wrappers), page.last])).toEqual([
				[['e5', 'e4', 'e3'], false],
				[[], false],
				[['e2', 'e1', 'e0'], true],
			]);
		});

		it('a listing that never holds still fails the walk, saying so, instead of answering with what it has', async () => {
			let counter = 0;
			const fake = changing(
				(entries, index) => index > 0 && entries.splice(0, 1, `n${++counter}`, `m${counter}`),
				Array.from({ length: 9 }, (_, at) => `e${at}`),
			);
			await expect(walk(fake, { pageSize: 3 })).rejects.toThrow(
				'The listing kept changing while it was read',
			);
			// the two pages of the walk, then both read again three times
			expect(fake.sent).toHaveLength(8);
		});

		// After a change the walk reads on past arrivals for at most three more pages, looking for the last entry it
		// listed; where the listing ends first, or the pages run out, it cannot tell where it was and says so.
		it.each([
			['a burst of arrivals longer than three pages', 7, 100],
			['every entry the walk listed gone, and the listing ending', 3, -3],
		])('%s: the walk fails after %i requests, saying so', async (_case, requests, change) => {
			const fake = changedOnce((entries) =>
				change > 0
					? entries.unshift(...Array.from({ length: change }, (_, at) => `n${at}`))
					: entries.splice(0, -change),
			);
			await expect(walk(fake, { pageSize: 3 })).rejects.toThrow(
				'The listing kept changing while it was read',
			);
			// the two pages of the walk, then the two read again (one, where the listing ends), then the pages read on
			expect(fake.sent).toHaveLength(requests);
		});

		it.each([
			['is not a number', 2, '2'],
			['is missing on the first page', undefined, 2],
		])('a total that %s is no change', async (_case, first, second) => {
			const page = (id: string | number, next: string | null, total: unknown) =>
				listed([{ data: { id } }], next, { total });
			// numeric ids count as ids: the entry on both pages is yielded once
			const fake = fakeContext([
				page(7, '1', first),
				page(7, '2', second),
				page('b', null, second),
			]);
			expect(ids((await walk(fake)).wrappers)).toEqual([7, 'b']);
			expect(fake.sent).toHaveLength(3);
		});
	});

	it('a server that refuses the page size is asked again with its default', async () => {
		const fake = fakeContext((options) =>
			(options.qs as IDataObject | undefined)?.limit !== undefined
				? { statusCode: 422, body: { message: 'invalid', errors: { limit: ['too large'] } } }
				: listed([{ id: 'a' }], null),
		);
		const page = await firstPage(
			new ApiClient(fake.ctx, 'fileStorageApi'),
			endpoints.recentUploads({}),
			undefined,
			1000,
		);
		expect(page?.wrappers).toEqual([{ id: 'a' }]);
		expect(sentQuery(fake, 'limit')).toEqual([1000, undefined]);
	});

	it('the client remembers a refused page size: every later page and walk is one request, not two', async () => {
		const fake = fakeContext((options) => {
			const qs = (options.qs ?? {}) as IDataObject;
			if (qs.limit !== undefined)
				return { statusCode: 422, body: { message: 'invalid', errors: { limit: ['unknown'] } } };
			return listed([{ id: qs.cursor ?? 'first' }], qs.cursor ? null : 'c2');
		});
		const client = new ApiClient(fake.ctx, 'fileStorageApi');
		await list(client, endpoints.recentUploads({}));
		await firstPage(client, endpoints.folderContents('all', {}));
		expect(sentQuery(fake, 'limit')).toEqual([1000, undefined, undefined, undefined]);
	});

	it('any other refusal is thrown as it is', async () => {
		const fake = fakeContext([
			{ statusCode: 422, body: { message: 'bad', errors: { sort: ['no'] } } },
		]);
		await expect(
			firstPage(new ApiClient(fake.ctx, 'fileStorageApi'), endpoints.recentUploads({}), 'c', 10),
		).rejects.toThrow('The server rejected the request as invalid (HTTP 422): sort: no');
		expect(fake.sent).toHaveLength(1);
	});
});
