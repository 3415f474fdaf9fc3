import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MAX_PAGES_PER_POLL, TRIGGER_PAGE_SIZE } from '../../../nodes/FileStorageTrigger/walk';
import { WINDOW_MAX } from '../../../nodes/FileStorageTrigger/window';
import type { CredentialSet } from '../../harness/engine';
import { Poller } from '../../harness/engine';
import { useFixture } from '../../helpers/fixture';
import { useRecordedWaits } from '../../reliability/waits';

const fx = useFixture();
// Retry back-offs (1 s, then 2 s) are recorded, not slept: no test here needs them to take real time.
useRecordedWaits();

const requestFolder = () =>
	fx.sandbox.seed.fileRequests.find((request) => request.active)!.folderId;
const poller = (
	parameters: INodeParameters,
	staticData?: IDataObject,
	credentials?: CredentialSet,
) => new Poller({ credentials: credentials ?? fx.credentials, parameters, staticData });
const accessTokenOf = (user: number) => fx.sandbox.seed.users[user].accessToken;
const ids = (items: Array<{ json: IDataObject }> | null) =>
	(items ?? []).map((item) => item.json.id);

async function pollOk(trigger: Poller, mode: 'trigger' | 'manual' = 'trigger') {
	const outcome = await trigger.poll(mode);
	if (outcome.error) throw outcome.error;
	fx.record(JSON.stringify(outcome.items));
	return outcome.items;
}

describe.each([
	['upload', (n: number) => fx.sandbox.model.addFile(0, { name: `new-${n}.txt` })],
	['notification', (n: number) => fx.sandbox.model.addNotification(0, { title: `New ${n}` })],
	[
		'fileRequestItem',
		(n: number) => fx.sandbox.model.addFile(0, { folderId: requestFolder(), name: `req-${n}.pdf` }),
	],
])('event %s', (event, arrive) => {
	it('first activation seeds the cursor with one request and emits none of the backlog', async () => {
		const trigger = poller({ event });
		expect(await pollOk(trigger)).toBeNull();
		expect(fx.sandbox.requests).toHaveLength(1);
		expect(trigger.staticData.window).toMatchObject({ v: 1, resume: null });
	});

	it('an idle poll costs exactly one request and emits nothing', async () => {
		const trigger = poller({ event });
		await pollOk(trigger);
		fx.sandbox.clearRequests();
		expect(await pollOk(trigger)).toBeNull();
		expect(fx.sandbox.requests).toHaveLength(1);
	});

	it('emits exactly the new items, oldest first, once', async () => {
		const trigger = poller({ event });
		await pollOk(trigger);
		const first = [arrive(1), arrive(2), arrive(3)];
		expect(ids(await pollOk(trigger))).toEqual(first.map((item) => item.id));
		expect(await pollOk(trigger)).toBeNull();
		const second = [arrive(4)];
		expect(ids(await pollOk(trigger))).toEqual(second.map((item) => item.id));
	});

	it('manual mode shows the newest item and leaves the cursor alone', async () => {
		const trigger = poller({ event });
		await pollOk(trigger);
		const before = trigger.staticData;
		const newest = arrive(9);
		const sample = await pollOk(trigger, 'manual');
		expect(ids(sample)).toEqual([newest.id]);
		expect(trigger.lastStaged).toEqual(before);
		// The item shown in manual mode is still new for the active workflow.
		expect(ids(await pollOk(trigger))).toEqual([newest.id]);
	});

	it('polls of one trigger that run at once (n8n firing overdue polls together) deliver the new items once', async () => {
		const trigger = poller({ event });
		await pollOk(trigger);
		const fresh = [arrive(1), arrive(2)];
		// each poll starts from its own copy of the same saved window, as n8n's durable scheduler runs them
		const outcomes = await Promise.all([trigger.poll(), trigger.poll(), trigger.poll()]);
		expect(outcomes.map((outcome) => outcome.error)).toEqual([undefined, undefined, undefined]);
		expect(outcomes.flatMap((outcome) => ids(outcome.items))).toEqual(fresh.map((item) => item.id));
		expect(await pollOk(trigger)).toBeNull();
	});

	it('a poll holding the window an emitting poll started from (not committed yet) emits nothing', async () => {
		const trigger = poller({ event });
		await pollOk(trigger);
		const before = trigger.staticData;
		const item = arrive(1);
		expect(ids(await pollOk(trigger))).toEqual([item.id]);
		// the same trigger, polled from a copy of the saved window read before that poll's result was committed
		const lagging = new Poller({
			credentials: fx.credentials,
			parameters: { event },
			staticData: before,
			workflowId: trigger.workflow.id,
		});
		expect(await pollOk(lagging)).toBeNull();
		expect(lagging.staticData).toEqual(before);
	});

	it('a failed poll keeps the old cursor, so the next poll repeats the window', async () => {
		const trigger = poller({ event });
		await pollOk(trigger);
		const item = arrive(5);
		// A server failing every try: the poll gives up after its retries and fails.
		fx.sandbox.fault({
			path: /\/api\/v1\//,
			status: 500,
			body: { message: 'boom' },
			times: Infinity,
		});
		const before = trigger.staticData;
		const failed = await trigger.poll();
		expect(failed.error?.name).toBe('NodeApiError');
		expect(failed.error?.httpCode).toBe('500');
		expect(trigger.staticData).toEqual(before);
		fx.sandbox.clearFaults();
		expect(ids(await pollOk(trigger))).toEqual([item.id]);
	});
});

describe('trigger details', () => {
	it('Simplify off emits the raw wrappers', async () => {
		const trigger = poller({ event: 'upload', simplify: false });
		await pollOk(trigger);
		const file = fx.sandbox.model.addFile(0, { name: 'raw.txt' });
		const items = await pollOk(trigger);
		expect(items?.[0].json).toMatchObject({
			data: { id: file.id, type: 'file', attributes: { name: 'raw.txt' } },
		});
	});

	it('Unread Only skips notifications already read when found', async () => {
		const trigger = poller({ event: 'notification', unreadOnly: true });
		await pollOk(trigger);
		const read = fx.sandbox.model.addNotification(0, { title: 'read', read: true });
		const unread = fx.sandbox.model.addNotification(0, { title: 'unread' });
		const items = await pollOk(trigger);
		expect(ids(items)).toEqual([unread.id]);
		expect(ids(items)).not.toContain(read.id);
	});

	it('changing the event starts over without emitting the other backlog', async () => {
		const uploads = poller({ event: 'upload' });
		await pollOk(uploads);
		fx.sandbox.model.addNotification(0, { title: 'before switch' });
		const switched = poller({ event: 'notification' }, uploads.staticData);
		expect(await pollOk(switched)).toBeNull();
		const after = fx.sandbox.model.addNotification(0, { title: 'after switch' });
		expect(ids(await pollOk(switched))).toEqual([after.id]);
	});

	it('changing the credential starts over', async () => {
		const trigger = poller({ event: 'upload' });
		await pollOk(trigger);
		fx.sandbox.model.addFile(1, { name: 'other user file.txt' });
		const otherUser = {
			...fx.credentials,
			fileStorageApi: {
				baseUrl: fx.sandbox.baseUrl,
				accessToken: fx.sandbox.seed.users[1].accessToken,
			},
		};
		const switched = new Poller({
			credentials: otherUser,
			parameters: { event: 'upload' },
			staticData: trigger.staticData,
			credentialIds: { fileStorageApi: 'another-credential' },
		});
		expect(await pollOk(switched)).toBeNull();
		expect((switched.staticData.window as IDataObject).source).not.toBe(
			(trigger.staticData.window as IDataObject).source,
		);
	});

	it('the stream identity never contains a secret, and rotating the token in the same credential keeps the window', async () => {
		const trigger = poller({ event: 'upload' });
		await pollOk(trigger);
		expect(JSON.stringify(trigger.staticData)).not.toContain(accessTokenOf(0));
		const before = fx.sandbox.model.addFile(0, { name: 'arrived before the rotation.txt' });
		const rotatedToken = fx.sandbox.model.rotateAccessToken(0);
		fx.secrets.push(rotatedToken);
		const during = fx.sandbox.model.addFile(0, { name: 'arrived during the rotation.txt' });
		// The same n8n credential (same id) now holds the new token: nothing that arrived in between is lost.
		const rotated = new Poller({
			credentials: {
				...fx.credentials,
				fileStorageApi: { baseUrl: fx.sandbox.baseUrl, accessToken: rotatedToken },
			},
			parameters: { event: 'upload' },
			staticData: trigger.staticData,
		});
		expect(ids(await pollOk(rotated))).toEqual([before.id, during.id]);
		expect((rotated.staticData.window as IDataObject).source).toBe(
			(trigger.staticData.window as IDataObject).source,
		);
		expect(JSON.stringify(rotated.staticData)).not.toContain(rotatedToken);
	});

	it('New Upload does not count a file restored from the trash as an upload', async () => {
		const old = fx.sandbox.model.addFile(0, { name: 'old report.pdf' });
		fx.sandbox.clock.advance(3 * 24 * 3600 * 1000);
		fx.sandbox.model.trashItem(old.id);
		// The newest upload the trigger has seen is dated three days after the old file.
		fx.sandbox.model.addFile(0, { name: 'seen upload.pdf' });
		const trigger = poller({ event: 'upload' });
		await pollOk(trigger);
		fx.sandbox.model.restoreItem(old.id);
		const fresh = fx.sandbox.model.addFile(0, { name: 'new upload.pdf' });
		expect(ids(await pollOk(trigger))).toEqual([fresh.id]);
	});

	it('a deleted window item does not cause re-emission', async () => {
		const trigger = poller({ event: 'upload' });
		await pollOk(trigger);
		const newest = fx.sandbox.model.addFile(0, { name: 'will be deleted.txt' });
		expect(ids(await pollOk(trigger))).toEqual([newest.id]);
		fx.sandbox.model.trashItem(newest.id);
		const next = fx.sandbox.model.addFile(0, { name: 'after delete.txt' });
		expect(ids(await pollOk(trigger))).toEqual([next.id]);
	});

	it('manual mode with nothing to show fails with a clear error', async () => {
		fx.sandbox.fault({ path: '/api/v1/notifications', body: { data: [] }, status: 200 });
		const outcome = await poller({ event: 'notification' }).poll('manual');
		expect(outcome.error?.name).toBe('NodeApiError');
		expect(outcome.error?.message).toBe('The account has no notifications to show yet');
	});

	it('manual mode on an empty subfolder says that folder is empty, not the file request', async () => {
		const folder = fx.sandbox.model.addFolder(0, {
			parentId: requestFolder(),
			name: 'Empty subfolder',
		});
		const outcome = await poller({
			event: 'fileRequestItem',
			parent: { __rl: true, mode: 'id', value: folder.id },
		}).poll('manual');
		expect(outcome.error?.message).toBe('The chosen folder of the file request is empty');
		expect((outcome.error as { description?: string } | undefined)?.description).toMatch(
			/Only this folder is watched/,
		);
		const root = await poller({ event: 'fileRequestItem' }).poll('manual');
		expect(root.error).toBeUndefined();
	});

	it('a file request that a workflow empties after each run keeps delivering, however soon the next poll comes', async () => {
		const trigger = poller({ event: 'fileRequestItem' });
		await pollOk(trigger);
		for (let run = 1; run <= 3; run++) {
			const arrived = [1, 2].map((k) =>
				fx.sandbox.model.addFile(0, { folderId: requestFolder(), name: `run-${run}-${k}.pdf` }),
			);
			expect(ids(await pollOk(trigger))).toEqual(arrived.map((item) => item.id));
			// The workflow deletes what it received: the listing is back to what it was before they arrived, and so
			// is the window's content after the next (idle) poll.
			for (const item of arrived) fx.sandbox.model.trashItem(item.id);
			expect(await pollOk(trigger)).toBeNull();
		}
	});

	it('a file request that expires fails the poll with 410, keeps the window, and the poll repeats', async () => {
		const trigger = poller({ event: 'fileRequestItem' });
		await pollOk(trigger);
		const item = fx.sandbox.model.addFile(0, {
			folderId: requestFolder(),
			name: 'arrived before expiry.pdf',
		});
		const before = trigger.staticData;
		fx.sandbox.fault({
			path: /^\/api\/v1\/requests\//,
			status: 410,
			body: { type: 'gone', message: 'The file request is not active anymore' },
		});
		const outcome = await trigger.poll();
		fx.record(outcome.error);
		expect(outcome.error?.httpCode).toBe('410');
		expect(outcome.error?.message).toBe('The file request is not active anymore (HTTP 410)');
		expect(trigger.staticData).toEqual(before);
		// Once the server answers again, the same window is looked at and the item is emitted, once.
		expect(ids(await pollOk(trigger))).toEqual([item.id]);
		expect(await pollOk(trigger)).toBeNull();
	});

	it('a really expired file request (seeded) fails with 410', async () => {
		const expired = fx.sandbox.seed.fileRequests.find((request) => !request.active)!;
		const outcome = await poller({ event: 'fileRequestItem' }, undefined, {
			...fx.credentials,
			fileStorageFileRequestApi: { baseUrl: fx.sandbox.baseUrl, fileRequestId: expired.id },
		}).poll();
		expect(outcome.error?.httpCode).toBe('410');
		fx.record(outcome.error);
	});

	it(`drains a burst larger than one poll may walk (${MAX_PAGES_PER_POLL} pages of ${TRIGGER_PAGE_SIZE}), oldest first, without loss`, async () => {
		const trigger = poller({ event: 'upload' });
		await pollOk(trigger);
		const burst = Array.from({ length: MAX_PAGES_PER_POLL * TRIGGER_PAGE_SIZE * 2 + 37 }, (_, n) =>
			fx.sandbox.model.addFile(0, { name: `burst-${n}.txt` }),
		);
		const arrivalOrder = new Map(burst.map((file, position) => [file.id, position]));
		const emitted: unknown[] = [];
		let polls = 0;
		let pollsThatEmitted = 0;
		while (emitted.length < burst.length && polls < 50) {
			polls++;
			const batch = ids(await pollOk(trigger));
			if (batch.length) pollsThatEmitted++;
			// Each poll emits its stretch oldest first: arrival positions strictly increase within the batch.
			const positions = batch.map((id) => arrivalOrder.get(id as string) as number);
			expect(positions).toEqual([...positions].sort((a, b) => a - b));
			emitted.push(...batch);
		}
		expect(pollsThatEmitted).toBeGreaterThan(1);
		expect(emitted).toHaveLength(burst.length);
		expect(new Set(emitted).size).toBe(burst.length);
		expect([...emitted].sort()).toEqual(burst.map((file) => file.id).sort());
		expect(await pollOk(trigger)).toBeNull();
		expect(JSON.stringify(trigger.staticData).length).toBeLessThan(WINDOW_MAX * 10 + 300);
	});

	it('an unusable saved cursor is dropped instead of failing forever', async () => {
		const trigger = poller({ event: 'upload' });
		await pollOk(trigger);
		const burst = Array.from({ length: MAX_PAGES_PER_POLL * TRIGGER_PAGE_SIZE + 10 }, (_, n) =>
			fx.sandbox.model.addFile(0, { name: `b-${n}.txt` }),
		);
		expect(await pollOk(trigger)).toBeNull();
		expect(trigger.staticData.window).toMatchObject({ resume: expect.any(String) });
		fx.sandbox.fault({
			path: '/api/v1/browse/latest',
			match: (request) =>
				typeof request.query.cursor === 'string' && request.query.cursor.length > 0,
			status: 422,
			body: {
				message: 'The given data was invalid.',
				errors: { cursor: ['The cursor is invalid.'] },
			},
		});
		const emitted: unknown[] = [];
		for (let polls = 0; polls < 20 && emitted.length < burst.length; polls++)
			emitted.push(...ids(await pollOk(trigger)));
		expect(new Set(emitted).size).toBe(burst.length);
	});
});
