// Search's walk down a folder tree: breadth first, a few folders listed at once, entries handed out in one stable
// order whatever order the answers arrive in, and nothing asked for that the consumer no longer wants. The walk
// ends only when none of its requests is still out.
//
// Order: the searched folder's entries (in listing order, name A to Z), then each of its subfolders' entries in the
// order the subfolders were listed, then the next level, and so on. Folders are listed ahead of the consumer in that
// order, `concurrency` at a time (the folder being read counts), each page by page; another starts whenever one is
// complete. Nothing but the searched folder starts before the consumer has read
// on past its first page: a search whose Limit is met there sends at most two requests (that page, and the next page
// of the same folder).

import type { IDataObject } from 'n8n-workflow';

import { attributesOf, unwrapResource } from '../../lib/resources/wrappers';
import type { ApiClient, CallOptions, Page } from '../../lib/transport';
import { endpoints, pagesOf } from '../../lib/transport';

export interface FolderInTree {
	id: string;
	/**
	 * Where the folder is inside the searched one: `/` is the searched folder, `/2026/Invoices` two levels below. One
	 * form wherever the search starts; searching the account's root, it is the folder's full path.
	 */
	path: string;
	/** 0 for the searched folder, 1 for its subfolders, … */
	depth: number;
}

export interface TreeEntry {
	wrapper: IDataObject;
	/** The folder the entry was listed in. */
	folder: FolderInTree;
}

export interface TreeWalk extends CallOptions {
	/** Folders listed at once. */
	concurrency: number;
	/** Deepest level listed (0: the searched folder only); undefined: no limit. */
	maxDepth?: number;
}

/** Listing order of every folder: stable between runs, unlike dates shared by a day's items. */
const BY_NAME = { sort: 'name', direction: 'ASC' };

/** One folder's listing, read ahead into a buffer by its own loop, and handed out page by page. */
class FolderReader {
	private readonly pages: Page[] = [];
	private finished = false;
	private failure: unknown;
	private wake: (() => void) | undefined;
	private started = false;
	private stopped = false;
	private filled: Promise<void> = Promise.resolve();

	constructor(
		private readonly source: () => AsyncGenerator<Page>,
		/** Called when the listing is complete (or failed): another folder may start. */
		private readonly onSettled: () => void,
	) {}

	start(): void {
		if (this.started) return;
		this.started = true;
		this.filled = this.fill();
	}

	/** The consumer has gone: no further page is asked for; settles once the request in flight has. */
	async stop(): Promise<void> {
		this.stopped = true;
		await this.filled;
	}

	private async fill(): Promise<void> {
		try {
			for await (const page of this.source()) {
				this.pages.push(page);
				this.wake?.();
				if (this.stopped) return;
			}
		} catch (error) {
			this.failure = error;
		} finally {
			this.finished = true;
			this.wake?.();
			this.onSettled();
		}
	}

	async *read(): AsyncGenerator<Page> {
		this.start();
		for (;;) {
			const page = this.pages.shift();
			if (page) {
				yield page;
				continue;
			}
			if (this.failure !== undefined) throw this.failure;
			if (this.finished) return;
			await new Promise<void>((resolve) => (this.wake = resolve));
			this.wake = undefined;
		}
	}
}

/** Stands in the queue for a folder whose listing was handed out. */
const DONE = new FolderReader(
	async function* () {},
	() => undefined,
);

function childPath(parent: string, name: string): string {
	return parent.endsWith('/') ? `${parent}${name}` : `${parent}/${name}`;
}

/** The folder wrapper's name, or its id when a server leaves the name out. */
function folderName(resource: IDataObject): string {
	const name = attributesOf(resource).name;
	return typeof name === 'string' && name !== '' ? name : String(resource.id);
}

/**
 * Every entry below `startId` (`all`: the account's root), breadth first, within `maxDepth`. Stop consuming to
 * stop the walk: folders not started are never asked for, and started ones stop after their current page.
 */
export async function* walkTree(
	client: ApiClient,
	startId: string,
	walk: TreeWalk,
): AsyncGenerator<TreeEntry> {
	const { concurrency, maxDepth, ...callOptions } = walk;
	const queue: Array<{ folder: FolderInTree; reader: FolderReader }> = [];
	/** Index of the folder being read: the ones before it are done with. */
	let head = 0;
	/** Whether the consumer has read on past the searched folder's first page: only then do other folders start. */
	let opened = false;
	let closed = false;
	// The `concurrency` folders from the one being read on are listed (started, in queue order); a folder done with
	// makes room for the next.
	const topUp = () => {
		if (!opened || closed) return;
		for (let index = head; index < Math.min(queue.length, head + concurrency); index++) {
			queue[index].reader.start();
		}
	};
	const readerFor = (folder: FolderInTree) =>
		new FolderReader(() => {
			// The searched folder's own errors are the Folder parameter's; a folder found below it names itself.
			const facts = folder.depth === 0 ? callOptions.facts : { subfolder: folder.path };
			const call = endpoints.folderContents(folder.id, BY_NAME);
			return pagesOf(client, call, { ...callOptions, facts });
		}, topUp);
	const startFolder: FolderInTree = { id: startId, path: '/', depth: 0 };
	queue.push({ folder: startFolder, reader: readerFor(startFolder) });
	try {
		for (; head < queue.length; head++) {
			const { folder, reader } = queue[head];
			reader.start();
			for await (const page of reader.read()) {
				for (const wrapper of page.wrappers) {
					const resource = unwrapResource(wrapper);
					if (
						resource.type === 'folder' &&
						typeof resource.id === 'string' &&
						(maxDepth === undefined || folder.depth < maxDepth)
					) {
						const sub: FolderInTree = {
							id: resource.id,
							path: childPath(folder.path, folderName(resource)),
							depth: folder.depth + 1,
						};
						queue.push({ folder: sub, reader: readerFor(sub) });
					}
					yield { wrapper, folder };
				}
				opened = true;
				topUp();
			}
			// Done with: its pages were handed out (the queue keeps only the small entry).
			queue[head] = { folder: queue[head].folder, reader: DONE };
		}
	} finally {
		closed = true;
		// The node's run ends only when no request of its own is still out.
		await Promise.all(queue.slice(head).map(async ({ reader }) => await reader.stop()));
	}
}
