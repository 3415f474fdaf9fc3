/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the sandbox is a test server, not a node */
/**
 * Remote uploads into a file request (endpoint 8): up to `queueThreshold` URLs are fetched before answering (any
 * failure → 422, nothing stored); more are queued and fetched after the answer, failures skipped. Each batch that
 * stores a file notifies the request owner. A reset() discards results of uploads started before it. The fetched
 * bytes are kept on disk and served as the file's content.
 */
import { invalid, ok } from './http-io';
import type { Result } from './http-io';
import type { FileRequestRec, FolderRec, Model } from './model';
import { fetchRemote } from './remote-fetch';
import type { Fetched, RemoteNaming } from './remote-fetch';
import { MESSAGES } from './schemas';

export interface UploadOptions {
	/** more URLs than this are queued */
	queueThreshold: number;
	/** when set, decides instead of the threshold whether an upload is queued */
	queueWhen?: (urls: string[]) => boolean;
	/** a queued upload starts fetching this long after the answer (default 0) */
	queueDelayMs: number;
	/** per URL */
	timeoutMs: number;
	/** how a fetched file is named (see remote-fetch.ts); tests may change it */
	naming: RemoteNaming;
	/** a server that cannot reach the hosts of the URLs it is given: every fetch fails as refused */
	unreachable: boolean;
	/** a server that lists a file request in this order whatever `sort` and `direction` ask (the spec leaves it open) */
	listOrder?: 'newest first' | 'oldest first';
	/** where fetched bytes are kept */
	storeDir: string;
	maxBytes: number;
}

export class RemoteUploads {
	/** every URL it was asked to fetch since it started (reset keeps them): the e2e suites look for their secrets */
	readonly asked: string[] = [];
	private readonly jobs = new Set<Promise<void>>();
	private readonly aborters = new Set<AbortController>();
	private stopped = false;

	constructor(
		private readonly model: Model,
		readonly options: UploadOptions,
	) {}

	/** Uploads `urls` into folder `targetId` of the request (or its own folder when that is gone). */
	async upload(req: FileRequestRec, targetId: string, urls: string[]): Promise<Result> {
		const model = this.model;
		const generation = model.generation;
		this.asked.push(...urls);
		const queued = this.options.queueWhen
			? this.options.queueWhen(urls)
			: urls.length > this.options.queueThreshold;
		if (!queued) {
			const results = await this.fetchAll(urls);
			// Laravel-style: the message echoes the URL, and the first one is the body's message too.
			const errors: Record<string, string[]> = {};
			results.forEach((res, i) => {
				if (!res.ok)
					errors[`urls.${i}`] = [`The file at ${urls[i]} could not be downloaded: ${res.reason}.`];
			});
			const failed = Object.values(errors);
			if (failed.length) {
				const more = failed.length > 1 ? ` (and ${failed.length - 1} more errors)` : '';
				return invalid(errors, `${failed[0][0]}${more}`);
			}
			if (model.generation === generation) {
				this.store(
					req,
					targetId,
					results.flatMap((x) => (x.ok ? [x.file] : [])),
				);
			}
			return ok(201, { type: 'success', message: MESSAGES.uploaded });
		}
		const delay = this.options.queueDelayMs;
		const job = new Promise<void>((resolve) => setTimeout(resolve, delay)).then(async () => {
			if (this.stopped) return;
			const results = await this.fetchAll(urls);
			if (this.stopped || model.generation !== generation) return;
			this.store(
				req,
				targetId,
				results.flatMap((x) => (x.ok ? [x.file] : [])),
			);
		});
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
		this.stopped = true;
		for (const ac of this.aborters) ac.abort();
	}

	/** Settles when the queued uploads running now have ended. */
	async settled(): Promise<void> {
		await Promise.allSettled([...this.jobs]);
	}

	private fetchAll(urls: string[]) {
		const ac = new AbortController();
		this.aborters.add(ac);
		return Promise.all(
			urls.map((u) =>
				(this.options.unreachable
					? Promise.reject(new Error(`connect ECONNREFUSED ${new URL(u).host}`))
					: fetchRemote(u, { ...this.options, signal: ac.signal })
				).then(
					(f) => ({ ok: true as const, file: f }),
					(e: unknown) => ({
						ok: false as const,
						reason: e instanceof Error ? e.message : String(e),
					}),
				),
			),
		).finally(() => this.aborters.delete(ac));
	}

	private store(req: FileRequestRec, targetId: string, files: Fetched[]): void {
		const model = this.model;
		if (!files.length) return;
		const target =
			[model.findItem(targetId), model.findItem(req.folderId)].find(
				(f): f is FolderRec => !!f && f.type === 'folder' && !f.deletedAt,
			) ?? undefined;
		if (!target) return;
		for (const f of files) {
			model.addFile(req.userId, {
				folderId: target.id,
				name: f.name,
				mimetype: f.mimetype,
				size: f.size,
				storedPath: f.storedPath,
			});
		}
		const n = files.length;
		model.addNotification(req.userId, {
			type: 'App\\Notifications\\FileRequestUploadNotification',
			category: 'upload',
			action: 'view',
			title: 'New files were uploaded',
			description: `${n} ${n === 1 ? 'file was' : 'files were'} uploaded into your file request "${req.name}".`,
		});
	}
}
