// The folder a New File in Folder or New File or Folder in Folder trigger watches: read with one small listing, and a clear
// failure when it was deleted or moved to the trash, instead of polls that emit nothing forever.

import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ROOT_FOLDER_ID } from '../lib/folderPickers/locators';
import { attributesOf, isObject, unwrapResource } from '../lib/resources/wrappers';
import type { ApiClient, FailureFacts, Page, PollPolicy } from '../lib/transport';
import { endpoints, FAILURE_HINTS, MESSAGES, pagesOf } from '../lib/transport';

/** Fails when a listing's `meta.root` (the watched folder) says it is in the trash. */
export function checkNotTrashed(
	ctx: IPollFunctions,
	page: Page | undefined,
	folderId: string,
): void {
	if (!page?.folder) return;
	const deletedAt = attributesOf(unwrapResource(page.folder)).deleted_at;
	if (deletedAt === undefined || deletedAt === null || deletedAt === '') return;
	const name = attributesOf(unwrapResource(page.folder)).name;
	throw new NodeOperationError(
		ctx.getNode(),
		MESSAGES.watchedFolderTrashed(
			typeof name === 'string' ? `"${name}"` : folderId,
			String(deletedAt),
		),
		{ description: FAILURE_HINTS.watchedFolderTrashed },
	);
}

/** The folder's own wrapper (`meta.root`) from a one-entry listing of it: one request. */
export async function readFolder(
	client: ApiClient,
	folderId: string,
	policy: PollPolicy,
	facts: FailureFacts = {},
): Promise<IDataObject | undefined> {
	const pages = pagesOf(client, endpoints.folderContents(folderId, {}), {
		policy,
		facts,
		pageSize: 1,
		limit: 1,
	});
	const { value: page } = await pages.next();
	await pages.return(undefined);
	return page?.folder;
}

/** Checks that the watched folder is still there (the root always is): one request. */
export async function checkWatchedFolder(
	ctx: IPollFunctions,
	client: ApiClient,
	folderId: string,
	policy: PollPolicy,
): Promise<void> {
	if (folderId === ROOT_FOLDER_ID) return;
	const folder = await readFolder(client, folderId, policy, { watchedFolder: folderId });
	checkNotTrashed(ctx, { wrappers: [], last: true, folder }, folderId);
}

/** The id of a folder's parent from its wrapper; null for a folder at the top level. */
export function parentIdOf(folder: IDataObject): string | null {
	const resource = unwrapResource(folder);
	const own = attributesOf(resource).parent_id;
	if (typeof own === 'string' && own !== '') return own;
	const relationships = isObject(resource.relationships) ? resource.relationships : undefined;
	const parent =
		relationships && isObject(relationships.parent)
			? unwrapResource(relationships.parent)
			: undefined;
	return typeof parent?.id === 'string' && parent.id !== '' ? parent.id : null;
}
