// A download's errors: what happened to which file (its URL shown without secrets), and what to do about it.

import type { NodeApiError } from 'n8n-workflow';

import type { CredentialType } from '../../credentialContract';
import { httpUrl } from '../../urls';
import type { ErrorPlace } from '../errors';
import { excerptOf, redactedError, retryNote, saidIn } from '../errors';
import { REDACTED, redactText } from '../redaction';
import type { RetryReport } from '../retry';
import type { BodyCheck } from './body';

export type SentHop = ErrorPlace & { shownUrl: string; credentialType: CredentialType };

export const originOf = (url: string) => httpUrl(url)?.origin;

/** No query (signed URLs carry tokens there), no user info, secrets redacted. */
export function describeUrl(url: string, secrets: string[]): string {
	let described = url.split('?')[0];
	try {
		const parsed = new URL(url); // any scheme: user info goes whatever the URL is
		described = `${parsed.origin}${parsed.pathname}`;
	} catch {
		// not a URL: shown up to its query
	}
	// Path secrets of shares and file requests are credentials, whoever's they are.
	return redactText(
		described.replace(/\/(shared|upload-request)\/[^/]+/g, `/$1/${REDACTED}`),
		secrets,
	);
}

/** `: <message>` of a JSON error body, or nothing. */
export function serverSaid(text: string): string {
	try {
		return saidIn(JSON.parse(text));
	} catch {
		return ''; // not JSON: the description shows the excerpt
	}
}

/** By status: what happened, and how to fix it for the access token's files and the file request's. */
const REFUSALS: Record<number, [message: string, tokenHint: string, fileRequestHint?: string]> = {
	401: [
		'The server refused to send the file without valid credentials',
		'The access token was refused. Open the "File Storage API (access token)" credential and paste a valid access token of the account the file belongs to.',
		'File request downloads send no token: the URL carries the file request (…/upload-request/<ID>). Use the file URL a File Request listing gave, with the "File Storage File Request API" credential of that request.',
	],
	403: [
		'Access to the file was denied',
		'The file must belong to the account of the access token. Files of other accounts, shares or file requests are downloaded with their own link.',
		'The file must belong to the file request of the "File Storage File Request API" credential.',
	],
	404: [
		'The file was not found',
		'The file was deleted or moved to the trash, or the URL is wrong. List the files again to get a current file URL.',
		'The file was deleted, or it is not part of the file request of the credential, or the file request is unknown. List the file request again to get current file URLs.',
	],
	410: [
		'The file request is not active anymore',
		"The file request was filled or has expired, so its files can no longer be downloaded through it. Download them with the owner's access token (File resource), or ask for a new file request.",
	],
	429: [
		'Too many requests: the server is rate limiting',
		'Wait and run again, or download fewer files per run.',
	],
};

/** A refused answer; `baseOrigin` when the credential was not sent. */
export function refusedError(
	hop: SentHop,
	status: number,
	excerpt: string,
	report: RetryReport,
	baseOrigin: string | undefined,
): NodeApiError {
	const [message, tokenHint, fileRequestHint = tokenHint] = REFUSALS[status] ?? [
		status >= 500 ? 'The server could not send the file' : 'The server did not send the file',
		status >= 500
			? 'This is a server-side error. Try again later; if it persists, check the server logs.'
			: 'Check the file URL and the credential, then try again.',
	];
	const hint =
		baseOrigin !== undefined && (status === 401 || status === 403)
			? `The file is not on the credential's server (${baseOrigin}): the node sends credentials only to the Base URL's server, never to another host, also not through a redirect. Make the file reachable without credentials there, or download it from the credential's server.`
			: hop.credentialType === 'fileStorageFileRequestApi'
				? fileRequestHint
				: tokenHint;
	const answered = excerpt.trim() ? ` The server answered ${excerptOf(excerpt)}.` : '';
	const tried = retryNote({ tries: report.tries, waitedMs: report.waitedMs }); // a refused wait goes unsaid
	return redactedError(
		hop,
		`${message} (HTTP ${status})${serverSaid(excerpt)}`,
		`${hint}${tried}${answered}`,
		{ httpCode: status },
	);
}

export function bodyErrors(
	hop: SentHop,
	expectedBytes: number | undefined,
	timeoutMs: number,
): Pick<BodyCheck, 'stalled' | 'cut' | 'tooLong'> {
	const of = (received: number) =>
		expectedBytes === undefined ? `${received} bytes` : `${received} of ${expectedBytes} bytes`;
	return {
		stalled: (received) =>
			redactedError(
				hop,
				`The download stalled: no data for ${Math.round(timeoutMs / 1000)} s after ${of(received)} of ${hop.shownUrl}`,
				"Nothing was stored: a partial file is never output. Raise Timeout in the node's options if the server is slow, or run again.",
			),
		cut: (received, cause) =>
			redactedError(
				hop,
				`The download was cut short after ${of(received)} of ${hop.shownUrl}`,
				`The connection ended before the whole file arrived (${redactText(String((cause as Error)?.message ?? cause), hop.secrets)}). Nothing was stored: a partial file is never output. Run again; if it repeats, check the server or a proxy in between.`,
			),
		tooLong: (received) =>
			redactedError(
				hop,
				`The download is longer than the server announced: more than ${received - 1} bytes, Content-Length ${expectedBytes}`,
				'The file arrived altered (a server or proxy error, or a compressed answer), so nothing was stored. Run again; if it repeats, check the server.',
			),
	};
}
