import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { waitFor } from '../e2e/processes';
import { binarySha256, useBinaryDataMode } from '../harness/engine';
import { useRecordedWaits } from '../reliability/waits';
import { fileContent, sha256OfContent } from '../sandbox/content';
import type { FileRec } from '../sandbox/model';
import type { Sandbox } from '../sandbox/server';
import type { Fixture, RunOptionsLite } from './fixture';
import { useFixture } from './fixture';
import { OPS } from './parameters';

/** The requests a sandbox got that were not API calls: file content, thumbnails, icons. */
export const contentRequests = (sb: Sandbox) =>
	sb.requests.filter((r) => !r.path.startsWith('/api/'));

/** The body bytes the sandbox wrote for a content request (the first, or `path`'s), once it saw the client go. */
export async function bytesSentOnceDone(sb: Sandbox, path?: string): Promise<number> {
	return await waitFor(
		'the sandbox to finish the content answer',
		() => contentRequests(sb).find((r) => path === undefined || r.path === path)?.bytesSent,
		{ timeoutMs: 10_000, intervalMs: 20 },
	);
}

/**
 * The set-up of the Download test files (File → Download, File Request → Download, and the download code both
 * share): n8n's binary data service in filesystem mode (as n8n runs by default), and what the tests read back.
 */
export function useDownloadFixture() {
	const fx: Fixture = useFixture();
	// Retry back-offs (1 s, then 2 s) are recorded, not slept: no test here needs them to take real time.
	useRecordedWaits();

	beforeAll(async () => await useBinaryDataMode('filesystem'));

	const model = () => fx.sandbox.model;
	const token = () => fx.sandbox.seed.users[0].accessToken;
	const bearer = () => `Bearer ${token()}`;
	const file = (path: string) => model().itemAt(0, path) as FileRec;
	const download = (parameters: INodeParameters = {}) => ({ ...OPS.download, ...parameters });
	/** File → Download of a URL (a path starting with "/" is on the credential's server). */
	const fromUrl = (fileUrl: string, parameters: INodeParameters = {}) =>
		download({ source: 'url', fileUrl, ...parameters });
	const requestDownload = (parameters: INodeParameters = {}) => ({
		...OPS.requestDownload,
		...parameters,
	});

	/** The node's own listing of recent uploads (simplified or raw): what Download gets from a real workflow. */
	async function recentUploads(simplify = true): Promise<IDataObject[]> {
		const { items, error } = await fx.run({ ...OPS.recentUploads, returnAll: true, simplify });
		expect(error).toBeUndefined();
		return items.map((item) => item.json);
	}

	const idOf = (json: IDataObject) => json.id ?? (json.data as IDataObject | undefined)?.id;

	async function listed(files: FileRec[], simplify = true): Promise<IDataObject[]> {
		const all = await recentUploads(simplify);
		return files.map((f) => {
			const found = all.find((json) => idOf(json) === f.id);
			if (!found) throw new Error(`${f.name} is not among the recent uploads`);
			return found;
		});
	}

	async function run(parameters: INodeParameters, options: RunOptionsLite = {}) {
		fx.sandbox.clearRequests();
		return await fx.run(parameters, options);
	}

	async function expectFile(item: INodeExecutionData, f: FileRec, field = 'data'): Promise<void> {
		const binary = item.binary?.[field];
		expect(binary).toBeDefined();
		expect(binary).toMatchObject({ fileName: f.name, mimeType: f.mimetype, bytes: f.size });
		// filesystem mode: a reference to a file, not the content in the item
		expect(String(binary?.id)).toMatch(/^filesystem-v2:/);
		expect(await binarySha256(binary!)).toBe(sha256OfContent(fileContent(f)));
	}

	return {
		fx,
		model,
		token,
		bearer,
		file,
		download,
		fromUrl,
		requestDownload,
		contentRequests,
		listed,
		bytesSentOnceDone: async () => await bytesSentOnceDone(fx.sandbox),
		run,
		expectFile,
	};
}
