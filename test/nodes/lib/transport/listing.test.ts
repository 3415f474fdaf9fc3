import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { ApiCall, ListingOptions, Page } from '../../../../nodes/lib/transport';
import {
	ApiClient,
	endpoints,
	LARGEST_PAGE_REQUEST,
	list,
	pagesOf,
} from '../../../../nodes/lib/transport';
import type { ScriptedAnswer } from '../../../helpers/fake-context';
import { fakeContext } from '../../../helpers/fake-context';

/** A listing walked by a client of its own, as the node does. */
async function collectPages<T = IDataObject>(
	ctx: IExecuteFunctions,
	call: ApiCall,
	limit: number | undefined,
	options: ListingOptions = {},
	toItem?: (wrapper: IDataObject) => T,
) {
	return await list(new ApiClient(ctx, call.credentialType), call, { ...options, limit }, toItem);
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
		return {
			statusCode: 200,
			body: { data, meta: { cursor: { next_cursor: next }, root: { data: { id: 'root' } } } },
		};
	};
}

describe('transport/listing: reading listings', () => {
	it('a page holds its wrappers, the cursor it was asked with, the next cursor and the listed folder', async () => {
		const fake = fakeContext([
			{
				statusCode: 200,
				body: { data: [{ a: 1 }], meta: { cursor: { next_cursor: 'c2' }, root: { id: 'r' } } },
			},
			{ statusCode: 200, body: { data: [{ b: 2 }], meta: { cursor: { next_cursor: '' } } } },
		]);
		const pages: Page[] = [];
		for await (const page of pagesOf(
			new ApiClient(fake.ctx, 'fileStorageApi'),
			endpoints.recentUploads({}),
		))
			pages.push(page);
		expect(pages).toEqual([
			{
				wrappers: [{ a: 1 }],
				cursor: undefined,
				nextCursor: 'c2',
				last: false,
				total: undefined,
				folder: { id: 'r' },
			},
			// an empty next cursor ends the listing
			{
				wrappers: [{ b: 2 }],
				cursor: 'c2',
				nextCursor: undefined,
				last: true,
				total: undefined,
				folder: undefined,
			},
		]);
	});

	it('an endpoint without pages is one request, whatever cursor its answer names; Limit and the filter apply to it', async () => {
		const data = [1, 2, 3, 4, 5].map((n) => ({
			data: { id: `n${n}`, attributes: { read_at: n % 2 ? null : 'x' } },
		}));
		const fake = fakeContext([
			{ statusCode: 200, body: { data, meta: { cursor: { next_cursor: 'ignored' } } } },
		]);
		const unread = (wrapper: IDataObject) =>
			((wrapper.data as IDataObject).attributes as IDataObject).read_at === null;
		const result = await collectPages(fake.ctx, endpoints.notifications(), 2, { keep: unread });
		expect(result.wrappers.map((wrapper) => (wrapper.data as IDataObject).id)).toEqual([
			'n1',
			'n3',
		]);
		expect(fake.sent).toHaveLength(1);
		expect(fake.sent[0].qs).toBeUndefined();
	});

	it('Return All follows cursors with the largest page until the end', async () => {
		const fake = fakeContext(pagedListing(2500, 1000));
		const result = await collectPages(
			fake.ctx,
			endpoints.recentUploads({ sort: 'name' }),
			undefined,
		);
		expect(result.wrappers.map((wrapper) => (wrapper.data as IDataObject).id)).toEqual(
			Array.from({ length: 2500 }, (_, at) => `e${at}`),
		);
		expect(fake.sent.map((options) => (options.qs as IDataObject).limit)).toEqual([
			LARGEST_PAGE_REQUEST,
			1000,
			1000,
		]);
		expect(fake.sent.map((options) => (options.qs as IDataObject).sort)).toEqual([
			'name',
			'name',
			'name',
		]);
		expect(fake.credentialReads).toBe(1);
	});

	it('Limit asks only for what is still needed, so no page is thrown away', async () => {
		const fake = fakeContext(pagedListing(5000, 500));
		const result = await collectPages(fake.ctx, endpoints.recentUploads({}), 700);
		expect(result.wrappers).toHaveLength(700);
		expect(fake.sent.map((options) => (options.qs as IDataObject).limit)).toEqual([700, 200]);
	});

	it('a server that ignores the page size asked: Limit still holds on every page', async () => {
		const page = (first: number) => ({
			statusCode: 200,
			body: {
				data: [first, first + 1].map((n) => ({ data: { id: `e${n}` } })),
				meta: { cursor: { next_cursor: String(first + 2) } },
			},
		});
		const fake = fakeContext([page(0), page(2)]);
		const result = await collectPages(fake.ctx, endpoints.recentUploads({}), 3);
		expect(ids(result.wrappers)).toEqual(['e0', 'e1', 'e2']);
		expect(fake.sent).toHaveLength(2);
	});

	it('an empty page ends the listing, whatever next cursor it names', async () => {
		const fake = fakeContext([
			{ statusCode: 200, body: { data: [], meta: { cursor: { next_cursor: 'c2' } } } },
		]);
		expect((await collectPages(fake.ctx, endpoints.recentUploads({}), undefined)).wrappers).toEqual(
			[],
		);
		expect(fake.sent).toHaveLength(1);
	});

	it('Return All turns each page into items before it asks for the next, with the cursor the page names', async () => {
		const fake = fakeContext(pagedListing(2500, 1000));
		const requestsSentAtTurn: number[] = [];
		const result = await collectPages(
			fake.ctx,
			endpoints.recentUploads({}),
			undefined,
			{},
			(wrapper) => {
				requestsSentAtTurn.push(fake.sent.length);
				return `item ${(wrapper.data as IDataObject).id as string}`;
			},
		);
		expect(result.wrappers).toEqual(Array.from({ length: 2500 }, (_, at) => `item e${at}`));
		expect(result.folder).toEqual({ data: { id: 'root' } });
		// one page at a time: its wrappers are turned while no request for the next is out; the last page names no
		// next cursor, so nothing more is asked
		expect(requestsSentAtTurn).toEqual([
			...Array(1000).fill(1),
			...Array(1000).fill(2),
			...Array(500).fill(3),
		]);
		expect(fake.sent.map((options) => (options.qs as IDataObject).cursor)).toEqual([
			undefined,
			'1000',
			'2000',
		]);
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
		const result = await collectPages(fake.ctx, endpoints.recentUploads({}), undefined);
		expect(result.wrappers.map((wrapper) => (wrapper.data as IDataObject).id)).toEqual([
			'e0',
			'e1',
			'e2',
			'e3',
			'e4',
			'e5',
		]);
		expect(fake.sent.map((options) => (options.qs as IDataObject).cursor)).toEqual([
			undefined,
			'2',
			'4',
		]);
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
		await expect(collectPages(fake.ctx, endpoints.recentUploads({}), undefined)).rejects.toThrow(
			/listing with a "data" array/,
		);
		expect(fake.sent.map((options) => (options.qs as IDataObject).cursor)).not.toContain('c2');
	});

	it('toItem sees only the wrappers Limit keeps', async () => {
		const fake = fakeContext(pagedListing(5000, 500));
		const turned: string[] = [];
		const result = await collectPages(fake.ctx, endpoints.recentUploads({}), 700, {}, (wrapper) => {
			turned.push((wrapper.data as IDataObject).id as string);
			return wrapper;
		});
		expect(result.wrappers).toHaveLength(700);
		expect(turned).toEqual(Array.from({ length: 700 }, (_, at) => `e${at}`));
	});

	it('a repeated cursor ends the walk instead of looping', async () => {
		const fake = fakeContext([
			{ statusCode: 200, body: { data: [{ id: 'a' }], meta: { cursor: { next_cursor: 'same' } } } },
		]);
		const result = await collectPages(fake.ctx, endpoints.recentUploads({}), undefined);
		expect(fake.sent).toHaveLength(2);
		// the same entry on both pages is yielded once
		expect(result.wrappers).toEqual([{ id: 'a' }]);
	});

	describe('a listing that changes between two pages of one walk (cursors that are positions)', () => {
		/** Offset paging over a list the test changes between requests. */
		function offsetListing(
			entries: string[],
			pageSize: number,
			beforeRequest: (index: number) => void,
		) {
			let requests = 0;
			return (options: IHttpRequestOptions): ScriptedAnswer => {
				beforeRequest(requests++);
				const qs = (options.qs ?? {}) as IDataObject;
				const start = qs.cursor ? Number(qs.cursor) : 0;
				const size = Math.min(Number(qs.limit ?? pageSize), pageSize);
				const data = entries.slice(start, start + size).map((id) => ({ data: { id } }));
				const next = start + size < entries.length ? String(start + size) : null;
				return {
					statusCode: 200,
					body: { data, meta: { cursor: { next_cursor: next, total: entries.length } } },
				};
			};
		}

		it('an entry added above the boundary is not yielded twice', async () => {
			const entries = ['e5', 'e4', 'e3', 'e2', 'e1', 'e0'];
			const fake = fakeContext(
				offsetListing(entries, 3, (index) => index === 1 && entries.unshift('new')),
			);
			const result = await list(
				new ApiClient(fake.ctx, 'fileStorageApi'),
				endpoints.recentUploads({}),
				{ pageSize: 3 },
			);
			// e3 is pushed back onto page 2 and comes once; 'new' arrived above where the walk is, out of its reach
			expect(ids(result.wrappers)).toEqual(['e5', 'e4', 'e3', 'e2', 'e1', 'e0']);
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
			const entries = ['e5', 'e4', 'e3', 'e2', 'e1', 'e0'];
			const fake = fakeContext(
				offsetListing(entries, 3, (index) => index === 1 && entries.splice(start, count)),
			);
			const result = await list(
				new ApiClient(fake.ctx, 'fileStorageApi'),
				endpoints.recentUploads({}),
				{ pageSize: 3 },
			);
			// what moved onto page 1 after it was read is found by reading page 1 again
			expect(ids(result.wrappers)).toEqual(['e5', 'e4', 'e3', 'e2', 'e1', 'e0']);
			expect(fake.sent.map((options) => (options.qs as IDataObject).cursor)).toEqual([
				undefined,
				'3',
				undefined,
				'3',
			]);
		});

		it('a burst of arrivals larger than a page is not taken for entries pulled past the boundary', async () => {
			const entries = ['e5', 'e4', 'e3', 'e2', 'e1', 'e0'];
			const fake = fakeContext(
				offsetListing(
					entries,
					3,
					(index) => index === 1 && entries.unshift('n3', 'n2', 'n1', 'n0'),
				),
			);
			const result = await list(
				new ApiClient(fake.ctx, 'fileStorageApi'),
				endpoints.recentUploads({}),
				{ pageSize: 3 },
			);
			// page 1 read again shows only arrivals: they are newer than everything yielded and stay out of order's way
			expect(ids(result.wrappers)).toEqual(['e5', 'e4', 'e3', 'e2', 'e1', 'e0']);
		});

		it('the last page is marked as such even when all it shows was yielded already', async () => {
			const entries = ['e5', 'e4', 'e3', 'e2', 'e1', 'e0'];
			const fake = fakeContext(
				offsetListing(entries, 3, (index) => index === 1 && entries.unshift('n2', 'n1', 'n0')),
			);
			const pages = [];
			for await (const page of pagesOf(
				new ApiClient(fake.ctx, 'fileStorageApi'),
				endpoints.recentUploads({}),
				{ pageSize: 3 },
			))
				pages.push(page);
			// page 2 now shows e5..e3 again (yielded): it is empty but not the end; the listing goes on to e0
			expect(pages.map((page) => [ids(page.wrappers), page.last])).toEqual([
				[['e5', 'e4', 'e3'], false],
				[[], false],
				[['e2', 'e1', 'e0'], true],
			]);
		});

		it('a listing that never holds still fails the walk, saying so, instead of answering with what it has', async () => {
			let counter = 0;
			const entries = Array.from({ length: 9 }, (_, at) => `e${at}`);
			const fake = fakeContext(
				offsetListing(
					entries,
					3,
					(index) => index > 0 && entries.splice(0, 1, `n${++counter}`, `m${counter}`),
				),
			);
			await expect(
				list(new ApiClient(fake.ctx, 'fileStorageApi'), endpoints.recentUploads({}), {
					pageSize: 3,
				}),
			).rejects.toThrow('The listing kept changing while it was read');
			// the two pages of the walk, then both read again three times
			expect(fake.sent).toHaveLength(8);
		});

		// After a change the walk reads on past arrivals for at most three more pages, looking for the last entry it
		// listed; where the listing ends first, or the pages run out, it cannot tell where it was and says so.
		it.each([
			['a burst of arrivals longer than three pages', 7, 100],
			['every entry the walk listed gone, and the listing ending', 3, -3],
		])('%s: the walk fails after %i requests, saying so', async (_case, requests, change) => {
			const entries = ['e5', 'e4', 'e3', 'e2', 'e1', 'e0'];
			const fake = fakeContext(
				offsetListing(entries, 3, (index) => {
					if (index !== 1) return;
					if (change > 0) entries.unshift(...Array.from({ length: change }, (_, at) => `n${at}`));
					else entries.splice(0, -change);
				}),
			);
			await expect(
				list(new ApiClient(fake.ctx, 'fileStorageApi'), endpoints.recentUploads({}), {
					pageSize: 3,
				}),
			).rejects.toThrow('The listing kept changing while it was read');
			// the two pages of the walk, then the two read again (one, where the listing ends), then the pages read on
			expect(fake.sent).toHaveLength(requests);
		});

		it.each([
			['is not a number', 2, '2'],
			['is missing on the first page', undefined, 2],
		])('a total that %s is no change', async (_case, first, second) => {
			const page = (id: string | number, next: string | null, total: unknown) => ({
				statusCode: 200,
				body: { data: [{ data: { id } }], meta: { cursor: { next_cursor: next, total } } },
			});
			// numeric ids count as ids: the entry on both pages is yielded once
			const fake = fakeContext([
				page(7, '1', first),
				page(7, '2', second),
				page('b', null, second),
			]);
			const result = await list(
				new ApiClient(fake.ctx, 'fileStorageApi'),
				endpoints.recentUploads({}),
			);
			expect(ids(result.wrappers)).toEqual([7, 'b']);
			expect(fake.sent).toHaveLength(3);
		});
	});

	it('a server that refuses the page size is asked again with its default', async () => {
		const fake = fakeContext((options) =>
			(options.qs as IDataObject | undefined)?.limit !== undefined
				? { statusCode: 422, body: { message: 'invalid', errors: { limit: ['too large'] } } }
				: {
						statusCode: 200,
						body: { data: [{ id: 'a' }], meta: { cursor: { next_cursor: null } } },
					},
		);
		const page = await firstPage(
			new ApiClient(fake.ctx, 'fileStorageApi'),
			endpoints.recentUploads({}),
			undefined,
			1000,
		);
		expect(page?.wrappers).toEqual([{ id: 'a' }]);
		expect(fake.sent.map((options) => (options.qs as IDataObject | undefined)?.limit)).toEqual([
			1000,
			undefined,
		]);
	});

	it('the client remembers a refused page size: every later page and walk is one request, not two', async () => {
		const fake = fakeContext((options) => {
			const qs = (options.qs ?? {}) as IDataObject;
			if (qs.limit !== undefined)
				return { statusCode: 422, body: { message: 'invalid', errors: { limit: ['unknown'] } } };
			return {
				statusCode: 200,
				body: {
					data: [{ id: qs.cursor ?? 'first' }],
					meta: { cursor: { next_cursor: qs.cursor ? null : 'c2' } },
				},
			};
		});
		const client = new ApiClient(fake.ctx, 'fileStorageApi');
		await list(client, endpoints.recentUploads({}));
		await firstPage(client, endpoints.folderContents('all', {}));
		expect(
			fake.sent.map((options) => (options.qs as IDataObject | undefined)?.limit ?? '-'),
		).toEqual([1000, '-', '-', '-']);
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
