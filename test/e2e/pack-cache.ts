/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** The tarball's inputs as a key (SHA-256 of paths and bytes) `buildAndPack` packs once for: sources, images, schemas. */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Raised when what the key covers changes shape, so that old tarballs are never taken for new ones. */
const KEY_VERSION = 'pack-key-1';

const ROOT_FILES =
	/^(package\.json|package-lock\.json|tsconfig\.json|(README|LICEN[SC]E)(\..*)?)$/i;
const SOURCE_DIRS = ['nodes', 'credentials', 'icons'];
/** Never read: build output, dependencies, hidden folders (.git, .tmp, .cache), docs (not packed: "!dist/docs"). */
const SKIPPED_DIRS = new Set(['dist', 'node_modules', 'docs']);

function isStaticAsset(relative: string): boolean {
	return (
		/\.(png|svg)$/i.test(relative) ||
		(relative.endsWith('.json') && relative.split('/').includes('__schema__'))
	);
}

/** The repository-relative paths (with `/`) of every file the key covers, sorted. */
export function packInputs(root: string): string[] {
	const found: string[] = [];
	const walk = (dir: string, relative: string) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			if (entry.name.startsWith('.')) continue;
			const rel = relative ? `${relative}/${entry.name}` : entry.name;
			if (entry.isDirectory()) {
				if (!SKIPPED_DIRS.has(entry.name) || relative !== '') walk(path.join(dir, entry.name), rel);
				continue;
			}
			if (!entry.isFile()) continue;
			const top = rel.split('/')[0];
			if (
				(relative === '' && ROOT_FILES.test(entry.name)) ||
				SOURCE_DIRS.includes(top) ||
				isStaticAsset(rel)
			)
				found.push(rel);
		}
	};
	walk(root, '');
	return found.sort();
}

/** The pack key of the checkout at `root`: equal keys, equal tarballs. */
export function packKey(root: string): string {
	const hash = createHash('sha256').update(KEY_VERSION);
	for (const file of packInputs(root)) {
		const bytes = fs.readFileSync(path.join(root, file));
		hash.update(`\0${file}\0${bytes.length}\0`).update(bytes);
	}
	return hash.digest('hex').slice(0, 32);
}
