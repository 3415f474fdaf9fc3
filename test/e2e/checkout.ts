/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/** The checkout under test and the names n8n gives its package: node and credential type names. */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The checkout's root: the nearest folder above this file whose package.json is this package (works from .tmp/build too). */
export function findRepoRoot(start: string = __dirname): string {
	let dir = start;
	for (;;) {
		const pkg = path.join(dir, 'package.json');
		if (fs.existsSync(pkg)) {
			try {
				const json = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string };
				if (json.name === 'n8n-nodes-file-storage') return dir;
			} catch {
				/* keep looking */
			}
		}
		const parent = path.dirname(dir);
		if (parent === dir) throw new Error(`package root not found above ${start}`);
		dir = parent;
	}
}

export const REPO_ROOT = findRepoRoot();
export const PACKAGE_NAME = 'n8n-nodes-file-storage';
export const NODE_TYPE = `${PACKAGE_NAME}.fileStorage`;
export const TRIGGER_NODE_TYPE = `${PACKAGE_NAME}.fileStorageTrigger`;
export const CREDENTIAL_TYPES = [
	'fileStorageApi',
	'fileStorageShareApi',
	'fileStorageFileRequestApi',
] as const;
