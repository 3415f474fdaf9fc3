/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// The published tarball holds only what n8n loads (the built nodes, credentials and their icons) and the
// package's README, licence and manifest: nothing from docs/, tests or sources. Built and packed as `npm run
// release` does (n8n-node build, then npm pack).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../..');

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
	beforeAll(() => {
		files = packedFiles();
	}, 180_000);

	it('holds only the manifest, README, licence and the built nodes, credentials and icons', () => {
		const allowed =
			/^(package\.json|README\.md|LICENSE\.md|dist\/(nodes|credentials)\/.+\.(js|json|svg|png|d\.ts|js\.map)|dist\/icons\/[^/]+\.svg)$/;
		expect(files.filter((file) => !allowed.test(file))).toEqual([]);
		expect(files.some((file) => file.startsWith('dist/docs/'))).toBe(false);
	});

	it('holds every node and credential the manifest names, and their icons', () => {
		const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
			n8n: { nodes: string[]; credentials: string[] };
		};
		for (const entry of [...manifest.n8n.nodes, ...manifest.n8n.credentials])
			expect(files).toContain(entry);
		expect(files).toEqual(
			expect.arrayContaining(['dist/icons/fileStorage.svg', 'dist/icons/fileStorage.dark.svg']),
		);
	});
});
