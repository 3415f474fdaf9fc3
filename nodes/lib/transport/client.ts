// A client of one credential for one run (an execution, a poll, a list search): the credential read once, what
// the server taught about paging remembered, every call sent through the one request path.

import { ApplicationError } from 'n8n-workflow';

import type { CredentialType } from '../credentialContract';
import type { FileStorageContext } from './context';
import type { CheckedCredential } from './credential';
import { readCredential } from './credential';
import type { ApiCall } from './endpoints';
import type { CallOptions, ApiResponse, ReceivedAnswer } from './request';
import { readAnswer, sendCall } from './request';

export interface PagingKnowledge {
	/** The server refused the `limit` query parameter once: later pages ask without it. */
	limitRefused: boolean;
}

export class ApiClient {
	readonly paging: PagingKnowledge = { limitRefused: false };

	private checked?: CheckedCredential;

	constructor(
		readonly ctx: FileStorageContext,
		readonly credentialType: CredentialType,
	) {}

	/**
	 * The credential, read on first use. A failed read is not kept: under continueOnFail each item that needs it
	 * reports its own error.
	 */
	async credential(itemIndex?: number): Promise<CheckedCredential> {
		this.checked ??= await readCredential(this.ctx, this.credentialType, itemIndex);
		return this.checked;
	}

	/** Sends a call until it gets a 2xx answer, returned unread (listings read a page's text first). */
	async send(call: ApiCall, options: CallOptions = {}): Promise<ReceivedAnswer> {
		if (call.credentialType !== this.credentialType) {
			throw new ApplicationError(`A ${call.credentialType} call was sent with a ${this.credentialType} client`);
		}
		return await sendCall(this.ctx, await this.credential(options.itemIndex), call, options);
	}

	/** Sends a call and reads its answer: decoded, redacted, held to the shape its endpoint promises. */
	async request(call: ApiCall, options: CallOptions = {}): Promise<ApiResponse> {
		return readAnswer(this.ctx, await this.send(call, options));
	}
}
