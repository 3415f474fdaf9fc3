import { startFileServer } from '../helpers/file-server';
import type { FileServer } from '../helpers/file-server';
import { useSandbox } from './helpers';
import type { Api } from './helpers';
import {
	MESSAGES,
	NotificationListResponse,
	RequestItemsResponse,
	SuccessResponse,
	ValidationErrorResponse,
} from './schemas';
import type { Sandbox } from './server';

let sb: Sandbox;
let api: Api;
let origin: FileServer;
useSandbox((s, a) => ([sb, api] = [s, a]));
beforeAll(async () => (origin = await startFileServer()));
beforeEach(() => (origin.hits.length = 0));
afterAll(async () => origin.close());

const item = (path: string) => sb.model.itemAt(0, path);
const activeId = () => sb.seed.fileRequests[0].id;
const names = (body: { data: Array<{ data: { attributes: { name: string } } }> }) =>
	body.data.map((w) => w.data.attributes.name);
const listRequest = async (query?: Record<string, string>) =>
	RequestItemsResponse.parse((await api.get(`/requests/${activeId()}/items`, query, null)).json);
const filesIn = (folderPath: string) =>
	sb.model.activeChildren(item(folderPath).id).filter((i) => i.type === 'file');

describe('GET /api/v1/requests/{id}/items', () => {
	it('lists the request folder with meta.root and no pagination meta', async () => {
		const res = await api.get(`/requests/${activeId()}/items`, undefined, null);
		expect(res.status).toBe(200);
		const body = RequestItemsResponse.parse(res.json);
		expect(names(body)).toEqual(['Round 1', 'signed-form.pdf', 'received-logo.png']); // created_at DESC
		expect(body.meta.root.data).toMatchObject({
			id: sb.seed.fileRequests[0].folderId,
			attributes: { name: 'Client Uploads', items: 3, trashed_items: 1 },
		});
		const asc = await listRequest({ sort: 'name', direction: 'ASC' });
		expect(names(asc)).toEqual(['received-logo.png', 'Round 1', 'signed-form.pdf']);
	});

	it('lists a subfolder inside the request folder', async () => {
		const round1 = item('Client Uploads/Round 1');
		const body = await listRequest({ parent_id: round1.id });
		expect(names(body)).toEqual(['scan-001.pdf']);
		expect(body.meta.root.data.id).toBe(round1.id);
	});
});

describe('DELETE /api/v1/requests/{id}/items', () => {
	const del = (items: unknown) => api.del(`/requests/${activeId()}/items`, { items });

	it('soft-deletes and force-deletes (also from the trash) inside the request folder', async () => {
		const logo = item('Client Uploads/received-logo.png');
		const round1 = item('Client Uploads/Round 1');
		const scan = item('Client Uploads/Round 1/scan-001.pdf');
		const rejected = item('Client Uploads/rejected.pdf');
		const res = await del([
			{ force_delete: false, type: 'file', id: logo.id },
			{ force_delete: false, type: 'folder', id: round1.id },
			{ force_delete: true, type: 'file', id: rejected.id },
		]);
		expect(res.status).toBe(200);
		expect(SuccessResponse.parse(res.json)).toEqual({ type: 'success', message: MESSAGES.deleted });
		expect(logo.deletedAt).not.toBeNull();
		expect(scan.deletedAt).not.toBeNull();
		expect(sb.model.findItem(rejected.id)).toBeUndefined();
		const body = await listRequest();
		expect(names(body)).toEqual(['signed-form.pdf']);
		expect(body.meta.root.data.attributes.trashed_items).toBe(2);
		SuccessResponse.parse(
			(await del([{ force_delete: true, type: 'folder', id: round1.id }])).json,
		);
		expect(sb.model.findItem(scan.id)).toBeUndefined();
	});
});

describe('POST /api/v1/requests/{id}/uploads', () => {
	const upload = (body: unknown) => api.post(`/requests/${activeId()}/uploads`, body);

	it('fetches up to 5 URLs synchronously, creates the files and an upload notification', async () => {
		const before = filesIn('Client Uploads').length;
		const res = await upload({
			urls: [`${origin.url}/files/hello.txt?size=1234`, `${origin.url}/disposition`],
		});
		expect(res.status).toBe(201);
		expect(SuccessResponse.parse(res.json)).toEqual({
			type: 'success',
			message: 'Files were successfully uploaded',
		});
		expect(origin.hits).toEqual(expect.arrayContaining(['/files/hello.txt', '/disposition']));
		const files = filesIn('Client Uploads');
		expect(files).toHaveLength(before + 2);
		const body = await listRequest({ sort: 'name', direction: 'ASC' });
		const hello = body.data.find((w) => w.data.attributes.name === 'hello.txt')!.data;
		// the ancestor's rule names a file by its URL, not by Content-Disposition
		const report = body.data.find((w) => w.data.attributes.name === 'disposition')!.data;
		expect(hello.type === 'file' && hello.attributes).toMatchObject({
			mimetype: 'text/plain',
			filesize: '1.23kB',
		});
		expect(report.type === 'file' && report.attributes).toMatchObject({
			mimetype: 'application/pdf',
			filesize: '2.50MB',
		});
		const notes = NotificationListResponse.parse((await api.get('/notifications')).json);
		expect(notes.data[0].data).toMatchObject({
			type: 'App\\Notifications\\FileRequestUploadNotification',
			attributes: {
				category: 'upload',
				action: 'view',
				read_at: null,
				description: '2 files were uploaded into your file request "Client uploads".',
			},
		});
	});

	// the ancestor names a file by the text after the URL's last "/", even inside the query; 'disposition' by
	// Content-Disposition when the answer has one, else by the URL path's last segment
	it.each([
		['url', '/files/signed?token=aaa.bbb.ccc&filename=/Q3%20report.pdf', 'Q3 report.pdf'],
		['url', '/files/signed?token=aaa.bbb.ccc', 'signed'],
		['url', '/disposition', 'disposition'],
		['disposition', '/disposition', 'report final.pdf'],
		['disposition', '/files/plain.txt?x=/other.pdf', 'plain.txt'],
	] as const)('names files by %s: %s → %s', async (naming, path, name) => {
		sb.uploads.naming = naming;
		const before = filesIn('Client Uploads').map((f) => f.name);
		expect((await upload({ urls: [`${origin.url}${path}`] })).status).toBe(201);
		const added = filesIn('Client Uploads').filter((f) => !before.includes(f.name));
		expect(added.map((f) => f.name)).toEqual([name]);
	});

	it('uploads into a subfolder and follows redirects', async () => {
		const round1 = item('Client Uploads/Round 1');
		const res = await upload({ parent_id: round1.id, urls: [`${origin.url}/redirect/moved.csv`] });
		expect(res.status).toBe(201);
		const names2 = filesIn('Client Uploads/Round 1').map((f) => f.name);
		expect(names2).toContain('moved.csv');
		expect(origin.hits).toEqual(['/redirect/moved.csv', '/files/moved.csv']);
		// null parent_id = the request's folder
		expect((await upload({ parent_id: null, urls: [`${origin.url}/files/n.txt`] })).status).toBe(
			201,
		);
		expect(filesIn('Client Uploads').map((f) => f.name)).toContain('n.txt');
	});

	it('answers 422 keyed by URL index when a URL cannot be fetched (nothing stored)', async () => {
		const before = filesIn('Client Uploads').length;
		const notifications = sb.model.notificationsOf(0).length;
		const res = await upload({ urls: [`${origin.url}/files/ok.txt`, `${origin.url}/missing`] });
		expect(res.status).toBe(422);
		const body = ValidationErrorResponse.parse(res.json);
		expect(Object.keys(body.errors)).toEqual(['urls.1']);
		expect(body.errors['urls.1'][0]).toMatch(/HTTP 404/);
		expect(filesIn('Client Uploads')).toHaveLength(before);
		expect(sb.model.notificationsOf(0)).toHaveLength(notifications);
	});

	it('queues more than 5 URLs: 201 queued at once, files after idle()', async () => {
		const before = filesIn('Client Uploads').length;
		const urls = Array.from(
			{ length: 6 },
			(_, i) =>
				`${origin.url}/files/q-${i}.bin?size=${(i + 1) * 100}&type=application%2Foctet-stream`,
		);
		const res = await upload({ urls });
		expect(res.status).toBe(201);
		expect(SuccessResponse.parse(res.json)).toEqual({
			type: 'success',
			message: 'Files were added to the upload queue',
		});
		await sb.idle();
		const files = filesIn('Client Uploads');
		expect(files).toHaveLength(before + 6);
		expect(
			files
				.filter((f) => f.name.startsWith('q-'))
				.map((f) => f.name)
				.sort(),
		).toEqual(urls.map((_, i) => `q-${i}.bin`));
		const n = sb.model.notificationsOf(0)[0];
		expect(n.description).toBe('6 files were uploaded into your file request "Client uploads".');
		expect(n.readAt).toBeNull();
	});

	it('times out a URL that never answers (uploads.timeoutMs) and queues above uploads.queueThreshold', async () => {
		Object.assign(sb.uploads, { timeoutMs: 150, queueThreshold: 1 });
		const upload = (urls: string[]) => api.post(`/requests/${activeId()}/uploads`, { urls });
		const res = await upload([`${origin.url}/hang`]);
		expect(res.status).toBe(422);
		expect(ValidationErrorResponse.parse(res.json).errors['urls.0'][0]).toMatch(/timed out/);
		const queued = await upload([`${origin.url}/files/a.txt`, `${origin.url}/files/b.txt`]);
		expect(SuccessResponse.parse(queued.json).message).toBe(MESSAGES.queued);
		await sb.idle();
		expect(sb.model.notificationsOf(0)[0].description).toMatch(/^2 files were uploaded/);
	});
});
