import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes } from 'n8n-workflow';

import { normalizeBaseUrl } from '../lib/baseUrl';
import { parseServiceDate } from '../lib/dates';
import { searchFileRequestFolders } from '../lib/folderSearch';
import { attributesOf, unwrapResource } from '../lib/json';
import { fileRequestFolderLocator, REQUEST_ROOT } from '../lib/locators';
import { simplifyProperty } from '../lib/simplify';
import type { Page } from '../lib/transport';
import { refusedField } from '../lib/transport';
import type { EventName, PollSource } from './sources';
import { pollSources } from './sources';
import type { ListedEntry, WindowState } from './window';
import { emptyState, isWindowState, judge, keyOf, sourceHash, WINDOW_SIZE, windowOf } from './window';

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
function pollBudgetMs(ctx: IPollFunctions): number {
	const withBudget = ctx as IPollFunctions & { getPollBudgetMs?: () => number };
	const budget = typeof withBudget.getPollBudgetMs === 'function' ? withBudget.getPollBudgetMs() : undefined;
	return typeof budget === 'number' && budget > 0 ? budget : 60_000;
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
		const event = this.getNodeParameter('event') as EventName;
		const source: PollSource = pollSources[event];
		const parentId = event === 'fileRequestItem' ? this.getNodeParameter('parent', '', { extractValue: true }) : '';
		const parent = typeof parentId === 'string' && parentId.trim() && parentId.trim() !== REQUEST_ROOT ? parentId.trim() : undefined;
		const unreadOnly = event === 'notification' && (this.getNodeParameter('unreadOnly', false) as boolean);
		const simplify = this.getNodeParameter('simplify', true) as boolean;
		const emit = (entries: ListedEntry[]) => {
			const shown = entries.filter((entry) => !unreadOnly || source.isUnread(entry.element));
			return shown.map((entry) => (simplify ? source.simplify(entry.element) : entry.element));
		};

		if (this.getMode() === 'manual') {
			// "Fetch test event": show the newest item; the cursor is neither read nor moved.
			const page = await source.fetch(this, { parent, cursor: undefined, pageSize: unreadOnly ? TRIGGER_PAGE_SIZE : 1 });
			const [sample] = emit(toEntries(page.elements));
			if (!sample) {
				throw new NodeApiError(
					this.getNode(),
					{ message: source.nothingToShow },
					{ message: source.nothingToShow, description: source.howToGetOne },
				);
			}
			return [this.helpers.returnJsonArray([sample])];
		}

		// A different event, server, credential or folder is a different stream: start over without a backlog.
		const credentials = await this.getCredentials(source.credentialType);
		const secret = String(credentials[source.secretField] ?? '');
		const sourceId = sourceHash([event, normalizeBaseUrl(credentials.baseUrl), keyOf(secret), parent ?? null]);
		const staticData = this.getWorkflowStaticData('node');
		const saved = staticData.window;
		if (!isWindowState(saved, sourceId)) {
			const first = await source.fetch(this, { parent, cursor: undefined, pageSize: TRIGGER_PAGE_SIZE });
			staticData.window = { ...emptyState(sourceId), ...windowOf(toEntries(first.elements), !first.nextCursor) };
			return null;
		}

		const state: WindowState = { ...saved };
		const started = Date.now();
		const budget = pollBudgetMs(this);
		const stretch: ListedEntry[] = [];
		let cursor = state.resume ?? undefined;
		for (let pages = 1; ; pages++) {
			const page: Page = await source.fetch(this, { parent, cursor, pageSize: TRIGGER_PAGE_SIZE }).catch(
				async (error: unknown) => {
					if (!(pages === 1 && state.resume && refusedField(error, 'cursor'))) return await Promise.reject(error);
					// The server no longer accepts the saved cursor: walk from the top instead (nothing is emitted
					// twice: the window still marks where emitted items begin).
					state.resume = null;
					cursor = undefined;
					return await source.fetch(this, { parent, cursor, pageSize: TRIGGER_PAGE_SIZE });
				},
			);
			stretch.push(...toEntries(page.elements));
			const reachedEnd = !page.nextCursor || page.elements.length === 0;
			const verdict = judge(state, stretch, reachedEnd);
			if (verdict) {
				staticData.window = { ...state, ...verdict.next, resume: null };
				const items = emit(verdict.fresh);
				return items.length ? [this.helpers.returnJsonArray(items)] : null;
			}
			if (pages >= MAX_PAGES_PER_POLL || (pages >= 2 && Date.now() - started > budget / 2)) {
				// Too much at once. The next poll continues at the start of this last page: the one-page overlap
				// guarantees it emits something even when the window begins right after this page.
				staticData.window = { ...state, resume: cursor ?? null };
				return null;
			}
			cursor = page.nextCursor;
		}
	}
}
