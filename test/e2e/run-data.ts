/** The run data (IRun) of an execution, as n8n's APIs return a saved one, read per node. */

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

/** Items a node produced in its first run (output 0 unless given). */
export function nodeOutput(
	run: { data?: RunData['data'] } | undefined,
	nodeName: string,
	output = 0,
): Array<Record<string, unknown>> {
	const task = run?.data?.resultData.runData[nodeName]?.[0];
	return (task?.data?.main?.[output] ?? []).map((item) => item.json);
}
