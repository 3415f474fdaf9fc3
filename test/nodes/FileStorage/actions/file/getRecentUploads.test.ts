import type { IDataObject } from 'n8n-workflow';

import { apiGet, apiListAll } from '../../../../helpers/api';
import { useBulkFolder } from '../../../../helpers/bulk-folder';
import { OPS } from '../../../../helpers/parameters';
import { LatestListResponse } from '../../../../sandbox/schemas';

const { fx } = useBulkFolder();
const uploads = (parameters: IDataObject = {}) => fx.run({ ...OPS.recentUploads, ...parameters });
const lastQuery = () => fx.sandbox.requests.at(-1)?.query;
const NEWEST_FIRST = { sort: 'created_at', direction: 'DESC' };

describe('File → Get Recent Uploads (endpoint 2)', () => {
	it('matches the server listing, newest first by default', async () => {
		const oracle = LatestListResponse.parse(
			await apiGet(fx.sandbox, '/browse/latest', { limit: 30 }),
		);
		const { items } = await uploads({ limit: 30 });
		expect(items.map((item) => item.json.id)).toEqual(oracle.data.map((entry) => entry.data.id));
		const file = items[0].json;
		expect(['file', 'image', 'video', 'audio']).toContain(file.type);
		expect(typeof file.size).toBe('number');
		expect(typeof file.fileUrl).toBe('string');
		expect(Object.keys(file).length).toBeLessThanOrEqual(10);
		expect(lastQuery()).toMatchObject(NEWEST_FIRST);
	});

	it('Return All walks every page', async () => {
		const oracle = await apiListAll(fx.sandbox, '/browse/latest', { direction: 'ASC' });
		const sort = { rule: { field: 'created_at', direction: 'ASC' } };
		const { items } = await uploads({ returnAll: true, sort });
		expect(items.map((item) => item.json.id)).toEqual(oracle.map((entry) => entry.data.id));
	});

	it('keeps photo metadata (exif) in the raw output, one switch away from Simplify', async () => {
		const { items } = await uploads({ returnAll: true, simplify: false });
		const photo = items.find(
			(item) => ((item.json.data as IDataObject).relationships as IDataObject | undefined)?.exif,
		);
		const exif = (
			((photo?.json.data as IDataObject).relationships as IDataObject).exif as IDataObject
		).data as IDataObject;
		expect(exif.attributes).toMatchObject({ camera: expect.any(String), iso: expect.any(Number) });
	});

	it('without a Sort rule: newest first; with one, as asked', async () => {
		await uploads({ limit: 1 });
		expect(lastQuery()).toMatchObject(NEWEST_FIRST);
		await uploads({ limit: 1, sort: { rule: { field: 'name' } } });
		expect(lastQuery()).toMatchObject({ sort: 'name', direction: 'DESC' });
	});
});
