// The folder a New File in Folder or New File or Folder in Folder trigger watches: read with one small listing, and a clear
// failure when it was deleted or moved to the trash, instead of polls that emit nothing forever.

import type { IDataObject, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ROOT_FOLDER_ID } from '../lib/folderPickers/locators';
import { attributesOf, isObject, unwrapResource } from '../lib/resources/wrappers';
import type { ApiClient, Page, PollPolicy } from '../lib/transport';
import { endpoints, isNotFound, pagesOf } from '../lib/transport';

const FIX = 'Restore the folder from the trash, or pick another folder in Folder.';

/** A 404 from the watched folder's listing, said as what it means for the trigger; other errors as they are. */
export function explainMissingFolder(
	ctx: IPollFunctions,
	error: unknown,
	folderId: string,
): unknown {
	if (!isNotFound(error)) return error;
	const message = `The watched folder ${folderId} no longer exists or is in the trash (HTTP 404)`;
	return new NodeApiError(ctx.getNode(), { message } as JsonObject, {
		message,
		description: FIX,
		httpCode: '404',
	});
}

/** Fails when a listing's `meta.root` (the watched folder) says it is in the trash. */
export function checkNotTrashed(
	ctx: IPollFunctions,
	page: Page | undefined,
	folderId: string,
): void {
	if (!page?.root) return;
	const deletedAt = attributesOf(unwrapResource(page.root)).deleted_at;
	if (deletedAt === undefined || deletedAt === null || deletedAt === '') return;
	const name = attributesOf(unwrapResource(page.root)).name;
	throw new NodeOperationError(
		ctx.getNode(),
		`The watched folder ${typeof name === 'string' ? `"${name}"` : folderId} is in the trash (since ${String(deletedAt)})`,
		{ description: FIX },
	);
}

/** The folder's own wrapper (`meta.root`) from a one-entry listing of it: one request. */
export async function readFolder(
	client: ApiClient,
	folderId: string,
	policy: PollPolicy,
): Promise<IDataObject | undefined> {
	const pages = pagesOf(client, endpoints.folderContents(folderId, {}), {
		policy,
		pageSize: 1,
		limit: 1,
	});
	const { value: page } = await pages.next();
	await pages.return(undefined);
	return page?.root;
}

/** Checks that the watched folder is still there (the root always is): one request. */
export async function checkWatchedFolder(
	ctx: IPollFunctions,
	client: ApiClient,
	folderId: string,
	policy: PollPolicy,
): Promise<void> {
	if (folderId === ROOT_FOLDER_ID) return;
	let root: IDataObject | undefined;
	try {
		root = await readFolder(client, folderId, policy);
	} catch (error) {
		throw explainMissingFolder(ctx, error, folderId);
	}
	checkNotTrashed(ctx, { elements: [], last: true, root }, folderId);
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
