// Include File Content: each new file's content streamed into its item's binary data by the same download as
// File → Download. A file whose content cannot be fetched (an error answer, a time-out, a cut body, over Max File
// Size) is output once without it, with the reason in `contentError`: it never fails the poll nor holds up the
// other files, and the window moves as usual.

import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { fileDescriptionOf, resolveUrl } from '../lib/fileContent/description';
import type { DownloadRequest } from '../lib/fileContent/naming';
import { outputMimeType, outputName } from '../lib/fileContent/naming';
import { BinaryStore } from '../lib/fileContent/storage';
import { withCancelSignal } from '../lib/n8n';
import type {
	ApiClient,
	ByteStream,
	CheckedCredential,
	OpenedDownload,
	PollPolicy,
} from '../lib/transport';
import { describeUrl, openDownload, readableClassOf, redactText } from '../lib/transport';
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

const WITHOUT_CONTENT =
	'The file is output without its content; File → Download can fetch it later.';

function megabytes(bytes: number): string {
	return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
}

function overLimit(poll: ContentPoll, content: ContentOptions, size: string): NodeOperationError {
	return new NodeOperationError(
		poll.ctx.getNode(),
		`The file is larger than Max File Size (MB) allows: ${size}, at most ${content.maxFileSizeMb} MB. ${WITHOUT_CONTENT} To include files this large, raise Max File Size (MB) in the trigger's options.`,
	);
}

/** The body, failing once more than `maxBytes` have passed (a server that sends no Content-Length). */
function limitedBody(body: ByteStream, maxBytes: number, exceeded: () => Error): ByteStream {
	const Readable = readableClassOf(body);
	async function* limited(): AsyncGenerator<Uint8Array> {
		let received = 0;
		for await (const chunk of body) {
			received += chunk.length;
			if (received > maxBytes) throw exceeded();
			yield chunk;
		}
	}
	return Readable.from(limited(), { objectMode: false });
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

/**
 * Fetches one file's content into binary data, or throws why it could not. `cancel` ends the request or the body
 * when the poll's time runs out.
 */
async function fetchContent(
	poll: ContentPoll,
	content: ContentOptions,
	store: BinaryStore,
	url: string,
	file: { name?: string; mimeType?: string },
	itemIndex: number,
	cancel: AbortSignal,
) {
	const { ctx, client, policy } = poll;
	// The download's requests end with this signal (hops.ts asks the context for it, as n8n's helpers do).
	const opened = await openDownload(withCancelSignal(ctx, cancel), client, {
		url,
		policy,
		itemIndex,
		expectedMimeType: file.mimeType,
	});
	const { contentLength } = opened;
	if (contentLength !== undefined && contentLength > content.maxBytes) {
		opened.close();
		throw overLimit(poll, content, megabytes(contentLength));
	}
	await store.refuseTooLarge(opened, itemIndex);
	const request: DownloadRequest = {
		url,
		content: 'file',
		name: file.name,
		expectedMimeType: file.mimeType,
		binaryPropertyName: content.binaryPropertyName,
	};
	const name = outputName(request, opened);
	const limited: OpenedDownload = {
		...opened,
		body: limitedBody(opened.body, content.maxBytes, () =>
			overLimit(poll, content, `more than ${megabytes(content.maxBytes)}`),
		),
	};
	return await store.store(limited, name, outputMimeType(request, opened, name), itemIndex);
}

/**
 * The output items with each file's content (one file at a time: memory and connections stay bounded whatever
 * the number of new files). `elements` are the listing's raw entries, `shown` what is output for each.
 */
export async function withContent(
	poll: ContentPoll,
	content: ContentOptions,
	elements: IDataObject[],
	shown: IDataObject[],
): Promise<INodeExecutionData[]> {
	const { ctx, client, policy, startedAt } = poll;
	const credential: CheckedCredential = await client.credential();
	const store = new BinaryStore(ctx);
	const deadline = startedAt + policy.budgetMs * CONTENT_BUDGET_SHARE;
	const timeIsUp = () =>
		`Not included: the poll's time for downloads (${Math.round((policy.budgetMs * CONTENT_BUDGET_SHARE) / 1000)} s of its ${Math.round(policy.budgetMs / 1000)} s budget) ran out before this file's content arrived. ${WITHOUT_CONTENT}`;
	const output: INodeExecutionData[] = [];
	for (const [index, element] of elements.entries()) {
		const json = shown[index];
		const file = fileDescriptionOf(element);
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
		const cancel = new AbortController();
		const watch = new AbortController();
		let timedOut = false;
		void sleep(deadline - Date.now(), watch.signal).then(
			() => {
				timedOut = true;
				cancel.abort(new Error(timeIsUp()));
			},
			() => undefined, // the download ended first
		);
		try {
			const binary = await fetchContent(poll, content, store, url, file, index, cancel.signal);
			output.push({ json, binary: { [content.binaryPropertyName]: binary } });
		} catch (error) {
			failed(timedOut ? timeIsUp() : sentenceOf(error, credential.secrets));
			ctx.logger.warn(
				`File Storage Trigger: a new file is output without its content: ${redactText(String((error as Error)?.message ?? error), credential.secrets)}`,
			);
		} finally {
			watch.abort();
		}
	}
	return output;
}
