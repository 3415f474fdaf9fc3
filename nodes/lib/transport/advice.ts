// What to do next after a failure that may pass, by caller: the node runs again, the trigger polls again, the
// editor's list is opened again. The hints (hints.ts) end with it. Its keys are the callers (`Caller`,
// endpoints.ts): indexing it with one it lacks does not compile. It imports nothing, so it stays the lowest floor.

interface Advice {
	retry: string;
	rateLimited: string;
	server: string;
	timeout(limit: string): string;
}

const OPERATION_ADVICE: Advice = {
	retry: 'Run the node again.',
	rateLimited: 'Wait and run again, or run the workflow less often.',
	server:
		'Try again later. If it persists, check the input values (some servers cannot handle malformed values) and the server logs.',
	timeout: () =>
		"Raise Timeout in the node's options if the server is slow, or check that it is running.",
};

export const ADVICE = {
	operation: OPERATION_ADVICE,
	upload: OPERATION_ADVICE,
	poll: {
		retry: 'The trigger tries again at its next poll.',
		rateLimited:
			'The trigger tries again at its next poll. If this repeats, let it poll less often (its Poll Times).',
		server:
			'The trigger tries again at its next poll. If this repeats, check the server and its logs.',
		timeout: (limit) =>
			`The trigger waits at most ${limit} for each answer and tries again at its next poll. Check that the server is running.`,
	},
	listSearch: {
		retry: 'Open the list again.',
		rateLimited: 'Wait a moment and open the list again, or enter the ID By ID.',
		server: 'Open the list again. If this repeats, check the server and its logs.',
		timeout: () => 'Open the list again, and check that the server is running.',
	},
} satisfies Record<string, Advice>;
