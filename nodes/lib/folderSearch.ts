import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { attributesOf, unwrapResource } from './json';
import { REQUEST_ROOT, ROOT_FOLDER_ID } from './locators';
import type { ApiCall } from './transport';
import { apiRequest, endpoints, fetchPage, LARGEST_PAGE_REQUEST, listElements } from './transport';

/**
 * The folder pickers' list search, used by both nodes. Folder pickers walk the tree breadth-first, a few folders per call, and carry the rest of the walk in the
 * pagination token so that large trees load as the user scrolls.
 */
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
	if (!paginationToken && (!needle || rootEntry.name.toLowerCase().includes(needle))) results.push(rootEntry);
	for (let visited = 0; visited < FOLDERS_PER_CALL && queue.length; visited++) {
		const current = queue.shift() as PendingFolder;
		for (const element of await listChildren(current.id)) {
			const resource = unwrapResource(element);
			if (resource.type !== 'folder' || typeof resource.id !== 'string') continue;
			const name = String(attributesOf(resource).name ?? resource.id);
			const path = current.path ? `${current.path} / ${name}` : name;
			queue.push({ id: resource.id, path });
			if (!needle || path.toLowerCase().includes(needle)) results.push({ name: path, value: resource.id });
		}
	}
	return { results, paginationToken: queue.length ? JSON.stringify(queue) : undefined };
}

async function firstPageOf(ctx: ILoadOptionsFunctions, call: ApiCall): Promise<IDataObject[]> {
	return (await fetchPage(ctx, call, undefined, LARGEST_PAGE_REQUEST)).elements;
}

export async function searchFolders(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await walkFolders(
		async (folderId) =>
			await firstPageOf(this, endpoints.folderContents(folderId, { sort: 'name', direction: 'ASC' })),
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
	return await walkFolders(
		async (folderId) => {
			const qs: IDataObject = { sort: 'name', direction: 'ASC' };
			if (folderId !== REQUEST_ROOT) qs.parent_id = folderId;
			return listElements((await apiRequest(this, endpoints.fileRequestContents(qs))).body);
		},
		{ name: 'File Request Root', value: REQUEST_ROOT },
		REQUEST_ROOT,
		filter,
		paginationToken,
	);
}
