import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { CredentialSet } from '../harness/engine';
import { Poller } from '../harness/engine';
import type { Fixture } from '../helpers/fixture';
import { useFixture } from '../helpers/fixture';

/**
 * Bad input fails before anything is sent: each case expects an error that names the parameter (or credential
 * field) and the input item, says how to fix it, and zero requests at the sandbox.
 */

const fx = useFixture();

const UUID = '11111111-2222-4333-8444-555555555555';
const OTHER_UUID = '66666666-7777-4888-9999-000000000000';
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
/** Values typed into the node are checked by n8n from the parameter's declaration; values from data reach the node. */
const fromInput = byId('={{ $json.folder }}');
const valid = (count: number) => Array.from({ length: count }, () => ({ id: UUID, type: 'file' }));

type CredentialChange = [type: string, field: string, value: string];

interface BadInput {
	parameters: INodeParameters;
	input?: IDataObject[];
	credential?: CredentialChange;
	/** What the error must say: it names the parameter or the credential field. */
	message: RegExp;
	/** The input item the error names. */
	item: number;
}

function credentialsWith(fixture: Fixture, change?: CredentialChange): CredentialSet {
	if (!change) return fixture.credentials;
	const [type, field, value] = change;
	return { ...fixture.credentials, [type]: { ...fixture.credentials[type], [field]: value } };
}

const restore: INodeParameters = { resource: 'trash', operation: 'restore' };
const shareDelete: INodeParameters = { resource: 'sharedFolder', operation: 'deleteItems' };
const createFolder: INodeParameters = {
	resource: 'sharedFolder',
	operation: 'createFolder',
	name: 'Reports',
};
const requestDelete: INodeParameters = { resource: 'fileRequest', operation: 'deleteItems' };
const requestContents: INodeParameters = { resource: 'fileRequest', operation: 'getContents' };
const upload: INodeParameters = { resource: 'fileRequest', operation: 'uploadFromUrl' };
const folderContents: INodeParameters = {
	resource: 'folder',
	operation: 'getContents',
	folder: byId('all'),
};
const recentUploads: INodeParameters = { resource: 'file', operation: 'getRecentUploads' };
const notifications: INodeParameters = { resource: 'notification', operation: 'getMany' };

const itemId = (item: number, problem: string) =>
	new RegExp(`^File or Folder ID: ${problem}.* \\[item ${item}\\]$`);
const itemType = (item: number, problem: string) =>
	new RegExp(`^File or Folder: ${problem}.* \\[item ${item}\\]$`);
const notAnId = (value: string) =>
	`"${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" is not a file or folder ID`;
const wholeNumber = (parameter: string, got: string) =>
	new RegExp(`^${parameter}: must be a whole number of at least 1, got ${got}\\b.* \\[item 0\\]$`);
const timeout = (got: string) =>
	new RegExp(`^Timeout: must be a number of seconds above 0, got ${got}\\b.* \\[item 0\\]$`);
const notAFolder = (parameter: string, value: string) =>
	new RegExp(`^${parameter}: "${value.replace(/\./g, '\\.')}" is not a folder ID.* \\[item 0\\]$`);
const badUrl = (item: number, position: number) =>
	new RegExp(
		`^URLs: URL ${position} \\(".*"\\) is not an absolute http\\(s\\) address.* \\[item ${item}\\]$`,
	);
const SHARE_TOKEN =
	/^The Share Token of the "File Storage Share API \(share token\)" credential is empty or a dot segment/;
const FILE_REQUEST_ID =
	/^The File Request ID of the "File Storage File Request API \(file request ID\)" credential is empty or a dot segment/;
const EMPTY = (field: string, label: string) =>
	new RegExp(`^The ${field} of the "${label.replace(/[()]/g, '\\$&')}" credential is empty`);
const EMPTY_SHARE_TOKEN = EMPTY('Share Token', 'File Storage Share API (share token)');
const EMPTY_FILE_REQUEST_ID = EMPTY(
	'File Request ID',
	'File Storage File Request API (file request ID)',
);
const EMPTY_ACCESS_TOKEN = EMPTY('Access Token', 'File Storage API (access token)');
const BASE_URL = /^The Base URL of the credential is not an http\(s\) address/;

const CASES: Record<string, BadInput> = {
	// File or Folder ID and File or Folder of Restore (from the input item, as the defaults map them)
	'Restore: File or Folder ID "abc"': {
		parameters: restore,
		input: [{ id: 'abc', type: 'file' }],
		message: itemId(0, notAnId('abc')),
		item: 0,
	},
	'Restore: File or Folder ID empty': {
		parameters: restore,
		input: [{ id: '', type: 'file' }],
		message: itemId(0, 'is empty'),
		item: 0,
	},
	'Restore: File or Folder ID "."': {
		parameters: restore,
		input: [{ id: '.', type: 'file' }],
		message: itemId(0, notAnId('.')),
		item: 0,
	},
	'Restore: File or Folder ID ".."': {
		parameters: restore,
		input: [{ id: '..', type: 'file' }],
		message: itemId(0, notAnId('..')),
		item: 0,
	},
	'Restore: File or Folder ID "../../browse/latest"': {
		parameters: restore,
		input: [{ id: '../../browse/latest', type: 'file' }],
		message: itemId(0, notAnId('../../browse/latest')),
		item: 0,
	},
	'Restore: File or Folder ID "%2e%2e"': {
		parameters: restore,
		input: [{ id: '%2e%2e', type: 'file' }],
		message: itemId(0, notAnId('%2e%2e')),
		item: 0,
	},
	'Restore: File or Folder ID one character too long': {
		parameters: restore,
		input: [{ id: `${UUID}0`, type: 'file' }],
		message: itemId(0, notAnId(`${UUID}0`)),
		item: 0,
	},
	'Restore: File or Folder ID with a space inside': {
		parameters: restore,
		input: [{ id: UUID.replace('-', ' '), type: 'file' }],
		message: itemId(0, notAnId(UUID.replace('-', ' '))),
		item: 0,
	},
	'Restore: File or Folder ID null': {
		parameters: restore,
		input: [{ id: null, type: 'file' }],
		message: itemId(0, 'is empty'),
		item: 0,
	},
	'Restore: File or Folder ID a number': {
		parameters: restore,
		input: [{ id: 12345, type: 'file' }],
		message: itemId(0, notAnId('12345')),
		item: 0,
	},
	'Restore: File or Folder ID missing from the input item': {
		parameters: restore,
		input: [{ type: 'file' }],
		message: itemId(0, 'is empty'),
		item: 0,
	},
	'Restore: File or Folder ID typed in, not a UUID': {
		parameters: { ...restore, itemId: 'invoice-2026.pdf', itemType: 'file' },
		message: itemId(0, notAnId('invoice-2026.pdf')),
		item: 0,
	},
	'Restore: File or Folder "document"': {
		parameters: restore,
		input: [{ id: UUID, type: 'document' }],
		message: itemType(0, '"document" is neither "file" nor "folder"'),
		item: 0,
	},
	'Restore: File or Folder empty': {
		parameters: restore,
		input: [{ id: UUID, type: '' }],
		message: itemType(0, 'is empty'),
		item: 0,
	},
	'Restore: File or Folder missing from the input item': {
		parameters: restore,
		input: [{ id: UUID }],
		message: itemType(0, 'is empty'),
		item: 0,
	},
	'Restore: File or Folder "files"': {
		parameters: restore,
		input: [{ id: UUID, type: 'files' }],
		message: itemType(0, '"files" is neither "file" nor "folder"'),
		item: 0,
	},
	'Restore: File or Folder "trash"': {
		parameters: restore,
		input: [{ id: UUID, type: 'trash' }],
		message: itemType(0, '"trash" is neither "file" nor "folder"'),
		item: 0,
	},
	'Restore: item 3 of 5 bad, the others fine': {
		parameters: restore,
		input: [...valid(3), { id: 'oops', type: 'file' }, { id: OTHER_UUID, type: 'folder' }],
		message: itemId(3, notAnId('oops')),
		item: 3,
	},
	'Restore: the last of 5 items bad': {
		parameters: restore,
		input: [...valid(4), { id: UUID, type: 'link' }],
		message: itemType(4, '"link" is neither "file" nor "folder"'),
		item: 4,
	},
	'Restore: Batch Size 0': {
		parameters: { ...restore, options: { batchSize: 0 } },
		input: valid(2),
		message: wholeNumber('Batch Size', '0'),
		item: 0,
	},
	'Restore: Batch Size -3': {
		parameters: { ...restore, options: { batchSize: -3 } },
		input: valid(2),
		message: wholeNumber('Batch Size', '-3'),
		item: 0,
	},
	'Restore: Batch Size 2.5': {
		parameters: { ...restore, options: { batchSize: 2.5 } },
		input: valid(2),
		message: wholeNumber('Batch Size', '2.5'),
		item: 0,
	},
	'Restore: Timeout 0': {
		parameters: { ...restore, options: { timeout: 0 } },
		input: valid(1),
		message: timeout('0'),
		item: 0,
	},
	'Restore: Timeout -1': {
		parameters: { ...restore, options: { timeout: -1 } },
		input: valid(1),
		message: timeout('-1'),
		item: 0,
	},

	// Shared Folder: Delete File or Folder and Create Folder, and the share token
	'Shared Folder Delete: File or Folder ID ".."': {
		parameters: shareDelete,
		input: [{ id: '..', type: 'folder' }],
		message: itemId(0, notAnId('..')),
		item: 0,
	},
	'Shared Folder Delete: File or Folder "x"': {
		parameters: shareDelete,
		input: [{ id: UUID, type: 'x' }],
		message: itemType(0, '"x" is neither "file" nor "folder"'),
		item: 0,
	},
	'Shared Folder Delete: Batch Size 0': {
		parameters: { ...shareDelete, options: { batchSize: 0 } },
		input: valid(1),
		message: wholeNumber('Batch Size', '0'),
		item: 0,
	},
	'Shared Folder Delete: Share Token empty': {
		parameters: shareDelete,
		input: valid(1),
		credential: ['fileStorageShareApi', 'shareToken', ''],
		message: EMPTY_SHARE_TOKEN,
		item: 0,
	},
	'Shared Folder Delete: Share Token "."': {
		parameters: shareDelete,
		input: valid(1),
		credential: ['fileStorageShareApi', 'shareToken', '.'],
		message: SHARE_TOKEN,
		item: 0,
	},
	'Shared Folder Delete: Share Token ".."': {
		parameters: shareDelete,
		input: valid(1),
		credential: ['fileStorageShareApi', 'shareToken', '..'],
		message: SHARE_TOKEN,
		item: 0,
	},
	'Shared Folder Delete: Share Token blank': {
		parameters: shareDelete,
		input: valid(1),
		credential: ['fileStorageShareApi', 'shareToken', '   '],
		message: EMPTY_SHARE_TOKEN,
		item: 0,
	},
	'Shared Folder Delete: Share Token "%2E%2E"': {
		parameters: shareDelete,
		input: valid(1),
		credential: ['fileStorageShareApi', 'shareToken', '%2E%2E'],
		message: SHARE_TOKEN,
		item: 0,
	},
	'Shared Folder Delete: Base URL without a scheme': {
		parameters: shareDelete,
		input: valid(1),
		credential: ['fileStorageShareApi', 'baseUrl', 'files.example.com'],
		message: BASE_URL,
		item: 0,
	},
	'Create Folder: Name empty': {
		parameters: { ...createFolder, name: '={{ $json.name }}' },
		input: [{ name: '' }],
		message: /^Name: is empty.* \[item 0\]$/,
		item: 0,
	},
	'Create Folder: Name blank': {
		parameters: { ...createFolder, name: '   ' },
		message: /^Name: is empty.* \[item 0\]$/,
		item: 0,
	},
	'Create Folder: Parent Folder ID "abc"': {
		parameters: { ...createFolder, parent: 'abc' },
		message: notAFolder('Parent Folder ID', 'abc'),
		item: 0,
	},
	'Create Folder: Parent Folder ID "."': {
		parameters: { ...createFolder, parent: '.' },
		message: notAFolder('Parent Folder ID', '.'),
		item: 0,
	},
	'Create Folder: Parent Folder ID ".."': {
		parameters: { ...createFolder, parent: '..' },
		message: notAFolder('Parent Folder ID', '..'),
		item: 0,
	},
	'Create Folder: Timeout 0': {
		parameters: { ...createFolder, options: { timeout: 0 } },
		message: timeout('0'),
		item: 0,
	},
	'Create Folder: Share Token ".."': {
		parameters: createFolder,
		credential: ['fileStorageShareApi', 'shareToken', '..'],
		message: SHARE_TOKEN,
		item: 0,
	},

	// File Request: Delete File or Folder, Get Contents, Upload From URL, and the file request ID
	'File Request Delete: File or Folder ID "abc"': {
		parameters: requestDelete,
		input: [{ id: 'abc', type: 'file' }],
		message: itemId(0, notAnId('abc')),
		item: 0,
	},
	'File Request Delete: File Request ID empty': {
		parameters: requestDelete,
		input: valid(1),
		credential: ['fileStorageFileRequestApi', 'fileRequestId', ''],
		message: EMPTY_FILE_REQUEST_ID,
		item: 0,
	},
	'File Request Delete: File Request ID "."': {
		parameters: requestDelete,
		input: valid(1),
		credential: ['fileStorageFileRequestApi', 'fileRequestId', '.'],
		message: FILE_REQUEST_ID,
		item: 0,
	},
	'File Request Delete: File Request ID ".."': {
		parameters: requestDelete,
		input: valid(1),
		credential: ['fileStorageFileRequestApi', 'fileRequestId', '..'],
		message: FILE_REQUEST_ID,
		item: 0,
	},
	'File Request Delete: Base URL ftp://': {
		parameters: requestDelete,
		input: valid(1),
		credential: ['fileStorageFileRequestApi', 'baseUrl', 'ftp://files.example.com'],
		message: BASE_URL,
		item: 0,
	},
	'File Request Contents: Folder "abc"': {
		parameters: { ...requestContents, parent: fromInput },
		input: [{ folder: 'abc' }],
		message: notAFolder('Folder', 'abc'),
		item: 0,
	},
	'File Request Contents: Folder "."': {
		parameters: { ...requestContents, parent: fromInput },
		input: [{ folder: '.' }],
		message: notAFolder('Folder', '.'),
		item: 0,
	},
	'File Request Contents: Folder ".."': {
		parameters: { ...requestContents, parent: fromInput },
		input: [{ folder: '..' }],
		message: notAFolder('Folder', '..'),
		item: 0,
	},
	'File Request Contents: Limit 0': {
		parameters: { ...requestContents, limit: 0 },
		message: wholeNumber('Limit', '0'),
		item: 0,
	},
	'File Request Contents: File Request ID "%2e"': {
		parameters: requestContents,
		credential: ['fileStorageFileRequestApi', 'fileRequestId', '%2e'],
		message: FILE_REQUEST_ID,
		item: 0,
	},
	'Upload From URL: URLs empty': {
		parameters: { ...upload, urls: '={{ $json.urls }}' },
		input: [{ urls: '' }],
		message: /^URLs: is empty.* \[item 0\]$/,
		item: 0,
	},
	'Upload From URL: an ftp:// URL': {
		parameters: { ...upload, urls: 'ftp://example.com/report.pdf' },
		message: badUrl(0, 1),
		item: 0,
	},
	'Upload From URL: a relative URL': {
		parameters: { ...upload, urls: '/files/report.pdf' },
		message: badUrl(0, 1),
		item: 0,
	},
	'Upload From URL: a javascript: URL': {
		parameters: { ...upload, urls: 'javascript:alert(1)' },
		message: badUrl(0, 1),
		item: 0,
	},
	'Upload From URL: a file: URL': {
		parameters: { ...upload, urls: 'file:///etc/passwd' },
		message: badUrl(0, 1),
		item: 0,
	},
	'Upload From URL: the second line not a URL': {
		parameters: { ...upload, urls: 'https://example.com/a.pdf\nreport.pdf' },
		message: badUrl(0, 2),
		item: 0,
	},
	'Upload From URL: Destination Folder ".."': {
		parameters: { ...upload, urls: 'https://example.com/a.pdf', parent: fromInput },
		input: [{ folder: '..' }],
		message: notAFolder('Destination Folder', '..'),
		item: 0,
	},

	// Account listings, their Limit and Timeout, and the access token credential's Base URL
	'Folder Contents: Access Token empty': {
		parameters: folderContents,
		credential: ['fileStorageApi', 'accessToken', ''],
		message: EMPTY_ACCESS_TOKEN,
		item: 0,
	},
	'Folder Contents: Access Token blank': {
		parameters: folderContents,
		credential: ['fileStorageApi', 'accessToken', '  '],
		message: EMPTY_ACCESS_TOKEN,
		item: 0,
	},
	'Folder Contents: Folder empty': {
		parameters: { ...folderContents, folder: fromInput },
		input: [{ folder: '' }],
		message: /^Folder: is empty.* \[item 0\]$/,
		item: 0,
	},
	'Folder Contents: Limit 0': {
		parameters: { ...folderContents, limit: 0 },
		message: wholeNumber('Limit', '0'),
		item: 0,
	},
	'Folder Contents: Limit -1': {
		parameters: { ...folderContents, limit: -1 },
		message: wholeNumber('Limit', '-1'),
		item: 0,
	},
	'Folder Contents: Limit 2.5': {
		parameters: { ...folderContents, limit: 2.5 },
		message: wholeNumber('Limit', '2.5'),
		item: 0,
	},
	'Folder Contents: Timeout 0': {
		parameters: { ...folderContents, options: { timeout: 0 } },
		message: timeout('0'),
		item: 0,
	},
	'Folder Contents: Base URL empty': {
		parameters: folderContents,
		credential: ['fileStorageApi', 'baseUrl', ''],
		message: BASE_URL,
		item: 0,
	},
	'Folder Contents: Base URL "http://"': {
		parameters: folderContents,
		credential: ['fileStorageApi', 'baseUrl', 'http://'],
		message: BASE_URL,
		item: 0,
	},
	'Folder Contents: Base URL javascript:': {
		parameters: folderContents,
		credential: ['fileStorageApi', 'baseUrl', 'javascript:alert(1)'],
		message: BASE_URL,
		item: 0,
	},
	'Recent Uploads: Limit 0': {
		parameters: { ...recentUploads, limit: 0 },
		message: wholeNumber('Limit', '0'),
		item: 0,
	},
	'Recent Uploads: Timeout -5': {
		parameters: { ...recentUploads, options: { timeout: -5 } },
		message: timeout('-5'),
		item: 0,
	},
	'Recent Uploads: Timeout not a number': {
		parameters: { ...recentUploads, options: { timeout: '=thirty' } },
		message: timeout('thirty'),
		item: 0,
	},
	'Recent Uploads: Base URL with a path but no scheme': {
		parameters: recentUploads,
		credential: ['fileStorageApi', 'baseUrl', 'files.example.com/api/v1'],
		message: BASE_URL,
		item: 0,
	},
	'Notifications: Limit 0': {
		parameters: { ...notifications, limit: 0 },
		message: wholeNumber('Limit', '0'),
		item: 0,
	},
	'Notifications: Timeout 0': {
		parameters: { ...notifications, options: { timeout: 0 } },
		message: timeout('0'),
		item: 0,
	},
	'Notifications: Base URL blank': {
		parameters: notifications,
		credential: ['fileStorageApi', 'baseUrl', '   '],
		message: BASE_URL,
		item: 0,
	},
};

describe('bad input fails before any request, naming the parameter and the item', () => {
	it.each(Object.entries(CASES))('%s', async (_what, bad) => {
		const { error, items } = await fx.run(bad.parameters, {
			input: bad.input,
			credentials: credentialsWith(fx, bad.credential),
		});
		expect(error?.name).toMatch(/^Node(Operation|Api)Error$/);
		expect(error?.message).toMatch(bad.message);
		expect(error?.description).toEqual(expect.any(String));
		expect(error?.description?.length).toBeGreaterThan(10);
		expect(error?.context?.itemIndex).toBe(bad.item);
		expect(items).toEqual([]);
		expect(fx.sandbox.requests).toEqual([]);
	});

	it('has at least 50 cases', () => expect(Object.keys(CASES).length).toBeGreaterThanOrEqual(50));
});

describe("values typed into the node are refused by n8n itself, from the parameters' declarations", () => {
	it.each([
		['an empty Name', { ...createFolder, name: '' }, 'Parameter "Name" is required.'],
		['empty URLs', { ...upload, urls: '' }, 'Parameter "URLs" is required.'],
		[
			'a File Request folder that is no UUID',
			{ ...requestContents, parent: byId('abc') },
			'Enter a folder ID, e.g. 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f, or root',
		],
		[
			'a Destination Folder ".."',
			{ ...upload, urls: 'https://example.com/a.pdf', parent: byId('..') },
			'Enter a folder ID, e.g. 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f, or root',
		],
		[
			'a blank Folder',
			{ ...folderContents, folder: byId('   ') },
			'Enter a folder ID, e.g. 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f, or all',
		],
	])('%s', async (_what, parameters, issue) => {
		await expect(fx.run(parameters)).rejects.toThrow(issue);
		expect(fx.sandbox.requests).toEqual([]);
	});
});

interface BadTrigger {
	parameters: INodeParameters;
	credential?: CredentialChange;
	message: RegExp;
}

const TRIGGER_CASES: Record<string, BadTrigger> = {
	'New File or Folder in File Request: Folder "abc"': {
		parameters: { event: 'fileRequestItem', parent: byId('abc') },
		message: /^Folder: "abc" is not a folder ID$/,
	},
	'New File or Folder in File Request: Folder ".."': {
		parameters: { event: 'fileRequestItem', parent: byId('..') },
		message: /^Folder: "\.\." is not a folder ID$/,
	},
	'New File or Folder in File Request: File Request ID ".."': {
		parameters: { event: 'fileRequestItem' },
		credential: ['fileStorageFileRequestApi', 'fileRequestId', '..'],
		message: FILE_REQUEST_ID,
	},
	'New File or Folder in File Request: File Request ID empty': {
		parameters: { event: 'fileRequestItem' },
		credential: ['fileStorageFileRequestApi', 'fileRequestId', ''],
		message: EMPTY_FILE_REQUEST_ID,
	},
	'New Upload: Access Token empty': {
		parameters: { event: 'upload' },
		credential: ['fileStorageApi', 'accessToken', ''],
		message: EMPTY_ACCESS_TOKEN,
	},
	'New Upload: Base URL without a scheme': {
		parameters: { event: 'upload' },
		credential: ['fileStorageApi', 'baseUrl', 'files.example.com'],
		message: BASE_URL,
	},
	'New Notification: Base URL empty': {
		parameters: { event: 'notification' },
		credential: ['fileStorageApi', 'baseUrl', ''],
		message: BASE_URL,
	},
};

describe('the trigger refuses bad input before any request, naming the parameter or credential field', () => {
	it.each(Object.entries(TRIGGER_CASES))('%s', async (_what, bad) => {
		for (const mode of ['trigger', 'manual'] as const) {
			const trigger = new Poller({
				credentials: credentialsWith(fx, bad.credential),
				parameters: bad.parameters,
			});
			const { error, items } = await trigger.poll(mode);
			fx.record(error);
			expect(error?.name).toMatch(/^Node(Operation|Api)Error$/);
			expect(error?.message).toMatch(bad.message);
			expect((error as { description?: string } | undefined)?.description).toEqual(
				expect.any(String),
			);
			expect(items).toBeNull();
			expect(trigger.staticData).toEqual({});
		}
		expect(fx.sandbox.requests).toEqual([]);
	});
});

describe('path parameters never leave their endpoint', () => {
	// The endpoint catalogue refuses such a folder too, but only this check names the parameter and the item.
	it.each(['.', '..', '%2e%2e'])(
		'Folder → Get Contents with Folder %j names the parameter and the item',
		async (value) => {
			const { error } = await fx.run(
				{
					resource: 'folder',
					operation: 'getContents',
					folder: { __rl: true, mode: 'id', value: '={{ $json.folder }}' },
				},
				{ input: [{ folder: value }] },
			);
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toMatch(/^Folder: .* \[item 0\]$/);
			expect(error?.description).toEqual(expect.any(String));
			expect(error?.context?.itemIndex).toBe(0);
			expect(fx.sandbox.requests).toEqual([]);
		},
	);
});
