/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedFile {
	type: string;
	body: Buffer;
}

export interface FileServer {
	/** `http://127.0.0.1:<port>`, no trailing slash. */
	url: string;
	/** The path of every request, in arrival order (without the query). */
	hits: string[];
	/** The fixed files given to `startFileServer`, by path. */
	files: Record<string, ServedFile>;
	/** Stops listening and ends open connections, including requests that never got an answer. */
	close(): Promise<void>;
}

/**
 * The "remote" origin that tests have the sandbox's upload-from-URL download from, on 127.0.0.1. Routes:
 *   any path in `files`              -> that file (checked first)
 *   /files/<name>?size=N&type=mime   -> N bytes (default 1234) with that Content-Type (default text/plain)
 *   /disposition                     -> a 2.5 MB PDF named by Content-Disposition: "report final.pdf"
 *   /redirect/<name>                 -> 302 to /files/<name>?size=10
 *   /hang                            -> never answers (until `close()`)
 *   anything else                    -> 404
 */
export async function startFileServer(files: Record<string, ServedFile> = {}): Promise<FileServer> {
	const hits: string[] = [];
	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://files.local');
		hits.push(url.pathname);
		const fixed = files[url.pathname];
		if (fixed) {
			res.writeHead(200, { 'Content-Type': fixed.type, 'Content-Length': fixed.body.length });
			res.end(fixed.body);
		} else if (url.pathname.startsWith('/files/')) {
			const size = Number(url.searchParams.get('size') ?? 1234);
			res.writeHead(200, {
				'Content-Type': url.searchParams.get('type') ?? 'text/plain; charset=utf-8',
			});
			res.end(Buffer.alloc(size, 97));
		} else if (url.pathname === '/disposition') {
			res.writeHead(200, {
				'Content-Type': 'application/pdf',
				'Content-Disposition': 'attachment; filename="report final.pdf"',
			});
			res.end(Buffer.alloc(2_500_000, 1));
		} else if (url.pathname.startsWith('/redirect/')) {
			res.writeHead(302, { Location: `/files/${url.pathname.slice('/redirect/'.length)}?size=10` });
			res.end();
		} else if (url.pathname === '/hang') {
			// never answers: for download timeouts and cancellation
		} else {
			res.writeHead(404, { 'Content-Type': 'text/plain' });
			res.end('not found');
		}
	});
	return { ...(await listenLocally(server)), hits, files };
}

/** Listens on 127.0.0.1 (a free port); close() also ends open connections (keep-alive, requests never answered). */
export async function listenLocally(
	server: http.Server,
): Promise<{ url: string; close(): Promise<void> }> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
