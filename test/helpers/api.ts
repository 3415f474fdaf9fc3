import type { Sandbox } from '../sandbox/server';

/** Direct GETs to the sandbox: the oracle the node's output is compared with. Anything but a 2xx is an error. */
export async function apiGet<T = Record<string, unknown>>(
	sandbox: Sandbox,
	path: string,
	params: Record<string, string | number | undefined> = {},
	token: string = sandbox.seed.users[0].accessToken,
): Promise<T> {
	const url = new URL(`${sandbox.baseUrl}/api/v1${path}`);
	for (const [k, v] of Object.entries(params))
		if (v !== undefined) url.searchParams.set(k, String(v));
	const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
	const answer = await fetch(url, { headers });
	const text = await answer.text();
	if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}: ${text.slice(0, 200)}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

interface Wrapper {
	data: { id: string; type: string; attributes: Record<string, unknown> };
}

type Page = { data: Wrapper[]; meta: { cursor: { next_cursor: string | null } } };

/** Every element of a cursor-paginated listing, walked with the largest page. */
export async function apiListAll(
	sandbox: Sandbox,
	path: string,
	params: Record<string, string | number | undefined> = {},
): Promise<Wrapper[]> {
	const all: Wrapper[] = [];
	let cursor: string | undefined;
	for (let guard = 0; guard < 1000; guard++) {
		const query = { ...params, limit: 500, ...(cursor ? { cursor } : {}) };
		const body = await apiGet<Page>(sandbox, path, query);
		all.push(...body.data);
		if (!body.meta.cursor.next_cursor) return all;
		cursor = body.meta.cursor.next_cursor;
	}
	throw new Error('listing did not end');
}
