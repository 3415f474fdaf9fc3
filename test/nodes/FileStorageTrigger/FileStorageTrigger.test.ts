import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGES_PER_POLL, TRIGGER_PAGE_SIZE } from '../../../nodes/FileStorageTrigger/walk';
import { WINDOW_MAX } from '../../../nodes/FileStorageTrigger/window';
import type { Poller } from '../../harness/engine';
import { useFixture } from '../../helpers/fixture';
import { byId } from '../../helpers/parameters';
import { triggerHelpers } from '../../helpers/trigger';
import { useRecordedWaits } from '../../reliability/waits';

const fx = useFixture();
// Retry back-offs (1 s, then 2 s) are recorded, not slept: no test here needs them to take real time.
useRecordedWaits();
const { poller, pollOk, activated, ids, uploads, requestFolder } = triggerHelpers(fx);
const model = () => fx.sandbox.model;
const sourceOf = (staticData: IDataObject) => (staticData.window as IDataObject).source;
/** New Upload from a trigger's saved window with another access token (and credential id, if given). */
const withToken = (trigger: Poller, accessToken: string, credentialIds?: Record<string, string>) =>
	poller(
		{ event: 'upload' },
		{
			credentials: fx.credentialsWith({ fileStorageApi: { accessToken } }),
			staticData: trigger.staticData,
			...(credentialIds && { credentialIds }),
		},
	);

describe.each([
	['upload', (n: number) => model().addFile(0, { name: `new-${n}.txt` })],
	['notification', (n: number) => model().addNotification(0, { title: `New ${n}` })],
	[
		'fileRequestItem',
		(n: number) => model().addFile(0, { folderId: requestFolder(), name: `req-${n}.pdf` }),
	],
])('event %s', (event, arrive) => {
	it('first activation seeds the cursor with one request and emits none of the backlog; an idle poll then costs one request and emits nothing', async () => {
		const trigger = poller({ event });
		expect(await pollOk(trigger)).toBeNull();
		// a window's worth where the endpoint pages (upload); the others take no limit
		const limit = event === 'upload' ? String(TRIGGER_PAGE_SIZE) : undefined;
		expect(fx.sandbox.requests.map((request) => request.query.limit)).toEqual([limit]);
		expect(trigger.staticData.window).toMatchObject({ v: 1, resume: null });
		fx.sandbox.clearRequests();
		expect(await pollOk(trigger)).toBeNull();
		expect(fx.sandbox.requests).toHaveLength(1);
	});

	it('emits exactly the new items, oldest first, once', async () => {
		const trigger = await activated({ event });
		const first = [arrive(1), arrive(2), arrive(3)];
		expect(ids(await pollOk(trigger))).toEqual(first.map((item) => item.id));
		expect(await pollOk(trigger)).toBeNull();
		const second = arrive(4);
		expect(ids(await pollOk(trigger))).toEqual([second.id]);
	});

	it('manual mode shows the newest item and leaves the cursor alone', async () => {
		const trigger = await activated({ event });
		const before = trigger.staticData;
		const newest = arrive(9);
		fx.sandbox.clearRequests();
		expect(ids(await pollOk(trigger, 'manual'))).toEqual([newest.id]);
		// one item is shown, so one is asked for where the endpoint takes a limit (notifications and file
		// request items come whole)
		const limit = event === 'upload' ? '1' : undefined;
		expect(fx.sandbox.requests.map((request) => request.query.limit)).toEqual([limit]);
		expect(trigger.lastStaged).toEqual(before);
		// The item shown in manual mode is still new for the active workflow.
		expect(ids(await pollOk(trigger))).toEqual([newest.id]);
	});

	it('polls of one trigger that run at once (n8n firing overdue polls together) deliver the new items once', async () => {
		const trigger = await activated({ event });
		const fresh = [arrive(1), arrive(2)];
		// each poll starts from its own copy of the same saved window, as n8n's durable scheduler runs them
		const outcomes = await Promise.all([trigger.poll(), trigger.poll(), trigger.poll()]);
		expect(outcomes.map((outcome) => outcome.error)).toEqual([undefined, undefined, undefined]);
		expect(outcomes.flatMap((outcome) => ids(outcome.items))).toEqual(fresh.map((item) => item.id));
		expect(await pollOk(trigger)).toBeNull();
	});

	it('a poll holding the window an emitting poll started from (not committed yet) emits nothing', async () => {
		const trigger = await activated({ event });
		const before = trigger.staticData;
		const item = arrive(1);
		expect(ids(await pollOk(trigger))).toEqual([item.id]);
		// the same trigger, polled from a copy of the saved window read before that poll's result was committed
		const lagging = poller({ event }, { staticData: before, workflowId: trigger.workflow.id });
		expect(await pollOk(lagging)).toBeNull();
		expect(lagging.staticData).toEqual(before);
	});

	it('a failed poll keeps the old cursor, so the next poll repeats the window', async () => {
		const trigger = await activated({ event });
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
		expect(failed.error).toMatchObject({ name: 'NodeApiError', httpCode: '500' });
		expect(trigger.staticData).toEqual(before);
		fx.sandbox.clearFaults();
		expect(ids(await pollOk(trigger))).toEqual([item.id]);
	});
});

describe('trigger details', () => {
	it('Simplify off emits the raw wrappers', async () => {
		const trigger = await activated({ event: 'upload', simplify: false });
		const file = model().addFile(0, { name: 'raw.txt' });
		expect((await pollOk(trigger))?.[0].json).toMatchObject({
			data: { id: file.id, type: 'file', attributes: { name: 'raw.txt' } },
		});
	});

	it('Unread Only skips notifications already read when found', async () => {
		const trigger = await activated({ event: 'notification', unreadOnly: true });
		model().addNotification(0, { title: 'read', read: true });
		const unread = model().addNotification(0, { title: 'unread' });
		expect(ids(await pollOk(trigger))).toEqual([unread.id]);
	});

	it('changing the event starts over without emitting the other backlog', async () => {
		const uploads = await activated({ event: 'upload' });
		model().addNotification(0, { title: 'before switch' });
		const switched = poller({ event: 'notification' }, { staticData: uploads.staticData });
		expect(await pollOk(switched)).toBeNull();
		const after = model().addNotification(0, { title: 'after switch' });
		expect(ids(await pollOk(switched))).toEqual([after.id]);
	});

	// The file request ID is the stream itself, not a secret that rotates (compare the access token below).
	it.each([
		[
			"the file request's folder",
			() => {
				const folder = model().addFolder(0, { parentId: requestFolder(), name: 'Scans' });
				return { folder, parent: byId(folder.id), options: {} };
			},
		],
		[
			"the credential's file request ID",
			() => {
				const folder = model().addFolder(0, { name: 'Other request' });
				// (not added to the secrets: the sandbox's ids repeat after each reset, so another test's file has it)
				const { id } = model().addFileRequest(folder.id);
				const credentials = fx.credentialsWith({
					fileStorageFileRequestApi: { fileRequestId: id },
				});
				return { folder, parent: undefined, options: { credentials } };
			},
		],
	])("changing %s starts over without emitting that folder's backlog", async (_, change) => {
		const trigger = await activated({ event: 'fileRequestItem' });
		const { folder, parent, options } = change();
		model().addFile(0, { folderId: folder.id, name: 'before switch.pdf' });
		const parameters = { event: 'fileRequestItem', ...(parent && { parent }) };
		const switched = poller(parameters, { ...options, staticData: trigger.staticData });
		expect(await pollOk(switched)).toBeNull();
		const after = model().addFile(0, { folderId: folder.id, name: 'after switch.pdf' });
		expect(ids(await pollOk(switched))).toEqual([after.id]);
	});

	it('changing the credential starts over', async () => {
		const trigger = await activated({ event: 'upload' });
		model().addFile(1, { name: 'other user file.txt' });
		const switched = withToken(trigger, fx.sandbox.seed.users[1].accessToken, {
			fileStorageApi: 'another-credential',
		});
		expect(await pollOk(switched)).toBeNull();
		expect(sourceOf(switched.staticData)).not.toBe(sourceOf(trigger.staticData));
	});

	it('the stream identity never contains a secret, and rotating the token in the same credential keeps the window', async () => {
		const trigger = await activated({ event: 'upload' });
		expect(JSON.stringify(trigger.staticData)).not.toContain(fx.sandbox.seed.users[0].accessToken);
		const before = model().addFile(0, { name: 'arrived before the rotation.txt' });
		const rotatedToken = model().rotateAccessToken(0);
		fx.secrets.push(rotatedToken);
		const during = model().addFile(0, { name: 'arrived during the rotation.txt' });
		// The same n8n credential (same id) now holds the new token: nothing that arrived in between is lost.
		const rotated = withToken(trigger, rotatedToken);
		expect(ids(await pollOk(rotated))).toEqual([before.id, during.id]);
		expect(sourceOf(rotated.staticData)).toBe(sourceOf(trigger.staticData));
		expect(JSON.stringify(rotated.staticData)).not.toContain(rotatedToken);
	});

	it('New Upload does not count a file restored from the trash as an upload', async () => {
		const old = model().addFile(0, { name: 'old report.pdf' });
		fx.sandbox.clock.advance(3 * 24 * 3600 * 1000);
		model().trashItem(old.id);
		// The newest upload the trigger has seen is dated three days after the old file.
		model().addFile(0, { name: 'seen upload.pdf' });
		const trigger = await activated({ event: 'upload' });
		model().restoreItem(old.id);
		const fresh = model().addFile(0, { name: 'new upload.pdf' });
		expect(ids(await pollOk(trigger))).toEqual([fresh.id]);
	});

	it('a deleted window item does not cause re-emission', async () => {
		const trigger = await activated({ event: 'upload' });
		const newest = model().addFile(0, { name: 'will be deleted.txt' });
		expect(ids(await pollOk(trigger))).toEqual([newest.id]);
		model().trashItem(newest.id);
		const next = model().addFile(0, { name: 'after delete.txt' });
		expect(ids(await pollOk(trigger))).toEqual([next.id]);
	});

	it('manual mode with nothing to show fails with a clear error', async () => {
		fx.sandbox.fault({ path: '/api/v1/notifications', body: { data: [] }, status: 200 });
		const outcome = await poller({ event: 'notification' }).poll('manual');
		expect(outcome.error?.name).toBe('NodeApiError');
		expect(outcome.error?.message).toBe('The account has no notifications to show yet');
	});

	it('manual mode on an empty subfolder says that folder is empty, not the file request', async () => {
		const folder = model().addFolder(0, { parentId: requestFolder(), name: 'Empty subfolder' });
		const outcome = await poller({ event: 'fileRequestItem', parent: byId(folder.id) }).poll(
			'manual',
		);
		expect(outcome.error?.message).toBe('The chosen folder of the file request is empty');
		expect((outcome.error as { description?: string }).description).toMatch(
			/Only this folder is watched/,
		);
		expect((await poller({ event: 'fileRequestItem' }).poll('manual')).error).toBeUndefined();
	});

	// With a full window of older files, the idle poll after the deletion saves the very window the emitting poll
	// started from (a smaller window keeps the deleted ids): only its count of saves tells the two apart.
	it.each([
		['a few files', 0],
		['a full window of files', WINDOW_MAX],
	])(
		'a file request holding %s that a workflow empties after each run keeps delivering, however soon the next poll comes',
		async (_, older) => {
			const day = Date.parse('2026-03-01T00:00:00Z');
			for (let k = 0; k < older; k++) {
				const createdAt = new Date(day + k * 60_000);
				model().addFile(0, { folderId: requestFolder(), name: `older-${k}.pdf`, createdAt });
			}
			const trigger = await activated({ event: 'fileRequestItem' });
			for (let run = 1; run <= 3; run++) {
				const arrived = [1, 2].map((k) =>
					model().addFile(0, { folderId: requestFolder(), name: `run-${run}-${k}.pdf` }),
				);
				expect(ids(await pollOk(trigger))).toEqual(arrived.map((item) => item.id));
				// The workflow deletes what it received: the listing is back to what it was before they arrived.
				for (const item of arrived) model().trashItem(item.id);
				expect(await pollOk(trigger)).toBeNull();
			}
		},
	);

	it('a file request that expires fails the poll with 410, keeps the window, and the poll repeats', async () => {
		const trigger = await activated({ event: 'fileRequestItem' });
		const item = model().addFile(0, { folderId: requestFolder(), name: 'before expiry.pdf' });
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
		const credentials = fx.credentialsWith({
			fileStorageFileRequestApi: { fileRequestId: expired.id },
		});
		const outcome = await poller({ event: 'fileRequestItem' }, { credentials }).poll();
		expect(outcome.error?.httpCode).toBe('410');
		fx.record(outcome.error);
	});

	it(`drains a burst larger than one poll may walk (${MAX_PAGES_PER_POLL} pages of ${TRIGGER_PAGE_SIZE}), oldest first, without loss`, async () => {
		const trigger = await activated({ event: 'upload' });
		const burst = uploads(MAX_PAGES_PER_POLL * TRIGGER_PAGE_SIZE * 2 + 37, 'burst');
		const arrivalOrder = new Map(burst.map((file, position) => [file.id, position]));
		const emitted: unknown[] = [];
		let pollsThatEmitted = 0;
		for (let polls = 0; polls < 50 && emitted.length < burst.length; polls++) {
			const batch = ids(await pollOk(trigger));
			if (batch.length) pollsThatEmitted++;
			// Each poll emits its stretch oldest first: arrival positions strictly increase within the batch.
			const positions = batch.map((id) => arrivalOrder.get(id as string) as number);
			expect(positions).toEqual([...positions].sort((a, b) => a - b));
			emitted.push(...batch);
		}
		expect(pollsThatEmitted).toBeGreaterThan(1);
		expect(emitted).toHaveLength(burst.length);
		expect([...emitted].sort()).toEqual(burst.map((file) => file.id).sort());
		expect(await pollOk(trigger)).toBeNull();
		expect(JSON.stringify(trigger.staticData).length).toBeLessThan(WINDOW_MAX * 10 + 300);
		// ~10,000 files through the engine: ~15 s alone, past jest's 30 s while the other worker is busy
	}, 120_000);

	it('an unusable saved cursor is dropped instead of failing forever', async () => {
		const trigger = await activated({ event: 'upload' });
		const burst = uploads(MAX_PAGES_PER_POLL * TRIGGER_PAGE_SIZE + 10, 'b');
		expect(await pollOk(trigger)).toBeNull();
		expect(trigger.staticData.window).toMatchObject({ resume: expect.any(String) });
		fx.sandbox.fault({
			path: '/api/v1/browse/latest',
			match: (request) => typeof request.query.cursor === 'string' && request.query.cursor !== '',
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
