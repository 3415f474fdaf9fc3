/**
 * The release checks (`npm run test:release`): what the published tarball holds, the GitHub workflows, the publish
 * guards, the README, the examples and the shape of the code. They build, pack and lint rather than run the engine,
 * so they stay out of the engine-level suite's inner loop; `npm test` and CI run them.
 * @type {import('jest').Config}
 */
module.exports = {
	...require('./jest.config.js'),
	roots: ['<rootDir>/test/release'],
	testPathIgnorePatterns: ['/node_modules/'],
};
