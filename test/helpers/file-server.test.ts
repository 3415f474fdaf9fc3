import { startFileServer } from './file-server';
import type { FileServer } from './file-server';

describe('the test file server', () => {
	const report = { type: 'application/pdf', body: Buffer.from('%PDF-1.4\n% fixed file\n') };
	let files: FileServer;

	beforeAll(async () => {
		files = await startFileServer({
			'/report.pdf': report,
			'/files/shadowed.txt': { type: 'text/csv', body: Buffer.from('a,b\n') },
		});
	});
	beforeEach(() => {
		files.hits.length = 0;
	});
	afterAll(async () => await files.close());

	it('serves a fixed file with its type and length, before any route', async () => {
		const res = await fetch(`${files.url}/report.pdf?cache=bust`);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/pdf');
		expect(Buffer.from(await res.arrayBuffer())).toEqual(report.body);
		const shadowed = await fetch(`${files.url}/files/shadowed.txt?size=5`);
		expect(await shadowed.text()).toBe('a,b\n');
		expect(files.files['/report.pdf']).toBe(report);
		expect(files.hits).toEqual(['/report.pdf', '/files/shadowed.txt']);
	});

	it('makes up /files/<name> of the asked size and type', async () => {
		const sized = await fetch(`${files.url}/files/data.bin?size=10&type=application/octet-stream`);
		expect(sized.headers.get('content-type')).toBe('application/octet-stream');
		expect((await sized.arrayBuffer()).byteLength).toBe(10);
		const plain = await fetch(`${files.url}/files/a.txt`);
		expect(plain.headers.get('content-type')).toBe('text/plain; charset=utf-8');
		expect(await plain.text()).toBe('a'.repeat(1234));
	});

	it('names /disposition by its header, redirects /redirect/<name>, answers 404 otherwise', async () => {
		const disposition = await fetch(`${files.url}/disposition`);
		expect(disposition.headers.get('content-disposition')).toBe(
			'attachment; filename="report final.pdf"',
		);
		expect((await disposition.arrayBuffer()).byteLength).toBe(2_500_000);
		const redirected = await fetch(`${files.url}/redirect/moved.csv`);
		expect(redirected.url).toBe(`${files.url}/files/moved.csv?size=10`);
		expect((await redirected.arrayBuffer()).byteLength).toBe(10);
		expect((await fetch(`${files.url}/missing`)).status).toBe(404);
		expect(files.hits).toEqual([
			'/disposition',
			'/redirect/moved.csv',
			'/files/moved.csv',
			'/missing',
		]);
	});

	it('never answers /hang; close() ends it', async () => {
		const server = await startFileServer();
		const hanging = fetch(`${server.url}/hang`).then(
			() => 'answered',
			() => 'connection ended',
		);
		// round trips on other connections until the server has seen /hang (bounded, no timer)
		for (let tries = 0; !server.hits.includes('/hang') && tries < 100; tries++)
			await fetch(`${server.url}/missing`);
		expect(server.hits).toContain('/hang');
		await server.close();
		expect(await hanging).toBe('connection ended');
	});
});
