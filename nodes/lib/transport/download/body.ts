// A download's connection and body. The body is counted as it passes, checked against its announced length and
// watched for stalls: a cut, stalled or altered body is an error instead of a truncated file. Nothing buffers it.

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

export interface BodyCheck {
	expectedBytes?: number; // Content-Length, when known
	idleTimeoutMs: number; // longest wait for the next bytes
	stalled(received: number): Error;
	cut(received: number, cause: unknown): Error; // ended early, or broke
	tooLong(received: number): Error;
	abortConnection(reason?: Error): void; // a stalled body, or one whose reader gave up
	finished(): void;
}

// The body, counted as it passes: fails when it stalls past the time limit (only while waiting for the server, not
// while the consumer writes), ends early or runs longer than announced. The next chunk is read only when asked for.
export function verifiedBody(body: ByteStream, check: BodyCheck): ByteStream {
	const Readable = readableClassOf(body);
	async function* counted(): AsyncGenerator<Uint8Array> {
		const iterator = body[Symbol.asyncIterator]();
		const watchdog = new AbortController();
		let received = 0;
		let waitingSince: number | undefined;
		let stalledError: Error | undefined;
		// One promise per wait: a long-lived one would keep every chunk.
		let failWait: ((error: Error) => void) | undefined;
		let completed = false;
		const tick = Math.max(10, Math.min(1000, Math.floor(check.idleTimeoutMs / 4)));
		const watch = async () => {
			for (;;) {
				await sleep(tick, watchdog.signal).catch(() => undefined); // rejects once the body ended
				if (watchdog.signal.aborted) return;
				if (waitingSince === undefined || Date.now() - waitingSince < check.idleTimeoutMs) continue;
				stalledError = check.stalled(received);
				failWait?.(stalledError);
				check.abortConnection(stalledError);
				return;
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
			if (check.expectedBytes !== undefined && received < check.expectedBytes)
				throw check.cut(received, new Error('the body ended early'));
			completed = true;
		} finally {
			watchdog.abort();
			if (completed) check.finished();
			else check.abortConnection();
			body.destroy();
		}
	}
	return Readable.from(counted(), { objectMode: false });
}

const EXCERPT_LIMIT = 16 * 1024;

/** The start of a body as text, for error messages; the rest is discarded. */
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
