import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { FOLDER_MEMORY } from '../../../nodes/FileStorageTrigger/ancestry';
import type { Poller } from '../../harness/engine';
import { apiGet } from '../../helpers/api';
import { useFixture } from '../../helpers/fixture';
import { byId } from '../../helpers/parameters';
import { triggerHelpers } from '../../helpers/trigger';

const fx = useFixture();
const { poller, pollOk, activated, ids } = triggerHelpers(fx);

/** Polls and returns what it emitted and how many requests it sent. */
async function counted(trigger: Poller) {
	fx.sandbox.clearRequests();
	const items = await pollOk(trigger);
	return { ids: ids(items), requests: fx.sandbox.requests.length };
}

/** Accounting/ · Accounting/2026/ · Accounting/2026/Q1/ · Accounting/2026/Q1/Scans/ · Elsewhere/ */
function tree() {
	const model = fx.sandbox.model;
	const accounting = model.addFolder(0, { name: 'Accounting' });
	const year = model.addFolder(0, { name: '2026', parentId: accounting.id });
	const quarter = model.addFolder(0, { name: 'Q1', parentId: year.id });
	const scans = model.addFolder(0, { name: 'Scans', parentId: quarter.id });
	const elsewhere = model.addFolder(0, { name: 'Elsewhere' });
	const upload = (folderId: string | null, name: string) => model.addFile(0, { folderId, name });
	return { accounting, year, quarter, scans, elsewhere, upload };
}

describe('New File in Folder', () => {
	const watch = (folderId: string, extra: INodeParameters = {}) => ({
		event: 'folderFile',
		folder: byId(folderId),
		...extra,
	});

	it('emits uploads into the folder and every folder below it, oldest first, once; nothing from elsewhere', async () => {
		const t = tree();
		const trigger = poller(watch(t.accounting.id));
		expect(await pollOk(trigger)).toBeNull();
		const inside = [t.upload(t.accounting.id, 'a.pdf'), t.upload(t.scans.id, 'deep.pdf')];
		t.upload(t.elsewhere.id, 'other.pdf');
		t.upload(null, 'top.pdf');
		const between = t.upload(t.year.id, 'y.pdf');
		expect(ids(await pollOk(trigger))).toEqual([...inside, between].map((file) => file.id));
		expect(await pollOk(trigger)).toBeNull();
	});

	it('an idle poll is one request; a first-seen subfolder costs one request per level, and nothing the next time', async () => {
		const t = tree();
		const trigger = await activated(watch(t.accounting.id));
		expect((await counted(trigger)).requests).toBe(1);
		// Scans is three levels below Accounting: Scans → Q1 → 2026 → Accounting.
		const first = t.upload(t.scans.id, 'one.pdf');
		expect(await counted(trigger)).toEqual({ ids: [first.id], requests: 1 + 3 });
		const second = t.upload(t.scans.id, 'two.pdf');
		expect(await counted(trigger)).toEqual({ ids: [second.id], requests: 1 });
		// Q1 and 2026 were passed on the way: known too.
		const third = t.upload(t.quarter.id, 'three.pdf');
		expect(await counted(trigger)).toEqual({ ids: [third.id], requests: 1 });
		// A folder elsewhere is looked up up to the top once, then known to be outside.
		t.upload(t.elsewhere.id, 'x.pdf');
		const outside = await counted(trigger);
		expect(outside.ids).toEqual([]);
		// One lookup (Elsewhere is at the top), then the watched folder is checked: nothing was found inside.
		expect(outside.requests).toBe(1 + 1 + 1);
		t.upload(t.elsewhere.id, 'y.pdf');
		t.upload(t.scans.id, 'four.pdf');
		expect((await counted(trigger)).requests).toBe(1);
		expect((await counted(trigger)).requests).toBe(1);
	});

	it('Include Subfolders off: only files directly in the folder, with no lookups', async () => {
		const t = tree();
		const trigger = await activated(watch(t.accounting.id, { includeSubfolders: false }));
		const direct = t.upload(t.accounting.id, 'direct.pdf');
		t.upload(t.year.id, 'below.pdf');
		expect(await counted(trigger)).toEqual({ ids: [direct.id], requests: 1 });
	});

	it('Root (All Files) with subfolders is every upload; without, only files at the top level', async () => {
		const t = tree();
		const all = await activated(watch('all'));
		const top = await activated(watch('all', { includeSubfolders: false }));
		const files = [t.upload(t.scans.id, 's.pdf'), t.upload(null, 'top.pdf')];
		expect(await counted(all)).toEqual({ ids: files.map((file) => file.id), requests: 1 });
		expect(await counted(top)).toEqual({ ids: [files[1].id], requests: 1 });
	});

	it('on a tree of 1,111 folders: every file once, idle polls one request, static data within 8 KB', async () => {
		const model = fx.sandbox.model;
		const watched = model.addFolder(0, { name: 'Big' });
		const leaves: string[] = [];
		for (let a = 0; a < 10; a++) {
			const level1 = model.addFolder(0, { name: `a${a}`, parentId: watched.id });
			for (let b = 0; b < 10; b++) {
				const level2 = model.addFolder(0, { name: `b${b}`, parentId: level1.id });
				for (let c = 0; c < 10; c++)
					leaves.push(model.addFolder(0, { name: `c${c}`, parentId: level2.id }).id);
			}
		}
		const trigger = await activated(watch(watched.id));
		const emitted: unknown[] = [];
		const expected: string[] = [];
		for (let round = 0; round < 5; round++) {
			for (const leaf of leaves.slice(round * 200, round * 200 + 200))
				expected.push(model.addFile(0, { folderId: leaf, name: 'f.txt' }).id);
			// Files elsewhere between them.
			model.addFile(0, { name: `top-${round}.txt` });
			emitted.push(...ids(await pollOk(trigger)));
			expect(JSON.stringify(trigger.staticData).length).toBeLessThanOrEqual(8 * 1024);
		}
		expect(emitted).toEqual(expected);
		expect((await counted(trigger)).requests).toBe(1);
		const size = JSON.stringify(trigger.staticData).length;
		fx.record(`static data on 1,110 folders: ${size} bytes`);
		expect(size).toBeLessThanOrEqual(8 * 1024);
		// The folders most recently used are remembered: a file in the last leaf costs nothing more.
		const again = model.addFile(0, { folderId: leaves[999], name: 'g.txt' });
		expect(await counted(trigger)).toEqual({ ids: [again.id], requests: 1 });
		expect((trigger.staticData.window as IDataObject).folders).toHaveLength(FOLDER_MEMORY * 8);
		// ~3,000 requests through the engine: ~8 s alone, more while the other jest worker is busy.
	}, 120_000);

	it('Fetch Test Event shows the newest upload inside the tree and leaves the window alone', async () => {
		const t = tree();
		const trigger = await activated(watch(t.accounting.id));
		const before = trigger.staticData;
		const inside = t.upload(t.quarter.id, 'inside.pdf');
		t.upload(t.elsewhere.id, 'newer-elsewhere.pdf');
		expect(ids(await pollOk(trigger, 'manual'))).toEqual([inside.id]);
		expect(trigger.lastStaged).toEqual(before);
		const empty = poller(watch(t.elsewhere.id, { includeSubfolders: false }));
		fx.sandbox.model.trashItem(t.elsewhere.id);
		const refused = await empty.poll('manual');
		expect(refused.error?.message).toMatch(/no longer exists or is in the trash/);
	});

	it('Fetch Test Event lists the watched folder once, however many newer uploads are outside', async () => {
		const t = tree();
		const inside = t.upload(t.quarter.id, 'inside.pdf');
		for (let k = 0; k < 4; k++) t.upload(t.elsewhere.id, `elsewhere-${k}.pdf`);
		fx.sandbox.clearRequests();
		expect(ids(await pollOk(poller(watch(t.accounting.id)), 'manual'))).toEqual([inside.id]);
		const paths = fx.sandbox.requests.map((request) => request.path);
		expect(
			paths.filter((path) => path.endsWith(`/browse/folders/${t.accounting.id}`)),
		).toHaveLength(1);
		// the uploads page, the watched folder's check, Elsewhere once (its placement then known), Q1 and 2026 once each
		expect(paths).toHaveLength(1 + 1 + 1 + 2);
	});

	it('Fetch Test Event says how many uploads it read when none is inside', async () => {
		const t = tree();
		for (let k = 0; k < 3; k++) t.upload(t.elsewhere.id, `elsewhere-${k}.pdf`);
		const { data } = await apiGet<{ data: unknown[] }>(fx.sandbox, '/browse/latest', {
			limit: 1000,
		});
		expect(data.length).toBeLessThan(251);
		const outcome = await poller(watch(t.accounting.id)).poll('manual');
		expect(outcome.error?.message).toBe(
			`None of the account's ${data.length} uploads is in the watched folder`,
		);
	});

	it('a folder ID that is neither a UUID nor the root fails before any request, in the words the node uses', async () => {
		fx.sandbox.clearRequests();
		const outcome = await poller(watch('nope')).poll();
		expect(outcome.error?.message).toBe('Folder: "nope" is not a folder ID');
		expect(fx.sandbox.requests).toHaveLength(0);
	});
});

describe('New File or Folder in Folder', () => {
	const watch = (folderId: string) => ({ event: 'folderItem', folder: byId(folderId) });

	it('emits files and folders created directly in the folder, oldest first, once, with one request per poll', async () => {
		const t = tree();
		const trigger = poller(watch(t.accounting.id));
		fx.sandbox.clearRequests();
		expect(await pollOk(trigger)).toBeNull();
		expect(fx.sandbox.requests).toHaveLength(1);
		expect((await counted(trigger)).requests).toBe(1);
		const file = t.upload(t.accounting.id, 'direct.pdf');
		const folder = fx.sandbox.model.addFolder(0, { name: 'New', parentId: t.accounting.id });
		t.upload(t.year.id, 'below.pdf');
		t.upload(t.elsewhere.id, 'elsewhere.pdf');
		expect(await counted(trigger)).toEqual({ ids: [file.id, folder.id], requests: 1 });
		expect((await counted(trigger)).ids).toEqual([]);
	});

	it('a server that lists a trashed folder with deleted_at set fails the poll too', async () => {
		const t = tree();
		const trigger = await activated(watch(t.accounting.id));
		const listed = await apiGet<IDataObject>(fx.sandbox, `/browse/folders/${t.accounting.id}`);
		const meta = listed.meta as { root: { data: { attributes: IDataObject } } };
		meta.root.data.attributes.deleted_at = '24. Nov. 2026';
		fx.sandbox.fault({
			path: `/api/v1/browse/folders/${t.accounting.id}`,
			status: 200,
			body: listed,
			times: Infinity,
		});
		const failed = await trigger.poll();
		expect(failed.error?.message).toBe(
			'The watched folder "Accounting" is in the trash (since 24. Nov. 2026)',
		);
	});

	it('Fetch Test Event shows the newest item of the folder', async () => {
		const t = tree();
		const newest = t.upload(t.accounting.id, 'newest.pdf');
		expect(ids(await pollOk(poller(watch(t.accounting.id)), 'manual'))).toEqual([newest.id]);
	});
});

describe.each(['folderFile', 'folderItem'])('event %s', (event) => {
	it.each([
		['moved to the trash', (id: string) => fx.sandbox.model.trashItem(id)],
		['deleted', (id: string) => fx.sandbox.model.deleteItemPermanently(id)],
	])('a watched folder %s fails the poll clearly, and the window stays', async (_what, remove) => {
		const t = tree();
		const trigger = await activated({ event, folder: byId(t.accounting.id) });
		remove(t.accounting.id);
		t.upload(t.elsewhere.id, 'elsewhere.pdf');
		const before = trigger.staticData;
		const failed = await trigger.poll();
		fx.record(failed.error);
		expect(failed.error?.message).toMatch(
			/^The watched folder .* no longer exists or is in the trash \(HTTP 404\)$/,
		);
		expect((failed.error as { description?: string }).description).toMatch(
			/Restore the folder from the trash, or pick another folder/,
		);
		expect(trigger.staticData).toEqual(before);
	});
});
