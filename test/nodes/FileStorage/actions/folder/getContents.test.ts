import type { IDataObject } from 'n8n-workflow';

import { searchList } from '../../../../harness/engine';
import { apiGet, apiListAll } from '../../../../helpers/api';
import { useFixture } from '../../../../helpers/fixture';
import { FolderListResponse, LatestListResponse } from '../../../../sandbox/schemas';
import {
	SIMPLIFIED_FILE_FIELDS,
	SIMPLIFIED_FOLDER_FIELDS,
} from '../../../../helpers/simplified-fields';

// 1,200 files in one folder: three server pages of the documented maximum (500).
const BULK_FILES = 1200;
const fx = useFixture({ seed: { bulkFolderFiles: BULK_FILES } });

const bulkId = () => fx.sandbox.seed.bulkFolderId as string;
const contents = (extra: Record<string, unknown> = {}) => ({
	resource: 'folder',
	operation: 'getContents',
	folder: { __rl: true, mode: 'id', value: bulkId() },
	...extra,
});
const listRequests = () =>
	fx.sandbox.requests.filter((request) => request.path.startsWith('/api/v1/browse/'));

describe('Folder → Get Contents (endpoint 1)', () => {
	it('Return All follows every cursor with the largest page and matches the server listing', async () => {
		const oracle = await apiListAll(fx.sandbox, `/browse/folders/${bulkId()}`);
		fx.sandbox.clearRequests();
		const { items, error } = await fx.run(contents({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(BULK_FILES);
		expect(items.map((item) => item.json.id)).toEqual(oracle.map((entry) => entry.data.id));
		const requests = listRequests();
		expect(requests).toHaveLength(Math.ceil(BULK_FILES / 500));
		expect(requests.every((request) => Number(request.query.limit) >= 500)).toBe(true);
		expect(requests[0].query.cursor).toBeUndefined();
		expect(requests.slice(1).every((request) => typeof request.query.cursor === 'string')).toBe(
			true,
		);
	});

	it.each([
		[1, [1]],
		[500, [500]],
		[700, [700, 200]],
		[1100, [1000, 600, 100]],
	])('Limit %i asks only for what is still needed (page sizes asked: %j)', async (limit, asked) => {
		fx.sandbox.clearRequests();
		const { items } = await fx.run(contents({ returnAll: false, limit }));
		expect(items).toHaveLength(limit);
		// The server clamps each ask to 500; a short page is followed by a request for the rest.
		expect(listRequests().map((request) => Number(request.query.limit))).toEqual(asked);
	});

	it('Limit larger than the folder returns everything and stops at the last page', async () => {
		fx.sandbox.clearRequests();
		const { items } = await fx.run(contents({ returnAll: false, limit: 5000 }));
		expect(items).toHaveLength(BULK_FILES);
		expect(listRequests()).toHaveLength(3);
	});

	it.each([
		['created_at', 'ASC'],
		['created_at', 'DESC'],
		['name', 'ASC'],
		['name', 'DESC'],
	])('sorts by %s %s like the server', async (sort, direction) => {
		const oracle = await apiListAll(fx.sandbox, `/browse/folders/${bulkId()}`, { sort, direction });
		const { items } = await fx.run(
			contents({ returnAll: false, limit: 600, sort: { rule: { field: sort, direction } } }),
		);
		expect(items.map((item) => item.json.id)).toEqual(
			oracle.slice(0, 600).map((entry) => entry.data.id),
		);
		expect(listRequests().at(-1)?.query).toMatchObject({ sort, direction });
	});

	it('lists the root with "all" and simplifies folders and files', async () => {
		const raw = FolderListResponse.parse(
			await apiGet(fx.sandbox, '/browse/folders/all', { limit: 500 }),
		);
		const { items } = await fx.run(
			contents({ folder: { __rl: true, mode: 'list', value: 'all' }, returnAll: true }),
		);
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
		const rawPhotos = FolderListResponse.parse(
			await apiGet(fx.sandbox, `/browse/folders/${photos.id}`, { limit: 500 }),
		);
		const rawBeach = rawPhotos.data.find((entry) => entry.data.id === beach.id)?.data.attributes as
			| IDataObject
			| undefined;
		const { items: inPhotos, error } = await fx.run(
			contents({ folder: { __rl: true, mode: 'id', value: photos.id } }),
		);
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
		const { items } = await fx.run(
			contents({ returnAll: false, limit: 2, options: { includeFolder: true } }),
		);
		expect(items).toHaveLength(2);
		expect(items[0].json.folder).toMatchObject({ id: bulkId(), type: 'folder', name: 'Bulk' });
	});

	it('returns spec wrappers with Simplify off', async () => {
		const { items } = await fx.run(contents({ returnAll: false, limit: 3, simplify: false }));
		for (const item of items)
			expect(() => FolderListResponse.shape.data.element.parse(item.json)).not.toThrow();
	});

	it('fails naming the item when the folder does not exist (404)', async () => {
		const { error } = await fx.run(
			contents({
				folder: { __rl: true, mode: 'id', value: '11111111-2222-4333-8444-555555555555' },
			}),
		);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(/Not found \(HTTP 404\)/);
		expect(error?.description).toMatch(/No folder with this ID.*Pick the folder with "From List"/);
	});
});

describe('File → Get Recent Uploads (endpoint 2)', () => {
	it('matches the server listing, newest first by default', async () => {
		const oracle = LatestListResponse.parse(
			await apiGet(fx.sandbox, '/browse/latest', { limit: 30 }),
		);
		const { items } = await fx.run({ resource: 'file', operation: 'getRecentUploads', limit: 30 });
		expect(items.map((item) => item.json.id)).toEqual(oracle.data.map((entry) => entry.data.id));
		const file = items[0].json;
		expect(['file', 'image', 'video', 'audio']).toContain(file.type);
		expect(typeof file.size).toBe('number');
		expect(typeof file.fileUrl).toBe('string');
		expect(Object.keys(file).length).toBeLessThanOrEqual(10);
		expect(fx.sandbox.requests.at(-1)?.query).toMatchObject({
			sort: 'created_at',
			direction: 'DESC',
		});
	});

	it('Return All walks every page', async () => {
		const oracle = await apiListAll(fx.sandbox, '/browse/latest', { direction: 'ASC' });
		const { items } = await fx.run({
			resource: 'file',
			operation: 'getRecentUploads',
			returnAll: true,
			sort: { rule: { field: 'created_at', direction: 'ASC' } },
		});
		expect(items.map((item) => item.json.id)).toEqual(oracle.map((entry) => entry.data.id));
	});

	it('keeps photo metadata (exif) in the raw output, one switch away from Simplify', async () => {
		const { items } = await fx.run({
			resource: 'file',
			operation: 'getRecentUploads',
			returnAll: true,
			simplify: false,
		});
		const photo = items.find(
			(item) => ((item.json.data as IDataObject).relationships as IDataObject | undefined)?.exif,
		);
		const exif = (
			((photo?.json.data as IDataObject).relationships as IDataObject).exif as IDataObject
		).data as IDataObject;
		expect(exif.attributes).toMatchObject({ camera: expect.any(String), iso: expect.any(Number) });
	});

	it('without a Sort rule: newest first; with one, as asked', async () => {
		await fx.run({ resource: 'file', operation: 'getRecentUploads', limit: 1 });
		expect(fx.sandbox.requests.at(-1)?.query).toMatchObject({
			sort: 'created_at',
			direction: 'DESC',
		});
		await fx.run({
			resource: 'file',
			operation: 'getRecentUploads',
			limit: 1,
			sort: { rule: { field: 'name' } },
		});
		expect(fx.sandbox.requests.at(-1)?.query).toMatchObject({ sort: 'name', direction: 'DESC' });
	});
});

describe('Folder picker (listSearch)', () => {
	it('offers the root first, then folders by path, and filters', async () => {
		const first = await searchList('searchFolders', {}, fx.credentials);
		expect(first.results[0]).toEqual({ name: 'Root (All Files)', value: 'all' });
		const rootFolders = FolderListResponse.parse(
			await apiGet(fx.sandbox, '/browse/folders/all', { limit: 500 }),
		).data.filter((entry) => entry.data.type === 'folder');
		for (const folder of rootFolders) {
			expect(first.results).toContainEqual({
				name: folder.data.attributes.name,
				value: folder.data.id,
			});
		}
		const filtered = await searchList('searchFolders', {}, fx.credentials, 'bulk');
		expect(filtered.results).toEqual([{ name: 'Bulk', value: bulkId() }]);
	});
});
