/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports */
/** Remote upload (endpoint 8): fetching each URL, and the synchronous or queued upload into a file request. */
import { setMaxListeners } from 'node:events';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as path from 'node:path';
import { pipeline } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

import { invalid, ok } from './http';
import type { Result } from './http';
import type { FileRequestRec, FolderRec, Model } from './model';
import { MESSAGES } from './schemas';

/**
 * How a fetched file is named:
 * - `url`, the ancestor's rule (VueFileManager, `GetContentFromExternalSource`: PHP's `pathinfo()` on the whole URL
 *   text): what follows the URL's last "/", even inside the query, cut at the first "?", percent-decoded.
 * - `ancestor`: that text as the ancestor stores it, without its last extension and not decoded.
 * - `disposition`, as `curl -J`: `filename*` (decoded), else `filename` as sent (n8n sends it percent-encoded and
 *   nobody decodes it), else the last segment of the URL's path.
 */
export type RemoteNaming = 'url' | 'ancestor' | 'disposition';

type FetchOptions = Pick<UploadOptions, 'timeoutMs' | 'naming'> & {
	signal: AbortSignal;
	storeDir: string;
};

type Fetched = { name: string; mimetype: string; size: number; storedPath: string };

let stored = 0;
const MAX_BYTES = 2 * 1024 ** 3;

function decoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/** The ancestor's rule: the text after the URL's last "/", cut at the first "?" (and at a fragment). */
function nameFromUrlText(url: string, exactly: boolean): string {
	const last = url.slice(url.lastIndexOf('/') + 1);
	if (!exactly) return decoded(last.split('?')[0].split('#')[0]);
	// pathinfo()'s filename drops the last ".…" of the text, then the ancestor cuts at "?"
	const dot = last.lastIndexOf('.');
	return (dot > 0 ? last.slice(0, dot) : last).split('?')[0];
}

/** `filename*` (decoded), else `filename` as sent, else the last segment of the URL's path. */
function nameFromDisposition(url: URL, disposition: string | undefined): string {
	const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/.exec(disposition ?? '');
	if (star) return decoded(star[1].trim());
	const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition ?? '');
	if (plain && plain[1].trim()) return plain[1].trim();
	return decoded(url.pathname.split('/').filter(Boolean).pop() ?? '');
}

/**
 * Downloads one URL to a file in `storeDir` (never into memory): no keep-alive, up to 5 redirects, a timeout per
 * request, a size cap. `asked`, the URL the upload was asked for, names the file (the ancestor's client follows
 * redirects quietly).
 */
function fetchRemote(
	url: string,
	options: FetchOptions,
	asked = url,
	redirects = 0,
): Promise<Fetched> {
	let timer: NodeJS.Timeout | undefined;
	return new Promise<Fetched>((resolve, reject) => {
		const u = new URL(url); // valid: the body's schema checked it, or a redirect built it
		const headers = { 'user-agent': 'file-storage-sandbox/1.0', accept: '*/*' };
		const req = (u.protocol === 'https:' ? https : http).get(
			u,
			{ agent: false, signal: options.signal, headers },
			(res) => {
				const status = res.statusCode ?? 0;
				if (status < 200 || status >= 300) {
					res.resume();
					const location = status >= 300 && status < 400 && res.headers.location;
					if (!location) return reject(new Error(`HTTP ${status}`));
					if (redirects >= 5) return reject(new Error('too many redirects'));
					clearTimeout(timer); // the next request has its own
					const next = new URL(location, u).toString();
					return resolve(fetchRemote(next, options, asked, redirects + 1));
				}
				const storedPath = path.join(options.storeDir, `${process.pid}-${++stored}`);
				let size = 0;
				res.on('data', (chunk: Buffer) => {
					size += chunk.length;
					if (size > MAX_BYTES) res.destroy(new Error('file too large'));
				});
				pipeline(res, fs.createWriteStream(storedPath), (error) => {
					if (error) return void fs.rm(storedPath, { force: true }, () => reject(error));
					const name =
						options.naming === 'disposition'
							? nameFromDisposition(u, res.headers['content-disposition'])
							: nameFromUrlText(asked, options.naming === 'ancestor');
					const type = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
					resolve({
						name: name.replace(/[\\/]/g, '_') || 'download',
						mimetype: type || 'application/octet-stream',
						size,
						storedPath,
					});
				});
			},
		);
		timer = setTimeout(
			() => req.destroy(new Error(`timed out after ${options.timeoutMs} ms`)),
			options.timeoutMs,
		);
		req.on('error', reject);
	}).finally(() => clearTimeout(timer));
}

/** `sb.uploads`: how remote uploads behave until reset() */
const DEFAULTS = {
	/** more URLs than this are queued */
	queueThreshold: 5,
	/** when set, decides instead of the threshold whether an upload is queued */
	queueWhen: undefined as ((urls: string[]) => boolean) | undefined,
	/** a queued upload starts fetching this long after the answer */
	queueDelayMs: 0,
	/** per URL */
	timeoutMs: 10_000,
	naming: 'url' as RemoteNaming,
	/** a server that cannot reach the hosts of the URLs it is given: every fetch fails as refused */
	unreachable: false,
	/** a server that lists a file request in this order whatever the query asks (the spec leaves it open) */
	listOrder: undefined as 'newest first' | 'oldest first' | undefined,
};
export type UploadOptions = typeof DEFAULTS;

/**
 * Fetched before answering (any failure → 422, nothing stored) or queued (failures skipped); a reset() discards the
 * results of uploads started before it.
 */
export class RemoteUploads {
	/** every URL it was asked to fetch since it started (reset keeps them): the e2e suites look for their secrets */
	readonly asked: string[] = [];
	private readonly jobs = new Set<Promise<void>>();
	/** aborts every download in flight and every queued upload */
	private readonly stopping = new AbortController();

	readonly options: UploadOptions = { ...DEFAULTS };

	constructor(
		private readonly model: Model,
		/** where fetched bytes are kept */
		private readonly storeDir: string,
	) {
		// every request in flight listens to it: many at once are not a leak
		setMaxListeners(0, this.stopping.signal);
	}

	reset(): void {
		Object.assign(this.options, DEFAULTS);
	}

	/** Uploads `urls` into folder `targetId` of the request (or its own folder when that is gone). */
	async upload(req: FileRequestRec, targetId: string, urls: string[]): Promise<Result> {
		const generation = this.model.generation;
		this.asked.push(...urls);
		const { queueWhen, queueThreshold, queueDelayMs } = this.options;
		if (!(queueWhen ? queueWhen(urls) : urls.length > queueThreshold)) {
			const results = await this.fetchAll(urls);
			// Laravel-style: the message echoes the URL, and the first one is the body's message too.
			const errors: Record<string, string[]> = {};
			results.forEach((r, i) => {
				if (typeof r === 'string')
					errors[`urls.${i}`] = [`The file at ${urls[i]} could not be downloaded: ${r}.`];
			});
			const failed = Object.values(errors);
			if (failed.length) {
				const more = failed.length > 1 ? ` (and ${failed.length - 1} more errors)` : '';
				return invalid(errors, `${failed[0][0]}${more}`);
			}
			if (this.model.generation === generation) this.store(req, targetId, results);
			return ok(201, { type: 'success', message: MESSAGES.uploaded });
		}
		const { signal } = this.stopping;
		const job = (async () => {
			await sleep(queueDelayMs, undefined, { signal }).catch(() => undefined);
			if (signal.aborted) return;
			const results = await this.fetchAll(urls);
			if (!signal.aborted && this.model.generation === generation)
				this.store(req, targetId, results);
		})();
		this.jobs.add(job);
		void job.finally(() => this.jobs.delete(job));
		return ok(201, { type: 'success', message: MESSAGES.queued });
	}

	/** Resolves when no queued upload is left. */
	async idle(): Promise<void> {
		while (this.jobs.size) await Promise.allSettled([...this.jobs]);
	}

	/** Aborts the downloads in flight; queued uploads then store nothing. */
	abort(): void {
		this.stopping.abort();
	}

	/** Each URL's file, or why it failed. */
	private fetchAll(urls: string[]): Promise<Array<Fetched | string>> {
		const options = { ...this.options, storeDir: this.storeDir, signal: this.stopping.signal };
		return Promise.all(
			urls.map((u) =>
				(this.options.unreachable
					? Promise.reject(new Error(`connect ECONNREFUSED ${new URL(u).host}`))
					: fetchRemote(u, options)
				).catch((e: unknown) => (e instanceof Error ? e.message : String(e))),
			),
		);
	}

	/** Stores the fetched files and notifies the request's owner, when any file was fetched. */
	private store(req: FileRequestRec, targetId: string, results: Array<Fetched | string>): void {
		const files = results.filter((r): r is Fetched => typeof r !== 'string');
		const target = [targetId, req.folderId]
			.map((id) => this.model.findItem(id))
			.find((f): f is FolderRec => f?.type === 'folder' && !f.deletedAt);
		if (!files.length || !target) return;
		for (const file of files) this.model.addFile(req.userId, { folderId: target.id, ...file });
		const n = files.length;
		this.model.addNotification(req.userId, {
			description: `${n} ${n === 1 ? 'file was' : 'files were'} uploaded into your file request "${req.name}".`,
		});
	}
}
