// What a caller knows of a failure beyond the request (FailureFacts), and how it changes what the error says:
// where the failure happened (a folder below the searched one, the trigger's watched folder) and which items it
// concerns. Applied once, by the error factory (errors.ts), before the error is made.

import type { FailureFacts, SentRequest } from './endpoints';
import { FAILURE_HINTS as HINTS } from './hints';
import { MESSAGES } from './messages';

/** `item 3`, `items 0–4`, `items 0–4, 7, 9–12`: ranges, so a long batch stays readable. */
export function describeItems(indexes: number[]): string {
	if (indexes.length === 1) return `item ${indexes[0]}`;
	const sorted = [...indexes].sort((a, b) => a - b);
	const ranges: string[] = [];
	for (let start = 0; start < sorted.length; ) {
		let end = start;
		while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end++;
		ranges.push(end === start ? String(sorted[start]) : `${sorted[start]}–${sorted[end]}`);
		start = end + 1;
	}
	return `items ${ranges.join(', ')}`;
}

export type Wording = { message: string; description: string; status?: number };

/** How a fact of the caller changes what a failure says: where it happened and what it means there. */
const IN_PLACE: Array<(wording: Wording, facts: FailureFacts) => Wording> = [
	({ message, description, status }, { watchedFolder }) =>
		watchedFolder !== undefined && status === 404
			? {
					message: MESSAGES.watchedFolderGone(watchedFolder),
					description: HINTS.watchedFolderGone,
					status,
				}
			: { message, description, status },
	({ message, description, status }, { subfolder }) =>
		subfolder === undefined
			? { message, description, status }
			: status === 404
				? {
						message: MESSAGES.subfolderGone(subfolder),
						description: HINTS.subfolderGone,
						status,
					}
				: {
						message: MESSAGES.subfolderFailed(subfolder, message),
						description: HINTS.subfolderFailed(description),
						status,
					},
	({ message, description, status }, { urlsSent }) => ({
		message,
		description: urlsSent ? `${description} ${HINTS.urlsSent(urlsSent)}`.trim() : description,
		status,
	}),
];

/**
 * What a failure says of the items it concerns. An error that stops the node ends its message with them
 * (`[item 3]`, `[items 0–4]`), as n8n's guidelines ask, and a batch's says what was done and what was not, so a
 * re-run can be planned: n8n's Retry On Fail runs the whole node again, done items included. Under continueOnFail
 * each item's error output says which request it was in.
 */
export function itemsWording(
	{ stops, itemIndex, facts }: Pick<SentRequest, 'itemIndex' | 'facts'> & { stops?: boolean },
	message: string,
	description: string,
): Wording {
	const batch = facts?.batch;
	const named = /\[items? [^\]]*\]$/.test(message);
	const accepted = batch?.accepted ? HINTS.carriedAccepted(describeItems(batch.carried)) : '';
	if (!stops) {
		const refused =
			batch?.batched === true ? HINTS.carriedRefused(describeItems(batch.carried)) : '';
		const carried = accepted || refused;
		return { message, description: [description, carried].filter((text) => text).join(' ') };
	}
	if (!batch) {
		const items = itemIndex === undefined || named ? '' : ` [item ${itemIndex}]`;
		return { message: `${message}${items}`, description };
	}
	const { carried, done, notAttempted, batched } = batch;
	const alone = !batched && !accepted && done.length === 0 && notAttempted.length === 0;
	const also = alone
		? []
		: [
				accepted || (batched ? HINTS.carriedFailed(describeItems(carried)) : ''),
				done.length ? HINTS.alreadyDone(describeItems(done)) : '',
				notAttempted.length ? HINTS.notAttempted(describeItems(notAttempted)) : '',
				done.length ? HINTS.doneSentAgain : '',
			];
	return {
		message: named ? message : `${message} [${describeItems(carried)}]`,
		description: [description, ...also].filter((text) => text).join(' '),
	};
}

/** The wording where the caller's facts say where the failure happened. */
export function inPlace(wording: Wording, facts: FailureFacts): Wording {
	return IN_PLACE.reduce((worded, frame) => frame(worded, facts), wording);
}
