/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** The version switch, and whether n8n-versions.ts holds for the installed n8n (version, Node, poll time budget). */
import * as path from 'node:path';

import { REPO_ROOT } from './checkout';
import { installN8n } from './install';
import type { N8nInstall } from './install';
import { refuseUnsafeWorkflowIds } from './cli';
import { CREDENTIALS, manualWorkflow, triggerWorkflow } from './fixtures';
import { N8N_LINES, selectedN8n } from './n8n-versions';
import { assertOk, runCommand } from './processes';

const LOGS = path.join(REPO_ROOT, '.tmp', 'e2e-versions', 'logs');

describe('N8N_VERSION selects an n8n the harness knows', () => {
	test('unset: the pinned 2.x; a release line: its pinned version; a full version: that version on its line', () => {
		expect(selectedN8n('')).toBe(N8N_LINES[0]);
		const two = { line: 2, version: '2.41.0', nodeVersion: '24.21.0' };
		const one = { line: 1, version: '1.123.81', nodeVersion: '22.23.3' };
		for (const [wanted, expected] of [
			[' ', two],
			['2', two],
			['1', one],
			['1.120.4', { ...one, version: '1.120.4' }],
		] as const)
			expect(selectedN8n(wanted)).toMatchObject(expected);
		expect(selectedN8n('1.120.4').activatePath('wf')).toBe('/workflows/wf/activate');
	});

	test('unknown lines and malformed versions are refused with the known ones named', () => {
		for (const wanted of ['3', '0.236.0', 'latest', '1.x', '2.41'])
			expect(() => selectedN8n(wanted)).toThrow(/1: 1\.123\.81/);
	});

	test('activation, static data and the manual run body differ per line', () => {
		const [two, one] = [selectedN8n('2'), selectedN8n('1')];
		expect(two.activateOfflineArgs('wf')).toEqual(['publish:workflow', '--id=wf']);
		expect(one.activateOfflineArgs('wf')).toEqual(['update:workflow', '--id=wf', '--active=true']);
		expect([two.activatePath('a b'), two.deactivatePath('a'), one.deactivatePath('a')]).toEqual([
			'/workflows/a%20b/publish',
			'/workflows/a/unpublish',
			'/workflows/a/deactivate',
		]);
		// a manual run names its trigger; 1.x also takes the workflow in the body
		const [stored, triggerToStartFrom] = [{ id: 'wf', nodes: [] }, { name: 'Start' }];
		expect(two.manualRunBody(stored, 'Start')).toEqual({ triggerToStartFrom });
		expect(one.manualRunBody(stored, 'Start')).toEqual({
			workflowData: stored,
			triggerToStartFrom,
		});
	});

	test('a trigger workflow whose id some line would drop static data for is refused before import', () => {
		const shortest = Math.min(...N8N_LINES.map((line) => line.staticDataIdMaxLength));
		expect(shortest).toBeLessThan(21);
		const id = (length: number) => 'w'.repeat(length);
		expect(() => refuseUnsafeWorkflowIds([triggerWorkflow(id(shortest), 'upload')])).not.toThrow();
		expect(() => refuseUnsafeWorkflowIds([triggerWorkflow(id(shortest + 1), 'upload')])).toThrow(
			/drop its trigger's static data/,
		);
		// without a trigger, only n8n's own limit applies
		const plain = manualWorkflow(id(shortest + 1), 'plain', 'File Storage', {}, CREDENTIALS.api);
		expect(() => refuseUnsafeWorkflowIds([plain])).not.toThrow();
		expect(() => refuseUnsafeWorkflowIds([{ ...plain, id: id(22) }])).toThrow(/longer than 21/);
	});
});

describe(`the installed n8n ${selectedN8n().version} is what n8n-versions.ts says`, () => {
	let install: N8nInstall;

	beforeAll(async () => {
		install = await installN8n(LOGS);
	}, 40 * 60_000);

	test('n8n version, Node version, poll time budget', async () => {
		// 2.x sets the method per instance in the constructor: the class's source shows whether it has one
		const script =
			"const { PollContext } = require(process.argv[1]); console.log(JSON.stringify({ node: process.versions.node, budget: String(PollContext).includes('this.getPollBudgetMs') }))";
		const core = path.join(install.dir, 'node_modules', 'n8n-core');
		const options = { logDir: LOGS, name: 'probe-n8n-core', timeoutMs: 120_000 };
		const probe = await runCommand(install.nodeBin, ['-e', script, core], options);
		const facts = JSON.parse(assertOk(probe, 'probe').stdout.trim().split('\n').pop() ?? '{}');
		const { version, nodeVersion: node, reportsPollBudget: budget } = install.offers;
		expect({ version: install.version, ...facts }).toEqual({ version, node, budget });
	}, 120_000);
});
