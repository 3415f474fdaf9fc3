/** The run data (IRun) of an execution, as n8n's APIs return a saved one, read per node; the check of a manual run. */
import { expectNoLeaks } from './leaks';
import type { ExecuteResult } from './rest-client';

export interface RunData {
	status?: string;
	finished?: boolean;
	mode?: string;
	data: {
		resultData: {
			error?: { message?: string; description?: string; name?: string; [key: string]: unknown };
			lastNodeExecuted?: string;
			runData: Record<
				string,
				Array<{
					error?: {
						message?: string;
						description?: string;
						httpCode?: string;
						[key: string]: unknown;
					};
					data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
				}>
			>;
		};
	};
}

/** Items a node produced in its first run (output 0 unless given). */
export function nodeOutput(
	run: { data?: RunData['data'] } | undefined,
	nodeName: string,
	output = 0,
): Array<Record<string, unknown>> {
	const task = run?.data?.resultData.runData[nodeName]?.[0];
	return (task?.data?.main?.[output] ?? []).map((item) => item.json);
}

/** A saved manual execution that succeeded (`ok`) or failed, with no secret in its output, logs or run data. */
export function expectRun(result: ExecuteResult, ok: boolean, secrets: string[]): ExecuteResult {
	const error = result.run?.data.resultData.error;
	if (ok && (result.code !== 0 || !result.run || error)) {
		throw new Error(
			`execution ${result.executionId} failed (${result.status}): ${error?.message ?? 'no run data'} ${error?.description ?? ''}; logs: ${result.logFile}`,
		);
	}
	expect([result.code, result.status, result.mode]).toEqual([
		ok ? 0 : 1,
		ok ? 'success' : 'error',
		'manual',
	]);
	expectNoLeaks(result.output, `output of execution ${result.executionId}`, secrets);
	expectNoLeaks(result.run, `run data of execution ${result.executionId}`, secrets);
	return result;
}

/** `list` is exactly one item (or request) with these fields. */
export function expectOne(list: unknown, fields: Record<string, unknown>): void {
	expect(list).toEqual([expect.objectContaining(fields)]);
}

/** A run's (or item's) error: its message is `message` (a string) or matches it, its description matches `description`. */
export function expectError(
	error: { message?: unknown; description?: unknown } | undefined,
	message: string | RegExp,
	description?: RegExp,
): void {
	if (typeof message === 'string') expect(error?.message).toBe(message);
	else expect(String(error?.message)).toMatch(message);
	if (description) expect(String(error?.description)).toMatch(description);
}
