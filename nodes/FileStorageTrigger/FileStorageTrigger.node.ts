import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { normalizeBaseUrl } from '../lib/baseUrl';
import { parseServiceDate } from '../lib/dates';
import { searchFileRequestFolders } from '../lib/folderSearch';
import { attributesOf, unwrapResource } from '../lib/json';
import { fileRequestFolderLocator, REQUEST_ROOT } from '../lib/locators';
import { simplifyProperty } from '../lib/simplify';
import type { Page } from '../lib/transport';
import { pollPolicy } from '../lib/transport';
import { UUID_PATTERN } from '../lib/validation';
import { admitPoll, pollEmitted, pollEnded } from './overlap';
import type { EventName, PollSource } from './sources';
import { pollSources } from './sources';
import type { ListedEntry, WindowState } from './window';
import {
	emptyState,
	isWindowState,
	judge,
	keyOf,
	sourceHash,
	WINDOW_SIZE,
	windowFingerprint,
	windowOf,
} from './window';

/**
 * Listing page size of the trigger: the window plus the one item beyond it (whose date the window keeps) fit on
 * the first page, so an idle poll is one request.
 */
export const TRIGGER_PAGE_SIZE = WINDOW_SIZE + 1;
/** Pages one poll may walk before it saves where it stopped and continues next poll. */
export const MAX_PAGES_PER_POLL = 20;

function toEntries(elements: IDataObject[]): ListedEntry[] {
	const entries: ListedEntry[] = [];
	for (const element of elements) {
		const resource = unwrapResource(element);
		if (typeof resource.id !== 'string' && typeof resource.id !== 'number') continue;
		entries.push({ id: String(resource.id), date: parseServiceDate(attributesOf(resource).created_at), element });
	}
	return entries;
}

/** n8n 2.36+ tells how long a poll may take; older versions do not have the method. */
function pollBudgetMs(ctx: IPollFunctions): number | undefined {
	const withBudget = ctx as IPollFunctions & { getPollBudgetMs?: () => number };
	const budget = typeof withBudget.getPollBudgetMs === 'function' ? withBudget.getPollBudgetMs() : undefined;
	return typeof budget === 'number' && budget > 0 ? budget : undefined;
}

interface TriggerParameters {
	event: EventName;
	/** A file request subfolder (UUID); undefined for the request root. */
	parent?: string;
	unreadOnly: boolean;
	simplify: boolean;
}

/** The trigger's parameters, read and checked in one place. */
function readTriggerParameters(ctx: IPollFunctions): TriggerParameters {
	const event = ctx.getNodeParameter('event') as EventName;
	let parent: string | undefined;
	if (event === 'fileRequestItem') {
		const value = String(ctx.getNodeParameter('parent', '', { extractValue: true }) ?? '').trim();
		if (value && value !== REQUEST_ROOT) {
			if (!UUID_PATTERN.test(value)) {
				throw new NodeOperationError(ctx.getNode(), `Folder: "${value}" is not a folder ID (a UUID)`, {
					description: 'Pick the folder with "From List", or enter its UUID or "root".',
				});
			}
			parent = value;
		}
	}
	return {
		event,
		parent,
		unreadOnly: event === 'notification' && (ctx.getNodeParameter('unreadOnly', false) as boolean),
		simplify: ctx.getNodeParameter('simplify', true) as boolean,
	};
}

/**
 * What is being watched: a different event, server, credential or folder is a different stream, and starts over
 * without a backlog. The credential counts by its n8n identity, not its secret, so rotating an access token inside
 * the same credential keeps the window. A file request's ID is not a rotating secret but the stream itself.
 */
async function streamIdentity(
	ctx: IPollFunctions,
	event: EventName,
	source: PollSource,
	parent: string | undefined,
): Promise<string> {
	const credentials = await ctx.getCredentials(source.credentialType);
	const reference = ctx.getNode().credentials?.[source.credentialType];
	const credential = reference?.id ?? reference?.name ?? null;
	const stream = source.streamField ? keyOf(String(credentials[source.streamField] ?? '').trim()) : null;
	return sourceHash([event, normalizeBaseUrl(credentials.baseUrl), credential, stream, parent ?? null]);
}

/** Whether a request failed with a 4xx answer (a refused cursor, whatever status the server uses for it). */
function isClientError(error: unknown): boolean {
	const status = Number((error as { httpCode?: string })?.httpCode);
	return status >= 400 && status < 500;
}

/**
 * Files restored from the trash reappear in recent uploads with their original date, below the newest entry
 * the window saw: they are not uploads. Same-day restores cannot be told apart (dates have day precision).
 */
function withoutRestored(fresh: ListedEntry[], top: string | null | undefined): ListedEntry[] {
	if (!top) return fresh;
	return fresh.filter((entry) => entry.date === null || entry.date >= top);
}

export class FileStorageTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'File Storage Trigger',
		name: 'fileStorageTrigger',
		icon: { light: 'file:../../icons/fileStorage.svg', dark: 'file:../../icons/fileStorage.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ "On " + $parameter["event"] }}',
		description: 'Starts the workflow on new notifications, new uploads or new items in a file request',
		defaults: { name: 'File Storage Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'fileStorageApi',
				required: true,
				displayOptions: { show: { event: ['notification', 'upload'] } },
			},
			{
				name: 'fileStorageFileRequestApi',
				required: true,
				displayOptions: { show: { event: ['fileRequestItem'] } },
			},
		],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'New Item in File Request',
						value: 'fileRequestItem',
						description: 'A file or folder arrived in a file request you created',
					},
					{
						name: 'New Notification',
						value: 'notification',
						description: 'A notification arrived for the account',
					},
					{
						name: 'New Upload',
						value: 'upload',
						description: 'A file was uploaded anywhere in the account',
					},
				],
				default: 'upload',
			},
			{
				...fileRequestFolderLocator(
					'parent',
					'Folder',
					'Folder of the file request to watch. "File Request Root" is where uploads land.',
				),
				displayOptions: { show: { event: ['fileRequestItem'] } },
			},
			{
				displayName: 'Unread Only',
				name: 'unreadOnly',
				type: 'boolean',
				default: false,
				description: 'Whether to start the workflow only for notifications that are still unread when found',
				displayOptions: { show: { event: ['notification'] } },
			},
			simplifyProperty,
		],
	};

	methods = {
		listSearch: { searchFileRequestFolders },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const { event, parent, unreadOnly, simplify } = readTriggerParameters(this);
		const source: PollSource = pollSources[event];
		const policy = pollPolicy(pollBudgetMs(this));
		const fetch = async (cursor: string | undefined, pageSize: number) =>
			await source.fetch(this, { parent, cursor, pageSize, policy });
		const emit = (entries: ListedEntry[]) => {
			const shown = entries.filter((entry) => !unreadOnly || source.isUnread(entry.element));
			return shown.map((entry) => (simplify ? source.simplify(entry.element) : entry.element));
		};

		if (this.getMode() === 'manual') {
			// "Fetch test event": show the newest item; the cursor is neither read nor moved.
			const page = await fetch(undefined, unreadOnly ? TRIGGER_PAGE_SIZE : 1);
			const [sample] = emit(toEntries(page.elements));
			if (!sample) {
				const { message, description } = source.nothingToShow({ parent, unreadOnly });
				throw new NodeApiError(this.getNode(), { message }, { message, description });
			}
			return [this.helpers.returnJsonArray([sample])];
		}

		const sourceId = await streamIdentity(this, event, source, parent);
		const staticData = this.getWorkflowStaticData('node');
		const saved = staticData.window;
		// Two polls of this trigger at once would emit the same items: one of them stands down (see overlap.ts).
		const trigger = `${this.getWorkflow().id ?? ''}/${this.getNode().id ?? this.getNode().name}`;
		const startedFrom = windowFingerprint(saved);
		const admission = admitPoll(trigger, startedFrom, Date.now());
		if (admission !== 'run') {
			this.logger.debug(
				admission === 'overlapping'
					? 'File Storage Trigger: another poll of this trigger is running; this one emits nothing'
					: 'File Storage Trigger: this poll holds a window whose new items were just emitted; it emits nothing',
			);
			return null;
		}
		try {
			if (!isWindowState(saved, sourceId)) {
				const first = await fetch(undefined, TRIGGER_PAGE_SIZE);
				staticData.window = { ...emptyState(sourceId), ...windowOf(toEntries(first.elements), !first.nextCursor) };
				return null;
			}

			const state: WindowState = { ...saved };
			const started = Date.now();
			const stretch: ListedEntry[] = [];
			let cursor = state.resume ?? undefined;
			for (let pages = 1; ; pages++) {
				const page: Page = await fetch(cursor, TRIGGER_PAGE_SIZE).catch(async (error: unknown) => {
					if (!(pages === 1 && state.resume && isClientError(error))) return await Promise.reject(error);
					// The server refuses the saved cursor (expired, unknown, malformed): walk from the top instead.
					// Nothing is emitted twice: the window still marks where emitted items begin.
					state.resume = null;
					cursor = undefined;
					return await fetch(cursor, TRIGGER_PAGE_SIZE);
				});
				stretch.push(...toEntries(page.elements));
				const reachedEnd = !page.nextCursor || page.elements.length === 0;
				const verdict = judge(state, stretch, reachedEnd);
				if (verdict) {
					staticData.window = { ...state, ...verdict.next, resume: null };
					const fresh = source.restoredCountAsOld ? withoutRestored(verdict.fresh, state.top) : verdict.fresh;
					const items = emit(fresh);
					if (!items.length) return null;
					pollEmitted(trigger, startedFrom, Date.now());
					return [this.helpers.returnJsonArray(items)];
				}
				if (pages >= MAX_PAGES_PER_POLL || (pages >= 2 && Date.now() - started > policy.budgetMs / 2)) {
					// Too much at once. The next poll continues at the start of this last page: the one-page overlap
					// guarantees it emits something even when the window begins right after this page.
					staticData.window = { ...state, resume: cursor ?? null };
					return null;
				}
				cursor = page.nextCursor;
			}
		} finally {
			pollEnded(trigger, Date.now());
		}
	}
}
