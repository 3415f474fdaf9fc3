// A download's errors: what happened to which file (its URL shown without secrets), and what to do about it.

import type { NodeApiError } from 'n8n-workflow';

import type { CredentialType } from '../../credentialContract';
import { httpUrl } from '../../urls';
import type { ErrorPlace } from '../errors';
import { downloadMessage, excerptOf, redactedError, retryNote, messageSuffix } from '../errors';
import { classifyResponse } from '../failures';
import { downloadHint } from '../hints';
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
export function messageSuffixOfText(text: string): string {
	try {
		return messageSuffix(JSON.parse(text));
	} catch {
		return ''; // not JSON: the description shows the excerpt
	}
}

/** A refused answer; `baseOrigin` when the credential was not sent. */
export function refusedError(
	hop: SentHop,
	status: number,
	excerpt: string,
	report: RetryReport,
	baseOrigin: string | undefined,
): NodeApiError {
	const kind = classifyResponse(status, excerpt) ?? 'other';
	const answered = excerpt.trim() ? ` The server answered ${excerptOf(excerpt)}.` : '';
	const tried = retryNote({ tries: report.tries, waitedMs: report.waitedMs }); // a refused wait goes unsaid
	return redactedError(
		hop,
		downloadMessage(kind, status, messageSuffixOfText(excerpt)),
		`${downloadHint(kind, status, hop.credentialType, baseOrigin)}${tried}${answered}`,
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
