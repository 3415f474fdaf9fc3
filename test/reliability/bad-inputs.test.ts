import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { Poller } from '../harness/engine';
import { useFixture } from '../helpers/fixture';
import { byId, OPS } from '../helpers/parameters';

/**
 * Bad input fails before anything is sent: each case expects an error that names the parameter (or credential
 * field) and the input item, says how to fix it, and zero requests at the sandbox.
 */

const fx = useFixture();

const UUID = '11111111-2222-4333-8444-555555555555';
const OTHER_UUID = '66666666-7777-4888-9999-000000000000';
/** Values typed into the node are checked by n8n from the parameter's declaration; values from data reach the node. */
const fromInput = byId('={{ $json.folder }}');
const valid = (count: number) => Array.from({ length: count }, () => ({ id: UUID, type: 'file' }));

/** Fields of the file's credentials changed for one case, by credential type. */
type CredentialChange = Partial<Record<string, IDataObject>>;

interface BadInput {
	parameters: INodeParameters;
	input?: IDataObject[];
	credential?: CredentialChange;
	/** What the error must say: it names the parameter or the credential field. */
	message: RegExp;
	/** The input item the error names. */
	item: number;
}

const credentialsWith = (change?: CredentialChange) =>
	change ? fx.credentialsWith(change) : fx.credentials;

const { restore, shareDelete, requestDelete, requestContents, notifications } = OPS;
const { uploadFromUrl: upload, recentUploads } = OPS;
const createFolder: INodeParameters = { ...OPS.createFolder, name: 'Reports' };
const folderContents: INodeParameters = { ...OPS.folderContents, folder: byId('all') };

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

const CASES: Record<string, BadInput> = {};
type Row = [what: string, INodeParameters, RegExp, IDataObject[]?, CredentialChange?, number?];
/** Adds the cases of one operation: `what` → [parameters, message, input, credential, item (0 unless given)]. */
function cases(operation: string, rows: Row[]): void {
	for (const [what, parameters, message, input, credential, item = 0] of rows)
		CASES[`${operation}: ${what}`] = { parameters, message, input, credential, item };
}
const credential = (type: string, field: string) => (value: string) => ({
	[type]: { [field]: value },
});
const share = credential('fileStorageShareApi', 'shareToken');
const request = credential('fileStorageFileRequestApi', 'fileRequestId');
const accessToken = credential('fileStorageApi', 'accessToken');
const baseUrl = credential('fileStorageApi', 'baseUrl');
const shareBaseUrl = credential('fileStorageShareApi', 'baseUrl');
const requestBaseUrl = credential('fileStorageFileRequestApi', 'baseUrl');
const withOptions = (parameters: INodeParameters, options: INodeParameters) => ({
	...parameters,
	options,
});
const one = valid(1);

// File or Folder ID and File or Folder of Restore (from the input item, as the defaults map them)
type Rest = [INodeParameters, RegExp, IDataObject[]];
const restoreId = (value: string | number | null, problem = notAnId(String(value))): Rest => [
	restore,
	itemId(0, problem),
	[{ id: value, type: 'file' }],
];
const restoreType = (type: string | undefined, problem: string): Rest => [
	restore,
	itemType(0, problem),
	[{ id: UUID, type }],
];
const neither = (type: string) => `"${type}" is neither "file" nor "folder"`;
cases('Restore', [
	['File or Folder ID "abc"', ...restoreId('abc')],
	['File or Folder ID empty', ...restoreId('', 'is empty')],
	['File or Folder ID "."', ...restoreId('.')],
	['File or Folder ID ".."', ...restoreId('..')],
	['File or Folder ID "../../browse/latest"', ...restoreId('../../browse/latest')],
	['File or Folder ID "%2e%2e"', ...restoreId('%2e%2e')],
	['File or Folder ID one character too long', ...restoreId(`${UUID}0`)],
	['File or Folder ID with a space inside', ...restoreId(UUID.replace('-', ' '))],
	['File or Folder ID null', ...restoreId(null, 'is empty')],
	['File or Folder ID a number', ...restoreId(12345)],
	[
		'File or Folder ID missing from the input item',
		restore,
		itemId(0, 'is empty'),
		[{ type: 'file' }],
	],
	[
		'File or Folder ID typed in, not a UUID',
		{ ...restore, itemId: 'invoice-2026.pdf', itemType: 'file' },
		itemId(0, notAnId('invoice-2026.pdf')),
	],
	['File or Folder "document"', ...restoreType('document', neither('document'))],
	['File or Folder empty', ...restoreType('', 'is empty')],
	['File or Folder missing from the input item', restore, itemType(0, 'is empty'), [{ id: UUID }]],
	['File or Folder "files"', ...restoreType('files', neither('files'))],
	['File or Folder "trash"', ...restoreType('trash', neither('trash'))],
	[
		'item 3 of 5 bad, the others fine',
		restore,
		itemId(3, notAnId('oops')),
		[...valid(3), { id: 'oops', type: 'file' }, { id: OTHER_UUID, type: 'folder' }],
		undefined,
		3,
	],
	[
		'the last of 5 items bad',
		restore,
		itemType(4, neither('link')),
		[...valid(4), { id: UUID, type: 'link' }],
		undefined,
		4,
	],
	...[0, -3, 2.5].map(
		(batchSize): Row => [
			`Batch Size ${batchSize}`,
			{ ...restore, options: { batchSize } },
			wholeNumber('Batch Size', String(batchSize)),
			valid(2),
		],
	),
	['Timeout 0', { ...restore, options: { timeout: 0 } }, timeout('0'), one],
	['Timeout -1', { ...restore, options: { timeout: -1 } }, timeout('-1'), one],
]);

// Shared Folder: Delete File or Folder and Create Folder, and the share token
cases('Shared Folder Delete', [
	['File or Folder ID ".."', shareDelete, itemId(0, notAnId('..')), [{ id: '..', type: 'folder' }]],
	['File or Folder "x"', shareDelete, itemType(0, neither('x')), [{ id: UUID, type: 'x' }]],
	['Batch Size 0', withOptions(shareDelete, { batchSize: 0 }), wholeNumber('Batch Size', '0'), one],
	['Share Token empty', shareDelete, EMPTY_SHARE_TOKEN, one, share('')],
	['Share Token "."', shareDelete, SHARE_TOKEN, one, share('.')],
	['Share Token ".."', shareDelete, SHARE_TOKEN, one, share('..')],
	['Share Token blank', shareDelete, EMPTY_SHARE_TOKEN, one, share('   ')],
	['Share Token "%2E%2E"', shareDelete, SHARE_TOKEN, one, share('%2E%2E')],
	['Base URL without a scheme', shareDelete, BASE_URL, one, shareBaseUrl('files.example.com')],
]);
const NAME_EMPTY = /^Name: is empty.* \[item 0\]$/;
cases('Create Folder', [
	['Name empty', { ...createFolder, name: '={{ $json.name }}' }, NAME_EMPTY, [{ name: '' }]],
	['Name blank', { ...createFolder, name: '   ' }, NAME_EMPTY],
	...['abc', '.', '..'].map(
		(parent): Row => [
			`Parent Folder ID "${parent}"`,
			{ ...createFolder, parent },
			notAFolder('Parent Folder ID', parent),
		],
	),
	['Timeout 0', { ...createFolder, options: { timeout: 0 } }, timeout('0')],
	['Share Token ".."', createFolder, SHARE_TOKEN, undefined, share('..')],
]);

// File Request: Delete File or Folder, Get Contents, Upload From URL, and the file request ID
cases('File Request Delete', [
	[
		'File or Folder ID "abc"',
		requestDelete,
		itemId(0, notAnId('abc')),
		[{ id: 'abc', type: 'file' }],
	],
	['File Request ID empty', requestDelete, EMPTY_FILE_REQUEST_ID, one, request('')],
	['File Request ID "."', requestDelete, FILE_REQUEST_ID, one, request('.')],
	['File Request ID ".."', requestDelete, FILE_REQUEST_ID, one, request('..')],
	['Base URL ftp://', requestDelete, BASE_URL, one, requestBaseUrl('ftp://files.example.com')],
]);
cases('File Request Contents', [
	...['abc', '.', '..'].map(
		(folder): Row => [
			`Folder "${folder}"`,
			{ ...requestContents, parent: fromInput },
			notAFolder('Folder', folder),
			[{ folder }],
		],
	),
	['Limit 0', { ...requestContents, limit: 0 }, wholeNumber('Limit', '0')],
	['File Request ID "%2e"', requestContents, FILE_REQUEST_ID, undefined, request('%2e')],
]);
const urls = (value: string) => ({ ...upload, urls: value });
cases('Upload From URL', [
	['URLs empty', urls('={{ $json.urls }}'), /^URLs: is empty.* \[item 0\]$/, [{ urls: '' }]],
	['an ftp:// URL', urls('ftp://example.com/report.pdf'), badUrl(0, 1)],
	['a relative URL', urls('/files/report.pdf'), badUrl(0, 1)],
	['a javascript: URL', urls('javascript:alert(1)'), badUrl(0, 1)],
	['a file: URL', urls('file:///etc/passwd'), badUrl(0, 1)],
	['the second line not a URL', urls('https://example.com/a.pdf\nreport.pdf'), badUrl(0, 2)],
	[
		'Destination Folder ".."',
		{ ...urls('https://example.com/a.pdf'), parent: fromInput },
		notAFolder('Destination Folder', '..'),
		[{ folder: '..' }],
	],
]);

// Account listings, their Limit and Timeout, and the access token credential's Base URL
cases('Folder Contents', [
	['Access Token empty', folderContents, EMPTY_ACCESS_TOKEN, one, accessToken('')],
	['Access Token blank', folderContents, EMPTY_ACCESS_TOKEN, one, accessToken('  ')],
	[
		'Folder empty',
		{ ...folderContents, folder: fromInput },
		/^Folder: is empty.* \[item 0\]$/,
		[{ folder: '' }],
	],
	['Limit 0', { ...folderContents, limit: 0 }, wholeNumber('Limit', '0')],
	['Limit -1', { ...folderContents, limit: -1 }, wholeNumber('Limit', '-1')],
	['Limit 2.5', { ...folderContents, limit: 2.5 }, wholeNumber('Limit', '2.5')],
	// path parameters never leave their endpoint: the endpoint catalogue refuses such a folder too, but only this
	// check names the parameter and the item
	...['.', '..', '%2e%2e'].map(
		(folder): Row => [
			`Folder "${folder}"`,
			{ ...folderContents, folder: fromInput },
			/^Folder: .* \[item 0\]$/,
			[{ folder }],
		],
	),
	['Timeout 0', { ...folderContents, options: { timeout: 0 } }, timeout('0')],
	...['', 'http://', 'javascript:alert(1)'].map(
		(url): Row => [`Base URL ${JSON.stringify(url)}`, folderContents, BASE_URL, one, baseUrl(url)],
	),
]);
cases('Recent Uploads', [
	['Limit 0', { ...recentUploads, limit: 0 }, wholeNumber('Limit', '0')],
	['Timeout -5', { ...recentUploads, options: { timeout: -5 } }, timeout('-5')],
	['Timeout not a number', withOptions(recentUploads, { timeout: '=thirty' }), timeout('thirty')],
	[
		'Base URL with a path, no scheme',
		recentUploads,
		BASE_URL,
		one,
		baseUrl('files.example.com/api/v1'),
	],
]);
cases('Notifications', [
	['Limit 0', { ...notifications, limit: 0 }, wholeNumber('Limit', '0')],
	['Timeout 0', { ...notifications, options: { timeout: 0 } }, timeout('0')],
	['Base URL blank', notifications, BASE_URL, one, baseUrl('   ')],
]);

describe('bad input fails before any request, naming the parameter and the item', () => {
	it.each(Object.entries(CASES))('%s', async (_what, bad) => {
		const { error, items } = await fx.run(bad.parameters, {
			input: bad.input,
			credentials: credentialsWith(bad.credential),
		});
		// a credential that cannot be used is the API's error; a bad parameter the operation's
		expect(error?.name).toBe(bad.credential ? 'NodeApiError' : 'NodeOperationError');
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
	const enterAFolderId = 'Enter a folder ID, e.g. 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f, or';
	const toA = { ...upload, urls: 'https://example.com/a.pdf' };
	it.each([
		['an empty Name', { ...createFolder, name: '' }, 'Parameter "Name" is required.'],
		['empty URLs', { ...upload, urls: '' }, 'Parameter "URLs" is required.'],
		[
			'a File Request folder that is no UUID',
			{ ...requestContents, parent: byId('abc') },
			`${enterAFolderId} root`,
		],
		['a Destination Folder ".."', { ...toA, parent: byId('..') }, `${enterAFolderId} root`],
		['a blank Folder', { ...folderContents, folder: byId('   ') }, `${enterAFolderId} all`],
	])('%s', async (_what, parameters, issue) => {
		await expect(fx.run(parameters)).rejects.toThrow(issue);
		expect(fx.sandbox.requests).toEqual([]);
	});
});

type TriggerRow = [what: string, INodeParameters, RegExp, CredentialChange?];
const TRIGGER_CASES: TriggerRow[] = [];
/** Adds the cases of one event: [what, parameters besides the event, message, credential change]. */
const triggerCases = (name: string, event: string, rows: TriggerRow[]) =>
	// four columns in every row, also without a credential change: jest hands a row shorter than the test's
	// parameters a `done` callback in their place
	rows.forEach(([what, parameters, message, credential]) =>
		TRIGGER_CASES.push([`${name}: ${what}`, { event, ...parameters }, message, credential]),
	);
triggerCases('New File or Folder in File Request', 'fileRequestItem', [
	['Folder "abc"', { parent: byId('abc') }, /^Folder: "abc" is not a folder ID$/],
	['Folder ".."', { parent: byId('..') }, /^Folder: "\.\." is not a folder ID$/],
	['File Request ID ".."', {}, FILE_REQUEST_ID, request('..')],
	['File Request ID empty', {}, EMPTY_FILE_REQUEST_ID, request('')],
]);
triggerCases('New Upload', 'upload', [
	['Access Token empty', {}, EMPTY_ACCESS_TOKEN, accessToken('')],
	['Base URL without a scheme', {}, BASE_URL, baseUrl('files.example.com')],
]);
triggerCases('New Notification', 'notification', [['Base URL empty', {}, BASE_URL, baseUrl('')]]);

describe('the trigger refuses bad input before any request, naming the parameter or credential field', () => {
	it.each(TRIGGER_CASES)('%s', async (_what, parameters, message, credential) => {
		for (const mode of ['trigger', 'manual'] as const) {
			const trigger = new Poller({ credentials: credentialsWith(credential), parameters });
			const { error, items } = await trigger.poll(mode);
			fx.record(error);
			expect(error?.name).toMatch(/^Node(Operation|Api)Error$/);
			expect(error?.message).toMatch(message);
			expect((error as { description?: string }).description).toEqual(expect.any(String));
			expect(items).toBeNull();
			expect(trigger.staticData).toEqual({});
		}
		expect(fx.sandbox.requests).toEqual([]);
	});
});
