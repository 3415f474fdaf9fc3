// The trigger's events: which listing each one watches (always newest first), with which credential, and how its
// items are shown.

import type { IDataObject } from 'n8n-workflow';

import type { CredentialType } from '../lib/credentialContract';
import { simplifyItem, simplifyNotification } from '../lib/resources/simplify';
import { isUnreadNotification } from '../lib/resources/wrappers';
import type { ApiCall } from '../lib/transport';
import { endpoints } from '../lib/transport';
import { TRIGGER_PAGE_SIZE } from './walk';
import type { Watch } from './watch';
import { FOLDER_ITSELF, FOLDER_TREE, WHOLE_LISTING } from './watch';

export type EventName = 'notification' | 'upload' | 'fileRequestItem' | 'folderFile' | 'folderItem';

/** What a listing is asked about: a file request's folder (undefined: its root), an account folder. */
export interface ListingTarget {
	parent?: string;
	folder: string;
}

export interface TriggerEvent {
	credentialType: CredentialType;
	/**
	 * Whether the credential's secret names the stream itself (part of the stream identity), as a file request's ID
	 * does; an access token rotates without changing what is watched.
	 */
	credentialNamesStream: boolean;
	/** Whether entries dated before the newest one already seen are old (restored files among uploads). */
	restoredCountAsOld: boolean;
	/** What it watches beyond the listing: nothing, a folder's tree among uploads, or a folder itself (watch.ts). */
	watch: Watch;
	/** The listing watched, newest first. */
	listing(target: ListingTarget): ApiCall;
	simplify(wrapper: unknown): IDataObject;
	isUnread(wrapper: IDataObject): boolean;
	/** What "Fetch Test Event" says when the watched listing is empty, and how to get an item into it. */
	nothingToShow(request: {
		parent?: string;
		unreadOnly: boolean;
		includeSubfolders: boolean;
		/** Entries Fetch Test Event read before it gave up. */
		read: number;
	}): {
		message: string;
		description: string;
	};
}

const newestFirst = { sort: 'created_at', direction: 'DESC' };

export const EVENTS: Record<EventName, TriggerEvent> = {
	notification: {
		credentialType: 'fileStorageApi',
		credentialNamesStream: false,
		restoredCountAsOld: false,
		watch: WHOLE_LISTING,
		// The notifications endpoint takes no parameters; the service lists newest first.
		listing: () => endpoints.notifications(),
		simplify: simplifyNotification,
		isUnread: isUnreadNotification,
		nothingToShow: ({ unreadOnly }) => ({
			message: unreadOnly
				? 'The account has no unread notifications to show'
				: 'The account has no notifications to show yet',
			description: unreadOnly
				? 'Every notification is read. Turn off Unread Only to see the newest one, or wait for a new notification.'
				: 'Notifications appear when, for example, someone uploads into one of your file requests. Trigger one, then fetch again.',
		}),
	},
	upload: {
		credentialType: 'fileStorageApi',
		credentialNamesStream: false,
		restoredCountAsOld: true,
		watch: WHOLE_LISTING,
		listing: () => endpoints.recentUploads(newestFirst),
		simplify: simplifyItem,
		isUnread: () => true,
		nothingToShow: () => ({
			message: 'The account has no uploads to show yet',
			description: 'Upload a file to the account, then fetch again.',
		}),
	},
	fileRequestItem: {
		credentialType: 'fileStorageFileRequestApi',
		credentialNamesStream: true,
		restoredCountAsOld: false,
		watch: WHOLE_LISTING,
		listing: ({ parent }) =>
			endpoints.fileRequestContents(parent ? { ...newestFirst, parent_id: parent } : newestFirst),
		simplify: simplifyItem,
		isUnread: () => true,
		nothingToShow: ({ parent }) =>
			parent
				? {
						message: 'The chosen folder of the file request is empty',
						description:
							'Only this folder is watched. Pick File Request Root (where uploads land) or another folder, or put a file into this one, then fetch again.',
					}
				: {
						message: 'The file request has no items to show yet',
						description:
							'Upload a file through the file request link (or use File Request → Upload From URL), then fetch again.',
					},
	},
	folderFile: {
		credentialType: 'fileStorageApi',
		credentialNamesStream: false,
		restoredCountAsOld: true,
		watch: FOLDER_TREE,
		// Uploads anywhere, newest first; those outside the watched folder's tree are dropped (ancestry.ts).
		listing: () => endpoints.recentUploads(newestFirst),
		simplify: simplifyItem,
		isUnread: () => true,
		nothingToShow: ({ includeSubfolders, read }) => ({
			// Fewer than a window's worth read: the account has no more.
			message:
				read < TRIGGER_PAGE_SIZE
					? `None of the account's ${read} uploads is in the watched folder`
					: `None of the latest ${read} uploads is in the watched folder`,
			description: includeSubfolders
				? 'Upload a file into the folder or a folder inside it, then fetch again.'
				: 'Upload a file into the folder, or turn on Include Subfolders, then fetch again.',
		}),
	},
	folderItem: {
		credentialType: 'fileStorageApi',
		credentialNamesStream: false,
		// Files restored from the trash come back with their old date: they were not created now.
		restoredCountAsOld: true,
		watch: FOLDER_ITSELF,
		listing: ({ folder }) => endpoints.folderContents(folder, newestFirst),
		simplify: simplifyItem,
		isUnread: () => true,
		nothingToShow: () => ({
			message: 'The watched folder is empty',
			description:
				'Only files and folders directly inside it count. Create one in it, then fetch again.',
		}),
	},
};
