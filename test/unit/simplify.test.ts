import { simplifyItem, simplifyNotification } from '../../nodes/lib/resources/simplify';
import { parseSize } from '../../nodes/lib/resources/sizes';

describe('simplify: flat views of what servers send', () => {
	it.each([
		['1.23MB', 1_230_000],
		['500B', 500],
		['1.50kB', 1500],
		['2 GB', 2_000_000_000],
		['1KiB', 1024],
		[4096, 4096],
		['huge', null],
		// units are looked up by name: one that names an Object property is no unit
		['5constructor', null],
		[' 3 mb ', 3_000_000],
		['1,5kB', 1500],
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

	it('every file has the same keys in the same order, and every folder, whatever the server left out', () => {
		const fileKeys = ['id', 'type', 'itemType', 'name', 'parentId', 'parentName', 'size', 'sizeText', 'createdAt', 'createdAtText', 'updatedAt', 'updatedAtText', 'deletedAt', 'deletedAtText', 'trashed', 'shared', 'basename', 'mimeType', 'fileUrl', 'thumbnail', 'creator', 'exif'];
		const folderKeys = [...fileKeys.slice(0, 16), 'color', 'emoji', 'isTeamFolder', 'itemCount', 'trashedItemCount', 'owner'];
		const full = {
			data: {
				id: 'f2',
				type: 'file',
				attributes: { name: 'b.txt', filesize: '2kB', basename: 'b', mimetype: 'text/plain', file_url: 'u', thumbnail: 't', parent_id: 'p', created_at: '01. Jan. 2026', updated_at: '02. Jan. 2026', deleted_at: '03. Jan. 2026' },
				relationships: {
					parent: { data: { id: 'p', type: 'folder', attributes: { name: 'P' } } },
					creator: { data: { id: 'u', type: 'creator', attributes: { name: 'U' } } },
					exif: { data: { id: 'e', type: 'exif', attributes: { iso: 100 } } },
					shared: { data: { id: 's', type: 'shared', attributes: { permission: 'editor', token: 't', link: 'l' } } },
				},
			},
		};
		expect(Object.keys(simplifyItem(full))).toEqual(fileKeys);
		expect(Object.keys(simplifyItem({ data: { id: 'f3', type: 'video' } }))).toEqual(fileKeys);
		expect(Object.keys(simplifyItem({ data: { id: 'd', type: 'folder', attributes: { items: 3 } } }))).toEqual(folderKeys);
		expect(simplifyItem(full)).toMatchObject({ parentName: 'P', creator: { id: 'u', name: 'U' }, exif: { id: 'e', iso: 100 }, trashed: true });
		expect(simplifyItem(full).shared).toEqual({ id: 's', permission: 'editor', protected: null, expiresInHours: null, itemType: null });
	});

	it('notifications keep the original date next to the parsed one', () => {
		expect(
			simplifyNotification({ data: { id: 'n', type: 'K', attributes: { created_at: '02. Feb. 2026 08:05', read_at: null } } }),
		).toMatchObject({ id: 'n', type: 'K', createdAt: '2026-02-02T08:05', createdAtText: '02. Feb. 2026 08:05', read: false });
	});
});
