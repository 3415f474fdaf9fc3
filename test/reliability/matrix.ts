/**
 * The fault matrix: server faults × operations, each case run through n8n-core's engine against the sandbox. Shared by
 * `fault-matrix.test.ts` (asserts every case) and `report.ts` (writes docs/reliability.md). A case reports what was
 * delivered, the requests and waits spent, and `problems`: every way it was silent or wrong.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { CredentialSet } from '../harness/engine';
import { Poller, runNode } from '../harness/engine';
import { apiListAll } from '../helpers/api';
import { recordRun, serialiseError } from '../helpers/fixture';
import { byId, OPS } from '../helpers/parameters';
import { activeFileRequest } from '../sandbox/seed';
import type { FaultRule, Sandbox } from '../sandbox/server';
import type { WaitRecorder } from './waits';

/** The sandbox of the matrix: the demo user's 31 files come in 4 pages (8, 8, 8, 7). */
export const MATRIX_SANDBOX = { maxPageSize: 8 };

export interface MatrixEnv {
	sandbox: Sandbox;
	credentials: CredentialSet;
	waits: WaitRecorder;
	/** Keeps anything a case produced (output, errors, static data) for the secret check. */
	record(value: unknown): void;
}

export interface Fault {
	id: string;
	/** What the server does, as the report shows it. */
	label: string;
	/** What the sandbox answers instead (method, path and position come from the operation); none = control case. */
	rule?: Omit<FaultRule, 'method' | 'path' | 'match' | 'skip'>;
	/** Run with a short time limit per request (SHORT_TIME_LIMIT_S, POLL_TIME_LIMIT_S), not the default 30 s. */
	shortTimeLimit?: boolean;
	/** Only for these operations: the one case that really waits. */
	only?: string[];
}

/** The time limit of the case whose server hangs: the node's Timeout option (any number of seconds above 0). */
export const SHORT_TIME_LIMIT_S = 0.5;
/** A poll's time limit per request is a third of n8n's poll budget, never under a second: the shortest a poll has. */
export const POLL_TIME_LIMIT_S = 1;

const NO_WAIT = { 'Retry-After': '0' };
const tooMany = (retryAfter: string, times = 1) => ({
	status: 429,
	body: { message: 'Too Many Attempts.' },
	headers: { 'Retry-After': retryAfter },
	times,
});
/** A listing of one file, of which the connection delivers only the first 20 bytes. */
const cutShort = {
	status: 200,
	body: {
		data: [{ data: { id: '9b1f3c52-0d7e-4a8b-9c61-2f4e5d6a7b8c', type: 'file' } }],
		type: 'success',
		message: 'ok',
	},
	cutAfterBytes: 20,
};

/** A web page instead of JSON: from the server itself (503) or a proxy in front of it (502). */
const down = (status: number, rawBody: string) => ({ status, rawBody, headers: NO_WAIT });
const json200 = (rawBody: string) => ({ status: 200, rawBody, contentType: 'application/json' });
const NGINX_502 =
	'<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>';
const MAINTENANCE = '<html><body><h1>Down for maintenance</h1></body></html>';
const SIGN_IN = '<!doctype html><html><title>Sign in</title><form></form></html>';

/** Each fault by id: what the server does, as the report shows it, its rule, and anything more. */
const FAULT_TABLE: Record<string, [label: string, rule?: Fault['rule'], more?: Partial<Fault>]> = {
	none: ['none (control)'],
	'429-once': ['429 Too Many Requests, Retry-After: 0, once', tooMany('0')],
	'429-wait': ['429, Retry-After: 1, once', tooMany('1'), { only: ['listing-page-1'] }],
	'429-always': ['429, Retry-After: 0, on every try', tooMany('0', Infinity)],
	'429-too-long': [
		'429, Retry-After: 120 (longer than the node may wait)',
		tooMany('120', Infinity),
	],
	'503-once': ['503 Service Unavailable (HTML page), Retry-After: 0, once', down(503, MAINTENANCE)],
	'500-once': [
		'500 Internal Server Error, Retry-After: 0, once',
		{ status: 500, body: { message: 'Server Error' }, headers: NO_WAIT },
	],
	'502-html': [
		'502 Bad Gateway from a proxy (HTML page), Retry-After: 0, once',
		down(502, NGINX_502),
	],
	'200-html': ['200 with a web page (a login page)', { status: 200, rawBody: SIGN_IN }],
	'cut-short': [
		'200 JSON cut short (the connection ends after 20 of the promised bytes)',
		cutShort,
	],
	'cut-short-closed': [
		'200 JSON cut short, the connection closed in order (FIN) after 20 of the promised bytes',
		{ ...cutShort, closeGracefully: true },
	],
	'half-json': ['200 with half a JSON body', json200('{"data":[{"data":{"id":"9b1f3c52-0d7e')],
	'empty-object': ['200 `{}`', { status: 200, body: {} }],
	'empty-body': ['200 with an empty body', json200('')],
	'data-object': ['200 `{"data":{}}`', { status: 200, body: { data: {} } }],
	reset: ['connection reset without an answer, once', { reset: true }],
	timeout: [
		`no answer at all (the server hangs); time limit ${SHORT_TIME_LIMIT_S} s (${POLL_TIME_LIMIT_S} s in a poll)`,
		{ hang: true },
		{ shortTimeLimit: true },
	],
};
export const FAULTS: Fault[] = Object.entries(FAULT_TABLE).map(([id, [label, rule, more]]) => ({
	id,
	label,
	rule,
	...more,
}));

export interface CaseError {
	name: string;
	message: string;
	description: string;
	httpCode?: string | null;
}

export interface CaseResult {
	outcome: 'ok' | 'error';
	error?: CaseError;
	/** Requests of the faulted run (for the trigger: the faulted poll), and how many repeated an earlier one. */
	requests: number;
	retries: number;
	/** The waits the node asked for, in ms. */
	waits: number[];
	/** e.g. "31 of 31 files". */
	delivered: string;
	problems: string[];
}

function caseError(error: unknown): CaseError | undefined {
	if (!error) return undefined;
	const { name, message, description, httpCode } = error as CaseError;
	return { name, message, description: description ?? '', httpCode };
}

/** Requests of the run, and how many repeated an earlier one (same method, path, query and body). */
function spent(sandbox: Sandbox): { requests: number; retries: number } {
	const seen = new Set<string>();
	let retries = 0;
	for (const request of sandbox.requests) {
		const key = JSON.stringify([request.method, request.path, request.query, request.body]);
		if (seen.has(key)) retries++;
		seen.add(key);
	}
	return { requests: sandbox.requests.length, retries };
}

/** A failed run must fail with a NodeApiError and deliver nothing. */
function errorProblems(error: CaseError | undefined, output: unknown[]): string[] {
	const problems: string[] = [];
	if (error && error.name !== 'NodeApiError')
		problems.push(`failed with ${error.name}, not a NodeApiError: ${error.message}`);
	if (error && !error.description) problems.push('the error has no description (how to fix it)');
	if (error && output.length) problems.push(`${output.length} output items despite the error`);
	return problems;
}

/** Differences between what was delivered and what should have been, by id. */
function sequenceProblems(what: string, got: unknown[], expected: unknown[]): string[] {
	const problems: string[] = [];
	const counts = new Map<unknown, number>();
	for (const id of got) counts.set(id, (counts.get(id) ?? 0) + 1);
	const duplicates = [...counts].filter(([, count]) => count > 1).length;
	const missed = expected.filter((id) => !counts.has(id)).length;
	const unexpected = got.filter((id) => !expected.includes(id)).length;
	if (duplicates) problems.push(`${duplicates} ${what} delivered twice`);
	if (missed) problems.push(`${missed} of ${expected.length} ${what} missing`);
	if (unexpected) problems.push(`${unexpected} ${what} delivered that should not have been`);
	if (!problems.length && JSON.stringify(got) !== JSON.stringify(expected))
		problems.push(`${what} out of order`);
	return problems;
}

export interface Operation {
	id: string;
	label: string;
	/** Reads are retried after any transient failure; mutations only when the server did nothing (429, 503). */
	kind: 'read' | 'mutation';
	/** Requests a run without a fault takes, and which of them the fault hits (1-based). */
	healthyRequests: number;
	faultAt: number;
	run(env: MatrixEnv, fault: Fault): Promise<CaseResult>;
}

/** Starts the faulted run: no requests or waits counted yet, the fault on request `faultAt` to `path`. */
function arm(env: MatrixEnv, fault: Fault, method: string, path: string | RegExp, faultAt: number) {
	env.sandbox.clearRequests();
	env.waits.take();
	if (fault.rule) env.sandbox.fault({ method, path, skip: faultAt - 1, ...fault.rule });
}

/** A case's result: what it spent since `arm`, and how it ended. */
function judged(
	env: MatrixEnv,
	error: CaseError | undefined,
	delivered: string,
	problems: string[],
): CaseResult {
	const outcome = error ? 'error' : 'ok';
	return { outcome, error, ...spent(env.sandbox), waits: env.waits.take(), delivered, problems };
}

const ids = (items: INodeExecutionData[] | null | undefined) =>
	(items ?? []).map((item) => item.json.id);
const timeoutOption = (fault: Fault): IDataObject =>
	fault.shortTimeLimit ? { options: { timeout: SHORT_TIME_LIMIT_S } } : {};

/** Runs a listing operation and judges it: a clear error with nothing delivered, or exactly `expected`. */
async function listedFiles(
	env: MatrixEnv,
	parameters: INodeParameters,
	expected: string[],
	order: (ids: string[]) => string[] = (got) => got,
): Promise<CaseResult> {
	const result = await runNode(parameters, { credentials: env.credentials });
	recordRun(env.record, result);
	const error = caseError(result.error);
	const got = ids(result.items).map(String);
	return judged(
		env,
		error,
		`${got.length} of ${expected.length} files`,
		error
			? errorProblems(error, result.items)
			: sequenceProblems('files', order(got), order(expected)),
	);
}

/** File → Get Recent Uploads with Return All: 4 pages of the sandbox's 8; the fault hits page `faultAt`. */
function listingOperation(faultAt: number): Operation {
	return {
		id: `listing-page-${faultAt}`,
		label: `File → Get Recent Uploads, Return All (4 pages); fault on page ${faultAt}`,
		kind: 'read',
		healthyRequests: 4,
		faultAt,
		async run(env, fault) {
			const expected = (
				await apiListAll(env.sandbox, '/browse/latest', { sort: 'created_at', direction: 'DESC' })
			).map((entry) => entry.data.id);
			arm(env, fault, 'GET', '/api/v1/browse/latest', faultAt);
			const parameters = { ...OPS.recentUploads, returnAll: true, ...timeoutOption(fault) };
			return await listedFiles(env, parameters, expected);
		},
	};
}

/** Trash → Restore of `count` trashed files in batches of `batchSize`; the fault hits batch `faultAt`. */
function restoreOperation(
	id: string,
	label: string,
	count: number,
	batchSize: number,
	faultAt: number,
): Operation {
	return {
		id,
		label,
		kind: 'mutation',
		healthyRequests: Math.ceil(count / batchSize),
		faultAt,
		async run(env, fault) {
			const model = env.sandbox.model;
			const files = model.activeFiles(0).slice(0, count);
			for (const file of files) model.trashItem(file.id);
			const input = files.map((file) => ({ id: file.id, type: 'file' }));
			arm(env, fault, 'POST', '/api/v1/trash/restore', faultAt);
			const parameters: INodeParameters = {
				...OPS.restore,
				options: { batchSize, ...(timeoutOption(fault).options as IDataObject | undefined) },
			};
			const result = await runNode(parameters, { credentials: env.credentials, input });
			recordRun(env.record, result);
			const error = caseError(result.error);
			const restored = files
				.filter((file) => !model.findItem(file.id)?.deletedAt)
				.map((file) => file.id);
			const problems: string[] = [];
			if (error) {
				problems.push(...errorProblems(error, result.items));
				// The error must name the items of the request that failed (input indexes of batch `faultAt`).
				const first = (faultAt - 1) * batchSize;
				const last = Math.min(count, first + batchSize) - 1;
				const named = first === last ? `item ${first}` : `items ${first}–${last}`;
				if (count > batchSize && !error.message.includes(named))
					problems.push(`the error does not name ${named}`);
			} else {
				const reported = result.items.filter((item) => item.json.restored === true);
				problems.push(
					...sequenceProblems(
						'items reported restored',
						ids(reported),
						input.map((item) => item.id),
					),
				);
				const notDone = reported.filter(
					(item) => !restored.includes(item.json.id as string),
				).length;
				if (notDone) problems.push(`${notDone} items reported restored are still in the trash`);
			}
			const delivered = `${error ? 0 : result.items.length} of ${count} reported restored`;
			return judged(
				env,
				error,
				`${delivered}; ${restored.length} restored on the server`,
				problems,
			);
		},
	};
}

interface TriggerSetup {
	/** The trigger's parameters (its event, and what it watches). */
	parameters: INodeParameters;
	/** The listing the fault hits. */
	path: string | RegExp;
	/** Requests to that path before the faulted one, when not all requests before it go there. */
	before?: number;
	/** New entries after activation; returns their ids, oldest first. */
	arrive(sandbox: Sandbox): string[];
}

/**
 * The trigger activated, new entries arrive, the next poll meets the fault, then a healthy poll: the two must emit
 * every new entry once, oldest first; a failed poll must leave the static data as it was.
 */
function triggerOperation(
	id: string,
	label: string,
	/** Called before activation: what the trigger watches is made here. */
	prepare: (sandbox: Sandbox) => TriggerSetup,
	healthyRequests = 1,
	faultAt = 1,
): Operation {
	return {
		id,
		label,
		kind: 'read',
		healthyRequests,
		faultAt,
		async run(env, fault) {
			const setup = prepare(env.sandbox);
			const poller = new Poller({
				credentials: env.credentials,
				parameters: setup.parameters,
				// n8n's poll budget sets the time limit of each request of a poll to a third of it.
				...(fault.shortTimeLimit ? { pollBudgetMs: 3 * POLL_TIME_LIMIT_S * 1000 } : {}),
			});
			const activation = await poller.poll();
			if (activation.error) throw activation.error;
			const arrivals = setup.arrive(env.sandbox);
			arm(env, fault, 'GET', setup.path, (setup.before ?? faultAt - 1) + 1);
			const before = JSON.stringify(poller.staticData);
			const faulted = await poller.poll();
			const measured = judged(env, caseError(faulted.error), '', []);
			const windowAfterFault = JSON.stringify(poller.staticData);
			env.sandbox.clearFaults();
			const next = await poller.poll();
			for (const outcome of [faulted, next]) {
				env.record(JSON.stringify(outcome.items));
				if (outcome.error) env.record(serialiseError(outcome.error));
			}
			env.record(JSON.stringify(poller.staticData));
			const { error, problems } = measured;
			if (error) {
				problems.push(...errorProblems(error, faulted.items ?? []));
				if (windowAfterFault !== before)
					problems.push('the failed poll changed the trigger window');
			} else if (ids(faulted.items).length !== arrivals.length) {
				problems.push(
					`the poll succeeded but emitted ${ids(faulted.items).length} of ${arrivals.length} new entries`,
				);
			}
			if (next.error) problems.push(`the next healthy poll failed: ${next.error.message}`);
			problems.push(
				...sequenceProblems('new entries', [...ids(faulted.items), ...ids(next.items)], arrivals),
			);
			measured.delivered = `${ids(faulted.items).length} of ${arrivals.length} new entries, then ${ids(next.items).length} on the next poll`;
			return measured;
		},
	};
}

/** New File in Folder: 3 new files in a subfolder of the watched one; `lookup`: the fault hits its lookup. */
const folderFileOperation = (lookup: boolean) =>
	triggerOperation(
		lookup ? 'trigger-folder-file-lookup' : 'trigger-folder-file',
		lookup
			? 'Trigger: New File in Folder, 3 new files in a subfolder; fault on the lookup of the subfolder'
			: 'Trigger: New File in Folder, 3 new files in a subfolder (one lookup of it)',
		(sandbox) => {
			const watched = sandbox.model.addFolder(0, { name: 'Watched' });
			const inside = sandbox.model.addFolder(0, { name: 'Inside', parentId: watched.id });
			return {
				parameters: { event: 'folderFile', folder: byId(watched.id) },
				// the uploads page comes first, on another path
				...(lookup
					? { path: `/api/v1/browse/folders/${inside.id}`, before: 0 }
					: { path: '/api/v1/browse/latest' }),
				arrive: (arrivals) => addFiles(arrivals, 3, inside.id),
			};
		},
		2,
		lookup ? 2 : 1,
	);

/** File → Search, Return All, over a folder of 2 pages with subfolders of 1 and 2: the fault hits its first page. */
function searchOperation(): Operation {
	return {
		id: 'search',
		label: 'File → Search, Return All (3 folders, 5 pages); fault on the searched folder',
		kind: 'read',
		healthyRequests: 5,
		faultAt: 1,
		async run(env, fault) {
			const model = env.sandbox.model;
			const top = model.addFolder(0, { name: 'Searched' });
			const one = model.addFolder(0, { name: 'One', parentId: top.id });
			const two = model.addFolder(0, { name: 'Two', parentId: top.id });
			const files = [
				...addFiles(env.sandbox, 10, top.id),
				...addFiles(env.sandbox, 3, one.id),
				...addFiles(env.sandbox, 9, two.id),
			];
			arm(env, fault, 'GET', `/api/v1/browse/folders/${top.id}`, 1);
			const parameters: INodeParameters = {
				...OPS.search,
				folder: byId(top.id),
				returnAll: true,
				filters: { itemType: 'file' },
				...timeoutOption(fault),
			};
			// Search's order is its own (breadth first, by name): what counts is every file, once.
			return await listedFiles(env, parameters, files, (got) => [...got].sort());
		},
	};
}

const addFiles = (sandbox: Sandbox, count: number, folderId?: string) =>
	Array.from(
		{ length: count },
		(_, n) => sandbox.model.addFile(0, { folderId, name: `arrival-${n}.pdf` }).id,
	);

/** New Upload: `count` new files, `pages` pages of the sandbox's 8; the fault hits page `faultAt`. */
const uploadTrigger = (id: string, label: string, count: number, pages: number, faultAt: number) =>
	triggerOperation(
		id,
		label,
		() => ({
			parameters: { event: 'upload' },
			path: '/api/v1/browse/latest',
			arrive: (sandbox) => addFiles(sandbox, count),
		}),
		pages,
		faultAt,
	);

export const OPERATIONS: Operation[] = [
	listingOperation(1),
	listingOperation(3),
	restoreOperation('restore', 'Trash → Restore, 6 items in one request', 6, 100, 1),
	restoreOperation(
		'restore-batch-3',
		'Trash → Restore, 8 items in 4 requests (Batch Size 2); fault on request 3',
		8,
		2,
		3,
	),
	uploadTrigger('trigger-upload', 'Trigger: New Upload, 3 new files (1 page)', 3, 1, 1),
	uploadTrigger(
		'trigger-upload-page-3',
		'Trigger: New Upload, 30 new files (4 pages); fault on page 3',
		30,
		4,
		3,
	),
	triggerOperation('trigger-notification', 'Trigger: New Notification, 3 new', () => ({
		parameters: { event: 'notification' },
		path: '/api/v1/notifications',
		arrive: (sandbox) =>
			[0, 1, 2].map((n) => sandbox.model.addNotification(0, { title: `Arrival ${n}` }).id),
	})),
	triggerOperation(
		'trigger-file-request',
		'Trigger: New File or Folder in File Request, 3 new files',
		() => ({
			parameters: { event: 'fileRequestItem' },
			path: /^\/api\/v1\/requests\/[^/]+\/items$/,
			arrive: (sandbox) => addFiles(sandbox, 3, activeFileRequest(sandbox.seed).folderId),
		}),
	),
	folderFileOperation(false),
	folderFileOperation(true),
	triggerOperation(
		'trigger-folder-item',
		'Trigger: New File or Folder in Folder, 3 new files',
		(sandbox) => {
			const watched = sandbox.model.addFolder(0, { name: 'Watched' });
			return {
				parameters: { event: 'folderItem', folder: byId(watched.id) },
				path: `/api/v1/browse/folders/${watched.id}`,
				arrive: (arrivals) => addFiles(arrivals, 3, watched.id),
			};
		},
	),
	searchOperation(),
];

/** Every (operation, fault) pair the matrix runs. */
export function matrixCases(): Array<{ operation: Operation; fault: Fault }> {
	return OPERATIONS.flatMap((operation) =>
		FAULTS.filter((fault) => !fault.only || fault.only.includes(operation.id)).map((fault) => ({
			operation,
			fault,
		})),
	);
}
