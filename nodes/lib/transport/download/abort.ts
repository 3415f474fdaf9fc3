// Ending one download request's connection: when the execution is cancelled, a body stalls, or the body is not
// wanted. Destroying the body stream alone does not: the HTTP client wraps the socket's stream in another one that
// waits for the socket's next bytes before it can close.

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

	/**
	 * Ends the request's connection. The body stream goes first: aborting a request whose body stream is still open
	 * makes the HTTP client emit an error on it, which nobody listens to any more.
	 */
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
