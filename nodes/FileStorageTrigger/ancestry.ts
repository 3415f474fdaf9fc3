// New File in Folder: which new uploads are inside the watched folder's tree. Recent uploads name each file's
// folder; a folder's own listing (`meta.root`) names its parent. A folder met for the first time costs one request
// per level between it and the watched folder (or the top), and its placement is remembered for the next time: in
// static data, the most recently used FOLDER_MEMORY folders at 8 characters each (≤ 3.2 KB whatever the tree's size).

import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ROOT_FOLDER_ID } from '../lib/folderPickers/locators';
import type { ApiClient, PollPolicy } from '../lib/transport';
import { FAILURE_HINTS, isNotFound, MESSAGES } from '../lib/transport';
import { shortHash } from './hashes';
import { parentIdOf, readFolder } from './watchedFolder';

/** Folders whose placement static data keeps. */
export const FOLDER_MEMORY = 400;
/** 42 bits of a folder id's hash: a false match among 400 remembered folders is about 1 in 10 billion. */
const KEY_LENGTH = 7;
/** Deeper than any real tree: a server whose parents loop must not make a poll climb forever. */
const MAX_LEVELS = 100;

type Placement = 'in' | 'out';

/** Remembered placements, oldest first, as `<7-char key><i|o>` runs. */
export class KnownFolders {
	private readonly placements = new Map<string, Placement>();

	constructor(saved: unknown) {
		if (typeof saved !== 'string') return;
		for (let at = 0; at + KEY_LENGTH + 1 <= saved.length; at += KEY_LENGTH + 1) {
			this.placements.set(
				saved.slice(at, at + KEY_LENGTH),
				saved[at + KEY_LENGTH] === 'i' ? 'in' : 'out',
			);
		}
	}

	get(folderId: string): Placement | undefined {
		const key = shortHash(folderId, KEY_LENGTH);
		const placement = this.placements.get(key);
		if (placement !== undefined) {
			// Used again: moves to the newest end, so the folders that get files stay remembered.
			this.placements.delete(key);
			this.placements.set(key, placement);
		}
		return placement;
	}

	set(folderId: string, placement: Placement): void {
		const key = shortHash(folderId, KEY_LENGTH);
		this.placements.delete(key);
		this.placements.set(key, placement);
	}

	serialised(): string {
		const entries = [...this.placements].slice(-FOLDER_MEMORY);
		return entries.map(([key, placement]) => `${key}${placement === 'in' ? 'i' : 'o'}`).join('');
	}
}

export interface WatchedTree {
	folderId: string;
	includeSubfolders: boolean;
}

/**
 * Whether `folderId` is the watched folder or below it. Unknown folders are looked up level by level (one request
 * each) until a folder with a placement, the watched folder or the top is reached; every folder passed gets the
 * placement. Undefined: a folder on the way no longer exists (deleted since the upload, with the file).
 */
async function isInTree(
	ctx: IPollFunctions,
	client: ApiClient,
	policy: PollPolicy,
	tree: WatchedTree,
	placements: KnownFolders,
	folderId: string,
): Promise<boolean | undefined> {
	const passed: string[] = [];
	let current: string | null = folderId;
	let placement: Placement | undefined;
	while (placement === undefined) {
		if (current === null || current === ROOT_FOLDER_ID) placement = 'out';
		else if (current === tree.folderId) placement = 'in';
		else placement = placements.get(current);
		if (placement !== undefined || current === null) break;
		if (passed.length >= MAX_LEVELS) {
			throw new NodeOperationError(ctx.getNode(), MESSAGES.parentsInCircle(folderId, MAX_LEVELS), {
				description: FAILURE_HINTS.parentsInCircle,
			});
		}
		const asked: string = current;
		const folder = await readFolder(client, asked, policy).catch((error: unknown) => {
			// Deleted since the upload (with the file): no placement.
			if (isNotFound(error)) return null;
			throw error;
		});
		if (folder === null) return undefined;
		if (folder === undefined) {
			throw new NodeOperationError(ctx.getNode(), MESSAGES.folderUndescribed(asked), {
				description: FAILURE_HINTS.folderUndescribed,
			});
		}
		passed.push(asked);
		current = parentIdOf(folder);
	}
	if (placement === undefined) return undefined;
	for (const id of passed) placements.set(id, placement);
	return placement === 'in';
}

/** The new uploads inside the watched tree, in their order. */
export async function uploadsInTree<T extends { wrapper: IDataObject }>(
	ctx: IPollFunctions,
	client: ApiClient,
	policy: PollPolicy,
	tree: WatchedTree,
	placements: KnownFolders,
	uploads: T[],
): Promise<T[]> {
	const kept: T[] = [];
	for (const upload of uploads) {
		// Recent uploads name each file's folder (`parent_id`, or the `parent` relationship); none: the top level.
		const folderId = parentIdOf(upload.wrapper);
		let inside: boolean | undefined;
		if (tree.folderId === ROOT_FOLDER_ID) inside = tree.includeSubfolders || folderId === null;
		else if (!tree.includeSubfolders || folderId === null) inside = folderId === tree.folderId;
		else inside = await isInTree(ctx, client, policy, tree, placements, folderId);
		if (inside) kept.push(upload);
	}
	return kept;
}
