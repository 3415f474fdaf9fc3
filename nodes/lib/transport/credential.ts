// The credential of a run, read once (n8n decrypts it on every read) and checked before anything is sent.

import type {
	ICredentialsDecrypted,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import type { CredentialType } from '../credentialContract';
import { BASE_URL_FIELD, CREDENTIALS } from '../credentialContract';
import { isHttpBaseUrl, isUnsafePathSegment, normalizeBaseUrl } from '../urls';
import type { ErrorPlace } from './errors';
import { redactedError } from './errors';
import { FAILURE_HINTS as HINTS } from './hints';
import { MESSAGES } from './messages';
import { secretsOf } from './redaction';

export type FileStorageContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;
export type DownloadContext = IExecuteFunctions | IPollFunctions;

export interface CheckedCredential {
	type: CredentialType;
	baseUrl: string; // no trailing slash, no `/api/v1`
	secrets: string[]; // every form that redaction looks for
	decrypted: ICredentialsDecrypted; // handed to n8n's HTTP helper, which would read it again for each request
}

export async function readCredential(
	ctx: FileStorageContext,
	type: CredentialType,
	place: Omit<ErrorPlace, 'secrets'>,
): Promise<CheckedCredential> {
	const data = await ctx.getCredentials(type);
	const { label, secret } = CREDENTIALS[type];
	// Nothing of the credential is in these texts.
	const refuse = (short: string, message: string, description: string) =>
		redactedError({ ...place, secrets: [] }, message, description, {
			response: { message: short },
		});
	const paste = HINTS.pasteSecret(label, secret.displayName, secret.whereToFind);
	const value = String(data[secret.field] ?? '');
	if (value.trim() === '')
		throw refuse(
			`Empty ${secret.displayName}`,
			MESSAGES.credentialEmpty(label, secret.displayName),
			HINTS.credentialEmpty(paste),
		);
	if (secret.pathPlaceholder && isUnsafePathSegment(value))
		throw refuse(
			`Unusable ${secret.displayName}`,
			MESSAGES.credentialUnusable(label, secret.displayName),
			HINTS.credentialUnusable(paste),
		);
	const baseUrl = normalizeBaseUrl(data[BASE_URL_FIELD]);
	if (!isHttpBaseUrl(baseUrl))
		throw refuse('Invalid Base URL', MESSAGES.baseUrlInvalid, HINTS.baseUrlInvalid(label));
	const reference = ctx.getNode().credentials?.[type];
	return {
		type,
		baseUrl,
		secrets: secretsOf(data),
		decrypted: { id: reference?.id ?? '', name: reference?.name ?? '', type, data },
	};
}
