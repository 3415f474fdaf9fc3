// Include File Content: each new file's content streamed into its item's binary data by the same download as
// File → Download. A file whose content cannot be fetched (an error answer, a time-out, a cut body, over Max File
// Size) is output once without it, with the reason in `contentError`: it never fails the poll nor holds up the
// other files, and the window moves as usual.

import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fileDescriptionOf, resolveUrl } from '../lib/fileContent/description';
import type { DownloadRequest } from '../lib/fileContent/naming';
import { outputMimeType, outputName } from '../lib/fileContent/naming';
import { BinaryStore } from '../lib/fileContent/storage';
import { formatSize } from '../lib/resources/sizes';
import type {
	ApiClient,
	CheckedCredential,
	Deadline,
	PollPolicy,
	SizeLimit,
} from '../lib/transport';
import {
	describeUrl,
	FAILURE_HINTS,
	MESSAGES,
	openDownload,
	redactText,
	WITHOUT_CONTENT,
} from '../lib/transport';
import type { ContentOptions } from './parameters';

/** What of a poll the downloads use (poll.ts's Poll has it). */
export interface ContentPoll {
	ctx: IPollFunctions;
	client: ApiClient;
	policy: PollPolicy;
	/** When the poll started: downloads end within its budget. */
	startedAt: number;
}

/** Share of the poll's budget after which no download starts and a running one is ended. */
export const CONTENT_BUDGET_SHARE = 0.8;

/** Max File Size: refused from the Content-Length before the body is read, else ended once counted past it. */
function maxFileSize(poll: ContentPoll, content: ContentOptions): SizeLimit {
	const { maxBytes } = content;
	return {
		maxBytes,
		exceeded: (bytes, counted) =>
			new NodeOperationError(
				poll.ctx.getNode(),
				`${MESSAGES.largerThanMaxFileSize(counted ? `more than ${formatSize(maxBytes)}` : formatSize(bytes, maxBytes), formatSize(maxBytes))} ${FAILURE_HINTS.largerThanMaxFileSize}`,
			),
	};
}

/** A reason as `contentError` shows it: one readable sentence (or a few), no item index, no secret. */
function sentenceOf(error: unknown, secrets: string[]): string {
	const message = String((error as Error)?.message ?? error)
		.replace(/\s*\[item \d+\]$/, '')
		.trim();
	const own = message.includes(WITHOUT_CONTENT);
	const text = own ? message : `${message}${/[.!?]$/.test(message) ? '' : '.'} ${WITHOUT_CONTENT}`;
	return redactText(text, secrets);
}

/** Fetches one file's content into binary data, or throws why it could not (`deadline`: the poll's time is up). */
async function fetchContent(
	poll: ContentPoll,
	content: ContentOptions,
	store: BinaryStore,
	url: string,
	file: { name?: string; mimeType?: string },
	itemIndex: number,
	deadline: Deadline,
) {
	const { ctx, client, policy } = poll;
	const opened = await openDownload(ctx, client, {
		url,
		policy,
		itemIndex,
		expectedMimeType: file.mimeType,
		limit: store.limit(itemIndex, maxFileSize(poll, content)),
		deadline,
	});
	const request: DownloadRequest = {
		url,
		content: 'file',
		name: file.name,
		expectedMimeType: file.mimeType,
		binaryPropertyName: content.binaryPropertyName,
	};
	const name = outputName(request, opened);
	return await store.store(opened, name, outputMimeType(request, opened, name), itemIndex);
}

/**
 * The output items with each file's content (one file at a time: memory and connections stay bounded whatever
 * the number of new files). `wrappers` are the listing's raw entries, `shown` what is output for each.
 */
export async function withContent(
	poll: ContentPoll,
	content: ContentOptions,
	wrappers: IDataObject[],
	shown: IDataObject[],
): Promise<INodeExecutionData[]> {
	const { ctx, client, policy, startedAt } = poll;
	const credential: CheckedCredential = await client.credential();
	const store = new BinaryStore(ctx);
	const deadline = startedAt + policy.budgetMs * CONTENT_BUDGET_SHARE;
	const timeIsUp = () =>
		`${MESSAGES.pollTimeIsUp(Math.round((policy.budgetMs * CONTENT_BUDGET_SHARE) / 1000), Math.round(policy.budgetMs / 1000))} ${FAILURE_HINTS.pollTimeIsUp}`;
	const output: INodeExecutionData[] = [];
	for (const [index, wrapper] of wrappers.entries()) {
		const json = shown[index];
		const file = fileDescriptionOf(wrapper);
		if (file.type === 'folder') {
			output.push({ json });
			continue;
		}
		const failed = (reason: string) =>
			output.push({ json: { ...json, contentError: redactText(reason, credential.secrets) } });
		const url = file.fileUrl ? resolveUrl(file.fileUrl, credential.baseUrl) : undefined;
		if (!url) {
			failed(
				file.fileUrl
					? `The file URL the server listed (${describeUrl(file.fileUrl, credential.secrets)}) is not an http(s) address. ${WITHOUT_CONTENT}`
					: `The server listed no file URL for this file, so its content cannot be fetched. ${WITHOUT_CONTENT}`,
			);
			continue;
		}
		if (Date.now() >= deadline) {
			failed(timeIsUp());
			continue;
		}
		let timedOut = false;
		// The download's own timer ends it at the deadline, whatever it is doing then.
		const deadlineOfPoll: Deadline = {
			at: deadline,
			passed: () => {
				timedOut = true;
				return new NodeOperationError(ctx.getNode(), timeIsUp());
			},
		};
		try {
			const binary = await fetchContent(poll, content, store, url, file, index, deadlineOfPoll);
			output.push({ json, binary: { [content.binaryPropertyName]: binary } });
		} catch (error) {
			failed(timedOut ? timeIsUp() : sentenceOf(error, credential.secrets));
			ctx.logger.warn(
				`File Storage Trigger: a new file is output without its content: ${redactText(String((error as Error)?.message ?? error), credential.secrets)}`,
			);
		}
	}
	return output;
}
