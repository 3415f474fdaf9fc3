// A download's connection, its one timer and its body. The body is counted once as it passes, checked against its
// announced length and its size limit and watched for stalls: a cut, stalled, altered or oversized body is an error
// instead of a truncated file. Nothing buffers it.

import { sleep } from 'n8n-workflow';

/** What is needed of a Node.js Readable (nodes may not import node:stream). */
export interface ByteStream extends AsyncIterable<Uint8Array> {
	destroy(error?: Error): unknown;
}

// Ends one request's connection (cancelled, stalled, not wanted). Destroying the body alone does not: the HTTP
// client wraps the socket's stream in one that waits for the socket's next bytes.
export class RequestAbort {
	private readonly controller = new AbortController();
	readonly signal = this.controller.signal;
	private readonly forwardCancel = () => this.controller.abort(this.cancel?.reason);

	constructor(private readonly cancel: AbortSignal | undefined) {
		if (cancel?.aborted) this.controller.abort(cancel.reason);
		else cancel?.addEventListener('abort', this.forwardCancel, { once: true });
	}

	// The body goes first: aborting a request with its body open makes the client emit an error nobody hears.
	end(body: { destroy(): unknown } | undefined, reason?: Error): void {
		body?.destroy();
		if (!this.signal.aborted) this.controller.abort(reason);
		this.release();
	}

	// One listener per request on the execution's cancel signal would pile up.
	release(): void {
		this.cancel?.removeEventListener('abort', this.forwardCancel);
	}
}

/** The body's own Readable class (nearest on its prototype chain), to make the counting pass-through. */
export function readableClassOf(stream: ByteStream) {
	for (let proto = Object.getPrototypeOf(stream); proto; proto = Object.getPrototypeOf(proto)) {
		const ctor = (proto as { constructor?: { name?: string; from?: unknown } }).constructor;
		if (ctor?.name === 'Readable' && typeof ctor.from === 'function')
			return ctor as { from(source: AsyncIterable<Uint8Array>, options: object): ByteStream };
	}
	throw new TypeError('The HTTP helper returned a body that is not a Node.js stream');
}

/** A time the whole download must end by (a poll's share of its budget), and the error it ends with. */
export interface Deadline {
	at: number; // epoch ms
	passed(): Error;
}

/**
 * The one timer of a download, from its first request to the body's end: it ends the download when its deadline
 * passes, or when the body sends nothing for longer than the time limit while the reader waits for it (not while
 * the reader writes). The execution being cancelled ends it too. One timeout at a time, for the next moment
 * something can be due: none before the body while there is no deadline.
 */
export class DownloadWatch {
	private readonly controller = new AbortController();
	/** Aborted when the download must end: cancelled, past its deadline, or stalled. */
	readonly signal = this.controller.signal;
	/** Why the watch ended the download (a stall, the deadline), once it did. */
	failure?: Error;
	/** The deadline's error, once it passed. */
	overdue?: Error;
	private ended = false;
	private bodyStarted = false;
	private waiting?: { since: number; stalled(): Error; fail(error: Error): void };
	private onFailure?: (error: Error) => void;
	// Ends the loop's current wait early (n8n 1.x's `sleep` ignores its signal, so this is awaited beside it).
	private nap = new AbortController();
	private readonly forwardCancel = () => this.controller.abort(this.cancel?.reason);

	constructor(
		private readonly idleTimeoutMs: number,
		private readonly deadline?: Deadline,
		private readonly cancel?: AbortSignal,
	) {
		if (cancel?.aborted) this.controller.abort(cancel.reason);
		else cancel?.addEventListener('abort', this.forwardCancel, { once: true });
		void this.run();
	}

	private async run(): Promise<void> {
		while (!this.ended) {
			const now = Date.now();
			const stallAt = this.waiting ? this.waiting.since + this.idleTimeoutMs : Infinity;
			if (this.waiting && now >= stallAt) return this.fail(this.waiting.stalled());
			if (this.deadline && now >= this.deadline.at) {
				this.overdue = this.deadline.passed();
				return this.fail(this.overdue);
			}
			// While the body runs, a look every time limit at the latest: a wait that starts later is not missed.
			const bodyCheckAt = this.bodyStarted ? Math.min(stallAt, now + this.idleTimeoutMs) : Infinity;
			const lookAt = Math.min(bodyCheckAt, this.deadline?.at ?? Infinity);
			this.nap = new AbortController();
			const roused = new Promise<void>((resolve) =>
				this.nap.signal.addEventListener('abort', () => resolve(), { once: true }),
			);
			await (lookAt === Infinity
				? roused
				: Promise.race([sleep(lookAt - now, this.nap.signal).catch(() => undefined), roused]));
		}
	}

	private fail(error: Error): void {
		this.failure = error;
		this.waiting?.fail(error);
		this.onFailure?.(error);
		this.controller.abort(error);
		this.stop();
	}

	/** What else to end when the watch fails (the body's connection). */
	onEnd(end: (error: Error) => void): void {
		this.onFailure = end;
	}

	/** `next` (the body's next part), failing with the watch's error when it stalls or time runs out first. */
	async whileWaiting<T>(next: Promise<T>, stalled: () => Error): Promise<T> {
		if (this.failure) throw this.failure;
		try {
			return await new Promise<T>((resolve, reject) => {
				this.waiting = { since: Date.now(), stalled, fail: reject };
				if (!this.bodyStarted) {
					this.bodyStarted = true;
					this.nap.abort(); // the loop slept for the deadline or not at all: now stalls count
				}
				next.then(resolve, reject);
			});
		} finally {
			this.waiting = undefined;
		}
	}

	/** The download is over: no timer stays. */
	stop(): void {
		if (this.ended) return;
		this.ended = true;
		this.cancel?.removeEventListener('abort', this.forwardCancel);
		this.nap.abort();
	}
}

/** The most a download may bring (Max File Size, a binary mode's cap), and the error when it brings more. */
export interface SizeLimit {
	maxBytes: number;
	/** `bytes`: the announced length, or (`counted`) the bytes counted once past the limit. */
	exceeded(bytes: number, counted: boolean): Error;
}

/**
 * The one size check of a download: its announced length before the body is read, then its count as it streams.
 * The error when `bytes` are over the limit.
 */
export function oversize(
	limit: SizeLimit | undefined,
	bytes: number | undefined,
	counted: boolean,
): Error | undefined {
	return limit && bytes !== undefined && bytes > limit.maxBytes
		? limit.exceeded(bytes, counted)
		: undefined;
}

export interface BodyCheck {
	expectedBytes?: number; // Content-Length, when known
	watch: DownloadWatch; // the download's timer: stalls, its deadline
	limit?: SizeLimit;
	stalled(received: number): Error;
	cut(received: number, cause: unknown): Error; // ended early, or broke
	tooLong(received: number): Error;
	abortConnection(reason?: Error): void; // a stalled body, or one whose reader gave up
	finished(): void;
}

// The body, counted as it passes (its only count): fails when it stalls past the time limit (only while waiting for
// the server, not while the consumer writes) or its deadline passes, ends early, runs longer than announced or
// over its size limit. The next chunk is read only when asked for.
export function verifiedBody(body: ByteStream, check: BodyCheck): ByteStream {
	const Readable = readableClassOf(body);
	const { watch } = check;
	async function* counted(): AsyncGenerator<Uint8Array> {
		const iterator = body[Symbol.asyncIterator]();
		let received = 0;
		let completed = false;
		watch.onEnd((error) => check.abortConnection(error));
		try {
			for (;;) {
				let next: IteratorResult<Uint8Array>;
				try {
					next = await watch.whileWaiting(iterator.next(), () => check.stalled(received));
				} catch (error) {
					throw watch.failure ?? check.cut(received, error);
				}
				if (next.done) break;
				received += next.value.length;
				if (check.expectedBytes !== undefined && received > check.expectedBytes)
					throw check.tooLong(received);
				const over = oversize(check.limit, received, true);
				if (over) throw over;
				yield next.value;
			}
			if (check.expectedBytes !== undefined && received < check.expectedBytes)
				throw check.cut(received, new Error('the body ended early'));
			completed = true;
		} finally {
			watch.stop();
			if (completed) check.finished();
			else check.abortConnection();
			body.destroy();
		}
	}
	return Readable.from(counted(), { objectMode: false });
}

const EXCERPT_LIMIT = 16 * 1024;

/** The start of a body as text, for error messages, under the download's watch; the rest is discarded. */
export async function readExcerpt(
	body: ByteStream,
	abort: RequestAbort,
	watch: DownloadWatch,
): Promise<string> {
	const chunks: Uint8Array[] = [];
	let size = 0;
	const bounded = verifiedBody(body, {
		watch,
		stalled: () => new Error('stalled'),
		cut: (_received, cause) => (cause instanceof Error ? cause : new Error(String(cause))),
		tooLong: () => new Error('too long'),
		abortConnection: (reason) => abort.end(body, reason),
		finished: () => abort.end(body),
	});
	try {
		for await (const chunk of bounded) {
			chunks.push(chunk);
			size += chunk.length;
			if (size >= EXCERPT_LIMIT) break;
		}
	} catch {
		// what arrived before the failure is still worth showing
	} finally {
		bounded.destroy();
		abort.end(body);
	}
	return Buffer.concat(chunks).subarray(0, EXCERPT_LIMIT).toString('utf8');
}
