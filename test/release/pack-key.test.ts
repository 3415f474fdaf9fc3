/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The real-n8n suites reuse a tarball per pack key (test/e2e/install.ts): anything packed must change the key, or a
// suite would test a stale package. Checked on a small copy of the repository's shape.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { packInputs, packKey } from '../e2e/pack-cache';

let root: string;

function write(file: string, text: string): void {
	fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
	fs.writeFileSync(path.join(root, file), text);
}

/** The small repository's files that are packed, with their text. */
const PACKED: Record<string, string> = {
	'LICENSE.md': 'MIT',
	'README.md': '# readme',
	'credentials/FileStorageApi.credentials.ts': 'export const c = 3;',
	'icons/fileStorage.svg': '<svg/>',
	'nodes/FileStorage/FileStorage.node.json': '{}',
	'nodes/FileStorage/FileStorage.node.ts': 'export const a = 1;',
	'nodes/lib/transport/retry.ts': 'export const b = 2;',
	'package-lock.json': '{}',
	'package.json': '{"name":"n8n-nodes-file-storage"}',
	'tsconfig.json': '{}',
};
/** Those that are not: a test, a screenshot, the changelog, other build output, a dependency, a hidden file. */
const NOT_PACKED = [
	'test/e2e/e2e.test.ts',
	'docs/screenshots/shot.png',
	'CHANGELOG.md',
	'dist/nodes/FileStorage/FileStorage.node.js',
	'node_modules/x/icon.svg',
	'.tmp/e2e/user/icon.svg',
];

beforeEach(() => {
	root = fs.mkdtempSync(path.join(os.tmpdir(), 'pack-key-'));
	for (const [file, text] of Object.entries(PACKED)) write(file, text);
	for (const file of NOT_PACKED) write(file, 'as first written');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the pack key of the real-n8n suites', () => {
	it('covers the sources, icons, metadata and build configuration, and nothing that is not packed', () => {
		expect(packInputs(root)).toEqual(Object.keys(PACKED));
	});

	it.each([
		['an edited node source', 'nodes/lib/transport/retry.ts', 'export const b = 3;'],
		['an edited codex file', 'nodes/FileStorage/FileStorage.node.json', '{"x":1}'],
		['an edited credential', 'credentials/FileStorageApi.credentials.ts', 'export const c = 4;'],
		['an edited icon', 'icons/fileStorage.svg', '<svg></svg>'],
		['an edited package.json', 'package.json', '{"name":"n8n-nodes-file-storage","version":"2"}'],
		['another lockfile (build toolchain)', 'package-lock.json', '{"v":2}'],
		['an edited tsconfig.json', 'tsconfig.json', '{"strict":true}'],
		['an edited README.md', 'README.md', '# readme, edited'],
		['an edited LICENSE.md', 'LICENSE.md', 'MIT 2026'],
		['a new node source', 'nodes/lib/new.ts', 'export {};'],
		['a new image the build copies into dist/', 'test/fixtures/pic.png', 'png'],
	])('changes with %s', (_what, file, text) => {
		const before = packKey(root);
		write(file, text);
		expect(packKey(root)).not.toBe(before);
	});

	it('changes when a source file is renamed, its bytes unchanged', () => {
		const before = packKey(root);
		fs.renameSync(
			path.join(root, 'nodes/lib/transport/retry.ts'),
			path.join(root, 'nodes/lib/transport/retries.ts'),
		);
		expect(packKey(root)).not.toBe(before);
	});

	it.each(NOT_PACKED)('stays the same when %s changes', (file) => {
		const before = packKey(root);
		write(file, 'something else');
		expect(packKey(root)).toBe(before);
	});

	it('is the same for the same content', () => {
		expect(packKey(root)).toBe(packKey(root));
		expect(packKey(root)).toMatch(/^[0-9a-f]{32}$/);
	});
});
