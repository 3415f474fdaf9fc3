// Records the waits the node asks for between tries, without changing them: the matrix asserts how long the node
// decided to wait (e.g. what a Retry-After asked), never how long anything took. Every request policy of the
// package takes its `wait` from EXECUTION_POLICY, so the recorder goes there.

import { EXECUTION_POLICY } from '../../nodes/lib/transport';

export interface WaitRecorder {
	/** The waits asked for since the last `take()`, in ms, in order. */
	take(): number[];
	restore(): void;
}

export function recordWaits(): WaitRecorder {
	const original = EXECUTION_POLICY.wait;
	let waits: number[] = [];
	EXECUTION_POLICY.wait = async (ms) => {
		waits.push(ms);
		return await original(ms);
	};
	return {
		take: () => {
			const taken = waits;
			waits = [];
			return taken;
		},
		restore: () => {
			EXECUTION_POLICY.wait = original;
		},
	};
}
