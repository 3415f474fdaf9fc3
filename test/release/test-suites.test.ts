/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
// Plain `jest` (the engine suite, needing nothing but this checkout) must never pick up the tests of the suites
// with a config of their own, which need a real n8n, PostgreSQL, Redis or a browser their script installs first.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { root } from './repo';

interface JestConfig {
	roots?: string[];
	testPathIgnorePatterns?: string[];
}

const load = (file: string) => createRequire(__filename)(join(root, file)) as JestConfig;

describe('the jest configurations', () => {
	const main = load('jest.config.js');
	const others = [
		...readdirSync(root).filter((file) => /^jest\..+\.config\.js$/.test(file)),
		...readdirSync(join(root, 'test'), { withFileTypes: true })
			.filter(
				(entry) =>
					entry.isDirectory() &&
					readdirSync(join(root, 'test', entry.name)).includes('jest.config.js'),
			)
			.map((entry) => `test/${entry.name}/jest.config.js`),
	];

	it('there are suites with configs of their own', () => {
		expect(others).toEqual(
			expect.arrayContaining([
				'jest.e2e.config.js',
				'jest.release.config.js',
				'jest.ui.config.js',
				'test/queue/jest.config.js',
			]),
		);
	});

	it.each(others)('plain jest leaves out the tests of %s', (file) => {
		const roots = (load(file).roots ?? []).map((dir) => dir.replace('<rootDir>', ''));
		expect(roots.length).toBeGreaterThan(0);
		for (const dir of roots) {
			const ignored = (main.testPathIgnorePatterns ?? []).some((pattern) =>
				new RegExp(pattern).test(`${dir}/some.test.ts`),
			);
			expect({ dir, ignored }).toEqual({ dir, ignored: true });
		}
	});
});
