import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { Poller, searchList } from '../../../harness/engine';
import { useFixture } from '../../../helpers/fixture';

/**
 * Every error an operation can raise, with the hint that fits the operation and what was sent: a table of
 * operation × failure → message and hint. Failures are injected at the sandbox with the spec's error bodies;
 * retryable ones fail on every try.
 */
const fx = useFixture();

const SUB = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const ITEM = { id: '11111111-2222-4333-8444-555555555555', type: 'file' };
const accessDenied = { type: 'error', message: 'Access Denied' };
const notAuthorized = { type: 'error', message: 'You are not authorized' };

interface Operation {
	name: string;
	parameters: INodeParameters;
	input?: IDataObject[];
	path: RegExp;
}

const ops: Record<string, Operation> = {
	folder: {
		name: 'Folder → Get Contents',
		parameters: { resource: 'folder', operation: 'getContents' },
		path: /^\/api\/v1\/browse\/folders\//,
	},
	search: {
		name: 'File → Search',
		parameters: { resource: 'file', operation: 'search', returnAll: true },
		path: /^\/api\/v1\/browse\/folders\//,
	},
	uploads: {
		name: 'File → Get Recent Uploads',
		parameters: { resource: 'file', operation: 'getRecentUploads' },
		path: /^\/api\/v1\/browse\/latest$/,
	},
	restore: {
		name: 'Trash → Restore',
		parameters: { resource: 'trash', operation: 'restore' },
		input: [ITEM],
		path: /^\/api\/v1\/trash\/restore$/,
	},
	createTop: {
		name: 'Shared Folder → Create Folder (top)',
		parameters: { resource: 'sharedFolder', operation: 'createFolder', name: 'x' },
		path: /^\/api\/v1\/shares\//,
	},
	createIn: {
		name: 'Shared Folder → Create Folder (in a parent)',
		parameters: { resource: 'sharedFolder', operation: 'createFolder', name: 'x', parent: SUB },
		path: /^\/api\/v1\/shares\//,
	},
	shareDelete: {
		name: 'Shared Folder → Delete File or Folder',
		parameters: { resource: 'sharedFolder', operation: 'deleteItems' },
		input: [ITEM],
		path: /^\/api\/v1\/shares\//,
	},
	requestRoot: {
		name: 'File Request → Get Contents (root)',
		parameters: { resource: 'fileRequest', operation: 'getContents' },
		path: /^\/api\/v1\/requests\//,
	},
	requestSub: {
		name: 'File Request → Get Contents (subfolder)',
		parameters: {
			resource: 'fileRequest',
			operation: 'getContents',
			parent: { __rl: true, mode: 'id', value: SUB },
		},
		path: /^\/api\/v1\/requests\//,
	},
	requestDelete: {
		name: 'File Request → Delete File or Folder',
		parameters: { resource: 'fileRequest', operation: 'deleteItems' },
		input: [ITEM],
		path: /^\/api\/v1\/requests\//,
	},
	uploadRoot: {
		name: 'File Request → Upload From URL (root)',
		parameters: {
			resource: 'fileRequest',
			operation: 'uploadFromUrl',
			urls: 'https://example.com/a.pdf',
		},
		path: /^\/api\/v1\/requests\//,
	},
	uploadSub: {
		name: 'File Request → Upload From URL (subfolder)',
		parameters: {
			resource: 'fileRequest',
			operation: 'uploadFromUrl',
			urls: 'https://example.com/a.pdf',
			parent: { __rl: true, mode: 'id', value: SUB },
		},
		path: /^\/api\/v1\/requests\//,
	},
	notifications: {
		name: 'Notification → Get Many',
		parameters: { resource: 'notification', operation: 'getMany' },
		path: /^\/api\/v1\/notifications$/,
	},
};

type Row = [keyof typeof ops, number, unknown, RegExp, RegExp];

const table: Row[] = [
	// Refused tokens name the credential to fix.
	[
		'folder',
		401,
		notAuthorized,
		/^The access token was refused \(HTTP 401\): You are not authorized$/,
		/"File Storage API" credential/,
	],
	[
		'search',
		401,
		notAuthorized,
		/^The access token was refused \(HTTP 401\)/,
		/"File Storage API" credential/,
	],
	[
		'notifications',
		401,
		{ message: 'Unauthenticated.' },
		/^The access token was refused \(HTTP 401\)/,
		/valid access token/,
	],
	[
		'createTop',
		401,
		accessDenied,
		/^The share token was refused/,
		/"File Storage Share API" credential/,
	],
	[
		'requestRoot',
		401,
		accessDenied,
		/^The file request ID was refused/,
		/"File Storage File Request API" credential/,
	],
	// Access denied: what to fix depends on the operation and on whether a parent was sent.
	['folder', 403, notAuthorized, /^Access denied \(HTTP 403\)/, /may not read this folder/],
	['uploads', 403, notAuthorized, /^Access denied/, /may not list recent uploads/],
	['restore', 403, notAuthorized, /^Access denied/, /may not restore these items/],
	[
		'createTop',
		403,
		accessDenied,
		/^Access denied \(HTTP 403\): Access Denied$/,
		/editor share without a password/,
	],
	[
		'createIn',
		403,
		accessDenied,
		/^Access denied/,
		/Parent Folder ID must be inside the shared folder/,
	],
	[
		'shareDelete',
		403,
		{ message: '' },
		/^Access denied \(HTTP 403\)$/,
		/items must be inside the shared folder/,
	],
	[
		'requestRoot',
		403,
		accessDenied,
		/^Access denied/,
		/file request itself was refused: it may be closed, expired/,
	],
	[
		'requestSub',
		403,
		accessDenied,
		/^Access denied/,
		/Folder must be inside the file request\. Pick it with "From List"/,
	],
	['requestDelete', 403, accessDenied, /^Access denied/, /items must be inside the file request/],
	['uploadRoot', 403, accessDenied, /^Access denied/, /file request itself was refused/],
	[
		'uploadSub',
		403,
		accessDenied,
		/^Access denied/,
		/Destination Folder must be inside the file request/,
	],
	['notifications', 403, notAuthorized, /^Access denied/, /may not read notifications/],
	// Not found.
	['folder', 404, {}, /^Not found \(HTTP 404\)$/, /Pick the folder with "From List", or use "all"/],
	['uploads', 404, {}, /^Not found/, /Base URL is the File Storage server/],
	['search', 404, {}, /^Not found/, /Pick the folder with "From List", or use "all"/],
	['restore', 404, {}, /^Not found/, /Map File or Folder ID \(and File or Folder\) from a listing/],
	['createTop', 404, {}, /^Not found/, /share token is unknown or the share has expired/],
	['createIn', 404, {}, /^Not found/, /Parent Folder ID was not found inside the shared folder/],
	['requestRoot', 404, accessDenied, /^Not found/, /file request ID is unknown/],
	['requestSub', 404, {}, /^Not found/, /No such folder in the file request/],
	// Gone, validation, rate limits, server failures, error bodies on 200.
	[
		'requestRoot',
		410,
		{ type: 'gone', message: 'The file request is not active anymore' },
		/^The file request is not active anymore \(HTTP 410\)$/,
		/Create a new file request/,
	],
	[
		'uploads',
		422,
		{ message: 'The given data was invalid.', errors: { sort: ['The selected sort is invalid.'] } },
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
	[
		'folder',
		500,
		{ message: 'Server Error' },
		/^The File Storage server could not handle the request \(HTTP 500\): Server Error$/,
		/Try again later.*Tried 3 times/,
	],
	[
		'search',
		503,
		{ message: 'Service Unavailable' },
		/^The File Storage server could not handle the request \(HTTP 503\)/,
		/Try again later.*Tried 3 times/,
	],
	[
		'restore',
		500,
		{ message: 'Server Error' },
		/^The File Storage server could not handle the request \(HTTP 500\)/,
		/may have been applied/,
	],
	[
		'restore',
		200,
		{ type: 'error', message: "The requested entry wasn't found." },
		/^The server declined the request: The requested entry wasn't found\./,
		/must be in the trash of this account/,
	],
	[
		'shareDelete',
		200,
		{ type: 'error', message: "The requested entry wasn't found." },
		/^The server declined the request/,
		/inside the shared folder/,
	],
	[
		'requestDelete',
		200,
		{ type: 'error', message: "The requested entry wasn't found." },
		/^The server declined the request/,
		/inside the file request/,
	],
];

describe('error hints fit the operation that raised them', () => {
	it.each(table)('%s, HTTP %i %j', async (key, status, body, message, hint) => {
		const op = ops[key];
		fx.sandbox.fault({
			path: op.path,
			status,
			body,
			times: Infinity,
			headers: { 'Retry-After': '0' },
		});
		const { error } = await fx.run(op.parameters, { input: op.input });
		fx.record(error);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message.replace(/ \[items? [^\]]+\]$/, '')).toMatch(message);
		expect(error?.description).toMatch(hint);
		if (status !== 200) expect(error?.httpCode).toBe(String(status));
	});

	it('covers every operation of the node', () => {
		const covered = new Set(
			table.map(
				([key]) =>
					`${String(ops[key].parameters.resource)}.${String(ops[key].parameters.operation)}`,
			),
		);
		expect([...covered].sort()).toEqual(
			[
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
			].sort(),
		);
	});
});

/** Where an error appears besides an operation: a poll of the trigger, the editor's folder list. */
describe('error hints fit the trigger and the folder list', () => {
	const triggerRows: Array<
		[string, INodeParameters, RegExp, number, unknown, RegExp, RegExp, RegExp]
	> = [
		// [what, trigger parameters, path, status, body, message, hint that must be there, hint that must not]
		[
			'New Upload, 429',
			{ event: 'upload' },
			/^\/api\/v1\/browse\/latest$/,
			429,
			{},
			/^Too many requests/,
			/next poll.*Poll Times/,
			/Batch Size|run again/i,
		],
		[
			'New Upload, 503',
			{ event: 'upload' },
			/^\/api\/v1\/browse\/latest$/,
			503,
			{},
			/could not handle the request \(HTTP 503\)/,
			/next poll/,
			/input values/,
		],
		[
			'New Notification, 500',
			{ event: 'notification' },
			/^\/api\/v1\/notifications$/,
			500,
			{},
			/could not handle/,
			/next poll/,
			/input values/,
		],
		[
			'New File or Folder in File Request, 422',
			{ event: 'fileRequestItem' },
			/^\/api\/v1\/requests\//,
			422,
			{ message: 'bad', errors: { sort: ['no'] } },
			/invalid \(HTTP 422\)/,
			/Base URL/,
			/Batch Size/,
		],
		[
			'New File or Folder in File Request, 401',
			{ event: 'fileRequestItem' },
			/^\/api\/v1\/requests\//,
			401,
			{ type: 'error', message: 'Access Denied' },
			/^The file request ID was refused/,
			/File Request API/,
			/Batch Size/,
		],
	];

	it.each(triggerRows)(
		'trigger: %s',
		async (_what, parameters, path, status, body, message, hint, notHint) => {
			fx.sandbox.fault({ path, status, body, times: Infinity, headers: { 'Retry-After': '0' } });
			const { error } = await new Poller({
				credentials: fx.credentials,
				parameters,
				staticData: {},
			}).poll();
			fx.record(error);
			expect(error?.name).toBe('NodeApiError');
			expect(error?.message).toMatch(message);
			expect((error as { description?: string } | undefined)?.description).toMatch(hint);
			expect((error as { description?: string } | undefined)?.description).not.toMatch(notHint);
		},
	);

	it.each([
		['429', 429, {}, /open the list again, or enter the ID By ID/, /Batch Size|next poll/],
		['503', 503, {}, /Open the list again/, /input values/],
		['404 (a folder of the list gone)', 404, {}, /Open the list again/, /From List/],
	])('folder list: %s', async (_what, status, body, hint, notHint) => {
		fx.sandbox.fault({
			path: /^\/api\/v1\/browse\/folders\//,
			status,
			body,
			times: Infinity,
			headers: { 'Retry-After': '0' },
		});
		const error = await searchList('searchFolders', {}, fx.credentials).catch(
			(caught: Error & { description?: string }) => caught,
		);
		expect(error).toBeInstanceOf(Error);
		fx.record(error as Error);
		expect((error as { description?: string }).description).toMatch(hint);
		expect((error as { description?: string }).description).not.toMatch(notHint);
	});
});
