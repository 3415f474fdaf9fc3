/**
 * How the benchmark scripts run a Webhook → node workflow in n8n and read back what it did: call the webhook once it
 * is registered, then fetch the newest finished execution with its data.
 */
import * as crypto from 'node:crypto';

import { waitFor } from '../e2e/processes';
import type { N8n } from '../e2e/rest-client';

export interface WebhookExecution<Task> {
	id: string;
	status: string;
	data?: { resultData: { error?: { message?: string }; runData: Record<string, Task[]> } };
}

/** Calls a published workflow's webhook; returns a problem to report, if the answer was not 200. */
export async function callWebhook(
	n8n: N8n,
	webhookPath: string,
	timeoutMs: number,
): Promise<string | undefined> {
	const res = await n8n.callWebhook(webhookPath, { timeoutMs });
	return res.status === 200
		? undefined
		: `webhook answered ${res.status}: ${res.text.slice(0, 200)}`;
}

/** Reads each run's execution once: every call returns the newest finished one after those already read. */
export class ExecutionReader {
	private lastId = 0;

	constructor(
		private readonly n8n: () => N8n,
		private readonly timeoutMs: number,
	) {}

	async next<Task>(workflowId: string): Promise<WebhookExecution<Task>> {
		const n8n = this.n8n();
		const id = await waitFor(
			`the execution of ${workflowId}`,
			async () => {
				const res = await n8n.api<{ data: Array<{ id: string | number; status: string }> }>(
					'GET',
					`/executions?workflowId=${workflowId}&limit=5`,
				);
				const fresh = res.body.data
					.filter(
						(e) => Number(e.id) > this.lastId && !['new', 'running', 'waiting'].includes(e.status),
					)
					.sort((a, b) => Number(b.id) - Number(a.id));
				return fresh.length ? Number(fresh[0].id) : undefined;
			},
			{ timeoutMs: this.timeoutMs, intervalMs: 100 },
		);
		this.lastId = id;
		const res = await n8n.api<WebhookExecution<Task>>('GET', `/executions/${id}?includeData=true`);
		return { ...res.body, id: String(id) };
	}
}

/** The Webhook node that starts a measured workflow: POST to `webhookPath`, answered when the last node is done. */
export function webhookTrigger(webhookPath: string) {
	return {
		id: crypto.randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: crypto.randomUUID(),
		position: [0, 0],
		parameters: {
			httpMethod: 'POST',
			path: webhookPath,
			responseMode: 'lastNode',
			responseData: 'noData',
			options: {},
		},
	};
}
