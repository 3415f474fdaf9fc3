import type { BatchFacts, FailureFacts } from '../../../../nodes/lib/transport/endpoints';
import type { Wording } from '../../../../nodes/lib/transport/facts';
import { describeItems, inPlace, itemsWording } from '../../../../nodes/lib/transport/facts';
import { FAILURE_HINTS } from '../../../../nodes/lib/transport/hints';

describe('transport/facts: the items a failure concerns, as a user reads them', () => {
	it.each<[number[], string]>([
		[[3], 'item 3'],
		[[0], 'item 0'],
		[[1, 2], 'items 1–2'],
		[[5, 7], 'items 5, 7'],
		[[0, 1, 2, 3, 4], 'items 0–4'],
		[[4, 2, 3, 0, 1], 'items 0–4'],
		[[0, 1, 2, 3, 4, 7, 9, 10, 11, 12], 'items 0–4, 7, 9–12'],
		[[12, 9, 7, 11, 4, 10, 3, 2, 1, 0], 'items 0–4, 7, 9–12'],
		// in number order, not text order
		[[10, 9, 100], 'items 9–10, 100'],
	])('%j → %s', (indexes, words) => expect(describeItems(indexes)).toBe(words));
});

describe('transport/facts: where the failure happened changes what it says', () => {
	const failed = (status: number, description = 'Check the server.'): Wording => ({
		message: `Refused (HTTP ${status})`,
		description,
		status,
	});

	it.each<[string, Wording, FailureFacts, Wording]>([
		['no facts', failed(404), {}, failed(404)],
		[
			'the watched folder is gone',
			failed(404),
			{ watchedFolder: 'f-inbox' },
			{
				message: 'The watched folder f-inbox no longer exists or is in the trash (HTTP 404)',
				description: FAILURE_HINTS.watchedFolderGone,
				status: 404,
			},
		],
		[
			'the watched folder refused otherwise',
			failed(403),
			{ watchedFolder: 'f-inbox' },
			failed(403),
		],
		[
			'a folder below the searched one is gone',
			failed(404),
			{ subfolder: 'a/b' },
			{
				message:
					'The folder "a/b" below the searched folder was deleted or moved during the search (HTTP 404)',
				description:
					'It changed while the search ran. The searched folder itself is fine: run the search again.',
				status: 404,
			},
		],
		[
			'a folder below the searched one refused otherwise',
			failed(500),
			{ subfolder: 'a/b' },
			{
				message:
					'The folder "a/b" below the searched folder could not be listed: Refused (HTTP 500)',
				description: 'The searched folder itself is fine. Check the server.',
				status: 500,
			},
		],
		[
			'a folder below the searched one refused, nothing more to say',
			failed(500, ''),
			{ subfolder: 'a/b' },
			{
				message:
					'The folder "a/b" below the searched folder could not be listed: Refused (HTTP 500)',
				description: 'The searched folder itself is fine. Run the search again.',
				status: 500,
			},
		],
		[
			'URLs of this item already sent',
			failed(422),
			{ urlsSent: 2 },
			{ ...failed(422), description: 'Check the server. URLs 1–2 of this item were already sent.' },
		],
		[
			'URLs already sent, nothing more to say',
			failed(422, ''),
			{ urlsSent: 3 },
			{ ...failed(422), description: 'URLs 1–3 of this item were already sent.' },
		],
		['no URL sent yet', failed(422), { urlsSent: 0 }, failed(422)],
	])('%s', (_what, wording, facts, expected) => expect(inPlace(wording, facts)).toEqual(expected));
});

describe('transport/facts: a failure names the items it concerns', () => {
	const batch = (over: Partial<BatchFacts>): BatchFacts => ({
		carried: [],
		done: [],
		notAttempted: [],
		batched: false,
		...over,
	});
	const AGAIN = 'Running the node again (or Retry On Fail) sends the done items again.';
	const ACCEPTED = (items: string) =>
		`The server accepted the upload of ${items} before this failed, so their files may be in the file request: check before running again.`;

	// Under continueOnFail (stops: false) each error item says which request it was in; the message keeps no item.
	// The description given is "Check it." unless a row says otherwise.
	it.each<[string, { itemIndex?: number; batch?: BatchFacts }, string, string?]>([
		['one item', { itemIndex: 3 }, 'Check it.'],
		[
			'a batched request',
			{ batch: batch({ carried: [0, 1, 2], batched: true }) },
			'Check it. The request that was refused carried items 0–2.',
		],
		[
			'a batched request, nothing more to say',
			{ batch: batch({ carried: [4], batched: true }) },
			'The request that was refused carried item 4.',
			'',
		],
		[
			'a request of one item, of a batch run',
			{ batch: batch({ carried: [2], done: [0, 1], notAttempted: [3] }) },
			'Check it.',
		],
		[
			'after the server accepted the request',
			{ batch: batch({ carried: [0, 1], batched: true, accepted: true }) },
			`Check it. ${ACCEPTED('items 0–1')}`,
		],
	])(
		'continueOnFail, %s',
		(_what, { itemIndex, batch: facts }, expected, description = 'Check it.') => {
			const message = 'Refused (HTTP 422)';
			expect(
				itemsWording({ stops: false, itemIndex, facts: { batch: facts } }, message, description),
			).toEqual({ message, description: expected });
		},
	);

	// An error that stops the node ends its message with the items, once.
	it.each<[string, number | undefined, string, string]>([
		['an item', 3, 'Refused (HTTP 404)', 'Refused (HTTP 404) [item 3]'],
		['the first item', 0, 'Refused (HTTP 404)', 'Refused (HTTP 404) [item 0]'],
		['no item', undefined, 'Refused (HTTP 404)', 'Refused (HTTP 404)'],
		['a message that names it', 3, 'Refused [item 3]', 'Refused [item 3]'],
		['a message that names a two-digit item', 12, 'Refused [item 12]', 'Refused [item 12]'],
		['a message that names items', 3, 'Refused [items 0–4]', 'Refused [items 0–4]'],
		[
			'a message with an item-like name inside',
			4,
			'The file "report [item 1].pdf" was not found',
			'The file "report [item 1].pdf" was not found [item 4]',
		],
	])('stops, %s', (_what, itemIndex, message, expected) => {
		expect(itemsWording({ stops: true, itemIndex }, message, 'Check it.')).toEqual({
			message: expected,
			description: 'Check it.',
		});
	});

	// A batch's error says what was done and what was not, so a re-run can be planned.
	it.each<[string, BatchFacts, string, string, string?]>([
		['one item alone', batch({ carried: [3] }), 'Refused [item 3]', 'Check it.'],
		[
			'a batched request, the first',
			batch({ carried: [0, 1, 2], batched: true }),
			'Refused [items 0–2]',
			'Check it. The failed request carried items 0–2.',
		],
		[
			'a batched request after done ones',
			batch({ carried: [2, 3], done: [0, 1], batched: true }),
			'Refused [items 2–3]',
			`Check it. The failed request carried items 2–3. Already done: items 0–1. ${AGAIN}`,
		],
		[
			'one item between done and later ones',
			batch({ carried: [2], done: [0, 1], notAttempted: [3, 4] }),
			'Refused [item 2]',
			`Check it. Already done: items 0–1. Not attempted: items 3–4. ${AGAIN}`,
		],
		[
			'the first item, later ones not attempted',
			batch({ carried: [0], notAttempted: [1, 2] }),
			'Refused [item 0]',
			'Check it. Not attempted: items 1–2.',
		],
		[
			'nothing more to say',
			batch({ carried: [1], done: [0] }),
			'Refused [item 1]',
			`Already done: item 0. ${AGAIN}`,
			'',
		],
		[
			'one item alone, after the server accepted it',
			batch({ carried: [3], accepted: true }),
			'Refused [item 3]',
			`Check it. ${ACCEPTED('item 3')}`,
		],
		[
			'a batched request after done ones, after the server accepted it',
			batch({ carried: [2, 3], done: [0, 1], batched: true, accepted: true }),
			'Refused [items 2–3]',
			`Check it. ${ACCEPTED('items 2–3')} Already done: items 0–1. ${AGAIN}`,
		],
	])('stops in a batch, %s', (_what, facts, message, expected, description = 'Check it.') => {
		expect(
			itemsWording({ stops: true, itemIndex: 9, facts: { batch: facts } }, 'Refused', description),
		).toEqual({ message, description: expected });
	});

	it('stops in a batch, a message that already names the items keeps them once', () => {
		const facts = { batch: batch({ carried: [0, 1, 2], batched: true }) };
		expect(itemsWording({ stops: true, facts }, 'Refused [items 0–2]', '').message).toBe(
			'Refused [items 0–2]',
		);
	});
});
