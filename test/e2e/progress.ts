/* eslint-disable @n8n/community-nodes/no-restricted-globals */
/** Progress output of the e2e suite, the demo and the benchmark, and the per-phase timings they report. */

export function say(message: string): void {
	process.stdout.write(`${message}\n`);
}

/** Progress lines for the suite, only with E2E_VERBOSE=1 (jest shows stdout writes as noise otherwise). */
export function trace(message: string): void {
	if (process.env.E2E_VERBOSE === '1')
		process.stdout.write(`[e2e ${new Date().toISOString().slice(11, 23)}] ${message}\n`);
}

export class Stopwatch {
	readonly phases: Array<{ name: string; ms: number }> = [];

	async time<T>(name: string, run: () => Promise<T>): Promise<T> {
		const started = Date.now();
		try {
			return await run();
		} finally {
			this.phases.push({ name, ms: Date.now() - started });
			trace(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
		}
	}

	summary(): string {
		return this.phases
			.map((p) => `${p.name.padEnd(44)} ${(p.ms / 1000).toFixed(1).padStart(6)} s`)
			.join('\n');
	}
}
