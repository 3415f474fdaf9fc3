/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports */
/**
 * Records the waits the node asks n8n-workflow's `sleep` for, without changing them: the matrix asserts how long
 * the node decided to wait (e.g. what a Retry-After asked), never how long anything took.
 *
 * n8n-workflow re-exports `sleep` through getters, which cannot be replaced; the module it reads it from at every
 * call exports a plain property, so wrapping that one is seen by every caller.
 */
import { createRequire } from 'node:module';

interface SleepModule {
	sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function sleepModule(): SleepModule {
	// Resolved where n8n-workflow resolves it, loaded with this file's `require`: under jest that is jest's module
	// registry, the one the node's modules are loaded into.
	const path = createRequire(require.resolve('n8n-workflow')).resolve('@n8n/utils/sleep');
	const module = require(path) as Partial<SleepModule>;
	if (typeof module.sleep !== 'function') throw new Error('n8n-workflow no longer takes sleep from @n8n/utils/sleep');
	return module as SleepModule;
}

export interface WaitRecorder {
	/** The waits asked for since the last `take()`, in ms, in order. */
	take(): number[];
	restore(): void;
}

export function recordWaits(): WaitRecorder {
	const module = sleepModule();
	const original = module.sleep;
	let waits: number[] = [];
	module.sleep = async (ms, signal) => {
		// Not a wait: the turns of the event loop a cursor walk takes to let its early request out
		// (nodes/lib/transport/prefetch.ts). A Retry-After of 0 asks for sleep(0) too, so they are told apart by
		// their caller.
		if (!new Error().stack?.includes('letRequestOut')) waits.push(ms);
		return await original(ms, signal);
	};
	return {
		take: () => {
			const taken = waits;
			waits = [];
			return taken;
		},
		restore: () => {
			module.sleep = original;
		},
	};
}
