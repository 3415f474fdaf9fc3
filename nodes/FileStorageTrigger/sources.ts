import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { isUnreadNotification } from '../lib/json';
import { simplifyItem, simplifyNotification } from '../lib/simplify';
import type { ApiCall, CredentialType, Page, RequestPolicy } from '../lib/transport';
import { apiRequest, endpoints, fetchPage, listElements } from '../lib/transport';

export type EventName = 'notification' | 'upload' | 'fileRequestItem';

export interface FetchRequest {
	parent?: string;
	cursor?: string;
	pageSize: number;
	policy: RequestPolicy;
}

/** How the trigger reads one event's listing, always newest first. */
export interface PollSource {
	credentialType: CredentialType;
	/**
	 * A credential field that names the stream itself (part of the stream identity), as a file request's ID does;
	 * none for access tokens, which rotate without changing what is watched.
	 */
	streamField?: string;
	/** Whether entries dated before the newest one already seen are old (restored files among uploads). */
	restoredCountAsOld: boolean;
	fetch(ctx: IPollFunctions, request: FetchRequest): Promise<Page>;
	simplify(element: unknown): IDataObject;
	isUnread(element: IDataObject): boolean;
	/** What "Fetch Test Event" says when the watched listing is empty, and how to get an item into it. */
	nothingToShow(request: { parent?: string; unreadOnly: boolean }): { message: string; description: string };
}

const newestFirst = { sort: 'created_at', direction: 'DESC' };

/** Endpoints without pagination answer with the whole listing in one page. */
async function wholeListing(ctx: IPollFunctions, call: ApiCall, policy: RequestPolicy): Promise<Page> {
	return { elements: listElements((await apiRequest(ctx, call, { policy })).body) };
}

export const pollSources: Record<EventName, PollSource> = {
	notification: {
		credentialType: 'fileStorageApi',
		restoredCountAsOld: false,
		// Endpoint 9 takes no parameters; the service lists newest first.
		fetch: async (ctx, request) => await wholeListing(ctx, endpoints.notifications(), request.policy),
		simplify: simplifyNotification,
		isUnread: isUnreadNotification,
		nothingToShow: ({ unreadOnly }) => ({
			message: unreadOnly ? 'The account has no unread notifications to show' : 'The account has no notifications to show yet',
			description: unreadOnly
				? 'Every notification is read. Turn off Unread Only to see the newest one, or wait for a new notification.'
				: 'Notifications appear when, for example, someone uploads into one of your file requests. Trigger one, then fetch again.',
		}),
	},
	upload: {
		credentialType: 'fileStorageApi',
		restoredCountAsOld: true,
		fetch: async (ctx, request) =>
			await fetchPage(ctx, endpoints.recentUploads(newestFirst), request.cursor, request.pageSize, {
				policy: request.policy,
			}),
		simplify: simplifyItem,
		isUnread: () => true,
		nothingToShow: () => ({
			message: 'The account has no uploads to show yet',
			description: 'Upload a file to the account, then fetch again.',
		}),
	},
	fileRequestItem: {
		credentialType: 'fileStorageFileRequestApi',
		streamField: 'fileRequestId',
		restoredCountAsOld: false,
		fetch: async (ctx, request) =>
			await wholeListing(
				ctx,
				endpoints.fileRequestContents(request.parent ? { ...newestFirst, parent_id: request.parent } : newestFirst),
				request.policy,
			),
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
};
