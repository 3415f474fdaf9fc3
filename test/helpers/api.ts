import axios from 'axios';

import type { Sandbox } from '../sandbox/server';

/** Direct HTTP calls to the sandbox: the oracle the node's output is compared with. */
export async function apiGet<T = Record<string, unknown>>(
	sandbox: Sandbox,
	path: string,
	params: Record<string, unknown> = {},
	token: string = sandbox.seed.users[0].accessToken,
): Promise<T> {
	const response = await axios.get(`${sandbox.baseUrl}/api/v1${path}`, {
		params,
		headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
	});
	return response.data as T;
}

interface Wrapper {
	data: { id: string; type: string; attributes: Record<string, unknown> };
}

/** Every element of a cursor-paginated listing, walked with the largest page. */
export async function apiListAll(
	sandbox: Sandbox,
	path: string,
	params: Record<string, unknown> = {},
): Promise<Wrapper[]> {
	const all: Wrapper[] = [];
	let cursor: string | undefined;
	for (let guard = 0; guard < 1000; guard++) {
		const body = await apiGet<{ data: Wrapper[]; meta: { cursor: { next_cursor: string | null } } }>(sandbox, path, {
			...params,
			limit: 500,
			...(cursor ? { cursor } : {}),
		});
		all.push(...body.data);
		if (!body.meta.cursor.next_cursor) return all;
		cursor = body.meta.cursor.next_cursor;
	}
	throw new Error('listing did not end');
}
