/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/**
 * Downloading one URL for a remote upload with node:http/https: no keep-alive, up to 5 redirects, a timeout per
 * URL and a size cap. The bytes go to a file on disk (never into memory), so what was fetched can be served back.
 *
 * How the stored file is named (`naming`):
 * - `url`, the ancestor's rule (VueFileManager, `GetContentFromExternalSource`): PHP's `pathinfo()` on the whole URL
 *   text, so the name is what follows the URL's last "/" — even one inside the query — cut at the first "?".
 *   Content-Disposition is not read. The sandbox keeps the extension in the name (the spec's display name) and
 *   percent-decodes it.
 * - `ancestor`, the same text exactly as the ancestor stores it: without its last extension (kept in a column of its
 *   own) and not decoded.
 * - `disposition`, servers that honour Content-Disposition (as `curl -J` or `wget --content-disposition` do):
 *   `filename*` (decoded, as RFC 6266 says), else `filename` as sent (n8n sends it percent-encoded and nobody decodes
 *   it), else the last segment of the URL's path.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as path from 'node:path';
import { pipeline } from 'node:stream';

export type RemoteNaming = 'url' | 'ancestor' | 'disposition';

export interface FetchOptions {
	timeoutMs: number;
	signal: AbortSignal;
	naming: RemoteNaming;
	/** where the fetched bytes are written */
	storeDir: string;
	/** larger files fail */
	maxBytes: number;
}

export interface Fetched {
	name: string;
	mimetype: string;
	size: number;
	/** the fetched bytes */
	storedPath: string;
}

let stored = 0;

function decoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/** The ancestor's rule: the text after the URL's last "/", cut at the first "?" (and at a fragment). */
export function nameFromUrlText(url: string, exactly = false): string {
	const last = url.slice(url.lastIndexOf('/') + 1);
	if (!exactly) return decoded(last.split('?')[0].split('#')[0]);
	// pathinfo()'s filename drops the last ".…" of the text, then the ancestor cuts at "?"
	const dot = last.lastIndexOf('.');
	return (dot > 0 ? last.slice(0, dot) : last).split('?')[0];
}

function nameOf(naming: RemoteNaming, url: string, u: URL, disposition: string | undefined) {
	if (naming === 'disposition') return nameFromDisposition(u, disposition);
	return nameFromUrlText(url, naming === 'ancestor');
}

function nameFromDisposition(url: URL, disposition: string | undefined): string {
	if (disposition) {
		const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/.exec(disposition);
		if (star) return decoded(star[1].trim());
		const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
		if (plain && plain[1].trim()) return plain[1].trim();
	}
	return decoded(url.pathname.split('/').filter(Boolean).pop() ?? '');
}

export function fetchRemote(url: string, options: FetchOptions, redirects = 0): Promise<Fetched> {
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
				signal: options.signal,
				headers: { 'user-agent': 'file-storage-sandbox/1.0', accept: '*/*' },
			},
			(res) => {
				const status = res.statusCode ?? 0;
				if (status >= 300 && status < 400 && res.headers.location) {
					res.resume();
					if (redirects >= 5) return done(() => reject(new Error('too many redirects')));
					const next = new URL(res.headers.location, u).toString();
					// the name comes from the URL the upload was asked for, as the ancestor's HTTP client follows quietly
					return done(() =>
						fetchRemote(next, options, redirects + 1).then(
							(fetched) =>
								resolve(
									options.naming === 'disposition'
										? fetched
										: { ...fetched, name: nameFromUrlText(url, options.naming === 'ancestor') },
								),
							reject,
						),
					);
				}
				if (status < 200 || status >= 300) {
					res.resume();
					return done(() => reject(new Error(`HTTP ${status}`)));
				}
				const storedPath = path.join(options.storeDir, `${process.pid}-${++stored}`);
				let size = 0;
				res.on('data', (chunk: Buffer) => {
					size += chunk.length;
					if (size > options.maxBytes) res.destroy(new Error('file too large'));
				});
				pipeline(res, fs.createWriteStream(storedPath), (error) => {
					if (error) {
						fs.rm(storedPath, { force: true }, () => done(() => reject(error)));
						return;
					}
					const name = nameOf(options.naming, url, u, res.headers['content-disposition']);
					done(() =>
						resolve({
							name: name.replace(/[\\/]/g, '_') || 'download',
							mimetype:
								(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() ||
								'application/octet-stream',
							size,
							storedPath,
						}),
					);
				});
				return undefined;
			},
		);
		const timer = setTimeout(
			() => req.destroy(new Error(`timed out after ${options.timeoutMs} ms`)),
			options.timeoutMs,
		);
		req.on('error', (e) => done(() => reject(e)));
	});
}
