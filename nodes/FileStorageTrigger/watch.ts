// What an event watches beyond its listing, declared once per kind so that a poll reads the same for every event:
// the whole listing, a folder's tree among recent uploads (New File in Folder), or a folder's own listing (New Item
// in Folder).

import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { ApiClient, FailureFacts, Page, PollPolicy } from '../lib/transport';
import type { KnownFolders } from './ancestry';
import { uploadsInTree } from './ancestry';
import type { ListedEntry } from './window';
import { checkNotTrashed, checkWatchedFolder } from './watchedFolder';

/** What of a poll a watch uses. */
export interface WatchRun {
	ctx: IPollFunctions;
	client: ApiClient;
	policy: PollPolicy;
	parameters: { folder: string; includeSubfolders: boolean };
}

export interface Watch {
	/** What of the parameters names what is watched: another folder is another stream. */
	identity(run: WatchRun): unknown[];
	/** Whether new entries may not count, so that Fetch Test Event reads on to find one that does. */
	dropsEntries: boolean;
	/** That what is watched still exists: before a listing is read from its top, and when nothing new counted. */
	checkExists(run: WatchRun): Promise<void>;
	/** Each page read. */
	checkPage(run: WatchRun, page: Page): void;
	/** What the listing's errors say of what is watched. */
	facts(run: WatchRun): FailureFacts;
	/** The new entries that count, in their order; what was learnt on the way goes into `memory`. */
	keep(run: WatchRun, entries: ListedEntry[], memory: KnownFolders): Promise<ListedEntry[]>;
	/** What the window keeps of `memory` for the next poll. */
	remember(memory: KnownFolders): IDataObject;
}

const nothing = async () => undefined;

export const WHOLE_LISTING: Watch = {
	identity: () => [],
	dropsEntries: false,
	checkExists: nothing,
	checkPage: () => undefined,
	facts: () => ({}),
	keep: async (_run, entries) => entries,
	remember: () => ({}),
};

const folderIdentity = ({ parameters }: WatchRun) => [
	parameters.folder,
	parameters.includeSubfolders,
];

/** New File in Folder: uploads anywhere, of which those inside the folder's tree count (ancestry.ts). */
export const FOLDER_TREE: Watch = {
	identity: folderIdentity,
	dropsEntries: true,
	// Uploads elsewhere and none inside: the folder may be gone (nothing can be uploaded into the trash).
	checkExists: async ({ ctx, client, parameters, policy }) =>
		await checkWatchedFolder(ctx, client, parameters.folder, policy),
	checkPage: () => undefined,
	facts: () => ({}),
	keep: async ({ ctx, client, policy, parameters }, entries, memory) => {
		const tree = { folderId: parameters.folder, includeSubfolders: parameters.includeSubfolders };
		return await uploadsInTree(ctx, client, policy, tree, memory, entries);
	},
	remember: (memory) => ({ folders: memory.serialised() }),
};

/** New Item in Folder: the folder's own listing, each page of which shows the folder (`meta.root`). */
export const FOLDER_ITSELF: Watch = {
	identity: folderIdentity,
	dropsEntries: false,
	checkExists: nothing,
	checkPage: ({ ctx, parameters }, page) => checkNotTrashed(ctx, page, parameters.folder),
	// Its listing is the folder's own: a 404 means the folder is gone.
	facts: ({ parameters }) => ({ watchedFolder: parameters.folder }),
	keep: async (_run, entries) => entries,
	remember: () => ({}),
};
