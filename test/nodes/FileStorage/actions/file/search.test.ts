import type { IDataObject } from 'n8n-workflow';

import { apiListAll } from '../../../../helpers/api';
import { BULK_FILES, useBulkFolder } from '../../../../helpers/bulk-folder';
import { byId, OPS } from '../../../../helpers/parameters';
import { useRecordedWaits } from '../../../../reliability/waits';

const { fx, bulkId } = useBulkFolder();
// Retry back-offs (1 s, then 2 s) are recorded, not slept: no test here needs them to take real time.
useRecordedWaits();

const day = (month: number, date: number) => new Date(Date.UTC(2026, month - 1, date, 10, 0));

/**
 * Archive/
 *   a1.pdf (1 Mar, 1.5 MB) · report.docx (3 Mar) · Sub1/ · Sub2/
 *   Sub1/: photo.jpg (5 Mar, 3 MB) · s1.pdf (4 Mar) · Deep/
 *   Sub1/Deep/: d.txt (6 Mar) · invoice-9.pdf (7 Mar, 0.2 MB)
 *   Sub2/: invoice-2.pdf (2 Mar)
 */
function buildTree() {
	const model = fx.sandbox.model;
	const folder = (name: string, parentId: string | null) =>
		model.addFolder(0, { name, parentId, createdAt: day(3, 1) });
	const file = (folderId: string, name: string, created: Date, size = 1000) =>
		model.addFile(0, { folderId, name, size, createdAt: created });
	const archive = folder('Archive', null);
	const sub1 = folder('Sub1', archive.id);
	const sub2 = folder('Sub2', archive.id);
	const deep = folder('Deep', sub1.id);
	file(archive.id, 'a1.pdf', day(3, 1), 1_500_000);
	file(archive.id, 'report.docx', day(3, 3));
	file(sub1.id, 'photo.jpg', day(3, 5), 3_000_000);
	file(sub1.id, 's1.pdf', day(3, 4));
	file(deep.id, 'd.txt', day(3, 6));
	file(deep.id, 'invoice-9.pdf', day(3, 7), 200_000);
	file(sub2.id, 'invoice-2.pdf', day(3, 2));
	return { archive, sub1, sub2, deep };
}

const search = (folderId: string, extra: IDataObject = {}) => ({
	...OPS.search,
	folder: byId(folderId),
	returnAll: true,
	...extra,
});
/** Limit instead of Return All, with filters. */
const firstOf = (limit: number, filters: IDataObject) => ({ returnAll: false, limit, filters });
/** File → Search from a clean request log. */
const run = async (folderId: string, extra: IDataObject = {}) => {
	fx.sandbox.clearRequests();
	return await fx.run(search(folderId, extra));
};
/** Every item of the tree, in the order of the walk: breadth first, each folder by name. */
const WALK = 'a1.pdf report.docx Sub1 Sub2 Deep photo.jpg s1.pdf invoice-2.pdf d.txt invoice-9.pdf';
const listRequests = () =>
	fx.sandbox.requests.filter((request) => request.path.startsWith('/api/v1/browse/folders/'));
const names = (items: Array<{ json: IDataObject }>) => items.map((item) => item.json.name);

/** The oracle: the same breadth-first walk, one folder after the other, straight against the sandbox. */
async function breadthFirst(startId: string, startPath: string) {
	const found: Array<{ id: string; folderPath: string }> = [];
	const queue = [{ id: startId, path: startPath }];
	while (queue.length) {
		const folder = queue.shift()!;
		for (const entry of await apiListAll(fx.sandbox, `/browse/folders/${folder.id}`, {
			sort: 'name',
			direction: 'ASC',
		})) {
			found.push({ id: entry.data.id, folderPath: folder.path });
			if (entry.data.type === 'folder') {
				const name = String(entry.data.attributes.name);
				queue.push({
					id: entry.data.id,
					path: folder.path.endsWith('/') ? `${folder.path}${name}` : `${folder.path}/${name}`,
				});
			}
		}
	}
	return found;
}

describe('File → Search', () => {
	it("Return All walks the tree breadth first, names each item's folder, and lists each folder page once", async () => {
		const { archive } = buildTree();
		const oracle = await breadthFirst(archive.id, '/');
		const { items, error } = await run(archive.id);
		expect(error).toBeUndefined();
		expect(items.map((item) => ({ id: item.json.id, folderPath: item.json.folderPath }))).toEqual(
			oracle,
		);
		expect(names(items)).toEqual(WALK.split(' '));
		// One request per folder (each fits one page), each asking for the largest page.
		expect(listRequests()).toHaveLength(4);
		expect(listRequests().every((request) => Number(request.query.limit) >= 500)).toBe(true);
		// Simplified: ten flat fields, the folder path in place of the parent's name.
		expect(Object.keys(items[0].json)).toHaveLength(10);
		expect(items[0].json).toMatchObject({
			name: 'a1.pdf',
			type: 'file',
			size: 1_500_000,
			folderPath: '/',
			parentId: archive.id,
		});
		expect(items[0].json).not.toHaveProperty('parentName');
		// One form: the path inside the searched folder, which is / (as the root is when searching it)
		expect(items.find((item) => item.json.name === 'd.txt')?.json.folderPath).toBe('/Sub1/Deep');
	});

	it('searches the whole account from the root, whose path is /', async () => {
		buildTree();
		const oracle = await breadthFirst('all', '/');
		const { items } = await run('all', { filters: { nameContains: 'invoice-' } });
		const expected = oracle.filter((entry) => items.some((item) => item.json.id === entry.id));
		expect(items.map((item) => ({ id: item.json.id, folderPath: item.json.folderPath }))).toEqual(
			expected,
		);
		expect(items.map((item) => item.json.folderPath)).toEqual(
			expect.arrayContaining(['/Archive/Sub2', '/Archive/Sub1/Deep']),
		);
	});

	it.each([
		['name contains (any case)', { nameContains: 'INVOICE' }, ['invoice-2.pdf', 'invoice-9.pdf']],
		['name matches a wildcard pattern', { namePattern: '?1.*' }, ['a1.pdf', 's1.pdf']],
		['folders only', { itemType: 'folder' }, ['Sub1', 'Sub2', 'Deep']],
		['files only', { itemType: 'file', nameContains: 'sub' }, []],
		['MIME type with a wildcard', { mimeTypes: 'image/*' }, ['photo.jpg']],
		['extensions', { extensions: 'docx, .TXT' }, ['report.docx', 'd.txt']],
		[
			'created on or after a day (the time of day is not used)',
			{ createdAfter: '2026-03-06T23:00:00' },
			['d.txt', 'invoice-9.pdf'],
		],
		[
			'created on or before a day',
			{ createdBefore: '2026-03-02', itemType: 'file' },
			['a1.pdf', 'invoice-2.pdf'],
		],
		[
			'size range in MB',
			{ minSizeMb: 0.1, maxSizeMb: 2, itemType: 'file' },
			['a1.pdf', 'invoice-9.pdf'],
		],
	])('filters: %s', async (_what, filters, expected) => {
		const { archive } = buildTree();
		const { items, error } = await run(archive.id, { filters });
		expect(error).toBeUndefined();
		expect(names(items)).toEqual(expected);
	});

	it('Include Subfolders off lists only the folder; Max Depth stops at its level', async () => {
		const { archive } = buildTree();
		const flat = await run(archive.id, { includeSubfolders: false });
		expect(names(flat.items)).toEqual(WALK.split(' ').slice(0, 4));
		expect(listRequests()).toHaveLength(1);
		const oneLevel = await run(archive.id, { maxDepth: 1 });
		expect(names(oneLevel.items)).toEqual(WALK.split(' ').slice(0, 8));
		expect(listRequests()).toHaveLength(3);
	});

	it('Limit is pushed down: a match in the first page of the folder costs one request, and the walk stops', async () => {
		const { archive, deep } = buildTree();
		const { items } = await run(archive.id, firstOf(1, { nameContains: 'report' }));
		expect(names(items)).toEqual(['report.docx']);
		expect(listRequests()).toHaveLength(1);
		const two = await run(archive.id, firstOf(2, { extensions: 'pdf' }));
		expect(names(two.items)).toEqual(['a1.pdf', 's1.pdf']);
		// The folder, then its subfolders (listed at once), and nothing of the next level.
		expect(listRequests()).toHaveLength(3);
		expect(listRequests().map((request) => request.path)).not.toContain(
			`/api/v1/browse/folders/${deep.id}`,
		);
	});

	it("no other folder is listed before the searched folder's first page is read past: many subfolders, Limit 1 met after them", async () => {
		const wide = fx.sandbox.model.addFolder(0, { name: 'Wide' });
		for (let k = 0; k < 30; k++)
			fx.sandbox.model.addFolder(0, { name: `f${String(k).padStart(2, '0')}`, parentId: wide.id });
		fx.sandbox.model.addFile(0, { folderId: wide.id, name: 'zz-match.txt' });
		const { items } = await run(wide.id, firstOf(1, { nameContains: 'zz-match' }));
		expect(names(items)).toEqual(['zz-match.txt']);
		expect(listRequests()).toHaveLength(1);
	});

	it('a folder of several pages: Limit 1 sends at most two requests; Return All one per page', async () => {
		const bulk = bulkId();
		const one = await run(bulk, { returnAll: false, limit: 1 });
		expect(one.items).toHaveLength(1);
		expect(listRequests().length).toBeLessThanOrEqual(2);
		const all = await run(bulk);
		expect(all.items).toHaveLength(BULK_FILES);
		expect(listRequests()).toHaveLength(3);
		expect(new Set(all.items.map((item) => item.json.id)).size).toBe(BULK_FILES);
	});

	it('Simplify off returns the raw wrapper with the folder path beside it', async () => {
		const { archive } = buildTree();
		const { items } = await fx.run(
			search(archive.id, { simplify: false, filters: { nameContains: 'report' } }),
		);
		expect(items[0].json).toMatchObject({
			data: { type: 'file', attributes: { name: 'report.docx' } },
			folderPath: '/',
		});
	});

	it.each([
		['Created Before', { createdAfter: '2026-03-05', createdBefore: '2026-03-01' }],
		['Max Size (MB)', { minSizeMb: 5, maxSizeMb: 1 }],
		['Created After', { createdAfter: 'yesterday' }],
	])('bad input fails naming %s and the item, before any request', async (parameter, filters) => {
		const { archive } = buildTree();
		const { error } = await run(archive.id, { filters });
		expect(error?.message).toMatch(
			new RegExp(`^${parameter.replace(/[()]/g, '\\$&')}: .* \\[item 0\\]$`),
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	it('a subfolder whose listing fails fails the item (nothing partial); Continue gives one error item', async () => {
		const { archive, deep } = buildTree();
		fx.sandbox.fault({
			path: `/api/v1/browse/folders/${deep.id}`,
			status: 401,
			body: { type: 'error', message: 'You are not authorized' },
			times: Infinity,
		});
		const failed = await run(archive.id);
		expect(failed.error?.name).toBe('NodeApiError');
		expect(failed.items).toHaveLength(0);
		const continued = await fx.run(search(archive.id), { continueOnFail: true });
		expect(continued.items).toHaveLength(1);
		expect(continued.items[0].json).toEqual({
			error: { message: expect.stringContaining('HTTP 401'), description: expect.any(String) },
		});
		expect(continued.items[0].pairedItem).toEqual({ item: 0 });
	});

	it.each([
		[
			'vanishes during the search fails the item naming its path, not the Folder parameter',
			'deep',
			404,
			/^The folder "\/Sub1\/Deep" below the searched folder was deleted or moved during the search \(HTTP 404\)/,
			/^It changed while the search ran\. The searched folder itself is fine: run the search again\.$/,
		],
		[
			'keeps failing names its path and keeps the reason and its fix',
			'sub2',
			500,
			/^The folder "\/Sub2" below the searched folder could not be listed: The File Storage server could not handle the request \(HTTP 500\)/,
			/^The searched folder itself is fine\. Try again later/,
		],
	] as const)('a subfolder that %s', async (_what, folder, status, message, description) => {
		const tree = buildTree();
		fx.sandbox.fault({
			path: `/api/v1/browse/folders/${tree[folder].id}`,
			status,
			body: { message: 'Server Error' },
			times: Infinity,
		});
		const { error } = await run(tree.archive.id);
		expect(error?.message).toMatch(message);
		expect(error?.description).toMatch(description);
	});
});
