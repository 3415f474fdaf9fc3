import { call, client, useSandbox } from './helpers';
import type { Api } from './helpers';
import {
	AccessErrorResponse,
	FileWrapper,
	FolderListResponse,
	NotificationListResponse,
} from './schemas';
import { startSandbox } from './server';
import type { Sandbox, SeedInfo } from './server';

let sb: Sandbox;
let api: Api;

/** Sorts of arrays longer than 1,000 while `fn` runs: a full re-sort of a listing index, the cost to avoid. */
async function largeSorts(fn: () => unknown): Promise<number> {
	const sort = jest.spyOn(Array.prototype, 'sort');
	try {
		await fn();
		return sort.mock.contexts.filter((a: unknown[]) => a.length > 1_000).length;
	} finally {
		sort.mockRestore();
	}
}

useSandbox((s, a) => ([sb, api] = [s, a]));

describe('GET /api/v1/notifications', () => {
	it('lists the user notifications newest first, read and unread, without meta', async () => {
		const res = await api.get('/notifications');
		expect(res.status).toBe(200);
		expect(res.contentType).toBe('application/json');
		const body = NotificationListResponse.parse(res.json);
		expect(body.data).toHaveLength(4);
		expect(body.data.map((n) => n.data.attributes.created_at)).toEqual([
			'09. Mar. 2026 08:15',
			'07. Mar. 2026 16:06',
			'06. Mar. 2026 11:02',
			'05. Mar. 2026 09:31',
		]);
		expect(body.data.filter((n) => n.data.attributes.read_at === null)).toHaveLength(2);
		expect(body.data[2].data.attributes.read_at).toBe('06. Mar. 2026 11:02');
		const other = NotificationListResponse.parse(
			(await api.get('/notifications', {}, sb.seed.users[1].accessToken)).json,
		);
		expect(other.data).toHaveLength(1);
		expect(other.data[0].data.id).not.toBe(body.data[0].data.id);
	});

	it('shows added notifications first', async () => {
		sb.clock.advance(90 * 60_000);
		const n = sb.model.addNotification(0, { title: 'Hello', description: 'World' });
		const body = NotificationListResponse.parse((await api.get('/notifications')).json);
		expect(body.data[0].data).toMatchObject({
			id: n.id,
			attributes: {
				title: 'Hello',
				read_at: null,
				created_at: '10. Mar. 2026 13:30',
				category: 'upload',
				action: 'view',
			},
		});
	});
});

describe('HTTP plumbing', () => {
	it('answers malformed JSON and non-JSON bodies with 400 JSON', async () => {
		const bad = await call(sb, 'POST', '/api/v1/trash/restore', {
			token: api.token(),
			rawBody: '{"to_home":',
		});
		expect(bad.status).toBe(400);
		expect(bad.contentType).toBe('application/json');
		expect(AccessErrorResponse.parse(bad.json).message).toMatch(/not valid JSON/);
		const form = await call(sb, 'POST', '/api/v1/trash/restore', {
			token: api.token(),
			rawBody: 'to_home=1',
			contentType: 'application/x-www-form-urlencoded',
		});
		expect(form.status).toBe(400);
		expect(sb.requests[sb.requests.length - 1]).toMatchObject({ body: 'to_home=1', status: 400 });
	});

	it('records every API request in order, but not control requests', async () => {
		const folderId = sb.seed.users[0].rootFolderIds[0];
		await api.get(`/browse/folders/${folderId}`, { limit: 2 });
		await api.post('/trash/restore', { to_home: true, items: [] }, api.token());
		await api.get('/notifications', {}, null);
		await call(sb, 'GET', '/__sandbox/seed');
		expect(sb.requests).toEqual([
			{
				method: 'GET',
				path: `/api/v1/browse/folders/${folderId}`,
				query: { limit: '2' },
				body: undefined,
				authorization: `Bearer ${api.token()}`,
				status: 200,
			},
			{
				method: 'POST',
				path: '/api/v1/trash/restore',
				query: {},
				body: { to_home: true, items: [] },
				authorization: `Bearer ${api.token()}`,
				status: 422,
			},
			{ method: 'GET', path: '/api/v1/notifications', query: {}, body: undefined, status: 401 },
		]);
		expect(sb.countRequests()).toBe(3);
		expect(sb.countRequests({ method: 'get' })).toBe(2);
		expect(sb.countRequests({ path: '/api/v1/notifications' })).toBe(1);
		expect(sb.countRequests({ method: 'GET', path: /^\/api\/v1\/browse\// })).toBe(1);
		sb.clearRequests();
		expect(sb.requests).toHaveLength(0);
	});
});

describe("onAnswered (the benchmark's server-side time per request)", () => {
	it('reports each answered API request once, after its status is known, but not control or fault-injected ones', async () => {
		const answered: Array<{ path: string; status: number; handlingMs: number }> = [];
		const own = await startSandbox({
			onAnswered: (request, handlingMs) =>
				answered.push({ path: request.path, status: request.status, handlingMs }),
		});
		try {
			const ownApi = client(own);
			const folderId = own.seed.users[0].rootFolderIds[0];
			await ownApi.get(`/browse/folders/${folderId}`, { limit: 2 });
			await ownApi.get('/notifications', {}, null);
			await call(own, 'GET', '/__sandbox/seed');
			own.fault({
				method: 'GET',
				path: '/api/v1/browse/latest',
				status: 503,
				body: { message: 'busy' },
			});
			await ownApi.get('/browse/latest');
			expect(answered.map(({ path, status }) => ({ path, status }))).toEqual([
				{ path: `/api/v1/browse/folders/${folderId}`, status: 200 },
				{ path: '/api/v1/notifications', status: 401 },
			]);
			// a duration is reported (its size is the benchmark's business, never asserted)
			for (const { handlingMs } of answered) expect(Number.isFinite(handlingMs)).toBe(true);
		} finally {
			await own.stop();
		}
	});
});

// What each kind of injected answer does to the node (status and body, headers, raw HTML, cut, reset, hang, skip and
// times) is proven by the fault matrix (test/reliability); these are the parts of a rule it does not use.
describe('fault injection', () => {
	it('matches with match(), fires times times (Infinity too), and goes with its remover or reset()', async () => {
		const remove = sb.fault({
			match: (r) => r.method === 'POST' && (r.body as { to_home?: unknown })?.to_home === false,
			times: Infinity,
			status: 500,
			body: { type: 'error', message: 'boom' },
		});
		const restoreRef = { type: 'file', id: sb.model.itemAt(0, 'Documents/old-draft.docx').id };
		const restore = async (to_home: boolean) =>
			(await api.post('/trash/restore', { to_home, items: [restoreRef] }, api.token())).status;
		expect([await restore(false), await restore(false), await restore(true)]).toEqual([
			500, 500, 200,
		]);
		remove();
		sb.model.trashItem(restoreRef.id);
		expect(await restore(false)).toBe(200);
		sb.fault({ status: 500, times: Infinity });
		expect((await api.get('/notifications')).status).toBe(500);
		sb.reset();
		expect(sb.requests).toHaveLength(0);
		expect((await api.get('/notifications')).status).toBe(200);
	});
});

describe('control API (/__sandbox/)', () => {
	const control = (method: string, path: string, body?: unknown) =>
		call(sb, method, `/__sandbox${path}`, { body });

	it("adds a file for dev mode's trigger (POST files), 400s bad input, 404s other routes, records nothing", async () => {
		const docs = sb.model.itemAt(0, 'Documents').id;
		const created = await control('POST', '/files', {
			user: 0,
			folderId: docs,
			name: 'via-control.pdf',
			size: 2000,
		});
		expect(created.status).toBe(201);
		const file = FileWrapper.parse(created.json);
		expect(file.data.attributes).toMatchObject({
			name: 'via-control.pdf',
			parent_id: docs,
			mimetype: 'application/pdf',
			filesize: '2.00kB',
		});
		const latest = await api.latest({ limit: 1 });
		expect(latest.data[0].data.id).toBe(file.data.id);
		expect((await control('POST', '/files', { folderId: 'nope' })).status).toBe(400);
		expect((await control('GET', '/seed')).status).toBe(404);
		expect(sb.requests.map((r) => r.path)).toEqual(['/api/v1/browse/latest']);
	});
});

describe('determinism, reset and scale', () => {
	it('seeds the same ids and tokens in every instance and after reset()', async () => {
		const snapshot = (s: Sandbox) =>
			JSON.stringify({ seed: s.seed, ids: [...s.model.items.keys()] });
		const before = snapshot(sb);
		sb.model.addFile(0, { name: 'x.txt' });
		sb.model.deleteItemPermanently(sb.model.itemAt(0, 'Documents').id);
		sb.reset();
		expect(snapshot(sb)).toBe(before);
		const second = await startSandbox();
		try {
			expect(snapshot(second)).toBe(before);
		} finally {
			await second.stop();
		}
		const seed: SeedInfo = sb.seed;
		expect(seed.users).toHaveLength(2);
		expect(seed.shares.map((s) => [s.permission, s.protected, s.expired])).toEqual([
			['editor', false, false],
			['visitor', false, false],
			['editor', true, false],
			['editor', false, true],
		]);
		expect(seed.fileRequests.map((r) => r.active)).toEqual([true, false]);
		expect(
			[...sb.model.items.values()].filter(
				(i) => i.type === 'file' && i.userId === sb.model.getUser(0).id,
			).length,
		).toBeGreaterThanOrEqual(25);
	});

	it('handles 3,000 polling events cheaply (model mutations + listing)', async () => {
		const folder = sb.model.addFolder(0, { name: 'Events' });
		// cheap = the indexes are kept by binary insertion: no add, trash or page read re-sorts a listing (a sort of
		// more than 1,000 entries is counted; the listings here reach 3,000)
		const loopSorts = await largeSorts(() => {
			for (let i = 0; i < 3_000; i++) {
				if (i % 10 === 0) sb.clock.advance(1_000);
				const f = sb.model.addFile(0, { folderId: folder.id, name: `event-${i}.txt`, size: 100 });
				sb.model.addNotification(0, { title: `n${i}` });
				if (i % 100 === 0) sb.model.trashItem(f.id);
				const page = sb.model.latestPage(0, { sort: 'created_at', direction: 'DESC', limit: 50 });
				if (i % 100 !== 0) expect(page.items[0].id).toBe(f.id);
			}
		});
		expect(loopSorts).toBe(0);
		expect(sb.model.activeChildren(folder.id)).toHaveLength(2_970);
		expect(sb.model.notificationsOf(0)[0].title).toBe('n2999');
		// a bulk trash + restore rebuilds each affected index in one pass: the folder's and the user's latest
		// files, in both orders (created_at, name) = 4 sorts, not one per item
		const restoreSorts = await largeSorts(() => {
			sb.model.trashItem(folder.id);
			sb.model.restoreItem(folder.id);
		});
		expect(sb.model.activeChildren(folder.id)).toHaveLength(2_970);
		expect(restoreSorts).toBe(4);
	});

	it('serves a page of a 3,000-file bulk folder and resets without re-sorting an index', async () => {
		const big = await startSandbox({ seed: { bulkFolderFiles: 3_000 } });
		try {
			const bulk = big.seed.bulkFolderId!;
			const token = big.seed.users[0].accessToken;
			// a page is a binary search plus a slice of the kept index; the seed appends to the indexes in order
			let res!: Awaited<ReturnType<typeof call>>;
			const pageSorts = await largeSorts(async () => {
				res = await call(big, 'GET', `/api/v1/browse/folders/${bulk}`, {
					token,
					query: { limit: 500, sort: 'name', direction: 'ASC' },
				});
			});
			const body = FolderListResponse.parse(res.json);
			expect(body.meta.cursor).toMatchObject({ total: 3_000, limit: 500 });
			expect(body.data[0].data.attributes.name).toBe('bulk-00001.txt');
			expect(pageSorts).toBe(0);
			expect(await largeSorts(() => big.reset())).toBe(0);
			expect(big.seed.bulkFolderId).toBe(bulk);
			// the bulk folder does not change any other seeded id or token
			expect(big.seed.shares).toEqual(sb.seed.shares);
			expect(big.seed.fileRequests).toEqual(sb.seed.fileRequests);
			expect(big.seed.users.map((u) => u.accessToken)).toEqual(
				sb.seed.users.map((u) => u.accessToken),
			);
			expect(big.seed.users[0].rootFolderIds.filter((id) => id !== bulk)).toEqual(
				sb.seed.users[0].rootFolderIds,
			);
		} finally {
			await big.stop();
		}
	});
});
