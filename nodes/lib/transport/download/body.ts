// A download's connection and body. The body is counted as it passes, checked against its announced length and
// watched for stalls: a cut, stalled or altered body is an error instead of a truncated file. Nothing buffers it.

import { sleep } from 'n8n-workflow';

/** What this module needs of a Node.js Readable (nodes may not import node:stream). */
export interface ByteStream extends AsyncIterable<Uint8Array> {
	destroy(error?: Error): unknown;
}

/**
 * Ends one request's connection: the execution was cancelled, the body stalled or is not wanted. Destroying the
 * body alone does not: the HTTP client wraps the socket's stream in one that waits for the socket's next bytes.
 */
export class RequestAbort {
	private readonly controller = new AbortController();
	private readonly forwardCancel = () => this.controller.abort(this.cancel?.reason);

	constructor(private readonly cancel: AbortSignal | undefined) {
		if (cancel?.aborted) this.controller.abort(cancel.reason);
		else cancel?.addEventListener('abort', this.forwardCancel, { once: true });
	}

	get signal(): AbortSignal {
		return this.controller.signal;
	}

	/** The body goes first: aborting a request with its body open makes the client emit an error nobody hears. */
	end(body: { destroy(): unknown } | undefined, reason?: Error): void {
		body?.destroy();
		if (!this.controller.signal.aborted) this.controller.abort(reason);
		this.release();
	}

	/** Stops listening to the execution's cancel signal (one listener per request would pile up). */
	release(): void {
		this.cancel?.removeEventListener('abort', this.forwardCancel);
	}
}

/** The body's own Readable class (the nearest on its prototype chain): it makes the counting pass-through. */
export function readableClassOf(stream: ByteStream) {
	for (let proto = Object.getPrototypeOf(stream); proto; proto = Object.getPrototypeOf(proto)) {
		const ctor = (proto as { constructor?: { name?: string; from?: unknown } }).constructor;
		if (ctor?.name === 'Readable' && typeof ctor.from === 'function')
			return ctor as { from(source: AsyncIterable<Uint8Array>, options: object): ByteStream };
	}
	throw new TypeError('The HTTP helper returned a body that is not a Node.js stream');
}

export interface BodyCheck {
	/** Bytes the body must have (Content-Length), when known. */
	expectedBytes?: number;
	/** Longest wait for the next bytes while the body is being read. */
	idleTimeoutMs: number;
	stalled(received: number): Error;
	/** The body ended before its end, or broke. */
	cut(received: number, cause: unknown): Error;
	tooLong(received: number): Error;
	/** Ends the connection: a stalled body, or one whose reader gave up. */
	abortConnection(reason?: Error): void;
	finished(): void;
}

/**
 * The body as a new stream that counts bytes as they pass: it fails when the body stalls longer than the time
 * limit (measured only while waiting for the server, not while the consumer writes), ends early or has another
 * length than announced. Backpressure is kept: the next chunk is read only when the consumer asks for it.
 */
export function verifiedBody(body: ByteStream, check: BodyCheck): ByteStream {
	const Readable = readableClassOf(body);
	async function* counted(): AsyncGenerator<Uint8Array> {
		const iterator = body[Symbol.asyncIterator]();
		const watchdog = new AbortController();
		let received = 0;
		let waitingSince: number | undefined;
		let stalledError: Error | undefined;
		/** Fails the current wait for the next chunk (one promise per wait: a long-lived one would keep every chunk). */
		let failWait: ((error: Error) => void) | undefined;
		let completed = false;
		const tick = Math.max(10, Math.min(1000, Math.floor(check.idleTimeoutMs / 4)));
		const watch = async () => {
			while (!watchdog.signal.aborted) {
				try {
					await sleep(tick, watchdog.signal);
				} catch {
					return; // the body ended: the watch ends with it
				}
				if (watchdog.signal.aborted) return;
				if (waitingSince !== undefined && Date.now() - waitingSince >= check.idleTimeoutMs) {
					stalledError = check.stalled(received);
					failWait?.(stalledError);
					check.abortConnection(stalledError);
					return;
				}
			}
		};
		void watch();
		try {
			for (;;) {
				waitingSince = Date.now();
				let next: IteratorResult<Uint8Array>;
				try {
					next = await new Promise<IteratorResult<Uint8Array>>((resolve, reject) => {
						failWait = reject;
						iterator.next().then(resolve, reject);
					});
				} catch (error) {
					throw stalledError ?? check.cut(received, error);
				} finally {
					failWait = undefined;
				}
				waitingSince = undefined;
				if (next.done) break;
				received += next.value.length;
				if (check.expectedBytes !== undefined && received > check.expectedBytes)
					throw check.tooLong(received);
				yield next.value;
			}
			if (check.expectedBytes !== undefined && received < check.expectedBytes) {
				throw check.cut(received, new Error('the body ended early'));
			}
			completed = true;
		} finally {
			watchdog.abort();
			// Ended early (an error, or the reader gave up): the connection is not needed anymore.
			if (completed) check.finished();
			else check.abortConnection();
			body.destroy();
		}
	}
	return Readable.from(counted(), { objectMode: false });
}

/** How much of an error answer is read for its message. */
const EXCERPT_LIMIT = 16 * 1024;

/** The start of a body as text (for error messages); the rest is discarded. */
export async function readExcerpt(
	body: ByteStream,
	abort: RequestAbort,
	idleTimeoutMs: number,
): Promise<string> {
	const chunks: Uint8Array[] = [];
	let size = 0;
	const bounded = verifiedBody(body, {
		idleTimeoutMs,
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
