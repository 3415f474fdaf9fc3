/**
 * Upload File's matching of sent files to new entries of the listing, listing by listing (the waiting itself runs
 * through the engine in uploadFile.test.ts). Mutation testing found these rules untested there.
 */
import type { Listing, SentFile } from '../../../../nodes/FileStorage/upload/arrivals';
import { isListedAs, Matches } from '../../../../nodes/FileStorage/upload/arrivals';

const sent = (...files: Array<[string, number | undefined]>): SentFile[] =>
	files.map(([fileName, bytes], itemIndex) => ({ itemIndex, fileName, bytes, shownUrl: '' }));

/** A listing of the spec's wrappers: [id, name, filesize]. */
const listing = (...entries: Array<[string, string, number | string]>): Listing =>
	new Map(
		entries.map(([id, name, filesize]) => [
			id,
			{ data: { id, type: 'file', attributes: { name, filesize } } },
		]),
	);

const ids = (matches: Matches) => matches.found.map((match) => match?.id);

describe('Matches', () => {
	test('an entry listed before the upload is never taken, even of the same name and size', () => {
		const matches = new Matches(sent(['report.pdf', 100]));
		const before = listing(['old', 'report.pdf', 100]);
		matches.take(listing(['old', 'report.pdf', 100], ['new', 'report.pdf', 100]), before);
		expect(ids(matches)).toEqual(['new']);
	});

	test('waiting goes on until every file is found, not the first', () => {
		const matches = new Matches(sent(['a.txt', 1], ['b.txt', 2]));
		matches.take(listing(['1', 'a.txt', 1]), new Map());
		expect(matches.complete).toBe(false);
		matches.take(listing(['1', 'a.txt', 1], ['2', 'b.txt', 2]), new Map());
		expect([matches.complete, ids(matches)]).toEqual([true, ['1', '2']]);
	});

	test('same-named files listed out of order are told apart by size', () => {
		const matches = new Matches(sent(['invoice.pdf', 4_000], ['invoice.pdf', 90_000]));
		matches.take(
			listing(['big', 'invoice.pdf', '90 KB'], ['small', 'invoice.pdf', 4_000]),
			new Map(),
		);
		expect(ids(matches)).toEqual(['small', 'big']);
		expect(matches.alike.size).toBe(0);
	});

	test('a file whose size n8n does not know is not ruled out by the listed size: the two cannot be told apart', () => {
		const matches = new Matches(sent(['scan.pdf', undefined], ['scan.pdf', 4_000]));
		matches.take(listing(['1', 'scan.pdf', 4_000]), new Map());
		expect(ids(matches)).toEqual(['1', undefined]);
		expect([...matches.alike]).toEqual([0, 1]);
	});

	test('an entry already given is not given again on the next look', () => {
		const matches = new Matches(sent(['copy.txt', 5], ['copy.txt', 5]));
		matches.take(listing(['1', 'copy.txt', 5]), new Map());
		matches.take(listing(['1', 'copy.txt', 5]), new Map());
		expect(ids(matches)).toEqual(['1', undefined]);
		expect([...matches.alike]).toEqual([0, 1]);
	});
});

// Servers store a file under its name, under the link's text (percent-encoded), or without the extension.
test.each<[unknown, string, boolean]>([
	['report.pdf', 'report.pdf', true],
	['report', 'report.pdf', true],
	['Q1%20report.pdf', 'Q1 report.pdf', true],
	['report.pd', 'report.pdf', false],
	['LICENSE', 'LICENSE', true],
	['LICENS', 'LICENSE', false],
	[42, '42', false],
])('listed as %j, sent as %j: the same file: %s', (listed, name, same) => {
	expect(isListedAs(listed, name)).toBe(same);
});
