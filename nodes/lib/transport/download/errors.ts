// A download's errors: what happened to which file (its URL shown without secrets), and what to do about it.

import type { NodeApiError } from 'n8n-workflow';

import type { CredentialType } from '../../credentialContract';
import { httpUrl } from '../../urls';
import type { ErrorPlace } from '../errors';
import { downloadMessage, excerptOf, redactedError, retryNote, messageSuffix } from '../errors';
import { classifyResponse } from '../failures';
import { downloadHint, FAILURE_HINTS as HINTS } from '../hints';
import { MESSAGES, timeLimitText } from '../messages';
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
	const answered = excerpt.trim() ? ` ${HINTS.serverAnswered(excerptOf(excerpt))}` : '';
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
				MESSAGES.stalled(timeLimitText(timeoutMs), of(received), hop.shownUrl),
				HINTS.stalled,
			),
		cut: (received, cause) =>
			redactedError(
				hop,
				MESSAGES.cut(of(received), hop.shownUrl),
				HINTS.cut(redactText(String((cause as Error)?.message ?? cause), hop.secrets)),
			),
		tooLong: (received) =>
			redactedError(hop, MESSAGES.tooLong(received, expectedBytes), HINTS.tooLong),
	};
}
