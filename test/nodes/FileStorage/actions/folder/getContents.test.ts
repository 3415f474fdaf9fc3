import type { IDataObject } from 'n8n-workflow';

import { apiGet, apiListAll } from '../../../../helpers/api';
import { BULK_FILES, useBulkFolder } from '../../../../helpers/bulk-folder';
import { byId, OPS } from '../../../../helpers/parameters';
import { FolderListResponse } from '../../../../sandbox/schemas';
import {
	SIMPLIFIED_FILE_FIELDS,
	SIMPLIFIED_FOLDER_FIELDS,
} from '../../../../helpers/simplified-fields';

const { fx, bulkId } = useBulkFolder();

/** Folder → Get Contents (of the bulk folder unless told) from a clean request log. */
const run = async (extra = {}) => {
	fx.sandbox.clearRequests();
	return await fx.run({ ...OPS.folderContents, folder: byId(bulkId()), ...extra });
};
/** The listing of a folder as the server sends it, one page of up to 500. */
const rawListing = async (folderId: string) =>
	FolderListResponse.parse(await apiGet(fx.sandbox, `/browse/folders/${folderId}`, { limit: 500 }));
const listRequests = () =>
	fx.sandbox.requests.filter((request) => request.path.startsWith('/api/v1/browse/'));

describe('Folder → Get Contents (endpoint 1)', () => {
	it('Return All follows every cursor with the largest page and matches the server listing', async () => {
		const oracle = await apiListAll(fx.sandbox, `/browse/folders/${bulkId()}`);
		const { items, error } = await run({ returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(BULK_FILES);
		expect(items.map((item) => item.json.id)).toEqual(oracle.map((entry) => entry.data.id));
		const requests = listRequests();
		expect(requests).toHaveLength(Math.ceil(BULK_FILES / 500));
		expect(requests.every((request) => Number(request.query.limit) >= 500)).toBe(true);
		expect(requests[0].query.cursor).toBeUndefined();
		for (const request of requests.slice(1))
			expect(request.query.cursor).toEqual(expect.any(String));
	});

	it.each([
		[1, [1]],
		[500, [500]],
		[700, [700, 200]],
		[1100, [1000, 600, 100]],
	])('Limit %i asks only for what is still needed (page sizes asked: %j)', async (limit, asked) => {
		const { items } = await run({ returnAll: false, limit });
		expect(items).toHaveLength(limit);
		// The server clamps each ask to 500; a short page is followed by a request for the rest.
		expect(listRequests().map((request) => Number(request.query.limit))).toEqual(asked);
	});

	it('Limit larger than the folder returns everything and stops at the last page', async () => {
		const { items } = await run({ returnAll: false, limit: 5000 });
		expect(items).toHaveLength(BULK_FILES);
		expect(listRequests()).toHaveLength(3);
	});

	it.each(
		['created_at', 'name'].flatMap((field) => [
			[field, 'ASC'],
			[field, 'DESC'],
		]),
	)('sorts by %s %s like the server', async (sort, direction) => {
		const oracle = await apiListAll(fx.sandbox, `/browse/folders/${bulkId()}`, { sort, direction });
		const rule = { field: sort, direction };
		const { items } = await run({ returnAll: false, limit: 600, sort: { rule } });
		expect(items.map((item) => item.json.id)).toEqual(
			oracle.slice(0, 600).map((entry) => entry.data.id),
		);
		expect(listRequests().at(-1)?.query).toMatchObject({ sort, direction });
	});

	it('lists the root with "all" and simplifies folders and files', async () => {
		const raw = await rawListing('all');
		const root = { __rl: true, mode: 'list', value: 'all' };
		const { items } = await run({ folder: root, returnAll: true });
		expect(items.map((item) => item.json.id)).toEqual(raw.data.map((entry) => entry.data.id));
		const folder = items.find((item) => item.json.type === 'folder')?.json;
		expect(folder).toMatchObject({ type: 'folder', shared: expect.any(Boolean) });
		// The README's Simplify table, in its order.
		expect(Object.keys(folder ?? {})).toEqual(SIMPLIFIED_FOLDER_FIELDS);
		expect(typeof folder?.name).toBe('string');
		expect(folder?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);

		// The root holds only folders: a file is checked in Photos, next to the raw wrapper the server sends.
		const photos = fx.sandbox.model.itemAt(0, 'Photos');
		const beach = fx.sandbox.model.itemAt(0, 'Photos/beach.jpg');
		const rawBeach = (await rawListing(photos.id)).data.find((entry) => entry.data.id === beach.id)
			?.data.attributes as IDataObject | undefined;
		const { items: inPhotos, error } = await run({ folder: byId(photos.id) });
		expect(error).toBeUndefined();
		const file = inPhotos.find((item) => item.json.id === beach.id)?.json;
		expect(Object.keys(file ?? {})).toEqual(SIMPLIFIED_FILE_FIELDS);
		expect(rawBeach?.filesize).toBe('4.82MB');
		expect(typeof rawBeach?.thumbnail).toBe('string');
		expect(file).toEqual({
			id: beach.id,
			name: 'beach.jpg',
			type: 'file',
			mimeType: 'image/jpeg',
			size: 4_820_000,
			createdAt: beach.createdAt.toISOString().slice(0, 10),
			parentId: photos.id,
			parentName: 'Photos',
			fileUrl: rawBeach?.file_url,
			thumbnailUrl: rawBeach?.thumbnail,
		});
		expect(file?.fileUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/file\//);
	});

	it('adds the listed folder with Add Folder Details', async () => {
		const { items } = await run({ returnAll: false, limit: 2, options: { includeFolder: true } });
		expect(items).toHaveLength(2);
		expect(items[0].json.folder).toMatchObject({ id: bulkId(), type: 'folder', name: 'Bulk' });
	});

	it('returns spec wrappers with Simplify off', async () => {
		const { items } = await run({ returnAll: false, limit: 3, simplify: false });
		for (const item of items)
			expect(() => FolderListResponse.shape.data.element.parse(item.json)).not.toThrow();
	});

	it('fails naming the item when the folder does not exist (404)', async () => {
		const { error } = await run({ folder: byId('11111111-2222-4333-8444-555555555555') });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(/Not found \(HTTP 404\)/);
		expect(error?.description).toMatch(/No folder with this ID.*Pick the folder with "From List"/);
	});
});

describe('listing oracle sanity', () => {
	it('the demo root listing parses against the spec schema', async () => {
		expect(
			FolderListResponse.parse(await apiGet(fx.sandbox, '/browse/folders/all')).data.length,
		).toBeGreaterThan(0);
	});
});
