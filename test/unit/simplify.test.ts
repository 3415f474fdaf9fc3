import { apiItemType, parseServiceDate, parseSize, simplifyItem, simplifyNotification } from '../../nodes/FileStorage/shared/simplify';
import { normalizeBaseUrl, redactDeep, secretsOf } from '../../nodes/FileStorage/transport';

describe('tolerant parsing of what servers send', () => {
	it.each([
		['05. Mar. 2026', '2026-03-05'],
		['5. Mar. 2026', '2026-03-05'],
		['05. Mar. 2026 14:30', '2026-03-05T14:30'],
		['5. Mar. 2026, 2:30', '2026-03-05T02:30'],
		['12. September 2025', '2025-09-12'],
		['2026-03-05T10:00:00Z', '2026-03-05T10:00:00'],
		['yesterday', null],
		['', null],
		[null, null],
		['45. Mar. 2026', null],
	])('date %j → %j', (text, iso) => expect(parseServiceDate(text)).toBe(iso));

	it.each([
		['1.23MB', 1_230_000],
		['500B', 500],
		['1.50kB', 1500],
		['2 GB', 2_000_000_000],
		['1KiB', 1024],
		[4096, 4096],
		['huge', null],
		['12XB', null],
		[null, null],
	])('size %j → %j', (text, bytes) => expect(parseSize(text)).toBe(bytes));

	it.each([
		['folder', 'folder'],
		['file', 'file'],
		['image', 'file'],
		['video', 'file'],
		['audio', 'file'],
		['user', undefined],
	])('item type %j → %j', (type, apiType) => expect(apiItemType(type)).toBe(apiType));

	it('survives relationships sent as [] and thumbnails sent as objects, on bare resources', () => {
		const item = simplifyItem({
			id: 'f1',
			type: 'image',
			attributes: { name: 'a.jpg', filesize: '1.00MB', thumbnail: { xs: 'u1', lg: 'u2' }, created_at: '01. Jan. 2026', deleted_at: null },
			relationships: [],
		});
		expect(item).toMatchObject({
			id: 'f1',
			type: 'image',
			itemType: 'file',
			size: 1_000_000,
			thumbnail: { xs: 'u1', lg: 'u2' },
			createdAt: '2026-01-01',
			createdAtText: '01. Jan. 2026',
			trashed: false,
			shared: null,
			exif: null,
		});
	});

	it('notifications keep the original date next to the parsed one', () => {
		expect(
			simplifyNotification({ data: { id: 'n', type: 'K', attributes: { created_at: '02. Feb. 2026 08:05', read_at: null } } }),
		).toMatchObject({ id: 'n', kind: 'K', createdAt: '2026-02-02T08:05', createdAtText: '02. Feb. 2026 08:05', read: false });
	});
});

describe('transport helpers', () => {
	it.each([
		['https://files.example.com', 'https://files.example.com'],
		['https://files.example.com/', 'https://files.example.com'],
		['https://files.example.com/api/v1', 'https://files.example.com'],
		[' https://files.example.com/sub/api/v1/ ', 'https://files.example.com/sub'],
	])('normalises base URL %j', (raw, base) => expect(normalizeBaseUrl(raw)).toBe(base));

	it('redacts secrets in every form and masks share tokens and links in share wrappers', () => {
		const secrets = secretsOf({ accessToken: '1|abc def', shareToken: 'tok-123', baseUrl: 'http://x' });
		const redacted = redactDeep(
			{
				a: 'Bearer 1|abc def',
				b: ['1%7Cabc%20def', 'tok-123!'],
				relationships: { shared: { data: { type: 'shared', id: 's', attributes: { token: 'other', link: 'http://x/share/other' } } } },
			},
			secrets,
		);
		expect(redacted).toEqual({
			a: 'Bearer [redacted]',
			b: ['[redacted]', '[redacted]!'],
			relationships: { shared: { data: { type: 'shared', id: 's', attributes: { token: '[redacted]', link: '[redacted]' } } } },
		});
	});
});
