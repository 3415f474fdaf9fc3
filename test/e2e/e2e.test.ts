/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/** The packed package in a real, pinned n8n: one `n8n start` for every suite of suites/ (`-t` picks), then the leak check. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { findLeaks } from '../helpers/secret-leaks';
import { REPO_ROOT } from './checkout';
import { seedSecrets } from './fixtures';
import { n8nTexts } from './leaks';
import { stopAllChildren } from './processes';
import { startSharedN8n } from './shared-n8n';
import type { SharedN8n } from './shared-n8n';
import { coreSuite } from './suites/core';
import { downloadSuite } from './suites/download';
import { mcpToolSuite } from './suites/mcp-tool';
import { reliabilitySuite } from './suites/reliability';

const WORK = path.join(REPO_ROOT, '.tmp', 'e2e');
const SUITES = {
	core: coreSuite,
	reliability: reliabilitySuite,
	'mcp-tool': mcpToolSuite,
	download: downloadSuite,
};

let shared: SharedN8n | undefined;

beforeAll(async () => {
	shared = await startSharedN8n(WORK, Object.values(SUITES));
}, 40 * 60_000);

afterAll(async () => {
	await shared?.n8n.stop();
	await stopAllChildren();
	for (const suite of Object.values(SUITES)) await suite.stop?.();
	await shared?.sandbox.stop();
	const summary = shared?.watch.summary() ?? '';
	fs.mkdirSync(WORK, { recursive: true });
	fs.writeFileSync(path.join(WORK, 'timings.txt'), `${summary}\n`);
	process.stdout.write(
		`\ne2e phases (logs in ${path.relative(REPO_ROOT, WORK)}/logs):\n${summary}\n`,
	);
}, 60_000);

for (const [name, suite] of Object.entries(SUITES)) describe(name, () => suite.tests());

test('no secret of the seed (nor of a signed link) in any n8n log or REST answer', async () => {
	const { n8n, sandbox, logDir } = shared!;
	await n8n.stop();
	const texts = n8nTexts(n8n, logDir);
	expect(Object.keys(texts).some((where) => where.startsWith('log file'))).toBe(true);
	expect(Object.keys(texts).some((where) => where.startsWith('REST answer'))).toBe(true);
	// n8n's signed links were handed out (Upload File ran), and none of their tokens is anywhere either
	expect(SUITES.download.secrets?.().length).toBeGreaterThan(0);
	const more = Object.values(SUITES).flatMap((suite) => suite.secrets?.() ?? []);
	expect(findLeaks(texts, [...seedSecrets(sandbox.seed), ...more])).toEqual([]);
}, 60_000);
