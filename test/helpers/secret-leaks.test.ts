import { findLeaks, secretForms } from './secret-leaks';

// Made-up values shaped like the sandbox's: a Laravel-style token with "|", a share token, a UUID.
const TOKEN = '7|aBcDeFgHiJkLmNoPqRsTuVwXyZ012345';
const SHARE = 'shareTok3nE2e';
const QUOTED = 'se"cr\\et/+ =x';

describe('findLeaks', () => {
	it('finds nothing in texts that hold no form of a secret', () => {
		expect(
			findLeaks(
				['{"id":"abc"}', 'GET /api/v1/browse/latest 200', `${TOKEN.slice(0, 10)}…`],
				[TOKEN, SHARE],
			),
		).toEqual([]);
	});

	it.each([
		['raw', `Authorization: Bearer ${TOKEN}`, 'raw'],
		['URL-encoded', `GET /x?token=${encodeURIComponent(TOKEN)}`, 'url-encoded'],
		[
			'form-encoded',
			`body: token=${new URLSearchParams({ t: QUOTED }).toString().slice(2)}`,
			'form-encoded',
		],
		['JSON-escaped', JSON.stringify({ header: QUOTED }), 'json-escaped'],
		[
			'JSON-escaped twice',
			JSON.stringify({ message: JSON.stringify({ header: QUOTED }) }),
			'json-escaped twice',
		],
	])('finds a %s secret and names the form', (_name, text, form) => {
		expect(findLeaks({ 'the log': text }, [TOKEN, QUOTED])).toEqual([
			expect.stringMatching(new RegExp(`^the log: secret .*, ${form}$`)),
		]);
	});

	it('finds the trimmed form of a secret stored with blanks around it', () => {
		expect(findLeaks([`token=${SHARE}&x=1`], [`  ${SHARE}\n`])).toEqual([
			`text #0: secret ${SHARE.slice(0, 4)}… (13 characters), trimmed`,
		]);
	});

	it('reports each leaking secret per text, without printing the secret', () => {
		const leaks = findLeaks(
			{ a: `${TOKEN} and ${SHARE}`, b: 'clean', c: encodeURIComponent(TOKEN) },
			[TOKEN, SHARE],
		);
		expect(leaks).toEqual([
			'a: secret 7|aB… (34 characters), raw',
			'a: secret shar… (13 characters), raw',
			'c: secret 7|aB… (34 characters), url-encoded',
		]);
		for (const leak of leaks) expect(leak).not.toContain(TOKEN);
	});

	it('refuses an empty secret, which would match every text', () => {
		expect(() => findLeaks(['anything'], ['  '])).toThrow(/empty secret/);
	});
});

describe('secretForms', () => {
	it('lists a plain secret once and the forms that differ for one with special characters', () => {
		expect(secretForms(SHARE)).toEqual([{ form: 'raw', text: SHARE }]);
		expect(secretForms(QUOTED).map((f) => f.form)).toEqual([
			'raw',
			'url-encoded',
			'form-encoded',
			'json-escaped',
			'json-escaped twice',
		]);
	});
});
