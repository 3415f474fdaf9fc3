/** The run data (IRun) of an execution: parsed from `n8n execute`'s json log, read per node. */

/** The IRun of an execution, as far as the tests read it. */
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

/** The IRun printed by `n8n execute`: with N8N_LOG_FORMAT=json, the log line whose message parses to `{ data: { resultData } }`. */
export function parseRunFromLog(output: string): RunData | undefined {
	let found: RunData | undefined;
	for (const line of output.split('\n')) {
		const trimmed = line.trim();
		if (!trimmed.startsWith('{')) continue;
		let message: unknown;
		try {
			message = (JSON.parse(trimmed) as { message?: unknown }).message;
		} catch {
			continue;
		}
		if (typeof message !== 'string' || !message.trim().startsWith('{')) continue;
		try {
			const parsed = JSON.parse(message) as Partial<RunData>;
			if (parsed && typeof parsed === 'object' && parsed.data?.resultData)
				found = parsed as RunData;
		} catch {
			/* not the run */
		}
	}
	return found;
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
