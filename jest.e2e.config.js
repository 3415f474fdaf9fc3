/**
 * The real-n8n end-to-end suite (`npx jest --config jest.e2e.config.js`): installs a pinned n8n into .cache/ on
 * first use, packs this package and runs it inside n8n against the sandbox. Run in band: one n8n at a time.
 * @type {import('jest').Config}
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	testTimeout: 180000,
	maxWorkers: 1,
	// n8n's own output goes to files under .tmp/e2e/logs; jest's console stays readable
	verbose: true,
};
