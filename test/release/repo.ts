/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// The repository as the release checks read it: its files by path from the root, parsed or as text.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(__dirname, '../..');

export const read = (file: string): string => readFileSync(join(root, file), 'utf8');

export const readJson = <T>(file: string): T => JSON.parse(read(file)) as T;

/** The files under `folder` whose names match `pattern`, as paths from the root. */
export function filesUnder(folder: string, pattern = /\.ts$/): string[] {
	return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
		const path = `${folder}/${entry.name}`;
		if (entry.isDirectory()) return filesUnder(path, pattern);
		return pattern.test(entry.name) ? [path] : [];
	});
}

/** The package's source files: credentials/ then nodes/. */
export const sourceFiles = (pattern?: RegExp): string[] => [
	...filesUnder('credentials', pattern),
	...filesUnder('nodes', pattern),
];
