/** One started n8n for every suite: each `prepare`s its credentials and workflows, imported together before n8n starts. */
import type { Sandbox } from '../sandbox/server';
import type { CredentialSpec, WorkflowSpec } from './cli';
import { Stopwatch } from './progress';
import type { ExecuteResult, N8n } from './rest-client';
import { expectRun } from './run-data';
import { packagedN8nAndSandbox } from './suite';

export interface SharedN8n {
	n8n: N8n;
	/** The sandbox of the fixed credentials (CREDENTIALS): a suite that uses it resets it first. */
	sandbox: Sandbox;
	logDir: string;
	watch: Stopwatch;
	nodeTypes: Awaited<ReturnType<N8n['exportNodes']>>;
}

export interface SharedSuite {
	/** Before n8n starts: what it imports. */
	prepare(
		shared: SharedN8n,
	): Promise<{ credentials?: CredentialSpec[]; workflows: WorkflowSpec[] }>;
	tests(): void;
	/** Secrets besides the seed's that no log or answer of n8n may hold. */
	secrets?(): string[];
	stop?(): Promise<void>;
}

type ManualRunOptions = { ok?: boolean; secrets: () => string[]; sandboxes: Sandbox[] };

/** A timed "Execute workflow" from clean request logs of `sandboxes`: must succeed (`ok`) or fail, no secret in it. */
export async function manualRun(
	{ n8n, watch }: SharedN8n,
	workflowId: string,
	{ ok = true, secrets, sandboxes }: ManualRunOptions,
): Promise<ExecuteResult> {
	for (const sandbox of sandboxes) sandbox.clearRequests();
	const result = await watch.time(`manual run ${workflowId}`, () =>
		n8n.execute(workflowId, { timeoutMs: 180_000 }),
	);
	return expectRun(result, ok, secrets());
}

/** The packaged n8n with filesystem binary data (Download needs it on 1.x too), started with an owner and API key. */
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
		await n8n.setupOwner();
		await n8n.createApiKey();
	});
	return shared;
}
