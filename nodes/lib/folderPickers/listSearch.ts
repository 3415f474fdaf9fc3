// The folder pickers' list search, used by both nodes. It walks the folder tree breadth-first, a few folders per
// call, and carries the rest of the walk in the pagination token, so that large trees load as the user scrolls.

import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { attributesOf, unwrapResource } from '../resources/wrappers';
import type { ApiCall } from '../transport';
import { ApiClient, endpoints, pagesOf } from '../transport';
import { REQUEST_ROOT, ROOT_FOLDER_ID } from './locators';

interface PendingFolder {
	id: string;
	path: string;
}

const FOLDERS_PER_CALL = 5;

function decodeQueue(token: string | undefined, start: PendingFolder): PendingFolder[] {
	if (!token) return [start];
	try {
		const parsed = JSON.parse(token) as PendingFolder[];
		return Array.isArray(parsed) ? parsed : [start];
	} catch {
		return [start];
	}
}

async function walkFolders(
	listChildren: (folderId: string) => Promise<IDataObject[]>,
	rootEntry: INodeListSearchItems,
	rootId: string,
	filter: string | undefined,
	paginationToken: string | undefined,
): Promise<INodeListSearchResult> {
	const queue = decodeQueue(paginationToken, { id: rootId, path: '' });
	const results: INodeListSearchItems[] = [];
	const needle = (filter ?? '').trim().toLowerCase();
	if (!paginationToken && (!needle || rootEntry.name.toLowerCase().includes(needle)))
		results.push(rootEntry);
	for (let visited = 0; visited < FOLDERS_PER_CALL && queue.length; visited++) {
		const current = queue.shift() as PendingFolder;
		for (const wrapper of await listChildren(current.id)) {
			const resource = unwrapResource(wrapper);
			if (resource.type !== 'folder' || typeof resource.id !== 'string') continue;
			const name = String(attributesOf(resource).name ?? resource.id);
			const path = current.path ? `${current.path} / ${name}` : name;
			queue.push({ id: resource.id, path });
			if (!needle || path.toLowerCase().includes(needle))
				results.push({ name: path, value: resource.id });
		}
	}
	return { results, paginationToken: queue.length ? JSON.stringify(queue) : undefined };
}

/** The first (largest) page of a folder's listing: enough to pick from; a folder's later pages are not walked. */
async function firstPageOf(client: ApiClient, call: ApiCall): Promise<IDataObject[]> {
	const { value } = await pagesOf(client, call).next();
	return value ? value.wrappers : [];
}

export async function searchFolders(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = new ApiClient(this, 'fileStorageApi', 'listSearch');
	return await walkFolders(
		async (folderId) =>
			await firstPageOf(
				client,
				endpoints.folderContents(folderId, { sort: 'name', direction: 'ASC' }),
			),
		{ name: 'Root (All Files)', value: ROOT_FOLDER_ID },
		ROOT_FOLDER_ID,
		filter,
		paginationToken,
	);
}

export async function searchFileRequestFolders(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = new ApiClient(this, 'fileStorageFileRequestApi', 'listSearch');
	return await walkFolders(
		async (folderId) => {
			const qs: IDataObject = { sort: 'name', direction: 'ASC' };
			if (folderId !== REQUEST_ROOT) qs.parent_id = folderId;
			return await firstPageOf(client, endpoints.fileRequestContents(qs));
		},
		{ name: 'File Request Root', value: REQUEST_ROOT },
		REQUEST_ROOT,
		filter,
		paginationToken,
	);
}
