const { availableParallelism } = require('node:os');

/**
 * The release checks (`npm run test:release`): what the published tarball holds, the GitHub workflows, the publish
 * guards, the README, the examples and the shape of the code. They build, pack and lint rather than run the engine,
 * so they stay out of the engine-level suite's inner loop; `npm test` and CI run them.
 * @type {import('jest').Config}
 */
module.exports = {
	testEnvironment: 'node',
	maxWorkers: Math.max(2, availableParallelism() - 1),
	roots: ['<rootDir>/test/release'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	testTimeout: 30000,
};
