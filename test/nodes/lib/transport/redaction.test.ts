import {
	decodeBody,
	REDACTED,
	redactDeep,
	redactText,
	secretsOf,
} from '../../../../nodes/lib/transport/redaction';

describe('transport/redaction', () => {
	const secrets = secretsOf({
		accessToken: '1|abc def',
		shareToken: 'tok-123',
		baseUrl: 'http://x',
	});
	/** A share wrapper: its token and link are masked wherever it appears. */
	const share = (attributes: object) => ({ type: 'shared', id: 's', attributes });
	const SHARE = { token: 'other', link: 'http://x/share/other' };

	it('knows every form of a secret, longest first, and ignores values too short to be tokens', () => {
		expect(secrets).toEqual(['1%7Cabc%20def', '1|abc def', 'tok-123']);
		expect(secretsOf({ accessToken: 'abc', fileRequestId: ' padded-id ' })).toEqual([
			' padded-id ',
			'padded-id',
		]);
		// pasted with spaces: the trimmed form is what a request carries, and what a server echoes
		expect(secretsOf({ accessToken: ' 1|abcd ' })).toEqual([' 1|abcd ', '1%7Cabcd', '1|abcd']);
		expect(secretsOf({ accessToken: 'abcd' })).toEqual(['abcd']);
	});

	it('redacts secrets in every form and masks share tokens and links in share wrappers', () => {
		const redacted = redactDeep(
			{
				a: 'Bearer 1|abc def',
				b: ['1%7Cabc%20def', 'tok-123!'],
				relationships: { shared: { data: share(SHARE) } },
			},
			secrets,
		);
		expect(redacted).toEqual({
			a: 'Bearer [redacted]',
			b: ['[redacted]', '[redacted]!'],
			relationships: { shared: { data: share({ token: '[redacted]', link: '[redacted]' }) } },
		});
	});

	it('keeps what is not a secret: numbers, booleans, null, and token or link keys outside share wrappers', () => {
		const kept = {
			n: 3,
			b: false,
			z: null,
			data: { type: 'file', attributes: { link: 'http://x/f' } },
		};
		expect(redactDeep(kept, secrets)).toEqual(kept);
		expect(redactDeep([share({ token: 't' }), share({ link: 'l' })], secrets)).toEqual([
			share({ token: REDACTED }),
			share({ link: REDACTED }),
		]);
	});

	it('redactText replaces every occurrence', () => {
		expect(redactText('tok-123 and tok-123', secrets)).toBe(`${REDACTED} and ${REDACTED}`);
	});

	it('decodeBody parses JSON once, redacts JSON-escaped secrets, keeps non-JSON as redacted text', () => {
		expect(decodeBody('{"data":[{"id":"a"}]}', secrets)).toEqual({ data: [{ id: 'a' }] });
		expect(decodeBody('{"m":"1|abc def"}', secrets)).toEqual({ m: REDACTED });
		expect(decodeBody('<html>tok-123</html>', secrets)).toBe(`<html>${REDACTED}</html>`);
		expect(decodeBody('  ', secrets)).toBe('');
		expect(decodeBody(undefined, secrets)).toBeUndefined();
		expect(decodeBody({ m: 'tok-123' }, secrets)).toEqual({ m: REDACTED });
		// a secret JSON escapes (a quote, a backslash) is in the raw text only in its escaped form
		const quoted = 'tok"4\\5';
		const raw = JSON.stringify({ m: `refused ${quoted}` });
		expect(raw).not.toContain(quoted);
		expect(decodeBody(raw, [quoted])).toEqual({ m: `refused ${REDACTED}` });
	});

	it('decodeBody masks share wrappers anywhere in a parsed body, and a secret even under a "__proto__" key', () => {
		const shareWrapper = { data: share({ ...SHARE, permission: 'editor' }) };
		const body = JSON.stringify({
			data: [{ data: { id: 'a', relationships: { shared: shareWrapper } } }],
			meta: { root: { data: { relationships: { shared: shareWrapper } } } },
		});
		const masked = { data: share({ token: REDACTED, link: REDACTED, permission: 'editor' }) };
		expect(decodeBody(body, secrets)).toEqual({
			data: [{ data: { id: 'a', relationships: { shared: masked } } }],
			meta: { root: { data: { relationships: { shared: masked } } } },
		});
		const proto = decodeBody('{"__proto__":"tok-123","shared":1}', secrets) as Record<
			string,
			unknown
		>;
		expect(Object.getOwnPropertyDescriptor(proto, '__proto__')?.value).toBe(REDACTED);
		expect(JSON.stringify(proto)).not.toContain('tok-123');
	});
});
