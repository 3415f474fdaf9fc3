// Upload File's waiting: the node watches the destination folder of the file request until every file it sent is
// listed. A file is recognised by its name as servers store it, and files of the same name by their size; where
// nothing tells two files apart, each output says so instead of pretending to know.

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { sizeFits } from '../../lib/resources/sizes';
import { percentDecoded } from '../../lib/urls';
import { attributesOf, unwrapResource } from '../../lib/resources/wrappers';
import type { ApiClient, FailureFacts, RequestPolicy } from '../../lib/transport';
import { endpoints, FAILURE_HINTS, itemsWording, list, MESSAGES } from '../../lib/transport';

export interface SentFile {
	itemIndex: number;
	fileName: string; // as the workflow named it
	bytes?: number; // as n8n holds it
	shownUrl: string;
}

// `alike`: another file of the same request has the same name and a size the listing cannot tell apart.
export type Arrival = { entry: IDataObject; alike: boolean } | { error: NodeOperationError };

export type Listing = Map<string, IDataObject>; // by id, in the order listed

/** Between two looks at the listing: short at first (most uploads are quick), then every few seconds. */
const FIRST_CHECK_MS = 1_000;
const LONGEST_CHECK_MS = 8_000;

/** The files in one folder of the request, oldest first: same-named files then come in the order they were sent. */
export async function filesIn(
	client: ApiClient,
	parentId: string | undefined,
	itemIndex: number,
	policy: RequestPolicy,
	facts: FailureFacts,
): Promise<Listing> {
	const qs = { ...(parentId ? { parent_id: parentId } : {}), sort: 'created_at', direction: 'ASC' };
	const call = endpoints.fileRequestContents(qs);
	const { wrappers } = await list(client, call, { itemIndex, policy, facts });
	const files: Listing = new Map();
	for (const wrapper of wrappers) {
		const resource = unwrapResource(wrapper);
		if (resource.type !== 'folder' && typeof resource.id === 'string')
			files.set(resource.id, wrapper);
	}
	return files;
}

/**
 * Servers store a fetched file under its name, or under the text of the link: percent-encoded, and (the reference
 * server) without the extension, which it keeps apart.
 */
export function isListedAs(listedName: unknown, fileName: string): boolean {
	if (typeof listedName !== 'string') return false;
	const stem = fileName.includes('.') ? fileName.slice(0, fileName.lastIndexOf('.')) : fileName;
	return [listedName, percentDecoded(listedName)].some(
		(name) => name === fileName || name === stem,
	);
}

/** What is known of each sent file so far: the entry that is it, and which files could not be told apart. */
export class Matches {
	readonly found: Array<{ id: string; entry: IDataObject } | undefined>;
	readonly alike = new Set<number>();

	constructor(readonly files: SentFile[]) {
		this.found = files.map(() => undefined);
	}

	get complete(): boolean {
		return this.found.every((match) => match !== undefined);
	}

	/** Gives each file not found yet the new entry that is it; an entry is never given twice. */
	take(listed: Listing, before: Listing): void {
		const taken = new Set(this.found.flatMap((match) => (match ? [match.id] : [])));
		for (const [id, entry] of listed) {
			if (before.has(id) || taken.has(id)) continue;
			const { name, filesize } = attributesOf(unwrapResource(entry));
			const named = this.waiting().filter((index) => isListedAs(name, this.files[index].fileName));
			if (!named.length) continue;
			const sized = named.filter((index) => {
				const bytes = this.files[index].bytes;
				return bytes === undefined || sizeFits(filesize, bytes);
			});
			const candidates = sized.length ? sized : named;
			if (candidates.length > 1) for (const index of candidates) this.alike.add(index);
			this.found[candidates[0]] = { id, entry };
			taken.add(id);
		}
	}

	private waiting(): number[] {
		return this.files.flatMap((_, index) => (this.found[index] ? [] : [index]));
	}
}

export interface Watch {
	client: ApiClient;
	parentId?: string;
	policy: RequestPolicy;
	deadline: number; // of the whole execution: Max Wait Time is not spent again by each request
	maxWaitMs: number;
	warning?: string;
	facts: FailureFacts; // of the request that sent the files
}

/** Looks at the listing until every file is there or the deadline passes (the last look is at the deadline). */
export async function waitForFiles(
	ctx: IExecuteFunctions,
	files: SentFile[],
	before: Listing,
	watch: Watch,
): Promise<Arrival[]> {
	const { client, parentId, policy, deadline, facts } = watch;
	const { itemIndex } = files[0];
	// A failed look comes after the server accepted the files: it must not read as if they were refused.
	const looking = { ...facts, ...(facts.batch && { batch: { ...facts.batch, accepted: true } }) };
	const matches = new Matches(files);
	let pause = FIRST_CHECK_MS;
	let listed = await filesIn(client, parentId, itemIndex, policy, looking);
	matches.take(listed, before);
	while (!matches.complete) {
		const remaining = deadline - Date.now();
		if (remaining <= 0) break;
		await policy.wait(Math.min(pause, remaining));
		pause = Math.min(pause * 2, LONGEST_CHECK_MS);
		listed = await filesIn(client, parentId, itemIndex, policy, looking);
		matches.take(listed, before);
	}
	const taken = new Set(matches.found.flatMap((match) => (match ? [match.id] : [])));
	const others = [...listed]
		.filter(([id]) => !before.has(id) && !taken.has(id))
		.map(([, wrapper]) => `"${String(attributesOf(unwrapResource(wrapper)).name)}"`);
	// A file that did not come fails alone: the others of its request are done.
	const arrived = files.flatMap((file, index) => (matches.found[index] ? [file.itemIndex] : []));
	const done = [...(facts.batch?.done ?? []), ...arrived];
	const notAttempted = facts.batch?.notAttempted ?? [];
	return files.map((file, index) => {
		const match = matches.found[index];
		if (match) return { entry: match.entry, alike: matches.alike.has(index) };
		const batch = { carried: [file.itemIndex], done, notAttempted, batched: false };
		return { error: missingError(ctx, file, others, { ...watch, facts: { batch } }) };
	});
}

function missingError(
	ctx: IExecuteFunctions,
	file: SentFile,
	others: string[],
	{ client, maxWaitMs, warning, facts }: Watch,
): NodeOperationError {
	const { message, description } = itemsWording(
		{ stops: client.stops, itemIndex: file.itemIndex, facts },
		`${MESSAGES.notArrived(file.fileName, Math.round(maxWaitMs / 1000))} [item ${file.itemIndex}]`,
		FAILURE_HINTS.notArrived(file.shownUrl, warning, others),
	);
	return new NodeOperationError(ctx.getNode(), message, { itemIndex: file.itemIndex, description });
}
