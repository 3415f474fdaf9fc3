/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * The floor of the listing benchmark: a plain axios loop over the listing's cursors, in a long-lived child process
 * of its own started with n8n's Node (the benchmark forks it once), so it runs under the same conditions as n8n:
 * another process than the sandbox, the same Node, warm. Two variants:
 * - keep-alive: one connection for the whole walk (Node's default agent);
 * - no keep-alive: a new agent, hence a new connection, per request — what n8n's HTTP helper does (it builds its
 *   agents for every request).
 * The difference between the two is the cost of the host's connection handling, not of any node.
 * Messages in: RawLoopRequest; out: RawLoopResult.
 */
import axios from 'axios';
import * as http from 'node:http';

export interface RawLoopRequest {
	url: string;
	accessToken: string;
	pageSize: number;
	keepAlive: boolean;
}

export interface RawLoopResult {
	timeMs: number;
	items: number;
	distinctIds: number;
	error?: string;
}

const keepAliveAgent = new http.Agent({ keepAlive: true });

async function walk(request: RawLoopRequest): Promise<RawLoopResult> {
	const started = performance.now();
	const all: unknown[] = [];
	let cursor: string | null | undefined;
	do {
		const res = await axios.get<{ data: unknown[]; meta: { cursor: { next_cursor: string | null } } }>(request.url, {
			params: { limit: request.pageSize, ...(cursor ? { cursor } : {}) },
			headers: { Authorization: `Bearer ${request.accessToken}`, Accept: 'application/json' },
			httpAgent: request.keepAlive ? keepAliveAgent : new http.Agent({ keepAlive: false }),
			timeout: 60_000,
		});
		all.push(...res.data.data);
		cursor = res.data.meta.cursor.next_cursor;
	} while (cursor);
	const timeMs = performance.now() - started;
	const ids = new Set(all.map((element) => (element as { data?: { id?: string } }).data?.id));
	return { timeMs, items: all.length, distinctIds: ids.size };
}

process.on('message', (request: RawLoopRequest) => {
	walk(request).then(
		(result) => process.send?.(result),
		(error: unknown) => process.send?.({ timeMs: NaN, items: 0, distinctIds: 0, error: String(error) }),
	);
});
process.on('disconnect', () => process.exit(0));
