import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { collectPages, endpoints, fetchPage, LARGEST_PAGE_REQUEST, listElements, toPage } from '../../../nodes/lib/transport';
import type { ScriptedAnswer } from './fake-context';
import { fakeContext } from './fake-context';

/** A listing of `total` entries served in pages of at most `maxPage`, keyed by a numeric cursor. */
function pagedListing(total: number, maxPage: number) {
	return (options: IHttpRequestOptions): ScriptedAnswer => {
		const qs = (options.qs ?? {}) as IDataObject;
		const start = qs.cursor ? Number(qs.cursor) : 0;
		const size = Math.min(Number(qs.limit ?? maxPage), maxPage);
		const data = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, at) => ({ data: { id: `e${start + at}` } }));
		const next = start + size < total ? String(start + size) : null;
		return { statusCode: 200, body: { data, meta: { cursor: { next_cursor: next }, root: { data: { id: 'root' } } } } };
	};
}

describe('transport/pagination: cursor walking', () => {
	it('toPage reads elements, the next cursor and the listed folder; no cursor ends the listing', () => {
		expect(toPage({ data: [{ a: 1 }], meta: { cursor: { next_cursor: 'c2' }, root: { id: 'r' } } })).toEqual({
			elements: [{ a: 1 }],
			nextCursor: 'c2',
			root: { id: 'r' },
		});
		expect(toPage({ data: [], meta: { cursor: { next_cursor: '' } } }).nextCursor).toBeUndefined();
		expect(listElements({ data: [1, 2] as unknown as IDataObject[] })).toHaveLength(2);
	});

	it('Return All follows cursors with the largest page until the end', async () => {
		const fake = fakeContext(pagedListing(2500, 1000));
		const result = await collectPages(fake.ctx, endpoints.recentUploads({ sort: 'name' }), undefined);
		expect(result.elements.map((element) => (element.data as IDataObject).id)).toEqual(
			Array.from({ length: 2500 }, (_, at) => `e${at}`),
		);
		expect(fake.sent.map((options) => (options.qs as IDataObject).limit)).toEqual([LARGEST_PAGE_REQUEST, 1000, 1000]);
		expect(fake.sent.map((options) => (options.qs as IDataObject).sort)).toEqual(['name', 'name', 'name']);
		expect(fake.credentialReads).toBe(1);
	});

	it('Limit asks only for what is still needed, so no page is thrown away', async () => {
		const fake = fakeContext(pagedListing(5000, 500));
		const result = await collectPages(fake.ctx, endpoints.recentUploads({}), 700);
		expect(result.elements).toHaveLength(700);
		expect(fake.sent.map((options) => (options.qs as IDataObject).limit)).toEqual([700, 200]);
	});

	it('toItem turns each page into items as it arrives, before the next page is asked for', async () => {
		const fake = fakeContext(pagedListing(2500, 1000));
		const requestsSentAtTurn: number[] = [];
		const result = await collectPages(fake.ctx, endpoints.recentUploads({}), undefined, {}, (element) => {
			requestsSentAtTurn.push(fake.sent.length);
			return `item ${(element.data as IDataObject).id as string}`;
		});
		expect(result.elements).toEqual(Array.from({ length: 2500 }, (_, at) => `item e${at}`));
		expect(result.root).toEqual({ data: { id: 'root' } });
		// elements 0–999 while one request was out, 1000–1999 after the second, the rest after the third
		expect(requestsSentAtTurn).toEqual([...Array(1000).fill(1), ...Array(1000).fill(2), ...Array(500).fill(3)]);
	});

	it('toItem sees only the elements Limit keeps', async () => {
		const fake = fakeContext(pagedListing(5000, 500));
		const turned: string[] = [];
		const result = await collectPages(fake.ctx, endpoints.recentUploads({}), 700, {}, (element) => {
			turned.push((element.data as IDataObject).id as string);
			return element;
		});
		expect(result.elements).toHaveLength(700);
		expect(turned).toEqual(Array.from({ length: 700 }, (_, at) => `e${at}`));
	});

	it('a repeated cursor ends the walk instead of looping', async () => {
		const fake = fakeContext([{ statusCode: 200, body: { data: [{ id: 'a' }], meta: { cursor: { next_cursor: 'same' } } } }]);
		const result = await collectPages(fake.ctx, endpoints.recentUploads({}), undefined);
		expect(fake.sent).toHaveLength(2);
		expect(result.elements).toHaveLength(2);
	});

	it('a server that refuses the page size is asked again with its default', async () => {
		const fake = fakeContext((options) =>
			(options.qs as IDataObject | undefined)?.limit !== undefined
				? { statusCode: 422, body: { message: 'invalid', errors: { limit: ['too large'] } } }
				: { statusCode: 200, body: { data: [{ id: 'a' }], meta: { cursor: { next_cursor: null } } } },
		);
		const page = await fetchPage(fake.ctx, endpoints.recentUploads({}), undefined, 1000);
		expect(page.elements).toEqual([{ id: 'a' }]);
		expect(fake.sent.map((options) => (options.qs as IDataObject | undefined)?.limit)).toEqual([1000, undefined]);
	});

	it('any other refusal is thrown as it is', async () => {
		const fake = fakeContext([{ statusCode: 422, body: { message: 'bad', errors: { sort: ['no'] } } }]);
		await expect(fetchPage(fake.ctx, endpoints.recentUploads({}), 'c', 10)).rejects.toThrow(
			'The server rejected the request as invalid (HTTP 422): sort: no',
		);
		expect(fake.sent).toHaveLength(1);
	});
});
