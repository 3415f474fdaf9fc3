/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// Type checking is a separate step (`npm run typecheck`); transpiling only keeps the suite fast on 2 cores.
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// The real-n8n e2e suite has its own command (`npm run test:e2e`).
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	testTimeout: 30000,
};
