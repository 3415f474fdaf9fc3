import { useSandbox } from './helpers';
import type { Api } from './helpers';
import { AccessErrorResponse, FolderWrapper, MESSAGES, SuccessResponse } from './schemas';
import type { Sandbox } from './server';

let sb: Sandbox;
let api: Api;

useSandbox((s, a) => ([sb, api] = [s, a]));

const item = (path: string) => sb.model.itemAt(0, path);
const token = () => sb.seed.users[0].accessToken;
const restore = (body: unknown, tok: string | null = token()) =>
	api.post('/trash/restore', body, tok);
const ref = (path: string) => {
	const i = item(path);
	return { type: i.type, id: i.id };
};
const shareToken = (i: number) => sb.seed.shares[i].token;
const EDITOR = 0;

async function childNames(folderPath: string | null): Promise<string[]> {
	const id = folderPath ? item(folderPath).id : 'all';
	const body = await api.folder(id, { limit: 500 });
	return body.data.map((w) => w.data.attributes.name).sort();
}

describe('POST /api/v1/trash/restore', () => {
	it('restores a file and a folder with its contents to their places (to_home false)', async () => {
		expect(await childNames('Documents')).not.toContain('old-draft.docx');
		const res = await restore({
			to_home: false,
			items: [ref('Documents/old-draft.docx'), ref('Old Stuff')],
		});
		expect(res.status).toBe(200);
		expect(SuccessResponse.parse(res.json)).toEqual({
			type: 'success',
			message: MESSAGES.restored,
		});
		expect(await childNames('Documents')).toContain('old-draft.docx');
		expect(await childNames('Old Stuff')).toEqual(['old-1.txt', 'old-2.txt']);
		const latest = await api.latest({ limit: 500 });
		expect(latest.data.map((w) => w.data.attributes.name)).toEqual(
			expect.arrayContaining(['old-1.txt', 'old-draft.docx']),
		);
		const docs = await api.folder(item('Documents').id);
		expect(docs.meta.root.data.attributes.trashed_items).toBe(0);
	});

	it('moves restored items to the root with to_home true', async () => {
		const shot = item('Photos/tmp-screenshot.png');
		const res = await restore({ to_home: true, items: [{ type: 'file', id: shot.id }] });
		SuccessResponse.parse(res.json);
		expect(await childNames(null)).toContain('tmp-screenshot.png');
		expect(await childNames('Photos')).not.toContain('tmp-screenshot.png');
		const root = await api.folder('all');
		const restored = root.data.find((w) => w.data.id === shot.id)!;
		expect(restored.data.type).toBe('file');
		if (restored.data.type === 'file') {
			expect(restored.data.attributes.parent_id).toBeNull();
			expect(restored.data.attributes.deleted_at).toBeNull();
			expect(restored.data.relationships.parent).toBeUndefined();
		}
	});

	it('restores only what was trashed together with the folder', async () => {
		const inv1 = item('Documents/Invoices/invoice-2026-001.pdf');
		sb.model.trashItem(inv1.id); // trashed on its own first
		sb.model.trashItem(item('Documents/Invoices').id);
		expect(item('Documents/Invoices/invoice-2026-002.pdf').deletedAt).not.toBeNull();
		SuccessResponse.parse(
			(await restore({ to_home: false, items: [ref('Documents/Invoices')] })).json,
		);
		expect(await childNames('Documents/Invoices')).toEqual([
			'invoice-2026-002.pdf',
			'invoice-2026-003.pdf',
		]);
		expect(sb.model.findItem(inv1.id)!.deletedAt).not.toBeNull();
	});

	it('moves an item to the root when its parent is still in the trash', async () => {
		const old1 = item('Old Stuff/old-1.txt');
		SuccessResponse.parse(
			(await restore({ to_home: false, items: [{ type: 'file', id: old1.id }] })).json,
		);
		expect(sb.model.findItem(old1.id)).toMatchObject({ parentId: null, deletedAt: null });
		expect(item('Old Stuff').deletedAt).not.toBeNull();
	});
});

describe('POST /api/v1/shares/{token}/items', () => {
	it('creates a folder in the shared folder without an Authorization header', async () => {
		const res = await api.post(`/shares/${shareToken(EDITOR)}/items`, { name: 'From client' });
		expect(res.status).toBe(201);
		const body = FolderWrapper.parse(res.json);
		const clients = item('Shared with Clients');
		expect(body.data.attributes).toMatchObject({
			name: 'From client',
			items: 0,
			trashed_items: 0,
			filesize: 0,
			created_at: '10. Mar. 2026',
			deleted_at: null,
		});
		expect(body.data.relationships.parent?.data.id).toBe(clients.id);
		expect(body.data.relationships.user.data.attributes.name).toBe('Demo User');
		expect(sb.model.findItem(body.data.id)).toMatchObject({ parentId: clients.id });
		expect(sb.requests[sb.requests.length - 1].authorization).toBeUndefined();
	});
	// a folder in a subfolder (parent_id inside the share): test/nodes/FileStorage/actions/sharedFolder/createFolder.test.ts
});

describe('DELETE /api/v1/shares/{token}/items', () => {
	const del = (items: unknown) => api.del(`/shares/${shareToken(EDITOR)}/items`, { items });

	it('soft-deletes a file and a folder with its contents; restore brings them back', async () => {
		const drafts = item('Shared with Clients/Drafts');
		const draft = item('Shared with Clients/Drafts/draft-proposal.docx');
		const res = await del([
			{ force_delete: false, ...ref('Shared with Clients/proposal.pdf') },
			{ force_delete: false, type: 'folder', id: drafts.id },
		]);
		expect(res.status).toBe(200);
		expect(SuccessResponse.parse(res.json)).toEqual({ type: 'success', message: MESSAGES.deleted });
		expect(await childNames('Shared with Clients')).toEqual(['pricing.xlsx']);
		expect(sb.model.findItem(draft.id)!.deletedAt).not.toBeNull();
		const latest = await api.latest({ limit: 500 });
		expect(latest.data.map((w) => w.data.id)).not.toContain(draft.id);
		const folder = await api.folder(item('Shared with Clients').id);
		expect(folder.meta.root.data.attributes.trashed_items).toBe(3);
		SuccessResponse.parse(
			(await restore({ to_home: false, items: [{ type: 'folder', id: drafts.id }] })).json,
		);
		expect(sb.model.findItem(draft.id)!.deletedAt).toBeNull();
	});

	it('force-deletes an active item and an item from the trash', async () => {
		const pricing = item('Shared with Clients/pricing.xlsx');
		const obsolete = item('Shared with Clients/obsolete.pdf');
		expect(obsolete.deletedAt).not.toBeNull();
		SuccessResponse.parse(
			(
				await del([
					{ force_delete: true, type: 'file', id: pricing.id },
					{ force_delete: true, type: 'file', id: obsolete.id },
				])
			).json,
		);
		expect(sb.model.findItem(pricing.id)).toBeUndefined();
		expect(sb.model.findItem(obsolete.id)).toBeUndefined();
		const res = await restore({ to_home: false, items: [{ type: 'file', id: obsolete.id }] });
		expect(AccessErrorResponse.parse(res.json).message).toBe(MESSAGES.notFound);
	});
});
