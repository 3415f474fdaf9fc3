// How to fix a failed request, by what failed, endpoint, what was sent and where from: "pick the parent with From
// List" only where a parent was sent, "open the list again" in the editor, "the trigger tries again" in a poll.

import type { CredentialType } from '../credentialContract';
import type { ApiCall, Caller, EndpointName, SentRequest } from './endpoints';
import { httpUrl } from '../urls';
import { ADVICE } from './advice';
import type { FailureKind } from './failures';

type Hint = string | ((sent: SentRequest) => string);

/** The trigger's watched folder is gone: deleted, or in the trash. */
const WATCHED_FOLDER_GONE = 'Restore the folder from the trash, or pick another folder in Folder.';

/** A trigger's file output without its content (its `contentError` says why). */
export const WITHOUT_CONTENT =
	'The file is output without its content; File → Download can fetch it later.';
const STORE_ON_DISK =
	'Have the n8n administrator store binary data on disk: N8N_DEFAULT_BINARY_DATA_MODE=filesystem (or S3).';
const NEVER_PARTIAL = 'Nothing was stored: a partial file is never output.';

const TOKEN_REFUSED: Record<CredentialType, string> = {
	fileStorageApi:
		'The access token was refused. Open the "File Storage API" credential and paste a valid access token; check that the Base URL points at the same server that issued it.',
	fileStorageShareApi:
		'The share token was refused. Check the "File Storage Share API" credential.',
	fileStorageFileRequestApi:
		'The file request ID was refused. Check the "File Storage File Request API" credential.',
};

const SHARE_REFUSED =
	'The share must be an editor share without a password that has not expired. Ask the owner for an editor share link and paste its last part into the "File Storage Share API" credential.';
const SHARE_UNKNOWN =
	'The share token is unknown or the share has expired (expired shares are removed). Ask the owner for a new share link and update the "File Storage Share API" credential.';
const REQUEST_REFUSED =
	'The file request itself was refused: it may be closed, expired, or the ID in the "File Storage File Request API" credential may be wrong. Check it against the upload link.';
const REQUEST_UNKNOWN =
	'The file request ID is unknown to this server. Copy the last part of the upload link into the "File Storage File Request API" credential.';

// A refusal may be about the parent folder the call names.
function sentParent({ call }: SentRequest): boolean {
	const parent = call.qs?.parent_id ?? call.body?.parent_id;
	return parent !== undefined && parent !== null && parent !== '';
}

const HINTS: Partial<Record<`${EndpointName}.${FailureKind}`, Hint>> = {
	'folderContents.denied':
		'The account of this access token may not read this folder. Check that the folder belongs to this account.',
	'folderContents.notFound':
		'No folder with this ID in the account of this access token. Pick the folder with "From List", or use "all" for the root.',
	'recentUploads.denied':
		"The account of this access token may not list recent uploads. Check the token's account.",
	'recentUploads.notFound':
		'The server has no recent-uploads endpoint here: check that the Base URL is the File Storage server itself.',
	'restoreFromTrash.denied':
		'The account of this access token may not restore these items. Check that they belong to this account.',
	'restoreFromTrash.notFound':
		"An item was not found in the trash of this account. Map File or Folder ID (and File or Folder) from a listing or a delete's output, and check that the items are still in the trash.",
	'restoreFromTrash.errorBody':
		'The server stopped partway: items before the failing one in the same request may already be restored. Check the File or Folder IDs (they must be in the trash of this account), then run again.',
	'createFolderInShare.denied': (sent) =>
		sentParent(sent)
			? 'The Parent Folder ID must be inside the shared folder. Leave it empty to create at the top of the share, or use the ID of a folder inside it.'
			: SHARE_REFUSED,
	'createFolderInShare.notFound': (sent) =>
		sentParent(sent)
			? 'The Parent Folder ID was not found inside the shared folder, or the share is gone. Check the folder ID, then the share link.'
			: SHARE_UNKNOWN,
	'deleteInShare.denied': `The items must be inside the shared folder, and the share must allow editing. ${SHARE_REFUSED}`,
	'deleteInShare.notFound': SHARE_UNKNOWN,
	'deleteInShare.errorBody':
		'The server stopped partway: items before the failing one in the same request may already be deleted. Check that every File or Folder ID is inside the shared folder, then run again.',
	'fileRequestContents.denied': (sent) =>
		sentParent(sent)
			? 'The Folder must be inside the file request. Pick it with "From List", or use File Request Root.'
			: REQUEST_REFUSED,
	'fileRequestContents.notFound': (sent) =>
		sentParent(sent)
			? 'No such folder in the file request. Pick it with "From List".'
			: REQUEST_UNKNOWN,
	'deleteInFileRequest.denied':
		'The items must be inside the file request. Map File or Folder ID (and File or Folder) from File Request → Get Contents.',
	'deleteInFileRequest.notFound': REQUEST_UNKNOWN,
	'deleteInFileRequest.errorBody':
		'The server stopped partway: items before the failing one in the same request may already be deleted. Check that every File or Folder ID is inside the file request, then run again.',
	'uploadToFileRequest.denied': (sent) =>
		sentParent(sent)
			? 'The Destination Folder must be inside the file request. Pick it with "From List", or use File Request Root.'
			: REQUEST_REFUSED,
	'uploadToFileRequest.notFound': REQUEST_UNKNOWN,
	'notifications.denied':
		"The account of this access token may not read notifications. Check the token's account.",
	'notifications.notFound':
		'The server has no notifications endpoint here: check that the Base URL is the File Storage server itself.',
};

const GENERIC: Record<FailureKind, Hint> = {
	auth: ({ call }) => TOKEN_REFUSED[call.credentialType],
	denied: 'The server refused this request for this credential. Check the IDs and the credential.',
	notFound: 'Something named in the request does not exist. Check the IDs and the credential.',
	gone: 'The file request was filled or has expired. Create a new file request and put its ID in the "File Storage File Request API" credential.',
	validation: fieldsNamed,
	rateLimited: ({ caller, call }) =>
		caller !== 'poll' && caller !== 'listSearch' && isBatchRequest(call)
			? 'Wait and run again, run the workflow less often, or raise Batch Size so fewer requests are sent.'
			: ADVICE[caller].rateLimited,
	server: ({ caller }) => ADVICE[caller].server,
	notJson:
		'Check the Base URL of the credential: it must be the File Storage server itself, not a login page, proxy or the web app under a different path.',
	badJson: ({ caller }) =>
		`The answer started as JSON but could not be read, so nothing of it is used. ${ADVICE[caller].retry} If this repeats, check the server (or a proxy in between) for answers cut off mid-way.`,
	errorBody:
		'The server stopped partway: for batch operations, items before the failing one in the same request may already be done. Check the IDs, then run again.',
	other: ({ caller }) => `Check the parameters and the credential. ${ADVICE[caller].retry}`,
};

/** In the editor's folder list, a refused or missing folder is one the list showed a moment ago. */
const IN_A_LIST: Partial<Record<FailureKind, string>> = {
	denied:
		'The credential may not read a folder of this list. Check the credential, or enter the ID By ID.',
	notFound:
		'A folder of this list is gone: deleted or moved to the trash since the list was loaded. Open the list again.',
};

/** How to fix a refused download, by kind: for the access token's (and a share's) files, and a file request's. */
const DOWNLOAD_HINTS: Partial<Record<FailureKind, [token: string, fileRequest?: string]>> = {
	auth: [
		'The access token was refused. Open the "File Storage API (access token)" credential and paste a valid access token of the account the file belongs to.',
		'File request downloads send no token: the URL carries the file request (…/upload-request/<ID>). Use the file URL a File Request listing gave, with the "File Storage File Request API" credential of that request.',
	],
	denied: [
		'The file must belong to the account of the access token. Files of other accounts, shares or file requests are downloaded with their own link.',
		'The file must belong to the file request of the "File Storage File Request API" credential.',
	],
	notFound: [
		'The file was deleted or moved to the trash, or the URL is wrong. List the files again to get a current file URL.',
		'The file was deleted, or it is not part of the file request of the credential, or the file request is unknown. List the file request again to get current file URLs.',
	],
	gone: [
		"The file request was filled or has expired, so its files can no longer be downloaded through it. Download them with the owner's access token (File resource), or ask for a new file request.",
	],
	rateLimited: ['Wait and run again, or download fewer files per run.'],
	server: ['This is a server-side error. Try again later; if it persists, check the server logs.'],
};

/** `baseOrigin`: the file is on another server than the credential's, which is sent no credential. */
export function downloadHint(
	kind: FailureKind,
	status: number,
	credentialType: CredentialType,
	baseOrigin: string | undefined,
): string {
	if (baseOrigin !== undefined && (kind === 'auth' || kind === 'denied'))
		return `The file is not on the credential's server (${baseOrigin}): the node sends credentials only to the Base URL's server, never to another host, also not through a redirect. Make the file reachable without credentials there, or download it from the credential's server.`;
	const [tokenHint, fileRequestHint = tokenHint] = DOWNLOAD_HINTS[kind] ??
		(status >= 500 ? DOWNLOAD_HINTS.server : undefined) ?? [
			'Check the file URL and the credential, then try again.',
		];
	return credentialType === 'fileStorageFileRequestApi' ? fileRequestHint : tokenHint;
}

export function hintFor(sent: SentRequest, kind: FailureKind): string {
	const listHint = sent.caller === 'listSearch' ? IN_A_LIST[kind] : undefined;
	const hint = listHint ?? HINTS[`${sent.call.endpoint}.${kind}`] ?? GENERIC[kind];
	return typeof hint === 'function' ? hint(sent) : hint;
}

function isBatchRequest(call: ApiCall): boolean {
	return Array.isArray(call.body?.items) || Array.isArray(call.body?.urls);
}

// What the fields a validation error names ('items.N', 'urls.N') are in the request that was sent.
function fieldsNamed(sent: SentRequest): string {
	const { caller, call } = sent;
	if (caller === 'upload') return linkRefused(sent);
	if (caller !== 'operation')
		return "The server refused the request the node makes for this. Check that the credential's Base URL is a File Storage server that follows the API.";
	if (Array.isArray(call.body?.urls))
		return "Fix the values named above. 'urls.N' is the Nth URL of the request (see URLs per Request).";
	if (isBatchRequest(call))
		return "Fix the values named above. 'items.N' is the Nth item of the request (see Batch Size).";
	return 'Fix the parameters named above.';
}

// Upload File's URLs are n8n's signed links: the user never saw them, and their token is redacted from every text.
function linkRefused({ call }: SentRequest): string {
	const links = (Array.isArray(call.body?.urls) ? call.body.urls : []).map(String);
	const origin = links.length ? httpUrl(links[0])?.origin : undefined;
	const more = links.length > 1 ? ` (and ${links.length - 1} more)` : '';
	return [
		`The server could not fetch the file from n8n's private link${links.length ? ` ${links[0]}${more}` : ''}.`,
		origin
			? `Check that the server can reach n8n at ${origin}: WEBHOOK_URL on n8n sets that address.`
			: 'Check that the server can reach n8n: WEBHOOK_URL on n8n sets the address in the link.',
		'The token of the link is not shown: it grants access to the file.',
	].join(' ');
}

/**
 * How to fix each failure of messages.ts that is not an API response: under the same names. `applied` is the
 * warning that a mutation may have been applied (empty for reads).
 */
export const FAILURE_HINTS = {
	/** Said after a hint: what the retries did, whether a mutation may have been applied, what the error said. */
	tried: (tries: number, waitedSeconds: number) =>
		`Tried ${tries} times, waiting ${waitedSeconds} s in all.`,
	refusedWait: (seconds: number) =>
		`The server asked to wait ${seconds} s, longer than the node waits.`,
	checkBeforeRunning: (mayBeApplied: string) => `${mayBeApplied}: check before running again.`,
	mayBeApplied: {
		serverFailed: 'The request may have been applied before the server failed',
		statusSaysDone: 'The status says it succeeded, so the request may have been applied',
		unexpected: 'The request may have been applied',
		timeout: 'The request may still have been applied',
		connectionBroke: 'The request may have been applied before the connection broke',
	},
	detail: (detail: string) => `Detail: ${detail}`,
	serverAnswered: (excerpt: string) => `The server answered ${excerpt}.`,

	unexpected: (caller: Caller, excerpt: string, applied: string) =>
		`The server answered ${excerpt}. Nothing of this answer is used.${applied} Check that the Base URL of the credential points at the File Storage API itself (not a proxy or another app). ${ADVICE[caller].retry}`,
	timeout: (caller: Caller, limit: string, applied: string) =>
		`The server did not answer in time.${applied} ${ADVICE[caller].timeout(limit)}`,
	unreachable: (credentialLabel: string) =>
		`Check the Base URL in the "${credentialLabel}" credential and that the server is running and reachable from n8n.`,
	connectionBroke: (caller: Caller) =>
		`The server, or a proxy between n8n and it, closed the connection before a complete answer. ${ADVICE[caller].retry} If this repeats, check the server and its proxy.`,
	listingChanged: (caller: Caller, rereads: number) =>
		`Entries were added or removed between its pages ${rereads} times in a row, and this server pages by position, so a complete reading could not be taken. Nothing of it is used. ${ADVICE[caller].retry}`,

	credentialEmpty: (paste: string) => `Nothing was sent. ${paste}`,
	credentialUnusable: (paste: string) =>
		`It is put into the request path, where such a value would address another endpoint, so nothing was sent. ${paste}`,
	/** How the unusable value of `credentialEmpty` and `credentialUnusable` is fixed. */
	pasteSecret: (label: string, secret: string, whereToFind: string) =>
		`Open the "${label}" credential and paste the ${secret} (${whereToFind}).`,
	baseUrlInvalid: (label: string) =>
		`Open the "${label}" credential and set Base URL to the server's address, e.g. https://files.example.com`,

	watchedFolderGone: WATCHED_FOLDER_GONE,
	watchedFolderTrashed: WATCHED_FOLDER_GONE,
	parentsInCircle:
		'The server names parent folders that lead in a circle. Watch Root (All Files) instead, or turn off Include Subfolders.',
	folderUndescribed:
		"New File in Folder needs each folder's parent, which the folder listing states in meta.root. Use New Upload instead, with a filter in the workflow.",
	subfolderGone:
		'It changed while the search ran. The searched folder itself is fine: run the search again.',
	subfolderFailed: (description: string) =>
		`The searched folder itself is fine. ${description || 'Run the search again.'}`,
	/** What a failed batch says of its items. */
	carriedRefused: (items: string) => `The request that was refused carried ${items}.`,
	carriedFailed: (items: string) => `The failed request carried ${items}.`,
	carriedAccepted: (items: string) =>
		`The server accepted the upload of ${items} before this failed, so their files may be in the file request: check before running again.`,
	alreadyDone: (items: string) => `Already done: ${items}.`,
	notAttempted: (items: string) => `Not attempted: ${items}.`,
	doneSentAgain: 'Running the node again (or Retry On Fail) sends the done items again.',
	urlsSent: (count: number) => `URLs 1–${count} of this item were already sent.`,

	downloadTimeout:
		"The server did not start sending the file in time. Raise Timeout in the node's options if the server is slow, or check that it is running.",
	downloadUnreachable: (detail: string) =>
		`Check that the server is running and reachable from n8n, and that the file URL is right. Detail: ${detail}`,
	redirectWithoutAddress: 'Check the file URL; the server sent a redirect the node cannot follow.',
	tooManyRedirects:
		'The server keeps redirecting (possibly in a loop). Check the file URL in a browser.',
	notAFile: (page: boolean, expectedMimeType: string, credentialLabel: string, excerpt: string) =>
		`The file should be ${expectedMimeType}. ${page ? 'A login page or the web app answered instead: check' : 'Check'} the file URL and that the Base URL of the "${credentialLabel}" credential is the server the file is on. The server answered ${excerpt}.`,
	stalled: `${NEVER_PARTIAL} Raise Timeout in the node's options if the server is slow, or run again.`,
	cut: (cause: string) =>
		`The connection ended before the whole file arrived (${cause}). ${NEVER_PARTIAL} Run again; if it repeats, check the server or a proxy in between.`,
	tooLong:
		'The file arrived altered (a server or proxy error, or a compressed answer), so nothing was stored. Run again; if it repeats, check the server.',
	largerThanMaxFileSize: `${WITHOUT_CONTENT} To include files this large, raise Max File Size (MB) in the trigger's options.`,
	pollTimeIsUp: WITHOUT_CONTENT,

	tooLargeForMode: (memory: boolean, cap: string) =>
		memory
			? `Nothing was downloaded. ${STORE_ON_DISK}`
			: `Nothing was downloaded. n8n keeps at most ${cap} per file in its database mode: have the n8n administrator use S3 binary data storage for larger files.`,
	overDatabaseCap: (maxMib: number) =>
		`Nothing was stored. Have the n8n administrator raise N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE (in MiB: 1 MiB = 1,048,576 bytes; at most ${maxMib}, 512 by default) on the main and on every worker, or use S3 binary data storage.`,
	tooLargeForMemory: STORE_ON_DISK,
	notStored:
		"Check the disk space and permissions of n8n's binary data folder (N8N_BINARY_DATA_STORAGE_PATH).",

	notArrived: (shownUrl: string, warning: string | undefined, others: string[]) =>
		[
			`The server was asked to fetch ${shownUrl}.`,
			warning ??
				'Check that the server can reach n8n at that address (WEBHOOK_URL sets it) and that its upload queue is running.',
			others.length
				? `New files that did show up: ${others.join(', ')}; a server that names files its own way is not recognised.`
				: '',
			"If the server is just slow, raise 'Max Wait Time'.",
		]
			.filter((part) => part !== '')
			.join(' '),
};
