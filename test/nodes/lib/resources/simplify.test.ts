import type { IDataObject } from 'n8n-workflow';

import { simplifyItem, simplifyNotification } from '../../../../nodes/lib/resources/simplify';
import { parseSize, sizeFits } from '../../../../nodes/lib/resources/sizes';
import {
	SIMPLIFIED_FILE_FIELDS,
	SIMPLIFIED_FOLDER_FIELDS,
} from '../../../helpers/simplified-fields';

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

	// Upload File tells same-named files apart by size: a printed size fits the bytes it may have been rounded from.
	it.each([
		['1.23MB', 1_230_000, true],
		['1.23MB', 1_239_999, true],
		['1.23MB', 1_250_000, false],
		['1.2 MB', 1_258_291, true], // 1.2 MiB, printed by a server that counts in 1024s
		['90kB', 90_000, true],
		['90kB', 4_000, false],
		['4 KB', 4_000, true],
		['1.00KiB', 1_000, false],
		['500B', 500, true],
		['500B', 502, false],
		[4096, 4096, true],
		[4096, 4097, false],
		['huge', 1, true], // unreadable: it tells nothing
		['12XB', 1, true],
		[undefined, 1, true],
	])('%j fits %j bytes: %j', (printed, bytes, fits) => expect(sizeFits(printed, bytes)).toBe(fits));

	it('survives relationships sent as [] and thumbnails sent as objects, on bare resources', () => {
		const item = simplifyItem({
			id: 'f1',
			type: 'image',
			attributes: {
				name: 'a.jpg',
				filesize: '1.00MB',
				thumbnail: { xs: 'u1', lg: 'u2' },
				created_at: '01. Jan. 2026',
				deleted_at: null,
			},
			relationships: [],
		});
		expect(item).toEqual({
			id: 'f1',
			name: 'a.jpg',
			type: 'image',
			mimeType: null,
			size: 1_000_000,
			createdAt: '2026-01-01',
			parentId: null,
			parentName: null,
			fileUrl: null,
			// an object of sizes: the large one
			thumbnailUrl: 'u2',
		});
	});

	/** A wrapper as the spec sends it: `{ data: { id, type, attributes, relationships } }`. */
	const wrapper = (
		id: string,
		type: string,
		attributes?: IDataObject,
		relationships?: IDataObject,
	) => ({
		data: { id, type, ...(attributes && { attributes }), ...(relationships && { relationships }) },
	});
	/** A relationship: the related resource's wrapper. */
	const related = (id: string, type: string, attributes: IDataObject) =>
		wrapper(id, type, attributes);
	const parent = related('p', 'folder', { name: 'P' });

	it('at most ten flat fields, the same keys in the same order for every file and every folder', () => {
		const full = wrapper(
			'f2',
			'file',
			{
				...{ name: 'b.txt', filesize: '2kB', basename: 'b', mimetype: 'text/plain', file_url: 'u' },
				...{ thumbnail: 't', parent_id: 'p', created_at: '01. Jan. 2026' },
				...{ updated_at: '02. Jan. 2026', deleted_at: '03. Jan. 2026' },
			},
			{
				parent,
				creator: related('u', 'creator', { name: 'U' }),
				exif: related('e', 'exif', { iso: 100 }),
				shared: related('s', 'shared', { permission: 'editor', token: 't', link: 'l' }),
			},
		);
		expect(Object.keys(simplifyItem(full))).toEqual(SIMPLIFIED_FILE_FIELDS);
		expect(Object.keys(simplifyItem(wrapper('f3', 'video')))).toEqual(SIMPLIFIED_FILE_FIELDS);
		const folder = wrapper(
			'd',
			'folder',
			{
				...{ name: 'D', items: 3, filesize: 5000, color: '#00ff00' },
				...{ trashed_items: 2, created_at: '04. Jan. 2026' },
			},
			{ parent },
		);
		expect(Object.keys(simplifyItem(folder))).toEqual(SIMPLIFIED_FOLDER_FIELDS);
		expect(Object.keys(simplifyItem(wrapper('d2', 'folder')))).toEqual(SIMPLIFIED_FOLDER_FIELDS);
		expect(simplifyItem(full)).toMatchObject({
			...{ mimeType: 'text/plain', size: 2000, parentId: 'p', parentName: 'P' },
			...{ fileUrl: 'u', thumbnailUrl: 't' },
		});
		// a folder's parent comes from its relationship; nothing nested is left
		expect(simplifyItem(folder)).toEqual({
			...{ id: 'd', name: 'D', type: 'folder', itemCount: 3, size: 5000, createdAt: '2026-01-04' },
			...{ parentId: 'p', parentName: 'P', shared: false, trashedItemCount: 2 },
		});
		for (const value of [
			...Object.values(simplifyItem(full)),
			...Object.values(simplifyItem(folder)),
		])
			expect(typeof value === 'object' && value !== null).toBe(false);
	});

	it('a share is told by a boolean; its token and link never reach the output', () => {
		const shared = related('s', 'shared', { token: 'share-tok', link: 'https://l/share-tok' });
		const item = simplifyItem(wrapper('x', 'folder', undefined, { shared }));
		expect(item.shared).toBe(true);
		expect(JSON.stringify(item)).not.toContain('share-tok');
	});

	it('notifications: nine flat fields, dates as ISO', () => {
		const attributes = { title: 'T', description: 'D', category: 'upload', action: 'view' };
		expect(
			simplifyNotification(
				wrapper('n', 'K', { ...attributes, created_at: '02. Feb. 2026 08:05', read_at: null }),
			),
		).toEqual({
			id: 'n',
			...attributes,
			createdAt: '2026-02-02T08:05',
			read: false,
			readAt: null,
			type: 'K',
		});
	});
});
