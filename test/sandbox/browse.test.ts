import { ids, useSandbox } from './helpers';
import type { Api } from './helpers';
import type { ItemRec } from './model';
import { FolderListResponse, LatestListResponse, ValidationErrorResponse } from './schemas';
import type { Sandbox } from './server';

let sb: Sandbox;
let api: Api;
useSandbox((s, a) => ([sb, api] = [s, a]));

const demoId = () => sb.model.getUser(0).id;
const folderId = (path: string) => sb.model.itemAt(0, path).id;

/** Independent statement of the expected order. */
function expectedOrder(
	items: ItemRec[],
	sort: 'created_at' | 'name',
	direction: 'ASC' | 'DESC',
): string[] {
	const sorted = items.slice().sort((a, b) => {
		const ka = sort === 'name' ? a.name.toLowerCase() : a.createdAt.getTime();
		const kb = sort === 'name' ? b.name.toLowerCase() : b.createdAt.getTime();
		const c = ka < kb ? -1 : ka > kb ? 1 : a.seq - b.seq;
		return direction === 'ASC' ? c : -c;
	});
	return sorted.map((i) => i.id);
}

const activeChildrenOf = (parentId: string | null, userId = demoId()) =>
	[...sb.model.items.values()].filter(
		(i) => i.parentId === parentId && i.userId === userId && !i.deletedAt,
	);
const activeFilesOf = (userId: string) =>
	[...sb.model.items.values()].filter(
		(i) => i.type === 'file' && i.userId === userId && !i.deletedAt,
	);

async function walk(path: string, query: Record<string, string | number>) {
	const seen: string[] = [];
	const cursors: Array<string | null> = [];
	let cursor: string | undefined;
	for (let guard = 0; guard < 1000; guard++) {
		const res = await api.get(path, { ...query, cursor });
		expect(res.status).toBe(200);
		const body = (
			path.startsWith('/browse/latest') ? LatestListResponse : FolderListResponse
		).parse(res.json);
		if (guard === 0) expect(body.meta.cursor.prev_cursor).toBeNull();
		else expect(body.meta.cursor.prev_cursor).not.toBeNull();
		seen.push(...ids(body.data));
		cursors.push(body.meta.cursor.next_cursor);
		if (!body.meta.cursor.next_cursor) break;
		cursor = body.meta.cursor.next_cursor;
	}
	return { seen, cursors };
}

/** A new folder of six files a minute apart, its first page of three, its second by that page's cursor. */
async function sixFilesAMinuteApart(name: string) {
	const folder = sb.model.addFolder(0, { name });
	const made = Array.from({ length: 6 }, (_, i) => {
		sb.clock.advance(60_000);
		return sb.model.addFile(0, { folderId: folder.id, name: `${name}-${i}.txt` });
	});
	const p1 = await api.folder(folder.id, { limit: 3 });
	expect(ids(p1.data)).toEqual([made[5].id, made[4].id, made[3].id]);
	const page2 = () => api.folder(folder.id, { limit: 3, cursor: p1.meta.cursor.next_cursor! });
	const addNewer = () => {
		sb.clock.advance(60_000);
		sb.model.addFile(0, { folderId: folder.id, name: 'newcomer.txt' });
	};
	return { folderId: folder.id, made, p1, page2, addNewer };
}

describe('GET /api/v1/browse/folders/{id}', () => {
	it('lists the root with a synthetic meta.root and the default sort (created_at DESC, limit 50)', async () => {
		const res = await api.get('/browse/folders/all');
		expect(res.status).toBe(200);
		expect(res.contentType).toBe('application/json');
		const body = FolderListResponse.parse(res.json);
		expect(body.meta.root.data.id).toBe('all');
		expect(body.meta.root.data.relationships.parent).toBeUndefined();
		expect(ids(body.data)).toEqual(expectedOrder(activeChildrenOf(null), 'created_at', 'DESC'));
		expect(new Set(ids(body.data))).toEqual(new Set(sb.seed.users[0].rootFolderIds));
		expect(body.data.map((w) => w.data.attributes.name)).not.toContain('Old Stuff'); // trashed
		expect(body.meta.cursor).toMatchObject({
			limit: 50,
			total: body.data.length,
			next_cursor: null,
			prev_cursor: null,
		});
		expect(body.meta.root.data.attributes.items).toBe(body.data.length);
		expect(body.meta.root.data.attributes.trashed_items).toBe(1);
	});

	it('lists a folder: folders and files, no trashed items, counts, sizes, relationships', async () => {
		const docs = sb.model.itemAt(0, 'Documents');
		const res = await api.get(`/browse/folders/${docs.id}`, { sort: 'name', direction: 'ASC' });
		const body = FolderListResponse.parse(res.json);
		expect(body.data.map((w) => w.data.attributes.name)).toEqual([
			'budget.xlsx',
			'Contracts',
			'Invoices',
			'notes.txt',
			'report-q1.docx',
		]);
		const root = body.meta.root.data;
		expect(root).toMatchObject({ id: docs.id, type: 'folder' });
		expect(root.attributes).toMatchObject({
			name: 'Documents',
			emoji: '📄',
			color: '#3B82F6',
			items: 5,
			trashed_items: 1,
		});
		expect(root.attributes.created_at).toBe('27. Feb. 2026');
		// folder filesize = bytes of all non-trashed files below it
		const expectedBytes = [...sb.model.items.values()]
			.filter((i) => i.type === 'file' && !i.deletedAt && sb.model.isInside(i, docs.id))
			.reduce((s, i) => s + (i.type === 'file' ? i.size : 0), 0);
		expect(root.attributes.filesize).toBe(expectedBytes);
		for (const w of body.data)
			expect(w.data.relationships.parent?.data).toEqual({
				type: 'folder',
				id: docs.id,
				attributes: { name: 'Documents' },
			});
		const notes = body.data.find((w) => w.data.attributes.name === 'notes.txt')!;
		expect(notes.data.type).toBe('file');
		if (notes.data.type === 'file') {
			expect(notes.data.attributes).toMatchObject({
				filesize: '500B',
				mimetype: 'text/plain',
				parent_id: docs.id,
				deleted_at: null,
			});
			expect(notes.data.relationships.creator.data.attributes.name).toBe('Demo User');
			expect(notes.data.attributes.file_url.startsWith(sb.baseUrl)).toBe(true);
		}
		const report = body.data.find((w) => w.data.attributes.name === 'report-q1.docx')!;
		expect(report.data.attributes).toMatchObject({ filesize: '2.45MB' });
	});

	it('gives images an exif relationship, shared folders a share wrapper, team folders the flag', async () => {
		const photos = await api.folder(folderId('Photos'));
		const beach = photos.data.find((w) => w.data.attributes.name === 'beach.jpg')!;
		expect(beach.data.type).toBe('file');
		if (beach.data.type === 'file') {
			expect(beach.data.attributes.mimetype).toBe('image/jpeg');
			expect(beach.data.relationships.exif?.data.type).toBe('exif');
			expect(beach.data.relationships.exif?.data.attributes.width).toBeGreaterThan(0);
		}
		const root = await api.folder('all');
		const byName = new Map(root.data.map((w) => [w.data.attributes.name, w.data]));
		const editorShare = sb.seed.shares[0];
		const clients = byName.get('Shared with Clients')!;
		expect(clients.relationships.shared?.data.attributes).toMatchObject({
			token: editorShare.token,
			permission: 'editor',
			protected: false,
			item_id: clients.id,
			type: 'folder',
			expire_in: 720,
		});
		expect(byName.get('Old Event')!.relationships.shared).toBeUndefined(); // expired share reads as deleted
		expect(byName.get('Documents')!.relationships.shared).toBeUndefined();
		const projects = byName.get('Projects')!;
		expect(projects.type === 'folder' && projects.attributes.isTeamFolder).toBe(true);
		const empty = byName.get('Empty')!;
		expect(empty.type === 'folder' && empty.attributes.emoji).toBeNull();
		sb.clock.advance(31 * 24 * 3_600_000); // the editor share expires after 720 h
		const later = await api.folder('all');
		const clientsLater = later.data.find((w) => w.data.id === clients.id)!;
		expect(clientsLater.data.relationships.shared).toBeUndefined();
	});

	it('answers an empty folder with an empty page', async () => {
		const body = await api.folder(folderId('Empty'));
		expect(body.data).toEqual([]);
		expect(body.meta.cursor).toMatchObject({
			total: 0,
			next_cursor: null,
			prev_cursor: null,
			limit: 50,
		});
		expect(body.meta.root.data.attributes).toMatchObject({
			items: 0,
			trashed_items: 0,
			filesize: 0,
		});
	});

	it('isolates users', async () => {
		const body = FolderListResponse.parse(
			(await api.get('/browse/folders/all', {}, sb.seed.users[1].accessToken)).json,
		);
		expect(body.data.map((w) => w.data.attributes.name).sort()).toEqual(['Personal', 'Receipts']);
		expect(body.meta.root.data.relationships.user.data.attributes.name).toBe('Second User');
	});
});

describe('GET /api/v1/browse/latest', () => {
	it("lists the user's non-trashed files across folders, newest first", async () => {
		const body = await api.latest({ limit: 500 });
		const expected = expectedOrder(activeFilesOf(demoId()), 'created_at', 'DESC');
		expect(ids(body.data)).toEqual(expected);
		expect(body.meta.cursor.total).toBe(expected.length);
		expect(expected.length).toBeGreaterThanOrEqual(25);
		const names = body.data.map((w) => w.data.attributes.name);
		expect(names).not.toContain('old-draft.docx');
		expect(names).not.toContain('old-1.txt'); // inside a trashed folder
		expect(names).not.toContain('passport-scan.pdf'); // other user
		expect(new Set(body.data.map((w) => w.data.type))).toEqual(new Set(['file']));
	});

	it('shows a new file first and drops a trashed one', async () => {
		const file = sb.model.addFile(0, {
			folderId: folderId('Documents'),
			name: 'fresh.pdf',
			size: 1_500,
		});
		let body = await api.latest({ limit: 1 });
		expect(body.data[0].data).toMatchObject({
			id: file.id,
			attributes: { name: 'fresh.pdf', filesize: '1.50kB', created_at: '10. Mar. 2026' },
		});
		sb.model.trashItem(file.id);
		body = await api.latest({ limit: 1 });
		expect(body.data[0].data.id).not.toBe(file.id);
	});
});

describe('cursor pagination', () => {
	it.each([
		['created_at', 'DESC'],
		['created_at', 'ASC'],
		['name', 'ASC'],
		['name', 'DESC'],
	] as const)(
		'limit 1 over the root and latest walks the full list (%s %s)',
		async (sort, direction) => {
			const rootWalk = await walk('/browse/folders/all', { limit: 1, sort, direction });
			expect(rootWalk.seen).toEqual(expectedOrder(activeChildrenOf(null), sort, direction));
			expect(rootWalk.cursors[rootWalk.cursors.length - 1]).toBeNull();
			const latestWalk = await walk('/browse/latest', { limit: 1, sort, direction });
			expect(latestWalk.seen).toEqual(expectedOrder(activeFilesOf(demoId()), sort, direction));
		},
	);

	it('walks back with prev_cursor, echoes the cursor in meta.cursor.cursor, and pages by page (1-based)', async () => {
		const full = ids((await api.latest({ limit: 500 })).data);
		const p1 = await api.latest({ limit: 4 });
		const p2 = await api.latest({ limit: 4, cursor: p1.meta.cursor.next_cursor! });
		expect(p2.meta.cursor.cursor).toBe(p1.meta.cursor.next_cursor);
		expect(ids(p2.data)).toEqual(full.slice(4, 8));
		const back = await api.latest({ limit: 4, cursor: p2.meta.cursor.prev_cursor! });
		expect(ids(back.data)).toEqual(ids(p1.data));
		expect(back.meta.cursor.prev_cursor).toBeNull();
		// the first page's own cursor reproduces it
		const again = await api.latest({ limit: 4, cursor: p1.meta.cursor.cursor });
		expect(ids(again.data)).toEqual(ids(p1.data));
		const p3 = await api.latest({ limit: 3, page: 3 });
		expect(ids(p3.data)).toEqual(full.slice(6, 9));
		expect(p3.meta.cursor.prev_cursor).not.toBeNull();
		const next = await api.latest({ limit: 3, cursor: p3.meta.cursor.next_cursor! });
		expect(ids(next.data)).toEqual(full.slice(9, 12));
		const beyond = await api.latest({ limit: 3, page: 999 });
		expect(beyond.data).toEqual([]);
		expect(beyond.meta.cursor.next_cursor).toBeNull();
	});

	it('clamps a limit above 500 to 500 and reports it', async () => {
		const bulk = sb.model.addFolder(0, { name: 'Many' });
		for (let i = 0; i < 620; i++)
			sb.model.addFile(0, { folderId: bulk.id, name: `m-${i}.txt`, size: 10 });
		const res = await api.get(`/browse/folders/${bulk.id}`, { limit: 100000 });
		const body = FolderListResponse.parse(res.json);
		expect(body.data).toHaveLength(500);
		expect(body.meta.cursor).toMatchObject({ limit: 500, total: 620 });
		const rest = await api.folder(bulk.id, {
			limit: 100000,
			cursor: body.meta.cursor.next_cursor!,
		});
		expect(rest.data).toHaveLength(120);
		expect(rest.meta.cursor.next_cursor).toBeNull();
		expect(new Set([...ids(body.data), ...ids(rest.data)]).size).toBe(620);
	});

	it('orders items created in the same instant by their creation sequence, stably', async () => {
		const folder = sb.model.addFolder(0, { name: 'Same minute' });
		const made = Array.from({ length: 7 }, (_, i) =>
			sb.model.addFile(0, { folderId: folder.id, name: `same-${i}.txt` }),
		);
		const desc = await api.folder(folder.id);
		expect(ids(desc.data)).toEqual(made.map((f) => f.id).reverse());
		const asc = await api.folder(folder.id, { direction: 'ASC' });
		expect(ids(asc.data)).toEqual(made.map((f) => f.id));
		const walked = await walk(`/browse/folders/${folder.id}`, { limit: 2 });
		expect(walked.seen).toEqual(made.map((f) => f.id).reverse());
		expect(new Set(desc.data.map((w) => w.data.attributes.created_at))).toEqual(
			new Set(['10. Mar. 2026']),
		);
	});

	it('keyset cursors stay correct when items are inserted or deleted between page fetches', async () => {
		const { made, page2, addNewer } = await sixFilesAMinuteApart('k');
		// a newer item arrives and an item of page 1 is deleted before page 2 is fetched
		addNewer();
		sb.model.trashItem(made[4].id);
		const p2 = await page2();
		expect(ids(p2.data)).toEqual([made[2].id, made[1].id, made[0].id]);
		expect(p2.meta.cursor.next_cursor).toBeNull();
		// deleting the boundary item itself does not break the cursor either
		sb.model.deleteItemPermanently(made[3].id);
		expect(ids((await page2()).data)).toEqual(ids(p2.data));
	});

	it('offset cursors (Laravel paginate()) shift when items are inserted or deleted above the page boundary', async () => {
		sb.model.cursorMode = 'offset'; // kept across reset(): set back below
		try {
			const { folderId, made, p1, page2, addNewer } = await sixFilesAMinuteApart('o');
			expect(p1.meta.cursor.total).toBe(6);
			// a newer item arrives: page 2 starts one entry earlier, the last of page 1 again
			addNewer();
			const shifted = await page2();
			expect(ids(shifted.data)).toEqual([made[3].id, made[2].id, made[1].id]);
			expect(shifted.meta.cursor.total).toBe(7);
			// two items above the boundary go: page 2 starts one entry past what is left of page 1's end
			sb.model.trashItem(made[5].id);
			sb.model.trashItem(made[4].id);
			const pulled = await page2();
			expect(ids(pulled.data)).toEqual([made[1].id, made[0].id]);
			expect(pulled.meta.cursor.total).toBe(5);
			// keyset cursors are still read in offset mode
			sb.model.cursorMode = 'keyset';
			const keyset = await api.folder(folderId, { limit: 1 });
			sb.model.cursorMode = 'offset';
			const query = { limit: 3, cursor: keyset.meta.cursor.next_cursor! };
			expect((await api.get(`/browse/folders/${folderId}`, query)).status).toBe(200);
		} finally {
			sb.model.cursorMode = 'keyset';
		}
	});

	it('rejects a cursor used with a different sort or direction', async () => {
		const p1 = await api.folder('all', { limit: 2, sort: 'name' });
		const res = await api.get('/browse/folders/all', {
			limit: 2,
			sort: 'created_at',
			cursor: p1.meta.cursor.next_cursor!,
		});
		expect(res.status).toBe(422);
		expect(Object.keys(ValidationErrorResponse.parse(res.json).errors)).toEqual(['cursor']);
		// without sort/direction the cursor's own order is used
		const ok = FolderListResponse.parse(
			(await api.get('/browse/folders/all', { limit: 2, cursor: p1.meta.cursor.next_cursor! }))
				.json,
		);
		const full = await api.folder('all', { sort: 'name' });
		expect(ids(ok.data)).toEqual(ids(full.data).slice(2, 4));
	});
});
