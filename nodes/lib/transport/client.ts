// A client of one credential for one run (an execution, a poll, a list search): the credential read once, what
// the server taught about paging remembered, every call sent through the one request path.

import { ApplicationError } from 'n8n-workflow';

import type { CredentialType } from '../credentialContract';
import type { FileStorageContext } from './context';
import type { CheckedCredential } from './credential';
import { readCredential } from './credential';
import type { ApiCall } from './endpoints';
import type { CallPlace } from './place';
import type { ApiResponse, CallOptions, ReceivedAnswer } from './request';
import { readAnswerOrAskAgain, sendCall } from './request';

export interface PagingKnowledge {
	/** The server refused the `limit` query parameter once: later pages ask without it. */
	limitRefused: boolean;
}

export class ApiClient {
	readonly paging: PagingKnowledge = { limitRefused: false };

	private checked?: CheckedCredential;

	/** `place`: where the calls are made from, so their errors say what to do there. */
	constructor(
		readonly ctx: FileStorageContext,
		readonly credentialType: CredentialType,
		readonly place: CallPlace = 'operation',
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
			throw new ApplicationError(
				`A ${call.credentialType} call was sent with a ${this.credentialType} client`,
			);
		}
		return await sendCall(
			this.ctx,
			await this.credential(options.itemIndex),
			call,
			this.place,
			options,
		);
	}

	/**
	 * Reads an answer: decoded, redacted, held to the shape its endpoint promises. A read whose JSON broke off is
	 * asked for again within what is left of its tries.
	 */
	async read(answer: ReceivedAnswer): Promise<ApiResponse> {
		const { call, itemIndex } = answer.site;
		return await readAnswerOrAskAgain(
			async (policy) => await this.send(call, { itemIndex, policy }),
			answer,
		);
	}

	/** Sends a call and reads its answer. */
	async request(call: ApiCall, options: CallOptions = {}): Promise<ApiResponse> {
		return await this.read(await this.send(call, options));
	}
}
