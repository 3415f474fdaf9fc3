import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useFixture } from '../helpers/fixture';

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
	folder: { name: 'Folder → Get Contents', parameters: { resource: 'folder', operation: 'getContents' }, path: /^\/api\/v1\/browse\/folders\// },
	uploads: { name: 'File → Get Recent Uploads', parameters: { resource: 'file', operation: 'getRecentUploads' }, path: /^\/api\/v1\/browse\/latest$/ },
	restore: { name: 'Trash → Restore', parameters: { resource: 'trash', operation: 'restore' }, input: [ITEM], path: /^\/api\/v1\/trash\/restore$/ },
	createTop: { name: 'Shared Folder → Create Folder (top)', parameters: { resource: 'sharedFolder', operation: 'createFolder', name: 'x' }, path: /^\/api\/v1\/shares\// },
	createIn: {
		name: 'Shared Folder → Create Folder (in a parent)',
		parameters: { resource: 'sharedFolder', operation: 'createFolder', name: 'x', parent: SUB },
		path: /^\/api\/v1\/shares\//,
	},
	shareDelete: { name: 'Shared Folder → Delete Items', parameters: { resource: 'sharedFolder', operation: 'deleteItems' }, input: [ITEM], path: /^\/api\/v1\/shares\// },
	requestRoot: { name: 'File Request → Get Contents (root)', parameters: { resource: 'fileRequest', operation: 'getContents' }, path: /^\/api\/v1\/requests\// },
	requestSub: {
		name: 'File Request → Get Contents (subfolder)',
		parameters: { resource: 'fileRequest', operation: 'getContents', parent: { __rl: true, mode: 'id', value: SUB } },
		path: /^\/api\/v1\/requests\//,
	},
	requestDelete: { name: 'File Request → Delete Items', parameters: { resource: 'fileRequest', operation: 'deleteItems' }, input: [ITEM], path: /^\/api\/v1\/requests\// },
	uploadRoot: { name: 'File Request → Upload From URL (root)', parameters: { resource: 'fileRequest', operation: 'uploadFromUrl', urls: 'https://example.com/a.pdf' }, path: /^\/api\/v1\/requests\// },
	uploadSub: {
		name: 'File Request → Upload From URL (subfolder)',
		parameters: { resource: 'fileRequest', operation: 'uploadFromUrl', urls: 'https://example.com/a.pdf', parent: { __rl: true, mode: 'id', value: SUB } },
		path: /^\/api\/v1\/requests\//,
	},
	notifications: { name: 'Notification → Get Many', parameters: { resource: 'notification', operation: 'getMany' }, path: /^\/api\/v1\/notifications$/ },
};

type Row = [keyof typeof ops, number, unknown, RegExp, RegExp];

const table: Row[] = [
	// Refused tokens name the credential to fix.
	['folder', 401, notAuthorized, /^The access token was refused \(HTTP 401\): You are not authorized$/, /"File Storage API" credential/],
	['notifications', 401, { message: 'Unauthenticated.' }, /^The access token was refused \(HTTP 401\)/, /valid access token/],
	['createTop', 401, accessDenied, /^The share token was refused/, /"File Storage Share API" credential/],
	['requestRoot', 401, accessDenied, /^The file request ID was refused/, /"File Storage File Request API" credential/],
	// Access denied: what to fix depends on the operation and on whether a parent was sent.
	['folder', 403, notAuthorized, /^Access denied \(HTTP 403\)/, /may not read this folder/],
	['uploads', 403, notAuthorized, /^Access denied/, /may not list recent uploads/],
	['restore', 403, notAuthorized, /^Access denied/, /may not restore these items/],
	['createTop', 403, accessDenied, /^Access denied \(HTTP 403\): Access Denied$/, /editor share without a password/],
	['createIn', 403, accessDenied, /^Access denied/, /Parent Folder ID must be inside the shared folder/],
	['shareDelete', 403, { message: '' }, /^Access denied \(HTTP 403\)$/, /items must be inside the shared folder/],
	['requestRoot', 403, accessDenied, /^Access denied/, /file request itself was refused: it may be closed, expired/],
	['requestSub', 403, accessDenied, /^Access denied/, /Folder must be inside the file request\. Pick it with "From List"/],
	['requestDelete', 403, accessDenied, /^Access denied/, /items must be inside the file request/],
	['uploadRoot', 403, accessDenied, /^Access denied/, /file request itself was refused/],
	['uploadSub', 403, accessDenied, /^Access denied/, /Destination Folder must be inside the file request/],
	['notifications', 403, notAuthorized, /^Access denied/, /may not read notifications/],
	// Not found.
	['folder', 404, {}, /^Not found \(HTTP 404\)$/, /Pick the folder with "From List", or use "all"/],
	['uploads', 404, {}, /^Not found/, /Base URL is the File Storage server/],
	['restore', 404, {}, /^Not found/, /Map Item ID and Item Type from a listing/],
	['createTop', 404, {}, /^Not found/, /share token is unknown or the share has expired/],
	['createIn', 404, {}, /^Not found/, /Parent Folder ID was not found inside the shared folder/],
	['requestRoot', 404, accessDenied, /^Not found/, /file request ID is unknown/],
	['requestSub', 404, {}, /^Not found/, /No such folder in the file request/],
	// Gone, validation, rate limits, server failures, error bodies on 200.
	['requestRoot', 410, { type: 'gone', message: 'The file request is not active anymore' }, /^The file request is not active anymore \(HTTP 410\)$/, /Create a new file request/],
	['uploads', 422, { message: 'The given data was invalid.', errors: { sort: ['The selected sort is invalid.'] } }, /invalid \(HTTP 422\): sort: The selected sort is invalid\.$/, /Fix the parameters named above/],
	['uploadRoot', 429, { message: 'Too Many Attempts.' }, /^Too many requests/, /Wait and run again.*Tried 3 times/],
	['folder', 500, { message: 'Server Error' }, /^The File Storage server could not handle the request \(HTTP 500\): Server Error$/, /Try again later.*Tried 3 times/],
	['restore', 500, { message: 'Server Error' }, /^The File Storage server could not handle the request \(HTTP 500\)/, /may have been applied/],
	['restore', 200, { type: 'error', message: "The requested entry wasn't found." }, /^The server declined the request: The requested entry wasn't found\./, /must be in the trash of this account/],
	['shareDelete', 200, { type: 'error', message: "The requested entry wasn't found." }, /^The server declined the request/, /inside the shared folder/],
	['requestDelete', 200, { type: 'error', message: "The requested entry wasn't found." }, /^The server declined the request/, /inside the file request/],
];

describe('error hints fit the operation that raised them', () => {
	it.each(table)('%s, HTTP %i %j', async (key, status, body, message, hint) => {
		const op = ops[key];
		fx.sandbox.fault({ path: op.path, status, body, times: Infinity, headers: { 'Retry-After': '0' } });
		const { error } = await fx.run(op.parameters, { input: op.input });
		fx.record(error);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message.replace(/ \[items? [^\]]+\]$/, '')).toMatch(message);
		expect(error?.description).toMatch(hint);
		if (status !== 200) expect(error?.httpCode).toBe(String(status));
	});

	it('covers every operation of the node', () => {
		const covered = new Set(table.map(([key]) => `${String(ops[key].parameters.resource)}.${String(ops[key].parameters.operation)}`));
		expect([...covered].sort()).toEqual(
			[
				'file.getRecentUploads',
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
