import type { IDataObject } from 'n8n-workflow';

import { TRIGGER_PAGE_SIZE } from '../../../nodes/FileStorageTrigger/walk';
import { WINDOW_SIZE } from '../../../nodes/FileStorageTrigger/window';
import type { Poller } from '../../harness/engine';
import { useFixture } from '../../helpers/fixture';
import { byId } from '../../helpers/parameters';
import { triggerHelpers } from '../../helpers/trigger';

// A server that hands out at most 30 entries per page, whatever the trigger asks for.
const fx = useFixture({ maxPageSize: 30 });

const { poller, pollOk, ids, uploads } = triggerHelpers(fx);
const windowKeys = (trigger: Poller) =>
	String((trigger.staticData.window as IDataObject).known).length / 10;

describe('trigger on a server with small pages', () => {
	it('an idle poll is one request and keeps the whole window', async () => {
		uploads(300, 'old');
		const trigger = poller({ event: 'upload' });
		fx.sandbox.clearRequests();
		await pollOk(trigger);
		// the first activation reads one window's worth, not the whole listing
		expect(fx.sandbox.requests).toHaveLength(Math.ceil(TRIGGER_PAGE_SIZE / 30));
		fx.sandbox.model.addFile(0, { name: 'new.txt' });
		expect(await pollOk(trigger)).toHaveLength(1);
		expect(windowKeys(trigger)).toBeGreaterThanOrEqual(WINDOW_SIZE);
		fx.sandbox.clearRequests();
		expect(await pollOk(trigger)).toBeNull();
		expect(fx.sandbox.requests).toHaveLength(1);
		expect(windowKeys(trigger)).toBeGreaterThanOrEqual(WINDOW_SIZE);
	});

	it('a workflow that deletes what it received, and some more, does not get the older items again', async () => {
		const old = uploads(300, 'old');
		const trigger = poller({ event: 'upload' });
		await pollOk(trigger);
		// a burst of several small pages, all emitted, then all deleted by the workflow that received them
		const burst = uploads(80, 'burst');
		expect(ids(await pollOk(trigger))).toEqual(burst.map((item) => item.id));
		// ... and the ten newest items from before the burst, which the walk met first
		for (const item of [...burst, ...old.slice(-10)]) fx.sandbox.model.trashItem(item.id);
		const later = fx.sandbox.model.addFile(0, { name: 'later.txt' });
		expect(ids(await pollOk(trigger))).toEqual([later.id]);
	});

	it('Fetch Test Event of New File in Folder reads past the first page to the newest upload inside', async () => {
		const model = fx.sandbox.model;
		const watched = model.addFolder(0, { name: 'Watched' });
		const elsewhere = model.addFolder(0, { name: 'Elsewhere' });
		const inside = model.addFile(0, { folderId: watched.id, name: 'inside.pdf' });
		// 30 newer uploads elsewhere: the one inside is the 31st newest, on the second page
		for (let k = 0; k < 30; k++) model.addFile(0, { folderId: elsewhere.id, name: `e-${k}.pdf` });
		fx.sandbox.clearRequests();
		const trigger = poller({ event: 'folderFile', folder: byId(watched.id) });
		expect(ids(await pollOk(trigger, 'manual'))).toEqual([inside.id]);
		// the watched folder's check, two pages of uploads, and Elsewhere looked up once
		expect(fx.sandbox.requests).toHaveLength(1 + 2 + 1);
	});
});
