/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets */
/** An n8n instance as the tests drive it: its CLI (cli.ts), `n8n start`, its editor REST API and public API. */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { N8nCli } from './cli';
import type { N8nInstall } from './install';
import { freePort, spawnLogged, stopChild, waitFor, waitUntilReady } from './processes';
import type { SpawnedProcess } from './processes';
import type { RunData } from './run-data';

export interface HttpResult<T = unknown> {
	status: number;
	body: T;
	text: string;
	headers: Headers;
}

/** A manual run: the saved execution, what n8n answered and logged of it. */
export interface ExecuteResult {
	executionId: string;
	status: string;
	mode: string;
	run?: RunData;
	output: string;
	logFile: string;
}

const FINISHED = ['success', 'error', 'crashed', 'canceled'];

/** The owner the suites and the benchmark sign in as: each of their n8n instances is new, so the account is too. */
export const TEST_OWNER = {
	email: 'owner@example.com',
	password: 'Owner-Passw0rd-2026',
	firstName: 'Test',
	lastName: 'Owner',
};

/** A saved execution as the public API lists it, with its data. */
export interface Execution {
	id: string;
	status: string;
	finished: boolean;
	mode: string;
	data?: RunData['data'];
}

export class N8n extends N8nCli {
	readonly baseUrl: string;
	private server?: SpawnedProcess;
	private cookie?: string;
	apiKey?: string;
	private readonly browserId = crypto.randomUUID();
	/** Every answer of the REST and public APIs, in order: the suite checks them for secrets. */
	readonly answers: Array<{ request: string; text: string }> = [];

	private constructor(
		install: N8nInstall,
		userFolder: string,
		logDir: string,
		ports: { port: number; brokerPort: number },
		extraEnv: Record<string, string>,
	) {
		super(install, userFolder, logDir, ports, extraEnv);
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
		const { install, userFolder, logDir, env = {} } = options;
		const port = options.port ?? (await freePort());
		let brokerPort = options.brokerPort ?? (await freePort());
		while (brokerPort === port) brokerPort = await freePort();
		fs.mkdirSync(logDir, { recursive: true });
		return new N8n(install, userFolder, logDir, { port, brokerPort }, env);
	}

	get running(): boolean {
		const child = this.server?.child;
		return !!child && child.exitCode === null && child.signalCode === null;
	}

	get pid(): number | undefined {
		return this.server?.child.pid;
	}

	/** What `n8n start` wrote so far, stdout and stderr. */
	private serverLogs(): [string, string] {
		const read = (file?: string) =>
			file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
		return [read(this.server?.stdoutFile), read(this.server?.stderrFile)];
	}

	onExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void {
		this.server?.child.once('exit', listener);
	}

	/** `n8n start`; resolves when the editor URL is printed and /healthz/readiness answers 200. */
	async start({ timeoutMs = 120_000 } = {}): Promise<void> {
		if (this.running) return;
		const server = spawnLogged(this.install.nodeBin, [this.install.n8nScript, 'start'], {
			env: this.env(),
			logPrefix: path.join(this.logDir, `n8n-start-${Date.now()}`),
		});
		this.server = server;
		const ready = async () => {
			if (!server.readOutput().includes('Editor is now accessible')) return false;
			const res = await fetch(`${this.baseUrl}/healthz/readiness`).catch(() => undefined);
			return res?.status === 200;
		};
		await waitUntilReady(server, 'n8n start', ready, {
			timeoutMs,
			intervalMs: 200,
			stop: () => this.stop(),
		});
	}

	/** SIGTERM to n8n's PID, SIGKILL of its process group after `graceMs`. */
	async stop(graceMs = 20_000): Promise<void> {
		if (!this.server) return;
		await stopChild(this.server.child, graceMs);
		this.cookie = undefined;
		// the editor's files n8n copies here at every start: `n8n-node lint` would lint them (no ignore list)
		const editorFiles = path.join(this.userFolder, '.cache', 'n8n', 'public');
		fs.rmSync(editorFiles, { recursive: true, force: true });
	}

	async request<T = unknown>(
		method: string,
		urlPath: string,
		{ body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
	): Promise<HttpResult<T>> {
		const json: Record<string, string> =
			body !== undefined ? { 'Content-Type': 'application/json' } : {};
		const res = await fetch(`${this.baseUrl}${urlPath}`, {
			method,
			headers: { Accept: 'application/json', ...json, ...headers },
			body: body !== undefined ? JSON.stringify(body) : undefined,
			signal: AbortSignal.timeout(60_000),
		});
		const text = await res.text();
		this.answers.push({ request: `${method} ${urlPath} ${res.status}`, text });
		let parsed: unknown = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			/* keep the text */
		}
		return { status: res.status, body: parsed as T, text, headers: res.headers };
	}

	private session(): Record<string, string> {
		return this.cookie ? { Cookie: this.cookie, 'browser-id': this.browserId } : {};
	}

	/** The editor's REST API (/rest/...), with the owner's cookie. */
	async rest<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<HttpResult<T>> {
		if (!this.cookie) throw new Error('no session: call setupOwner() first');
		return await this.request<T>(method, `/rest${urlPath}`, { body, headers: this.session() });
	}

	/** The public API (/api/v1/...), with the API key. */
	async api<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<HttpResult<T>> {
		if (!this.apiKey) throw new Error('no API key: call createApiKey() first');
		const headers = { 'X-N8N-API-KEY': this.apiKey };
		return await this.request<T>(method, `/api/v1${urlPath}`, { body, headers });
	}

	/** The body of a 200 answer of the REST (`/rest…`) or public API; else throws. */
	private async ok<T>(method: string, urlPath: string, body?: unknown): Promise<HttpResult<T>> {
		const rest = urlPath.startsWith('/rest');
		const res = rest
			? await this.rest<T>(method, urlPath.slice('/rest'.length), body)
			: await this.api<T>(method, urlPath, body);
		const what = `${method} ${rest ? '' : '/api/v1'}${urlPath}`;
		if (res.status !== 200)
			throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 500)}`);
		return res;
	}

	/** Creates the owner on a fresh instance, or logs in when it exists already; keeps n8n's auth cookie. */
	async setupOwner(owner: typeof TEST_OWNER = TEST_OWNER) {
		const headers = { 'browser-id': this.browserId };
		const setup = await this.request('POST', '/rest/owner/setup', { body: owner, headers });
		const login = { emailOrLdapLoginId: owner.email, password: owner.password };
		const res =
			setup.status === 200
				? setup
				: await this.request('POST', '/rest/login', { body: login, headers });
		if (res.status !== 200)
			throw new Error(
				`owner setup answered ${setup.status} (${setup.text.slice(0, 300)}) and login ${res.status} (${res.text.slice(0, 300)})`,
			);
		const cookies = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]);
		this.cookie = cookies.find((c) => c.startsWith('n8n-auth='));
		if (!this.cookie) throw new Error('n8n set no n8n-auth cookie');
	}

	/** An API key with every scope the instance offers. */
	async createApiKey(label = `e2e ${Date.now()}`): Promise<string> {
		const scopes = await this.ok<{ data: string[] }>('GET', '/rest/api-keys/scopes');
		const created = await this.rest<{ data: { rawApiKey: string } }>('POST', '/api-keys', {
			label,
			scopes: scopes.body.data,
			expiresAt: null,
		});
		if (created.status !== 200 || !created.body.data?.rawApiKey)
			throw new Error(`POST /rest/api-keys answered ${created.status}: ${created.text}`);
		this.apiKey = created.body.data.rawApiKey;
		return this.apiKey;
	}

	/** POST to a published workflow's webhook; a 404 (not registered yet) is retried for a minute unless `registered`. */
	async callWebhook(
		webhookPath: string,
		options: { body?: unknown; timeoutMs?: number; registered?: boolean } = {},
	): Promise<{ status: number; text: string; wallMs: number }> {
		const { body = {}, timeoutMs = 120_000, registered = false } = options;
		const call = async () => {
			const started = performance.now();
			const res = await fetch(`${this.baseUrl}/webhook/${webhookPath}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(body),
				signal: AbortSignal.timeout(timeoutMs),
			});
			const text = await res.text();
			return { status: res.status, text, wallMs: performance.now() - started };
		};
		if (registered) return await call();
		return await waitFor(
			`POST /webhook/${webhookPath} to reach a registered webhook`,
			async () => {
				const answer = await call();
				return answer.status === 404 ? undefined : answer;
			},
			{ timeoutMs: 60_000, intervalMs: 250 },
		);
	}

	/** Activates (2.x: publishes) a workflow through the public API; its pollers poll once at once. */
	async activate(workflowId: string): Promise<void> {
		await this.ok('POST', this.install.offers.activatePath(workflowId), {});
	}

	async deactivate(workflowId: string): Promise<void> {
		await this.ok('POST', this.install.offers.deactivatePath(workflowId));
	}

	/** Deactivate + activate: makes a polling trigger poll now instead of at its next minute. */
	async forcePoll(workflowId: string): Promise<void> {
		await this.deactivate(workflowId);
		await this.activate(workflowId);
	}

	/** Runs a workflow from its Manual Trigger as "Execute workflow" does, and reads the saved execution back. */
	async execute(workflowId: string, { timeoutMs = 120_000 } = {}): Promise<ExecuteResult> {
		if (!this.running) throw new Error(`cannot run ${workflowId}: n8n is not started`);
		const id = encodeURIComponent(workflowId);
		type Stored = { data: { nodes: Array<{ name: string; type: string; disabled?: boolean }> } };
		const stored = (await this.ok<Stored>('GET', `/rest/workflows/${id}`)).body.data;
		const trigger = stored.nodes.find(
			(node) => node.type === 'n8n-nodes-base.manualTrigger' && !node.disabled,
		);
		if (!trigger) throw new Error(`workflow ${workflowId} has no Manual Trigger to run it from`);
		const mark = this.serverLogs().map((log) => log.length);
		const runBody = this.install.offers.manualRunBody(stored, trigger.name);
		type Started = { data?: { executionId?: string } };
		const started = await this.rest<Started>('POST', `/workflows/${id}/run`, runBody);
		const executionId = started.body?.data?.executionId;
		if (started.status !== 200 || executionId === undefined) {
			throw new Error(
				`POST /rest/workflows/${workflowId}/run answered ${started.status}: ${started.text.slice(0, 500)}`,
			);
		}
		const url = `/executions/${encodeURIComponent(String(executionId))}?includeData=true`;
		const saved = await waitFor(
			`execution ${executionId} of ${workflowId} to finish`,
			async () => {
				const res = await this.api<RunData & { status: string; mode: string }>('GET', url);
				const { status, data } = res.body;
				return res.status === 200 && FINISHED.includes(status) && data?.resultData
					? res
					: undefined;
			},
			{ timeoutMs, intervalMs: 200 },
		);
		const run = saved.body;
		const logs = this.serverLogs().map((log, i) => log.slice(mark[i]));
		return {
			executionId: String(executionId),
			status: run.status,
			mode: run.mode,
			run,
			output: [started.text, saved.text, ...logs].join('\n'),
			logFile: this.server?.stdoutFile ?? '',
		};
	}

	/** Executions of a workflow with their data (oldest first). */
	async executions(workflowId: string): Promise<Execution[]> {
		const url = `/executions?workflowId=${encodeURIComponent(workflowId)}&includeData=true&limit=250`;
		const res = await this.ok<{ data: Array<Execution & { id: string | number }> }>('GET', url);
		return res.body.data
			.map((e) => ({ ...e, id: String(e.id) }))
			.sort((a, b) => Number(a.id) - Number(b.id));
	}

	/** "Test" of a stored credential as the editor does it: read back (secrets redacted), then POSTed to be tested. */
	async testCredential(credentialId: string): Promise<{ status: string; message: string }> {
		const url = `/rest/credentials/${encodeURIComponent(credentialId)}?includeData=true`;
		type Stored = { id: string; name: string; type: string; data?: Record<string, unknown> };
		const { id, name, type, data } = (await this.ok<{ data: Stored }>('GET', url)).body.data;
		const credentials = { id, name, type, data: data ?? {} };
		type Tested = { data: { status: string; message: string } };
		return (await this.ok<Tested>('POST', '/rest/credentials/test', { credentials })).body.data;
	}

	/** The node or credential types the running instance offers the editor: name and display name. */
	async editorTypes(kind: 'nodes' | 'credentials') {
		const url = `/types/${kind}.json`;
		const res = await this.request<Array<{ name: string; displayName: string }>>('GET', url, {
			headers: this.session(),
		});
		if (res.status !== 200 || !Array.isArray(res.body))
			throw new Error(`GET ${url} answered ${res.status}: ${res.text.slice(0, 300)}`);
		return res.body;
	}
}
