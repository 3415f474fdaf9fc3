/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// The published tarball, built and packed as `npm run release` does, holds only what n8n loads, the README,
// licence and manifest.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

import { withDistLock } from '../helpers/dist-lock';
import { readJson, root, sourceFiles } from './repo';

/** What the build makes of the sources: each .ts as .js, each codex .json as it is, under dist/. */
const built = () =>
	sourceFiles(/\.ts$|\.node\.json$/).map((path) => `dist/${path.replace(/\.ts$/, '.js')}`);

function packedFiles(): string[] {
	execFileSync('npx', ['n8n-node', 'build'], { cwd: root, stdio: 'pipe', timeout: 120_000 });
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
		timeout: 60_000,
	});
	const [pack] = JSON.parse(out.toString()) as Array<{ files: Array<{ path: string }> }>;
	return pack.files.map((file) => file.path).sort();
}

describe('the packed tarball', () => {
	let files: string[];
	beforeAll(async () => {
		files = await withDistLock(packedFiles);
	}, 480_000);

	it('holds exactly the manifest, README, licence, one .js per source file, the codex files and the icons', () => {
		// No source maps (they point at sources the tarball does not ship) and no declarations: n8n reads neither.
		const expected = [
			'LICENSE.md',
			'README.md',
			'package.json',
			...built(),
			...readdirSync(resolve(root, 'icons')).map((icon) => `dist/icons/${icon}`),
		].sort();
		expect(files).toEqual(expected);
	});

	it('holds every node and credential the manifest names, and their icons', () => {
		const manifest = readJson<{ n8n: { nodes: string[]; credentials: string[] } }>('package.json');
		for (const entry of [...manifest.n8n.nodes, ...manifest.n8n.credentials])
			expect(files).toContain(entry);
		expect(files).toEqual(
			expect.arrayContaining(['dist/icons/fileStorage.svg', 'dist/icons/fileStorage.dark.svg']),
		);
	});
});
