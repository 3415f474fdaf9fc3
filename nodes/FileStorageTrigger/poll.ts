// One poll of the trigger: the sample of "Fetch Test Event", or the new items since the last poll, each once,
// oldest first. The window of what was seen lives in the workflow's static data (window.ts).

import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CREDENTIALS } from '../lib/credentialContract';
import type { ApiClient, Page, PollPolicy } from '../lib/transport';
import { pagesOf } from '../lib/transport';
import { KnownFolders } from './ancestry';
import { withContent } from './content';
import type { TriggerEvent } from './events';
import { pollTurn, pollEmitted, pollEnded } from './overlap';
import type { TriggerParameters } from './parameters';
import { TRIGGER_PAGE_SIZE, toEntries, walkNewestFirst } from './walk';
import type { ListedEntry, WindowState } from './window';
import { emptyState, isWindowState, keyOf, sourceHash, windowKey, windowOf } from './window';

export interface Poll {
	ctx: IPollFunctions;
	client: ApiClient;
	event: TriggerEvent;
	parameters: TriggerParameters;
	policy: PollPolicy;
	/** When the poll started (Date.now()): downloads of file content stop within its budget. */
	startedAt: number;
}

/** The entries that are output: all, or only unread ones (Unread Only). */
function keptEntries({ event, parameters }: Poll, entries: ListedEntry[]): ListedEntry[] {
	return entries.filter((entry) => !parameters.unreadOnly || event.isUnread(entry.wrapper));
}

/** The output items of kept entries: simplified or raw, and with each file's content (Include File Content). */
async function outputItems(poll: Poll, kept: ListedEntry[]): Promise<INodeExecutionData[]> {
	const { ctx, event, parameters } = poll;
	const wrappers = kept.map((entry) => entry.wrapper);
	const shown = parameters.simplify ? wrappers.map((wrapper) => event.simplify(wrapper)) : wrappers;
	if (!parameters.content) return ctx.helpers.returnJsonArray(shown);
	return await withContent(poll, parameters.content, wrappers, shown);
}

/** The newest entry that counts, within `limit` entries read; `read`: how many were. */
async function firstCounting(
	poll: Poll,
	limit: number,
): Promise<{ sample?: ListedEntry; read: number }> {
	const { client, event, parameters, policy } = poll;
	const { watch } = event;
	const memory = new KnownFolders(undefined);
	const options = { policy, facts: watch.facts(poll), pageSize: limit, limit };
	let read = 0;
	for await (const page of pagesOf(client, event.listing(parameters), options)) {
		watch.checkPage(poll, page);
		for (const entry of toEntries(page.wrappers)) {
			read++;
			const [kept] = keptEntries(poll, await watch.keep(poll, [entry], memory));
			if (kept) return { sample: kept, read };
		}
	}
	return { read };
}

/**
 * "Fetch Test Event": the newest item; the window is neither read nor moved. Where the newest entries may not count
 * (Unread Only, uploads outside the watched tree) it reads on, page by page whatever the server's page size, up to
 * a window's worth of entries, and looks up each folder once.
 */
export async function fetchTestEvent(poll: Poll): Promise<INodeExecutionData[][]> {
	const { ctx, event, parameters } = poll;
	const { watch } = event;
	const limit = parameters.unreadOnly || watch.dropsEntries ? TRIGGER_PAGE_SIZE : 1;
	await watch.checkExists(poll);
	const { sample, read } = await firstCounting(poll, limit);
	if (!sample) {
		const { message, description } = event.nothingToShow({ ...parameters, read });
		throw new NodeApiError(ctx.getNode(), { message }, { message, description });
	}
	return [await outputItems(poll, [sample])];
}

/**
 * What is being watched: a different event, server, credential or folder is a different stream, and starts over
 * without a backlog. The credential counts by its n8n identity, not its secret, so rotating an access token inside
 * the same credential keeps the window. A file request's ID is not a rotating secret but the stream itself.
 */
async function streamIdentity(poll: Poll): Promise<string> {
	const { ctx, client, event, parameters } = poll;
	const credential = await client.credential();
	const reference = ctx.getNode().credentials?.[event.credentialType];
	const secret = credential.decrypted.data?.[CREDENTIALS[event.credentialType].secret.field];
	const stream = event.credentialNamesStream ? keyOf(String(secret ?? '').trim()) : null;
	return sourceHash([
		parameters.event,
		credential.baseUrl,
		reference?.id ?? reference?.name ?? null,
		stream,
		parameters.parent ?? null,
		...event.watch.identity(poll),
	]);
}

/**
 * Counts the window's saves, so that a window which comes back to the same ids (a workflow that empties its file
 * request after each run) still differs from the one an emitting poll started from (see overlap.ts).
 */
function savesAfter(saved: WindowState): number {
	return (typeof saved.saves === 'number' ? saved.saves : 0) + 1;
}

/** The new items since the last poll, or null when there are none (the window may still move). */
export async function pollForNew(poll: Poll): Promise<INodeExecutionData[][] | null> {
	const { ctx, client, event, parameters, policy } = poll;
	const { watch } = event;
	const sourceId = await streamIdentity(poll);
	const staticData = ctx.getWorkflowStaticData('node');
	const saved = staticData.window;
	// Two polls of this trigger at once would emit the same items: one of them stands down (see overlap.ts).
	const trigger = `${ctx.getWorkflow().id ?? ''}/${ctx.getNode().id ?? ctx.getNode().name}`;
	const startedFrom = windowKey(saved);
	const turn = pollTurn(trigger, startedFrom, Date.now());
	if (turn !== 'run') {
		ctx.logger.debug(
			turn === 'overlapping'
				? 'File Storage Trigger: another poll of this trigger is running; this one emits nothing'
				: 'File Storage Trigger: this poll holds a window whose new items were just emitted; it emits nothing',
		);
		return null;
	}
	try {
		const call = event.listing(parameters);
		const read = { policy, facts: watch.facts(poll) };
		const checkPage = (page: Page) => watch.checkPage(poll, page);
		if (!isWindowState(saved, sourceId)) {
			// First activation (or another stream): remember the top of the listing, emit none of the backlog.
			// A server with small pages takes several requests to give a whole window; this happens once.
			await watch.checkExists(poll);
			const top: ListedEntry[] = [];
			let reachedEnd = true;
			for await (const page of pagesOf(client, call, { ...read, pageSize: TRIGGER_PAGE_SIZE })) {
				checkPage(page);
				top.push(...toEntries(page.wrappers));
				reachedEnd = page.last;
				if (top.length >= TRIGGER_PAGE_SIZE) break;
			}
			staticData.window = { ...emptyState(sourceId), ...windowOf(top, reachedEnd), saves: 1 };
			return null;
		}
		const walked = await walkNewestFirst(
			client,
			call,
			saved,
			read,
			event.restoredCountAsOld,
			checkPage,
		);
		if (!walked.done) {
			staticData.window = { ...saved, resume: walked.resume, saves: savesAfter(saved) };
			return null;
		}
		// Judged before the window moves: a poll that cannot tell which entries count fails and is repeated.
		const memory = new KnownFolders(saved.folders);
		const fresh = await watch.keep(poll, walked.fresh, memory);
		if (fresh.length === 0 && walked.fresh.length > 0) await watch.checkExists(poll);
		staticData.window = {
			...saved,
			...walked.next,
			resume: null,
			saves: savesAfter(saved),
			...watch.remember(memory),
		};
		const kept = keptEntries(poll, fresh);
		if (!kept.length) return null;
		// Content is fetched after the window was staged: a file whose content fails is still emitted, once.
		const items = await outputItems(poll, kept);
		pollEmitted(trigger, startedFrom, Date.now());
		return [items];
	} finally {
		pollEnded(trigger, Date.now());
	}
}
