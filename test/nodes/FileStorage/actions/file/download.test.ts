/**
 * File → Download through n8n-core's engine, with n8n's binary data service in filesystem mode (as n8n runs by
 * default): bytes checked by checksum against what the sandbox serves, names and MIME types, thumbnails, simplified
 * and raw input. What both Download operations share is tested in test/nodes/FileStorage/download.test.ts.
 */
import type { IBinaryData, IDataObject } from 'n8n-workflow';

import { binarySha256 } from '../../../../harness/engine';
import {
	fileContent,
	iconContent,
	sha256OfContent,
	thumbnailContent,
} from '../../../../sandbox/content';
import type { FileContent } from '../../../../sandbox/content';
import { useDownloadFixture } from '../../../../helpers/download';

const { fx, model, bearer, file, download, fromUrl, contentRequests, listed, run, expectFile } =
	useDownloadFixture();
/** Where the bytes of a binary field are the sandbox's content of a file's thumbnail or icon. */
const expectBytes = async (binary: IBinaryData | undefined, content: FileContent) =>
	expect(await binarySha256(binary!)).toBe(sha256OfContent(content));
const thumbnail = (parameters: IDataObject = {}) =>
	download({ content: 'thumbnail', ...parameters });

describe('File → Download: the content, byte for byte, named and typed', () => {
	it('files of several sizes and types, from simplified input: checksums, names, MIME types, JSON and pairing kept', async () => {
		const folderId = file('Documents/notes.txt').parentId;
		const sizes: Array<[string, number, string?]> = [
			['empty.txt', 0],
			['one-byte.bin', 1, 'application/octet-stream'],
			['block-minus-one.csv', 65_535],
			['block.json', 65_536],
			['block-plus-one.xml', 65_537],
			['Résumé März 2026.pdf', 5_000_003],
			['photo.png', 1_234_567],
			['slides.pptx', 777_777],
		];
		const files = sizes.map(([name, size, mimetype]) =>
			model().addFile(0, { folderId, name, size, mimetype }),
		);
		const input = await listed(files);
		const { items, error } = await run(download(), { input });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(files.length);
		for (const [index, f] of files.entries()) {
			expect(items[index].json).toEqual(input[index]);
			expect(items[index].pairedItem).toEqual({ item: index });
			await expectFile(items[index], f);
		}
		expect(items[6].binary?.data.mimeType).toBe('image/png');
		expect(items[5].binary?.data.fileName).toBe('Résumé März 2026.pdf');
		// one request per file, each with the access token: the files are on the credential's server
		expect(contentRequests(fx.sandbox).map((r) => [r.path, r.authorization, r.status])).toEqual(
			files.map((f) => [`/file/${f.basename}`, bearer(), 200]),
		);
	});

	it('raw input (Simplify off) gives the same files', async () => {
		const files = [file('Documents/report-q1.docx'), file('Photos/beach.jpg')];
		const input = await listed(files, false);
		expect(input[0]).toHaveProperty('data.attributes.file_url');
		const { items, error } = await run(download(), { input });
		expect(error).toBeUndefined();
		for (const [index, f] of files.entries()) await expectFile(items[index], f);
		expect(items[0].json).toEqual(input[0]);
	});

	it('Put Output File in Field, File Name, and binary fields the item already had', async () => {
		const notes = file('Documents/notes.txt');
		const [input] = await listed([notes]);
		const { items: first } = await run(download({ binaryPropertyName: 'original' }), {
			input: [input],
		});
		await expectFile(first[0], notes, 'original');
		const { outputs, error } = await fx.chain(
			[
				{ name: 'Read', parameters: download({ binaryPropertyName: 'original' }) },
				{
					name: 'Again',
					parameters: download({
						binaryPropertyName: 'copy',
						options: { fileName: 'renamed.txt' },
					}),
				},
			],
			{ input: [input] },
		);
		expect(error).toBeUndefined();
		const [again] = outputs.Again;
		expect(Object.keys(again.binary ?? {}).sort()).toEqual(['copy', 'original']);
		expect(again.binary?.copy).toMatchObject({
			fileName: 'renamed.txt',
			mimeType: 'text/plain',
			bytes: notes.size,
		});
		await expectBytes(again.binary?.copy, fileContent(notes));
	});

	it('From URL: the name the server sends; a path starting with "/" is on the credential\'s server', async () => {
		const budget = file('Documents/budget.xlsx');
		const absolute = await run(fromUrl(`${fx.sandbox.baseUrl}/file/${budget.basename}`));
		expect(absolute.error).toBeUndefined();
		await expectFile(absolute.items[0], budget);
		const relative = await run(fromUrl(`/file/${budget.basename}`));
		await expectFile(relative.items[0], budget);
		expect(contentRequests(fx.sandbox)).toEqual([
			expect.objectContaining({ path: `/file/${budget.basename}`, authorization: bearer() }),
		]);
	});
});

describe('thumbnails', () => {
	it('the listed thumbnail of an image (a URL), named after the file; a type icon for other files', async () => {
		const beach = file('Photos/beach.jpg');
		const notes = file('Documents/notes.txt');
		const input = await listed([beach, notes]);
		const { items, error } = await run(thumbnail(), { input });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.binary?.data)).toEqual([
			expect.objectContaining({ fileName: 'beach-thumbnail.jpg', mimeType: 'image/jpeg' }),
			expect.objectContaining({ fileName: 'notes-thumbnail.svg', mimeType: 'image/svg+xml' }),
		]);
		await expectBytes(items[0].binary?.data, thumbnailContent(beach, 'xs'));
		await expectBytes(items[1].binary?.data, iconContent('txt'));
	});

	it('thumbnails sent as an object of sizes: the chosen size, else the nearest (larger first)', async () => {
		const beach = file('Photos/beach.jpg');
		// the raw listing (Simplify off) as a server that sends sizes has it; Simplify flattens it to one URL
		const [raw] = await listed([beach], false);
		const url = (size: string) => `${fx.sandbox.baseUrl}/thumbnail/${size}-${beach.basename}`;
		const withThumbnails = (thumbnail: IDataObject) => {
			const data = raw.data as IDataObject;
			return { data: { ...data, attributes: { ...(data.attributes as IDataObject), thumbnail } } };
		};
		const input = withThumbnails({ xs: url('xs'), sm: url('sm'), lg: url('lg'), xl: url('xl') });
		const onlySmall = withThumbnails({ xs: url('xs') });
		const cases = [
			['xs', 'xs', input],
			['lg', 'lg', input],
			['md', 'lg', input],
			['xl', 'xl', input],
			['xl', 'xs', onlySmall],
		] as const;
		for (const [asked, served, item] of cases) {
			const { items, error } = await run(thumbnail({ thumbnailSize: asked }), { input: [item] });
			expect(error).toBeUndefined();
			await expectBytes(items[0].binary?.data, thumbnailContent(beach, served));
		}
	});

	it('after a simplified listing, a size other than Large is said not to apply, in the output panel', async () => {
		const beach = file('Photos/beach.jpg');
		const hintsOf = (result: Awaited<ReturnType<typeof run>>) =>
			result.run.data.resultData.runData['File Storage']?.[0]?.hints ?? [];
		const [simplified] = await listed([beach]);
		const small = await run(thumbnail({ thumbnailSize: 'xs' }), { input: [simplified] });
		expect(small.error).toBeUndefined();
		expect(hintsOf(small)).toEqual([
			expect.objectContaining({
				type: 'warning',
				location: 'outputPane',
				message: expect.stringMatching(
					/^Thumbnail Size Extra Small could not be chosen: .*Simplify on.* turn Simplify off in the node that lists the files\.$/,
				),
			}),
		]);
		// Large is what a simplified listing keeps; raw items carry every size: nothing to say
		const large = await run(thumbnail(), { input: [simplified] });
		expect(hintsOf(large)).toEqual([]);
		const [raw] = await listed([beach], false);
		const fromRaw = await run(thumbnail({ thumbnailSize: 'xs' }), { input: [raw] });
		expect(hintsOf(fromRaw)).toEqual([]);
	});

	it('a file without a thumbnail fails before any request, naming the item', async () => {
		const [input] = await listed([file('Photos/beach.jpg')]);
		const { error } = await run(thumbnail(), { input: [{ ...input, thumbnailUrl: null }] });
		expect(error?.message).toBe('File to Download: the input item has no thumbnail [item 0]');
		expect(fx.sandbox.requests).toHaveLength(0);
	});
});
