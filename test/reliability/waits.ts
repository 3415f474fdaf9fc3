// Records the waits the node asks for between tries: the tests assert how long the node decided to wait (e.g. what
// a Retry-After asked), never how long anything took. Every request policy of the package takes its `wait` from
// EXECUTION_POLICY, so the recorder goes there.
//
// `sleep: false` answers each wait at once instead of sleeping it: a back-off of 1 s, then 2 s, is then recorded
// but not spent. Only for tests where nothing but a retry's back-off goes through `wait`: Upload File's check for
// arrivals also waits there, against a deadline of real time, and would then ask the server again without a pause.

import { EXECUTION_POLICY } from '../../nodes/lib/transport';

export interface WaitRecorder {
	/** The waits asked for since the last `take()`, in ms, in order. */
	take(): number[];
	/** Whether a wait really sleeps (n8n's `sleep`) or is only recorded; can be switched per test. */
	sleep: boolean;
	restore(): void;
}

export function recordWaits({ sleep = true }: { sleep?: boolean } = {}): WaitRecorder {
	const original = EXECUTION_POLICY.wait;
	let waits: number[] = [];
	const recorder: WaitRecorder = {
		sleep,
		take: () => {
			const taken = waits;
			waits = [];
			return taken;
		},
		restore: () => {
			EXECUTION_POLICY.wait = original;
		},
	};
	EXECUTION_POLICY.wait = async (ms) => {
		waits.push(ms);
		if (recorder.sleep) await original(ms);
	};
	return recorder;
}

/**
 * For a whole test file: the back-offs between tries are recorded, not slept (`recordWaits({ sleep: false })`),
 * from its first test to its last. `take()` gives the waits asked for since the last call.
 */
export function useRecordedWaits(): Pick<WaitRecorder, 'take'> {
	let recorder: WaitRecorder | undefined;
	beforeAll(() => {
		recorder = recordWaits({ sleep: false });
	});
	afterAll(() => recorder?.restore());
	return { take: () => recorder?.take() ?? [] };
}
