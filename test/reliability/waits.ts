// Records the waits the node asks for (every request policy takes its `wait` from EXECUTION_POLICY): tests assert what
// the node decided, never how long anything took. `sleep: false` does not spend them: not for Upload File's check for
// arrivals, which also waits there against a deadline of real time.

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
	const waits: number[] = [];
	const recorder: WaitRecorder = {
		sleep,
		take: () => waits.splice(0),
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

/** `recordWaits({ sleep: false })` for a whole test file. */
export function useRecordedWaits(): Pick<WaitRecorder, 'take'> {
	let recorder: WaitRecorder | undefined;
	beforeAll(() => {
		recorder = recordWaits({ sleep: false });
	});
	afterAll(() => recorder?.restore());
	return { take: () => recorder?.take() ?? [] };
}
