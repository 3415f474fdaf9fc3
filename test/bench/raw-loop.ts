/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * The floor of the listing: a plain axios loop over the listing's cursors, in a child process of its own forked once
 * with n8n's Node (main-bench.ts), so it runs warm and apart from the sandbox, like n8n. With keep-alive it reuses one
 * connection; without, it opens a new one per request, as n8n's HTTP helper does (it builds its agents per request).
 */
import axios from 'axios';
import * as http from 'node:http';

export interface RawLoopRequest {
	url: string;
	accessToken: string;
	keepAlive: boolean;
}

export interface RawLoopResult {
	ms: number;
	ids: number;
	distinct: number;
	error?: string;
}

type Page = {
	data: Array<{ data?: { id?: string } }>;
	meta: { cursor: { next_cursor: string | null } };
};
const keepAliveAgent = new http.Agent({ keepAlive: true });

async function walk({ url, accessToken, keepAlive }: RawLoopRequest): Promise<RawLoopResult> {
	const started = performance.now();
	const ids: Array<string | undefined> = [];
	let cursor: string | null = null;
	do {
		const res: { data: Page } = await axios.get<Page>(url, {
			params: { limit: 500, ...(cursor ? { cursor } : {}) },
			headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
			httpAgent: keepAlive ? keepAliveAgent : new http.Agent({ keepAlive: false }),
			timeout: 60_000,
		});
		for (const element of res.data.data) ids.push(element.data?.id);
		cursor = res.data.meta.cursor.next_cursor;
	} while (cursor);
	return { ms: performance.now() - started, ids: ids.length, distinct: new Set(ids).size };
}

process.on('message', (request: RawLoopRequest) => {
	walk(request).then(
		(result) => process.send?.(result),
		(error: unknown) => process.send?.({ ms: NaN, ids: 0, distinct: 0, error: String(error) }),
	);
});
process.on('disconnect', () => process.exit(0));
