/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * The raw clients the nodes are measured against, in a process forked with n8n's Node (lib.ts `BenchN8n.rawClient`), apart
 * from the sandbox like n8n: the listing's plain axios loop over its cursors (main), `http.get` piped to a file
 * (download), Search's breadth-first walk with `http.get` or axios (search); and a plain static file server
 * (upload). Without keep-alive each request opens a new connection, as n8n's HTTP helper does (it builds its agents
 * per request). They send the user's token that lib.ts passes in BENCH_ACCESS_TOKEN.
 */
import axios from 'axios';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';

export type RawRequest =
	| { kind: 'listing'; url: string; keepAlive: boolean }
	| { kind: 'stream'; url: string; file: string }
	| { kind: 'walk'; url: string; rootId: string; concurrency: number; library: string }
	| { kind: 'serve'; dir: string };

type Page = {
	data: Array<{ data: { id: string; type: string } }>;
	meta?: { cursor?: { next_cursor: string | null } };
};
const keepAliveAgent = new http.Agent({ keepAlive: true });

/** The listing's floor: page after page of 500, the ids collected. */
async function listing(url: string, headers: Record<string, string>, keepAlive: boolean) {
	const ids: string[] = [];
	let cursor: string | null | undefined = null;
	do {
		const res: { data: Page } = await axios.get<Page>(url, {
			params: { limit: 500, ...(cursor ? { cursor } : {}) },
			headers,
			httpAgent: keepAlive ? keepAliveAgent : new http.Agent({ keepAlive: false }),
			timeout: 60_000,
		});
		for (const element of res.data.data) ids.push(element.data?.id);
		cursor = res.data.meta?.cursor?.next_cursor;
	} while (cursor);
	return { ids: ids.length, distinct: new Set(ids).size };
}

const stream = async (url: string, headers: Record<string, string>, file: string) =>
	await new Promise<{ bytes: number }>((resolve, reject) =>
		http
			.get(url, { headers }, (res) =>
				pipeline(res, fs.createWriteStream(file)).then(
					() => resolve({ bytes: fs.statSync(file).size }),
					reject,
				),
			)
			.on('error', reject),
	);

/** Search's walk: `concurrency` folders at once, each listed page by page (the largest page), subfolders queued. */
async function walk(
	baseUrl: string,
	headers: Record<string, string>,
	{ rootId, concurrency, library }: { rootId: string; concurrency: number; library: string },
) {
	const get = async (url: string): Promise<Page> => {
		if (library === 'axios') {
			const options = { httpAgent: new http.Agent(), headers, responseType: 'text' as const };
			return JSON.parse((await axios.get(url, { ...options, transformResponse: [(d) => d] })).data);
		}
		return await new Promise((resolve, reject) =>
			http
				.get(url, { agent: false, headers }, (res) => {
					const chunks: Buffer[] = [];
					res.on('data', (c: Buffer) => chunks.push(c));
					res.on('end', () =>
						res.statusCode === 200
							? resolve(JSON.parse(Buffer.concat(chunks).toString()))
							: reject(new Error(`HTTP ${res.statusCode}`)),
					);
				})
				.on('error', reject),
		);
	};
	let [items, requests] = [0, 0];
	const queue = [rootId];
	const listFolder = async (id: string) => {
		let cursor: string | null | undefined = null;
		do {
			const query = `sort=name&direction=ASC&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
			const body = await get(`${baseUrl}/api/v1/browse/folders/${id}?${query}`);
			requests++;
			for (const { data } of body.data) {
				items++;
				if (data.type === 'folder') queue.push(data.id);
			}
			cursor = body.meta?.cursor?.next_cursor;
		} while (cursor);
	};
	let active = 0;
	await new Promise<void>((resolve, reject) => {
		const pump = () => {
			for (; active < concurrency && queue.length; active++)
				listFolder(queue.shift()!).then(() => {
					active--;
					if (!active && !queue.length) resolve();
					else pump();
				}, reject);
		};
		pump();
	});
	return { items, requests };
}

/** A plain static file server of `dir`'s files, left listening. */
const serve = async (dir: string) =>
	await new Promise<{ port: number }>((resolve) => {
		const server = http.createServer((req, res) => {
			const file = path.join(
				dir,
				path.basename(decodeURIComponent(new URL(req.url!, 'http://x').pathname)),
			);
			fs.stat(file, (error, stat) => {
				if (error) return void res.writeHead(404).end();
				res.writeHead(200, {
					'Content-Type': 'application/octet-stream',
					'Content-Length': stat.size,
				});
				fs.createReadStream(file).pipe(res);
			});
		});
		server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as AddressInfo).port }));
	});

async function answer(request: RawRequest) {
	if (request.kind === 'serve') return await serve(request.dir);
	const authorization = `Bearer ${process.env.BENCH_ACCESS_TOKEN}`;
	const headers = { Authorization: authorization, Accept: 'application/json' };
	const t0 = performance.now();
	const result =
		request.kind === 'listing'
			? await listing(request.url, headers, request.keepAlive)
			: request.kind === 'stream'
				? await stream(request.url, { Authorization: authorization }, request.file)
				: await walk(request.url, headers, request);
	return { ms: performance.now() - t0, ...result };
}

process.on('message', (request: RawRequest) => {
	answer(request).then(
		(result) => process.send?.(result),
		(error: unknown) => process.send?.({ error: String(error) }),
	);
});
process.on('disconnect', () => process.exit(0));
