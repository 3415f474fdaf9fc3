/**
 * The queue-mode suite (`npm run test:queue`): n8n main + 2 workers on private PostgreSQL and Redis. Run in band:
 * one cluster at a time; each test drives the same cluster further.
 * @type {import('jest').Config}
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	testTimeout: 300000,
	maxWorkers: 1,
	verbose: true,
};
