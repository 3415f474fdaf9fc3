/* eslint-disable @n8n/community-nodes/no-restricted-globals */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { FOLDER_MEMORY } from '../../nodes/FileStorageTrigger/ancestry';
import { WINDOW_MAX } from '../../nodes/FileStorageTrigger/window';
import { Poller } from '../harness/engine';
import { useFixture } from '../helpers/fixture';
import { byId } from '../helpers/parameters';
import { seededRandom } from '../helpers/random';
import { triggerHelpers } from '../helpers/trigger';
import { useRecordedWaits } from '../reliability/waits';

/**
 * A randomized, reproducible trigger's life: arrivals and deletions between polls and between the pages of one
 * poll, restarts (static data through JSON), failures and malformed 2xx answers mid-pagination, token rotations —
 * with keyset and with offset cursors. Every surviving item must come out exactly once, static data stay small.
 * The floors on how much happened are the long run's (420 rounds, `npm run test:simulation`), scaled to ROUNDS.
 */
// Pages of at most 30 entries (the trigger asks for 251): bursts take several pages, so the listing changes
// between the pages of one poll, where a server that pages by position shifts what the next page shows.
const fx = useFixture({ maxPageSize: 30 });
// A fault's retry back-off (1 s after a half JSON body) is recorded, not slept: the sandbox's clock is the only
// time the simulation reads.
useRecordedWaits();

/** `SIM_SEED` picks the seeds (comma-separated); the documented figures come from `SIM_SEED=20261122,7,424242`. */
const SEEDS = (process.env.SIM_SEED ?? '20261122').split(',').map(Number);
const LONG_ROUNDS = 420;
const SIM_ROUNDS_DEFAULT = 30;
const ROUNDS = Number(process.env.SIM_ROUNDS ?? SIM_ROUNDS_DEFAULT);
/** The long run's floor on a count, for this run's rounds (at least 1: each thing must have happened). */
const floor = (longRun: number) => Math.max(1, Math.ceil((longRun * ROUNDS) / LONG_ROUNDS));
const MIN_EVENTS = floor(10_000);
const CURSOR_MODES = ['keyset', 'offset'] as const;
const RUNS = CURSOR_MODES.flatMap((mode) => SEEDS.map((seed) => [mode, seed] as const));

interface Stream {
	event: string;
	parameters: INodeParameters;
	/** Adds an item; `seenBy`: the events that must emit it (a file in a file request is also a new upload). */
	arrive(n: number): { id: string; seenBy: string[] };
	deletable: boolean;
	trigger: Poller;
	added: string[];
	deletedBeforeEmit: Set<string>;
	emitted: string[];
	emittedSet: Set<string>;
}

/** 2xx answers that are not listings: each must fail the poll, never count as an empty page. */
const MALFORMED = [
	{ body: {} },
	{ body: { data: {} } },
	{ rawBody: '', contentType: 'application/json' },
	{ rawBody: '{"data":[{"data":{"id":"x"', contentType: 'application/json' },
];

describe('randomized trigger simulation', () => {
	afterEach(() => {
		fx.sandbox.model.cursorMode = 'keyset';
	});

	it.each(RUNS)(
		`%s cursors, seed %i: every item exactly once across ≥ ${MIN_EVENTS.toLocaleString('en')} events, failures and restarts`,
		async (mode, seed) => {
			const rand = seededRandom(seed);
			const model = fx.sandbox.model;
			model.cursorMode = mode;
			let deletedDuringPoll = 0;
			const requestFolder = triggerHelpers(fx).requestFolder();
			const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
			const seenAs = (item: { id: string }, seenBy: string[]) => ({ id: item.id, seenBy });

			// A watched folder whose tree grows and loses subfolders while files arrive inside it and elsewhere.
			const watched = model.addFolder(0, { name: 'Watched' }).id;
			const inside: string[] = [watched];
			const outside: Array<string | null> = [null, model.addFolder(0, { name: 'Elsewhere' }).id];
			const intoFolder = (folderId: string | null, n: number) => {
				const seenBy = ['upload'];
				if (folderId !== null && inside.includes(folderId)) seenBy.push('folderFile');
				if (folderId === watched) seenBy.push('folderItem');
				return seenAs(model.addFile(0, { folderId, name: `t${n}.txt` }), seenBy);
			};

			const streams: Stream[] = [
				{
					event: 'upload',
					arrive: (n: number) => seenAs(model.addFile(0, { name: `u${n}.bin` }), ['upload']),
				},
				{
					event: 'notification',
					arrive: (n: number) =>
						seenAs(model.addNotification(0, { title: `n${n}` }), ['notification']),
				},
				{
					event: 'fileRequestItem',
					arrive: (n: number) =>
						seenAs(model.addFile(0, { folderId: requestFolder, name: `r${n}.pdf` }), [
							'fileRequestItem',
							'upload',
						]),
				},
				{
					// Files anywhere in the watched tree, and some elsewhere.
					event: 'folderFile',
					arrive: (n: number) => intoFolder(rand() < 0.7 ? pick(inside) : pick(outside), n),
				},
				{
					// Files and folders created directly in the watched folder.
					event: 'folderItem',
					arrive: (n: number) => {
						if (rand() < 0.7) return intoFolder(watched, n);
						const folder = model.addFolder(0, { name: `d${n}`, parentId: watched });
						inside.push(folder.id);
						return seenAs(folder, ['folderItem']);
					},
				},
			].map((stream) => {
				const parameters = {
					event: stream.event,
					...(stream.event.startsWith('folder') ? { folder: byId(watched) } : {}),
				};
				return {
					...stream,
					// notifications are never deleted
					deletable: stream.event !== 'notification',
					parameters,
					trigger: new Poller({ credentials: fx.credentials, parameters }),
					added: [],
					deletedBeforeEmit: new Set<string>(),
					emitted: [],
					emittedSet: new Set<string>(),
				};
			});
			const byEvent = new Map(streams.map((stream) => [stream.event, stream]));

			let counter = 0;
			let cleanedUpTo = 0;
			let events = 0;
			let failures = 0;
			let restarts = 0;
			let rotations = 0;
			const faults = { transient: 0, persistent: 0, malformed: 0 };
			/** The stream's trigger after n8n restarted: the committed static data came back as JSON. */
			const restarted = (stream: Stream) =>
				new Poller({
					credentials: fx.credentialsWith({
						fileStorageApi: { accessToken: model.getUser(0).accessToken },
					}),
					parameters: stream.parameters,
					staticData: stream.trigger.staticData,
				});
			const maxStaticBytes: Record<string, number> = {};
			const trash = (id: string) => {
				const record = model.findItem(id);
				if (!record || record.deletedAt) return;
				// A folder goes to the trash with everything in it.
				const gone = [id, ...model.descendants(id).map((item) => item.id)];
				// Every stream that saw an item arrive loses it, whichever stream's owner deleted it (a file request item
				// is also an upload).
				for (const watcher of streams) {
					for (const goneId of gone)
						if (watcher.added.includes(goneId) && !watcher.emittedSet.has(goneId))
							watcher.deletedBeforeEmit.add(goneId);
				}
				for (const goneId of gone)
					if (inside.includes(goneId)) inside.splice(inside.indexOf(goneId), 1);
				model.trashItem(id);
			};
			const arriveInto = (stream: Stream) => {
				const item = stream.arrive(++counter);
				for (const event of item.seenBy) byEvent.get(event)!.added.push(item.id);
				events++;
			};

			// Arrivals *during* a poll: a pass-through rule that adds items while a listing request is being answered.
			let duringPoll: Stream | undefined;
			fx.sandbox.fault({
				path: /\/api\/v1\/(browse\/latest|browse\/folders\/|notifications|requests\/)/,
				times: Infinity,
				match: () => {
					if (duringPoll && rand() < 0.3)
						for (let k = Math.floor(rand() * 4); k >= 0; k--) arriveInto(duringPoll);
					// ... and deletions between its pages, above or below the page boundary
					if (duringPoll?.deletable && duringPoll.added.length && rand() < 0.2) {
						trash(pick(duringPoll.added.slice(-600)));
						deletedDuringPoll++;
					}
					return false;
				},
			});

			for (const stream of streams) {
				const seeded = await stream.trigger.poll();
				expect(seeded.error).toBeUndefined();
				expect(seeded.items).toBeNull();
			}

			const pollOnce = async (stream: Stream) => {
				duringPoll = stream;
				const outcome = await stream.trigger.poll();
				duringPoll = undefined;
				if (outcome.error) {
					expect(outcome.error.name).toBe('NodeApiError');
					failures++;
					return;
				}
				for (const item of outcome.items ?? []) {
					stream.emitted.push(String(item.json.id));
					stream.emittedSet.add(String(item.json.id));
				}
				// The server's resume cursor of a catch-up walk (as long as the server makes it) comes on top of the window.
				const resume = String(
					(stream.trigger.staticData.window as IDataObject | undefined)?.resume ?? '',
				);
				const bytes = JSON.stringify(stream.trigger.staticData).length - resume.length;
				maxStaticBytes[stream.event] = Math.max(maxStaticBytes[stream.event] ?? 0, bytes);
			};

			for (let round = 0; round < ROUNDS; round++) {
				for (const stream of streams) {
					// Mostly a handful of arrivals, sometimes none, sometimes a burst; many share a minute or a day.
					const roll = rand();
					// Bursts stay below the window (250): the documented limit is that not all of the 250 newest items
					// may vanish between two polls (the cleaning below deletes whole bursts of file request items).
					let count =
						roll < 0.2
							? 0
							: roll < 0.93
								? 1 + Math.floor(rand() * 12)
								: 40 + Math.floor(rand() * 200);
					// Notifications are rarer than uploads, and their endpoint always returns the whole list.
					if (stream.event === 'notification') count = Math.ceil(count / 3);
					for (let k = 0; k < count; k++) {
						arriveInto(stream);
						if (rand() < 0.15) fx.sandbox.clock.advance(Math.floor(rand() * 90_000));
					}
					if (stream.deletable && stream.added.length && rand() < 0.35) {
						for (let k = Math.floor(rand() * 5); k >= 0; k--) trash(pick(stream.added));
					}
					if (stream.event === 'folderFile') {
						// The tree changes: subfolders at any depth come and go (with the files in them), others appear elsewhere.
						if (rand() < 0.4) {
							const parentId = pick(inside);
							const folder = model.addFolder(0, { name: `s${++counter}`, parentId });
							inside.push(folder.id);
							if (parentId === watched) byEvent.get('folderItem')!.added.push(folder.id);
						}
						if (rand() < 0.1)
							outside.push(
								model.addFolder(0, { name: `o${++counter}`, parentId: pick(outside) }).id,
							);
						if (rand() < 0.15 && inside.length > 1) trash(pick(inside.slice(1)));
					}
					// The cleaning runs often enough that at most ~100 emitted items wait for it: the file request never
					// holds more than WINDOW_MAX items, the documented condition under which emptying it is exact.
					if (
						stream.event === 'fileRequestItem' &&
						(rand() < 0.5 || stream.emitted.length - cleanedUpTo > 100)
					) {
						// Someone cleans the file request (as the "Clean a file request" example does): emitted items go.
						for (const id of stream.emitted.slice(cleanedUpTo)) trash(id);
						cleanedUpTo = stream.emitted.length;
					}
					if (rand() < 0.1) {
						// A fault on the first or a later page of this poll. Retry-After: 0 keeps the retries instant.
						const skip = Math.floor(rand() * 3);
						const kind = pick(['transient', 'persistent', 'malformed', 'malformed'] as const);
						faults[kind]++;
						if (kind !== 'malformed') {
							// Transient: fails once, the transport tries again and the poll succeeds. Persistent: fails on every
							// try, the poll fails and must leave its window as it was.
							fx.sandbox.fault({
								path: /\/api\/v1\//,
								skip,
								times: kind === 'persistent' ? 3 : 1,
								status: pick([500, 502, 503, 429]),
								headers: { 'Retry-After': '0' },
								body: { message: 'injected' },
							});
						} else {
							// A 2xx that is not a listing: never read as an empty or short page.
							fx.sandbox.fault({ path: /\/api\/v1\//, skip, status: 200, ...pick(MALFORMED) });
						}
					}
					if (rand() < 0.05) {
						// n8n restarted: the committed static data comes back from the database as JSON.
						stream.trigger = restarted(stream);
						restarts++;
					}
					if (rand() < 0.02) {
						// The access token is rotated inside the same n8n credential: the window must survive it.
						fx.secrets.push(model.rotateAccessToken(0));
						for (const other of streams) other.trigger = restarted(other);
						rotations++;
					}
					await pollOnce(stream);
				}
				fx.sandbox.clock.advance(Math.floor(rand() * 3_600_000));
			}

			// Drain: no faults, no arrivals, poll until every stream is idle. Recent uploads collect the arrivals of four
			// streams: a backlog of thousands on pages of 30 drains from its oldest part, one walk down per 600 entries.
			fx.sandbox.clearFaults();
			for (const stream of streams) {
				for (let guard = 0; guard < 2000; guard++) {
					const before = stream.emitted.length;
					await pollOnce(stream);
					const state = stream.trigger.staticData.window as IDataObject;
					if (stream.emitted.length === before && !state.resume) break;
				}
			}

			if (process.env.SIM_DEBUG)
				for (const { event, added, emitted, emittedSet } of streams)
					process.stderr.write(
						`${event}: added=${added.length} emitted=${emitted.length} uniq=${emittedSet.size}\n`,
					);
			expect(events).toBeGreaterThanOrEqual(MIN_EVENTS);
			expect(failures).toBeGreaterThan(floor(10));
			expect(faults.transient).toBeGreaterThan(floor(10));
			expect(faults.malformed).toBeGreaterThan(floor(10));
			expect(restarts).toBeGreaterThan(floor(10));
			expect(rotations).toBeGreaterThan(floor(2));
			expect(deletedDuringPoll).toBeGreaterThan(floor(100));
			for (const stream of streams) {
				const emitted = stream.emittedSet;
				// Zero duplicates.
				expect(stream.emitted.length).toBe(emitted.size);
				// Zero misses: every item that was not deleted before it could be emitted came out.
				const missed = stream.added.filter(
					(id) => !emitted.has(id) && !stream.deletedBeforeEmit.has(id),
				);
				expect({ event: stream.event, missed }).toEqual({ event: stream.event, missed: [] });
				// Nothing that was never added (e.g. the seed's backlog).
				const added = new Set(stream.added);
				expect(stream.emitted.filter((id) => !added.has(id))).toEqual([]);
			}
			// Bounded static data besides a resume cursor: one window per node, independent of history (and New File in
			// Folder's folder memory).
			for (const [event, bytes] of Object.entries(maxStaticBytes)) {
				expect({
					event,
					bytes: Math.min(
						bytes,
						WINDOW_MAX * 10 + 300 + (event === 'folderFile' ? FOLDER_MEMORY * 8 : 0),
					),
				}).toEqual({ event, bytes });
			}
			const emittedAll = streams.reduce((sum, stream) => sum + stream.emitted.length, 0);
			const summary = `mode=${mode} seed=${seed} events=${events} emitted=${emittedAll} deletedDuringPoll=${deletedDuringPoll} failures=${failures} faults=${JSON.stringify(faults)} restarts=${restarts} rotations=${rotations} maxStaticBytes=${JSON.stringify(maxStaticBytes)}`;
			fx.record(summary);
			if (process.env.SIM_REPORT) process.stderr.write(`simulation ${summary}\n`);
		},
		// ~0.3 s of CPU per round alone; the 420-round run passed 300 s on a loaded machine
		Math.max(120_000, ROUNDS * 2_000),
	);
});
