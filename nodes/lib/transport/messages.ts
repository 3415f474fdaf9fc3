// What happened, for every failure the package reports: the one table of messages. How to fix each is in hints.ts,
// under the same names; errors.ts makes the errors, and facts.ts adds where a failure happened and which items
// it concerns.

import { CREDENTIALS } from '../credentialContract';
import type { SentRequest } from './endpoints';
import type { FailureKind } from './failures';

type ResponseMessage = (status: number, said: string, sent: SentRequest, fields: string) => string;

/** A time limit as the messages show it: seconds, or milliseconds under a second (Timeout takes fractions). */
export const timeLimitText = (ms: number) =>
	ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${Math.max(1, Math.round(ms))} ms`;

/** `code`: the network code, when the error had one. */
const withCode = (code: string | undefined) => (code ? ` (${code})` : '');

export const MESSAGES = {
	/** An API response, by kind; `said` is `: <the server's message>` when it sent one. */
	response: {
		auth: (status, said, { call }) =>
			`The ${CREDENTIALS[call.credentialType].secret.noun} was refused (HTTP ${status})${said}`,
		denied: (status, said) => `Access denied (HTTP ${status})${said}`,
		notFound: (status, said) => `Not found (HTTP ${status})${said}`,
		gone: (status) => `The file request is not active anymore (HTTP ${status})`,
		validation: (status, said, _sent, fields) =>
			`The server rejected the request as invalid (HTTP ${status})${fields ? `: ${fields}` : said}`,
		rateLimited: (status) => `Too many requests: the server is rate limiting (HTTP ${status})`,
		server: (status, said) =>
			`The File Storage server could not handle the request (HTTP ${status})${said}`,
		notJson: (status) => `The server answered with a web page instead of JSON (HTTP ${status})`,
		badJson: (status) =>
			`The server's answer is not complete JSON (HTTP ${status}): it was cut short or is malformed`,
		errorBody: (_status, said) => `The server declined the request${said}`,
		other: (status, said) => `The server did not accept the request (HTTP ${status})${said}`,
	} satisfies Record<FailureKind, ResponseMessage>,
	unexpected: (status: number, expected: string) =>
		`Unexpected answer from the server (HTTP ${status}): expected ${expected}`,
	timeout: (limit: string, { call }: Pick<SentRequest, 'call'>) =>
		`No answer within ${limit} to ${call.method} /api/v1${call.path}`,
	unreachable: (code: string | undefined) =>
		`Could not reach the File Storage server${withCode(code)}`,
	connectionBroke: (code: string) =>
		`The connection to the File Storage server broke before it answered (${code})`,
	cutMidResponse: (code: string) =>
		`The answer of the File Storage server broke off before its end (${code})`,
	listingChanged: 'The listing kept changing while it was read',

	/** The credential, checked before anything is sent. */
	credentialEmpty: (label: string, secret: string) =>
		`The ${secret} of the "${label}" credential is empty`,
	credentialUnusable: (label: string, secret: string) =>
		`The ${secret} of the "${label}" credential is empty or a dot segment ("." or "..")`,
	baseUrlInvalid: 'The Base URL of the credential is not an http(s) address',

	/** What a caller's facts say of where a failure happened (facts.ts). */
	watchedFolderGone: (folder: string) =>
		`The watched folder ${folder} no longer exists or is in the trash (HTTP 404)`,
	watchedFolderTrashed: (folder: string, since: string) =>
		`The watched folder ${folder} is in the trash (since ${since})`,
	subfolderGone: (subfolder: string) =>
		`The folder "${subfolder}" below the searched folder was deleted or moved during the search (HTTP 404)`,
	subfolderFailed: (subfolder: string, message: string) =>
		`The folder "${subfolder}" below the searched folder could not be listed: ${message}`,

	/** New File in Folder, placing a folder below the watched one by its parents. */
	parentsInCircle: (folderId: string, maxLevels: number) =>
		`The folders above ${folderId} never reach the top: more than ${maxLevels} levels`,
	folderUndescribed: (folderId: string) =>
		`The server did not describe folder ${folderId} when listing it (no meta.root)`,

	/** A file's download: refused, by kind of failure, and what else can happen to it on its way. */
	download: {
		auth: 'The server refused to send the file without valid credentials',
		denied: 'Access to the file was denied',
		notFound: 'The file was not found',
		gone: 'The file request is not active anymore',
		rateLimited: 'Too many requests: the server is rate limiting',
		server: 'The server could not send the file',
	} as Partial<Record<FailureKind, string>>,
	downloadRefused: 'The server did not send the file',
	downloadTimeout: (limit: string, url: string) => `No answer within ${limit} from ${url}`,
	downloadUnreachable: (url: string, code: string | undefined) =>
		`Could not reach the server of ${url}${withCode(code)}`,
	redirectWithoutAddress: (status: number) =>
		`The server redirected the download (HTTP ${status}) without a usable http(s) address`,
	tooManyRedirects: (max: number) => `Too many redirects: more than ${max} for one file`,
	notAFile: (page: boolean, status: number, mimeType: string, said: string) =>
		`The server answered with ${page ? 'a web page' : 'JSON'} instead of the file (HTTP ${status}, ${mimeType})${page ? '' : said}`,
	stalled: (limit: string, received: string, url: string) =>
		`The download stalled: no data for ${limit} after ${received} of ${url}`,
	cut: (received: string, url: string) => `The download was cut short after ${received} of ${url}`,
	tooLong: (received: number, expected: number | undefined) =>
		`The download is longer than the server announced: more than ${received - 1} bytes, Content-Length ${expected}`,
	largerThanMaxFileSize: (size: string, max: string) =>
		`The file is larger than Max File Size (MB) allows: ${size}, at most ${max}.`,
	pollTimeIsUp: (downloadSeconds: number, budgetSeconds: number) =>
		`Not included: the poll's time for downloads (${downloadSeconds} s of its ${budgetSeconds} s budget) ran out before this file's content arrived.`,

	/** Storing a download in n8n's binary data. */
	tooLargeForMode: (memory: boolean, size: string, cap: string) =>
		`The file is too large for n8n's ${memory ? 'in-memory' : 'database'} binary data mode: ${size}, at most ${cap}`,
	overDatabaseCap: (sizes: string) =>
		`The file is too large for n8n's database binary data mode${sizes}; N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE on n8n sets the cap`,
	tooLargeForMemory: "The file is too large for n8n's in-memory binary data mode",
	notStored: (detail: string) => `n8n could not store the downloaded file: ${detail}`,

	/** Upload File: a file the server was asked to fetch that never showed up. */
	notArrived: (fileName: string, seconds: number) =>
		`The file "${fileName}" did not show up in the file request within ${seconds} s`,
};
