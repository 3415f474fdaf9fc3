/**
 * The real-browser suite (`npm run test:ui`): Debian's Chromium driven by playwright-core against a real n8n with
 * the packed package (test/ui/). Run in band: one n8n and one browser at a time.
 * @type {import('jest').Config}
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/ui'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	testTimeout: 120000,
	maxWorkers: 1,
	verbose: true,
};
