// A download's errors: what happened to which file (its URL shown without secrets), and what to do about it.

import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { CredentialType } from '../../credentialContract';
import { CREDENTIALS } from '../../credentialContract';
import { isObject } from '../../resources/wrappers';
import { redactText } from '../redaction';
import type { BodyCheck } from './body';
import { describeUrl, originOf } from './origins';

/** Where a download failed: the node, the item, the URL as errors show it, the secrets to redact. */
export interface SentHop {
	node: INode;
	itemIndex: number;
	shownUrl: string;
	secrets: string[];
	credentialType: CredentialType;
}

export function sentHop(
	node: INode,
	itemIndex: number,
	url: string,
	secrets: string[],
	credentialType: CredentialType,
): SentHop {
	return { node, itemIndex, shownUrl: describeUrl(url, secrets), secrets, credentialType };
}

export function downloadError(
	hop: SentHop,
	message: string,
	description: string,
	httpCode?: number,
): NodeApiError {
	const text = redactText(message, hop.secrets);
	const code = httpCode === undefined ? undefined : String(httpCode);
	const error = new NodeApiError(
		hop.node,
		{ message: text, ...(code ? { httpCode: code } : {}) },
		{
			message: text,
			description: redactText(description, hop.secrets),
			itemIndex: hop.itemIndex,
			...(code ? { httpCode: code } : {}),
		},
	);
	// NodeApiError swaps a message that mentions a network code (ECONNREFUSED…) for generic wording; ours names the file.
	error.message = text;
	return error;
}

/** `: <message>` of a JSON error body, or nothing. */
export function serverSaid(text: string): string {
	try {
		const parsed: unknown = JSON.parse(text);
		if (isObject(parsed) && typeof parsed.message === 'string' && parsed.message.trim())
			return `: ${parsed.message.trim()}`;
	} catch {
		// not JSON: the excerpt goes into the description instead
	}
	return '';
}

/** What a refused download answer means, and how to fix it, by status and by whether the credential was sent. */
export function statusHint(
	hop: SentHop,
	status: number,
	authenticated: boolean,
	baseUrl: string,
): { message: string; hint: string } {
	const fileRequest = hop.credentialType === 'fileStorageFileRequestApi';
	const label = CREDENTIALS[hop.credentialType].label;
	const elsewhere = `The file is not on the credential's server (${originOf(baseUrl) ?? baseUrl}): the node sends credentials only to the Base URL's server, never to another host, also not through a redirect. Make the file reachable without credentials there, or download it from the credential's server.`;
	switch (status) {
		case 401:
			return {
				message: 'The server refused to send the file without valid credentials',
				hint: !authenticated
					? elsewhere
					: fileRequest
						? 'File request downloads send no token: the URL carries the file request (…/upload-request/<ID>). Use the file URL a File Request listing gave, with the "File Storage File Request API" credential of that request.'
						: `The access token was refused. Open the "${label}" credential and paste a valid access token of the account the file belongs to.`,
			};
		case 403:
			return {
				message: 'Access to the file was denied',
				hint: !authenticated
					? elsewhere
					: fileRequest
						? 'The file must belong to the file request of the "File Storage File Request API" credential.'
						: 'The file must belong to the account of the access token. Files of other accounts, shares or file requests are downloaded with their own link.',
			};
		case 404:
			return {
				message: 'The file was not found',
				hint: fileRequest
					? 'The file was deleted, or it is not part of the file request of the credential, or the file request is unknown. List the file request again to get current file URLs.'
					: 'The file was deleted or moved to the trash, or the URL is wrong. List the files again to get a current file URL.',
			};
		case 410:
			return {
				message: 'The file request is not active anymore',
				hint: "The file request was filled or has expired, so its files can no longer be downloaded through it. Download them with the owner's access token (File resource), or ask for a new file request.",
			};
		case 429:
			return {
				message: 'Too many requests: the server is rate limiting',
				hint: 'Wait and run again, or download fewer files per run.',
			};
		default:
			return status >= 500
				? {
						message: 'The server could not send the file',
						hint: 'This is a server-side error. Try again later; if it persists, check the server logs.',
					}
				: {
						message: 'The server did not send the file',
						hint: 'Check the file URL and the credential, then try again.',
					};
	}
}

/** The errors of a body that is not whole: they name the file, the item and what arrived. */
export function bodyErrors(
	hop: SentHop,
	expectedBytes: number | undefined,
	timeoutMs: number,
): Pick<BodyCheck, 'stalled' | 'cut' | 'tooLong'> {
	const of = (received: number) =>
		expectedBytes === undefined ? `${received} bytes` : `${received} of ${expectedBytes} bytes`;
	const seconds = Math.round(timeoutMs / 1000);
	return {
		stalled: (received) =>
			downloadError(
				hop,
				`The download stalled: no data for ${seconds} s after ${of(received)} of ${hop.shownUrl}`,
				"Nothing was stored: a partial file is never output. Raise Timeout in the node's options if the server is slow, or run again.",
			),
		cut: (received, cause) =>
			downloadError(
				hop,
				`The download was cut short after ${of(received)} of ${hop.shownUrl}`,
				`The connection ended before the whole file arrived (${redactText(String((cause as Error)?.message ?? cause), hop.secrets)}). Nothing was stored: a partial file is never output. Run again; if it repeats, check the server or a proxy in between.`,
			),
		tooLong: (received) =>
			downloadError(
				hop,
				`The download is longer than the server announced: more than ${received - 1} bytes, Content-Length ${expectedBytes}`,
				'The file arrived altered (a server or proxy error, or a compressed answer), so nothing was stored. Run again; if it repeats, check the server.',
			),
	};
}
