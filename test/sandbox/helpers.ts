/* eslint-disable @n8n/community-nodes/no-restricted-imports */
/** Test helpers for the sandbox suites (not a test file). */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Sandbox } from './server';

export interface ApiResponse {
	status: number;
	contentType: string | null;
	text: string;
	json: unknown;
}

export interface CallOptions {
	/** Bearer token; null = no Authorization header */
	token?: string | null;
	body?: unknown;
	rawBody?: string;
	contentType?: string;
	query?: Record<string, string | number | undefined>;
}

/** Calls `${baseUrl}${path}`; `path` includes /api/v1 or /__sandbox. */
export async function call(sb: Sandbox, method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse> {
	const url = new URL(sb.baseUrl + path);
	for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
	const headers: Record<string, string> = { Accept: 'application/json' };
	if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
	let payload: string | undefined;
	if (opts.rawBody !== undefined) payload = opts.rawBody;
	else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
	if (payload !== undefined) headers['Content-Type'] = opts.contentType ?? 'application/json';
	const res = await fetch(url, { method, headers, body: payload });
	const text = await res.text();
	let json: unknown = undefined;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: res.status, contentType: res.headers.get('content-type'), text, json };
}

/** Shorthands bound to a sandbox and the demo user's token. */
export function client(sb: Sandbox) {
	const token = () => sb.seed.users[0].accessToken;
	return {
		token,
		get: (path: string, query?: CallOptions['query'], tok: string | null = token()) =>
			call(sb, 'GET', `/api/v1${path}`, { token: tok, query }),
		post: (path: string, body: unknown, tok: string | null = null) =>
			call(sb, 'POST', `/api/v1${path}`, { token: tok, body }),
		del: (path: string, body: unknown, tok: string | null = null) =>
			call(sb, 'DELETE', `/api/v1${path}`, { token: tok, body }),
	};
}

export interface FileServer {
	url: string;
	hits: string[];
	close(): Promise<void>;
}

/**
 * Local origin for remote-upload tests. Routes:
 *   /files/<name>?size=N&type=mime  -> N bytes with that Content-Type
 *   /disposition                    -> Content-Disposition: attachment; filename="report final.pdf"
 *   /missing                        -> 404
 *   /redirect/<name>                -> 302 to /files/<name>
 *   /hang                           -> never answers
 */
export async function startFileServer(): Promise<FileServer> {
	const hits: string[] = [];
	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://x');
		hits.push(url.pathname);
		if (url.pathname.startsWith('/files/')) {
			const size = Number(url.searchParams.get('size') ?? 1234);
			res.writeHead(200, { 'Content-Type': url.searchParams.get('type') ?? 'text/plain; charset=utf-8' });
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
			// never answers
		} else {
			res.writeHead(404, { 'Content-Type': 'text/plain' });
			res.end('not found');
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		hits,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
