/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** n8n's command line on one user folder; each command boots n8n anew (~5 s of CPU), so workflows run on `n8n start`. */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { TRIGGER_NODE_TYPE } from './checkout';
import { n8nEnv } from './environment';
import type { N8nInstall } from './install';
import { STATIC_DATA_ID_MAX_LENGTH } from './n8n-versions';
import { assertOk, runCommand } from './processes';
import type { CommandResult } from './processes';

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

/** Refuses ids over 21 characters, and trigger workflow ids some n8n line would drop static data for. */
export function refuseUnsafeWorkflowIds(workflows: WorkflowSpec[]): void {
	for (const workflow of workflows) {
		if (workflow.id.length > 21)
			throw new Error(`workflow id "${workflow.id}" is longer than 21 characters`);
		const polls = workflow.nodes.some((node) => node.type === TRIGGER_NODE_TYPE);
		if (polls && workflow.id.length > STATIC_DATA_ID_MAX_LENGTH)
			throw new Error(
				`workflow id "${workflow.id}" is longer than ${STATIC_DATA_ID_MAX_LENGTH} characters: some n8n version of the suite would drop its trigger's static data`,
			);
	}
}

/** The CLI half of an n8n instance; `N8n` (rest-client.ts) adds `n8n start` and its HTTP APIs. */
export class N8nCli {
	readonly port: number;
	readonly brokerPort: number;

	protected constructor(
		readonly install: N8nInstall,
		readonly userFolder: string,
		readonly logDir: string,
		ports: { port: number; brokerPort: number },
		private readonly extraEnv: Record<string, string>,
	) {
		this.port = ports.port;
		this.brokerPort = ports.brokerPort;
	}

	env(): NodeJS.ProcessEnv {
		const ports = { port: this.port, brokerPort: this.brokerPort };
		return n8nEnv(this.install, this.userFolder, ports, this.extraEnv);
	}

	async cli(
		args: string[],
		options: { timeoutMs?: number; name?: string; env?: Record<string, string> } = {},
	): Promise<CommandResult> {
		return await runCommand(this.install.nodeBin, [this.install.n8nScript, ...args], {
			env: { ...this.env(), ...options.env },
			logDir: this.logDir,
			name: options.name ?? `n8n-${args[0]}`,
			timeoutMs: options.timeoutMs ?? 120_000,
		});
	}

	/** `n8n export:nodes`: the node types this n8n loads (a package with one bad file is skipped whole). */
	async exportNodes(): Promise<
		Array<{ name: string; displayName?: string; credentials?: Array<{ name: string }> }>
	> {
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
		refuseUnsafeWorkflowIds(workflows);
		const file = path.join(this.logDir, `workflows-${Date.now()}.json`);
		const inactive = workflows.map((w) => ({ active: false, settings: {}, ...w }));
		fs.writeFileSync(file, JSON.stringify(inactive, null, 2));
		assertOk(await this.cli(['import:workflow', `--input=${file}`]), 'n8n import:workflow');
	}

	/** Active at the next start (`n8n publish:workflow` in 2.x, `update:workflow --active=true` in 1.x). */
	async publishOffline(workflowId: string): Promise<void> {
		const args = this.install.offers.activateOfflineArgs(workflowId);
		assertOk(await this.cli(args, { name: `n8n-${args[0]}` }), `n8n ${args.join(' ')}`);
	}
}
