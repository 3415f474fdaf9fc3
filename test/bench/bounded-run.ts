/* eslint-disable @n8n/community-nodes/no-restricted-globals */
import { stopAllChildren } from '../e2e/processes';
import type { N8n } from '../e2e/rest-client';
import type { Sandbox } from '../sandbox/server';

/**
 * How a benchmark script runs: `main` bounded by a deadline, and `cleanup` (which stops, by PID, what the script
 * started) after success, failure, the deadline or SIGINT/SIGTERM. Exit codes: 0 done, 1 failed (could not
 * measure), 2 deadline passed, 130 interrupted.
 */
export function runBounded(options: {
	/** e.g. "benchmark": named in the failure message */
	what: string;
	main: () => Promise<void>;
	cleanup: () => Promise<void>;
	deadlineMs: number;
	progress: (message: string) => void;
}): void {
	const { what, main, cleanup, deadlineMs, progress } = options;
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			progress(`${signal}: stopping what the ${what} started`);
			void cleanup().finally(() => process.exit(130));
		});
	}
	const deadline = setTimeout(() => {
		progress(`deadline of ${deadlineMs / 60_000} min passed: stopping`);
		void cleanup().finally(() => process.exit(2));
	}, deadlineMs);
	deadline.unref();
	main()
		.then(async () => {
			await cleanup();
			clearTimeout(deadline);
			process.exit(0);
		})
		.catch(async (error: unknown) => {
			process.stderr.write(
				`\n${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
			);
			await cleanup();
			process.exit(1);
		});
}

/** The usual `cleanup` of a script that started n8n and the sandbox: n8n, every child process, then the sandbox. */
export async function stopStarted(
	n8n: N8n | undefined,
	sandbox: Sandbox | undefined,
): Promise<void> {
	await n8n?.stop().catch(() => undefined);
	await stopAllChildren().catch(() => undefined);
	await sandbox?.stop().catch(() => undefined);
}
