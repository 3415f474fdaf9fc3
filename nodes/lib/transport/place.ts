// Where a call is made from, so that its errors say what to do *there*: an operation has options and can be run
// again, a poll tries again by itself, a list in the editor is opened again.

import type { INode } from 'n8n-workflow';

import type { ApiCall } from './endpoints';

export type CallPlace = 'operation' | 'poll' | 'listSearch';

/** What an error of one call needs to know to say what happened and how to go on. */
export interface CallSite {
	node: INode;
	call: ApiCall;
	/** Every form of the credential's secret: redacted from every text. */
	secrets: string[];
	itemIndex?: number;
	place: CallPlace;
}

/** How to try again, as a sentence. */
export function tryAgain(place: CallPlace): string {
	switch (place) {
		case 'poll':
			return 'The trigger tries again at its next poll.';
		case 'listSearch':
			return 'Open the list again.';
		default:
			return 'Run the node again.';
	}
}

/** Whether the call carries many input items or URLs at once (a batch operation's request). */
export function isBatchRequest(call: ApiCall): boolean {
	return Array.isArray(call.body?.items) || Array.isArray(call.body?.urls);
}

/** What to do about a rate limit. */
export function slowDown(site: CallSite): string {
	switch (site.place) {
		case 'poll':
			return 'The trigger tries again at its next poll. If this repeats, let it poll less often (its Poll Times).';
		case 'listSearch':
			return 'Wait a moment and open the list again, or enter the ID By ID.';
		default:
			return isBatchRequest(site.call)
				? 'Wait and run again, run the workflow less often, or raise Batch Size so fewer requests are sent.'
				: 'Wait and run again, or run the workflow less often.';
	}
}

/** What to do when the server could not handle the request (5xx). */
export function whenTheServerStumbles(site: CallSite): string {
	switch (site.place) {
		case 'operation':
			return 'Try again later. If it persists, check the input values (some servers cannot handle malformed values) and the server logs.';
		default:
			return `${tryAgain(site.place)} If this repeats, check the server and its logs.`;
	}
}

/** What to do when no answer came in time. */
export function whenNoAnswerInTime(site: CallSite, limit: string): string {
	switch (site.place) {
		case 'poll':
			return `The trigger waits at most ${limit} for each answer and tries again at its next poll. Check that the server is running.`;
		case 'listSearch':
			return 'Open the list again, and check that the server is running.';
		default:
			return "Raise Timeout in the node's options if the server is slow, or check that it is running.";
	}
}
