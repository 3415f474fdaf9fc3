/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// Type checking is a separate step (`npm run typecheck`); transpiling only keeps the suite fast on 2 cores.
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// The real-n8n suites and the browser suite have their own commands (`npm run test:e2e`, `npm run test:queue`,
	// `npm run test:ui`, which installs the browser first).
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/queue/', '/test/ui/'],
	testTimeout: 30000,
};
