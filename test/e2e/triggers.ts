/** Polling triggers on a started n8n: a poll now, seen answered at the sandbox, and the executions it made. */
import { activeFileRequest } from '../sandbox/seed';
import type { Sandbox } from '../sandbox/server';
import type { FolderTriggerEvent, TriggerEvent } from './fixtures';
import { waitFor } from './processes';
import type { Execution, N8n } from './rest-client';

/** The sandbox endpoint a trigger of this event polls. */
export function pollPath(sandbox: Sandbox, event: TriggerEvent | FolderTriggerEvent): string {
	if (event === 'notification') return '/api/v1/notifications';
	if (event === 'upload' || event === 'folderFile') return '/api/v1/browse/latest';
	return `/api/v1/requests/${activeFileRequest(sandbox.seed).id}/items`;
}

/** Activates (`first`) or re-activates the workflow, until the sandbox answered its poll. */
export async function pollNow(
	n8n: N8n,
	sandbox: Sandbox,
	workflowId: string,
	event: TriggerEvent | FolderTriggerEvent,
	first = false,
): Promise<void> {
	const seen = sandbox.requests.length;
	if (first) await n8n.activate(workflowId);
	else await n8n.forcePoll(workflowId);
	await waitFor(`the ${event} trigger's poll to reach the sandbox`, () =>
		sandbox.requests.slice(seen).some((r) => r.path === pollPath(sandbox, event) && r.status !== 0),
	);
}

/** The workflow's executions, once there are `count` and none is still running. */
export async function executionsWith(n8n: N8n, workflowId: string, count = 1, timeoutMs = 60_000) {
	return await waitFor(
		`${count} finished execution(s) of ${workflowId}`,
		async () => {
			const list = await n8n.executions(workflowId);
			return list.length >= count && list.every((e) => !['running', 'new'].includes(e.status))
				? list
				: undefined;
		},
		{ timeoutMs, intervalMs: 250 },
	);
}

/** Activates, `produce`s a change a minute later, polls: the one execution (a success) and what `produce` returned. */
export async function executionAfter<T>(
	n8n: N8n,
	sandbox: Sandbox,
	workflowId: string,
	event: TriggerEvent | FolderTriggerEvent,
	produce: () => T,
): Promise<[Execution, T]> {
	await pollNow(n8n, sandbox, workflowId, event, true);
	sandbox.clock.advance(60_000);
	const made = produce();
	await pollNow(n8n, sandbox, workflowId, event);
	const [execution] = await executionsWith(n8n, workflowId, 1);
	expect(execution.status).toBe('success');
	return [execution, made];
}
