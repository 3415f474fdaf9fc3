import { parseSize, simplifyItem, simplifyNotification } from '../../nodes/lib/simplify';

describe('simplify: flat views of what servers send', () => {
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
		).toMatchObject({ id: 'n', type: 'K', createdAt: '2026-02-02T08:05', createdAtText: '02. Feb. 2026 08:05', read: false });
	});
});
