/** The run data (IRun) of an execution, as n8n's APIs return a saved one, read per node; the check of a manual run. */
import { expectNoLeaks } from './leaks';
import type { ExecuteResult } from './rest-client';

/** A stored binary: 2.x records its byte count `bytes`, 1.x only a rounded text `fileSize`. */
export interface BinaryMeta {
	fileName?: string;
	mimeType?: string;
	bytes?: number;
	fileSize?: string;
	id?: string;
}

type StoredError = { message?: string; description?: string; [key: string]: unknown };
type Item = { json: Record<string, unknown>; binary?: Record<string, BinaryMeta | undefined> };

export interface RunData {
	status?: string;
	finished?: boolean;
	mode?: string;
	data: {
		resultData: {
			error?: StoredError;
			lastNodeExecuted?: string;
			runData: Record<
				string,
				Array<{ error?: StoredError; data?: { main?: Array<Item[] | null> } }>
			>;
		};
	};
}

type Run = { data?: RunData['data'] } | undefined;

/** The items a node produced in its first run (output 0 unless given). */
export const nodeItems = (run: Run, node: string, output = 0) =>
	run?.data?.resultData.runData[node]?.[0]?.data?.main?.[output] ?? [];

/** Their JSON. */
export const nodeOutput = (run: Run, node: string, output = 0) =>
	nodeItems(run, node, output).map((item) => item.json);

/** The metadata of the binary field `data` of a node's items (output 0). */
export const binaries = (run: Run, node: string) =>
	nodeItems(run, node).map((item) => item.binary?.data);

/** The ids of items (or requests), as text. */
export const ids = (items: Array<{ id?: unknown }>) => items.map((item) => String(item.id));

/** A saved manual execution that succeeded (`ok`) or failed, with no secret in its output, logs or run data. */
export function expectRun(result: ExecuteResult, ok: boolean, secrets: string[]): ExecuteResult {
	const error = result.run?.data.resultData.error;
	if (ok && (result.status !== 'success' || !result.run || error)) {
		throw new Error(
			`execution ${result.executionId} failed (${result.status}): ${error?.message ?? 'no run data'} ${error?.description ?? ''}; logs: ${result.logFile}`,
		);
	}
	expect([result.status, result.mode]).toEqual([ok ? 'success' : 'error', 'manual']);
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
