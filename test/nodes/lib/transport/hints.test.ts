import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { Poller, searchList } from '../../../harness/engine';
import { useFixture } from '../../../helpers/fixture';
import { byId, OPS } from '../../../helpers/parameters';

/**
 * Every error an operation can raise, with the hint that fits the operation and what was sent: a table of
 * operation × failure → message and hint. Failures are injected at the sandbox with the spec's error bodies;
 * retryable ones fail on every try.
 */
const fx = useFixture();

const SUB = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const ITEM = [{ id: '11111111-2222-4333-8444-555555555555', type: 'file' }];
const URL = 'https://example.com/a.pdf';
const denied = { type: 'error', message: 'Access Denied' };
const unauthorized = { type: 'error', message: 'You are not authorized' };
const notFoundOn200 = { type: 'error', message: "The requested entry wasn't found." };
const invalid = {
	message: 'The given data was invalid.',
	errors: { sort: ['The selected sort is invalid.'] },
};
const gone = { type: 'gone', message: 'The file request is not active anymore' };

const BROWSE = /^\/api\/v1\/browse\/folders\//;
const SHARES = /^\/api\/v1\/shares\//;
const REQUESTS = /^\/api\/v1\/requests\//;
/** Each operation (and variant) of the node: its parameters, the input it gets, the path its failure is put on. */
const ops: Record<string, [INodeParameters, RegExp, IDataObject[]?]> = {
	folder: [OPS.folderContents, BROWSE],
	search: [{ ...OPS.search, returnAll: true }, BROWSE],
	uploads: [OPS.recentUploads, /^\/api\/v1\/browse\/latest$/],
	restore: [OPS.restore, /^\/api\/v1\/trash\/restore$/, ITEM],
	createTop: [{ ...OPS.createFolder, name: 'x' }, SHARES],
	createIn: [{ ...OPS.createFolder, name: 'x', parent: SUB }, SHARES],
	shareDelete: [OPS.shareDelete, SHARES, ITEM],
	requestRoot: [OPS.requestContents, REQUESTS],
	requestSub: [{ ...OPS.requestContents, parent: byId(SUB) }, REQUESTS],
	requestDelete: [OPS.requestDelete, REQUESTS, ITEM],
	uploadRoot: [{ ...OPS.uploadFromUrl, urls: URL }, REQUESTS],
	uploadSub: [{ ...OPS.uploadFromUrl, urls: URL, parent: byId(SUB) }, REQUESTS],
	notifications: [OPS.notifications, /^\/api\/v1\/notifications$/],
};

type Row = [op: string, status: number, body: unknown, message: RegExp, hint: RegExp];
/** Rows that share a status and the start of the message: [op, body, hint]. */
const withStatus = (status: number, message: RegExp, rows: Array<[string, unknown, RegExp]>) =>
	rows.map(([op, body, hint]): Row => [op, status, body, message, hint]);

/** A server failure on every try: the message names the status and what the server said. */
const serverFailed = (op: string, status: number, said: string, hint: RegExp): Row => [
	op,
	status,
	{ message: said },
	new RegExp(
		`^The File Storage server could not handle the request \\(HTTP ${status}\\): ${said}$`,
	),
	hint,
];

const table: Row[] = [
	// Refused tokens name the credential to fix.
	[
		'folder',
		401,
		unauthorized,
		/^The access token was refused \(HTTP 401\): You are not authorized$/,
		/"File Storage API" credential/,
	],
	...withStatus(401, /^The access token was refused \(HTTP 401\)/, [
		['search', unauthorized, /"File Storage API" credential/],
		['notifications', { message: 'Unauthenticated.' }, /valid access token/],
	]),
	['createTop', 401, denied, /^The share token was refused/, /"File Storage Share API" credential/],
	[
		'requestRoot',
		401,
		denied,
		/^The file request ID was refused/,
		/"File Storage File Request API" credential/,
	],
	// Access denied: what to fix depends on the operation and on whether a parent was sent.
	['folder', 403, unauthorized, /^Access denied \(HTTP 403\)/, /may not read this folder/],
	[
		'createTop',
		403,
		denied,
		/^Access denied \(HTTP 403\): Access Denied$/,
		/editor share without a password/,
	],
	[
		'shareDelete',
		403,
		{ message: '' },
		/^Access denied \(HTTP 403\)$/,
		/items must be inside the shared folder/,
	],
	...withStatus(403, /^Access denied/, [
		['uploads', unauthorized, /may not list recent uploads/],
		['restore', unauthorized, /may not restore these items/],
		['createIn', denied, /Parent Folder ID must be inside the shared folder/],
		['requestRoot', denied, /file request itself was refused: it may be closed, expired/],
		['requestSub', denied, /Folder must be inside the file request\. Pick it with "From List"/],
		['requestDelete', denied, /items must be inside the file request/],
		['uploadRoot', denied, /file request itself was refused/],
		['uploadSub', denied, /Destination Folder must be inside the file request/],
		['notifications', unauthorized, /may not read notifications/],
	]),
	// Not found.
	['folder', 404, {}, /^Not found \(HTTP 404\)$/, /Pick the folder with "From List", or use "all"/],
	...withStatus(404, /^Not found/, [
		['uploads', {}, /Base URL is the File Storage server/],
		['search', {}, /Pick the folder with "From List", or use "all"/],
		['restore', {}, /Map File or Folder ID \(and File or Folder\) from a listing/],
		['createTop', {}, /share token is unknown or the share has expired/],
		['createIn', {}, /Parent Folder ID was not found inside the shared folder/],
		['requestRoot', denied, /file request ID is unknown/],
		['requestSub', {}, /No such folder in the file request/],
	]),
	// Gone, validation, rate limits, server failures, error bodies on 200.
	[
		'requestRoot',
		410,
		gone,
		/^The file request is not active anymore \(HTTP 410\)$/,
		/Create a new file request/,
	],
	[
		'uploads',
		422,
		invalid,
		/invalid \(HTTP 422\): sort: The selected sort is invalid\.$/,
		/Fix the parameters named above/,
	],
	[
		'uploadRoot',
		429,
		{ message: 'Too Many Attempts.' },
		/^Too many requests/,
		/Wait and run again.*Tried 3 times/,
	],
	serverFailed('folder', 500, 'Server Error', /Try again later.*Tried 3 times/),
	serverFailed('search', 503, 'Service Unavailable', /Try again later.*Tried 3 times/),
	serverFailed('restore', 500, 'Server Error', /may have been applied/),
	[
		'restore',
		200,
		notFoundOn200,
		/^The server declined the request: The requested entry wasn't found\./,
		/must be in the trash of this account/,
	],
	...withStatus(200, /^The server declined the request/, [
		['shareDelete', notFoundOn200, /inside the shared folder/],
		['requestDelete', notFoundOn200, /inside the file request/],
	]),
];

/** A failure at every try, without a wait between them. */
const failEveryTry = (path: RegExp, status: number, body: unknown) =>
	fx.sandbox.fault({ path, status, body, times: Infinity, headers: { 'Retry-After': '0' } });
const descriptionOf = (error: unknown) => (error as { description?: string }).description;

describe('error hints fit the operation that raised them', () => {
	it.each(table)('%s, HTTP %i %j', async (key, status, body, message, hint) => {
		const [parameters, path, input] = ops[key];
		failEveryTry(path, status, body);
		const { error } = await fx.run(parameters, { input });
		fx.record(error);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message.replace(/ \[items? [^\]]+\]$/, '')).toMatch(message);
		expect(error?.description).toMatch(hint);
		if (status !== 200) expect(error?.httpCode).toBe(String(status));
	});

	it('covers every operation of the node, and every variant of one', () => {
		const covered = new Set(table.map(([key]) => key));
		expect([...covered].sort()).toEqual(Object.keys(ops).sort());
		const operations = Object.values(ops).map(
			([p]) => `${String(p.resource)}.${String(p.operation)}`,
		);
		expect([...new Set(operations)].sort()).toEqual([
			'file.getRecentUploads',
			'file.search',
			'fileRequest.deleteItems',
			'fileRequest.getContents',
			'fileRequest.uploadFromUrl',
			'folder.getContents',
			'notification.getMany',
			'sharedFolder.createFolder',
			'sharedFolder.deleteItems',
			'trash.restore',
		]);
	});
});

/** Where an error appears besides an operation: a poll of the trigger, the editor's folder list. */
describe('error hints fit the trigger and the folder list', () => {
	/** The listing each event's poll reads. */
	const listingOf: Record<string, RegExp> = {
		upload: /^\/api\/v1\/browse\/latest$/,
		notification: /^\/api\/v1\/notifications$/,
		fileRequestItem: REQUESTS,
	};
	it.each([
		// [event, status, body, message, hint that must be there, hint that must not]
		['upload', 429, {}, /^Too many requests/, /next poll.*Poll Times/, /Batch Size|run again/i],
		['upload', 503, {}, /could not handle the request \(HTTP 503\)/, /next poll/, /input values/],
		['notification', 500, {}, /could not handle/, /next poll/, /input values/],
		['fileRequestItem', 422, invalid, /invalid \(HTTP 422\)/, /Base URL/, /Batch Size/],
		[
			'fileRequestItem',
			401,
			denied,
			/^The file request ID was refused/,
			/File Request API/,
			/Batch Size/,
		],
	])('trigger: %s, HTTP %i', async (event, status, body, message, hint, notHint) => {
		failEveryTry(listingOf[event], status, body);
		const poller = new Poller({
			credentials: fx.credentials,
			parameters: { event },
			staticData: {},
		});
		const { error } = await poller.poll();
		fx.record(error);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(message);
		expect(descriptionOf(error)).toMatch(hint);
		expect(descriptionOf(error)).not.toMatch(notHint);
	});

	it.each([
		['429', 429, /open the list again, or enter the ID By ID/, /Batch Size|next poll/],
		['503', 503, /Open the list again/, /input values/],
		['404 (a folder of the list gone)', 404, /Open the list again/, /From List/],
	])('folder list: %s', async (_what, status, hint, notHint) => {
		failEveryTry(BROWSE, status, {});
		const error = await searchList('searchFolders', {}, fx.credentials).catch(
			(caught: Error) => caught,
		);
		expect(error).toBeInstanceOf(Error);
		fx.record(error);
		expect(descriptionOf(error)).toMatch(hint);
		expect(descriptionOf(error)).not.toMatch(notHint);
	});
});
