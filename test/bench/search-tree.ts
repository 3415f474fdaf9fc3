/**
 * The folder tree File → Search walks in the benchmarks (search-bench.ts, ablation.ts): 20 top folders × 24
 * subfolders each + the 20 = 500 folders below the searched one, 20 files in each, and one file (`needle.pdf`) in
 * the searched folder itself.
 */
import type { Sandbox } from '../sandbox/server';

const TOP_FOLDERS = 20;
const SUBFOLDERS = 24;
export const FILES_PER_FOLDER = 20;

/** Adds the tree to the sandbox: returns the searched folder's id and the number of folders and files below it. */
export function buildSearchTree(sb: Sandbox): { rootId: string; folders: number; files: number } {
	const model = sb.model;
	const root = model.addFolder(0, { name: 'Search Tree' });
	let folders = 0;
	let files = 0;
	const fill = (folderId: string) => {
		for (let k = 0; k < FILES_PER_FOLDER; k++)
			model.addFile(0, { folderId, name: `file-${folders}-${k}.txt`, size: 1000 + k });
		files += FILES_PER_FOLDER;
	};
	for (let a = 0; a < TOP_FOLDERS; a++) {
		const top = model.addFolder(0, { name: `top-${a}`, parentId: root.id });
		folders++;
		fill(top.id);
		for (let b = 0; b < SUBFOLDERS; b++) {
			const sub = model.addFolder(0, { name: `sub-${a}-${b}`, parentId: top.id });
			folders++;
			fill(sub.id);
		}
	}
	// The file Limit 1 looks for: in the searched folder itself.
	model.addFile(0, { folderId: root.id, name: 'needle.pdf', size: 5000 });
	return { rootId: root.id, folders, files: files + 1 };
}
