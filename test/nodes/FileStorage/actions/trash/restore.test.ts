import { apiGet } from '../../../../helpers/api';
import { startFileServer } from '../../../../helpers/file-server';
import type { FileServer } from '../../../../helpers/file-server';
import { useFixture } from '../../../../helpers/fixture';
import type { ItemRec } from '../../../../sandbox/model';
import { FolderListResponse, RequestItemsResponse } from '../../../../sandbox/schemas';

const fx = useFixture();

const demoUserId = () => fx.sandbox.model.getUser(0).id;
const items = (): ItemRec[] => [...fx.sandbox.model.items.values()];
/** Items the demo user put in the trash themselves (not ones that went along with a trashed folder). */
const trashedRoots = () =>
	items().filter(
		(item) => item.userId === demoUserId() && item.deletedAt !== null && item.trashRoot === item.id,
	);
const countWrites = (path: RegExp) =>
	fx.sandbox.requests.filter((request) => request.method !== 'GET' && path.test(request.path))
		.length;

describe('Trash → Restore (endpoint 3)', () => {
	it('restores every input item in one request and reports each item', async () => {
		const trashed = trashedRoots();
		expect(trashed.length).toBeGreaterThan(1);
		const { items: output, error } = await fx.run(
			{ resource: 'trash', operation: 'restore' },
			{ input: trashed.map((item) => ({ id: item.id, type: item.type })) },
		);
		expect(error).toBeUndefined();
		expect(countWrites(/\/trash\/restore$/)).toBe(1);
		expect(output.map((item) => item.json)).toEqual(
			trashed.map((item) =>
				expect.objectContaining({ id: item.id, type: item.type, restored: true, toHome: false }),
			),
		);
		expect(output.map((item) => item.pairedItem)).toEqual(
			trashed.map((_, index) => ({ item: index })),
		);
		for (const item of trashed) expect(fx.sandbox.model.findItem(item.id)?.deletedAt).toBeNull();
	});

	/** The restore requests the sandbox received: each one's `to_home` and the ids it carried, in order. */
	const restoreRequests = () =>
		fx.sandbox.requests
			.filter((request) => request.method === 'POST' && request.path.endsWith('/trash/restore'))
			.map((request) => {
				const body = request.body as { to_home: boolean; items: Array<{ id: string }> };
				return { toHome: body.to_home, ids: body.items.map((item) => item.id) };
			});
	/** Alternating values: without grouping, neighbours with different values would share a request. */
	const home = (index: number) => index % 2 === 0;
	const restoreInput = (trashed: ItemRec[]) =>
		trashed.map((item, index) => ({ id: item.id, type: item.type, home: home(index) }));

	it('keeps different "Restore to Home" values apart when one request could carry all items', async () => {
		const trashed = trashedRoots();
		expect(trashed.length).toBeGreaterThanOrEqual(4);
		const parents = new Map(trashed.map((item) => [item.id, item.parentId]));
		const { items: output, error } = await fx.run(
			{
				resource: 'trash',
				operation: 'restore',
				toHome: '={{ $json.home }}',
				options: { batchSize: 100 },
			},
			{ input: restoreInput(trashed) },
		);
		expect(error).toBeUndefined();
		// One request per value, each carrying exactly the items with that value.
		const idsWhere = (toHome: boolean) =>
			trashed.filter((_, index) => home(index) === toHome).map((item) => item.id);
		expect(restoreRequests().sort((a, b) => Number(b.toHome) - Number(a.toHome))).toEqual([
			{ toHome: true, ids: idsWhere(true) },
			{ toHome: false, ids: idsWhere(false) },
		]);
		expect(output.map((item) => item.json)).toEqual(
			trashed.map((item, index) =>
				expect.objectContaining({ id: item.id, restored: true, toHome: home(index) }),
			),
		);
		expect(output.map((item) => item.pairedItem)).toEqual(
			trashed.map((_, index) => ({ item: index })),
		);
		// The server did what each item asked: home ones at the top level, the others back in their folder.
		expect(trashed.some((item, index) => home(index) && parents.get(item.id) !== null)).toBe(true);
		expect(trashed.some((item, index) => !home(index) && parents.get(item.id) !== null)).toBe(true);
		for (const [index, item] of trashed.entries()) {
			const restored = fx.sandbox.model.findItem(item.id);
			expect({ id: item.id, deletedAt: restored?.deletedAt, parentId: restored?.parentId }).toEqual(
				{
					id: item.id,
					deletedAt: null,
					parentId: home(index) ? null : parents.get(item.id),
				},
			);
		}
	});

	it('cuts each "Restore to Home" group into requests of at most Batch Size, each item sent once', async () => {
		const trashed = trashedRoots();
		expect(trashed.length).toBe(5);
		const { error } = await fx.run(
			{
				resource: 'trash',
				operation: 'restore',
				toHome: '={{ $json.home }}',
				options: { batchSize: 2 },
			},
			{ input: restoreInput(trashed) },
		);
		expect(error).toBeUndefined();
		// Items 0, 2, 4 go home (2 + 1 requests), items 1, 3 do not (1 request).
		const ids = trashed.map((item) => item.id);
		expect(restoreRequests().sort((a, b) => Number(b.toHome) - Number(a.toHome))).toEqual([
			{ toHome: true, ids: [ids[0], ids[2]] },
			{ toHome: true, ids: [ids[4]] },
			{ toHome: false, ids: [ids[1], ids[3]] },
		]);
	});

	it('chains list → delete → restore with the default mappings ({{ $json.id }} / {{ $json.type }})', async () => {
		const share = fx.sandbox.seed.shares.find(
			(entry) => entry.permission === 'editor' && !entry.protected && !entry.expired,
		)!;
		const { outputs, error } = await fx.chain([
			{
				name: 'List',
				parameters: {
					resource: 'folder',
					operation: 'getContents',
					folder: { __rl: true, mode: 'id', value: share.folderId },
					returnAll: true,
				},
			},
			{ name: 'Delete', parameters: { resource: 'sharedFolder', operation: 'deleteItems' } },
			{ name: 'Restore', parameters: { resource: 'trash', operation: 'restore' } },
		]);
		expect(error).toBeUndefined();
		const listed = outputs.List.map((item) => item.json.id);
		expect(listed.length).toBeGreaterThan(1);
		expect(outputs.Delete.map((item) => item.json.id)).toEqual(listed);
		expect(outputs.Restore.map((item) => item.json)).toEqual(
			listed.map((id) => expect.objectContaining({ id, restored: true })),
		);
		for (const id of listed) expect(fx.sandbox.model.findItem(id as string)?.deletedAt).toBeNull();
		expect(countWrites(/\/shares\/.+\/items$/)).toBe(1);
		expect(countWrites(/\/trash\/restore$/)).toBe(1);
	});

	it('rejects a bad item before any request, naming the parameter and the item', async () => {
		const [target] = trashedRoots();
		const { error } = await fx.run(
			{ resource: 'trash', operation: 'restore' },
			{
				input: [
					{ id: target.id, type: target.type },
					{ id: 'not-a-uuid', type: 'file' },
				],
			},
		);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(
			'File or Folder ID: "not-a-uuid" is not a file or folder ID [item 1]',
		);
		expect(error?.description).toMatch(/\{\{ \$json\.id \}\}/);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	it.each([
		['folderx', 'File or Folder: "folderx" is neither "file" nor "folder" [item 0]'],
		['', 'File or Folder: is empty [item 0]'],
	])('rejects item type %j', async (type, message) => {
		const { error } = await fx.run(
			{ resource: 'trash', operation: 'restore' },
			{ input: [{ id: '11111111-2222-4333-8444-555555555555', type }] },
		);
		expect(error?.message).toBe(message);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	it('reads plain field mappings directly and evaluates any other expression, with the same result', async () => {
		const [first, second] = trashedRoots();
		const { items: output, error } = await fx.run(
			{
				resource: 'trash',
				operation: 'restore',
				itemId: '={{ $json["ref"] }}',
				itemType: '={{ $json.kind === "d" ? "folder" : "file" }}',
			},
			{
				input: [
					{ ref: first.id, kind: first.type === 'folder' ? 'd' : 'f' },
					{ ref: second.id, kind: second.type === 'folder' ? 'd' : 'f' },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json)).toEqual([
			expect.objectContaining({ id: first.id, type: first.type, restored: true }),
			expect.objectContaining({ id: second.id, type: second.type, restored: true }),
		]);
	});

	it('File or Folder From Input Item reads raw wrappers (Simplify off) too; File or Folder overrides what the item says', async () => {
		const [first, second] = trashedRoots();
		const raw = await fx.run(
			{ resource: 'trash', operation: 'restore', itemId: '={{ $json.data.id }}' },
			{ input: [{ data: { id: first.id, type: first.type } }] },
		);
		expect(raw.error).toBeUndefined();
		expect(raw.items[0].json).toMatchObject({ id: first.id, type: first.type, restored: true });
		const chosen = await fx.run(
			{
				resource: 'trash',
				operation: 'restore',
				itemType: second.type === 'folder' ? 'folder' : 'file',
			},
			{ input: [{ id: second.id, type: 'not a type' }] },
		);
		expect(chosen.error).toBeUndefined();
		expect(chosen.items[0].json).toMatchObject({ id: second.id, restored: true });
	});

	it('accepts image/video/audio types as files', async () => {
		const [file] = trashedRoots().filter((item) => item.type === 'file');
		const { items: output } = await fx.run(
			{ resource: 'trash', operation: 'restore' },
			{ input: [{ id: file.id, type: 'image' }] },
		);
		expect(output[0].json).toMatchObject({ type: 'file', restored: true });
	});

	it('reports a partial failure on every item of the batch under continueOnFail', async () => {
		const trashed = trashedRoots();
		const missing = '11111111-2222-4333-8444-555555555555';
		const input = [
			{ id: trashed[0].id, type: trashed[0].type },
			{ id: missing, type: 'file' },
			{ id: trashed[1].id, type: trashed[1].type },
		];
		const { items: output } = await fx.run(
			{ resource: 'trash', operation: 'restore' },
			{ input, continueOnFail: true },
		);
		expect(output).toHaveLength(3);
		for (const [index, item] of output.entries()) {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json.error).toEqual({
				message: expect.stringMatching(
					/The server declined the request: The requested entry wasn't found/,
				),
				description: expect.stringMatching(/The request that was refused carried items 0–2\.$/),
			});
		}
	});

	it('fails naming every item of the failed batch without continueOnFail', async () => {
		const { error } = await fx.run(
			{ resource: 'trash', operation: 'restore' },
			{
				input: [
					{ id: '11111111-2222-4333-8444-555555555555', type: 'file' },
					{ id: '11111111-2222-4333-8444-555555555556', type: 'file' },
				],
			},
		);
		expect(error?.message).toMatch(/\[items 0–1\]$/);
		expect(error?.description).toMatch(/carried items 0–1/);
	});

	it('a failure mid-way names what was done, what failed and what was not attempted', async () => {
		const input = Array.from({ length: 25 }, (_, index) => ({
			id: `11111111-2222-4333-8444-${String(index).padStart(12, '0')}`,
			type: 'file',
		}));
		// The first request succeeds, the second fails, the third is never sent.
		fx.sandbox.fault({
			method: 'POST',
			path: '/api/v1/trash/restore',
			status: 200,
			body: { type: 'success', message: 'Restored.' },
		});
		fx.sandbox.fault({
			method: 'POST',
			path: '/api/v1/trash/restore',
			status: 500,
			body: { message: 'boom' },
		});
		const { error } = await fx.run(
			{ resource: 'trash', operation: 'restore', options: { batchSize: 10 } },
			{ input },
		);
		expect(error?.message).toBe(
			'The File Storage server could not handle the request (HTTP 500): boom [items 10–19]',
		);
		expect(error?.description).toContain('The failed request carried items 10–19.');
		expect(error?.description).toContain('Already done: items 0–9.');
		expect(error?.description).toContain('Not attempted: items 20–24.');
		expect(error?.description).toContain('Retry On Fail');
		// A mutation is not repeated after a 500: it may have been applied.
		expect(error?.description).toContain('may have been applied');
		expect(countWrites(/\/trash\/restore$/)).toBe(2);
	});
});

describe('Shared Folder (endpoints 4 and 5, share token in the path)', () => {
	const share = () =>
		fx.sandbox.seed.shares.find(
			(entry) => entry.permission === 'editor' && !entry.protected && !entry.expired,
		)!;

	it('creates a folder at the top of the share, without an Authorization header', async () => {
		const { items: output, error } = await fx.run({
			resource: 'sharedFolder',
			operation: 'createFolder',
			name: 'From n8n',
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toMatchObject({
			type: 'folder',
			name: 'From n8n',
			parentId: share().folderId,
		});
		const [request] = fx.sandbox.requests;
		expect(request.path).toBe(`/api/v1/shares/${encodeURIComponent(share().token)}/items`);
		expect(request.authorization).toBeUndefined();
		expect(request.body).toEqual({ name: 'From n8n' });
	});

	it('creates a folder inside a given parent and returns the raw wrapper with Simplify off', async () => {
		const parent = await fx.run({
			resource: 'sharedFolder',
			operation: 'createFolder',
			name: 'Parent',
		});
		const parentId = parent.items[0].json.id as string;
		const { items: output } = await fx.run({
			resource: 'sharedFolder',
			operation: 'createFolder',
			name: 'Child',
			parent: parentId,
			simplify: false,
		});
		expect(output[0].json).toMatchObject({
			data: { type: 'folder', attributes: { name: 'Child' } },
		});
		expect(fx.sandbox.model.findItem((output[0].json.data as { id: string }).id)?.parentId).toBe(
			parentId,
		);
	});

	it.each([true, false])(
		'never outputs the share token, even where the server echoes it (Simplify %s)',
		async (simplify) => {
			// A server that echoes the credential's token in a field, in a share wrapper, and URL-encoded in a link.
			const token = share().token;
			fx.sandbox.fault({
				method: 'POST',
				path: `/api/v1/shares/${encodeURIComponent(token)}/items`,
				status: 201,
				body: {
					data: {
						id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
						type: 'folder',
						attributes: { name: `Echo of ${token}`, created_at: '05. Mar. 2026' },
						relationships: {
							shared: {
								data: {
									type: 'shared',
									id: 's1',
									attributes: {
										token,
										link: `http://x/share/${encodeURIComponent(token)}`,
										permission: 'editor',
									},
								},
							},
						},
					},
				},
			});
			const { items: output, error } = await fx.run({
				resource: 'sharedFolder',
				operation: 'createFolder',
				name: 'Echo',
				simplify,
			});
			expect(error).toBeUndefined();
			const text = JSON.stringify(output);
			expect(text).not.toContain(token);
			expect(text).not.toContain(encodeURIComponent(token));
			// The echoed name came through, redacted: the answer was read, not dropped.
			expect(text).toContain('Echo of [redacted]');
		},
	);

	it('checks every input item before creating the first folder', async () => {
		const { error } = await fx.run(
			{ resource: 'sharedFolder', operation: 'createFolder', name: '={{ $json.name }}' },
			{ input: [{ name: 'First' }, { name: 'Second' }, { name: ' ' }] },
		);
		expect(error?.message).toBe('Name: is empty [item 2]');
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	it('rejects an empty name and a malformed parent before any request', async () => {
		const empty = await fx.run({ resource: 'sharedFolder', operation: 'createFolder', name: '  ' });
		expect(empty.error?.message).toBe('Name: is empty [item 0]');
		const badParent = await fx.run({
			resource: 'sharedFolder',
			operation: 'createFolder',
			name: 'x',
			parent: 'nope',
		});
		expect(badParent.error?.message).toMatch(
			/^Parent Folder ID: "nope" is not a folder ID.* \[item 0\]$/,
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	it('deletes many items in one request (soft and permanent) and reports each', async () => {
		const inShare = items().filter(
			(item) => item.parentId === share().folderId && item.deletedAt === null,
		);
		expect(inShare.length).toBeGreaterThan(1);
		const input = inShare.map((item, index) => ({
			id: item.id,
			type: item.type,
			permanent: index === 0,
		}));
		const { items: output, error } = await fx.run(
			{ resource: 'sharedFolder', operation: 'deleteItems', permanent: '={{ $json.permanent }}' },
			{ input },
		);
		expect(error).toBeUndefined();
		expect(countWrites(/\/shares\/.+\/items$/)).toBe(1);
		expect(output.map((item) => item.json)).toEqual(
			input.map((entry) =>
				expect.objectContaining({ id: entry.id, deleted: true, permanent: entry.permanent }),
			),
		);
		expect(fx.sandbox.model.findItem(inShare[0].id)).toBeUndefined();
		expect(fx.sandbox.model.findItem(inShare[1].id)?.deletedAt).not.toBeNull();
	});

	it('refuses items outside the shared folder with a readable 403', async () => {
		const outside = items().find(
			(item) =>
				item.userId === demoUserId() && item.parentId === null && item.id !== share().folderId,
		)!;
		const { error } = await fx.run(
			{ resource: 'sharedFolder', operation: 'deleteItems' },
			{ input: [{ id: outside.id, type: outside.type }] },
		);
		expect(error?.message).toMatch(/^Access denied \(HTTP 403\): Access Denied \[item 0\]$/);
		expect(error?.description).toMatch(
			/items must be inside the shared folder, and the share must allow editing/,
		);
	});

	it('explains a read-only (visitor) share', async () => {
		const visitor = fx.sandbox.seed.shares.find((entry) => entry.permission === 'visitor')!;
		const { error } = await fx.run(
			{ resource: 'sharedFolder', operation: 'createFolder', name: 'x' },
			{
				credentials: {
					...fx.credentials,
					fileStorageShareApi: { baseUrl: fx.sandbox.baseUrl, shareToken: visitor.token },
				},
			},
		);
		expect(error?.message).toMatch(/Access denied \(HTTP 403\)/);
		expect(JSON.stringify(error)).not.toContain(visitor.token);
	});
});

describe('File Request (endpoints 6, 7 and 8, file request id in the path)', () => {
	const request = () => fx.sandbox.seed.fileRequests.find((entry) => entry.active)!;
	const browse = async (params: Record<string, unknown> = {}) =>
		RequestItemsResponse.parse(
			await (
				await fetch(
					`${fx.sandbox.baseUrl}/api/v1/requests/${request().id}/items?${new URLSearchParams(params as Record<string, string>)}`,
					{ headers: { Accept: 'application/json' } },
				)
			).json(),
		);

	it('lists the request root like the server, with Limit', async () => {
		const oracle = await browse();
		expect(oracle.data.length).toBeGreaterThan(1);
		const { items: output } = await fx.run({
			resource: 'fileRequest',
			operation: 'getContents',
			returnAll: true,
		});
		expect(output.map((item) => item.json.id)).toEqual(oracle.data.map((entry) => entry.data.id));
		const limited = await fx.run({ resource: 'fileRequest', operation: 'getContents', limit: 1 });
		expect(limited.items).toHaveLength(1);
		expect(fx.sandbox.requests.every((entry) => entry.authorization === undefined)).toBe(true);
	});

	it('lists a subfolder picked with the folder picker, sorted by name ascending', async () => {
		const { searchList } = await import('../../../../harness/engine');
		const picker = await searchList(
			'searchFileRequestFolders',
			{ resource: 'fileRequest', operation: 'getContents' },
			fx.credentials,
		);
		expect(picker.results[0]).toEqual({ name: 'File Request Root', value: 'root' });
		const sub = picker.results[1];
		expect(sub).toBeDefined();
		const oracle = await browse({ parent_id: String(sub.value), sort: 'name', direction: 'ASC' });
		const { items: output } = await fx.run({
			resource: 'fileRequest',
			operation: 'getContents',
			parent: { __rl: true, mode: 'list', value: sub.value },
			returnAll: true,
			sort: { rule: { field: 'name', direction: 'ASC' } },
		});
		expect(output.map((item) => item.json.id)).toEqual(oracle.data.map((entry) => entry.data.id));
	});

	it('chains list → delete: cleans a file request in one delete request', async () => {
		const before = await browse();
		const files = before.data.filter((entry) => entry.data.type !== 'folder');
		expect(files.length).toBeGreaterThan(0);
		const { outputs, error } = await fx.chain([
			{
				name: 'List',
				parameters: { resource: 'fileRequest', operation: 'getContents', returnAll: true },
			},
			{
				name: 'Delete',
				parameters: { resource: 'fileRequest', operation: 'deleteItems', permanent: true },
			},
		]);
		expect(error).toBeUndefined();
		expect(outputs.Delete).toHaveLength(before.data.length);
		expect(countWrites(/\/requests\/.+\/items$/)).toBe(1);
		expect((await browse()).data).toHaveLength(0);
	});

	it('answers an expired request with 410 and a fix', async () => {
		const expired = fx.sandbox.seed.fileRequests.find((entry) => !entry.active)!;
		const { error } = await fx.run(
			{ resource: 'fileRequest', operation: 'getContents' },
			{
				credentials: {
					...fx.credentials,
					fileStorageFileRequestApi: { baseUrl: fx.sandbox.baseUrl, fileRequestId: expired.id },
				},
			},
		);
		expect(error?.message).toBe('The file request is not active anymore (HTTP 410) [item 0]');
		expect(error?.description).toMatch(/Create a new file request/);
		expect(error?.httpCode).toBe('410');
	});

	describe('Upload From URL', () => {
		let files: FileServer;
		/** Every name under it is a made-up text file. */
		let origin: string;
		beforeAll(async () => {
			files = await startFileServer();
			origin = `${files.url}/files`;
		});
		afterAll(async () => await files.close());

		it('uploads synchronously and says so; the files exist afterwards', async () => {
			const { items: output, error } = await fx.run({
				resource: 'fileRequest',
				operation: 'uploadFromUrl',
				urls: `${origin}/a.txt\n${origin}/b.txt`,
			});
			expect(error).toBeUndefined();
			expect(output[0].json).toMatchObject({
				status: 'uploaded',
				uploaded: true,
				queued: false,
				urls: [`${origin}/a.txt`, `${origin}/b.txt`],
			});
			const names = (await browse()).data.map((entry) => entry.data.attributes.name);
			expect(names).toEqual(expect.arrayContaining(['a.txt', 'b.txt']));
		});

		it('batches input items sharing a destination into one request; a large batch is queued', async () => {
			const input = Array.from({ length: 8 }, (_, index) => ({
				url: `${origin}/file-${index}.txt`,
			}));
			const { items: output } = await fx.run(
				{ resource: 'fileRequest', operation: 'uploadFromUrl', urls: '={{ $json.url }}' },
				{ input },
			);
			expect(countWrites(/\/uploads$/)).toBe(1);
			expect(output).toHaveLength(8);
			expect(output.every((item) => item.json.status === 'queued')).toBe(true);
			await fx.sandbox.idle();
			expect((await browse()).data.map((entry) => entry.data.attributes.name)).toEqual(
				expect.arrayContaining(input.map((_, index) => `file-${index}.txt`)),
			);
		});

		it('caps each request by URL count, not by input items: 60 items × 2 URLs → 6 requests of 20', async () => {
			const input = Array.from({ length: 60 }, (_, index) => ({
				urls: [`${origin}/x-${index}-a.txt`, `${origin}/x-${index}-b.txt`],
			}));
			const { items: output, error } = await fx.run(
				{ resource: 'fileRequest', operation: 'uploadFromUrl', urls: '={{ $json.urls }}' },
				{ input },
			);
			expect(error).toBeUndefined();
			expect(output).toHaveLength(60);
			const sent = fx.sandbox.requests.filter((request) => /\/uploads$/.test(request.path));
			expect(sent.map((request) => (request.body as { urls: string[] }).urls.length)).toEqual([
				20, 20, 20, 20, 20, 20,
			]);
			expect(sent.flatMap((request) => (request.body as { urls: string[] }).urls)).toEqual(
				input.flatMap((entry) => entry.urls),
			);
			await fx.sandbox.idle();
		});

		it('a refused request fails only the items whose URLs it carried', async () => {
			const input = Array.from({ length: 30 }, (_, index) => ({
				urls: [`${origin}/y-${index}-a.txt`, `${origin}/y-${index}-b.txt`],
			}));
			fx.sandbox.fault({
				method: 'POST',
				path: /\/uploads$/,
				skip: 1,
				status: 422,
				body: {
					message: 'The given data was invalid.',
					errors: { 'urls.0': ['The urls.0 must be a valid URL.'] },
				},
			});
			const { items: output } = await fx.run(
				{ resource: 'fileRequest', operation: 'uploadFromUrl', urls: '={{ $json.urls }}' },
				{ input, continueOnFail: true },
			);
			const failed = output.flatMap((item, index) => (item.json.error ? [index] : []));
			expect(failed).toEqual(Array.from({ length: 10 }, (_, index) => 10 + index));
			expect(output[0].json.status).toBeDefined();
			expect(output[20].json.status).toBeDefined();
			await fx.sandbox.idle();
		});

		it('splits an item with more URLs than the cap over several requests, and keeps commas inside a URL', async () => {
			const urls = [
				`${origin}/q.txt?ids=1,2`,
				...Array.from({ length: 4 }, (_, index) => `${origin}/s-${index}.txt`),
			];
			const { items: output, error } = await fx.run({
				resource: 'fileRequest',
				operation: 'uploadFromUrl',
				urls: `${urls[0]}, ${urls[1]},${urls[2]}\n${urls[3]}\r\n${urls[4]}`,
				options: { urlsPerRequest: 2 },
			});
			expect(error).toBeUndefined();
			expect(output[0].json.urls).toEqual(urls);
			const sent = fx.sandbox.requests.filter((request) => /\/uploads$/.test(request.path));
			expect(sent.map((request) => (request.body as { urls: string[] }).urls)).toEqual([
				urls.slice(0, 2),
				urls.slice(2, 4),
				urls.slice(4),
			]);
			await fx.sandbox.idle();
		});

		it.each([
			// A literal empty value is refused by n8n itself (required parameter); an expression can still be empty.
			['={{ "" }}', 'URLs: is empty [item 0]'],
			[
				'ftp://example.com/x',
				'URLs: URL 1 ("ftp://example.com/x") is not an absolute http(s) address [item 0]',
			],
			[
				'https://ok.example/x, /relative',
				'URLs: URL 2 ("/relative") is not an absolute http(s) address [item 0]',
			],
		])('rejects %j locally', async (urls, message) => {
			const { error } = await fx.run({ resource: 'fileRequest', operation: 'uploadFromUrl', urls });
			expect(error?.message).toBe(message);
			expect(fx.sandbox.requests).toHaveLength(0);
		});
	});
});

describe('listing oracle sanity', () => {
	it('the demo root listing parses against the spec schema', async () => {
		expect(
			FolderListResponse.parse(await apiGet(fx.sandbox, '/browse/folders/all')).data.length,
		).toBeGreaterThan(0);
	});
});
