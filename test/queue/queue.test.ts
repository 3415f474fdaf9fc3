/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error */
/** `npm run test:queue`: the packed package in n8n's queue mode; what each test proves: test/queue/README.md. */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { REPO_ROOT } from '../e2e/checkout';
import { POLL_INTERVAL_SECONDS, sandboxCredentials, seedSecrets } from '../e2e/fixtures';
import type { TriggerEvent } from '../e2e/fixtures';
import { delay, recordChildPidsTo, waitFor } from '../e2e/processes';
import { pollNow, pollPath } from '../e2e/triggers';
import { Stopwatch } from '../e2e/progress';
import type { N8n, Execution as SavedExecution } from '../e2e/rest-client';
import { binaries, expectOne, nodeOutput } from '../e2e/run-data';
import type { RunData } from '../e2e/run-data';
import { findLeaks } from '../helpers/secret-leaks';
import { fileContent, sha256OfContent } from '../sandbox/content';
import type { FileRec } from '../sandbox/model';
import { activeFileRequest } from '../sandbox/seed';
import { startSandbox } from '../sandbox/server';
import type { Sandbox } from '../sandbox/server';
import { preparePackagedN8n } from '../e2e/install';
import { QueueCluster, stopQueueStack } from './cluster';
import { startPostgres, startRedis } from './services';
import type { Postgres, Redis } from './services';
import {
	CHECKSUM,
	CONTENT_TRIGGER,
	NODE_NAME,
	PUBLIC_NAME_REQUEST_CREDENTIAL,
	PUBLIC_SANDBOX_HOST,
	queueWorkflows,
	TRIGGERS,
	UPLOAD,
	WEBHOOKS,
} from './workflows';

const WORK = path.join(REPO_ROOT, '.tmp', 'queue');
const LOGS = path.join(WORK, 'logs');
const DATA = path.join(REPO_ROOT, '.cache', 'queue', `run-${process.pid}`);
const DURABLE_POLLING = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};
const LISTED_FILES = 1_200;
const RESTORED_PER_CALL = 250;
/** N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE (MiB; 512 by default), low so that a file over it stays small. */
const DATABASE_MAX_FILE_SIZE_MB = 8;
const OVER_CAP_BYTES = 9.5 * 1024 ** 2;
/** What the node says about such a file (nodes/lib/fileContent/storage.ts), without its "[item N]". */
const OVER_CAP_MESSAGE = `The file is too large for n8n's database binary data mode: 9.96 MB, at most ${DATABASE_MAX_FILE_SIZE_MB} MiB (8.39 MB) per file; N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE on n8n sets the cap`;
/** Makes a worker resolve PUBLIC_SANDBOX_HOST to the sandbox. */
const HOST_ALIAS = path.join(REPO_ROOT, 'test', 'ui', 'host-alias.cjs');

const watch = new Stopwatch();
let sandbox: Sandbox;
let postgres: Postgres | undefined;
let redis: Redis | undefined;
let cluster: QueueCluster | undefined;
let listingFolderId: string;
let listedIds: string[];
let uploadsFolderId: string;
let contentFolderId: string;
/** What the run counted, written to .tmp/queue/report.json and printed at the end. */
const report: Record<string, unknown> = {};
const writeJson = (name: string, value: unknown) =>
	fs.writeFileSync(path.join(WORK, name), `${JSON.stringify(value, null, 2)}\n`);

const main = (): N8n => cluster!.main;

// for a killed jest, run-queue.sh stops by PID what the run recorded here
if (process.env.QUEUE_PID_FILE) recordChildPidsTo(process.env.QUEUE_PID_FILE);

// ----- the sandbox side ----------------------------------------------------------------------------------------

/** The requests for `event`'s poll the sandbox got since its request number `from`. */
const pollsSince = (from: number, event: TriggerEvent) =>
	sandbox.requests.slice(from).filter((r) => r.path === pollPath(sandbox, event));

/** A file of the sandbox's first user, of a random size unless `size` says. */
const addFile = (folderId: string, name: string, size?: number) =>
	sandbox.model.addFile(0, { folderId, name, size });

type Streams = Record<TriggerEvent, string[]>;
const emptyStreams = (): Streams => ({ upload: [], notification: [], fileRequestItem: [] });

/**
 * A burst one minute after the previous one: uploads, notifications and file request items (uploads too), their
 * ids appended to `into`, oldest first. `size`: [uploads, notifications, request items].
 */
function burst(into: Streams, tag: string, [uploads, notifications, items]: number[]): void {
	sandbox.clock.advance(60_000);
	for (let i = 0; i < uploads; i++)
		into.upload.push(addFile(uploadsFolderId, `${tag}-upload-${i}.txt`, 100 + i).id);
	for (let i = 0; i < notifications; i++)
		into.notification.push(
			sandbox.model.addNotification(0, { title: `${tag} notification ${i}` }).id,
		);
	for (let i = 0; i < items; i++) {
		const { folderId } = activeFileRequest(sandbox.seed);
		const { id } = addFile(folderId, `${tag}-request-${i}.pdf`, 2_000 + i);
		into.fileRequestItem.push(id);
		into.upload.push(id);
	}
}

const SMALL = [6, 3, 2];
/** More than one trigger page (251) of uploads: the first poll after the restart walks two pages. */
const LARGE = [300, 20, 10];

/** Resolves when every trigger has polled (answered by the sandbox) after this call. */
async function nextPolls(what: string, count = 1): Promise<void> {
	const from = sandbox.requests.length;
	await waitFor(
		`${count} poll(s) of every trigger (${what})`,
		() =>
			TRIGGERS.every(
				({ event }) => pollsSince(from, event).filter((r) => r.status !== 0).length >= count,
			),
		{ timeoutMs: (count + 6) * POLL_INTERVAL_SECONDS * 1000, intervalMs: 200 },
	);
}

// ----- the n8n side -------------------------------------------------------------------------------------------

/** A row of n8n's execution table; `data` (run data) once it has finished. */
type Execution = Omit<SavedExecution, 'finished'> & {
	workflowId: string;
	startedAt: string | null;
};

const FINISHED = ['success', 'error', 'crashed', 'canceled'];
/** Finished executions never change: each is read once. */
const finishedExecutions = new Map<string, Execution>();

/**
 * The executions of these workflows after `afterId`, oldest first, from n8n's table (the API's list can hide one in
 * 2.41 queue mode); the finished ones with their run data (public API).
 */
async function executionsOf(workflowIds: string[], afterId = 0): Promise<Execution[]> {
	const rows =
		(await postgres!.queryJson<Array<Omit<Execution, 'id'> & { id: number }>>(
			`SELECT json_agg(json_build_object('id', id, 'workflowId', "workflowId", 'mode', mode, 'status', status, 'startedAt', "startedAt") ORDER BY id)
			FROM execution_entity WHERE id > ${afterId} AND "workflowId" IN (${workflowIds.map((id) => `'${id}'`).join(', ')})`,
		)) ?? [];
	const executions: Execution[] = [];
	for (const row of rows) {
		const id = String(row.id);
		if (FINISHED.includes(row.status) && !finishedExecutions.has(id)) {
			const res = await main().api<{ data?: RunData['data'] }>(
				'GET',
				`/executions/${id}?includeData=true`,
			);
			if (res.status !== 200) throw new Error(`GET execution ${id}: ${res.status} ${res.text}`);
			finishedExecutions.set(id, { ...row, id, data: res.body.data });
		}
		executions.push(finishedExecutions.get(id) ?? { ...row, id });
	}
	return executions;
}

/** Resolves with the executions once every one of them has finished. */
const settledExecutions = async (workflowIds: string[], afterId = 0) =>
	await waitFor(
		`the executions of ${workflowIds.join(', ')} to finish`,
		async () => {
			const list = await executionsOf(workflowIds, afterId);
			return list.every((e) => FINISHED.includes(e.status)) ? list : undefined;
		},
		{ timeoutMs: 120_000, intervalMs: 500 },
	);

/** Polls of a trigger after `afterId` that ended with one of `statuses`, once there is one. */
const pollsEnded = async (workflowId: string, afterId: number, statuses = FINISHED) =>
	await waitFor(
		`a poll of ${workflowId} to end (${statuses.join('/')})`,
		async () => {
			const list = (await executionsOf([workflowId], afterId)).filter(
				(e) => e.mode === 'trigger' && statuses.includes(e.status),
			);
			return list.length > 0 ? list : undefined;
		},
		{ timeoutMs: 90_000, intervalMs: 500 },
	);

const triggerIds = () => TRIGGERS.map((t) => t.id);
const eventOf = (execution: Execution) =>
	TRIGGERS.find((t) => t.id === execution.workflowId)?.event;

/** What each trigger delivered in successful poll executions after `afterId`, execution by execution, in order. */
async function delivered(afterId: number): Promise<{ streams: Streams; executions: Execution[] }> {
	const streams = emptyStreams();
	// polls only: a "Fetch Test Event" run (mode manual) shows an item without delivering it
	const executions = (await executionsOf(triggerIds(), afterId)).filter(
		(e) => e.mode === 'trigger' && e.status === 'success',
	);
	for (const execution of executions) {
		streams[eventOf(execution)!].push(
			...nodeOutput(execution, 'Trigger').map((item) => String(item.id)),
		);
	}
	return { streams, executions };
}

const newestExecutionId = async () =>
	Number(await postgres!.query('SELECT COALESCE(MAX(id), 0) FROM execution_entity'));

/** Every execution ran on exactly one worker: the main enqueued it, one worker's log says it started it. */
function expectRanOnWorkers(executionIds: string[]): Record<string, number> {
	const { enqueued, startedBy } = cluster!.placement();
	const placed = executionIds.map((id) => ({
		id,
		enqueued: enqueued.has(id),
		startedBy: startedBy.get(id) ?? [],
	}));
	expect(placed.filter((p) => !p.enqueued || p.startedBy.length !== 1)).toEqual([]);
	return countOf(placed.map((p) => p.startedBy[0]));
}

/** How often each name occurs. */
const countOf = (names: string[]) =>
	names.reduce<Record<string, number>>((counts, name) => {
		counts[name] = (counts[name] ?? 0) + 1;
		return counts;
	}, {});

/** The trigger's saved state: the workflow's static data and, with durable cursors, its poller_state rows. */
async function savedTriggerState(workflowId: string): Promise<unknown> {
	return await postgres!.queryJson(
		`SELECT json_build_object(
			'staticData', (SELECT "staticData"::text FROM workflow_entity WHERE id = '${workflowId}'),
			'cursors', (SELECT json_agg(json_build_object('node', "nodeId", 'cursor', cursor::text) ORDER BY "nodeId") FROM poller_state WHERE "workflowId" = '${workflowId}'))`,
	);
}

const callWebhook = async (webhookPath: string, body: unknown) =>
	await main().callWebhook(webhookPath, { body, timeoutMs: 180_000 });

/** Calls a webhook workflow once: its one execution, finished with `status` (a successful one answered 200). */
async function runWebhook(
	webhook: { id: string; path: string },
	body: unknown,
	status = 'success',
): Promise<Execution> {
	const afterId = await newestExecutionId();
	const call = await callWebhook(webhook.path, body);
	const [execution, ...others] = await settledExecutions([webhook.id], afterId);
	expect([execution.status, others]).toEqual([status, []]);
	if (status === 'success') expect(call.status).toBe(200);
	return execution;
}

const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** n8n's row of a binary in its database store (its id must be `database:<fileId>`), hashed by PostgreSQL; null when none. */
async function storedRow(binaryId: string | undefined) {
	expect(binaryId).toMatch(/^database:/);
	const fileId = binaryId!.slice('database:'.length).replace(/^\/+/, '');
	return await postgres!.queryJson<{ sha256: string; bytes: number; sourceId: string } | null>(
		`SELECT json_build_object('sha256', encode(sha256(data), 'hex'), 'bytes', length(data), 'sourceId', "sourceId") FROM binary_data WHERE "fileId" = ${sqlText(fileId)}`,
	);
}

/** How many rows n8n's database binary store holds for a column's value (a refused file must leave none). */
async function storedRowsWith(column: 'fileName' | 'sourceId', value: string): Promise<number> {
	return Number(
		await postgres!.query(`SELECT COUNT(*) FROM binary_data WHERE "${column}" = ${sqlText(value)}`),
	);
}

/** Waits out `polls` poll instants plus a margin: the window of a claim that something does NOT happen. */
async function observePollInstants(polls: number): Promise<void> {
	const intervalMs = POLL_INTERVAL_SECONDS * 1000;
	const nextInstant = Math.ceil(Date.now() / intervalMs) * intervalMs;
	await delay(nextInstant + (polls - 1) * intervalMs + 2_000 - Date.now());
}

/** Statuses of the requests for a file's content. */
const fetchesOf = (file: FileRec) =>
	sandbox.requests.filter((r) => r.path === `/file/${file.basename}`).map((r) => r.status);

/** The server's one upload request (answered 201): the links n8n gave it, tokens masked. */
function uploadLinks(): string[] {
	const uploads = sandbox.requests.filter(
		(r) => r.method === 'POST' && r.path.endsWith('/uploads'),
	);
	expect(uploads.map((r) => r.status)).toEqual([201]);
	const { urls } = uploads[0].body as { urls: string[] };
	return urls.map((link) => link.replace(/token=[^&]+/, 'token=…'));
}

/** A file of `size` bytes downloaded by the download workflow on a worker, its execution ending with `status`. */
async function downloadOnWorker(name: string, size: number, status?: string) {
	const file = addFile(uploadsFolderId, name, size);
	const url = `${sandbox.baseUrl}/file/${file.basename}`;
	return { file, execution: await runWebhook(WEBHOOKS.download, { url }, status) };
}

async function startMain(during?: () => void): Promise<void> {
	const starting = main().start({ timeoutMs: 240_000 });
	during?.();
	await starting;
	await main().setupOwner();
}

// ----- lifecycle ---------------------------------------------------------------------------------------------

beforeAll(async () => {
	fs.rmSync(WORK, { recursive: true, force: true });
	fs.mkdirSync(LOGS, { recursive: true });
	const { install, userFolder } = await preparePackagedN8n(WORK, LOGS, watch, { sqlite: false });

	sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
	listingFolderId = sandbox.model.addFolder(0, { name: 'Queue listing' }).id;
	const created = Array.from({ length: LISTED_FILES }, (_, i) =>
		addFile(listingFolderId, `listed-${String(i + 1).padStart(4, '0')}.txt`),
	);
	// same creation time: newest first means last created first
	listedIds = created.map((file) => file.id).reverse();
	uploadsFolderId = sandbox.model.addFolder(0, { name: 'Queue uploads' }).id;
	contentFolderId = sandbox.model.addFolder(0, { name: 'Queue content' }).id;

	const dirs = (name: string) => ({
		dataDir: path.join(DATA, name),
		logDir: path.join(LOGS, name),
	});
	[postgres, redis] = await watch.time('PostgreSQL + Redis (private instances)', async () => [
		await startPostgres({ ...dirs('postgres'), database: 'n8n' }),
		await startRedis(dirs('redis')),
	]);
	cluster = new QueueCluster({
		install,
		userFolder,
		logDir: LOGS,
		postgres,
		redis,
		mode: 'queue',
		env: {
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE: String(DATABASE_MAX_FILE_SIZE_MB),
		},
	});
	const first = await cluster.createMain();
	await watch.time('import credentials (migrations) + workflows', async () => {
		await first.importCredentials([
			...sandboxCredentials(sandbox.baseUrl, sandbox.seed),
			{
				...PUBLIC_NAME_REQUEST_CREDENTIAL,
				data: {
					baseUrl: `http://${PUBLIC_SANDBOX_HOST}:${new URL(sandbox.baseUrl).port}`,
					fileRequestId: activeFileRequest(sandbox.seed).id,
				},
			},
		]);
		await first.importWorkflows(queueWorkflows(listingFolderId, contentFolderId));
	});
	await watch.time('main + 2 workers until ready', async () => {
		await Promise.all([startMain(), cluster!.addWorker('w1'), cluster!.addWorker('w2')]);
		await first.createApiKey('queue');
	});
	for (const { id } of Object.values(WEBHOOKS)) await first.activate(id);
}, 15 * 60_000);

afterAll(async () => {
	await stopQueueStack({ cluster, redis, postgres });
	await sandbox?.stop().catch(() => undefined);
	if (process.env.QUEUE_KEEP_DATA !== '1') fs.rmSync(DATA, { recursive: true, force: true });
	fs.mkdirSync(WORK, { recursive: true });
	writeJson('report.json', { phases: watch.phases, ...report });
	process.stdout.write(
		`\nqueue mode phases (logs in ${path.relative(REPO_ROOT, LOGS)}):\n${watch.summary()}\n\n${JSON.stringify(report, null, 2)}\n`,
	);
}, 120_000);

// ----- webhooks -------------------------------------------------------------------------------------------------

test('webhook workflows using the node run on the workers with the right output', async () => {
	sandbox.clearRequests();
	const trashed = Array.from({ length: 2 * RESTORED_PER_CALL }, (_, i) => {
		const file = addFile(uploadsFolderId, `restore-${i + 1}.txt`);
		sandbox.model.trashItem(file.id);
		return { id: file.id, type: 'file' };
	});
	const calls = await watch.time('webhooks: 4 listings + 2 restores at once', async () => {
		return await Promise.all([
			...Array.from({ length: 4 }, async () => await callWebhook(WEBHOOKS.listAll.path, {})),
			callWebhook(WEBHOOKS.restore.path, { items: trashed.slice(0, RESTORED_PER_CALL) }),
			callWebhook(WEBHOOKS.restore.path, { items: trashed.slice(RESTORED_PER_CALL) }),
		]);
	});
	expect(calls.map((call) => call.status)).toEqual([200, 200, 200, 200, 200, 200]);

	const listings = await settledExecutions([WEBHOOKS.listAll.id]);
	expect(listings.map((e) => e.status)).toEqual(['success', 'success', 'success', 'success']);
	for (const execution of listings) {
		expect(nodeOutput(execution, NODE_NAME).map((item) => item.id)).toEqual(listedIds);
	}
	// Return All across pages: three pages of 500 per run, the later two asked for by cursor
	const pages = sandbox.requests.filter(
		(r) => r.path === `/api/v1/browse/folders/${listingFolderId}`,
	);
	expect(pages).toHaveLength(4 * 3);
	expect(pages.filter((r) => r.query.cursor).length).toBe(4 * 2);

	const restores = await settledExecutions([WEBHOOKS.restore.id]);
	expect(restores.map((e) => e.status)).toEqual(['success', 'success']);
	const restoredIds = restores.flatMap((execution) => {
		const output = nodeOutput(execution, NODE_NAME);
		expect(output.every((item) => item.restored === true)).toBe(true);
		return output.map((item) => String(item.id));
	});
	expect(restoredIds.sort()).toEqual(trashed.map((t) => t.id).sort());
	expect(trashed.filter((t) => sandbox.model.findItem(t.id)?.deletedAt !== null)).toEqual([]);
	// batched: 100 items per request, 3 requests per call
	const restoreRequests = sandbox.requests.filter((r) => r.path === '/api/v1/trash/restore');
	expect(restoreRequests.map((r) => (r.body as { items: unknown[] }).items.length).sort()).toEqual(
		[100, 100, 100, 100, 50, 50].sort(),
	);

	expectRanOnWorkers([...listings, ...restores].map((e) => e.id));
}, 300_000);

test('File → Download on a worker: the binary n8n stored (queue mode: in the database) is the sandbox file, byte for byte', async () => {
	// several MiB: more than one chunk of the stream the node reads
	const { file, execution } = await downloadOnWorker('queue-download.bin', 5 * 1024 ** 2 + 17);
	const expected = sha256OfContent(fileContent(file));
	// the content was requested once, with the credential
	expect(fetchesOf(file)).toEqual([200]);
	// From URL: the input item (the webhook's request) goes on with the file as its binary
	expect(nodeOutput(execution, NODE_NAME)).toHaveLength(1);
	// n8n 2.41 in queue mode keeps binary data in its database (binary data mode "database"): the id names the row
	expect(await storedRow(binaries(execution, NODE_NAME)[0]?.id)).toEqual({
		sha256: expected,
		bytes: file.size,
		sourceId: execution.id,
	});
	// and what the worker's Crypto node read back from that store
	expect(nodeOutput(execution, CHECKSUM)[0].sha256).toBe(expected);
	expectRanOnWorkers([execution.id]);
}, 180_000);

// ----- binary data and signed links on the workers ------------------------------------------------------------------

test("File → Download over the database mode's cap on a worker: a readable error naming N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE, nothing stored", async () => {
	const { file, execution } = await downloadOnWorker('queue-over-cap.bin', OVER_CAP_BYTES, 'error');
	const error = execution.data?.resultData.error as { message?: string; description?: string };
	expect({ message: error?.message, description: error?.description }).toEqual({
		message: `${OVER_CAP_MESSAGE} [item 0]`,
		description:
			'Nothing was stored. Have the n8n administrator raise N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE (in MiB: 1 MiB = 1,048,576 bytes; at most 1024, 512 by default) on the main and on every worker, or use S3 binary data storage.',
	});
	// no partial file: n8n refused it before writing a row, for this execution or under this name
	expect(await storedRowsWith('sourceId', execution.id)).toBe(0);
	expect(await storedRowsWith('fileName', file.name)).toBe(0);
	expectRanOnWorkers([execution.id]);
}, 180_000);

test('File Request → Upload File on a worker: its signed link names the main (N8N_WEBHOOK_URL), the main serves it from the database, the file comes back the same', async () => {
	sandbox.clearRequests();
	const files = [
		{ name: 'made on a worker.txt', text: 'made by a workflow on an n8n worker\n' },
		// more than one chunk of the main's answer and of the sandbox's fetch
		{ name: 'Résumé à la file.md', text: `# Résumé\n${'queue mode, '.repeat(30_000)}\n` },
	];
	const expected = files.map((f) => createHash('sha256').update(f.text).digest('hex'));
	const execution = await runWebhook(WEBHOOKS.upload, { files });
	// the files the worker made are rows of n8n's database store, the queue mode default
	const made = binaries(execution, 'Make file');
	expect(made.map((b) => b?.fileName)).toEqual(files.map((f) => f.name));
	expect(await Promise.all(made.map(async (binary) => await storedRow(binary?.id)))).toMatchObject(
		files.map((f, i) => ({ sha256: expected[i], bytes: Buffer.byteLength(f.text) })),
	);
	// the server was given links on the main's address (the workers' N8N_WEBHOOK_URL), one request for both
	expect(uploadLinks()).toEqual(
		files.map(
			(f) =>
				`${cluster!.mainUrl}rest/binary-data/signed?token=…&filename=/${encodeURIComponent(f.name)}`,
		),
	);
	// it fetched them (before answering): what it stored are the same bytes
	const hashed = nodeOutput(execution, CHECKSUM);
	const stored = hashed.map((json) => sandbox.model.findItem(String(json.id)) as FileRec);
	expect(stored.map((f) => f?.name)).toEqual(files.map((f) => f.name));
	expect(stored.map((f) => sha256OfContent(fileContent(f)))).toEqual(expected);
	// and File Request → Download of what Upload File returned, on the worker, hashed by n8n's Crypto node
	expect(hashed.map((json) => json.sha256)).toEqual(expected);
	expect(JSON.stringify(execution)).not.toMatch(/token=ey/);
	expectRanOnWorkers([execution.id]);
}, 180_000);

test("the trigger's Include File Content in queue mode: the main's poll stores the content, a worker runs the execution; a file over the database cap comes without it, saying which setting", async () => {
	const afterId = await newestExecutionId();
	try {
		// no other trigger is active yet: every poll of the uploads listing is this one's
		await pollNow(main(), sandbox, CONTENT_TRIGGER.id, 'folderFile', true);
		sandbox.clock.advance(60_000);
		const whole = addFile(contentFolderId, 'queue content.pdf', 3 * 1024 ** 2 + 5);
		sandbox.clock.advance(1_000);
		const overCap = addFile(contentFolderId, 'queue content over cap.bin', OVER_CAP_BYTES);
		const expected = sha256OfContent(fileContent(whole));
		const [execution] = await pollsEnded(CONTENT_TRIGGER.id, afterId);
		expect(execution.status).toBe('success');
		const emitted = nodeOutput(execution, CONTENT_TRIGGER.node);
		expect(emitted.map((json) => json.id)).toEqual([whole.id, overCap.id]);
		// the content came in the poll, on the main (workers never poll): both files were fetched once
		expect([whole, overCap].map(fetchesOf)).toEqual([[200], [200]]);
		const [content, none] = binaries(execution, CONTENT_TRIGGER.node);
		expect(await storedRow(content?.id)).toMatchObject({ sha256: expected, bytes: whole.size });
		expect(nodeOutput(execution, CHECKSUM)[0].sha256).toBe(expected);
		// over the cap: no content, the reason naming the setting, and no row of it in the store
		expect(none).toBeUndefined();
		expect(emitted[1].contentError).toBe(
			`${OVER_CAP_MESSAGE}. The file is output without its content; File → Download can fetch it later.`,
		);
		expect(await storedRowsWith('fileName', overCap.name)).toBe(0);
		expectRanOnWorkers([execution.id]);
	} finally {
		// its polls read the uploads listing, as the upload trigger's do: it must not count in their scenarios
		await main().deactivate(CONTENT_TRIGGER.id);
	}
}, 180_000);

// ----- the trigger ------------------------------------------------------------------------------------------------

/** Each trigger's deliveries compared with what was added to its stream. */
function compareStreams(added: Streams, streams: Streams) {
	return TRIGGERS.map(({ event }) => {
		const got = streams[event];
		return {
			event,
			duplicates: got.filter((id, index) => got.indexOf(id) !== index),
			missing: added[event].filter((id) => !got.includes(id)),
			unexpected: got.filter((id) => !added[event].includes(id)),
		};
	});
}

/**
 * Bursts before, during and after a main restart, then every trigger's deliveries since `afterId` compared with
 * what was added: each once, none missing, oldest first. Also: no poll while the main is down and the workers run.
 */
async function restartScenario(label: string, afterId: number): Promise<void> {
	const added = emptyStreams();
	/** Resolves when everything added so far arrived in trigger executions; writes what is missing when not. */
	const everythingDelivered = async (what: string, timeoutMs = 90_000) => {
		const missingNow = async () =>
			compareStreams(added, (await delivered(afterId)).streams).filter((c) => c.missing.length);
		try {
			await waitFor(
				`${label}: every added item delivered (${what})`,
				async () => (await missingNow()).length === 0,
				{ timeoutMs, intervalMs: 500 },
			);
		} catch (error) {
			const executions = await executionsOf(triggerIds(), afterId);
			writeJson(`${label}-undelivered.json`, {
				executions: executions.map((e) => `${e.id} ${e.workflowId} ${e.mode} ${e.status}`),
				// positions in what was added
				missing: (await missingNow().catch(() => [])).map(({ event, missing }) => ({
					event,
					positions: missing.map((id) => added[event].indexOf(id)),
				})),
			});
			throw error;
		}
	};

	burst(added, `${label}-a1`, SMALL);
	await everythingDelivered('burst a1');
	burst(added, `${label}-a2`, SMALL);
	await everythingDelivered('burst a2');

	// Stopped right after a poll delivered, seconds before the next one. (A stop in the middle of a poll can leave
	// that poll's execution "crashed" in n8n: its items are in the execution, to be retried. Not this scenario.)
	await watch.time(`${label}: stop the main`, async () => await main().stop());
	const downFrom = sandbox.requests.length;
	burst(added, `${label}-b1`, SMALL);
	burst(added, `${label}-b2`, LARGE);
	await observePollInstants(2);
	const ready = await Promise.all(
		cluster!.workers.map(async (w) => `${w.name} ${await w.ready()}`),
	);
	expect(ready).toEqual(cluster!.workers.map((w) => `${w.name} true`));
	expect(TRIGGERS.flatMap(({ event }) => pollsSince(downFrom, event))).toEqual([]);

	await watch.time(
		`${label}: restart the main`,
		async () => await startMain(() => burst(added, `${label}-b3`, SMALL)),
	);
	await watch.time(
		`${label}: deliver what arrived while the main was down`,
		async () => await everythingDelivered('bursts b1–b3', 180_000),
	);
	burst(added, `${label}-c1`, SMALL);
	await everythingDelivered('burst c1');
	burst(added, `${label}-c2`, SMALL);
	// everything arrived, then two more polls of each trigger: a late duplicate would show up there
	await watch.time(`${label}: deliver c2, then two more polls`, async () => {
		await everythingDelivered('burst c2');
		await nextPolls(`${label}: after delivery`, 2);
	});
	const crashed = (await settledExecutions(triggerIds(), afterId)).filter(
		(e) => e.status !== 'success',
	);
	expect(crashed.map((e) => `${e.id} ${e.status}`)).toEqual([]);
	const { streams, executions } = await delivered(afterId);
	// for the record (and a failure's diagnosis): what each execution delivered, as positions in what was added
	writeJson(
		`${label}-deliveries.json`,
		executions.map((e) => {
			const event = eventOf(e)!;
			const at = nodeOutput(e, 'Trigger').map((item) => added[event].indexOf(String(item.id)));
			const { id, startedAt } = e;
			return { id, event, startedAt, items: at.length, first: at[0], last: at.at(-1) };
		}),
	);
	const checks = compareStreams(added, streams);
	const counts = checks.map((c) => ({
		event: c.event,
		added: added[c.event].length,
		delivered: streams[c.event].length,
		duplicates: c.duplicates.length,
		missing: c.missing.length,
	}));
	// one greppable line, from n8n's execution records, printed before the assertions (a failure shows it too)
	const keys = ['added', 'delivered', 'duplicates', 'missing'] as const;
	const totals = keys.map((k) => `${k} ${counts.reduce((sum, c) => sum + c[k], 0)}`).join(' ');
	const perEvent = counts.map((c) => `${c.event} ${keys.map((k) => c[k]).join('/')}`).join(', ');
	process.stdout.write(
		`queue: restart scenario ${label}: ${totals} (${keys.join('/')}: ${perEvent}; ${executions.length} trigger executions)\n`,
	);
	expect(checks).toEqual(
		TRIGGERS.map(({ event }) => ({ event, duplicates: [], missing: [], unexpected: [] })),
	);
	// oldest first, within and across executions
	expect(TRIGGERS.map(({ event }) => streams[event])).toEqual(
		TRIGGERS.map(({ event }) => added[event]),
	);
	report[label] = {
		...Object.fromEntries(counts.map(({ event, ...c }) => [event, c])),
		triggerExecutions: executions.length,
		executionsPerWorker: expectRanOnWorkers(executions.map((e) => e.id)),
	};
}

let triggersActive = false;

/** Activates the trigger workflows once: each seeds its window with a first poll and emits nothing. */
async function activateTriggers(): Promise<void> {
	if (triggersActive) return;
	for (const { id, event } of TRIGGERS) await pollNow(main(), sandbox, id, event, true);
	triggersActive = true;
}

test('the trigger polls only on the main, its executions run on workers: exactly once across bursts and a main restart', async () => {
	const afterId = await newestExecutionId();
	await activateTriggers();
	await restartScenario('classic', afterId);
}, 360_000);

test('"Fetch Test Event" offloaded to a worker leaves the saved window unchanged', async () => {
	const upload = TRIGGERS.find((t) => t.event === 'upload')!;
	// Scheduled polls fail meanwhile (a failed poll keeps the window), so only the test run can see the new upload.
	const stopFailing = sandbox.fault({
		method: 'GET',
		path: pollPath(sandbox, 'upload'),
		match: (r) => r.query.limit !== '1',
		status: 503,
		times: Infinity,
	});
	const from = sandbox.requests.length;
	await waitFor(
		'a scheduled upload poll to be refused',
		() => pollsSince(from, 'upload').some((r) => r.status === 503),
		{ timeoutMs: 60_000, intervalMs: 200 },
	);
	const before = await savedTriggerState(upload.id);
	const afterId = await newestExecutionId();
	sandbox.clock.advance(60_000);
	const file = addFile(uploadsFolderId, 'fetch-test-event.txt');

	const run = await main().rest<{ data: { executionId?: string } }>(
		'POST',
		`/workflows/${upload.id}/run`,
		{
			triggerToStartFrom: { name: 'Trigger' },
			destinationNode: { nodeName: 'Trigger', mode: 'inclusive' },
		},
	);
	expect(run.status).toBe(200);
	const executionId = String(run.body.data.executionId);
	const settled = await settledExecutions([upload.id], Number(executionId) - 1);
	const execution = settled.find((e) => e.id === executionId);
	expect([execution?.mode, execution?.status]).toEqual(['manual', 'success']);
	expect(nodeOutput(execution, 'Trigger').map((item) => item.id)).toEqual([file.id]);
	expect(pollsSince(from, 'upload').filter((r) => r.query.limit === '1')).toHaveLength(1);
	expectRanOnWorkers([executionId]);
	expect(await savedTriggerState(upload.id)).toEqual(before);

	// and the window still sees the upload as new: the next scheduled poll delivers it, once
	stopFailing();
	await pollsEnded(upload.id, afterId, ['success']);
	await nextPolls('after the test event', 1);
	const { streams } = await delivered(afterId);
	expect(streams.upload).toEqual([file.id]);
}, 180_000);

test('durable poll scheduler and cursors (n8n 2.36+): exactly once across bursts and a main restart', async () => {
	await watch.time('durable: stop the main', async () => await main().stop());
	await cluster!.createMain(DURABLE_POLLING);
	await watch.time('durable: start the main with the durable flags', async () => await startMain());
	await activateTriggers();
	const afterId = await newestExecutionId();
	// the scheduler polls from now on; the windows move from static data to poller_state on its first poll
	await nextPolls('durable: first scheduled polls');
	await restartScenario('durable', afterId);
	// the flags took effect: every trigger's window lives in poller_state, and the scheduler has their jobs
	const ids = triggerIds().sort();
	const cursors = await postgres!.queryJson<Array<{ workflowId: string; hasWindow: boolean }>>(
		`SELECT json_agg(json_build_object('workflowId', "workflowId", 'hasWindow', cursor::text LIKE '%"window"%') ORDER BY "workflowId") FROM poller_state`,
	);
	expect(cursors).toEqual(ids.map((workflowId) => ({ workflowId, hasWindow: true })));
	const jobs = Number(
		await postgres!.query(
			`SELECT COUNT(*) FROM scheduled_job WHERE "taskType" = 'workflow:poll-trigger'`,
		),
	);
	expect(jobs).toBe(TRIGGERS.length * (60 / POLL_INTERVAL_SECONDS));
	// n8n's own record that it ran polls of one trigger at once: the occurrences that fell due while the main was
	// down start together when it is back (scheduled_task.startedAt within a second), and still nothing was
	// delivered twice above
	const together = await postgres!.queryJson<Array<{ workflowId: string; atOnce: number }>>(
		`SELECT json_agg(json_build_object('workflowId', w, 'atOnce', n) ORDER BY w) FROM (
			SELECT a.payload->>'workflowId' AS w, MAX((SELECT COUNT(*) FROM scheduled_task b
				WHERE b.payload->>'workflowId' = a.payload->>'workflowId' AND b."startedAt" >= a."startedAt"
				AND b."startedAt" < a."startedAt" + interval '1 second')) AS n
			FROM scheduled_task a WHERE a."startedAt" IS NOT NULL AND a."taskType" = 'workflow:poll-trigger' GROUP BY 1) t`,
	);
	expect(together.map(({ workflowId, atOnce }) => ({ workflowId, atOnce: atOnce >= 2 }))).toEqual(
		ids.map((workflowId) => ({ workflowId, atOnce: true })),
	);
	Object.assign(report.durable as Record<string, unknown>, {
		scheduledJobs: jobs,
		pollsRunAtOnceAfterRestart: Object.fromEntries(together.map((t) => [t.workflowId, t.atOnce])),
	});
}, 420_000);

// ----- a worker left with its default address ---------------------------------------------------------------------

test("Upload File on a worker left without N8N_WEBHOOK_URL: the link names the worker's own host, and the output warns that the server cannot reach it", async () => {
	const sandboxPort = new URL(sandbox.baseUrl).port;
	// only the new worker may take the execution: w1 and w2 stop while it starts (nothing is queued meanwhile)
	const [, w3] = await watch.time(
		'warning: stop w1 and w2, start w3 with the default address',
		async () =>
			await Promise.all([
				cluster!.stopWorkers(),
				cluster!.addWorker('w3', 5, {
					// n8n's defaults: no webhook URL, host localhost
					N8N_WEBHOOK_URL: '',
					N8N_HOST: 'localhost',
					// which n8n 2.41 does not use for these links (it would for the editor's)
					N8N_EDITOR_BASE_URL: cluster!.mainUrl,
					// the credential's public-looking server name, resolved by this worker only
					NODE_OPTIONS: `--require ${HOST_ALIAS}`,
					UI_HOST_ALIAS: `${PUBLIC_SANDBOX_HOST}:${sandboxPort}=127.0.0.1:${sandboxPort}`,
				}),
			]),
	);
	expect(cluster!.workers.map((worker) => worker.name)).toEqual(['w3']);
	sandbox.clearRequests();
	// a server that fetches later: the node outputs what it was told (Wait for File is off)
	sandbox.uploads.queueWhen = () => true;
	try {
		const execution = await runWebhook(WEBHOOKS.uploadNoWait, {
			files: [{ name: 'warned.txt', text: 'a link nobody can fetch\n' }],
		});
		expect(cluster!.placement().startedBy.get(execution.id)).toEqual(['w3']);
		expect(uploadLinks()).toEqual([
			`http://localhost:${w3.port}/rest/binary-data/signed?token=…&filename=/warned.txt`,
		]);
		expectOne(nodeOutput(execution, UPLOAD), {
			fileName: 'warned.txt',
			warning: `n8n gave the server a link on localhost:${w3.port}, an address the server at ${PUBLIC_SANDBOX_HOST}:${sandboxPort} probably cannot reach. Set WEBHOOK_URL on n8n to its public address.`,
		});
		// and it could not: the worker does not serve the link, the server's fetch failed, nothing was stored
		await sandbox.idle();
		expect(
			[...sandbox.model.items.values()].filter(
				(it) => it.type === 'file' && it.name.startsWith('warned'),
			),
		).toEqual([]);
		expect(JSON.stringify(execution)).not.toMatch(/token=ey/);
	} finally {
		sandbox.uploads.queueWhen = undefined;
	}
}, 240_000);

test('every worker ran executions; no secret of the seed in any n8n log', async () => {
	const placement = cluster!.placement();
	const perWorker = countOf([...placement.startedBy.values()].flat());
	// w1 and w2 throughout, w3 (the worker left with its default address) at the end
	expect(Object.keys(perWorker).sort()).toEqual(['w1', 'w2', 'w3']);
	report.executionsPerWorker = perWorker;
	// the main's own record of who finished what names only these workers (by host name when they have their own)
	const reported = [...new Set(placement.reportedWorkerId.values())];
	expect(reported.length).toBeGreaterThan(0);
	if (cluster!.startedWorkers.every((w) => w.hostname)) {
		const names = cluster!.startedWorkers.map((w) => `worker-${w.hostname}`);
		expect(reported.filter((id) => !names.includes(id))).toEqual([]);
	}
	// the logs of each process (main/, w1/, …, postgres/, redis/)
	const texts = Object.fromEntries(
		(fs.readdirSync(LOGS, { recursive: true }) as string[])
			.filter((file) => file.split(path.sep).length === 2 && file.endsWith('.log'))
			.map((file) => [file, fs.readFileSync(path.join(LOGS, file), 'utf8')]),
	);
	expect(Object.keys(texts).length).toBeGreaterThan(3);
	expect(findLeaks(texts, seedSecrets(sandbox.seed))).toEqual([]);
}, 120_000);
