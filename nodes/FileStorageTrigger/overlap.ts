// Polls of one trigger that overlap. n8n can run two polls of the same trigger at once: its durable poll scheduler
// (n8n 2.36+) fires every occurrence that fell due while the main was down together when it is back, and the
// classic poller starts the next poll on time even when the previous one is still waiting for a slow server. Each
// poll works on its own copy of the saved window, so each would emit the same new items.
//
// All polls of a trigger run in one n8n process (the main, or the leader of several), so that process's memory
// can tell: a poll that starts while another poll of its trigger is running, or that holds the very window an
// emitting poll started from a moment ago (whose result n8n is still committing), stands down — it returns
// nothing and leaves the window alone. Should n8n fail to commit an emitting poll's window, the items are not
// lost: once COMMIT_GRACE_MS has passed, the next poll delivers them.

/** How long after an emitting poll a poll holding that poll's starting window counts as a repeat of it. */
export const COMMIT_GRACE_MS = 60_000;
/** A poll never takes this long (its requests are time-limited); past it, a "running" mark is a leftover. */
export const MAX_POLL_MS = 10 * 60_000;

interface TriggerPolls {
	/** When the running poll started, if one is running. */
	runningSince?: number;
	/** The window (its key) the last emitting poll started from, and when it emitted. */
	emittedFrom?: string;
	emittedAt?: number;
}

/** Per trigger (workflow and node) of this n8n process. */
const triggers = new Map<string, TriggerPolls>();

export type PollTurn = 'run' | 'overlapping' | 'repeat';

/**
 * Whether a poll of `trigger` that found the saved window `window` may run. When it may, it counts as running
 * until `pollEnded`.
 */
export function pollTurn(trigger: string, window: string, now: number): PollTurn {
	const polls = triggers.get(trigger) ?? {};
	if (polls.runningSince !== undefined && now - polls.runningSince < MAX_POLL_MS)
		return 'overlapping';
	if (
		polls.emittedFrom === window &&
		polls.emittedAt !== undefined &&
		now - polls.emittedAt < COMMIT_GRACE_MS
	) {
		return 'repeat';
	}
	triggers.set(trigger, { ...polls, runningSince: now });
	return 'run';
}

/** The running poll of `trigger` is about to emit items found from `window`. */
export function pollEmitted(trigger: string, window: string, now: number): void {
	triggers.set(trigger, { ...triggers.get(trigger), emittedFrom: window, emittedAt: now });
}

/** The running poll of `trigger` has finished (whatever came of it). */
export function pollEnded(trigger: string, now: number): void {
	const polls = triggers.get(trigger);
	if (!polls) return;
	if (polls.emittedAt === undefined || now - polls.emittedAt >= COMMIT_GRACE_MS)
		triggers.delete(trigger);
	else triggers.set(trigger, { emittedFrom: polls.emittedFrom, emittedAt: polls.emittedAt });
}
