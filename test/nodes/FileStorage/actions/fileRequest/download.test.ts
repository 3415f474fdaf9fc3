/**
 * File Request → Download through n8n-core's engine: what the request received, without the access token.
 * What both Download operations share is tested in test/nodes/FileStorage/download.test.ts.
 */
import { binarySha256 } from '../../../../harness/engine';
import { sha256OfContent, thumbnailContent } from '../../../../sandbox/content';
import type { FileRec } from '../../../../sandbox/model';
import { useDownloadFixture } from '../../../../helpers/download';
import { OPS } from '../../../../helpers/parameters';

const { fx, model, file, requestDownload, contentRequests, run, expectFile } = useDownloadFixture();

describe('File Request → Download', () => {
	const requestId = () => fx.sandbox.seed.fileRequests[0].id;
	/** What the file request received, as Get Contents outputs it. */
	const received = async () =>
		(await fx.run({ ...OPS.requestContents, returnAll: true })).items.map((item) => item.json);

	it('downloads what the request received, without any Authorization header; the masked ID is put back', async () => {
		const files = (await received()).filter((json) => json.type !== 'folder');
		expect(files.length).toBeGreaterThan(1);
		// the listing masks the file request ID, a credential, in its URLs
		expect(String(files[0].fileUrl)).toMatch(/\/upload-request\/\[redacted\]$/);
		const { items, error } = await run(requestDownload(), { input: files });
		expect(error).toBeUndefined();
		for (const [index, json] of files.entries())
			await expectFile(items[index], model().findItem(String(json.id)) as FileRec);
		const requests = contentRequests(fx.sandbox);
		expect(requests).toHaveLength(files.length);
		for (const request of requests) {
			expect(request.authorization).toBeUndefined();
			expect(request.path).toMatch(
				new RegExp(`^/file/[0-9a-f]{32}\\.\\w+/upload-request/${requestId()}$`),
			);
		}
	});

	it('thumbnails of received images go through the request too', async () => {
		const logo = (await received()).find((json) => json.name === 'received-logo.png');
		const { items, error } = await run(requestDownload({ content: 'thumbnail' }), {
			input: [logo!],
		});
		expect(error).toBeUndefined();
		const rec = file('Client Uploads/received-logo.png');
		expect(await binarySha256(items[0].binary!.data)).toBe(
			sha256OfContent(thumbnailContent(rec, 'xs')),
		);
		expect(contentRequests(fx.sandbox)[0].authorization).toBeUndefined();
	});

	it('an expired file request: 410, said as such', async () => {
		const late = file('Closed Request/late-file.pdf');
		const credentials = fx.credentialsWith({
			fileStorageFileRequestApi: { fileRequestId: fx.sandbox.seed.fileRequests[1].id },
		});
		const input = {
			id: late.id,
			name: late.name,
			fileUrl: `${fx.sandbox.baseUrl}/file/${late.basename}/upload-request/[redacted]`,
		};
		const { error } = await run(requestDownload(), { input: [input], credentials });
		expect(error?.message).toBe(
			'The file request is not active anymore (HTTP 410): The file request is not active anymore [item 0]',
		);
		expect(error?.description).toMatch(/filled or has expired/);
		expect(error?.httpCode).toBe('410');
	});
});
