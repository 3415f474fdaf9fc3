const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	// jest's default (one worker fewer than cores) is one worker on 2 cores: the files then run one after another,
	// while much of a file's time is spent waiting on servers and child processes. Two workers at least.
	maxWorkers: Math.max(2, availableParallelism() - 1),
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// Type checking is a separate step (`npm run typecheck`); transpiling only keeps the suite fast on 2 cores.
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// The real-n8n suites and the browser suite have their own commands (`npm run test:e2e`, `npm run test:queue`,
	// `npm run test:ui`, which installs the browser first); so do the release checks, which build and pack
	// (`npm run test:release`).
	testPathIgnorePatterns: [
		'/node_modules/',
		'/test/e2e/',
		'/test/queue/',
		'/test/ui/',
		'/test/release/',
	],
	testTimeout: 30000,
	// Each test file's modules stay in its worker's heap (up to ~1 GB by the end), and a heap that size takes more than
	// jest's default half second to end: jest would kill the worker and warn of a leak that is not there.
	workerGracefulExitTimeout: 3000,
};
