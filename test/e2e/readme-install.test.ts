/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/** README → Installation as written: its bash block in a fresh HOME with the packed file; n8n there loads both nodes. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import {
	CREDENTIAL_TYPES,
	NODE_TYPE,
	PACKAGE_NAME,
	REPO_ROOT,
	TRIGGER_NODE_TYPE,
} from './checkout';
import { buildAndPack, freshUserFolder, installN8n } from './install';
import type { N8nInstall } from './install';
import { assertOk, runCommand, stopAllChildren } from './processes';
import type { CommandResult } from './processes';
import { Stopwatch } from './progress';
import { N8n } from './rest-client';

const WORK = path.join(REPO_ROOT, '.tmp', 'e2e-install');
const LOGS = path.join(WORK, 'logs');
/** Where README → Installation stands for the file `npm pack` wrote. */
const PLACEHOLDER = /\/path\/to\/([\w.@-]+\.tgz)/g;

/** The `bash` blocks of README → Installation. */
function installationBlocks(readme: string): string[] {
	const start = readme.indexOf('\n## Installation\n');
	if (start < 0) throw new Error('README.md has no "## Installation" section');
	const next = readme.indexOf('\n## ', start + 1);
	const section = readme.slice(start, next < 0 ? undefined : next);
	return [...section.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

/** The README's block that installs the package file: the one that names it by its `/path/to/` placeholder. */
function readmeInstallBlock(): string {
	const blocks = installationBlocks(fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8'));
	const installing = blocks.filter((block) => block.match(PLACEHOLDER) !== null);
	if (installing.length === 1) return installing[0];
	throw new Error(
		`README → Installation should have one bash block with a /path/to/….tgz placeholder, has ${installing.length}:\n${blocks.join('\n---\n')}`,
	);
}

/** `dir` or the folder above it that npm would install into instead (it has package.json or node_modules). */
function npmProjectAbove(dir: string): string | undefined {
	for (let at = path.dirname(dir); ; at = path.dirname(at)) {
		if (['package.json', 'node_modules'].some((name) => fs.existsSync(path.join(at, name))))
			return at;
		if (path.dirname(at) === at) return undefined;
	}
}

/** Single quotes for bash. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

const watch = new Stopwatch();
let install: N8nInstall;
let tarball: string;
let home: string;
let n8n: N8n | undefined;

beforeAll(async () => {
	fs.rmSync(WORK, { recursive: true, force: true });
	fs.mkdirSync(LOGS, { recursive: true });
	install = await watch.time('install n8n (or reuse .cache)', () => installN8n(LOGS));
	tarball = await watch.time('build + npm pack (or reuse .tmp/pack-cache)', () =>
		buildAndPack(path.join(WORK, 'pack'), LOGS),
	);
	// Outside the checkout: npm installs into the nearest folder above with a package.json or node_modules.
	home = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-readme-home-'));
	const above = npmProjectAbove(home);
	if (above) throw new Error(`${above} is an npm project: npm would install there, not in ${home}`);
	// A user who has run n8n before (its database exists, no nodes folder yet), then installs and restarts it.
	await watch.time('fresh home (n8n user folder template)', () =>
		freshUserFolder(install, home, LOGS),
	);
}, 40 * 60_000);

afterAll(async () => {
	await n8n?.stop();
	await stopAllChildren();
	if (home) fs.rmSync(home, { recursive: true, force: true });
	const summary = watch.summary();
	fs.writeFileSync(path.join(WORK, 'timings.txt'), `${summary}\n`);
	process.stdout.write(
		`\nREADME install phases (logs in ${path.relative(REPO_ROOT, LOGS)}):\n${summary}\n`,
	);
}, 60_000);

describe('README → Installation, run as written', () => {
	let ran: CommandResult;

	test(
		'the bash block that installs the package file runs in a fresh home and puts the package alone into ~/.n8n/nodes',
		async () => {
			const block = readmeInstallBlock();
			const named = [...block.matchAll(PLACEHOLDER)].map((match) => match[1]);
			// the file the README names is the one `npm pack` writes
			expect(named).toEqual([path.basename(tarball)]);
			const script = block.replace(PLACEHOLDER, quoted(tarball));
			fs.writeFileSync(path.join(LOGS, 'readme-install-block.sh'), script);
			ran = await watch.time('the README block (npm install)', () =>
				runCommand('bash', ['-e', '-o', 'pipefail', '-c', script], {
					cwd: home,
					// a user's shell: no npm_config_* of an enclosing `npm run` (they point at this checkout), offline
					env: {
						HOME: home,
						PATH: `${install.nodeBinDir}:${process.env.PATH ?? '/usr/bin:/bin'}`,
						LANG: process.env.LANG ?? 'C.UTF-8',
						TMPDIR: os.tmpdir(),
						npm_config_offline: 'true',
						npm_config_audit: 'false',
						npm_config_fund: 'false',
						npm_config_update_notifier: 'false',
					},
					logDir: LOGS,
					name: 'readme-install-block',
					timeoutMs: 5 * 60_000,
				}),
			);
			assertOk(ran, 'the README block');
			const nodes = path.join(home, '.n8n', 'nodes', 'node_modules');
			const manifest = path.join(nodes, PACKAGE_NAME, 'package.json');
			expect({ [manifest]: fs.existsSync(manifest) }).toEqual({ [manifest]: true });
			const installed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name: string };
			expect(installed.name).toBe(PACKAGE_NAME);
			// a second n8n-workflow beside the package breaks `instanceof NodeApiError`
			expect(fs.readdirSync(nodes).filter((name) => !name.startsWith('.'))).toEqual([PACKAGE_NAME]);
		},
		6 * 60_000,
	);

	test(
		'n8n, restarted on that home, has loaded both nodes and the three credential types',
		async () => {
			expect(ran?.code).toBe(0);
			const userFolder = home;
			const started = await N8n.create({ install, userFolder, logDir: LOGS, env: { HOME: home } });
			n8n = started;
			// as e2e.test.ts checks the packed package: export:nodes, then the editor's credential types
			const exported = await watch.time('n8n export:nodes', () => started.exportNodes());
			const names = exported.map((node) => node.name);
			expect(names).toEqual(expect.arrayContaining([NODE_TYPE, TRIGGER_NODE_TYPE]));
			const node = exported.find((candidate) => candidate.name === NODE_TYPE);
			expect((node?.credentials ?? []).map((c) => c.name).sort()).toEqual(
				[...CREDENTIAL_TYPES].sort(),
			);
			await watch.time('n8n start until ready', () => started.start());
			await started.setupOwner();
			const credentialTypes = (await started.editorTypes('credentials')).map((type) => type.name);
			expect(credentialTypes).toEqual(expect.arrayContaining([...CREDENTIAL_TYPES]));
			const offered = (await started.editorTypes('nodes'))
				.filter((type) => [NODE_TYPE, TRIGGER_NODE_TYPE].includes(type.name))
				.map((type) => type.displayName);
			expect(offered.sort()).toEqual(['File Storage', 'File Storage Trigger']);
		},
		4 * 60_000,
	);
});
