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

type ListingPage = { data: unknown[]; meta: { cursor: { next_cursor: string | null } } };

/** One page's request: keep-alive or a new connection; the body parsed by axios, or as text to parse later. */
function getPage<T extends ListingPage | string>(
	request: RawLoopRequest,
	cursor: string | undefined,
	asText: boolean,
) {
	return axios.get<T>(request.url, {
		params: { limit: request.pageSize, ...(cursor ? { cursor } : {}) },
		headers: { Authorization: `Bearer ${request.accessToken}`, Accept: 'application/json' },
		httpAgent: request.keepAlive ? keepAliveAgent : new http.Agent({ keepAlive: false }),
		timeout: 60_000,
		...(asText
			? { responseType: 'text' as const, transitional: { forcedJSONParsing: false } }
			: {}),
	});
}

function resultOf(started: number, all: unknown[]): RawLoopResult {
	const timeMs = performance.now() - started;
	const ids = new Set(all.map((element) => (element as { data?: { id?: string } }).data?.id));
	return { timeMs, items: all.length, distinctIds: ids.size };
}

async function walk(request: RawLoopRequest): Promise<RawLoopResult> {
	const started = performance.now();
	const all: unknown[] = [];
	let cursor: string | null | undefined;
	do {
		const res = await getPage<ListingPage>(request, cursor ?? undefined, false);
		all.push(...res.data.data);
		cursor = res.data.meta.cursor.next_cursor;
	} while (cursor);
	return resultOf(started, all);
}

process.on('message', (request: RawLoopRequest) => {
	walk(request).then(
		(result) => process.send?.(result),
		(error: unknown) =>
			process.send?.({ timeMs: NaN, items: 0, distinctIds: 0, error: String(error) }),
	);
});
process.on('disconnect', () => process.exit(0));
