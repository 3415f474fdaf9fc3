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
	const paste = `Open the "${label}" credential and paste the ${secret.displayName} (${secret.whereToFind}).`;
	const value = String(data[secret.field] ?? '');
	if (value.trim() === '')
		throw refuse(
			`Empty ${secret.displayName}`,
			`The ${secret.displayName} of the "${label}" credential is empty`,
			`Nothing was sent. ${paste}`,
		);
	if (secret.pathPlaceholder && isUnsafePathSegment(value))
		throw refuse(
			`Unusable ${secret.displayName}`,
			`The ${secret.displayName} of the "${label}" credential is empty or a dot segment ("." or "..")`,
			`It is put into the request path, where such a value would address another endpoint, so nothing was sent. ${paste}`,
		);
	const baseUrl = normalizeBaseUrl(data[BASE_URL_FIELD]);
	if (!isHttpBaseUrl(baseUrl))
		throw refuse(
			'Invalid Base URL',
			'The Base URL of the credential is not an http(s) address',
			`Open the "${label}" credential and set Base URL to the server's address, e.g. https://files.example.com`,
		);
	const reference = ctx.getNode().credentials?.[type];
	return {
		type,
		baseUrl,
		secrets: secretsOf(data),
		decrypted: { id: reference?.id ?? '', name: reference?.name ?? '', type, data },
	};
}
