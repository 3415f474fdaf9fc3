/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/** `npm run dev`: n8n (DEV_N8N_PORT, 5678) with the package, sandbox (DEV_SANDBOX_PORT, 8787), state in .cache/dev-user/. */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { activeFileRequest, editorShare } from '../sandbox/seed';
import type { SeedInfo } from '../sandbox/seed';
import { CREDENTIALS, EXAMPLES, loadExample, sandboxCredentials, usesNodeType } from './fixtures';
import { REPO_ROOT, TRIGGER_NODE_TYPE } from './checkout';
import { buildAndPack, freshUserFolder, installN8n, installPackage } from './install';
import { freePort, isPortFree, spawnLogged, stopChild, waitFor } from './processes';
import type { SpawnedProcess } from './processes';
import { say } from './progress';
import { N8n } from './rest-client';

const USER_FOLDER = path.join(REPO_ROOT, '.cache', 'dev-user');
const LOG_DIR = path.join(USER_FOLDER, 'logs');
const IMPORTED_MARKER = path.join(USER_FOLDER, 'imported-examples.json');
const SANDBOX_INFO = path.join(USER_FOLDER, 'sandbox.json');
/** Meets n8n's password rules (8+ characters, a number, an upper-case letter). Local demo only. */
const OWNER = { email: 'demo@example.com', password: 'Demo-Passw0rd' };

let n8n: N8n | undefined;
let sandbox: SpawnedProcess | undefined;
let stopping = false;

async function shutdown(reason: string, code: number): Promise<never> {
	if (!stopping) {
		stopping = true;
		say(`\n${reason}: stopping n8n and the sandbox…`);
		await Promise.all([n8n?.stop(), sandbox ? stopChild(sandbox.child, 5_000) : undefined]);
		say('stopped.');
	}
	process.exit(code);
}

async function pickPort(preferred: number, what: string): Promise<number> {
	if (await isPortFree(preferred)) return preferred;
	const port = await freePort();
	say(`  port ${preferred} (${what}) is busy: using ${port}`);
	return port;
}

async function startSandboxProcess(port: number): Promise<{ baseUrl: string; seed: SeedInfo }> {
	const cli = path.join(__dirname, '..', 'sandbox', 'cli.js');
	fs.rmSync(SANDBOX_INFO, { force: true });
	sandbox = spawnLogged(process.execPath, [cli], {
		env: {
			...process.env,
			SANDBOX_PORT: String(port),
			SANDBOX_HOST: '127.0.0.1',
			SANDBOX_INFO_FILE: SANDBOX_INFO,
			// new items get the current time (from the seed's "now"), so triggers see them as new
			SANDBOX_REALTIME_CLOCK: '1',
		},
		logPrefix: path.join(LOG_DIR, 'sandbox'),
	});
	const proc = sandbox;
	const info = await waitFor('the sandbox to start', () => {
		if (proc.child.exitCode !== null) throw new Error(`sandbox exited: ${proc.readOutput()}`);
		if (!fs.existsSync(SANDBOX_INFO)) return undefined;
		return JSON.parse(fs.readFileSync(SANDBOX_INFO, 'utf8')) as SeedInfo & { baseUrl: string };
	});
	const { baseUrl, ...seed } = info;
	return { baseUrl, seed };
}

const hashOf = (file: string) =>
	crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Imports examples that are new or changed since the last run (your edits to the others are kept). */
async function importExamples(instance: N8n, withTrigger: boolean): Promise<string[]> {
	const imported = fs.existsSync(IMPORTED_MARKER)
		? (JSON.parse(fs.readFileSync(IMPORTED_MARKER, 'utf8')) as Record<string, string>)
		: {};
	const names: string[] = [];
	const toImport = [];
	for (const file of Object.values(EXAMPLES)) {
		const workflow = loadExample(file);
		if (!withTrigger && usesNodeType(workflow, TRIGGER_NODE_TYPE)) continue;
		names.push(workflow.name);
		const hash = hashOf(path.join(REPO_ROOT, 'examples', file));
		if (imported[file] !== hash) toImport.push({ file, workflow, hash });
	}
	if (toImport.length) {
		await instance.importWorkflows(toImport.map((t) => t.workflow));
		for (const { file, workflow, hash } of toImport) {
			// the trigger example is active from the start: upload something and it runs within a minute
			if (usesNodeType(workflow, TRIGGER_NODE_TYPE)) await instance.publishOffline(workflow.id);
			imported[file] = hash;
		}
		fs.writeFileSync(IMPORTED_MARKER, `${JSON.stringify(imported, null, 2)}\n`);
	}
	return names;
}

async function main(): Promise<void> {
	process.on('SIGINT', () => void shutdown('SIGINT', 0));
	process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
	fs.rmSync(LOG_DIR, { recursive: true, force: true });
	fs.mkdirSync(LOG_DIR, { recursive: true });

	say('n8n-nodes-file-storage dev: preparing (the first run installs n8n into .cache/)…');
	const install = await installN8n(LOG_DIR);
	say(`  n8n ${install.version} in ${path.relative(REPO_ROOT, install.dir)}`);
	const tarball = await buildAndPack(path.join(REPO_ROOT, '.cache', 'dev-pack'), LOG_DIR);
	say(`  built and packed ${path.basename(tarball)}`);
	if (!fs.existsSync(path.join(USER_FOLDER, '.n8n', 'database.sqlite'))) {
		await freshUserFolder(install, USER_FOLDER, LOG_DIR);
		fs.mkdirSync(LOG_DIR, { recursive: true });
	}
	await installPackage(USER_FOLDER, tarball, LOG_DIR);
	say(`  installed into ${path.relative(REPO_ROOT, path.join(USER_FOLDER, '.n8n', 'nodes'))}`);

	const { baseUrl, seed } = await startSandboxProcess(
		await pickPort(Number(process.env.DEV_SANDBOX_PORT ?? 8787), 'sandbox'),
	);
	say(`  sandbox on ${baseUrl}`);

	n8n = await N8n.create({
		install,
		userFolder: USER_FOLDER,
		logDir: LOG_DIR,
		port: await pickPort(Number(process.env.DEV_N8N_PORT ?? 5678), 'n8n'),
		brokerPort: await pickPort(5679, 'n8n task broker'),
	});
	await n8n.importCredentials(sandboxCredentials(baseUrl, seed));
	const withTrigger = (await n8n.exportNodes()).some((node) => node.name === TRIGGER_NODE_TYPE);
	const examples = await importExamples(n8n, withTrigger);

	await n8n.start();
	let login = `${OWNER.email} / ${OWNER.password}`;
	try {
		await n8n.setupOwner({ ...OWNER, firstName: 'Demo', lastName: 'User' });
	} catch {
		login = `(the owner of .cache/dev-user exists with another password: ${OWNER.email} / yours)`;
	}

	const instance = n8n;
	const logs = path.relative(REPO_ROOT, LOG_DIR);
	const unexpected = (what: string) => () =>
		void (stopping || shutdown(`${what} stopped unexpectedly (logs: ${logs}/)`, 1));
	sandbox?.child.once('exit', unexpected('the sandbox'));
	instance.onExit(unexpected('n8n'));

	const share = editorShare(seed);
	const shareLine = (s: SeedInfo['shares'][number]) => {
		const kind = [s.permission, s.protected && 'protected', s.expired && 'expired'].filter(Boolean);
		return `    share (${kind.join(', ')})`.padEnd(51) + `share token   ${s.token}`;
	};
	const request = activeFileRequest(seed);
	say(
		[
			'',
			'━━ n8n with n8n-nodes-file-storage is running ━━',
			`  n8n editor     ${instance.baseUrl}`,
			`  login          ${login}`,
			`  sandbox        ${baseUrl}   (File Storage API under /api/v1, control API under /__sandbox/)`,
			'  credentials in n8n, pointing at the sandbox:',
			`    ${CREDENTIALS.api.name.padEnd(46)} access token  ${seed.users[0].accessToken}`,
			`    ${CREDENTIALS.share.name.padEnd(46)} share token   ${share.token}`,
			`    ${CREDENTIALS.request.name.padEnd(46)} request id    ${request.id}`,
			'  other sandbox tokens:',
			...seed.users
				.slice(1)
				.map((u) => `    user ${u.name.padEnd(14)} access token  ${u.accessToken}`),
			...seed.shares.filter((s) => s !== share).map(shareLine),
			...seed.fileRequests
				.filter((r) => r !== request)
				.map((r) => `    ${'file request (expired)'.padEnd(46)} request id    ${r.id}`),
			'  example workflows (Overview in the editor):',
			...examples.map((name) => `    ${name}`),
			...(withTrigger
				? [
						'  make an upload (the active "when a file is uploaded" workflow runs within a minute):',
						`    curl -X POST ${baseUrl}/__sandbox/files -H 'Content-Type: application/json' -d '{"name":"hello.pdf"}'`,
					]
				: []),
			`  logs           ${logs}/`,
			'  Ctrl-C stops n8n and the sandbox.',
			'',
		].join('\n'),
	);
}

main().catch(async (error: unknown) => {
	process.stderr.write(
		`npm run dev failed: ${error instanceof Error ? error.message : String(error)}\n`,
	);
	await shutdown('error', 1);
});
