/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// docs/architecture.md names every source file (in its tree drawing, or with its folder: `transport/listing.ts`)
// and no file that is not there. A path with a placeholder (`actions/<resource>/index.ts`) names no file.
import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';

import { read, root, sourceFiles } from './repo';

const DOC = 'docs/architecture.md';

/** The lines of the doc's fenced code blocks. */
function codeBlockLines(markdown: string): string[] {
	const lines: string[] = [];
	let inBlock = false;
	for (const line of markdown.split('\n')) {
		if (line.startsWith('```')) inBlock = !inBlock;
		else if (inBlock) lines.push(line);
	}
	return lines;
}

/** The tree drawing's entries as paths from the repository's root; folders end with `/`. */
function treeEntries(lines: string[]): string[] {
	const folders: string[] = [];
	const entries: string[] = [];
	for (const line of lines) {
		const branch = /^((?:│ {3}| {4})*)[├└]── (\S+)/.exec(line);
		const top = /^([^\s│├└]\S*)/.exec(line);
		// Anything else continues the comment of the line above.
		if (!branch && !top) continue;
		const depth = branch ? branch[1].length / 4 + 1 : 0;
		const name = branch ? branch[2] : top![1];
		if (folders.length < depth) throw new Error(`${DOC}: "${line}" has no folder above it`);
		folders.length = depth;
		const path = folders.join('') + name;
		entries.push(path);
		if (name.endsWith('/')) folders.push(name);
	}
	return entries;
}

/** Path-like words ending in `.ts`: letters, digits, `_`, `-`, `.`, and `/` between folders. */
function tsWords(text: string): string[] {
	return [
		...text.matchAll(/(?<![\w./<>-])[A-Za-z_][\w.-]*(?:\/[\w.-]+)*\.ts(?![\w/<>-]|\.\w)/g),
	].map(([word]) => word);
}

describe(DOC, () => {
	const doc = read(DOC);
	const files = sourceFiles().sort();
	const tree = treeEntries(codeBlockLines(doc));
	const words = tsWords(doc);
	/** The source files a word with a folder names: those whose path ends with it. */
	const namedBy = (word: string) =>
		files.filter((file) => file === word || file.endsWith(`/${word}`));

	it('draws a tree of the source', () => {
		expect(tree).toEqual(expect.arrayContaining(['credentials/', 'nodes/', 'nodes/lib/']));
	});

	it('names every source file under nodes/ and credentials/', () => {
		const named = new Set([
			...tree,
			...words.filter((word) => word.includes('/')).flatMap(namedBy),
		]);
		const notNamed = files.filter((file) => !named.has(file));
		expect({ notNamedInTheDoc: notNamed }).toEqual({ notNamedInTheDoc: [] });
	});

	it('draws no file or folder that does not exist', () => {
		const missing = tree.filter((entry) => !existsSync(join(root, entry)));
		expect({ drawnButNotThere: missing }).toEqual({ drawnButNotThere: [] });
	});

	it('mentions no .ts file that does not exist', () => {
		const exists = (word: string) =>
			word.includes('/')
				? namedBy(word).length > 0 || existsSync(join(root, word))
				: files.some((file) => posix.basename(file) === word);
		const missing = [...new Set(words)].filter((word) => !exists(word));
		expect({ mentionedButNotThere: missing }).toEqual({ mentionedButNotThere: [] });
	});
});
