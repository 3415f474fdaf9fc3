import type { IDataObject } from 'n8n-workflow';

import { startFileServer } from '../../../../helpers/file-server';
import type { FileServer } from '../../../../helpers/file-server';
import { useFixture } from '../../../../helpers/fixture';
import { mutationOracle } from '../../../../helpers/mutation-oracle';
import { OPS } from '../../../../helpers/parameters';

const fx = useFixture();
const { browse, countWrites } = mutationOracle(fx);
const upload = (urls: string, options = {}) => fx.run({ ...OPS.uploadFromUrl, urls, ...options });
/** Upload From URL with URLs mapped from the input items' `url` or `urls`. */
const uploadEach = (field: string, input: IDataObject[], continueOnFail = false) =>
	fx.run({ ...OPS.uploadFromUrl, urls: `={{ $json.${field} }}` }, { input, continueOnFail });
const uploadRequests = () =>
	fx.sandbox.requests.filter((request) => /\/uploads$/.test(request.path));
const urlsOf = (request: { body: unknown }) => (request.body as { urls: string[] }).urls;
const names = async () => (await browse()).data.map((entry) => entry.data.attributes.name);

describe('File Request (endpoints 6, 7 and 8, file request id in the path)', () => {
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
			const { items: output, error } = await upload(`${origin}/a.txt\n${origin}/b.txt`);
			expect(error).toBeUndefined();
			expect(output[0].json).toMatchObject({
				status: 'uploaded',
				uploaded: true,
				queued: false,
				urls: [`${origin}/a.txt`, `${origin}/b.txt`],
			});
			expect(await names()).toEqual(expect.arrayContaining(['a.txt', 'b.txt']));
		});

		it('batches input items sharing a destination into one request; a large batch is queued', async () => {
			const input = Array.from({ length: 8 }, (_, index) => ({
				url: `${origin}/file-${index}.txt`,
			}));
			const { items: output } = await uploadEach('url', input);
			expect(countWrites(/\/uploads$/)).toBe(1);
			expect(output).toHaveLength(8);
			expect(output.every((item) => item.json.status === 'queued')).toBe(true);
			await fx.sandbox.idle();
			expect(await names()).toEqual(
				expect.arrayContaining(input.map((_, index) => `file-${index}.txt`)),
			);
		});

		it('caps each request by URL count, not by input items: 60 items × 2 URLs → 6 requests of 20', async () => {
			const input = Array.from({ length: 60 }, (_, index) => ({
				urls: [`${origin}/x-${index}-a.txt`, `${origin}/x-${index}-b.txt`],
			}));
			const { items: output, error } = await uploadEach('urls', input);
			expect(error).toBeUndefined();
			expect(output).toHaveLength(60);
			const sent = uploadRequests();
			expect(sent.map((request) => urlsOf(request).length)).toEqual([20, 20, 20, 20, 20, 20]);
			expect(sent.flatMap(urlsOf)).toEqual(input.flatMap((entry) => entry.urls));
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
			const { items: output } = await uploadEach('urls', input, true);
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
			const { items: output, error } = await upload(
				`${urls[0]}, ${urls[1]},${urls[2]}\n${urls[3]}\r\n${urls[4]}`,
				{ options: { urlsPerRequest: 2 } },
			);
			expect(error).toBeUndefined();
			expect(output[0].json.urls).toEqual(urls);
			expect(uploadRequests().map(urlsOf)).toEqual([
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
			const { error } = await upload(urls);
			expect(error?.message).toBe(message);
			expect(fx.sandbox.requests).toHaveLength(0);
		});
	});
});
