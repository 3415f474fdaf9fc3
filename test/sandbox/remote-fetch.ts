/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Downloading one URL for a remote upload with node:http/https: no keep-alive, up to 5 redirects, a timeout per
 * URL and a 200 MB cap. Yields the file's name, mimetype and size, never its bytes.
 */
import * as http from 'node:http';
import * as https from 'node:https';

export interface Fetched {
	name: string;
	mimetype: string;
	size: number;
}

const MAX_REMOTE_BYTES = 200 * 1024 * 1024;

function fileNameFrom(url: URL, disposition: string | undefined): string {
	if (disposition) {
		const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/.exec(disposition);
		if (star) {
			try {
				return decodeURIComponent(star[1].trim());
			} catch {
				/* fall through */
			}
		}
		const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
		if (plain && plain[1].trim()) return plain[1].trim();
	}
	const last = url.pathname.split('/').filter(Boolean).pop();
	if (last) {
		try {
			return decodeURIComponent(last);
		} catch {
			return last;
		}
	}
	return 'download';
}

export function fetchRemote(
	url: string,
	timeoutMs: number,
	signal: AbortSignal,
	redirects = 0,
): Promise<Fetched> {
	return new Promise<Fetched>((resolve, reject) => {
		let u: URL;
		try {
			u = new URL(url);
		} catch {
			reject(new Error('invalid URL'));
			return;
		}
		const mod = u.protocol === 'https:' ? https : http;
		const done = (fn: () => void) => {
			clearTimeout(timer);
			fn();
		};
		const req = mod.get(
			u,
			{
				agent: false,
				signal,
				headers: { 'user-agent': 'file-storage-sandbox/1.0', accept: '*/*' },
			},
			(res) => {
				const status = res.statusCode ?? 0;
				if (status >= 300 && status < 400 && res.headers.location) {
					res.resume();
					if (redirects >= 5) return done(() => reject(new Error('too many redirects')));
					const next = new URL(res.headers.location, u).toString();
					return done(() =>
						fetchRemote(next, timeoutMs, signal, redirects + 1).then(resolve, reject),
					);
				}
				if (status < 200 || status >= 300) {
					res.resume();
					return done(() => reject(new Error(`HTTP ${status}`)));
				}
				let size = 0;
				res.on('data', (chunk: Buffer) => {
					size += chunk.length;
					if (size > MAX_REMOTE_BYTES) req.destroy(new Error('file too large'));
				});
				res.on('error', (e) => done(() => reject(e)));
				res.on('end', () =>
					done(() =>
						resolve({
							name: fileNameFrom(u, res.headers['content-disposition']).replace(/[\\/]/g, '_'),
							mimetype:
								(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() ||
								'application/octet-stream',
							size,
						}),
					),
				);
				return undefined;
			},
		);
		const timer = setTimeout(
			() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)),
			timeoutMs,
		);
		req.on('error', (e) => done(() => reject(e)));
	});
}
