/** The sandbox clock: frozen at a fixed "now" unless told to run in real time. */

/** Fixed "now" of the seeded state: 10 Mar 2026 12:00 UTC. */
export const SEED_NOW = new Date('2026-03-10T12:00:00.000Z');

export class SandboxClock {
	private base: number = SEED_NOW.getTime();
	private setAt = Date.now();

	/** realtime: time flows from the last `set()`; frozen (default): time only moves with `set`/`advance`. */
	constructor(public realtime = false) {}

	now(): Date {
		return new Date(this.base + (this.realtime ? Date.now() - this.setAt : 0));
	}

	set(d: Date): void {
		this.base = d.getTime();
		this.setAt = Date.now();
	}

	advance(ms: number): void {
		this.set(new Date(this.now().getTime() + ms));
	}
}
