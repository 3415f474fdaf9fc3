/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets */
/**
 * One started n8n for the suites that can share it (e2e.test.ts runs them in order, test/e2e/suites/): each suite
 * says, before n8n starts, which credentials and workflows it needs (`prepare`); they are imported together with
 * the CLI, n8n starts once, and the suites' tests run on it. Saves an n8n set-up (~40 s) per suite.
 */
import type { Sandbox } from '../sandbox/server';
import type { CredentialSpec, WorkflowSpec } from './cli';
import { Stopwatch } from './progress';
import type { N8n } from './rest-client';
import { packagedN8nAndSandbox } from './suite';

export interface SharedN8n {
	n8n: N8n;
	/** The sandbox of the fixed credentials (CREDENTIALS): a suite that uses it resets it first. */
	sandbox: Sandbox;
	logDir: string;
	watch: Stopwatch;
	/** `n8n export:nodes` of this n8n, read once before it starts. */
	nodeTypes: Awaited<ReturnType<N8n['exportNodes']>>;
}

export interface SharedSuite {
	/** Before n8n starts: what it imports, built on the shared sandbox (and servers of the suite's own). */
	prepare(
		shared: SharedN8n,
	): Promise<{ credentials?: CredentialSpec[]; workflows: WorkflowSpec[] }>;
	/** Registers the suite's describes (at collection; they run on the started n8n). */
	tests(): void;
	/** Secrets besides the seed's that no log or answer of n8n may hold, asked after every suite ran. */
	secrets?(): string[];
	/** Stops the servers of its own. */
	stop?(): Promise<void>;
}

/**
 * The packaged n8n with filesystem binary data (n8n 2.x's default; Download's suite needs it on 1.x too), the
 * shared sandbox, every suite's credentials and workflows imported, started with an owner and an API key.
 */
export async function startSharedN8n(work: string, suites: SharedSuite[]): Promise<SharedN8n> {
	const watch = new Stopwatch();
	const { n8n, sandbox, logDir } = await packagedN8nAndSandbox(work, {
		watch,
		env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' },
	});
	const nodeTypes = await watch.time('n8n export:nodes', () => n8n.exportNodes());
	const shared = { n8n, sandbox, logDir, watch, nodeTypes };
	const plans: Array<Awaited<ReturnType<SharedSuite['prepare']>>> = [];
	for (const suite of suites) plans.push(await suite.prepare(shared));
	await watch.time('import credentials + workflows', async () => {
		await n8n.importCredentials(plans.flatMap((plan) => plan.credentials ?? []));
		await n8n.importWorkflows(plans.flatMap((plan) => plan.workflows));
	});
	await watch.time('n8n start until ready', () => n8n.start());
	await watch.time('owner setup + API key', async () => {
		await n8n.setupOwner({
			email: 'e2e@example.com',
			password: 'E2e-Passw0rd-2026',
			firstName: 'End',
			lastName: 'ToEnd',
		});
		await n8n.createApiKey();
	});
	return shared;
}
